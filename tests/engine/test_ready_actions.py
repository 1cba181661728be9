"""`legal_actions()` is exactly what the next action may be (service/engine/round_state.py):
over random records of every preset, and of presets with random valid options, every
listed action is accepted and every other candidate (every card, bid, declaration,
belote, exchange and comparison step, by every seat and without a seat) refused."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.engine import bidding
from service.engine.actions import (
    COMPARE_STEPS,
    Action,
    BeloteAction,
    BidAction,
    CompareAction,
    DeclareAction,
    ExchangeAction,
    PlayAction,
)
from service.engine.cards import RANKS, cards_in
from service.engine.deal import deal_round
from service.engine.play import PositionError
from service.engine.round_state import (
    DealRecord,
    GameRecord,
    RoundState,
    _candidate_declarations,
    round_state,
)
from service.engine.rulesets import PARAMETERS, PRESETS, RulesetError, get_ruleset
from tests.support.games import GAMES
from tests.support.record_play import random_record


def _bids(ruleset) -> list[bidding.Call]:
    values = [*range(ruleset.bid_minimum, ruleset.bid_maximum + 1, 10), "capot", None]
    modes = ["C", "D", "H", "S", "none", "all", None]
    out = [bidding.Call(a) for a in ("pass", "take", "coinche", "surcoinche", "contra")]
    out += [bidding.Call(a) for a in ("recontra",)]
    out += [bidding.Call("bid", v, t) for v in values for t in modes]
    out += [bidding.Call(a, None, t) for a in ("take", "name") for t in modes if t]
    return out


def candidates(record: GameRecord, state: RoundState) -> list[Action]:
    """Every action worth trying now: by each seat and without a seat."""
    ruleset = record.ruleset
    out: list[Action] = []
    start = state.walk.start or tuple(state.hands)
    for seat in (*range(ruleset.players), None):
        if state.phase == "auction":
            out += [BidAction(b, seat) for b in _bids(ruleset)]
            continue
        out += [ExchangeAction(s, seat) for s in (True, False)]
        out += [PlayAction(c, seat) for c in range(32)]
        out.append(BeloteAction(None, seat))
        out += [BeloteAction(c, seat) for c in range(32)]
        for hand in start:
            for d in _candidate_declarations(hand):
                out.append(DeclareAction(tuple(cards_in(d)), seat))
        for step in COMPARE_STEPS:
            out.append(CompareAction(step, seat=seat))
        out += [CompareAction("state", length=n, seat=seat) for n in range(3, 10)]
        out += [CompareAction("state", top=t, seat=seat) for t in range(len(RANKS))]
    return out


def outcome(record: GameRecord, action: Action) -> RoundState | None:
    """The state after ``action``, or None when it is refused."""
    try:
        return round_state(dataclasses.replace(record, actions=(*record.actions, action)))
    except PositionError:
        return None


def check_exact(record: GameRecord) -> int:
    """Every listed action is accepted; any other candidate is refused, or is another
    way to write a listed one (a ``take`` without its suit, an action without its seat):
    it leads to the same state."""
    state = round_state(record)
    listed = set(state.legal_actions())
    outcomes = []
    for action in listed:
        assert action.seat is not None
        after = outcome(record, action)
        assert after is not None, action
        outcomes.append(after)
    tried = 0
    for action in candidates(record, state):
        if action in listed:
            continue
        after = outcome(record, action)
        assert after is None or after in outcomes, (state.phase, action)
        tried += 1
    return tried


def _prefixes(record: GameRecord, step: int):
    for n in range(0, len(record.actions) + 1, step):
        yield dataclasses.replace(record, actions=record.actions[:n])


@pytest.mark.parametrize(("preset", "options"), GAMES)
def test_listed_is_accepted_and_nothing_else(preset, options):
    ruleset = get_ruleset(preset, options)
    rng = random.Random(7)
    for _ in range(2):
        full, _ = random_record(ruleset, rng, dealer=rng.randrange(ruleset.players))
        for record in _prefixes(full, 3):
            check_exact(record)


#: The enum and true/false parameters, the ones a random option set draws from.
CHOICES = {
    name: (spec.values if spec.kind == "enum" else (True, False))
    for name, spec in PARAMETERS.items()
    if spec.kind in ("enum", "bool") and name not in ("players",)
}


def random_ruleset(preset: str, rng: random.Random):
    """A preset with three random options, or None when they are refused (up front)."""
    names = rng.sample(sorted(CHOICES), 3)
    options = {name: rng.choice(CHOICES[name]) for name in names}
    try:
        return get_ruleset(preset, options)
    except RulesetError:
        return None


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(preset=st.sampled_from(list(PRESETS)), seed=st.integers(0, 2**32))
def test_random_options_list_exactly_what_is_accepted(preset, seed):
    rng = random.Random(seed)
    ruleset = random_ruleset(preset, rng)
    if ruleset is None:
        return
    try:
        dealt = deal_round(ruleset, 0, seed=str(seed))
        record = GameRecord(
            ruleset,
            0,
            DealRecord(
                dealt.hands,
                dealt.turned,
                dealt.stock,
                None,
                None,
                dealt.proposed,
                dealt.second_proposed,
            ),
        )
        round_state(record)
    except PositionError:  # the options refused up front, naming them
        return
    full, _ = random_record(ruleset, rng)
    for record in _prefixes(full, 5):
        check_exact(record)
