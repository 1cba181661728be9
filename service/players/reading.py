"""How the computer players value a hand and read an auction, for the bidders
(:mod:`.bidding`) and the card players' inference (:mod:`.inference`, :mod:`.driver`):

- :func:`side_points`: what a hand's side can expect to score as takers in a trump mode,
  and :func:`take_threshold` / :func:`take_margin`, how far it clears what a take needs;
- :func:`bids_likelihood`: the likelihood of an auction's calls given the hands (a soft
  version of the heuristic bidder), :func:`auction_weight` for a card player's deals, and
  :func:`coinche_bid_likelihood`, the one reading of a Coinche bid's value.

It depends on the engine only, so every player module may import it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ..engine.bidding import BID, CAPOT, LADDER, NAME, PASS, TAKE, Call, bid_values
from ..engine.cards import ALL_CARDS, SUIT_MASKS, SUITS, cards_in, strength, trump_suit
from ..engine.declarations import find_belotes, find_declarations
from ..engine.play import card_points
from ..engine.rulesets import Ruleset
from ..engine.scoring import mode_total
from .memo import RulesMemo
from .view import SeatView

#: How far (in points of :func:`side_points`) a hand must clear a call's threshold for
#: the reading of the calls to find the call about 2.7 times likelier than not.
READING_SCALE = 12.0
#: Coinche: how far a bidder's evaluation is read to clear its bid's value at even odds
#: (the heuristic bidder bids its estimate rounded down to 10).
READING_OFFSET = 10.0


# --- hand evaluation ---------------------------------------------------------------------


#: Contracts made on card points alone: declarations and belote do not help make them.
_CARDS_ONLY = ("trick_points_at_least_defenders", "trick_points_more_than_half")
#: Chance that the n-th round of a plain suit is not ruffed, in a suit contract.
_SURVIVE = (1.0, 0.8, 0.45, 0.2, 0.1)


def side_points(hand: int, trump: str, ruleset: Ruleset) -> float:
    """What the hand's side can expect to score as takers in ``trump``: its likely tricks
    (each suit played out from the top: a master wins its round, bringing its points and
    what the others put on it; a missing higher card takes a round; a plain suit's later
    rounds may be ruffed), long trumps, a partner's share,
    its declarations and belote. A hand of fewer than ``hand_size`` cards is scaled up."""
    held = hand.bit_count()
    if not held:
        return 0.0
    players = ruleset.players
    total = _mode_total(trump, ruleset)
    in_play = total * players * ruleset.hand_size / 32
    value = 0.0
    suit_of_trump = trump_suit(trump)
    trumps = 0
    for s in range(4):
        holding = hand >> (8 * s) & 0xFF
        if s == suit_of_trump:
            trumps = holding.bit_count()
        won = _ROUNDS.get(ruleset, (trump, s, holding), _rounds_won, trump, s, holding, ruleset)
        for points in won:  # added one by one, as the rounds are played
            value += points
    if suit_of_trump is not None and trumps > 2:
        value += 8 * (trumps - 2)
    # Cards still to come are worth an average card to their holder's side.
    value += (ruleset.hand_size - held) * in_play / (ruleset.players * ruleset.hand_size)
    if ruleset.partner_of(0) is not None:
        value += (in_play - value) / 3  # the partner's share of the rest
    if ruleset.contract not in _CARDS_ONLY:
        value += ruleset.belote_points * len(find_belotes(hand, trump, ruleset))
        if (
            ruleset.declarations != "none"
            and ruleset.contract != "cards_and_belote_at_least_defenders"
        ):
            value += sum(d.points for d in find_declarations(hand, trump, ruleset))
    return value


_TOTALS: RulesMemo[int] = RulesMemo(256)


def _mode_total(trump: str, ruleset: Ruleset) -> int:
    """Every card's points in the mode (:func:`..engine.scoring.mode_total`), kept."""
    return _TOTALS.get(ruleset, trump, mode_total, trump, ruleset, ALL_CARDS)


#: :func:`_rounds_won` by (ruleset, trump, suit, holding): a ruleset and trump mode has
#: at most 4 x 256 of them.
_ROUNDS: RulesMemo[tuple[float, ...]] = RulesMemo(1 << 16)


