"""The typed actions of a round record (service/engine/actions.py): their short text
reads back as the same action for every action a round lists as ready, and the values are
frozen, slotted and compare and hash by value (the round state's cache keys on them)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.engine.actions import (
    ACTION_TYPES,
    Action,
    BeloteAction,
    BidAction,
    CompareAction,
    DeclareAction,
    ExchangeAction,
    PlayAction,
    parse_action,
)
from service.engine.bidding import Call
from service.engine.cards import parse_card
from service.engine.deal import deal_round
from service.engine.round import Round
from service.engine.round_state import DealRecord, GameRecord, round_state
from service.engine.rulesets import PRESETS, get_ruleset

TYPES = (BidAction, ExchangeAction, DeclareAction, BeloteAction, PlayAction, CompareAction)


def _cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(c) for c in text.split())


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (BidAction(Call("bid", 90, "H"), 1), "S1 bid 90 H"),
        (BidAction(Call("bid", "capot", "all"), 2), "S2 bid capot all"),
        (BidAction(Call("bid", trump="none")), "bid none"),
        (BidAction(Call("pass"), 0), "S0 pass"),
        (BidAction(Call("take", trump="H"), 3), "S3 take H"),
        (BidAction(Call("coinche", seat=3), 3), "S3 coinche by S3"),
        (PlayAction(parse_card("QS"), 0), "S0 play QS"),
        (PlayAction(parse_card("10D")), "play 10D"),
        (BeloteAction(parse_card("KH"), 2), "S2 belote KH"),
        (BeloteAction(None, 2), "S2 belote"),
        (DeclareAction(_cards("9C 10C JC"), 3), "S3 declare 9C 10C JC"),
        (ExchangeAction(True, 0), "S0 swap"),
        (ExchangeAction(False, 0), "S0 keep"),
        (CompareAction("state", length=5, seat=1), "S1 compare state length 5"),
        (CompareAction("state", top=7, seat=0), "S0 compare state top A"),
        (CompareAction("how_high", seat=1), "S1 compare how_high"),
    ],
)
def test_the_text_of_each_action_type(action, text):
    assert str(action) == text
    assert parse_action(text) == action
    assert type(parse_action(text)) is type(action)


def test_the_text_reads_other_card_spellings_and_spaces():
    assert parse_action("  S0   play  th ") == PlayAction(parse_card("10H"), 0)
    assert parse_action("declare 7c 8c 9c") == DeclareAction(_cards("7C 8C 9C"))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "S1",
        "S1 play",
        "S1 play XX",
        "S1 play QS KS",
        "S1 belote KH QH",
        "S1 declare 9C ZZ",
        "S1 swap now",
        "S1 compare",
        "S1 compare maybe",
        "S1 compare state length",
        "S1 compare state length five",
        "S1 compare state top 11",
        "S1 compare state length 4 length 5",
        "S1 bid 90 90",
        "S1 bid H 90",
        "S1 bid 90 H S",
        "S1 coinche by",
        "S1 coinche by 3",
        "S1 shout",
        "Sx play QS",
    ],
)
def test_another_text_is_refused(text):
    with pytest.raises(ValueError):
        parse_action(text)


def test_every_type_is_a_small_frozen_value():
    assert tuple(t.type for t in TYPES) == ACTION_TYPES
    assert ACTION_TYPES == ("bid", "exchange", "declare", "belote", "play", "compare")
    action = PlayAction(parse_card("QS"), 0)
    assert isinstance(action, Action)
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.card = 1  # type: ignore[misc]
    for t in TYPES:
        assert "__dict__" not in dir(t) and t.__slots__
        assert [f.name for f in dataclasses.fields(t)][-1] == "seat"
    # by value, and only within a type: a card played is not the belote said with it
    assert PlayAction(5, 1) == PlayAction(5, 1) and hash(PlayAction(5, 1)) == hash(PlayAction(5, 1))
    assert PlayAction(5, 1) != BeloteAction(5, 1)
    assert PlayAction(5, 1) != PlayAction(5)


def _round(preset: str, seed: int) -> Round:
    ruleset = get_ruleset(preset)
    dealer = seed % ruleset.players
    dealt = deal_round(ruleset, dealer, seed=f"actions {seed}")
    deal = DealRecord(
        dealt.hands, dealt.turned, dealt.stock, None, None, dealt.proposed, dealt.second_proposed
    )
    return Round(ruleset, dealer, deal)


@settings(max_examples=90, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 2**32))
def test_every_ready_action_round_trips_through_its_text(preset, seed):
    rng = random.Random(seed)
    game = _round(preset, seed)
    seen: set[type] = set()
    while game.to_act is not None:
        ready = game.legal_actions()
        for action in ready:
            text = str(action)
            back = parse_action(text)
            assert back == action and hash(back) == hash(action), text
            assert str(back) == text
            unseated = dataclasses.replace(action, seat=None)
            assert parse_action(str(unseated)) == unseated
            seen.add(type(action))
        passes = [a for a in ready if isinstance(a, BidAction) and a.call.action == "pass"]
        pick = passes[0] if passes and rng.random() < 0.6 else rng.choice(ready)
        game.apply(pick)
    assert PlayAction in seen or game.phase == "redeal"
    # the record read back from the texts is the same record, walked to the same state
    record = game.record
    texts = [str(a) for a in record.actions]
    again = GameRecord(record.ruleset, record.dealer, record.deal, [parse_action(t) for t in texts])
    assert tuple(again.actions) == tuple(record.actions)
    assert round_state(again) == game.state()
