"""Custom Schemathesis checks for this API, loaded through ``hooks`` in schemathesis.toml.

They close the one allowance the configuration makes (a schema-valid POST body may get a
422 when it describes an impossible position): such a 422 must be a refusal by the rules,
and every operation must still answer 200 to some generated request.
"""

from __future__ import annotations

import schemathesis
from schemathesis.core.media_types import YAML_MEDIA_TYPES

#: The detail prefix of a 422 raised by the request-schema layer (service/api/http/errors.py);
#: refusals by the rules name their field directly.
SCHEMA_LAYER_DETAIL = "The request body is invalid"
#: How the engine's own check of one option value starts its message
#: (service/engine/rulesets.py ``Parameter.check``): that check repeats the schema's, so a
#: schema-valid option value must never fail it. Cross-option checks
#: (``Ruleset.check_consistency``: 2 players x 17 cards) are semantic and allowed.
OPTION_VALUE_MESSAGE = "option '"


def _problem(response) -> dict:
    try:
        body = response.json()
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}


@schemathesis.check
def refusal_is_semantic(ctx, response, case):
    """A request valid against openapi.yaml is never refused by the server's own schema."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 422:
        return None
    problem = _problem(response)
    detail = str(problem.get("detail", ""))
    if detail.startswith(SCHEMA_LAYER_DETAIL):
        raise AssertionError(
            "A body valid against openapi.yaml was refused by the request schema, so the "
            f"spec and the server disagree: {detail}"
        )
    errors = problem.get("errors") or {}
    if not errors and not problem.get("violations"):
        # docs/api.md: invalid fields are named in `errors`; an illegal round record lists its
        # illegal plays in `violations`.
        raise AssertionError(f"A 422 naming neither `errors` nor `violations`: {problem}")
    for field, messages in errors.items():
        if any(str(m).startswith(OPTION_VALUE_MESSAGE) for m in messages):
            raise AssertionError(
                f"A schema-valid value of {field} was refused by the engine's option check, "
                f"so openapi.yaml and the engine disagree: {messages}"
            )
    return None


@schemathesis.check
class every_operation_succeeds:  # noqa: N801 - Schemathesis reports checks by class name
    """Every operation tested answered 200 at least once (the run is not all refusals)."""

    def __init__(self):
        self.tested: set[str] = set()
        self.succeeded: set[str] = set()

    def after_response(self, ctx, response, case):
        self.tested.add(case.operation.label)
        if 200 <= response.status_code < 300:
            self.succeeded.add(case.operation.label)

    def after_run(self, ctx):
        never = self.tested - self.succeeded
        if never:
            raise AssertionError("never answered 2xx: " + ", ".join(sorted(never)))


@schemathesis.deserializer(*YAML_MEDIA_TYPES, "text/plain")  # replaces the YAML parser
def document_as_text(ctx, response):
    """GET /openapi.yaml (a YAML document) and GET /metrics (Prometheus text) answer text
    that the spec declares as `type: string`, what generators turn into a String;
    Schemathesis would otherwise parse the YAML into an object and compare it with
    `string`, and has no reader for text/plain."""
    return response.content.decode(response.encoding or "utf-8")


#: The players' seed (suggest/*, rounds/review): openapi.yaml shows it as a string, as every
#: seed of the API; an integer from 0 to 2**31 - 1, the type it had before, is still read as
#: its decimal string and echoed as sent (changes/rooms.md, schemas.common.SeedField). So
#: a negative case whose body sends such an integer is accepted on purpose, and its answer
#: echoes the integer: those two failures, and only for that seed, are the documented
#: leniency, not a disagreement between the spec and the server.
_SEED_FAILURES = {"AcceptedNegativeData", "JsonSchemaError"}


def _legacy_seed(body) -> bool:
    seed = body.get("seed") if isinstance(body, dict) else None
    return type(seed) is int and 0 <= seed <= 2**31 - 1


@schemathesis.hook
def filter_failure(ctx, failure, case, response) -> bool:
    if type(failure).__name__ not in _SEED_FAILURES or not _legacy_seed(case.body):
        return True
    if type(failure).__name__ == "JsonSchemaError":  # only the echoed seed itself
        return list(failure.instance_path)[-1:] != ["seed"]
    return False  # accepted: the integer seed was the body's only fault the server allows
