"""The hot path (service/api/hot_path.py) against the ordinary path (webargs + marshmallow).

On generated bodies, valid and invalid (the spec's examples mutated by hypothesis: members
dropped, added, nulled, emptied or replaced by other JSON values, at any depth):

- the compiled validator accepts exactly the bodies marshmallow loads;
- on those, the compiled loader loads exactly what marshmallow loads;
- over HTTP (Flask's test client) both paths answer the same status, content type and
  body (problem details compared without their per-request ``request_id``).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from service.api.app import create_app
from service.api.hot_path import operations

ROOT = Path(__file__).resolve().parent.parent
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
    content = SPEC["paths"][PATHS[operation_id]]["post"]["requestBody"]["content"]
    body = content["application/json"]
    found = [body["example"]] if "example" in body else []
    found += [e["value"] for e in body.get("examples", {}).values()]
    return found


#: JSON values a mutation may put anywhere: every JSON type, the edge cases of integers
#: (7.0 is an integer in JSON Schema), card-like strings and every enum-like word nearby.
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=200),
    st.sampled_from([0.0, 1.0, 2.5, -1.0, 10**20, 2**63, 80.0, 1e300]),
    st.sampled_from(
        [
            *("", "7H", "10h", "TH", "th", "J♠", "1H", "JH\n", "ZZ", "H", "C", "all", "none"),
            *("x", "belote", "coinche", "capot", "pass", "bid", "take", "name", "contra"),
        ]
    ),
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.sampled_from(["a", "seat", "cards", "trump", "value"]), inner, max_size=3
        ),
    ),
    max_leaves=6,
)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, (*prefix, i))


def _mutate(body, draw):
    body = copy.deepcopy(body)
    for _ in range(draw(st.integers(min_value=0, max_value=3))):
        paths = list(_paths(body))
        path = draw(st.sampled_from(paths))
        if not path:
            continue
        parent = body
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        action = draw(st.sampled_from(["replace", "drop", "add", "null", "empty", "copy"]))
        if action == "drop":
            del parent[key]
        elif action == "null":
            parent[key] = None
        elif action == "empty":
            parent[key] = draw(st.sampled_from([[], {}, ""]))
        elif action == "copy" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[key]))
        elif action == "add" and isinstance(parent, dict):
            name = draw(st.sampled_from(["extra", "options", "bid", "seat", "trump", "cards"]))
            parent[name] = draw(JSON)
        else:
            parent[key] = draw(JSON)
    return body


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


def test_hot_path_covers_the_table_operations():
    for operation_id in ("legalMoves", "roundScore", "validateRound", "trickWinner"):
        assert operation_id in OPERATIONS


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
    body = _mutate(data.draw(st.sampled_from(_examples(operation_id))), data.draw)
    accepted, loaded = _marshmallow(operation, body)
    assert operation.valid(body) == accepted, body
    if accepted:
        assert operation.load(body) == loaded


@pytest.mark.parametrize("operation_id", sorted(OPERATIONS))
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_both_paths_answer_the_same(operation_id, data):
    body = _mutate(data.draw(st.sampled_from(_examples(operation_id))), data.draw)
    client = APP.test_client()
    path = PATHS[operation_id]
    hot = _answer(client, path, body, hot=True)
    ordinary = _answer(client, path, body, hot=False)
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
