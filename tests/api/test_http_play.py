"""The play endpoints and the ruleset listing over HTTP, through a real gunicorn.

Happy paths with figures worked from docs/rules.md, and every error status of docs/api.md:
each error is an RFC 9457 problem (application/problem+json with type, title, status,
detail), and a 422 names the offending field in ``errors``.
"""

from __future__ import annotations

import json

import pytest
import requests
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from service.engine.cards import card_name, mask_of, parse_card
from service.engine.play import Position, check_card, legal_moves
from service.engine.rulesets import PARAMETERS, PRESETS, get_ruleset

pytestmark = pytest.mark.http

EXAMPLE = {
    "ruleset": "belote",
    "trump": "H",
    "hand": ["7H", "JH", "AS", "10C"],
    "trick": {"leader": 1, "cards": ["8C", "9H", "AC"]},
}


def assert_problem(response, status: int) -> dict:
    assert response.status_code == status, response.text
    assert response.headers["Content-Type"].startswith("application/problem+json")
    body = response.json()
    assert list(body)[:4] == ["type", "title", "status", "detail"]
    assert body["status"] == status
    assert isinstance(body["type"], str) and body["type"]
    assert isinstance(body["title"], str) and body["title"]
    assert isinstance(body["detail"], str) and len(body["detail"]) > 10
    return body


def assert_invalid(response, field: str, *words: str) -> dict:
    """A 422 whose ``errors`` names ``field``, with a message holding ``words``."""
    body = assert_problem(response, 422)
    assert field in body["errors"], body
    messages = " ".join(body["errors"][field])
    for word in words:
        assert word in messages, (word, messages)
    assert field in body["detail"]
    return body


def post_raw(server, path, data: bytes | str, content_type="application/json"):
    headers = {} if content_type is None else {"Content-Type": content_type}
    return server.session.post(server.url(path), data=data, headers=headers, timeout=10)


# --- happy paths ------------------------------------------------------------------------


def test_health(server):
    response = server.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_openapi_document(server):
    response = server.get("/openapi.yaml")
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("application/yaml")
    spec = yaml.safe_load(response.text)
    assert spec["openapi"].startswith("3.1")
    for path in ("/v1/legal-moves", "/v1/trick-winner", "/v1/rulesets", "/v1/parameters"):
        assert path in spec["paths"]


def test_list_rulesets(server):
    response = server.get("/v1/rulesets")
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("application/json")
    rulesets = response.json()["rulesets"]
    assert [r["name"] for r in rulesets] == [
        "belote",
        "klob",
        "cardavia",
        "klaberjass",
        "belote-ffb",
        "coinche",
        "belot",
        "klaverjas-rotterdam",
        "klaverjas-amsterdam",
    ]
    by_name = {r["name"]: r for r in rulesets}
    assert {n: r["players"] for n, r in by_name.items()} == {
        "belote": 4,
        "klob": 4,
        "cardavia": 4,
        "klaberjass": 2,
        "belote-ffb": 4,
        "coinche": 4,
        "belot": 4,
        "klaverjas-rotterdam": 4,
        "klaverjas-amsterdam": 4,
    }
    for ruleset in rulesets:
        assert ruleset["title"]
        assert set(ruleset["options"]) == set(PARAMETERS)
    assert by_name["belote"]["options"]["trump_lead_overtrump"] == "unless_partner_winning"
    assert by_name["coinche"]["options"]["partner_winning_trump"] == "free"  # FFB contrée 5.2.3
    assert by_name["klob"]["options"]["trump_modes"] == ["C", "D", "H", "S", "none", "all"]


def test_one_ruleset(server):
    response = server.get("/v1/rulesets/klaberjass")
    assert response.status_code == 200
    body = response.json()
    assert body["name"] == "klaberjass" and body["players"] == 2
    options = body["options"]
    assert options["hand_size"] == 9
    assert options["sequence_points"] == {"3": 20, "4": 50}
    assert options["sequence_cap"] is None
    assert options["capot_bonus"] is None
    assert server.get("/v1/rulesets/cardavia").json()["options"]["target"] is None


