"""openapi.yaml is generated from the code, committed, valid OpenAPI 3.1, and complete."""

from __future__ import annotations

import re

import yaml
from openapi_spec_validator import validate

from service.api.http.spec import spec_dict
from service.engine import bidding, play, round_state
from tests.support import ROOT, response_examples


def committed() -> dict:
    return yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))


def test_committed_spec_is_what_the_code_generates(app):
    assert committed() == spec_dict(app), "openapi.yaml is stale: run `make openapi`"


def test_spec_is_valid_openapi_3_1():
    spec = committed()
    assert spec["openapi"].startswith("3.1")
    validate(spec)


def test_every_operation_has_id_summary_and_request_example():
    operations = [
        (path, method, op)
        for path, item in committed()["paths"].items()
        for method, op in item.items()
        if method in {"get", "put", "post", "delete", "patch", "head", "options"}
    ]
    assert operations
    ids = [op["operationId"] for _, _, op in operations]
    assert len(ids) == len(set(ids))
    for path, method, op in operations:
        assert op.get("summary"), f"{method} {path} has no summary"
        assert op.get("description"), f"{method} {path} has no description"
        if "requestBody" in op:
            body = op["requestBody"]["content"]["application/json"]
            assert body.get("example") or body.get("examples"), f"{method} {path}: no example"


def test_served_spec_is_the_committed_file(server):
    response = server.get("/openapi.yaml")
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("application/yaml")
    assert yaml.safe_load(response.text) == committed()


# --- what every generator needs (issue 8; conventions in service/api/http/schemas/common.py) ---

#: Names a model may not take: types or keywords of a client language.
RESERVED = {
    "string", "int", "int32", "int64", "integer", "number", "float", "double", "boolean",
    "bool", "object", "map", "list", "array", "error", "type", "class", "enum", "any",
    "date", "time", "null", "void", "char", "byte", "long", "short", "interface", "default",
}  # fmt: skip


