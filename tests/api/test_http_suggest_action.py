"""POST /v1/suggest/action over HTTP (a real gunicorn): a computer seat's next action in
every phase, ready to append, from the seat's own view."""

from __future__ import annotations

import pytest

from service.engine.rulesets import PRESETS

pytestmark = pytest.mark.http


def _deal(server, game: dict, dealer: int, seed: str) -> dict:
    answer = server.post("/v1/deal", json=game | {"dealer": dealer, "seed": seed})
    assert answer.status_code == 200, answer.text
    return {"dealer": dealer, "deal": answer.json()["deal"], "actions": []}


def _computer_round(server, game: dict, seed: str, level: str = "easy") -> tuple[dict, dict, list]:
    """A round where every seat is a computer player; every suggestion is checked to be
    one of the actions the state lists. Returns the record, the final state and the
    suggestions with the view of their seat."""
    record = _deal(server, game, 0, seed)
    seen = []
    while True:
        state = server.post("/v1/rounds/state", json=game | record).json()
        if state["seat"] is None:
            return record, state, seen
        answer = server.post(
            "/v1/suggest/action", json=game | {"record": record, "level": level, "seed": 3}
        )
        assert answer.status_code == 200, answer.text
        body = answer.json()
        action = body["action"]
        assert action["seat"] == body["seat"]
        assert action in state["legal"]["actions"], (action, state["legal"]["actions"])
        view = server.post("/v1/rounds/view", json=game | record | {"seat": body["seat"]}).json()
        assert action in view["legal"]["actions"]
        seen.append((action, view, body))
        record["actions"].append(action)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_round_is_played_by_suggestions_alone(server, preset):
    game = {"ruleset": preset}
    for seed in ("a", "b"):
        _record, state, seen = _computer_round(server, game, f"{preset} {seed}")
        assert state["phase"] in ("complete", "redeal")
        assert state["match_round"]["type"] == (
            "score" if state["phase"] == "complete" else "redeal"
        )
        for action, view, body in seen:
            legal = view["legal"]
            if action["type"] == "play":
                # a card that goes with belote is played with it, said
                said = [a for a in legal["actions"] if a["type"] == "belote" and "card" in a]
                assert action["card"] not in [a["card"] for a in said]
                assert {v["action"]["type"] for v in body["values"]} <= {"play", "belote"}
                assert body["values"] and body["samples"] >= 1
            if legal["declarations"] and view["seat"] == body["seat"] and not legal["compare"]:
                # its best declarations are announced before its card
                assert action["type"] == "declare", (action, legal["declarations"])
            if legal["exchange"]:
                assert action == {"type": "exchange", "seat": body["seat"], "swap": True}


@pytest.mark.parametrize("seed", range(12))
def test_klaberjass_announcements(server, seed):
    game = {"ruleset": "klaberjass"}
    _record, state, seen = _computer_round(server, game, f"kj {seed}")
    types = {a["type"] for a, _, _ in seen}
    events = {e["type"] for e in state["events"]}
    # the non-dealer with a sequence states it; the winner shows it (as an event)
    for action, view, _ in seen:
        if any(a["type"] == "compare" for a in view["legal"]["actions"]):
            assert action["type"] == "compare"
    if "compare" in types and "declaration" not in events:
        steps = [a["step"] for a, _, _ in seen if a["type"] == "compare"]
        assert steps[-1] in ("same", "state"), steps  # nobody won, or stated unopposed
    assert types <= {"bid", "exchange", "compare", "declare", "belote", "play"}


def test_belote_is_said_with_its_card_where_the_ruleset_needs_it(server):
    game = {"ruleset": "belote-ffb"}
    said = 0
    for seed in range(16):
        _record, state, seen = _computer_round(server, game, f"ffb {seed}")
        if state["phase"] != "complete":
            continue
        could = {
            b["seat"]
            for _, view, b in seen
            for a in view["legal"]["actions"]
            if a["type"] == "belote"
        }
        told = {e["seat"] for e in state["events"] if e["type"] == "belote"}
        assert told == could  # every belote that could be said was, so it counts
        said += len(told)
    assert said >= 1


def test_a_finished_round_and_a_seat_with_nothing_to_do(server):
    game = {"ruleset": "belote"}
    record, _state, _ = _computer_round(server, game, "done")
    answer = server.post("/v1/suggest/action", json=game | {"record": record})
    assert answer.status_code == 422
    problem = answer.json()
    assert "record" in problem["errors"] and "nobody acts" in problem["detail"]
    fresh = _deal(server, game, 0, "fresh")
    answer = server.post("/v1/suggest/action", json=game | {"record": fresh, "seat": 3})
    assert answer.status_code == 422 and "seat" in answer.json()["errors"]
    answer = server.post("/v1/suggest/action", json=game | {"record": fresh, "seat": 1})
    assert answer.status_code == 200 and answer.json()["action"]["type"] == "bid"
