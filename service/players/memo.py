"""Answers kept across decisions, per ruleset: :class:`RulesMemo`.

A player asks some questions again and again with the same arguments: what the complete
tricks of a round say each seat cannot hold (:mod:`.sampler`), how far a hand clears what
a take needs (:mod:`.bidding`'s model bidders). The answers depend on the ruleset too, and
a :class:`~service.engine.rulesets.Ruleset` is frozen but not cheap to hash, so the key
holds its identity, and the entry keeps the ruleset itself: an entry is used only for
that very object (an identity reused after the ruleset is gone finds a different one).
A memo is cleared whole once it holds ``size`` entries: the work of one decision is far
below that, and no answer depends on what is kept.

>>> from service.engine.rulesets import PRESETS
>>> asked = []
>>> memo = RulesMemo(2)
>>> nine = lambda: asked.append("asked") or 9
>>> memo.get(PRESETS["belote"], "k", nine), memo.get(PRESETS["belote"], "k", nine), asked
(9, 9, ['asked'])
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

from ..engine.rulesets import Ruleset

V = TypeVar("V")


class RulesMemo(Generic[V]):
    """``compute(*args)``'s answer for (ruleset, key), kept until ``size`` entries are
    held (``args``: what a hot caller would otherwise close over in a new function)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: dict[tuple[int, Hashable], tuple[Ruleset, V]] = {}

    def get(self, ruleset: Ruleset, key: Hashable, compute: Callable[..., V], *args: Any) -> V:
        full = (id(ruleset), key)
        kept = self._kept.get(full)
        if kept is not None and kept[0] is ruleset:
            return kept[1]
        value = compute(*args)
        if len(self._kept) >= self.size:
            self._kept.clear()
        self._kept[full] = (ruleset, value)
        return value

    def __len__(self) -> int:
        return len(self._kept)
