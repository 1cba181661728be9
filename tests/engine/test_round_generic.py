"""OpenSpiel's generic game checks on the one public round state (`engine.round.Round`),
in process, over every preset and both player counts: random playthroughs to the end; at
every step the seat to act has an action, every listed action applies to a copy and the
original is untouched by it, and an illegal action leaves the round as it was; the walk
by `Round` and by `round_state` (what `/v1/rounds/state` answers) agree. (The views and
the resampling from a view: tests/engine/test_view_secrecy.py; every listed action accepted and
nothing else: tests/engine/test_ready_actions.py.)"""

from __future__ import annotations

import doctest
import random

import pytest

from service.engine import round as round_module
from service.engine.actions import Action, BeloteAction, BidAction, PlayAction
from service.engine.cards import cards_in
from service.engine.deal import deal_round
from service.engine.play import PositionError
from service.engine.record import RoundRecord, score_round, validate_record
from service.engine.round import Round
from service.engine.round_state import COMPLETE, PHASES, REDEAL, DealRecord, round_state
from service.engine.round_view import round_view
from service.engine.rounds import Trick
from service.engine.rulesets import get_ruleset
from tests.support.games import GAMES


def _new(preset: str, options: dict | None, seed: int) -> Round:
    ruleset = get_ruleset(preset, options)
    dealer = seed % ruleset.players
    dealt = deal_round(ruleset, dealer, seed=f"generic {seed}")
    deal = DealRecord(dealt.hands, dealt.turned, dealt.stock, None, None, dealt.proposed)
    return Round(ruleset, dealer, deal)


def _weight(action: Action) -> float:
    if isinstance(action, BidAction):
        return 4.0 if action.call.action == "pass" else 1.0
    return 1.0


@pytest.mark.parametrize(("preset", "options"), GAMES)
def test_random_playthroughs(preset, options):
    rng = random.Random(1)
    ended = {COMPLETE: 0, REDEAL: 0}
    for seed in range(6):
        game = _new(preset, options, seed)
        steps = 0
        while game.to_act is not None:
            assert game.phase in PHASES
            actions = game.legal_actions()
            assert actions, game.phase
            assert any(a.seat == game.to_act for a in actions)
            before = game.state()
            # cards only: nothing but the seat to play's cards and belote is open
            if before.cards_only:
                assert all(
                    isinstance(a, PlayAction | BeloteAction) and a.seat == game.to_act
                    for a in actions
                ), actions
            # the cards belote may be said with are those the round lists
            seat = game.to_act
            said = {a.card for a in actions if isinstance(a, BeloteAction) and a.seat == seat}
            assert said - {None} == set(cards_in(before.belote_with(seat)))
            # every listed action applies to a copy, and the original does not change
            for action in rng.sample(actions, min(4, len(actions))):
                other = game.copy()
                other.apply(action)
                now = game.state()
                assert now == before and (now.legal, now.auction) == (before.legal, before.auction)
                assert other.record.actions[-1] == action
            # an illegal action is refused and changes nothing
            hand = before.hands[game.to_act]
            absent = next(c for c in range(32) if not hand >> c & 1)  # not in its hand
            wrong = PlayAction(absent, game.to_act)
            if wrong not in actions:
                assert not game.is_legal(wrong)
                with pytest.raises(PositionError):
                    game.apply(wrong)
                assert game.state() == before
            game.apply(rng.choices(actions, [_weight(a) for a in actions])[0])
            steps += 1
            assert steps < 300
        ended[game.phase] += 1
        # the same record walked by round_state (POST /v1/rounds/state) agrees
        walked, state = round_state(game.record), game.state()
        assert walked == state and (walked.auction, walked.legal) == (state.auction, state.legal)
        assert Round.of(game.record).state() == game.state()
        if game.phase == COMPLETE:
            score = game.state().score
            assert score is not None and len(game.state().tricks) == game.record.ruleset.hand_size
    assert ended[COMPLETE] >= 1


def test_the_round_doctests_run():
    failures, tried = doctest.testmod(round_module, raise_on_error=False)
    assert tried >= 5 and failures == 0


def _played_by(state) -> list[list[int]]:
    played: list[list[int]] = [[] for _ in state.hands]
    for t in state.tricks:
        for i, c in enumerate(t.cards):
            played[(t.leader + i) % len(played)].append(c)
    return played


@pytest.mark.parametrize(("preset", "options"), GAMES)
def test_state_validation_and_round_score_agree(preset, options):
    """One round, three readers: the walk (POST /v1/rounds/state), the record's validation
    (POST /v1/rounds/validate: the hands at the start of play, the bids) and the round's
    score from its tricks (POST /v1/round-score) give the same score."""
    rng = random.Random(3)
    complete = 0
    for seed in range(10):
        game = _new(preset, options, 100 + seed)
        while game.to_act is not None:
            actions = game.legal_actions()
            game.apply(rng.choices(actions, [_weight(a) for a in actions])[0])
        state = game.state()
        if state.phase == REDEAL:  # nobody took: no score to agree on
            assert state.score is None and not state.tricks
            continue
        record = game.record
        ruleset = record.ruleset
        calls = [a.call for a in record.actions if isinstance(a, BidAction)]
        deal = record.deal
        validation = validate_record(
            RoundRecord(
                ruleset,
                record.dealer,
                [(s, cards) for s, cards in enumerate(_played_by(state))],
                [Trick(t.leader, t.cards) for t in state.tricks],
                calls,
                turned=deal.turned,
                declarations=[(e.seat, e.cards) for e in state.events if e.type == "declaration"],
                proposed=deal.proposed,
                second_proposed=deal.second_proposed,
            )
        )
        assert validation.valid
        complete += 1
        contract = state.contract
        scored = score_round(
            ruleset,
            contract.trump,
            contract.taker,
            [Trick(t.leader, t.cards) for t in state.tricks],
            [(e.seat, e.cards) for e in state.events if e.type == "declaration"],
            contract.bid,
            double=contract.double,
        )
        assert validation.score == state.score == scored
    assert complete >= 3


@pytest.mark.parametrize(("preset", "options"), GAMES)
def test_the_state_gives_each_seat_its_view(preset, options):
    """``Round.view(seat)`` is ``round_view`` of the record: the seat's own hand, the
    others' hidden."""
    game = _new(preset, options, 5)
    rng = random.Random(5)
    for _ in range(12):
        if game.to_act is None:
            break
        actions = game.legal_actions()
        game.apply(rng.choices(actions, [_weight(a) for a in actions])[0])
    for seat in range(game.record.ruleset.players):
        assert game.view(seat) == round_view(game.record, seat)
