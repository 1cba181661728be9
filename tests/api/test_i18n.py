"""Players read the reasons in their own language (issue 14): the catalogs, the negotiation
of ``Accept-Language``, and answers over HTTP in English, French, Norwegian Bokmål, Danish,
Dutch and Bulgarian. English staying byte for byte what it was: test_english_answers.py."""

from __future__ import annotations

import string
from http import HTTPStatus
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from marshmallow import Schema, fields, validate
from werkzeug.exceptions import default_exceptions

from service.api.http import i18n, library_messages
from service.api.http.i18n import LANGUAGES, negotiate
from service.engine.cards import Card, Mode, Suit
from service.engine.text import Text

ROOT = Path(__file__).resolve().parents[2]
SERVICE = ROOT / "service"
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


# --- the catalogs -------------------------------------------------------------------------


def _extracted() -> dict[tuple[str | None, str], str]:
    """Every marked message of the code, as `make messages` extracts it: (context, id)."""
    keywords = {"N_": None, "P_": ((1, "c"), 2)}
    found = {}
    for filename, _line, message, _comments, context in extract_from_dir(
        str(SERVICE), method_map=[("**.py", "python")], keywords=keywords
    ):
        found[(context, message)] = filename
    return found


EXTRACTED = _extracted()


def _catalog(lang: str):
    with (SERVICE / "locales" / lang / "LC_MESSAGES" / "messages.po").open("rb") as file:
        return read_po(file, locale=lang)


def _placeholders(text: str) -> list[str]:
    return sorted({name for _, name, _, _ in string.Formatter().parse(text) if name is not None})


def test_the_code_marks_its_messages():
    assert len(EXTRACTED) > 200
    assert (None, "You hold {led}, the suit led: you must follow suit.") in EXTRACTED
    assert ("card rank", "J") in EXTRACTED


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang):
    """Names every message of the code without a translation in this language: run
    `make messages`, then translate the msgids listed in service/locales/<lang>."""
    catalog = _catalog(lang)
    missing = []
    for context, msgid in EXTRACTED:
        message = catalog.get(msgid, context=context)
        if message is None or not message.string or message.fuzzy:
            missing.append(f"{context + ' | ' if context else ''}{msgid}")
    assert not missing, (
        f"{len(missing)} message(s) without a {lang} translation "
        f"(make messages, then fill service/locales/{lang}/LC_MESSAGES/messages.po):\n"
        + "\n".join(sorted(missing))
    )


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_the_placeholders(lang):
    """The same ``{names}`` as the English, and Babel's own checks of the catalog."""
    catalog = _catalog(lang)
    wrong = [
        f"{m.id!r}: {_placeholders(m.id)} != {_placeholders(m.string)}"
        for m in catalog
        if m.id and m.string and _placeholders(m.id) != _placeholders(m.string)
    ]
    assert not wrong, "\n".join(wrong)
    problems = [f"{m.id!r}: {errors}" for m, errors in catalog.check()]
    assert not problems, "\n".join(problems)
    for message in catalog:  # each translation formats like its template
        if message.id and message.string and "{" in message.id:
            values = {name: "x" for name in _placeholders(message.id)}
            message.string.format(**values)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_translation_is_left_over(lang):
    """A catalog holds only messages the code still says (make messages drops the rest)."""
    extra = [m.id for m in _catalog(lang) if m.id and (m.context, m.id) not in EXTRACTED]
    assert not extra, extra