def _rounds_won(trump: str, s: int, holding: int, ruleset: Ruleset) -> tuple[float, ...]:
    """What each round that a hand's cards of suit ``s`` (``holding``: their bits within
    the suit) win brings, in :func:`side_points`: the suit played out from the top, a
    master winning its round, else the best missing card taking it and the lowest card
    going under it; in a plain suit of a suit contract a later round is likely ruffed."""
    others = (ruleset.players - 1) * _mode_total(trump, ruleset) / 32
    order = sorted(cards_in(SUIT_MASKS[s]), key=lambda c: -strength(c, trump))
    mine = [c for c in order if holding >> (c - 8 * s) & 1]
    theirs = [c for c in order if not holding >> (c - 8 * s) & 1]
    suit_of_trump = trump_suit(trump)
    ruffed = suit_of_trump is not None and s != suit_of_trump
    won: list[float] = []
    rounds = 0
    while mine:
        survive = _SURVIVE[min(rounds, len(_SURVIVE) - 1)] if ruffed else 1.0
        if theirs and strength(theirs[0], trump) > strength(mine[0], trump):
            theirs.pop(0)
            mine.pop()
        else:
            c = mine.pop(0)
            won.append(survive * (card_points(c, trump, ruleset) + others))
            if theirs:
                theirs.pop()
        rounds += 1
    return tuple(won)


def take_threshold(trump: str, ruleset: Ruleset) -> float:
    """The side points :func:`heuristic_bid` wants before taking: half the points in play
    and a margin."""
    total = _mode_total(trump, ruleset)
    return total * ruleset.players * ruleset.hand_size / 64 + total / 10


def take_margin(hand: int, trump: str, ruleset: Ruleset) -> float:
    """How far ``hand``'s :func:`side_points` clear :func:`take_threshold` in ``trump``."""
    return side_points(hand, trump, ruleset) - take_threshold(trump, ruleset)


def bid_points(value: int | str) -> int:
    """A Coinche bid value as points for the evaluations: capot counts 170."""
    return 170 if value == CAPOT else int(value)


def logistic(x: float) -> float:
    """The logistic function (clamped: no overflow), by which the players turn an
    evaluation's margin into a likelihood (here and in :mod:`.inference`)."""
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, x))))


def auction_weight(
    view: SeatView, offset: float = READING_OFFSET
) -> Callable[[Sequence[int]], float] | None:
    """The likelihood of the bids of ``view`` given a deal of the other seats' cards, as
    :func:`heuristic_bid` would have made them from each seat's whole hand (``offset``:
    :func:`bids_likelihood`'s); ``None`` when the view has no auction."""
    if not view.bids or view.dealer is None:
        return None
    played_by = view.played_by()
    likelihood = bids_likelihood(
        view.ruleset, view.seat, view.dealer, view.bids, view.turned, offset=offset
    )
    return lambda deal: likelihood([deal[s] | played_by[s] for s in range(len(played_by))])


def coinche_bid_likelihood(
    estimate: float,
    value: int | str,
    scale: float = READING_SCALE,
    offset: float = READING_OFFSET,
) -> float:
    """How likely a seat whose hand's :func:`side_points` in a mode is ``estimate`` is to
    bid ``value`` in it in Coinche: the further the estimate clears the value plus
    ``offset``, the likelier. The reading of an auction's bids (:func:`bids_likelihood`)
    and of a contract's value without its auction (:func:`.inference.taker_weight`)."""
    return logistic((estimate - offset - bid_points(value)) / scale)


def coinche_contract_likelihood(estimate: float, value: int | str, rules: Ruleset) -> float:
    """How likely a taker whose hand's :func:`side_points` is ``estimate`` is to have
    made ``value`` its last bid: it would bid it (:func:`coinche_bid_likelihood`) and not
    the next value of the ruleset's ladder (none above: capot, or the ladder's top). A
    contract's value without its auction (:func:`.inference.taker_weight`): the
    heuristic bidder bids its estimate, rounded down."""
    likely = coinche_bid_likelihood(estimate, value)
    above = [v for v in bid_values(rules) if bid_points(v) > bid_points(value)]
    if above:
        likely *= 1 - coinche_bid_likelihood(estimate, min(above, key=bid_points))
    return likely


