"""Sentences in the client's language: ``Accept-Language`` and the gettext catalogs.

- Languages: English (the engine's own), French, Norwegian Bokmål, Danish, Dutch and
  Bulgarian. The catalogs are ``service/locales/<lang>/LC_MESSAGES/messages.po``, managed
  with Babel (``make messages``: extract, update, compile; the ``.mo`` files are compiled by
  the install step of ``make run`` / ``make test`` and by the Dockerfile).
- Negotiation (:func:`negotiate`): ``Accept-Language`` as RFC 9110 section 12.5.4 reads it,
  quality values included (werkzeug's parser and basic-filtering match: ``fr-CA`` is
  French, ``*`` is any language, so English). ``no`` (Norwegian) and ``nn`` (Nynorsk) are
  answered in Bokmål, the only written Norwegian the service has. Nothing acceptable, no
  header or a malformed one: English.
- What is translated: every :class:`~service.engine.text.Text` (engine sentences and the
  API's own), with its cards, suits and trump modes (:func:`say`); the fixed sentences of
  the libraries (marshmallow field errors, HTTP status titles, werkzeug's descriptions:
  :mod:`service.api.http.library_messages`) where they are sentences of a body. Reason codes,
  field names and every machine value stay as they are.
- Headers (:func:`finish`): ``Content-Language`` on every answer whose body has sentences;
  ``Vary: Accept-Language`` on every answer that depends on it.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Callable, Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import flask
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask.json.provider import DefaultJSONProvider
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from ...engine.cards import MODE_NAMES, RANKS, SUIT_NAMES, SUITS, Card, Cards, Mode, Rank, Suit
from ...engine.text import Listing, Text
from . import library_messages

LOCALES = Path(__file__).resolve().parents[2] / "locales"
DOMAIN = "messages"
DEFAULT = "en"
#: The languages answered, the default first.
LANGUAGES = ("en", "fr", "nb", "da", "nl", "bg")
#: Tags answered in another language: Norwegian and Nynorsk in Bokmål.
ALIASES = {"no": "nb", "nn": "nb"}
_OFFERED = [*LANGUAGES, *ALIASES]

# Contexts of the words said inside sentences (msgctxt in the catalogs).
CARD = "card"  # a card: "{rank}{suit}" is "JH"; French "{rank} de {suit}"
RANK = "card rank"  # J, Q, K, A... as a card's name says them: valet, dame, roi, as
CARD_SUIT = "card suit"  # C, D, H, S as a card's name says them
SUIT = "suit"  # clubs, diamonds, hearts, spades as a sentence says a suit
MODE = "trump mode"  # no trump, all trumps


def P_(context: str, message: str) -> tuple[str, str]:  # noqa: N802 - an extraction keyword
    """Mark a word said in a context (``pybabel extract -k P_:1c,2``)."""
    return context, message


#: The words said inside sentences, marked for extraction (contexts written out: the
#: extractor reads literals only).
WORDS = (
    P_("card", "{rank}{suit}"),
    P_("card rank", "7"),
    P_("card rank", "8"),
    P_("card rank", "9"),
    P_("card rank", "10"),
    P_("card rank", "J"),
    P_("card rank", "Q"),
    P_("card rank", "K"),
    P_("card rank", "A"),
    P_("card suit", "C"),
    P_("card suit", "D"),
    P_("card suit", "H"),
    P_("card suit", "S"),
    P_("suit", "clubs"),
    P_("suit", "diamonds"),
    P_("suit", "hearts"),
    P_("suit", "spades"),
    P_("trump mode", "clubs"),
    P_("trump mode", "diamonds"),
    P_("trump mode", "hearts"),
    P_("trump mode", "spades"),
    P_("trump mode", "no trump"),
    P_("trump mode", "all trumps"),
)


@lru_cache(maxsize=1024)
def negotiate(header: str | None) -> str:
    """The language to answer in for this ``Accept-Language`` value (see the module doc).

    Ranges are tried by quality, highest first (q=0 means "not this one"); each as RFC 4647
    "lookup" does: ``nb-NO`` is tried as ``nb-no``, then ``nb``; ``*`` is any language, so
    English.
    """
    if not header:
        return DEFAULT
    ranges = [(tag, q) for tag, q in parse_accept_header(header, LanguageAccept) if q > 0]
    for tag, _quality in sorted(ranges, key=lambda item: -item[1]):
        if tag == "*":
            return DEFAULT
        subtags = tag.lower().replace("_", "-").split("-")
        while subtags:
            wanted = "-".join(subtags)
            if wanted in _OFFERED:
                return ALIASES.get(wanted, wanted)
            subtags.pop()
    return DEFAULT


@cache
def catalog(language: str) -> gettext.NullTranslations:
    """The compiled catalog of ``language`` (English: the templates themselves)."""
    if language == DEFAULT:
        return gettext.NullTranslations()
    folder = LOCALES / language / "LC_MESSAGES"
    compiled = folder / f"{DOMAIN}.mo"
    if compiled.exists():
        with compiled.open("rb") as file:
            return gettext.GNUTranslations(file)
    # Not compiled (code run without `make`'s install step): compile the catalog in memory.
    with (folder / f"{DOMAIN}.po").open("rb") as file:
        source = read_po(file, locale=language)
    buffer = io.BytesIO()
    write_mo(buffer, source)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def language() -> str:
    """The language of the current request's answer (English outside a request)."""
    if not flask.has_request_context():
        return DEFAULT
    g = flask.g
    chosen = g.get("language")
    if chosen is None:  # (the header read from the WSGI environ, as request.headers does)
        chosen = g.language = negotiate(flask.request.environ.get("HTTP_ACCEPT_LANGUAGE"))
    return chosen


