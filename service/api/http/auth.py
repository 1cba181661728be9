"""Optional API keys (``BELOTE_API_KEYS``): off by default; when keys are configured, every
``/v1`` call must carry one, as ``Authorization: Bearer <key>`` or ``X-API-Key: <key>``.

Keys are compared in constant time (``hmac.compare_digest`` against every configured key,
without stopping at the first match), are never logged and never echoed. Several keys may
be configured at once, which is how a key is rotated: add the new one, move the clients,
remove the old one.
"""

from __future__ import annotations

import hmac

import flask

from ...engine.text import N_, Text

PROTECTED_PREFIX = "/v1/"
CHALLENGE = 'Bearer realm="belote-rules"'


def presented_key(request: flask.Request) -> str | None:
    """The key the request carries, if any (Bearer first, then X-API-Key)."""
    authorization = request.headers.get("Authorization", "")
    scheme, _, credentials = authorization.partition(" ")
    if scheme.lower() == "bearer" and credentials.strip():
        return credentials.strip()
    key = request.headers.get("X-API-Key", "").strip()
    return key or None


def is_valid(presented: str | None, keys: tuple[bytes, ...]) -> bool:
    candidate = (presented or "").encode("utf-8", "surrogateescape")
    matched = False
    for key in keys:  # no early exit: the time does not tell which key matched
        matched |= hmac.compare_digest(candidate, key)
    return matched and presented is not None


def refusal(request: flask.Request, keys: tuple[bytes, ...]) -> tuple[str, str] | None:
    """None when the request may go on, else (problem detail, WWW-Authenticate value)."""
    if not keys or not request.path.startswith(PROTECTED_PREFIX) or request.method == "OPTIONS":
        return None
    presented = presented_key(request)
    if presented is None:
        return (
            Text(N_("This API needs a key: send Authorization: Bearer <key> or X-API-Key.")),
            CHALLENGE,
        )
    if not is_valid(presented, keys):
        return Text(N_("The API key is not valid.")), CHALLENGE + ', error="invalid_token"'
    return None
