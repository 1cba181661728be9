"""RFC 9457 problem details: every error the service returns goes through here."""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from http import HTTPStatus
from typing import Any

from flask import Flask, Response, current_app, json, request
from werkzeug.exceptions import HTTPException, InternalServerError

from ...engine.text import N_, Text
from . import i18n

log = logging.getLogger(__name__)

PROBLEM_JSON = "application/problem+json"
PROBLEM_BASE = "tag:belote-rules,2026:problem/"
#: ``type`` URI of each problem kind (tag URIs, RFC 4151; docs/api.md "Errors" lists them).
INVALID_INPUT = PROBLEM_BASE + "invalid-input"
ILLEGAL_ROUND = PROBLEM_BASE + "illegal-round"
ILLEGAL_BID = PROBLEM_BASE + "illegal-bid"
ILLEGAL_ACTION = PROBLEM_BASE + "illegal-action"
_TITLES = {
    INVALID_INPUT: Text(N_("Invalid input")),
    ILLEGAL_ROUND: Text(N_("Illegal round")),
    ILLEGAL_BID: Text(N_("Illegal bid")),
    ILLEGAL_ACTION: Text(N_("Illegal action")),
}


class InvalidInput(Exception):  # noqa: N818 - named for what the client sent
    """Well-formed input that is invalid or impossible: a 422 naming the fields at fault."""

    def __init__(
        self,
        detail: str,
        errors: Mapping[str, list[str]] | None = None,
        type_: str = INVALID_INPUT,
        **extra: Any,
    ):
        super().__init__(detail)
        self.detail = detail
        self.type_ = type_
        self.errors = dict(errors or {})
        self.extra = extra

    @classmethod
    def at(cls, field: str, message: str, **extra) -> InvalidInput:
        return cls(
            Text("{field}: {message}", field=field, message=message), {field: [message]}, **extra
        )


def problem(
    status: int,
    detail: str,
    *,
    title: str | None = None,
    type_: str = "about:blank",
    headers: Mapping[str, str] | None = None,
    **members: Any,
) -> Response:
    body = {  # members in the order RFC 9457 lists them
        "type": type_,
        "title": title or _phrase(status),
        "status": status,
        "detail": detail,
        **{k: v for k, v in members.items() if v is not None},
    }
    body = i18n.say_problem(body)  # the sentences in the request's language
    response = Response(
        json.dumps(body, sort_keys=False, ensure_ascii=False), status=status, mimetype=PROBLEM_JSON
    )
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def _phrase(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Error"


def flatten(messages: Any, prefix: str = "") -> dict[str, list[str]]:
    """marshmallow's nested messages as ``{"trick.cards.1": ["..."]}``."""
    out: dict[str, list[str]] = {}
    if isinstance(messages, Mapping):
        for key, value in messages.items():
            key = "" if key == "_schema" else str(key)
            path = f"{prefix}.{key}" if prefix and key else (prefix or key)
            for k, v in flatten(value, path).items():
                out.setdefault(k, []).extend(v)
    elif isinstance(messages, list | tuple) and all(isinstance(m, str) for m in messages):
        out[prefix or "body"] = list(messages)
    elif isinstance(messages, list | tuple):
        for m in messages:
            for k, v in flatten(m, prefix).items():
                out.setdefault(k, []).extend(v)
    else:
        out[prefix or "body"] = [str(messages)]
    return out


def _summary(errors: Mapping[str, list[str]]) -> str:
    parts = [f"{field}: {'; '.join(msgs)}" for field, msgs in errors.items()]
    text = "; ".join(parts)
    return text if len(text) <= 500 else text[:497] + "..."


#: At most this many fields are listed in ``errors``: a 64 KiB body of 12000 bad cards must
#: not turn into a 1.5 MB answer.
MAX_ERROR_FIELDS = 20


def _limit_detail() -> Text:
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    if request.path == "/v1/match":
        return Text(
            N_(
                "The request body is larger than the limit of {limit} bytes. Send each "
                'round as its summary ({{"type": "score", "summary": ...}}, the '
                "`match_round` of POST /v1/rounds/state once the round is over), not its "
                "whole record."
            ),
            limit=limit,
        )
    return Text(N_("The request body is larger than the limit of {limit} bytes."), limit=limit)


def handle_http_exception(error: HTTPException) -> Response:
    status = error.code or 500
    headers = {k: v for k, v in error.get_headers() if k.lower() in ("allow", "retry-after")}
    data = getattr(error, "data", None) or {}
    messages = data.get("messages")
    if status == 422 and messages is not None:
        # webargs / marshmallow validation error: messages keyed by location ("json").
        if isinstance(messages, Mapping) and set(messages) <= {"json", "query", "view_args"}:
            messages = {k: v for loc in messages.values() for k, v in _as_dict(loc).items()}
        errors = _with_hints(flatten(messages))
        count = len(errors)
        errors = dict(list(errors.items())[:MAX_ERROR_FIELDS])
        # Said now, in the request's language: the summary quotes the said field errors.
        errors = {field: [i18n.say(m) for m in msgs] for field, msgs in errors.items()}
        if count > MAX_ERROR_FIELDS:
            detail = Text(
                N_(
                    "The request body is invalid ({count} fields, the first {listed} listed): "
                    "{errors}"
                ),
                count=count,
                listed=MAX_ERROR_FIELDS,
                errors=_summary(errors),
            )
        else:
            detail = Text(N_("The request body is invalid: {errors}"), errors=_summary(errors))
        return problem(
            422,
            detail,
            title=_TITLES[INVALID_INPUT],
            type_=INVALID_INPUT,
            errors=errors,
        )
    limit = _limit_detail() if status == 413 else None
    detail = data.get("message") or limit or error.description or _phrase(status)
    return problem(status, detail, headers=headers)


#: Members sent in the wrong place, and where they go: (a pattern of the field's path,
#: the sentence that replaces marshmallow's "Unknown field.").
_MISPLACED = (
    (
        re.compile(r"(.*\.)?record\.(options|ruleset)"),
        N_("`ruleset` and `options` go at the top of the request, beside `record`, not inside it"),
    ),
    (
        re.compile(r"(.*\.)?actions\.\d+\.(action|value|capot|trump)"),
        N_(
            "a bid's members go inside `bid`: "
            '{{"type": "bid", "bid": {{"action": "bid", "value": 90, "trump": "H"}}}}'
        ),
    ),
)


def _with_hints(errors: dict[str, list[Any]]) -> dict[str, list[Any]]:
    """marshmallow's "Unknown field." said again where a member is known elsewhere."""
    for field, messages in errors.items():
        if messages != ["Unknown field."]:
            continue
        for pattern, hint in _MISPLACED:
            if pattern.fullmatch(field):
                errors[field] = [Text(hint)]
                break
    return errors


def _as_dict(messages: Any) -> dict:
    return dict(messages) if isinstance(messages, Mapping) else {"body": messages}


def handle_invalid_input(error: InvalidInput) -> Response:
    return problem(
        422,
        error.detail,
        title=_TITLES[error.type_],
        type_=error.type_,
        errors=error.errors or None,
        **error.extra,
    )


def handle_unexpected(error: Exception) -> Response:
    log.exception("unhandled error", exc_info=error)
    return problem(500, InternalServerError.description)


def register_error_handlers(app: Flask) -> None:
    app.register_error_handler(HTTPException, handle_http_exception)
    app.register_error_handler(InvalidInput, handle_invalid_input)
    app.register_error_handler(Exception, handle_unexpected)
