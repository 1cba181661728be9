"""service/players/memo.py: answers kept per ruleset, for the sampler and the bidders."""

from __future__ import annotations

import dataclasses
import doctest

from service.engine.rulesets import PRESETS
from service.players import memo
from service.players.memo import RulesMemo


def test_the_memo_doctests_run():
    failures, tried = doctest.testmod(memo, raise_on_error=False)
    assert tried >= 2 and failures == 0


def test_an_answer_is_kept_for_that_ruleset_object_only():
    belote = PRESETS["belote"]
    twin = dataclasses.replace(belote)  # equal, another object
    asked: list[str] = []
    kept = RulesMemo[str](8)

    def compute(name: str):
        return lambda: asked.append(name) or name

    assert kept.get(belote, "k", compute("first")) == "first"
    assert kept.get(belote, "k", compute("again")) == "first"
    assert kept.get(twin, "k", compute("twin")) == "twin"
    assert kept.get(belote, "other", compute("other")) == "other"
    assert asked == ["first", "twin", "other"]


def test_a_full_memo_starts_again():
    belote = PRESETS["belote"]
    kept = RulesMemo[int](3)
    for key in range(3):
        kept.get(belote, key, lambda key=key: key)
    assert len(kept) == 3
    assert kept.get(belote, 99, lambda: 99) == 99
    assert len(kept) == 1  # cleared, then the new answer
    assert kept.get(belote, 0, lambda: -1) == -1  # computed again
