"""POST /v1/rounds/view, and suggestions from a round record (POST /v1/suggest/play and
/v1/suggest/bid with `record` and `seat`), over HTTP."""

from __future__ import annotations

import json

import pytest

from service.api.http.routes.round_state import STATE_EXAMPLE

pytestmark = pytest.mark.http

RECORD = {k: STATE_EXAMPLE[k] for k in ("dealer", "deal", "actions")}


def problem(response, status=422):
    assert response.status_code == status, response.text
    assert response.headers["Content-Type"].startswith("application/problem+json")
    return response.json()


def _cards_in(body) -> set[str]:
    """Every card named anywhere in an answer."""
    found: set[str] = set()

    def walk(value):
        if isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, str) and 2 <= len(value) <= 3 and value[-1] in "CDHS":
            found.add(value)

    walk(body)
    return found


@pytest.mark.parametrize("seat", range(4))
def test_a_view_names_no_card_the_seat_may_not_see(server, seat):
    state = server.post("/v1/rounds/state", json=STATE_EXAMPLE).json()
    view = server.post("/v1/rounds/view", json=STATE_EXAMPLE | {"seat": seat})
    assert view.status_code == 200, view.text
    body = view.json()
    hidden = {c for h in state["hands"] if h["seat"] != seat for c in h["cards"]}
    hidden |= set(state["stock"])
    hidden.discard(STATE_EXAMPLE["deal"]["turned"])  # the taker holds it: every seat saw it
    assert not _cards_in(body) & hidden
    assert body["hand"] == next(h["cards"] for h in state["hands"] if h["seat"] == seat)
    assert body["hand_sizes"] == [len(h["cards"]) for h in state["hands"]]
    assert body["stock_size"] == len(state["stock"])
    assert body["viewer"] == seat and body["seat"] == state["seat"] == 1
    assert body["turned_up"] == "8C" and body["bids"] == [
        {"action": "take", "value": None, "capot": False, "trump": None, "seat": 0}
    ]
    for name in ("phase", "tricks", "card_points", "events", "contract", "auction", "score"):
        assert body[name] == state[name]
    if seat == state["seat"]:
        assert body["legal"] == state["legal"]
    else:
        assert body["legal"]["legal"] == [] and body["legal"]["illegal"] == []


def test_a_bad_record_is_refused_as_rounds_state_refuses_it(server):
    bad = json.loads(json.dumps(STATE_EXAMPLE))
    bad["actions"].append({"type": "play", "card": "AD"})  # played already
    state = problem(server.post("/v1/rounds/state", json=bad))
    view = problem(server.post("/v1/rounds/view", json=bad | {"seat": 0}))
    assert "actions.2" in view["errors"]
    assert {k: view[k] for k in ("type", "errors", "violations")} == {
        k: state[k] for k in ("type", "errors", "violations")
    }


def test_a_seat_that_does_not_exist_is_refused(server):
    body = problem(
        server.post("/v1/rounds/view", json=STATE_EXAMPLE | {"seat": 2, "ruleset": "klaberjass"})
    )
    assert body["errors"]


def test_suggest_play_from_the_record_answers_as_from_the_view_by_hand(server):
    view = server.post("/v1/rounds/view", json=STATE_EXAMPLE | {"seat": 1}).json()
    by_hand = {
        "ruleset": "belote",
        "trump": view["contract"]["trump"],
        "taker": view["contract"]["taker"],
        "hand": view["hand"],
        "trick": {"leader": 0, "cards": ["AD"]},
        "turned": view["turned_up"],
        "dealer": 3,
        "bids": [{"action": "take"}],
        "level": "normal",
        "seed": 3,
        "budget_ms": 5000,
    }
    from_hand = server.post("/v1/suggest/play", json=by_hand)
    assert from_hand.status_code == 200, from_hand.text
    request = {"ruleset": "belote", "record": RECORD, "seat": 1, "level": "normal", "seed": 3}
    from_record = server.post("/v1/suggest/play", json=request | {"budget_ms": 5000})
    assert from_record.status_code == 200, from_record.text
    assert from_record.json()["card"] == from_hand.json()["card"]
    assert from_record.json()["values"] == from_hand.json()["values"]


def test_suggest_bid_from_the_record(server):
    record = RECORD | {"actions": []}
    request = {"ruleset": "belote", "record": record, "seat": 0, "level": "easy"}
    from_record = server.post("/v1/suggest/bid", json=request)
    assert from_record.status_code == 200, from_record.text
    hand = STATE_EXAMPLE["deal"]["hands"][0]["cards"]
    by_hand = {"ruleset": "belote", "dealer": 3, "turned": "8C", "hand": hand, "level": "easy"}
    assert from_record.json() == server.post("/v1/suggest/bid", json=by_hand).json()


@pytest.mark.parametrize(
    "path, change, field",
    [
        ("/v1/suggest/play", {"seat": 2}, "seat"),  # not its turn
        ("/v1/suggest/play", {"seat": None}, "seat"),
        ("/v1/suggest/play", {"hand": ["7C"]}, "hand"),  # the two forms mixed
        ("/v1/suggest/play", {"trump": "H"}, "trump"),
        ("/v1/suggest/bid", {"seat": 1}, "record"),  # the auction is over
        ("/v1/suggest/bid", {"dealer": 3}, "dealer"),
    ],
)
def test_suggestions_from_a_record_refuse_a_wrong_seat_or_a_mixed_form(server, path, change, field):
    request = {"ruleset": "belote", "record": RECORD, "seat": 1, "level": "easy"} | change
    assert field in problem(server.post(path, json=request))["errors"]


def test_the_view_form_still_needs_its_fields(server):
    body = problem(server.post("/v1/suggest/play", json={"trump": "H", "taker": 0, "hand": ["7H"]}))
    assert "trick" in body["errors"]
    body = problem(server.post("/v1/suggest/bid", json={"dealer": 0, "seat": 0}))
    assert "seat" in body["errors"]


def test_a_suggestion_from_an_illegal_record_names_the_action(server):
    bad = json.loads(json.dumps(RECORD))
    bad["actions"][1]["card"] = "9H"  # not in seat 0's hand
    request = {"ruleset": "belote", "record": bad, "seat": 1, "level": "easy"}
    body = problem(server.post("/v1/suggest/play", json=request))
    assert "record.actions.1" in body["errors"]