def _walk(node, path=()):
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _walk(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _walk(value, (*path, i))


def test_top_level_keys_in_conventional_order():
    order = ["openapi", "info", "servers", "tags", "paths", "components"]
    assert [key for key in committed() if key in order] == order


def test_every_enum_is_a_named_component_of_one_json_type():
    spec = committed()
    for path, node in _walk(spec):
        if isinstance(node, dict) and "enum" in node and path[-1:] != ("propertyNames",):
            assert path[:2] == ("components", "schemas") and len(path) == 3, (
                f"inline enum at {'/'.join(map(str, path))}: make it a named component"
            )
            types = {type(v) for v in node["enum"]}
            assert len(types) == 1, f"{path[-1]} mixes JSON types: {node['enum']}"


def test_every_component_is_used_and_named_safely():
    spec = committed()
    text = yaml.safe_dump({k: v for k, v in spec.items() if k != "components"})
    text += yaml.safe_dump(spec["components"].get("responses", {}))
    for schema in spec["components"]["schemas"].values():
        text += yaml.safe_dump(schema)
    for name in spec["components"]["schemas"]:
        assert f"#/components/schemas/{name}'" in text, f"unused component {name}"
        assert name.lower() not in RESERVED, f"component {name} collides with a language type"
        assert name[0].isupper() and name.isalnum(), f"component {name} is not PascalCase"


def test_patterns_are_re2_compatible():
    for path, node in _walk(committed()):
        if path and path[-1] == "pattern":
            assert "(?" not in node, f"{'/'.join(map(str, path))}: lookaround or group flag"
            assert not re.search(r"\\[1-9]", node), f"{'/'.join(map(str, path))}: backreference"


def test_reason_codes_are_every_engine_code():
    codes = committed()["components"]["schemas"]["ReasonCode"]
    engine = set(play.MESSAGES) | set(bidding.MESSAGES) | set(round_state.REASON_CODES)
    assert set(codes["enum"]) == engine
    assert len(codes["x-enum-descriptions"]) == len(codes["enum"])


def test_shared_concepts_are_components():
    schemas = committed()["components"]["schemas"]
    for name in ("Card", "Seat", "Team", "Trump", "RulesetName", "BidPoints", "ReasonCode"):
        assert name in schemas, name
    assert "Parameters" not in schemas and "PaginationMetadata" not in schemas


def _operations(spec):
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if isinstance(operation, dict) and "responses" in operation:
                yield path, method, operation


def test_success_responses_come_first():
    for path, method, operation in _operations(committed()):
        codes = list(operation["responses"])
        assert codes[0].startswith("2"), f"{method} {path}: {codes}"
        assert codes[-1] == "default" or "default" not in codes, f"{method} {path}: {codes}"


def test_every_200_shows_the_answer_to_its_request_example(app):
    expected = response_examples.answers(app)
    client = app.test_client()
    for path, method, operation in _operations(committed()):
        name = operation["operationId"]
        content = operation["responses"]["200"].get("content")
        assert content, f"{method} {path}: the 200 response declares no content type"
        for media in content.values():
            assert "example" in media, f"{method} {path}: no example for its 200 answer"
            if name in response_examples.TEXT_OPERATIONS:
                first = media["example"].splitlines()[0]
                assert first in client.get(path).get_data(as_text=True), name
            else:
                assert media["example"] == expected[name], (
                    f"{name}: the 200 example is not what the service answers to the "
                    "request example; run `python -m tests.support.response_examples` and "
                    "`make openapi`, and read the diff"
                )


# --- the shapes every generator reads (service/api/http/schemas/common.py, docs/clients.md) ---


def _subschemas(node, path=""):
    """Every schema object under ``node`` with its path (properties, items, anyOf ...)."""
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from _subschemas(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _subschemas(value, f"{path}/{index}")


def test_no_union_of_types_but_null():
    """No oneOf; an anyOf only as [$ref to an enum or an object, null]; a type list only as
    [X, "null"]; no integer enum; no nullable map."""
    spec = committed()
    schemas = spec["components"]["schemas"]
    problems = []
    for path, node in _subschemas(spec):
        if "oneOf" in node:
            problems.append(f"{path}: oneOf")
        if "anyOf" in node:
            ref, null = (node["anyOf"] + [{}, {}])[:2]
            target = schemas.get(ref.get("$ref", "").rsplit("/", 1)[-1], {})
            wrappable = "enum" in target or target.get("type") == "object"
            if len(node["anyOf"]) != 2 or null != {"type": "null"} or not wrappable:
                problems.append(f"{path}: anyOf other than [$ref enum or object, null]")
        kind = node.get("type")
        if isinstance(kind, list) and (len(kind) != 2 or kind[1] != "null"):
            problems.append(f"{path}: type {kind}")
        if kind == "integer" and "enum" in node:
            problems.append(f"{path}: integer enum (use bounds)")
        if isinstance(kind, list) and kind[0] == "object":
            problems.append(f"{path}: nullable map or object")
    assert problems == []


def test_answers_are_open_and_requests_closed():
    """No answer sets additionalProperties (a client must accept new members); every request
    body refuses unknown members."""
    spec = committed()
    schemas = spec["components"]["schemas"]
    answers, requests = set(), set()
    for _, _, operation in _operations(spec):
        for response in operation["responses"].values():
            if "$ref" in response:
                response = spec["components"]["responses"][response["$ref"].rsplit("/", 1)[1]]
            for media in response.get("content", {}).values():
                answers.add(media["schema"].get("$ref", "").rsplit("/", 1)[-1])
        body = operation.get("requestBody", {}).get("content", {}).get("application/json")
        if body:
            requests.add(body["schema"]["$ref"].rsplit("/", 1)[1])
    reached = set()
    pending = list(answers - {""})
    while pending:
        name = pending.pop()
        if name in reached or name not in schemas:
            continue
        reached.add(name)
        for _, node in _subschemas(schemas[name]):
            if "$ref" in node:
                pending.append(node["$ref"].rsplit("/", 1)[1])
    assert "Problem" in reached
    closed = sorted(n for n in reached if "additionalProperties" in schemas[n])
    assert closed == [], "answers must stay open to new members"
    assert all(schemas[n]["additionalProperties"] is False for n in requests)


def test_enums_say_they_may_grow():
    schemas = committed()["components"]["schemas"]
    enums = [name for name, schema in schemas.items() if "enum" in schema]
    assert enums
    assert [n for n in enums if "More values may be added" not in schemas[n]["description"]] == []


def test_bid_value_is_a_number_and_a_flag():
    """The bid value: an integer `value` (null for capot) and a boolean `capot`, in every
    schema that holds a bid."""
    schemas = committed()["components"]["schemas"]
    holders = [n for n, s in schemas.items() if "value" in s.get("properties", {})]
    for name in ("Bid", "RoundBid", "Contract", "ContractBid", "HighestBid", "SuggestedBid"):
        assert name in holders, name
        props = schemas[name]["properties"]
        assert props["value"]["type"] == ["integer", "null"], name
        assert props["capot"]["type"] in ("boolean", ["boolean", "null"]), name
    legal = schemas["LegalBid"]["properties"]
    assert legal["values"]["items"] == {"$ref": "#/components/schemas/BidPoints"}
    assert legal["capot"]["type"] == "boolean"
