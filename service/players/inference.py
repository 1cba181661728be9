"""What the contract and the other seats' plays say about their hidden cards: deal weights.

The sampler (:mod:`.sampler`) deals only what the rules make *certain* (voids, trumps a
seat cannot hold, declared cards). Players also choose their cards for reasons, and the
taker took for one. These functions give the likelihood of what the seat saw given one
deal of the unseen cards, for :func:`sampler.resample` (draw more deals than needed, keep
them in proportion to the weight):

- :func:`play_weight` ("policy inference"): for every card another seat played, the
  greedy baseline (:func:`baselines.greedy_card`) is asked what it would have played
  from that seat's hand in the deal (its cards then: the deal's plus the ones it played
  from that moment on) and the record so far. A play the model would make (or a card
  equivalent to it) weighs 1, any other ``miss``: players are assumed to play sensibly,
  not exactly like the model, so a deal is made less likely, never impossible.
- :func:`taker_weight`: without an auction in the view, the taker is assumed to have
  taken with a hand worth it: the likelihood that :func:`bidding.heuristic_bid`'s
  evaluation clears its threshold (a logistic of the margin, as the auction weights), or
  (``hard``) the Coinche contract's value read as a bid of it.

Both read only the public record and the deal, never the real cards, so a suggestion
still depends on nothing the seat cannot see.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine.cards import strength
from ..engine.play import card_points
from ..engine.rounds import Trick
from .baselines import greedy_card
from .reading import (
    READING_SCALE,
    coinche_contract_likelihood,
    logistic,
    side_points,
    take_margin,
)
from .sampler import play_constraints
from .view import SeatView

Weight = Callable[[Sequence[int]], float]


def between(a: int, b: int, trump: str) -> int:
    """The cards of ``a``'s suit strictly between ``a`` and ``b`` in strength."""
    low, high = sorted((strength(a, trump), strength(b, trump)))
    out = 0
    for c in range(8 * (a >> 3), 8 * (a >> 3) + 8):
        if low < strength(c, trump) < high:
            out |= 1 << c
    return out


def play_weight(
    view: SeatView, miss: float = 0.25, partner_miss: float = 0.5, signals: bool = True
) -> Weight | None:
    """The likelihood of the other seats' plays given a deal, under the greedy model;
    ``None`` when no other seat has played yet. ``partner_miss`` for the seat's partner
    (a computer partner searches, so it follows the model less closely); ``signals=False``
    reads nothing from the partner's plays (``Level.signals``: a beginner's blind spot)."""
    rules, trump = view.ruleset, view.trump
    players = rules.players
    partner = rules.partner_of(view.seat)
    record = view.all_tricks
    # Each seat's cards played from trick i on (its hand then = the deal's plus these).
    later: list[list[int]] = [[0] * players for _ in range(len(record) + 1)]
    for i in range(len(record) - 1, -1, -1):
        later[i] = list(later[i + 1])
        t = record[i]
        for j, c in enumerate(t.cards):
            later[i][(t.leader + j) % players] |= 1 << c
    # Per play of another seat: the seat, its card, its cards from then on, the record then
    # (a view with no hand), what that record says the seats cannot hold, the cards played
    # before it, and the weight of a play the model would not make.
    moments = []
    played = 0
    for i, t in enumerate(record):
        for j, c in enumerate(t.cards):
            seat = (t.leader + j) % players
            if seat != view.seat and (signals or seat != partner):
                past = SeatView(
                    rules, seat, 0, trump, view.taker, Trick(t.leader, t.cards[:j]), record[:i]
                )
                moments.append(
                    (
                        seat,
                        c,
                        later[i][seat],
                        past,
                        play_constraints(past),
                        played,
                        partner_miss if seat == partner else miss,
                    )
                )
            played |= 1 << c
    if not moments:
        return None
    points = [card_points(c, trump, rules) for c in range(32)]
    # A card equivalent to the model's: same suit and points, nothing live between them.
    gaps = {}
    for _, c, *_ in moments:
        for d in range(8 * (c >> 3), 8 * (c >> 3) + 8):
            if d != c and points[d] == points[c]:
                gaps[(c, d)] = between(c, d, trump)

    # The model's card per moment and hand: deals drawn for one decision often give a seat
    # the same hand at a moment (late in the round nearly always).
    chosen_by: dict[tuple[int, int], int] = {}

    def weight(deal: Sequence[int]) -> float:
        w = 1.0
        for i, (seat, c, mine, past, cannot, gone, m) in enumerate(moments):
            hand = deal[seat] | mine
            chosen = chosen_by.get((i, hand))
            if chosen is None:
                chosen = chosen_by[(i, hand)] = greedy_card(
                    SeatView(rules, seat, hand, trump, past.taker, past.trick, past.tricks),
                    None,
                    cannot,
                )
            if chosen == c:
                continue
            gap = gaps.get((c, chosen))
            if gap is not None and not gap & ~hand & ~gone:
                continue
            w *= m
        return w

    return weight


def taker_weight(view: SeatView, bid_value: bool = False) -> Weight | None:
    """The likelihood that the taker would take this contract with its hand in a deal
    (``None``: the seat is the taker, the view has an auction, or the mode has no trump
    suit). ``bid_value``: a Coinche contract's value is read as the taker's last bid
    (:func:`.reading.coinche_contract_likelihood`: it bid that value and not the next),
    instead of the hand's evaluation against the take threshold."""

    rules = view.ruleset
    if view.bids or view.taker == view.seat or view.trump not in "CDHS":
        return None
    taker, trump = view.taker, view.trump
    shown = view.played_by()[taker]
    value = view.bid.value if bid_value and view.bid is not None else None

    by_hand: dict[int, float] = {}  # deals of one decision often give the taker one hand

    def likelihood(hand: int) -> float:
        if value is not None:
            return coinche_contract_likelihood(side_points(hand, trump, rules), value, rules)
        return logistic(take_margin(hand, trump, rules) / READING_SCALE)

    def weight(deal: Sequence[int]) -> float:
        hand = deal[taker] | shown
        w = by_hand.get(hand)
        if w is None:
            w = by_hand[hand] = likelihood(hand)
        return w

    return weight


def combine(*weights: Weight | None) -> Weight | None:
    """The product of the weights given (``None`` when there is none)."""
    present = [w for w in weights if w is not None]
    if not present:
        return None
    if len(present) == 1:
        return present[0]

    def weight(deal: Sequence[int]) -> float:
        out = 1.0
        for w in present:
            out *= w(deal)
            if not out:
                break
        return out

    return weight
