"""The hot path (service/api/http/hot_path.py) against the ordinary path (webargs + marshmallow).

On generated bodies, valid and invalid (the spec's examples mutated by hypothesis: members
dropped, added, nulled, emptied or replaced by other JSON values, at any depth):

- the compiled validator accepts exactly the bodies marshmallow loads;
- on those, the compiled loader loads exactly what marshmallow loads;
- over HTTP (Flask's test client) both paths answer the same status, content type and
  body (problem details compared without their per-request ``request_id``).
"""

from __future__ import annotations

import json
from pathlib import Path

import flask
import orjson
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from service.api.app import create_app
from service.api.http import i18n
from service.api.http.hot_path import operations
from service.api.http.schemas.common import BATCH_OPERATIONS, RULES_OPERATIONS
from service.engine.cards import Card
from service.engine.text import N_, Text
from tests.support.body_mutations import examples, mutate

ROOT = Path(__file__).resolve().parents[2]
SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))

APP = create_app()
OPERATIONS = operations(APP)
PATHS = {
    op["operationId"]: path
    for path, item in SPEC["paths"].items()
    for method, op in item.items()
    if method == "post"
}


def _examples(operation_id: str) -> list:
    return examples(SPEC, PATHS[operation_id])


def _marshmallow(operation, body):
    try:
        return True, operation.request_schema.load(body)
    except ValidationError:
        return False, None


def _answer(client, path, body, hot: bool):
    APP.config["HOT_PATH"] = hot
    try:
        response = client.post(path, data=json.dumps(body), content_type="application/json")
    finally:
        APP.config["HOT_PATH"] = True
    data = response.get_json()
    if isinstance(data, dict):
        data.pop("request_id", None)
    return response.status_code, response.mimetype, data, response.data


def test_hot_path_covers_every_rules_operation_and_batches():
    # compiled for the batch: the suggestions too; served: the rules operations and batches
    assert set(OPERATIONS) == {*BATCH_OPERATIONS, "batch"}
    endpoints = {rule.rule: rule.endpoint for rule in APP.url_map.iter_rules()}
    served = {
        name
        for name, operation in OPERATIONS.items()
        if APP.view_functions[endpoints[PATHS[name]]] is not operation.slow_endpoint
    }
    assert served == {*RULES_OPERATIONS, "batch"}


@pytest.mark.parametrize("operation_id", sorted(OPERATIONS))
def test_examples_take_the_hot_path(operation_id):
    operation = OPERATIONS[operation_id]
    for body in _examples(operation_id):
        assert operation.valid(body)
        assert operation.load(body) == operation.request_schema.load(body)


@pytest.mark.parametrize("operation_id", sorted(OPERATIONS))
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_validators_and_loaders_agree(operation_id, data):
    operation = OPERATIONS[operation_id]
    body = mutate(data.draw(st.sampled_from(_examples(operation_id))), data.draw)
    accepted, loaded = _marshmallow(operation, body)
    if accepted and _integer_seed(body):
        # The one leniency beyond openapi.yaml (an integer seed, read as its decimal
        # string): the validator keeps to the spec and leaves such a body to marshmallow.
        assert not operation.valid(body), body
        return
    assert operation.valid(body) == accepted, body
    if accepted:
        assert operation.load(body) == loaded


def _integer_seed(body) -> bool:
    """Whether a ``seed`` anywhere in ``body`` is a JSON integer (or 7.0)."""
    if isinstance(body, dict):
        seed = body.get("seed")
        if isinstance(seed, int | float) and not isinstance(seed, bool):
            return True
        return any(_integer_seed(v) for v in body.values())
    if isinstance(body, list):
        return any(_integer_seed(v) for v in body)
    return False


def _unseeded_deal(operation_id: str, body) -> bool:
    """POST /v1/deal without a seed deals from the secure generator: no two answers agree."""
    return operation_id == "deal" and not (isinstance(body, dict) and body.get("seed"))


