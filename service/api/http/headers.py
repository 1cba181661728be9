"""Response headers every answer gets, caching of the GET answers that can be cached,
optional CORS, and the HTTP/1.1 ``Host`` requirement.

- ``X-Content-Type-Options: nosniff`` on every answer.
- The rule set listings, the parameter list and the spec (:data:`CACHEABLE`) carry an
  ``ETag`` and ``Cache-Control: public, max-age=BELOTE_CACHE_MAX_AGE`` (``private`` when API
  keys are on, with ``Vary: Authorization, X-API-Key``); ``If-None-Match`` gets a 304.
  Other GET answers (health, readiness, metrics) and every problem are ``no-store``.
- CORS (``BELOTE_CORS_ORIGINS``, off by default): a listed origin gets
  ``Access-Control-Allow-Origin`` and the exposed headers; its preflight ``OPTIONS`` gets a
  204 with the methods and headers this API accepts. ``Vary: Origin`` whenever CORS is on.
"""

from __future__ import annotations

import flask

from ...engine.text import N_, Text
from .errors import PROBLEM_JSON

CACHEABLE = frozenset({"/v1/rulesets", "/v1/rulesets/<name>", "/v1/parameters", "/openapi.yaml"})
ALLOW_METHODS = "GET, POST, OPTIONS"
ALLOW_HEADERS = "Authorization, Content-Type, If-None-Match, X-API-Key, X-Request-ID"
EXPOSE_HEADERS = "ETag, WWW-Authenticate, X-Request-ID"
PREFLIGHT_MAX_AGE = "600"


def missing_host(request: flask.Request) -> str | None:
    """Why an HTTP/1.1 request's Host is unacceptable (RFC 9112 section 3.2), or None."""
    if request.environ.get("SERVER_PROTOCOL") != "HTTP/1.1":
        return None
    host = request.environ.get("HTTP_HOST")
    if host is None or not host.strip():
        return Text(N_("An HTTP/1.1 request must have a Host header (RFC 9112, section 3.2)."))
    if "," in host:
        return Text(N_("A request must have exactly one Host header (RFC 9112, section 3.2)."))
    return None


def allowed_origin(origin: str | None, origins: tuple[str, ...]) -> str | None:
    """The Access-Control-Allow-Origin value for this Origin, or None (CORS refused or off)."""
    if not origin or not origins:
        return None
    if "*" in origins:
        return "*"
    # Exactly as configured: a browser sends an origin without a path, so
    # "https://cards.example/" is not that origin and is never echoed.
    return origin if origin in origins else None


def preflight(request: flask.Request, origins: tuple[str, ...]) -> flask.Response | None:
    """The answer to a CORS preflight from an allowed origin, else None."""
    if request.method != "OPTIONS" or "Access-Control-Request-Method" not in request.headers:
        return None
    allow = allowed_origin(request.headers.get("Origin"), origins)
    if allow is None:
        return None
    response = flask.Response(status=204)
    response.headers["Access-Control-Allow-Origin"] = allow
    response.headers["Access-Control-Allow-Methods"] = ALLOW_METHODS
    response.headers["Access-Control-Allow-Headers"] = ALLOW_HEADERS
    response.headers["Access-Control-Max-Age"] = PREFLIGHT_MAX_AGE
    return response


def finish(
    response: flask.Response,
    request: flask.Request,
    route: str,
    *,
    origins: tuple[str, ...],
    keys_on: bool,
    max_age: int,
) -> flask.Response:
    response.headers["X-Content-Type-Options"] = "nosniff"
    if origins:
        response.vary.add("Origin")
        allow = allowed_origin(request.headers.get("Origin"), origins)
        if allow is not None:
            response.headers["Access-Control-Allow-Origin"] = allow
            response.headers["Access-Control-Expose-Headers"] = EXPOSE_HEADERS
    if response.mimetype == PROBLEM_JSON:
        response.headers["Cache-Control"] = "no-store"
    elif request.method in ("GET", "HEAD") and response.status_code == 200:
        if route in CACHEABLE:
            scope = "private" if keys_on else "public"
            response.headers["Cache-Control"] = f"{scope}, max-age={max_age}"
            if keys_on:
                response.vary.update(("Authorization", "X-API-Key"))
            response.add_etag()
            response.make_conditional(request)
        else:
            response.headers["Cache-Control"] = "no-store"
    return response
