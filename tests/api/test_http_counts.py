"""POST /v1/round-score/counts (issue 33): the score of a round from the players' count
is the one POST /v1/round-score gives for tricks that lead to it; impossible counts are a
422 naming the field."""

from __future__ import annotations

import pytest

from service.engine.cards import card_name
from tests.support.rounds_helper import (
    DEAL_A,
    DEAL_BELOTE,
    DEAL_TIERCE,
    TIERCE_SPADES,
    as_json,
    scripted_round,
)


def _tricks_and_counts(client, deal, **extra):
    tricks = as_json(scripted_round("belote", "H", 0, deal))
    by_tricks = client.post(
        "/v1/round-score", json={"trump": "H", "taker": 0, "tricks": tricks} | extra
    ).get_json()
    points = [0, 0]
    for t in by_tricks["tricks"]:
        points[t["team"]] += t["points"]
    told = {
        "trump": "H",
        "taker": 0,
        "points": points,
        "last_trick": by_tricks["last_trick"],
        "declarations": [
            {"seat": d["seat"], "cards": d["cards"]} for d in by_tricks["declarations"]
        ],
        "belote": [{"seat": b["seat"], "suit": b["suit"]} for b in by_tricks["belote"]],
        "leader": 0,
    } | {k: v for k, v in extra.items() if k != "declarations"}
    by_counts = client.post("/v1/round-score/counts", json=told)
    assert by_counts.status_code == 200, by_counts.get_json()
    return by_tricks, by_counts.get_json()


@pytest.mark.parametrize("deal", [DEAL_A, DEAL_BELOTE, DEAL_TIERCE])
def test_the_same_answer_as_the_tricks_but_no_tricks(client, deal):
    extra = {}
    if deal is DEAL_TIERCE:
        extra["declarations"] = [TIERCE_SPADES]
    by_tricks, by_counts = _tricks_and_counts(client, deal, **extra)
    assert by_counts["tricks"] == []
    assert by_counts == by_tricks | {"tricks": []}


def test_a_tierce_to_the_king_by_its_kind(client):
    answer = client.post(
        "/v1/round-score/counts",
        json={
            "trump": "S",
            "taker": 1,
            "points": [None, 70],
            "last_trick": 0,
            "declarations": [{"seat": 2, "kind": "sequence", "length": 3, "top": "K"}],
        },
    ).get_json()
    assert answer["declarations"][0]["points"] == 20
    assert {c[-1] for c in answer["declarations"][0]["cards"]} == {"C"}
    # belote: the takers made 70 + 0 of 162 with 20 against them: failed, 162 + 20
    assert answer["contract"]["made"] is False and answer["score"] == [182, 0]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"points": [153, None]}, "points.0"),
        ({"points": [None, 151]}, "points.1"),
        ({"points": [100, 60]}, "points"),
        ({"points": [None, None]}, "points"),
        ({"last_trick": None}, "last_trick"),
        ({"every_trick": 1, "last_trick": None}, "points.0"),
        ({"belote": [{"seat": 1, "suit": "S"}]}, "belote.0.suit"),
        ({"declarations": [{"seat": 1}]}, "declarations.0"),
        ({"declarations": [{"seat": 1, "kind": "carre", "rank": "8"}]}, "declarations.0"),
        (
            {"declarations": [{"seat": 1, "kind": "sequence", "length": 4, "top": "8"}]},
            "declarations.0.length",
        ),
        ({"declarations": [{"seat": 1, "cards": ["7C", "8C", "10C"]}]}, "declarations.0"),
        ({"taker": 3, "ruleset": "klaberjass"}, "taker"),
        ({"ruleset": "klaberjass", "taker": 1}, "points"),
        ({"ruleset": "klob", "trump": "none", "points": [101, None]}, "points.0"),
    ],
)
def test_impossible_counts_are_422_naming_the_field(client, change, field):
    told = {"trump": "H", "taker": 0, "points": [92, None], "last_trick": 0} | change
    answer = client.post("/v1/round-score/counts", json=told)
    assert answer.status_code == 422, answer.get_json()
    assert field in answer.get_json()["errors"], answer.get_json()


def test_klaverjas_roem_by_the_team_that_won_it(client):
    told = {
        "ruleset": "klaverjas-rotterdam",
        "trump": "S",
        "taker": 0,
        "points": [100, 52],
        "last_trick": 0,
        "declarations": [{"seat": 1, "kind": "sequence", "length": 4, "top": "A", "suit": "D"}],
        "belote": [{"seat": 2}],
    }
    answer = client.post("/v1/round-score/counts", json=told).get_json()
    assert answer["declaration_points"] == [0, 50] and answer["belote_points"] == [20, 0]
    assert card_name(0) == "7C"


def test_a_batch_item_scores_counts(client):
    told = {"trump": "H", "taker": 0, "points": [92, None], "last_trick": 0}
    answer = client.post(
        "/v1/batch", json={"items": [{"operation": "roundScoreCounts", "body": told}]}
    ).get_json()
    item = answer["items"][0]
    assert item["status"] == 200 and item["body"]["score"] == [102, 60]
