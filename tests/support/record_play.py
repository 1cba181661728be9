"""Random rounds played through the round state (engine level): each action drawn from
the legal actions the state lists, as a table app would offer them."""

from __future__ import annotations

import random

from service.engine.actions import Action, BidAction
from service.engine.deal import deal_round
from service.engine.round_state import (
    DealRecord,
    GameRecord,
    RoundState,
    round_state,
)
from service.engine.rulesets import Ruleset


def legal_actions(state: RoundState) -> list[Action]:
    """Every action any seat may append now, as the state lists them."""
    return list(state.legal_actions())


def _weight(action: Action) -> float:
    """Passes and plain cards mostly; a bid now and then, so most rounds are played."""
    if isinstance(action, BidAction):
        return 3.0 if action.call.action == "pass" else 1.0
    return 1.0


def random_record(
    ruleset: Ruleset, rng: random.Random, dealer: int = 0, stop: int | None = None
) -> tuple[GameRecord, RoundState]:
    """A round dealt from a seed of ``rng`` and played by random legal actions, to its end
    or for ``stop`` actions; the record and its state."""
    deal = deal_round(ruleset, dealer, seed=str(rng.getrandbits(64)))
    dealt = DealRecord(
        deal.hands,
        deal.turned,
        deal.stock,
        deal.commitment,
        None,
        deal.proposed,
        deal.second_proposed,
    )
    actions: list[Action] = []
    record = GameRecord(ruleset, dealer, dealt, ())
    state = round_state(record)
    while state.seat is not None and (stop is None or len(actions) < stop):
        options = legal_actions(state)
        action = rng.choices(options, [_weight(a) for a in options])[0]
        actions.append(action)
        record = GameRecord(ruleset, dealer, dealt, tuple(actions))
        state = round_state(record)
    return record, state
