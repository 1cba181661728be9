"""POST /v1/rounds/review (the review itself: tests/players/test_review.py)."""

from __future__ import annotations

import pytest

from service.engine.actions import PlayAction
from service.players.review import (
    CLASSES,
    _prefix,
)
from tests.players.test_review import _body, complete_record


def test_the_operation_reviews_a_round(client):
    record, state = complete_record("belote", 11)
    body = _body(record, level="easy", seed=2)
    r = client.post("/v1/rounds/review", json=body)
    assert r.status_code == 200, r.get_json()
    data = r.get_json()
    assert len(data["cards"]) == 32 and data["stake"] == 162
    assert data["totals"]["margin"] == state.score.score[0] - state.score.score[1]
    assert {c["class"] for c in data["cards"]} <= set(CLASSES)
    assert len(data["seats"]) == 4 and data["par"]["best"]
    played = data["cards"][0]
    assert played["dd"]["played"] == next(
        v["value"] for v in played["dd"]["values"] if v["card"] == played["card"]
    )
    # the same item in a batch answers the same
    batch = client.post(
        "/v1/batch", json={"items": [{"operation": "reviewRound", "body": body}]}
    ).get_json()
    assert batch["items"][0]["status"] == 200
    assert batch["items"][0]["body"] == data


def test_a_partial_record_reviews_what_was_played(client):
    record, _ = complete_record("coinche", 12)
    first = next(i for i, a in enumerate(record.actions) if isinstance(a, PlayAction))
    body = _body(_prefix(record, first + 5), level="easy", par=False)
    data = client.post("/v1/rounds/review", json=body).get_json()
    assert len(data["cards"]) == 5 and data["totals"]["margin"] is None and data["par"] is None


def test_an_illegal_action_is_the_422_of_rounds_state(client):
    record, _ = complete_record("belote", 13)
    body = _body(record, level="easy")
    first = next(i for i, a in enumerate(record.actions) if isinstance(a, PlayAction))
    body["actions"][first + 1] = dict(body["actions"][first])  # the same card twice
    review = client.post("/v1/rounds/review", json=body)
    state = client.post(
        "/v1/rounds/state", json={k: v for k, v in body.items() if k not in ("level",)}
    )
    assert review.status_code == state.status_code == 422
    a, b = review.get_json(), state.get_json()
    assert a["type"] == b["type"] and a["errors"] == b["errors"]


@pytest.mark.parametrize("level", ["beginner", "casual"])
def test_the_weaker_levels_review_a_round(client, level):
    record, _ = complete_record("belote", 14)
    first = next(i for i, a in enumerate(record.actions) if isinstance(a, PlayAction))
    body = _body(_prefix(record, first + 6), level=level, par=False)
    r = client.post("/v1/rounds/review", json=body)
    assert r.status_code == 200, r.get_json()
    assert len(r.get_json()["cards"]) == 6 and r.get_json()["level"] == level
