"""What one seat may see of a round record (service/engine/round_view.py), and the
computer seat's view built from it (service/players/record_view.py)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.engine.cards import SEVEN, card, cards_in, mask_of, suit_of
from service.engine.play import PositionError
from service.engine.round_state import AUCTION, EXCHANGE, PLAY, GameRecord, round_state
from service.engine.round_view import round_view
from service.engine.rulesets import PRESETS, get_ruleset
from service.players.record_view import auction_view, seat_view
from service.players.view import check_view
from tests.support.record_play import random_record


def _hidden(record: GameRecord, seat: int) -> list[int]:
    """The cards ``seat`` may not see at the end of ``record``: those of the other hands
    and of the stock, less every card shown (declarations, belote, the exchange, the card
    turned up) and, from the exchange phase on, the trump seven (its holder is asked)."""
    state = round_state(record)
    unseen = mask_of(state.stock)
    for other, hand in enumerate(state.hands):
        if other != seat:
            unseen |= hand
    for e in state.events:
        unseen &= ~mask_of(e.cards)
    turned = record.deal.turned
    if turned is not None:
        unseen &= ~(1 << turned)
        if state.phase == EXCHANGE or any(e.type == "exchange" for e in state.events):
            unseen &= ~(1 << card(SEVEN, suit_of(turned)))
    return list(cards_in(unseen))


def _swapped(record: GameRecord, a: int, b: int) -> GameRecord:
    """The record with cards ``a`` and ``b`` exchanged wherever they were dealt."""

    def swap(cards):
        return tuple(b if c == a else a if c == b else c for c in cards)

    deal = record.deal
    dealt = replace(deal, hands=tuple(swap(h) for h in deal.hands), stock=swap(deal.stock))
    return replace(record, deal=dealt)


def _same_view_after_swaps(record: GameRecord, seat: int, rng: random.Random) -> int:
    """Swap pairs of cards ``seat`` may not see; every swap that leaves the actions legal
    must leave its view as it was. Returns how many swaps were compared."""
    view = round_view(record, seat)
    hidden = _hidden(record, seat)
    compared = 0
    for _ in range(12 if len(hidden) >= 2 else 0):
        a, b = rng.sample(hidden, 2)
        try:
            other_view = round_view(_swapped(record, a, b), seat)
        except PositionError:  # the swap made a past action illegal: not the same round
            continue
        assert other_view == view, (a, b)
        compared += 1
    return compared


def _cut(preset: str, seed: int, cut: float) -> tuple[GameRecord, random.Random]:
    ruleset = get_ruleset(preset)
    rng = random.Random(seed)
    full, _ = random_record(ruleset, rng, dealer=seed % ruleset.players)
    return replace(full, actions=full.actions[: round(cut * len(full.actions))]), rng


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    preset=st.sampled_from(list(PRESETS)),
    seed=st.integers(0, 2**32),
    cut=st.floats(0, 1),
    seat=st.integers(0, 3),
)
def test_a_seat_sees_nothing_of_the_cards_it_may_not_see(preset, seed, cut, seat):
    # two records that differ only in where cards this seat may not see lie (the same
    # actions still legal) give this seat the same view
    record, rng = _cut(preset, seed, cut)
    _same_view_after_swaps(record, seat % record.ruleset.players, rng)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_hidden_cards_are_swapped_often_enough_to_tell(preset):
    # the property above is not empty: over a few rounds cut at every quarter, many
    # swaps keep the record legal and were compared
    compared = 0
    for seed in range(4):
        for cut in (0.1, 0.35, 0.6, 0.85):
            record, rng = _cut(preset, seed, cut)
            for seat in range(record.ruleset.players):
                compared += _same_view_after_swaps(record, seat, rng)
    assert compared >= 40


def test_the_view_holds_the_seats_own_hand_and_counts_of_the_others():
    ruleset = get_ruleset("belote")
    record, state = random_record(ruleset, random.Random(3), stop=6)
    assert state.phase in (AUCTION, PLAY)
    for seat in range(4):
        view = round_view(record, seat)
        assert view.hand == state.hands[seat]
        assert view.held == tuple(h.bit_count() for h in state.hands)
        assert view.stock == len(state.stock)
        if seat == state.seat:
            assert view.legal == state.legal


def test_the_legal_actions_only_for_the_seat_to_act():
    ruleset = get_ruleset("coinche")
    record, state = random_record(ruleset, random.Random(5), stop=2)
    assert state.phase == AUCTION and state.legal.bids
    for seat in range(4):
        view = round_view(record, seat)
        assert bool(view.legal.bids) == (seat == state.seat)


@pytest.mark.parametrize("preset", PRESETS)
def test_a_computer_seat_view_from_the_record_is_a_valid_view(preset):
    # every card of a random round: the seat to play's view from its RoundView passes
    # the players' own check, holds the state's hand, and its legal cards agree
    ruleset = get_ruleset(preset)
    full, _ = random_record(ruleset, random.Random(11))
    checked = 0
    for n in range(len(full.actions) + 1):
        record = replace(full, actions=full.actions[:n])
        state = round_state(record)
        if state.seat is None:
            continue
        view = round_view(record, state.seat, state)
        if state.phase == AUCTION:
            bidder = auction_view(view, ruleset)
            assert bidder.hand == state.hands[state.seat]
        elif state.phase == PLAY and state.legal.cards:
            player = seat_view(view, ruleset)
            check_view(player)
            assert player.hand == state.hands[state.seat]
            assert player.position.seat == state.seat
            checked += 1
    assert checked >= sum(a.type == "play" for a in full.actions)  # a view before each card


def test_no_suggestion_for_a_seat_not_to_act():
    ruleset = get_ruleset("belote")
    record, state = random_record(ruleset, random.Random(3), stop=0)
    other = (state.seat + 1) % 4
    with pytest.raises(PositionError) as error:
        auction_view(round_view(record, other), ruleset)
    assert error.value.field == "seat"
    with pytest.raises(PositionError) as error:
        seat_view(round_view(record, state.seat), ruleset)
    assert error.value.field == "record"
