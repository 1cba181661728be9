"""Translation helpers shared by the resource modules."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ....engine.play import PositionError, check_trump
from ....engine.rulesets import Ruleset, RulesetError, get_ruleset
from ..errors import InvalidInput


def ruleset_from(args: Mapping[str, Any], trump: str | None = None) -> Ruleset:
    """The request's ruleset with its options, checked against the trump mode."""
    try:
        ruleset = get_ruleset(args.get("ruleset"), args.get("options"))
    except RulesetError as error:
        field = "ruleset" if error.field == "ruleset" else f"options.{error.field}"
        raise InvalidInput.at(field, str(error)) from error
    if trump is not None:
        engine_call(check_trump, trump, ruleset)
    return ruleset


def engine_call(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Run an engine check, turning its :class:`PositionError` into a 422."""
    try:
        return function(*args, **kwargs)
    except PositionError as error:
        raise InvalidInput.at(error.field, str(error)) from error


def error_responses(blueprint) -> Callable:
    """Document the errors every POST endpoint can answer."""

    def decorate(view):
        for status, name in (
            (400, "BAD_REQUEST"),
            (413, "REQUEST_ENTITY_TOO_LARGE"),
            (415, "UNSUPPORTED_MEDIA_TYPE"),
            (422, "UNPROCESSABLE_ENTITY"),
        ):
            view = blueprint.alt_response(status, response=name)(view)
        return view

    return decorate
