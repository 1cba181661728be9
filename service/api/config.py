"""All configuration of the HTTP service, in one object."""

from __future__ import annotations

from .. import __version__

#: Largest request body accepted (bytes). A whole round record is about 2 KiB.
MAX_BODY_BYTES = 64 * 1024


class Config:
    MAX_CONTENT_LENGTH = MAX_BODY_BYTES

    API_TITLE = "Belote rules service"
    API_VERSION = __version__
    OPENAPI_VERSION = "3.1.0"
    OPENAPI_URL_PREFIX = None  # the spec is served by our own GET /openapi.yaml
    API_SPEC_OPTIONS = {
        "info": {
            "description": (
                "Stateless rules service for the Belote family of card games: legal moves "
                "with the reason every other card is illegal, trick winners, declaration "
                "ranking, round and match scores, under named rulesets (belote, klob, "
                "cardavia, klaberjass, belote-ffb, coinche) whose parameters a request may "
                "override through `options`.\n\n"
                "One meaning per request shape: an optional request field left out, sent "
                "as `null` or (a list) sent as `[]` means the same thing, its documented "
                "default. Where two behaviours exist, a required field or a separate "
                "operation chooses (`/v1/declarations/rank` ranks what was announced, "
                "`/v1/declarations/best` finds each hand's best). The one place `null` is a "
                "value is a ruleset parameter in `options` that `GET /v1/parameters` lists "
                "as `nullable` (`target: null`: a single deal); leaving it out keeps the "
                "preset's value.\n\n"
                "Errors are RFC 9457 `application/problem+json`. Request bodies are limited "
                f"to {MAX_BODY_BYTES} bytes. Refusals carry a stable `ReasonCode`. "
                "`info.version` follows semantic versioning; the README's versioning policy "
                "says what may change within `/v1`."
            ),
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "servers": [{"url": "http://127.0.0.1:8000", "description": "make run"}],
    }
