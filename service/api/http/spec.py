"""The OpenAPI document, as generated from the code (written out by
``python -m service.api.spec``)."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path

import yaml
from flask import Flask

from .i18n import document
from .schemas.common import finish_components

#: Top-level keys in the conventional order (readers and diff tools expect it).
KEY_ORDER = ("openapi", "info", "jsonSchemaDialect", "servers", "tags", "paths", "webhooks")
#: The 200 example of each operation, by operationId: what the service answers to the
#: operation's request example (tests/support/response_examples.py checks and rewrites it).
RESPONSE_EXAMPLES_PATH = Path(__file__).with_name("response_examples.json")


@cache
def response_examples() -> dict:
    return json.loads(RESPONSE_EXAMPLES_PATH.read_text(encoding="utf-8"))


def spec_dict(app: Flask) -> dict:
    with app.app_context():
        spec = document(copy.deepcopy(app.extensions["belote_api"].spec.to_dict()))
    finish_components(spec["components"]["schemas"])
    for item in spec.get("paths", {}).values():
        for operation in item.values():
            if isinstance(operation, dict) and "responses" in operation:
                _present(operation)
    first = {key: spec[key] for key in KEY_ORDER if key in spec}
    return first | {key: value for key, value in spec.items() if key not in first}


def _present(operation: dict) -> None:
    """Success responses first, then errors by status, then ``default``; the 200 answer
    gets its example."""
    responses = operation["responses"]
    order = sorted(responses, key=lambda code: (code == "default", not code.startswith("2"), code))
    operation["responses"] = {code: responses[code] for code in order}
    example = response_examples().get(operation.get("operationId"))
    ok = operation["responses"].get("200", {})
    if example is not None and "content" in ok:
        for media in ok["content"].values():
            media["example"] = example


class _NoAliases(yaml.SafeDumper):
    """Every repeated object written out in full: generators' YAML readers refuse more
    than 50 aliases (snakeyaml), and each operation's shared headers made one each."""

    def ignore_aliases(self, data) -> bool:
        return True


def spec_yaml(app: Flask) -> str:
    return yaml.dump(
        spec_dict(app), Dumper=_NoAliases, sort_keys=False, allow_unicode=True, width=100
    )
