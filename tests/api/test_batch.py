"""POST /v1/batch over HTTP: each item answered as its own endpoint answers it."""

from __future__ import annotations

from pathlib import Path

import pytest
import requests
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.api.http.schemas.batch import BATCH_MAX
from service.api.http.schemas.common import BATCH_OPERATIONS, RULES_OPERATIONS
from tests.support.body_mutations import examples, mutate
from tests.support.gunicorn_process import gunicorn

pytestmark = pytest.mark.http

ROOT = Path(__file__).resolve().parents[2]
SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
PATHS = {
    op["operationId"]: path
    for path, item in SPEC["paths"].items()
    for method, op in item.items()
    if method == "post"
}


def _alone(server, operation: str, body) -> tuple[int, dict]:
    """The answer of the operation's own endpoint, as a batch result."""
    response = server.post(PATHS[operation], json=body)
    data = response.json()
    if response.status_code >= 400:
        data.pop("request_id", None)
        return response.status_code, {"status": response.status_code, "problem": data}
    return response.status_code, {"status": response.status_code, "body": data, "problem": None}


def test_every_post_operation_may_be_batched():
    assert set(BATCH_OPERATIONS) == set(PATHS) - {"batch"}


def test_the_spec_example(server):
    body = examples(SPEC, "/v1/batch")[0]
    response = server.post("/v1/batch", json=body)
    assert response.status_code == 200
    results = response.json()["items"]
    assert [r["status"] for r in results] == [200, 200, 422]
    for item, result in zip(body["items"], results, strict=True):
        assert _alone(server, item["operation"], item["body"])[1] == result


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_items_are_answered_as_their_endpoints_answer(server, data):
    # (the suggestions: below, at a level whose answer does not depend on the machine's load)
    operations = data.draw(st.lists(st.sampled_from(RULES_OPERATIONS), min_size=1, max_size=6))
    items = []
    for operation in operations:
        body = data.draw(st.sampled_from(examples(SPEC, PATHS[operation])))
        body = mutate(body, data.draw)
        if isinstance(body, dict):
            items.append({"operation": operation, "body": body})
    if not items:
        return
    response = server.post("/v1/batch", json={"items": items})
    assert response.status_code == 200
    results = response.json()["items"]
    assert len(results) == len(items)
    for item, result in zip(items, results, strict=True):
        alone = _alone(server, item["operation"], item["body"])[1]
        if item["operation"] == "deal" and not item["body"].get("seed"):
            # a deal without a seed comes from the secure generator: never twice the same
            assert alone["status"] == result["status"]
            continue
        assert alone == result


@pytest.mark.parametrize(
    "body, field",
    [
        ({"items": []}, "items"),
        ({"items": [{"operation": "matchScore", "body": {}}] * (BATCH_MAX + 1)}, "items"),
        ({"items": [{"operation": "batch", "body": {}}]}, "items.0.operation"),
        ({"items": [{"operation": "legalMoves", "body": []}]}, "items.0.body"),
        ({"items": [{"operation": "legalMoves"}]}, "items.0.body"),
        ({}, "items"),
    ],
)
def test_a_malformed_batch_is_refused_whole(server, body, field):
    response = server.post("/v1/batch", json=body)
    assert response.status_code == 422
    assert response.headers["Content-Type"].startswith("application/problem+json")
    assert field in response.json()["errors"]


def test_a_full_batch_is_answered(server):
    item = {"operation": "legalMoves", "body": examples(SPEC, "/v1/legal-moves")[0]}
    response = server.post("/v1/batch", json={"items": [item] * BATCH_MAX})
    assert response.status_code == 200
    results = response.json()["items"]
    assert len(results) == BATCH_MAX
    assert all(r == results[0] and r["status"] == 200 for r in results)


SUGGEST_PLAY = {
    "ruleset": "belote",
    "trump": "H",
    "taker": 1,
    "hand": ["7H", "JH", "AS", "KD", "10C", "QS", "8D", "9D"],
    "trick": {"leader": 1, "cards": ["8C", "9H", "AC"]},
    "level": "easy",
}
SUGGEST_BID = {
    "ruleset": "belote",
    "dealer": 3,
    "turned": "JH",
    "hand": ["9H", "AH", "AS", "KD", "10C"],
    "level": "easy",
}


def test_suggestions_are_answered_as_their_endpoints_answer(server):
    items = [
        {"operation": "suggestPlay", "body": SUGGEST_PLAY},
        {"operation": "legalMoves", "body": examples(SPEC, "/v1/legal-moves")[0]},
        {"operation": "suggestBid", "body": SUGGEST_BID},
        {"operation": "suggestPlay", "body": SUGGEST_PLAY | {"hand": ["8C", "7H"]}},  # 422
        {"operation": "suggestBid", "body": SUGGEST_BID | {"level": "expert"}},  # 422
        {"operation": "suggestPlay", "body": SUGGEST_PLAY | {"trick": {"leader": 2}}},
    ]
    response = server.post("/v1/batch", json={"items": items})
    assert response.status_code == 200
    results = response.json()["items"]
    assert [r["status"] for r in results] == [200, 200, 200, 422, 422, 200]
    for item, result in zip(items, results, strict=True):
        assert _alone(server, item["operation"], item["body"])[1] == result


def test_a_batch_of_suggestions_holds_the_line_as_many_requests_would():
    # every suggestion of the batch takes its place in the worker's line of suggestions
    # before any is searched: the places run out as they would for that many requests.
    # A fresh worker (its line's first guess of a search: 2 s) with 1 search process and 4
    # places waiting: 5 places, all within the line's 10 s bound on the expected wait.
    places = 5
    item = {"operation": "suggestPlay", "body": SUGGEST_PLAY}
    with gunicorn({"BELOTE_SUGGEST_PROCESSES": "1", "BELOTE_SUGGEST_QUEUE": "4"}) as server:
        url = server.url("/v1/batch")
        response = requests.post(url, json={"items": [item] * (places + 2)}, timeout=120)
        assert response.status_code == 200
        results = response.json()["items"]
        assert [r["status"] for r in results] == [200] * places + [503, 503]
        assert all(r == results[0] for r in results[:places])
        assert "busy" in results[-1]["problem"]["detail"]
        # and each place is given back: the line is free again
        again = requests.post(url, json={"items": [item] * places}, timeout=120).json()
        assert [r["status"] for r in again["items"]] == [200] * places
