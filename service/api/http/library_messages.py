"""The fixed English sentences of the libraries the API answers with, marked for the catalogs.

marshmallow's field errors (its default messages, filled in: "Must be one of: C, D."),
the HTTP status titles and werkzeug's status descriptions reach the answers as plain
English strings. They are listed here as templates (``N_``) so ``pybabel extract`` puts
them in the catalogs, and :func:`recognise` finds which template a sentence was made from,
and with which values, so :mod:`service.api.http.i18n` can say it in another language.
tests/api/test_i18n.py checks that each template is still the library's own.
"""

from __future__ import annotations

import re
import string

from ...engine.text import N_

#: marshmallow 4: fields' ``default_error_messages``, the validators' messages (Range with
#: inclusive bounds, as the schemas use it), Schema's own; and the schemas' own messages.
MARSHMALLOW = (
    N_("Missing data for required field."),
    N_("Field may not be null."),
    N_("Invalid value."),
    N_("Invalid input."),
    N_("Invalid type."),
    N_("Invalid input type."),
    N_("Unknown field."),
    N_("Not a valid string."),
    N_("Not a valid utf-8 string."),
    N_("Not a valid integer."),
    N_("Not a valid number."),
    N_("Number too large."),
    N_("Not a valid boolean."),
    N_("Not a valid list."),
    N_("Not a valid tuple."),
    N_("Not a valid mapping type."),
    N_("String does not match expected pattern."),
    N_("Must be one of: {choices}."),
    N_("Must be equal to {other}."),
    N_("Length must be between {min} and {max}."),
    N_("Length must be {equal}."),
    N_("Shorter than minimum length {min}."),
    N_("Longer than maximum length {max}."),
    N_("Must be greater than or equal to {min} and less than or equal to {max}."),
    N_("Must be greater than or equal to {min}."),
    N_("Must be less than or equal to {max}."),
    N_("Expected a JSON object."),
    N_(
        'Not a valid bid value: a number (80, 90 ... 160); the capot bid is sent as "capot": '
        "true, without a value."
    ),
)

#: Titles of the problems: the HTTP reason phrases (Python's ``HTTPStatus``) the API uses.
TITLES = (
    N_("Bad Request"),
    N_("Unauthorized"),
    N_("Forbidden"),
    N_("Not Found"),
    N_("Method Not Allowed"),
    N_("Not Acceptable"),
    N_("Request Entity Too Large"),
    N_("Request-URI Too Long"),
    N_("Unsupported Media Type"),
    N_("Unprocessable Entity"),
    N_("Too Many Requests"),
    N_("Request Header Fields Too Large"),
    N_("Internal Server Error"),
    N_("Service Unavailable"),
    N_("Error"),
)

#: werkzeug's descriptions, the ``detail`` of a problem that has no sentence of its own.
DESCRIPTIONS = (
    N_("The browser (or proxy) sent a request that this server could not understand."),
    N_(
        "The requested URL was not found on the server. If you entered the URL manually "
        "please check your spelling and try again."
    ),
    N_("The method is not allowed for the requested URL."),
    N_(
        "The resource identified by the request is only capable of generating response "
        "entities which have content characteristics not acceptable according to the accept "
        "headers sent in the request."
    ),
    N_("The data value transmitted exceeds the capacity limit."),
    N_("The server does not support the media type transmitted in the request."),
    N_("The request was well-formed but was unable to be followed due to semantic errors."),
    N_(
        "The server encountered an internal error and was unable to complete your request. "
        "Either the server is overloaded or there is an error in the application."
    ),
    N_(
        "The server is temporarily unable to service your request due to maintenance downtime "
        "or capacity problems. Please try again later."
    ),
)

TEMPLATES = MARSHMALLOW + TITLES + DESCRIPTIONS

_FIXED = {t: t for t in TEMPLATES if "{" not in t}


def _pattern(template: str) -> re.Pattern[str]:
    parts = []
    for literal, name, _spec, _conversion in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if name is not None:
            parts.append(f"(?P<{name}>.+?)")
    return re.compile("".join(parts) + r"\Z", re.S)


_PATTERNS = tuple((_pattern(t), t) for t in TEMPLATES if "{" in t)


def recognise(sentence: str) -> tuple[str, dict[str, str]] | None:
    """The template ``sentence`` was made from, and its values; None for another sentence."""
    if sentence in _FIXED:
        return sentence, {}
    for pattern, template in _PATTERNS:
        match = pattern.match(sentence)
        if match:
            return template, match.groupdict()
    return None
