"""The error model: how a weaker player errs, as a person does, not at random.

A level with a ``temperature`` (points) chooses among its legal cards by a softmax over
their values (:attr:`.driver.Suggestion.values`, the round's expected margin): a card
whose *regret* (the best card's value minus its own) is ``r`` is chosen with a
probability proportional to ``exp(-r / temperature)``. A cheap slip (a few points) is
common, a costly one rare; a card whose regret exceeds the level's ``ceiling`` (points)
is never chosen, so a weak level still never throws a round away for nothing. The draw
comes from the request's seeded generator, after the search: the same request and seed
give the same card. Temperature 0 (or below) is the argmax: the card the level would
play without the model.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence


def regrets(values: dict[int, float]) -> dict[int, float]:
    """Each card's regret: the best value minus its own (0 for the best)."""
    top = max(values.values())
    return {c: top - v for c, v in values.items()}


def err(
    legal: Sequence[int],
    values: dict[int, float],
    best: int,
    temperature: float,
    ceiling: float | None,
    rng: random.Random,
) -> int:
    """The card played under the error model: ``best`` (the argmax, ties already broken
    by the caller) at temperature 0; otherwise a card of ``legal`` (in that order) drawn
    in proportion to ``exp(-regret / temperature)`` among those whose regret is at most
    ``ceiling`` (``None``: no ceiling). ``best`` always qualifies (its regret is 0)."""
    if temperature <= 0 or len(legal) < 2:
        return best
    regret = regrets(values)
    cards = [c for c in legal if c == best or ceiling is None or regret[c] <= ceiling]
    if len(cards) < 2:
        return best
    weights = [math.exp(-regret[c] / temperature) for c in cards]
    return rng.choices(cards, weights)[0]
