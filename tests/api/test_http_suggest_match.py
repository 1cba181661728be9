"""The match situation of the suggestion requests over HTTP (issue 35): `match` in
POST /v1/suggest/bid and /v1/suggest/play (both forms), /v1/suggest/action and a batch
item, and its 422s."""

from __future__ import annotations

import pytest

from service.api.http.routes.round_state import STATE_EXAMPLE
from service.api.http.routes.suggest import PLAY_EXAMPLE

pytestmark = pytest.mark.http

# Seat 0 speaks first (dealer 3); docs: tests/players/test_match_situation.py's SAFE_TAKE.
BID = {
    "ruleset": "belote",
    "dealer": 3,
    "turned": "7D",
    "hand": ["QC", "8D", "JD", "AH", "AS"],
    "level": "normal",
    "seed": 0,
}
NEAR = {"totals": [490, 380], "held_in": 0, "deals_left": None}
RECORD = {k: v for k, v in STATE_EXAMPLE.items() if k != "ruleset"} | {"actions": []}


def _ok(response) -> dict:
    assert response.status_code == 200, response.text
    return response.json()


def _refused(response) -> dict:
    assert response.status_code == 422, response.text
    return response.json()["errors"]


def test_the_match_changes_the_call_and_says_each_options_chance(server):
    blind = _ok(server.post("/v1/suggest/bid", json=BID))
    aware = _ok(server.post("/v1/suggest/bid", json=BID | {"match": NEAR}))
    assert blind["bid"]["action"] == "take" and aware["bid"]["action"] == "pass"
    assert all("chance" not in o for o in blind["options"])
    chances = {o["bid"]["action"]: o["chance"] for o in aware["options"]}
    assert set(chances) == {"pass", "take"} and all(0 <= c <= 1 for c in chances.values())
    # The values are the margins, as without the match.
    assert [o["value"] for o in aware["options"]] == [o["value"] for o in blind["options"]]
    # Far from the target: the same answer as without it.
    far = _ok(server.post("/v1/suggest/bid", json=BID | {"match": {"totals": [0, 0]}}))
    assert far == blind


def test_the_record_form_and_suggest_action_read_the_match(server):
    record_bid = {"ruleset": "belote", "record": RECORD, "seat": 0, "level": "normal"}
    blind = _ok(server.post("/v1/suggest/bid", json=record_bid))
    aware = _ok(server.post("/v1/suggest/bid", json=record_bid | {"match": NEAR}))
    assert "chance" in aware["options"][0] and "chance" not in blind["options"][0]
    action = {"ruleset": "belote", "record": RECORD, "level": "normal", "match": NEAR}
    answer = _ok(server.post("/v1/suggest/action", json=action))
    assert answer["action"] == {"type": "bid", "seat": 0, "bid": aware["bid"]} or (
        answer["action"]["bid"]["action"] == aware["bid"]["action"]
    )
    assert [v["chance"] for v in answer["values"]] == [o["chance"] for o in aware["options"]]


@pytest.mark.parametrize(
    ("match", "field"),
    [
        ({"totals": [501, 300]}, "match.totals.0"),
        ({"totals": [100, 620]}, "match.totals.1"),
        ({"totals": [100, 100], "deals_left": 4}, "match.deals_left"),
        ({"totals": [100]}, "match.totals"),
        ({"totals": [100, 100], "held_in": -5}, "match.held_in"),
        ({"held_in": 5}, "match.totals"),
    ],
)
def test_an_impossible_match_is_a_422_naming_the_field(server, match, field):
    assert field in _refused(server.post("/v1/suggest/bid", json=BID | {"match": match}))
    action = {"ruleset": "belote", "record": RECORD, "level": "easy", "match": match}
    assert field in _refused(server.post("/v1/suggest/action", json=action))


def test_a_match_of_sixteen_deals_needs_the_deals_left(server):
    request = {
        "ruleset": "klaverjas-rotterdam",
        "dealer": 3,
        "proposed": "H",
        "hand": ["JH", "9H", "AH", "10H", "AS", "AD", "AC", "KH"],
        "level": "normal",
        "match": {"totals": [1200, 1500]},
    }
    assert "match.deals_left" in _refused(server.post("/v1/suggest/bid", json=request))
    request["match"]["deals_left"] = 2
    body = _ok(server.post("/v1/suggest/bid", json=request))
    assert all("chance" in o for o in body["options"])


def test_a_batch_item_carries_the_match(server):
    items = [
        {"operation": "suggestBid", "body": BID | {"match": NEAR}},
        {"operation": "suggestBid", "body": BID | {"match": {"totals": [700, 0]}}},
    ]
    results = _ok(server.post("/v1/batch", json={"items": items}))["items"]
    assert results[0]["status"] == 200
    assert results[0]["body"] == _ok(server.post("/v1/suggest/bid", json=BID | {"match": NEAR}))
    assert results[1]["status"] == 422
    assert "match.totals.0" in results[1]["problem"]["errors"]


# The documented suggest/play example (belote, seat 0 to play the first trick's last card).
PLAY = PLAY_EXAMPLE | {"level": "hard"}


def test_hard_plays_its_card_for_the_match_and_says_each_cards_chance(server):
    blind = _ok(server.post("/v1/suggest/play", json=PLAY))
    aware = _ok(server.post("/v1/suggest/play", json=PLAY | {"match": NEAR}))
    assert all("chance" not in v for v in blind["values"])
    chances = [v["chance"] for v in aware["values"]]
    assert all(0 <= c <= 1 for c in chances) and chances == sorted(chances, reverse=True)
    assert aware["card"] == aware["values"][0]["card"]
    assert {v["card"] for v in aware["values"]} == {v["card"] for v in blind["values"]}
    # Far from the target, and at a level that errs (its errors are in points): the
    # answer without the match.
    far = _ok(server.post("/v1/suggest/play", json=PLAY | {"match": {"totals": [0, 0]}}))
    assert far == blind
    normal = PLAY | {"level": "normal"}
    assert _ok(server.post("/v1/suggest/play", json=normal | {"match": NEAR})) == _ok(
        server.post("/v1/suggest/play", json=normal)
    )
    assert "match.totals.0" in _refused(
        server.post("/v1/suggest/play", json=PLAY | {"match": {"totals": [501, 0]}})
    )


def _in_play(server) -> dict:
    """A belote record played by `easy` up to its first card (the auction over, any
    declaration announced)."""
    game = {"ruleset": "belote"}
    deal = _ok(server.post("/v1/deal", json=game | {"dealer": 3, "seed": "match cards 1"}))
    record = {"dealer": 3, "deal": deal["deal"], "actions": []}
    while True:
        state = _ok(server.post("/v1/rounds/state", json=game | record))
        assert state["phase"] != "redeal", "the seed's deal is bid"
        step = {"record": record, "level": "easy"}
        action = _ok(server.post("/v1/suggest/action", json=game | step))["action"]
        if action["type"] in ("play", "belote"):
            return record
        record["actions"].append(action)


def test_suggest_action_and_the_record_form_play_for_the_match(server):
    record = _in_play(server)
    state = _ok(server.post("/v1/rounds/state", json={"ruleset": "belote"} | record))
    seat = state["seat"]
    ask = {"ruleset": "belote", "record": record, "level": "hard", "match": NEAR}
    action = _ok(server.post("/v1/suggest/action", json=ask))
    played = _ok(server.post("/v1/suggest/play", json=ask | {"seat": seat}))
    assert [v["chance"] for v in action["values"]] == [v["chance"] for v in played["values"]]
    assert action["action"].get("card") == played["card"]