@pytest.mark.parametrize("operation_id", sorted({*RULES_OPERATIONS, "batch"}))
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_both_paths_answer_the_same(operation_id, data):
    body = mutate(data.draw(st.sampled_from(_examples(operation_id))), data.draw)
    client = APP.test_client()
    path = PATHS[operation_id]
    hot = _answer(client, path, body, hot=True)
    ordinary = _answer(client, path, body, hot=False)
    if _unseeded_deal(operation_id, body):  # a new random deal each time, by design
        assert hot[:2] == ordinary[:2]
        return
    assert hot[:3] == ordinary[:3]
    if hot[0] == 200:
        assert hot[3] == ordinary[3]  # byte for byte


def test_strict_parsing_is_kept_on_the_hot_path():
    """Duplicate members, NaN, huge integers and deep nesting are refused as before."""
    client = APP.test_client()
    for raw in (
        b'{"trump": "H", "trump": "S", "hand": ["7H"], "trick": {"leader": 0}}',
        b'{"trump": "H", "hand": ["7H"], "trick": {"leader": NaN}}',
        b'{"trump": "H", "hand": ["7H"], "trick": {"leader": ' + b"9" * 5000 + b"}}",
        b'{"trump": "H", "hand": ["7H"], "trick": {"leader": 18446744073709551617}}',
        b"[" * 5000 + b"]" * 5000,
    ):
        answers = []
        for hot in (True, False):
            APP.config["HOT_PATH"] = hot
            try:
                r = client.post("/v1/legal-moves", data=raw, content_type="application/json")
            finally:
                APP.config["HOT_PATH"] = True
            answers.append((r.status_code, r.mimetype))
        assert answers[0] == answers[1]
        assert answers[0][0] in (400, 422)
        assert answers[0][1] == "application/problem+json"


def test_integers_beyond_64_bits_are_answered_as_the_ordinary_path_does():
    """orjson writes integers of at most 64 bits; a match total was once larger
    (schemathesis found this 500). A round's score is now bounded (1,000,000 either way), so
    both paths refuse it alike, naming the figure; the largest match total fits."""
    client = APP.test_client()
    body = {"ruleset": "belote", "rounds": [{"score": [2**70, 1]}]}
    hot = _answer(client, "/v1/match-score", body, hot=True)
    ordinary = _answer(client, "/v1/match-score", body, hot=False)
    assert hot[0] == 422
    assert hot[:3] == ordinary[:3]  # (the bytes differ by the request id)
    assert "rounds.0.score.0" in hot[2]["errors"]
    most = {
        "ruleset": "belote",
        "options": {"open_match": True, "target": None},
        "rounds": [{"score": [10**6, 0]}],
    }
    hot = _answer(client, "/v1/match-score", most | {"rounds": most["rounds"] * 1000}, hot=True)
    assert hot[0] == 200, hot
    assert hot[2]["totals"] == [10**9, 0]


@pytest.mark.parametrize("language", ["en", "fr", "nb", "bg"])
def test_both_paths_say_sentences_alike(language):
    """The hot path says each sentence while orjson writes it (i18n.orjson_default): the
    same bytes and Content-Language as Flask's JSON after i18n.say_tree."""
    client = APP.test_client()
    body = _examples("legalMoves")[0]
    answers = []
    for hot in (True, False):
        APP.config["HOT_PATH"] = hot
        try:
            r = client.post("/v1/legal-moves", json=body, headers={"Accept-Language": language})
        finally:
            APP.config["HOT_PATH"] = True
        answers.append((r.status_code, r.headers.get("Content-Language"), r.data))
    assert answers[0] == answers[1]
    assert answers[0][1] == language
    assert json.loads(answers[0][2])["illegal"]


def test_the_orjson_hook_writes_what_say_tree_gives():
    class Name(str):
        pass

    class Number(int):
        pass

    class Members(dict):
        pass

    tree = {
        "message": Text(N_("{card} does not follow suit"), card=Card(13)),
        "plain": Name("x"),
        "n": Number(7),
        "nested": Members(a=[Text(N_("{card} does not follow suit"), card=Card(2)), (1, True)]),
        "none": None,
    }
    for language in ("en", "fr"):
        with APP.test_request_context(headers={"Accept-Language": language}):
            hooked = orjson.dumps(
                tree, default=i18n.orjson_default(), option=orjson.OPT_PASSTHROUGH_SUBCLASS
            )
            assert hooked == orjson.dumps(i18n.say_tree(tree))
            assert flask.g.sentences
