"""How much better than the baseline the first call of an auction could be (issue 35).

For the first speaker of each of ``--hands`` deals of a preset, every call it may make is
valued by the look-ahead's own model of the round (the unseen cards dealt at random, the
auction finished by the model bidders, the round played out by the greedy player and
scored by the engine: :func:`players.bidding.suggest_bid`), with ``--deals`` deals per
call, twice, on independent deals. The first valuation chooses (the *best* call, the
look-ahead with many deals); the second, independent of the choice, values it. So, per
decision, in the preset's points and with a 95% interval over the hands:

- ``best - easy``: what the best call gains over the baseline's (``easy``,
  take-with-strong-trumps) in the model, a ceiling for any bidder of that model;
- ``LEVEL - easy``: what the level's own call gains (``--level``, default ``hard``).

In a duplicate arena with greedy card play the model is the game itself, so these are the
margins a bidder can show there per first-speaker decision. A duplicate deal holds one
such decision per side, so the arena shows half of it: where the ceiling is a point a
decision, tens of thousands of deals are needed to tell it from zero (docs/arena-log.md).

    python bench/bid_ceiling.py --preset klaverjas-amsterdam \
        --options '{"bidding": "klaverjas_forced"}' --hands 100 --deals 400
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import arena  # bench/ is this script's sys.path[0]

from service.engine.round import Round
from service.engine.rulesets import get_ruleset
from service.players import bidding, table


def _valued(view, deals: int, seed: int) -> dict:
    """Each call's mean margin over ``deals`` deals of the look-ahead's model (the same
    deals for every call), with no caution and no early stop."""
    many = f"hard+least={deals}+most={deals}+rollouts={deals * 64}+caution=0+more=1"
    return dict(bidding.suggest_bid(view, many, seed=seed).options)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="klaverjas-amsterdam")
    parser.add_argument("--options", default=None, help="ruleset options as JSON")
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--deals", type=int, default=400, help="deals per call, per valuation")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rules = get_ruleset(args.preset, json.loads(args.options) if args.options else None)
    r = args.deals
    began = time.process_time()
    gains: dict[str, list[float]] = {"best": [], args.level: []}
    differ = {"best": 0, args.level: 0}
    for index in range(args.hands):
        dealer = index % rules.players
        game = Round(rules, dealer, table.deal(rules, dealer, f"{args.seed}-{index}"))
        view = table.auction_view(game, (dealer + 1) % rules.players, ())
        easy = bidding.suggest_bid(view, "easy").bid
        level = bidding.suggest_bid(view, args.level, seed=index).bid
        chooser = _valued(view, r, 10_000_000 + index)
        best = max(chooser, key=lambda b: chooser[b])
        judge = _valued(view, r, 20_000_000 + index)
        for name, call in (("best", best), (args.level, level)):
            gains[name].append(judge[call] - judge[easy])
            differ[name] += call != easy
    print(
        f"{args.preset} {args.options or ''}: {args.hands} first speakers, "
        f"{r} deals per call per valuation, CPU {time.process_time() - began:.0f} s"
    )
    for name, xs in gains.items():
        mean, half = arena.mean_ci(xs)
        print(
            f"  {name} - easy: {mean:+.2f} ± {half:.2f} a decision "
            f"(differs from easy's call on {differ[name]} of {args.hands})"
        )


if __name__ == "__main__":
    main()
