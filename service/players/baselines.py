"""The baselines every computer player is measured against: random-legal and greedy.

:func:`greedy_card` is a rule-based player meant to be hard to beat without search, not a
straw man: it tracks what the others cannot hold (:func:`sampler.play_constraints`, the
same deductions the sampler uses), leads its masters (trumps first when its side took the
contract and the opponents may still hold trumps) and its partner's suit, wins a trick
held by the opponents as cheaply as it can (when it is last to play, its winner is a
master, or the trick is worth it), gives points to a partner that is sure to win, and
otherwise throws its lowest-value card.
"""

from __future__ import annotations

import random

from ..engine.cards import (
    ALL_CARDS,
    SUIT_MASKS,
    cards_above,
    cards_in,
    is_trump_card,
    strength,
    trump_suit,
)
from ..engine.play import card_points, legal_mask, winning_index
from .sampler import play_constraints
from .view import SeatView


def random_card(view: SeatView, rng: random.Random) -> int:
    """Any legal card, uniformly."""
    return rng.choice(list(cards_in(legal_mask(view.hand, view.position))))


class _Table:
    """What the greedy player reads off the view."""

    def __init__(self, view: SeatView, cannot: list[int] | None = None):
        self.view = view
        self.rules = view.ruleset
        self.trump = view.trump
        self.outside = ALL_CARDS & ~view.played & ~view.hand  # cards others may hold
        self.cannot = play_constraints(view) if cannot is None else cannot
        players = self.rules.players
        self.opponents = [s for s in range(players) if self.rules.team_of(s) != view.team]
        self.partner = self.rules.partner_of(view.seat)

    def points(self, c: int) -> int:
        return card_points(c, self.trump, self.rules)

    def cheap(self, c: int) -> tuple[int, int, int]:
        """Order of what to throw: plain cards before trumps, few points, weak."""
        return (int(is_trump_card(c, self.trump)), self.points(c), strength(c, self.trump))

    def master(self, c: int) -> bool:
        """No card still out can beat ``c`` in its own suit."""
        return not cards_above(c, self.trump) & self.outside

    def opponents_may_hold(self, cards: int) -> bool:
        return any(cards & self.outside & ~self.cannot[s] for s in self.opponents)

    def trumps(self) -> int:
        suit = trump_suit(self.trump)
        return SUIT_MASKS[suit] if suit is not None else 0

    def still_to_play(self) -> list[int]:
        view, players = self.view, self.rules.players
        n = len(view.trick.cards)
        return [(view.seat + k) % players for k in range(1, players - n)]

    def safe(self, best: int) -> bool:
        """Whether ``best`` (winning the trick) stays winning whatever the opponents still
        to play hold, as far as the seat can tell."""
        led = SUIT_MASKS[self.view.trick.cards[0] >> 3]
        trumps = self.trumps()
        for s in self.still_to_play():
            if s not in self.opponents:
                continue
            theirs = self.outside & ~self.cannot[s]
            if cards_above(best, self.trump) & theirs:
                return False
            ruff = not theirs & led and theirs & trumps
            if trumps and not is_trump_card(best, self.trump) and ruff:
                return False
        return True


def greedy_card(
    view: SeatView, rng: random.Random | None = None, cannot: list[int] | None = None
) -> int:
    """The rule-based baseline's card (deterministic; ``rng`` is unused). ``cannot``: the
    view's :func:`sampler.play_constraints` when the caller already has them (they read
    only the public record, so the play inference computes them once for many deals)."""
    legal = legal_mask(view.hand, view.position)
    cards = list(cards_in(legal))
    if len(cards) == 1:
        return cards[0]
    t = _Table(view, cannot)
    trick = view.trick.cards
    if not trick:
        return _lead(t, cards)
    win = winning_index(trick, t.trump)
    best = trick[win]
    winner = (view.trick.leader + win) % t.rules.players
    if winner != view.seat and t.rules.team_of(winner) == view.team:
        if t.safe(best):
            return max(cards, key=lambda c: (-int(is_trump_card(c, t.trump)), t.points(c)))
        return min(cards, key=t.cheap)
    n = len(trick)
    winners = [c for c in cards if winning_index((*trick, c), t.trump) == n]
    if winners:
        cheapest = min(winners, key=lambda c: (t.points(c), strength(c, t.trump)))
        worth = sum(t.points(c) for c in trick) + t.points(cheapest) >= 10
        if not t.still_to_play() or t.safe(cheapest) or worth:
            return cheapest
    return min(cards, key=t.cheap)


def _lead(t: _Table, cards: list[int]) -> int:
    trumps = t.trumps()
    takers = t.rules.team_of(t.view.taker) == t.view.team
    if trumps and takers and t.opponents_may_hold(trumps):
        masters = [c for c in cards if trumps >> c & 1 and t.master(c)]
        if masters:
            return max(masters, key=lambda c: strength(c, t.trump))
    plain_masters = [
        c for c in cards if not trumps >> c & 1 and t.master(c) and not (trumps and _may_ruff(t, c))
    ]
    if plain_masters:
        return max(plain_masters, key=t.points)
    if t.partner is not None:
        for trick in reversed(t.view.tricks):
            if trick.leader == t.partner:
                suit = SUIT_MASKS[trick.cards[0] >> 3]
                mine = [c for c in cards if suit >> c & 1]
                if mine:
                    return min(mine, key=t.cheap)
    return min(cards, key=t.cheap)


def _may_ruff(t: _Table, c: int) -> bool:
    """An opponent may be void in ``c``'s suit and hold a trump."""
    suit, trumps = SUIT_MASKS[c >> 3], t.trumps()
    for s in t.opponents:
        theirs = t.outside & ~t.cannot[s]
        if not theirs & suit and theirs & trumps:
            return True
    return False