def test_unknown_ruleset_is_404(server):
    body = assert_problem(server.get("/v1/rulesets/bridge"), 404)
    assert "bridge" in body["detail"] and "belote" in body["detail"]


def test_parameters(server):
    response = server.get("/v1/parameters")
    assert response.status_code == 200
    parameters = {p["name"]: p for p in response.json()["parameters"]}
    assert list(parameters) == list(PARAMETERS)
    assert parameters["undertrump"]["values"] == ["must", "may", "forbidden"]
    assert parameters["undertrump"]["type"] == "enum"
    assert parameters["target"]["nullable"] is True
    # Only enums list values; the key is always there (regression: a dict's .values method
    # was serialised, a 500).
    assert parameters["target"]["values"] == []
    assert parameters["undertrump"]["minimum"] is None
    assert parameters["target"]["minimum"] == 1 and parameters["target"]["maximum"] == 100000
    assert parameters["sequence_points"]["type"] == "points"
    assert parameters["hand_size"]["minimum"] == 1
    for parameter in parameters.values():
        assert parameter["description"]


def test_legal_moves_example(server):
    # Seat 0 plays (1 + 3 cards); clubs led and seat 0 holds 10C: follow suit.
    response = server.post("/v1/legal-moves", json=EXAMPLE)
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["seat"] == 0
    assert body["legal"] == ["10C"]
    assert [(i["card"], i["rule"]) for i in body["illegal"]] == [
        ("7H", "must_follow_suit"),
        ("JH", "must_follow_suit"),
        ("AS", "must_follow_suit"),
    ]
    for item in body["illegal"]:
        assert "clubs" in item["message"] and item["message"].endswith(".")


def test_legal_moves_aliases_in_canonical_out(server):
    # Clubs led by seat 0, seat 1 trumped with 9H; seat 2 must overtrump with the jack.
    request = {
        "trump": "H",
        "hand": ["j♥", "7h", "A♠", "tD"],
        "trick": {"leader": 0, "cards": ["ac", "9♥"]},
    }
    body = server.post("/v1/legal-moves", json=request).json()
    assert body["seat"] == 2
    assert body["legal"] == ["JH"]
    assert {i["card"]: i["rule"] for i in body["illegal"]} == {
        "7H": "must_overtrump",
        "10D": "must_trump",
        "AS": "must_trump",
    }


TRUMP_LED_PARTNER = {
    "trump": "H",
    "hand": ["JH", "8H", "AS"],
    "trick": {"leader": 0, "cards": ["9H", "7H"]},
}


def test_default_ruleset_is_belote(server):
    # Belote: trump led and the partner (seat 0) wins, no need to overtrump.
    body = server.post("/v1/legal-moves", json=TRUMP_LED_PARTNER).json()
    assert body["legal"] == ["8H", "JH"]
    assert body["illegal"][0]["rule"] == "must_follow_suit"


@pytest.mark.parametrize(
    ("ruleset", "options", "legal", "illegal"),
    [
        ("belote", {}, ["8H", "JH"], {"AS": "must_follow_suit"}),
        ("coinche", {}, ["JH"], {"8H": "must_overtrump", "AS": "must_follow_suit"}),
        (
            "belote",
            {"trump_lead_overtrump": "always"},
            ["JH"],
            {"8H": "must_overtrump", "AS": "must_follow_suit"},
        ),
        (
            "coinche",
            {"trump_lead_overtrump": "unless_partner_winning"},
            ["8H", "JH"],
            {"AS": "must_follow_suit"},
        ),
    ],
)
def test_ruleset_and_options_decide(server, ruleset, options, legal, illegal):
    request = TRUMP_LED_PARTNER | {"ruleset": ruleset, "options": options}
    body = server.post("/v1/legal-moves", json=request).json()
    assert body["legal"] == legal
    got = {i["card"]: i["rule"] for i in body["illegal"]}
    assert got == illegal


