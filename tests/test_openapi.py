"""openapi.yaml is generated from the code, committed, valid OpenAPI 3.1, and complete."""

from __future__ import annotations

import yaml
from openapi_spec_validator import validate

from service.api.spec import spec_dict

from .conftest import ROOT


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