def _mark_said() -> None:
    if flask.has_request_context():
        flask.g.sentences = True


def say(value: Any, language_: str | None = None) -> Any:
    """``value`` said in the request's language when it is a sentence: a :class:`Text`,
    or a fixed sentence of a library; anything else is returned as it is."""
    if not isinstance(value, str):
        return value
    _mark_said()
    lang = language_ or language()
    if lang == DEFAULT:
        return str.__str__(value)  # the English sentence as it was made
    if isinstance(value, Text):
        return _text(value, catalog(lang))
    return _library(value, catalog(lang))


def _text(value: Text, tr: gettext.NullTranslations) -> str:
    params = {name: _word(param, tr) for name, param in value.params.items()}
    return tr.gettext(value.template).format(**params)


def _word(param: Any, tr: gettext.NullTranslations) -> Any:
    if isinstance(param, Text):
        return _text(param, tr)
    if isinstance(param, Card):
        return _card(int(param), tr)
    if isinstance(param, Cards):
        return ", ".join(_card(c, tr) for c in param)
    if isinstance(param, Suit):
        return tr.pgettext(SUIT, SUIT_NAMES[param])
    if isinstance(param, Rank):
        return tr.pgettext(RANK, RANKS[param])
    if isinstance(param, Mode):
        mode = str.__str__(param)
        if mode not in MODE_NAMES:
            return format(param)
        return f"{tr.pgettext(MODE, MODE_NAMES[mode])} ({mode})"
    if isinstance(param, Listing):
        return ", ".join(str(_word(item, tr)) for item in param)
    return param


@lru_cache(maxsize=6 * 32)
def _card(c: int, tr: gettext.NullTranslations) -> str:
    return card(c, tr)


def card(c: int, tr: gettext.NullTranslations) -> str:
    """A card's name: ``JH``; French ``valet de cœur``; Norwegian ``hjerter knekt``."""
    rank = tr.pgettext(RANK, RANKS[c & 7])
    suit = tr.pgettext(CARD_SUIT, SUITS[c >> 3])
    return tr.pgettext("card", "{rank}{suit}").format(rank=rank, suit=suit)


def _library(sentence: str, tr: gettext.NullTranslations) -> str:
    """A library's fixed sentence, recognised and translated; else unchanged."""
    found = library_messages.recognise(sentence)
    if found is None:
        return sentence
    template, params = found
    return tr.gettext(template).format(**params)


# --- where sentences go out --------------------------------------------------------------

#: Members of a problem body (and of its extensions) that are sentences.
SENTENCE_KEYS = frozenset({"title", "detail", "message"})


def say_problem(body: Mapping[str, Any]) -> dict[str, Any]:
    """A problem body with its sentences said in the request's language: ``title``,
    ``detail``, each message of ``errors`` and any nested ``message``."""
    return {key: _say_member(key, value) for key, value in body.items()}