def test_legal_moves_leading(server):
    request = {"trump": "S", "hand": ["7H", "JS"], "trick": {"leader": 3}}
    body = server.post("/v1/legal-moves", json=request).json()
    assert body == {"seat": 3, "legal": ["7H", "JS"], "illegal": []}


def test_klaberjass_nine_cards(server):
    request = {
        "ruleset": "klaberjass",
        "trump": "H",
        "hand": ["7H", "JH", "AS", "KS", "QS", "10D", "9D", "7D", "8D"],
        "trick": {"leader": 1, "cards": ["AC"]},
    }
    body = server.post("/v1/legal-moves", json=request).json()
    assert body["seat"] == 0
    assert body["legal"] == ["7H", "JH"]
    assert {i["rule"] for i in body["illegal"]} == {"must_trump"}
    assert len(body["illegal"]) == 7


@pytest.mark.parametrize(
    ("request_body", "expected"),
    [
        (
            {"trump": "H", "trick": {"leader": 1, "cards": ["8C", "9H", "AC", "JH"]}},
            # JH is the highest trump: seat 1 + 3 = 0; 0 + 14 + 11 + 20 points
            {"winner": 0, "team": 0, "card": "JH", "points": 45, "complete": True, "roem": None},
        ),
        (
            {"trump": "D", "trick": {"leader": 2, "cards": ["KS", "7d"]}},
            {"winner": 3, "team": 1, "card": "7D", "points": 4, "complete": False, "roem": None},
        ),
        (
            {"trump": "C", "trick": {"leader": 3, "cards": ["10H"]}},
            {"winner": 3, "team": 1, "card": "10H", "points": 10, "complete": False, "roem": None},
        ),
        (
            {
                "ruleset": "klaberjass",
                "trump": "H",
                "trick": {"leader": 1, "cards": ["9H", "JH"]},
            },
            {"winner": 0, "team": 0, "card": "JH", "points": 34, "complete": True, "roem": None},
        ),
        (
            # sans atout, ace_19: 0 + 2 + 19 + 0
            {
                "ruleset": "coinche",
                "trump": "none",
                "trick": {"leader": 0, "cards": ["9C", "JH", "AH", "7C"]},
            },
            {"winner": 0, "team": 0, "card": "9C", "points": 21, "complete": True, "roem": None},
        ),
        (
            # sans atout, doubled: 0 + 4 + 22 + 0
            {
                "ruleset": "klob",
                "trump": "none",
                "trick": {"leader": 0, "cards": ["9C", "JH", "AH", "7C"]},
            },
            {"winner": 0, "team": 0, "card": "9C", "points": 26, "complete": True, "roem": None},
        ),
        (
            # tout atout, raw: the hearts never win; 11 + 20 + 14 + 0
            {
                "ruleset": "klob",
                "trump": "all",
                "trick": {"leader": 3, "cards": ["AC", "JH", "9H", "7C"]},
            },
            {"winner": 3, "team": 1, "card": "AC", "points": 45, "complete": True, "roem": None},
        ),
        (
            # tout atout, scaled: 6 + 14 + 9 + 0
            {
                "ruleset": "coinche",
                "trump": "all",
                "trick": {"leader": 3, "cards": ["AC", "JH", "9H", "7C"]},
            },
            {"winner": 3, "team": 1, "card": "AC", "points": 29, "complete": True, "roem": None},
        ),
    ],
)
def test_trick_winner(server, request_body, expected):
    response = server.post("/v1/trick-winner", json=request_body)
    assert response.status_code == 200
    assert response.json() == expected


