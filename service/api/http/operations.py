"""What makes the app a well-kept microservice, installed by :func:`install` in create_app:
request ids, the HTTP/1.1 Host check, CORS preflights, optional API keys (before each
request); headers, caching, the request id in problem bodies, metrics and the JSON access
log line (after each). docs/operations.md describes the whole.
"""

from __future__ import annotations

import json
import time
from typing import Any

import flask

from ..server import logs, metrics
from ..server.config import Settings
from . import auth, headers, i18n, request_ids
from .errors import PROBLEM_JSON, problem

#: Methods counted under their own name in metrics; any other is counted as "other", so a
#: client cannot create label values at will.
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
UNMATCHED = "<unmatched>"


#: The two ways to present an API key (auth.py), named in the spec.
SECURITY_SCHEMES = {
    "bearer": {"type": "http", "scheme": "bearer"},
    "apiKey": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
}


def install(app: flask.Flask, api: Any, settings: Settings) -> None:
    for name, scheme in SECURITY_SCHEMES.items():
        api.spec.components.security_scheme(name, scheme)
    app.config["MAX_CONTENT_LENGTH"] = settings.max_body_bytes
    app.extensions["belote_settings"] = settings
    keys = tuple(key.encode("utf-8") for key in settings.api_keys)

    @app.before_request
    def before() -> flask.Response | None:
        request = flask.request
        flask.g.start = time.perf_counter()
        flask.g.request_id = request_ids.accept(request.headers.get(request_ids.HEADER))
        reason = headers.missing_host(request)
        if reason is not None:
            return problem(400, reason)
        answer = headers.preflight(request, settings.cors_origins)
        if answer is not None:
            return answer
        refused = auth.refusal(request, keys)
        if refused is not None:
            detail, challenge = refused
            return problem(401, detail, headers={"WWW-Authenticate": challenge})
        return None

    @app.after_request
    def after(response: flask.Response) -> flask.Response:
        request = flask.request
        rule = request.url_rule
        route = rule.rule if rule is not None else UNMATCHED
        request_id = flask.g.get("request_id") or request_ids.new_id()
        headers.finish(
            response,
            request,
            route,
            origins=settings.cors_origins,
            keys_on=bool(keys),
            max_age=settings.cache_max_age,
        )
        i18n.finish(response, route)
        response.headers[request_ids.HEADER] = request_id
        if response.mimetype == PROBLEM_JSON and not response.is_streamed:
            _add_request_id(response, request_id)
        duration = time.perf_counter() - flask.g.get("start", time.perf_counter())
        method = request.method if request.method in _METHODS else "other"
        if settings.metrics:
            metrics.observe(method, route, response.status_code, duration)
        if settings.access_log == "json":
            logs.log_access(response, route, duration)
        return response


def _add_request_id(response: flask.Response, request_id: str) -> None:
    """The request id as the problem's ``request_id`` extension member (RFC 9457 3.2)."""
    try:
        body = json.loads(response.get_data())
    except ValueError:
        return
    if isinstance(body, dict):
        body["request_id"] = request_id
        response.set_data(json.dumps(body, ensure_ascii=False))