def test_library_sentences_are_still_the_libraries_own():
    ours = set(library_messages.MARSHMALLOW)
    theirs = set()
    for field in (fields.Field, fields.String, fields.Integer, fields.Number, fields.Boolean):
        theirs |= set(field.default_error_messages.values())
    for field in (fields.List, fields.Tuple, fields.Mapping, fields.Nested):
        theirs |= set(field.default_error_messages.values())
    theirs |= set(Schema._default_error_messages.values())
    for validator in vars(validate).values():
        if isinstance(validator, type) and issubclass(validator, validate.Validator):
            theirs |= {
                value
                for name, value in vars(validator).items()
                if isinstance(value, str) and name.startswith(("default_message", "message_"))
            }
    ranges = validate.Range(0, 1)
    theirs |= {
        validate.Range.message_all.format(min_op=ranges.message_gte, max_op=ranges.message_lte),
        validate.Range.message_min.format(min_op=ranges.message_gte),
        validate.Range.message_max.format(max_op=ranges.message_lte),
    }
    service_own = {"Expected a JSON object.", library_messages.MARSHMALLOW[-1]}
    assert ours - service_own <= theirs
    phrases = {status.phrase for status in HTTPStatus}
    assert set(library_messages.TITLES) - {"Error"} <= phrases
    descriptions = {e.description for e in default_exceptions.values()}
    assert set(library_messages.DESCRIPTIONS) <= descriptions


def test_a_library_sentence_is_recognised_with_its_values():
    assert library_messages.recognise("Must be one of: C, D, H, S.") == (
        "Must be one of: {choices}.",
        {"choices": "C, D, H, S"},
    )
    assert library_messages.recognise("Not Found") == ("Not Found", {})
    assert library_messages.recognise("something else") is None


def test_cards_suits_and_modes_are_said_in_the_language():
    text = Text("{card} {suit} {mode}", card=Card(30), suit=Suit(2), mode=Mode("none"))
    assert i18n.say(text, "en") == "KS hearts no trump (none)"
    assert i18n.say(text, "fr") == "roi de pique cœur sans atout (none)"
    assert i18n.say(text, "nb") == "spar konge hjerter uten trumf (none)"
    assert i18n.say(text, "da") == "spar konge hjerter uden trumf (none)"
    assert i18n.say(text, "nl") == "schoppen heer harten zonder troef (none)"
    assert i18n.say(text, "bg") == "поп пика купа без коз (none)"


# --- negotiation ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "language"),
    [
        (None, "en"),
        ("", "en"),
        ("nb", "nb"),
        ("no", "nb"),  # Norwegian: answered in Bokmål
        ("nn", "nb"),  # Nynorsk: the service writes Bokmål only
        ("nb-NO", "nb"),
        ("da;q=0.9, en;q=0.8", "da"),
        ("en;q=0.8, da;q=0.9", "da"),  # quality, not order, decides
        ("*", "en"),
        ("*;q=0.5, fr;q=0.1", "en"),  # any language preferred over French: English
        ("xx", "en"),
        ("tlh, x-klingon", "en"),
        ("zh-Hant, nl;q=0.2", "nl"),
        ("fr-CA", "fr"),
        ("en-GB, fr;q=0.5", "en"),
        ("fr;q=0, bg", "bg"),
        ("fr;q=0", "en"),  # nothing acceptable that we have: English
        ("BG", "bg"),
        ("da;q=abc, nl", "nl"),  # a malformed range is skipped
        (";;;,", "en"),
    ],
)
def test_accept_language_negotiation(header, language):
    assert negotiate(header) == language


# --- over HTTP --------------------------------------------------------------------------------

#: An illegal card in each position, with a word each language's sentence must use.
POSITIONS = {
    "must_follow_suit": {
        "ruleset": "belote",
        "trump": "S",
        "hand": ["7H", "AC"],
        "trick": {"leader": 1, "cards": ["8H"]},
    },
    "must_trump": {
        "ruleset": "belote",
        "trump": "H",
        "hand": ["7H", "JH", "AS", "KD"],
        "trick": {"leader": 1, "cards": ["8C", "9D", "AC"]},
    },
    "must_overtrump": {
        "ruleset": "belote",
        "trump": "H",
        "hand": ["7H", "JH"],
        "trick": {"leader": 1, "cards": ["8C", "9H"]},
    },
    "must_undertrump": {
        "ruleset": "belote",
        "options": {"undertrump": "must"},
        "trump": "H",
        "hand": ["7H", "AS"],
        "trick": {"leader": 1, "cards": ["8C", "JH"]},
    },
}
WORDS = {
    "en": {"must_follow_suit": "follow suit", "must_trump": "trump", "must_overtrump": "trump"},
    "fr": {"must_follow_suit": "fournir", "must_trump": "couper", "must_overtrump": "surcouper"},
    "nb": {"must_follow_suit": "følge farge", "must_trump": "trumfe", "must_overtrump": "trumf"},
    "da": {"must_follow_suit": "følge farve", "must_trump": "trumfe", "must_overtrump": "trumf"},
    "nl": {"must_follow_suit": "bekennen", "must_trump": "introeven", "must_overtrump": "troef"},
    "bg": {"must_follow_suit": "боята", "must_trump": "цакате", "must_overtrump": "надцака"},
}
UNDERTRUMP = {
    "en": "lower",
    "fr": "sous-coup",
    "nb": "lavere trumf",
    "da": "lavere trumf",
    "nl": "ondertroeven",
    "bg": "по-малък коз",
}