# --- 400 --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b'{"trump": "H",', "not valid JSON"),
        (b'{"trump": NaN}', "NaN"),
        (b'{"trump": Infinity}', "Infinity"),
        (b'{"trump": -Infinity}', "Infinity"),
        (b"", "empty"),
        (b"   ", "empty"),
        (b"\xff\xfe{}", "UTF-8"),
        (b"[" * 30000 + b"]" * 30000, "nested too deeply"),
        (b'{"a": ' * 9000 + b"1" + b"}" * 9000, "nested too deeply"),
    ],
)
@pytest.mark.parametrize("path", ["/v1/legal-moves", "/v1/trick-winner"])
def test_unparsable_json_is_400(server, path, data, words):
    assert len(data) <= 65536
    body = assert_problem(post_raw(server, path, data), 400)
    assert words in body["detail"]


@pytest.mark.parametrize("data", [b"[]", b"7", b'"hand"', b"null", b"true"])
def test_json_that_is_not_an_object_is_refused(server, data):
    # Well-formed JSON of the wrong shape: never a 500.
    response = post_raw(server, "/v1/legal-moves", data)
    assert response.status_code in (400, 422)
    assert_problem(response, response.status_code)


# --- 404, 405 ---------------------------------------------------------------------------


def test_unknown_path_is_404(server):
    assert_problem(server.get("/v1/nothing-here"), 404)


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("GET", "/v1/legal-moves", "POST"),
        ("PUT", "/v1/trick-winner", "POST"),
        ("POST", "/v1/rulesets", "GET"),
        ("DELETE", "/v1/rulesets/belote", "GET"),
        ("POST", "/healthz", "GET"),
    ],
)
def test_wrong_method_is_405_with_allow(server, method, path, allowed):
    response = server.session.request(method, server.url(path), timeout=10)
    assert_problem(response, 405)
    assert allowed in [m.strip() for m in response.headers["Allow"].split(",")]
    assert method not in response.headers["Allow"]


# --- 413 --------------------------------------------------------------------------------


def _padded(size: int) -> bytes:
    """A JSON object of exactly ``size`` bytes."""
    head = json.dumps(EXAMPLE)[:-1] + ', "padding": "'
    tail = '"}'
    return (head + "x" * (size - len(head) - len(tail)) + tail).encode()


def test_body_above_65536_bytes_is_413(server):
    data = _padded(65537)
    assert len(data) == 65537
    body = assert_problem(post_large(server, data), 413)
    assert "65536" in body["detail"]


def test_body_of_65536_bytes_is_read(server):
    data = _padded(65536)
    assert len(data) == 65536
    # Read and parsed: the padding is an unknown field, so 422 rather than 413.
    assert_invalid(post_large(server, data), "padding")


def post_large(server, data, chunked: bool = False):
    """POST a large body on a connection of its own.

    After a 413 the body is left unread; gunicorn drains at most 64 KiB of it and
    otherwise closes the connection (after answering "keep-alive"), so a shared session
    could reuse a dead connection. Chunked: no Content-Length to refuse the body early.
    """
    if chunked:
        data = iter([data[i : i + 8192] for i in range(0, len(data), 8192)])
    with requests.Session() as session:
        return session.post(
            server.url("/v1/legal-moves"),
            data=data,
            headers={"Content-Type": "application/json"},
            timeout=10,
        )


def post_chunked(server, data: bytes):
    return post_large(server, data, chunked=True)


def test_large_chunked_body_is_413(server):
    assert_problem(post_chunked(server, _padded(200000)), 413)


def test_chunked_body_whose_first_65536_bytes_are_json_is_413(server):
    # Not the valid prefix answered as if it were the whole request.
    data = _padded(65536) + b" " * 10 + b"garbage"
    assert_problem(post_chunked(server, data), 413)


def test_chunked_body_within_the_limit_is_read(server):
    assert post_chunked(server, json.dumps(EXAMPLE).encode()).status_code == 200
    assert_invalid(post_chunked(server, _padded(65536)), "padding")


