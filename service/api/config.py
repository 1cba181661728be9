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
                "override through `options`.\n\nErrors are RFC 9457 "
                f"`application/problem+json`. Request bodies are limited to {MAX_BODY_BYTES} bytes."
            ),
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "servers": [{"url": "http://127.0.0.1:8000", "description": "make run"}],
    }