@pytest.mark.http
@pytest.mark.parametrize("lang", LANGUAGES)
def test_illegal_cards_are_explained_in_the_language(server, lang):
    for rule, body in POSITIONS.items():
        base = server.post("/v1/legal-moves", json=body).json()["illegal"]
        response = server.post("/v1/legal-moves", json=body, headers={"Accept-Language": lang})
        assert response.status_code == 200
        assert response.headers["Content-Language"] == lang
        assert "Accept-Language" in response.headers["Vary"]
        illegal = response.json()["illegal"]
        # Machine values are the same in every language; only the sentences change.
        assert [(i["card"], i["rule"]) for i in illegal] == [(i["card"], i["rule"]) for i in base]
        assert {i["rule"] for i in illegal} == {rule}
        for item in illegal:
            word = WORDS[lang].get(rule) or UNDERTRUMP[lang]
            assert word in item["message"], (lang, rule, item["message"])
            if lang != "en":
                assert (
                    item["message"] != next(b for b in base if b["card"] == item["card"])["message"]
                )


@pytest.mark.http
def test_curl_nb_on_an_illegal_card_answers_in_norwegian(server):
    body = POSITIONS["must_trump"]
    response = server.post("/v1/legal-moves", json=body, headers={"Accept-Language": "nb"})
    messages = {i["message"] for i in response.json()["illegal"]}
    assert messages == {"Du har ikke kløver, men du har trumf: du må trumfe."}
    assert response.headers["Content-Language"] == "nb"


@pytest.mark.http
@pytest.mark.parametrize("lang", TRANSLATED)
def test_problems_and_field_errors_are_in_the_language(server, lang):
    english = server.post("/v1/legal-moves", json={"trump": "X", "hand": 3})
    response = server.post(
        "/v1/legal-moves", json={"trump": "X", "hand": 3}, headers={"Accept-Language": lang}
    )
    assert response.status_code == 422
    assert response.headers["Content-Language"] == lang
    assert "Accept-Language" in response.headers["Vary"]
    body, base = response.json(), english.json()
    assert body["type"] == base["type"] and body["status"] == base["status"]
    assert set(body["errors"]) == set(base["errors"])  # field names stay as they are
    assert body["title"] != base["title"]
    assert body["detail"] != base["detail"]
    for field, messages in body["errors"].items():
        assert messages != base["errors"][field]
    assert "C, D, H, S, none, all" in body["errors"]["trump"][0]  # values stay as sent


@pytest.mark.http
@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_round_violation_and_an_illegal_bid_in_the_language(server, lang):
    tricks = [
        {"leader": 0, "cards": ["7C", "8C", "9C", "10C"]},
        {"leader": 1, "cards": ["JC", "QC", "KC", "AC"]},
    ]
    record = {
        "ruleset": "belote",
        "trump": "H",
        "taker": 0,
        "tricks": tricks,
        "declarations": [],
    }
    headers = {"Accept-Language": lang}
    base = server.post("/v1/round-score", json=record)
    response = server.post("/v1/round-score", json=record, headers=headers)
    assert response.status_code == base.status_code == 422
    assert response.headers["Content-Language"] == lang
    assert response.json()["title"] != base.json()["title"]
    assert response.json()["detail"] != base.json()["detail"]
    bids = {"ruleset": "coinche", "dealer": 0, "bids": [{"action": "bid", "value": 85}]}
    base = server.post("/v1/bidding", json=bids)
    response = server.post("/v1/bidding", json=bids, headers=headers)
    assert response.status_code == base.status_code
    if base.status_code == 422:
        assert response.json()["detail"] != base.json()["detail"]
        assert response.headers["Content-Language"] == lang