# --- 415 --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content_type",
    ["text/plain", "application/x-www-form-urlencoded", "application/xml", None],
)
def test_wrong_content_type_is_415(server, content_type):
    response = post_raw(server, "/v1/legal-moves", json.dumps(EXAMPLE), content_type)
    body = assert_problem(response, 415)
    assert "application/json" in body["detail"]


def test_json_with_charset_is_accepted(server):
    response = post_raw(
        server, "/v1/legal-moves", json.dumps(EXAMPLE), "application/json; charset=utf-8"
    )
    assert response.status_code == 200


# --- 422 --------------------------------------------------------------------------------


def legal_moves_with(**changes):
    return EXAMPLE | changes


@pytest.mark.parametrize(
    ("request_body", "field", "words"),
    [
        # unknown card
        (legal_moves_with(hand=["7H", "1H"]), "hand.1", ("'1H'", "not a card")),
        (legal_moves_with(hand=["7H", 10]), "hand.1", ()),
        (legal_moves_with(trick={"leader": 1, "cards": ["8C", "XX"]}), "trick.cards.1", ("XX",)),
        # duplicate card in hand (in any spelling)
        (legal_moves_with(hand=["7H", "JH", "7h"]), "hand.2", ("7H", "twice")),
        (legal_moves_with(trick={"leader": 1, "cards": ["8C", "8♣"]}), "trick.cards.1", ("twice",)),
        # card both in hand and trick
        (legal_moves_with(hand=["7H", "9H"]), "hand.1", ("9H", "trick")),
        # trick already full
        (
            legal_moves_with(trick={"leader": 0, "cards": ["8C", "9C", "AC", "KC"]}),
            "trick.cards",
            ("complete",),
        ),
        # trick longer than the player count
        (
            legal_moves_with(trick={"leader": 0, "cards": ["8C", "9C", "AC", "KC", "QC"]}),
            "trick.cards",
            (),
        ),
        (
            legal_moves_with(ruleset="klaberjass", trick={"leader": 0, "cards": ["8C", "9C"]}),
            "trick.cards",
            ("2 players",),
        ),
        # more cards in the hand than dealt
        (
            legal_moves_with(hand=["7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS", "7D"]),
            "hand",
            ("9 cards", "8"),
        ),
        # trump mode the ruleset forbids, or no trump mode at all
        (legal_moves_with(trump="none"), "trump", ("'none'", "belote")),
        (legal_moves_with(ruleset="cardavia", trump="all"), "trump", ("'all'", "cardavia")),
        (legal_moves_with(trump="hearts"), "trump", ()),
        (legal_moves_with(options={"trump_modes": ["C"]}), "trump", ("'H'",)),
        # seat out of range
        (legal_moves_with(trick={"leader": 4, "cards": []}), "trick.leader", ()),
        (legal_moves_with(trick={"leader": -1, "cards": []}), "trick.leader", ()),
        (
            legal_moves_with(ruleset="klaberjass", trick={"leader": 2, "cards": []}),
            "trick.leader",
            ("2 players",),
        ),
        # unknown ruleset, unknown option, bad option values
        (legal_moves_with(ruleset="bridge"), "ruleset", ("belote",)),
        (legal_moves_with(options={"overtrump": "always"}), "options.overtrump", ()),
        (legal_moves_with(options={"undertrump": "sometimes"}), "options.undertrump", ("must",)),
        (legal_moves_with(options={"players": 3}), "options.players", ()),
        (legal_moves_with(options={"trump_modes": ["X"]}), "options.trump_modes.0", ()),
        (legal_moves_with(options={"hand_size": 9}), "options.hand_size", ("32",)),
        (
            legal_moves_with(options={"card_in_two_declarations": "yes"}),
            "options.card_in_two_declarations",
            (),
        ),
        (
            legal_moves_with(options={"sequence_points": {"2": 5}}),
            "options.sequence_points.2.key",
            (),
        ),
        # integers: 2.5, "7" and true are not integers
        (legal_moves_with(options={"target": 2.5}), "options.target", ("integer",)),
        (legal_moves_with(options={"target": "7"}), "options.target", ("integer",)),
        (legal_moves_with(options={"target": True}), "options.target", ("integer",)),
        (legal_moves_with(trick={"leader": 1.5, "cards": []}), "trick.leader", ("integer",)),
        (legal_moves_with(trick={"leader": "1", "cards": []}), "trick.leader", ("integer",)),
        (legal_moves_with(trick={"leader": True, "cards": []}), "trick.leader", ("integer",)),
        # missing or unknown fields
        ({"hand": ["7H"], "trick": {"leader": 0}}, "trump", ()),
        ({"trump": "H", "trick": {"leader": 0}}, "hand", ()),
        ({"trump": "H", "hand": ["7H"]}, "trick", ()),
        (legal_moves_with(hand=[]), "hand", ()),
        (legal_moves_with(seat=2), "seat", ()),
        (legal_moves_with(options=[]), "options", ()),
        (legal_moves_with(hand="7H"), "hand", ()),
    ],
)
def test_legal_moves_422(server, request_body, field, words):
    assert_invalid(server.post("/v1/legal-moves", json=request_body), field, *words)


