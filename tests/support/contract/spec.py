"""The committed openapi.yaml as test data: its POST operations, their request schemas
(as JSON Schema validators) and their request examples."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC_PATH = Path(__file__).resolve().parents[3] / "openapi.yaml"
_URI = "urn:belote:openapi"


@cache
def spec() -> dict[str, Any]:
    return yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))


def post_paths() -> list[str]:
    """Every path of the spec with a POST operation (whatever branches have added)."""
    return [path for path, item in spec()["paths"].items() if "post" in item]


def ruleset_paths() -> list[str]:
    """The POST paths whose request names a ruleset (not POST /v1/batch, whose items do)."""
    components = spec()["components"]["schemas"]
    out = []
    for path in post_paths():
        schema = _json_body(path)["schema"]
        if "$ref" in schema:
            schema = components[schema["$ref"].rpartition("/")[2]]
        if "ruleset" in schema.get("properties", {}):
            out.append(path)
    return out


def has_operation(operation_id: str) -> bool:
    return any(
        op.get("operationId") == operation_id
        for item in spec()["paths"].values()
        for op in item.values()
        if isinstance(op, dict)
    )


def _json_body(path: str) -> dict[str, Any]:
    return spec()["paths"][path]["post"]["requestBody"]["content"]["application/json"]


def example(path: str) -> Any:
    """The request example the spec gives for a POST path (test_openapi.py requires one)."""
    body = _json_body(path)
    if "example" in body:
        return body["example"]
    return next(iter(body["examples"].values()))["value"]


@cache
def _registry() -> Registry:
    resource = Resource.from_contents(spec(), default_specification=DRAFT202012)
    return Registry().with_resource(_URI, resource)


@cache
def request_validator(path: str) -> Draft202012Validator:
    schema = _json_body(path)["schema"]
    if "$ref" in schema:
        schema = {"$ref": _URI + schema["$ref"]}
    return Draft202012Validator(schema, registry=_registry())


def valid_request(path: str, body: Any) -> bool:
    """Whether ``body`` is valid against the request schema of openapi.yaml."""
    return request_validator(path).is_valid(body)
