"""bench/paired.py: two arena runs on one seed compared deal by deal."""

import json
import sys
from pathlib import Path

import pytest

sys.path.append(str(Path(__file__).resolve().parents[2] / "bench"))
import arena
import paired


def _row(a: str, margins: list[float], cpu: float, **fields) -> dict:
    return {
        "preset": "belote",
        "a": a,
        "b": "greedy",
        "auction": False,
        "bid_a": None,
        "bid_b": None,
        "seed": 7,
        "deals": len(margins),
        "cpu_ms": {"A": {"mean": cpu}},
        "margins": margins,
    } | fields


def test_the_difference_is_taken_deal_by_deal_and_pooled_over_the_seeds():
    first, second = _row("hard", [10, 0, -5, 20], 40.0), _row("hard+x=1", [12, 0, -9, 20], 45.0)
    out = paired.compare(
        [(first, second), (_row("hard", [0, 0], 1, seed=8), _row("v", [6, 2], 2, seed=8))]
    )
    one = out["pairs"][0]
    assert (one["deals"], one["same"], one["cpu_ms"], one["seed"]) == (4, 2, (40.0, 45.0), 7)
    assert (one["difference"], one["ci95"]) == arena.mean_ci([2, 0, -4, 0])
    assert out["deals"] == 6
    assert (out["difference"], out["ci95"]) == arena.mean_ci([2, 0, -4, 0, 6, 2])


@pytest.mark.parametrize("field", ["seed", "b", "bid_b", "preset", "auction"])
def test_runs_on_other_deals_or_against_another_opponent_are_not_paired(field):
    first = _row("hard", [1, 2], 1)
    second = _row("hard+x=1", [1, 2], 1, **{field: "other"})
    with pytest.raises(paired.UnpairedError, match=field):
        paired.compare([(first, second)])
    with pytest.raises(ValueError):  # another number of deals
        paired.differences(first, _row("hard+x=1", [1, 2, 3], 1, deals=2))


def test_two_arena_runs_on_one_seed_play_the_same_deals_alike(tmp_path):
    """What the pairing relies on: a run's row carries its seed, and the same players on
    the same seed give the same margin on every deal."""
    rows = [
        arena.match("belote", None, "random", "greedy", 4, 5, 1, False, "hard", "strong")
        for _ in range(2)
    ]
    assert rows[0]["seed"] == 5 and rows[0]["margins"] == rows[1]["margins"]
    files = []
    for n, row in enumerate(rows):
        files.append(tmp_path / f"run{n}.jsonl")
        files[-1].write_text('{"a": "an older row"}\n' + json.dumps(row) + "\n")
    out = paired.compare([(paired.last_row(files[0]), paired.last_row(files[1]))])
    assert (out["difference"], out["ci95"], out["pairs"][0]["same"]) == (0.0, 0.0, 4)
