"""The Coinche worked example of docs/rules.md over HTTP (in the engine:
tests/engine/test_coinche_worked_example.py)."""

from __future__ import annotations

import pytest

from tests.engine.test_coinche_worked_example import CASES
from tests.support.rounds_helper import as_json, scripted_round


@pytest.mark.http
@pytest.mark.parametrize(("deal", "coinche", "cards", "expected"), CASES)
def test_the_rules_example_over_http(server, deal, coinche, cards, expected):
    payload = {
        "ruleset": "coinche",
        "trump": "H",
        "taker": 0,
        "tricks": as_json(scripted_round("coinche", "H", 0, deal)),
        "bid": {"value": 120, "coinche": coinche},
    }
    response = server.post("/v1/round-score", json=payload)
    assert response.status_code == 200, response.text
    out = response.json()
    assert out["card_points"] == list(cards)
    assert out["score"] == list(expected)
    assert out["contract"]["made"] is (expected[0] > 0)
