"""The shared case list every generated client's check runs, built from openapi.yaml.

One case per request example of every operation (each named example of an operation is a
case of its own), the GET operations with their path parameters, and one refusal per
operation family (tag) that the client must parse into the generated ``Problem``. The
expected answer of each case is fetched from the live server at test time (raw JSON, or
text for the text operations), so a new operation with a request example is covered
without hand work. ``clients/generate.py`` writes each language's dispatch (operationId to
the generated call) from the same spec.

A case is a JSON object::

    {"id": "bidding/coinche", "operation": "bidding", "method": "post", "path": "/v1/bidding",
     "params": {}, "body": {...} or null, "media": "json" | "text",
     "status": 200, "answer": {...} or "text"}
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

#: Path parameter values for the GET operations (a 404 uses ``MISSING``).
PATH_VALUES = {"name": "coinche"}
MISSING = {"name": "no-such-ruleset"}
#: The refusal of a family: the request example with ruleset options that cannot be dealt
#: (four players with 9 cards each need 36 cards: a 422 naming ``options``). Every member is
#: within the spec's bounds, so every client sends it as it is (a member out of bounds, or
#: left out, is refused by some clients before sending, or sent as null or []).
IMPOSSIBLE_OPTIONS = {"players": 4, "hand_size": 9}


#: The computer players search for as long as their CPU budget allows, so the same request
#: may answer differently from one call to the next on a loaded machine: their cases ask
#: for `level: easy` (the greedy player, no search), whose answer is always the same.
DETERMINISTIC = {"level": "easy"}


def _deterministic(example: Any) -> Any:
    if isinstance(example, dict) and "level" in example:
        return example | DETERMINISTIC
    return example


def _refused(example: dict[str, Any]) -> dict[str, Any]:
    bad = copy.deepcopy(example)
    bad["options"] = dict(bad.get("options") or {}) | IMPOSSIBLE_OPTIONS
    return bad


def operations(spec: dict) -> list[dict[str, Any]]:
    """Every operation: id, method, path, tag, request schema name, answer media."""
    found = []
    for path, item in spec["paths"].items():
        for method, op in item.items():
            if not isinstance(op, dict) or "responses" not in op:
                continue
            content = op["responses"].get("200", {}).get("content", {})
            media = "json" if "application/json" in content else "text"
            body = op.get("requestBody", {}).get("content", {}).get("application/json", {})
            request = body.get("schema", {}).get("$ref", "").rsplit("/", 1)[-1] or None
            params = [p["name"] for p in op.get("parameters", []) if p.get("in") == "path"]
            params += [p["name"] for p in item.get("parameters", []) if p.get("in") == "path"]
            examples = {}
            if "example" in body:
                examples[""] = body["example"]
            for name, example in body.get("examples", {}).items():
                examples[name] = example["value"]
            found.append(
                {
                    "operation": op["operationId"],
                    "method": method,
                    "path": path,
                    "tag": op["tags"][0],
                    "request": request,
                    "media": media,
                    "path_params": params,
                    "examples": examples,
                    "statuses": sorted(op["responses"]),
                }
            )
    return found


def _properties(spec: dict, schema: str | None) -> dict[str, Any]:
    return spec["components"]["schemas"][schema].get("properties", {}) if schema else {}


def cases(spec: dict) -> list[dict[str, Any]]:
    """The case list (without answers): every example of every operation, and one refusal
    per family: a 422 of its first operation that takes ruleset options, or a 404 of a GET
    with a path parameter. (`batch` has no refusal of its own that every client can send;
    its example holds a refused item, whose problem is read as part of the answer.)"""
    out: list[dict[str, Any]] = []
    refused: set[str] = set()
    for op in operations(spec):
        base = {k: op[k] for k in ("operation", "method", "path", "media")}
        params = {name: PATH_VALUES[name] for name in op["path_params"]}
        if op["method"] == "get":
            out.append(base | {"id": op["operation"], "params": params, "body": None})
        for name, example in op["examples"].items():
            case_id = f"{op['operation']}/{name}" if name else op["operation"]
            body = _deterministic(copy.deepcopy(example))
            out.append(base | {"id": case_id, "params": params, "body": body})
        if op["tag"] in refused:
            continue
        takes_options = "options" in _properties(spec, op["request"])
        if takes_options and op["examples"]:
            bad = _refused(next(iter(op["examples"].values())))
            out.append(base | {"id": f"{op['operation']}/422", "params": params, "body": bad})
            refused.add(op["tag"])
        elif op["path_params"] and "404" in op["statuses"]:
            missing = {name: MISSING[name] for name in op["path_params"]}
            out.append(base | {"id": f"{op['operation']}/404", "params": missing, "body": None})
            refused.add(op["tag"])
    return out


def with_answers(
    listed: list[dict[str, Any]], call: Callable[[dict[str, Any]], tuple[int, Any]]
) -> list[dict[str, Any]]:
    """Each case with the server's raw answer: ``call(case)`` gives (status, JSON or text)."""
    answered = []
    for case in listed:
        status, answer = call(case)
        answered.append(case | {"status": status, "answer": answer})
    return answered


def url_path(case: dict[str, Any]) -> str:
    path = case["path"]
    for name, value in case["params"].items():
        path = path.replace("{" + name + "}", value)
    return path