def _say_member(key: str, value: Any) -> Any:
    if key in SENTENCE_KEYS:
        return say(value)
    if key == "errors" and isinstance(value, Mapping):
        return {field: [say(m) for m in messages] for field, messages in value.items()}
    if isinstance(value, Mapping):
        return {k: _say_member(k, v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_say_member("", v) for v in value]
    if isinstance(value, Text):
        return say(value)
    return value


def say_tree(value: Any) -> Any:
    """Every :class:`Text` of a response body said in the request's language."""
    if isinstance(value, Text):
        return say(value)
    if isinstance(value, dict):
        return {k: say_tree(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [say_tree(v) for v in value]
    return value


def orjson_default() -> Callable[[Any], Any]:
    """An ``orjson.dumps(..., default=..., option=OPT_PASSTHROUGH_SUBCLASS)`` hook that says
    each :class:`Text` as :func:`say_tree` does, without walking the whole tree: with that
    option orjson hands every subclass of str, int, dict and list to the hook, which
    returns the plain value (a Text said in the request's language)."""
    plain_str = str.__str__
    said = False
    tr: gettext.NullTranslations | None = None

    def default(value: Any) -> Any:
        nonlocal said, tr
        if isinstance(value, str):
            if isinstance(value, Text):
                if not said:  # the first sentence: the request's language, once
                    said = True
                    _mark_said()
                    lang = language()
                    tr = None if lang == DEFAULT else catalog(lang)
                return plain_str(value) if tr is None else _text(value, tr)
            return plain_str(value)
        if isinstance(value, int):
            return int(value)
        if isinstance(value, dict):
            return dict(value)
        if isinstance(value, list):
            return list(value)
        raise TypeError(f"not JSON: {type(value).__name__}")

    return default


class JSONProvider(DefaultJSONProvider):
    """Flask's JSON with the sentences of a body said in the request's language."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return super().dumps(say_tree(obj), **kwargs)


#: Answers documenting the API (English only, never translated): Content-Language en.
ENGLISH_DOCUMENTS = frozenset(
    {"/v1/rulesets", "/v1/rulesets/<name>", "/v1/parameters", "/openapi.yaml"}
)


def finish(response: flask.Response, route: str) -> flask.Response:
    """``Content-Language`` and ``Vary: Accept-Language`` (see the module doc)."""
    request = flask.request
    if flask.g.get("sentences"):
        response.headers["Content-Language"] = language()
        _vary_on_language(response)
    elif request.method == "POST":
        _vary_on_language(response)  # the same request may be refused in words
    elif route in ENGLISH_DOCUMENTS and response.status_code in (200, 304):
        response.headers["Content-Language"] = DEFAULT
    return response


def _vary_on_language(response: flask.Response) -> None:
    headers = response.headers
    if headers.getlist("Vary"):  # (getlist: a missing header raises no KeyError)
        response.vary.add("Accept-Language")
    else:  # what response.vary.add writes then, without parsing and rewriting the header
        headers["Vary"] = "Accept-Language"


# --- the spec ------------------------------------------------------------------------------

ACCEPT_LANGUAGE = {
    "name": "Accept-Language",
    "in": "header",
    "required": False,
    "description": (
        "Language of the sentences of the answer (reason messages, problem `title` and "
        "`detail`, field errors), with quality values (RFC 9110): `en`, `fr`, `nb`, `da`, "
        "`nl`, `bg`; `no` and `nn` are answered in Norwegian Bokmål; anything else, or no "
        "header, in English. Reason codes, field names and values are the same in every "
        "language."
    ),
    "schema": {"type": "string"},
    "example": "nb, da;q=0.9, en;q=0.8",
}
CONTENT_LANGUAGE = {
    "description": "The language of the sentences of the body (`en`, `fr`, `nb`, `da`, `nl` "
    "or `bg`), when it has any.",
    "schema": {"type": "string"},
}
VARY = {
    "description": "`Accept-Language` (among others) when the body depends on it.",
    "schema": {"type": "string"},
}


def document(spec: dict) -> dict:
    """The spec with ``Accept-Language`` on every operation and ``Content-Language`` and
    ``Vary`` on every response (named components, referenced)."""
    components = spec.setdefault("components", {})
    components.setdefault("parameters", {})["AcceptLanguage"] = ACCEPT_LANGUAGE
    components.setdefault("headers", {}).update(ContentLanguage=CONTENT_LANGUAGE, Vary=VARY)
    headers = {
        "Content-Language": {"$ref": "#/components/headers/ContentLanguage"},
        "Vary": {"$ref": "#/components/headers/Vary"},
    }
    for response in components.get("responses", {}).values():
        response.setdefault("headers", {}).update(headers)
    for item in spec.get("paths", {}).values():
        for method, operation in item.items():
            if method not in ("get", "post", "put", "patch", "delete", "head", "options"):
                continue
            parameters = operation.setdefault("parameters", [])
            parameters.append({"$ref": "#/components/parameters/AcceptLanguage"})
            for response in operation.get("responses", {}).values():
                if "$ref" not in response:
                    response.setdefault("headers", {}).update(headers)
    return spec