@pytest.mark.parametrize(
    ("request_body", "field"),
    [
        ({"trump": "H", "trick": {"leader": 0, "cards": []}}, "trick.cards"),
        ({"trump": "H", "trick": {"leader": 0, "cards": ["8C", "8C"]}}, "trick.cards.1"),
        (
            {"trump": "H", "trick": {"leader": 0, "cards": ["8C", "9C", "AC", "KC", "QC"]}},
            "trick.cards",
        ),
        (
            {
                "ruleset": "klaberjass",
                "trump": "H",
                "trick": {"leader": 0, "cards": ["8C", "9C", "AC"]},
            },
            "trick.cards",
        ),
        ({"trump": "all", "trick": {"leader": 0, "cards": ["8C"]}}, "trump"),
        ({"trump": "H", "trick": {"leader": 5, "cards": ["8C"]}}, "trick.leader"),
        (
            {"trump": "H", "options": {"bogus": 1}, "trick": {"leader": 0, "cards": ["8C"]}},
            "options.bogus",
        ),
        ({"trump": "H", "trick": {"leader": 0, "cards": ["8C", "1C"]}}, "trick.cards.1"),
    ],
)
def test_trick_winner_422(server, request_body, field):
    assert_invalid(server.post("/v1/trick-winner", json=request_body), field)


def test_53_point_0_is_an_integer(server):
    request = legal_moves_with(options={"target": 53.0, "hand_size": 8.0})
    request["trick"] = {"leader": 1.0, "cards": ["8C", "9H", "AC"]}
    response = server.post("/v1/legal-moves", json=request)
    assert response.status_code == 200
    assert response.json()["seat"] == 0


def test_options_set_to_null_where_allowed(server):
    request = legal_moves_with(options={"target": None, "sequence_cap": None})
    assert server.post("/v1/legal-moves", json=request).status_code == 200
    response = server.post("/v1/legal-moves", json=legal_moves_with(options={"undertrump": None}))
    assert_invalid(response, "options.undertrump")


# --- property: random positions through the engine and over HTTP ----------------------------


@st.composite
def positions(draw):
    name = draw(st.sampled_from(list(PRESETS)))
    ruleset = get_ruleset(name)
    trump = draw(st.sampled_from(ruleset.trump_modes))
    leader = draw(st.integers(0, ruleset.players - 1))
    deck = draw(st.permutations(range(32)))
    played = draw(st.integers(0, ruleset.players - 1))
    size = draw(st.integers(1, ruleset.hand_size))
    trick, hand = deck[:played], deck[played : played + size]
    return name, ruleset, trump, leader, trick, hand


