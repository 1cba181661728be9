"""Two arena runs on the same deals, compared deal by deal (``--json`` files of
``bench/arena.py``).

Two runs with the same seed, opponent and bidders play the same deals; a player and its
variant then play alike until their cards first differ, and deals where they never do
give the same margin. The difference of the two margins deal by deal (the second run's
minus the first's) measures the change with the noise of the deals it did not alter
removed. Each pair of files gives its mean difference with a 95% interval, the deals
with the same margin in both runs and both A sides' mean CPU per card; several pairs
(seeds) are pooled.

    python bench/paired.py build/hard-20.jsonl build/variant-20.jsonl \\
        build/hard-21.jsonl build/variant-21.jsonl
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from arena import mean_ci  # bench/ is this script's sys.path[0]

#: Fields of a row that must be equal for two runs to be paired (the A sides differ).
SAME = ("preset", "b", "auction", "bid_a", "bid_b", "seed", "deals")


class UnpairedError(ValueError):
    """The two runs did not play the same deals against the same opponent."""


def last_row(path: Path) -> dict:
    """The last row of an arena ``--json`` file (a run appends one per pairing)."""
    lines = [line for line in path.read_text().splitlines() if line.strip()]
    if not lines:
        raise UnpairedError(f"{path}: no arena row")
    return json.loads(lines[-1])


def differences(first: dict, second: dict) -> list[float]:
    """The second run's margin minus the first's, deal by deal; :class:`UnpairedError` if the
    two runs differ in anything but the A side (a row of before the seed was written
    pairs on the rest)."""
    for key in SAME:
        if key in first and key in second and first[key] != second[key]:
            raise UnpairedError(f"{key}: {first[key]!r} against {second[key]!r}")
    if "seed" not in first or "seed" not in second:
        print("warning: a row without its seed; paired on the rest", file=sys.stderr)
    return [b - a for a, b in zip(first["margins"], second["margins"], strict=True)]


def compare(rows: list[tuple[dict, dict]]) -> dict:
    """Each pair's and the pooled paired difference: mean, 95% half-width, deals, deals
    with the same margin (a difference of 0), and each pair's A sides' mean CPU per card."""
    pairs, pooled = [], []
    for first, second in rows:
        d = differences(first, second)
        mean, half = mean_ci(d)
        pairs.append(
            {
                "seed": first.get("seed"),
                "first": first["a"],
                "second": second["a"],
                "deals": len(d),
                "difference": mean,
                "ci95": half,
                "same": sum(x == 0 for x in d),
                "cpu_ms": (first["cpu_ms"]["A"]["mean"], second["cpu_ms"]["A"]["mean"]),
            }
        )
        pooled += d
    mean, half = mean_ci(pooled)
    return {"pairs": pairs, "deals": len(pooled), "difference": mean, "ci95": half}


def main(argv: list[str] | None = None) -> None:
    files = sys.argv[1:] if argv is None else argv
    if not files or len(files) % 2:
        sys.exit("usage: paired.py FIRST.jsonl SECOND.jsonl [FIRST SECOND ...]")
    rows = [
        (last_row(Path(a)), last_row(Path(b))) for a, b in zip(files[::2], files[1::2], strict=True)
    ]
    try:
        out = compare(rows)
    except UnpairedError as e:
        sys.exit(f"not the same deals: {e}")
    for p in out["pairs"]:
        print(
            f"seed {p['seed'] if p['seed'] is not None else '?'}: {p['second']} minus "
            f"{p['first']}, {p['deals']} deals: {p['difference']:+.1f} ± {p['ci95']:.1f} a "
            f"deal, {p['same']} with the same margin; "
            f"CPU a card {p['cpu_ms'][1]:.1f} against {p['cpu_ms'][0]:.1f} ms"
        )
    print(f"pooled, {out['deals']} deals: {out['difference']:+.1f} ± {out['ci95']:.1f} a deal")


if __name__ == "__main__":
    main()
