"""rounds/validate checks the contract as round-score does (scoring.check_contract)."""

from __future__ import annotations

import pytest

from service.engine.play import PositionError
from service.engine.record import RoundRecord, validate_record
from service.engine.rulesets import get_ruleset
from tests.support.rounds_helper import cards

#: DEAL_A's hands (see test_validate); dealer 3, so seat 0 leads.
HANDS = [
    (0, cards("7C AC JD QD 9H JH 7S 10S")),
    (1, cards("8C 10C 7D AD 7H KH 8S AS")),
    (2, cards("9C KC 8D 10D 10H AH 9S KS")),
    (3, cards("JC QC 9D KD 8H QH JS QS")),
]


def test_negative_held_in_is_refused_before_the_round_is_complete():
    # Held points are points a litige set aside: never negative, whether or not the round
    # is over yet (before, only the complete round's scoring refused it).
    record = RoundRecord(get_ruleset("belote-ffb"), 3, HANDS, trump="H", taker=0, held_in=-1)
    with pytest.raises(PositionError, match="held points cannot be negative") as refused:
        validate_record(record)
    assert refused.value.field == "held_in"


def test_a_taker_outside_the_table_names_the_seats():
    record = RoundRecord(get_ruleset("belote"), 3, HANDS, trump="H", taker=4)
    with pytest.raises(PositionError, match=r"seat 4 does not exist with 4 players \(seats 0..3\)"):
        validate_record(record)