def _engine_check(ruleset, trump, leader, trick, hand):
    position = Position(leader, tuple(trick), trump, ruleset)
    mask = mask_of(hand)
    verdicts = legal_moves(mask, position)
    legal = {v.card for v in verdicts if v.legal}
    assert legal, "a hand always has a legal card"
    assert legal <= set(hand)
    assert [v.card for v in verdicts] == sorted(hand)
    for verdict in verdicts:
        assert check_card(mask, verdict.card, position) == verdict
        if not verdict.legal:
            assert verdict.rule in {
                "must_follow_suit",
                "must_trump",
                "must_overtrump",
                "must_beat",
                "must_undertrump",
                "must_not_undertrump",
            }
            assert verdict.message
    if trick:
        led = trick[0] >> 3
        if any(c >> 3 == led for c in hand):
            assert all(c >> 3 == led for c in legal), "holding the led suit: follow it"
        if trump == "none":
            following = {c for c in hand if c >> 3 == led}
            assert legal == (following or set(hand))
    else:
        assert legal == set(hand)
    return verdicts


@settings(max_examples=1500, deadline=None)
@given(positions())
def test_property_legal_moves_is_a_non_empty_subset_and_check_card_agrees(case):
    _, ruleset, trump, leader, trick, hand = case
    _engine_check(ruleset, trump, leader, trick, hand)


@settings(max_examples=100, deadline=None)
@given(positions())
def test_property_over_http(server, case):
    name, ruleset, trump, leader, trick, hand = case
    request = {
        "ruleset": name,
        "trump": trump,
        "hand": [card_name(c).lower() for c in hand],
        "trick": {"leader": leader, "cards": [card_name(c) for c in trick]},
    }
    response = server.post("/v1/legal-moves", json=request)
    assert response.status_code == 200, response.text
    body = response.json()
    verdicts = _engine_check(ruleset, trump, leader, trick, hand)
    assert body["seat"] == (leader + len(trick)) % ruleset.players
    assert body["legal"] == [card_name(v.card) for v in verdicts if v.legal]
    assert body["illegal"] == [
        {"card": card_name(v.card), "rule": v.rule, "message": v.message}
        for v in verdicts
        if not v.legal
    ]
    assert sorted(map(parse_card, body["legal"] + [i["card"] for i in body["illegal"]])) == sorted(
        hand
    )


# --- property: nothing a client sends produces a 500 ------------------------------------------

_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 40),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=5),
    st.sampled_from(["H", "none", "all", "belote", "klaberjass", "10H", "th", "J♠", "must"]),
)
_JSON = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["leader", "cards", "3", "x"]), inner, max_size=3)
    ),
    max_leaves=8,
)
_CARDS = st.lists(st.sampled_from(["7H", "JH", "AS", "10C", "8C", "9H", "th", "1H"]), max_size=10)
_BODIES = st.fixed_dictionaries(
    {},
    optional={
        "ruleset": st.sampled_from(["belote", "klaberjass", "coinche", "klob", "x"]) | _JSON,
        "options": st.dictionaries(st.sampled_from([*PARAMETERS, "zz"]), _JSON, max_size=3) | _JSON,
        "trump": st.sampled_from(["H", "none", "all", "S"]) | _JSON,
        "hand": _CARDS | _JSON,
        "trick": st.fixed_dictionaries(
            {}, optional={"leader": st.integers(-1, 5) | _JSON, "cards": _CARDS | _JSON}
        )
        | _JSON,
    },
)


@settings(max_examples=300, deadline=None)
@given(_BODIES, st.sampled_from(["/v1/legal-moves", "/v1/trick-winner"]))
def test_property_no_server_error_for_any_json_body(server, body, path):
    response = server.post(path, json=body)
    assert response.status_code in (200, 422), (body, response.text)
    if response.status_code == 422:
        problem = assert_problem(response, 422)
        assert problem["errors"], problem
