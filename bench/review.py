"""The cost of reviewing a round (POST /v1/rounds/review, service/players/review.py).

Reported, not asserted. Over random complete rounds of every preset (dealt from a seed,
played by random legal actions, tests/support/record_play.py), in this process's CPU time:

- ``dd``: the double-dummy part, every legal card at every card played, solved exactly
  (target 150 ms for a 4-player round);
- ``par``: the deal's double-dummy table (every trump mode, every taker);
- ``full``: the whole review at ``--level`` (default ``normal``, the review's default):
  double-dummy and information-set values, the calls, the par (target 2 s).

    nice python bench/review.py --rounds 20 --full 4 --seed 1
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from service.engine.rulesets import PRESETS  # noqa: E402
from service.players import review as review_module  # noqa: E402
from service.players.review import review_round  # noqa: E402
from tests.support.record_play import random_record  # noqa: E402


def rounds(name: str, count: int, rng: random.Random):
    rules = PRESETS[name]
    out = []
    while len(out) < count:
        record, state = random_record(rules, rng, dealer=len(out) % rules.players)
        if state.score is not None:
            out.append(record)
    return out


def cpu_ms(function) -> float:
    start = time.process_time()
    function()
    return 1000 * (time.process_time() - start)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20, help="rounds per preset (dd, par)")
    parser.add_argument("--full", type=int, default=4, help="rounds per preset (full)")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--presets", default=",".join(PRESETS))
    args = parser.parse_args()
    print(
        f"{'preset':22} {'dd med':>7} {'dd p95':>7} {'par med':>8} {'full med':>9} {'full p95':>9}"
    )
    for name in args.presets.split(","):
        rng = random.Random(f"{args.seed}-{name}")
        played = rounds(name, max(args.rounds, args.full), rng)
        dd = [
            cpu_ms(lambda r=r: review_round(r, info=False, calls=False, with_par=False))
            for r in played[: args.rounds]
        ]
        par = []
        for r in played[: args.rounds]:
            review_module._PARS.clear()  # measured without the kept pars
            par.append(cpu_ms(lambda r=r: review_module.par(r)))
        full = []
        for i, r in enumerate(played[: args.full]):
            review_module._PARS.clear()
            full.append(cpu_ms(lambda r=r, i=i: review_round(r, args.level, seed=i)))
        print(
            f"{name:22} {statistics.median(dd):7.0f} {p95(dd):7.0f} "
            f"{statistics.median(par):8.0f} {statistics.median(full):9.0f} {p95(full):9.0f}",
            flush=True,
        )
    print(
        f"CPU milliseconds; {args.rounds} rounds per preset (dd, par), {args.full} (full, "
        f"level {args.level}), seed {args.seed}. Targets: dd 150 ms, full 2000 ms."
    )


if __name__ == "__main__":
    main()