def bids_likelihood(
    rules: Ruleset,
    seat_of_view: int,
    dealer: int,
    bids: Sequence[Call],
    turned: int | None,
    proposed: str | None = None,
    second_proposed: str | None = None,
    offset: float = READING_OFFSET,
    scale: float = READING_SCALE,
) -> Callable[[Sequence[int]], float]:
    """The likelihood of the calls ``bids`` of the seats other than ``seat_of_view``,
    given each seat's hand (a soft version of :func:`heuristic_bid`: the further a hand's
    :func:`side_points` clears the call's threshold, the likelier the call; a pass, the
    likelier the less the best call it passed over clears it). The suit a seat may take
    is the turned card's, else (``klaverjas_proposed``) the ``proposed`` suit in the first
    round and the ``second_proposed`` one in the second."""
    turned_suit = SUITS[turned >> 3] if turned is not None else None
    offers = (turned_suit or proposed, second_proposed if turned_suit is None else None)
    events: list[tuple[int, Call, int]] = []  # (seat, bid, index)
    for i, b in enumerate(bids):
        seat = (dealer + 1 + i) % rules.players
        if seat != seat_of_view and b.action in (PASS, TAKE, NAME, BID):
            events.append((seat, b, i))
    if rules.bidding == "coinche":
        modes = list(rules.trump_modes)
    elif rules.bidding == "bulgarian":
        modes = [m for m in LADDER if m in rules.trump_modes]
    else:
        modes = [m for m in rules.trump_modes if m in SUITS]

    # A hand's margins, across the deals of one decision (a swap of two cards between
    # two hands leaves the other hands' margins as they were).
    cache: dict[tuple[int, str], float] = {}
    best_of: dict[int, float] = {}  # Coinche: a hand's best estimate over the modes

    def weight(hands: Sequence[int]) -> float:
        def margin(seat: int, mode: str) -> float:
            key = (hands[seat], mode)
            found = cache.get(key)
            if found is None:
                found = cache[key] = take_margin(hands[seat], mode, rules)
            return found

        def best(seat: int) -> float:
            found = best_of.get(hands[seat])
            if found is None:
                found = best_of[hands[seat]] = max(
                    margin(seat, m) + take_threshold(m, rules) for m in modes
                )
            return found

        w = 1.0
        highest = 70
        above = 0  # bulgarian: the modes still above the standing contract, from
        for seat, b, i in events:
            offer = offers[0] if i < rules.players else offers[1]
            if rules.bidding == "coinche":
                if b.action == BID:
                    assert b.trump is not None and b.value is not None  # a legal coinche bid
                    estimate = margin(seat, b.trump) + take_threshold(b.trump, rules)
                    w *= coinche_bid_likelihood(estimate, b.value, scale, offset)
                    highest = bid_points(b.value)
                else:
                    w *= 1 - coinche_bid_likelihood(best(seat), highest + 10, scale, offset)
            elif rules.bidding == "bulgarian":
                if b.action == BID:
                    assert b.trump is not None  # a legal bulgarian bid names its mode
                    w *= logistic(margin(seat, b.trump) / scale)
                    above = modes.index(b.trump) + 1 if b.trump in modes else above
                elif modes[above:]:
                    w *= 1 - logistic(max(margin(seat, m) for m in modes[above:]) / scale)
            elif b.action == TAKE:
                if offer is not None:
                    w *= logistic(margin(seat, offer) / scale)
            elif b.action == NAME:
                assert b.trump is not None  # a legal name names its suit
                w *= logistic(margin(seat, b.trump) / scale)
            elif offer is not None:
                w *= 1 - logistic(margin(seat, offer) / scale)
            else:
                others = [m for m in modes if m != offers[0]]
                if others:
                    w *= 1 - logistic(max(margin(seat, m) for m in others) / scale)
        return w

    return weight