@pytest.mark.http
def test_unknown_and_wildcard_languages_answer_in_english(server):
    body = POSITIONS["must_trump"]
    english = server.post("/v1/legal-moves", json=body)
    assert english.headers["Content-Language"] == "en"
    for header in ("*", "xx", "tlh;q=1, *;q=0.1", "fr;q=0"):
        response = server.post("/v1/legal-moves", json=body, headers={"Accept-Language": header})
        assert response.content == english.content
        assert response.headers["Content-Language"] == "en"


@pytest.mark.http
def test_answers_without_sentences_keep_their_headers(server):
    health = server.get("/healthz", headers={"Accept-Language": "fr"})
    assert "Content-Language" not in health.headers
    rulesets = server.get("/v1/rulesets", headers={"Accept-Language": "fr"})
    assert rulesets.headers["Content-Language"] == "en"  # documentation, English only
    assert "Accept-Language" not in rulesets.headers.get("Vary", "")
    missing = server.get("/v1/rulesets/nope", headers={"Accept-Language": "da"})
    assert missing.status_code == 404
    assert missing.headers["Content-Language"] == "da"
    assert "Accept-Language" in missing.headers["Vary"]
    assert missing.json()["title"] == "Ikke fundet"


def test_the_spec_documents_both_headers_on_every_operation():
    import yaml

    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    parameter = {"$ref": "#/components/parameters/AcceptLanguage"}
    header = {"$ref": "#/components/headers/ContentLanguage"}
    assert spec["components"]["parameters"]["AcceptLanguage"]["in"] == "header"
    operations = 0
    for item in spec["paths"].values():
        for method, operation in item.items():
            if method not in ("get", "post"):
                continue
            operations += 1
            assert parameter in operation["parameters"]
            for response in operation["responses"].values():
                if "$ref" in response:
                    name = response["$ref"].rsplit("/", 1)[-1]
                    response = spec["components"]["responses"][name]
                assert response["headers"]["Content-Language"] == header
    assert operations >= 10


#: The calls that carry a sentence to a client: refusals, problems, verdicts.
_SAYING = frozenset(
    {
        "PositionError",
        "DeclarationError",
        "RulesetError",
        "ViewError",
        "CardError",
        "DuplicateKeyError",
        "Busy",
        "InvalidInput",
        "at",
        "abort",
        "ServiceUnavailable",
        "Refusal",
        "Verdict",
        "Violation",
        "_refuse",
        "problem",
    }
)


def _plain_sentences(path: Path) -> list[str]:
    import ast

    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name not in _SAYING:
            continue
        for arg in [*node.args, *(k.value for k in node.keywords)]:
            literal = isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            joined = isinstance(arg, ast.JoinedStr) and any(
                isinstance(v, ast.Constant) and " " in v.value for v in arg.values
            )
            if joined or (literal and " " in arg.value):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_sentences_for_clients_are_templates():
    """A refusal written as a plain string or an f-string cannot be translated: write it
    as ``Text(N_("... {name} ..."), name=...)`` (docs/i18n.md)."""
    files = [
        *(SERVICE / "engine").glob("*.py"),
        *(p for p in (SERVICE / "api").rglob("*.py") if p.name != "config.py"),
        SERVICE / "players" / "view.py",
        SERVICE / "players" / "sampler.py",
    ]
    found = [where for path in sorted(files) for where in _plain_sentences(path)]
    assert not found, "sentences not written as templates:\n" + "\n".join(found)
