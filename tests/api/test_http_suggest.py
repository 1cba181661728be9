"""POST /v1/suggest/play and /v1/suggest/bid over HTTP (a real gunicorn; the searches run
in its process pool)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.http

PLAY = {
    "ruleset": "belote",
    "trump": "H",
    "taker": 1,
    "hand": ["7H", "JH", "AS", "KD", "10C", "QS", "8D", "9D"],
    "tricks": [],
    "trick": {"leader": 1, "cards": ["8C", "9H", "AC"]},
    "level": "easy",
}


def problem(response, status=422):
    assert response.status_code == status, response.text
    assert response.headers["Content-Type"].startswith("application/problem+json")
    return response.json()


def test_a_card_of_the_hand_that_legal_moves_allows(server):
    r = server.post("/v1/suggest/play", json=PLAY | {"level": "normal", "seed": 4})
    assert r.status_code == 200, r.text
    body = r.json()
    legal = server.post(
        "/v1/legal-moves",
        json={k: PLAY[k] for k in ("ruleset", "trump", "hand", "trick")},
    ).json()["legal"]
    assert body["card"] in legal
    assert body["seat"] == 0
    assert sorted(v["card"] for v in body["values"]) == sorted(legal)
    assert body["values"][0]["value"] == max(v["value"] for v in body["values"])
    assert body["samples"] >= 1


def test_the_same_seed_gives_the_same_answer(server):
    # (A budget that cuts the work short, on a loaded machine, would say complete: false.)
    request = PLAY | {"level": "normal", "seed": 12, "budget_ms": 2000}
    first = server.post("/v1/suggest/play", json=request).json()
    again = server.post("/v1/suggest/play", json=request).json()
    assert first["complete"] and again["complete"]
    assert first["card"] == again["card"] and first["values"] == again["values"]


def test_the_first_card_says_what_to_announce(server):
    request = {
        "ruleset": "belote",
        "trump": "S",
        "taker": 0,
        "hand": ["7C", "8C", "9C", "KS", "QS", "AD", "10D", "7H"],
        "trick": {"leader": 0, "cards": []},
        "level": "easy",
    }
    body = server.post("/v1/suggest/play", json=request).json()
    assert body["declarations"] == [{"kind": "sequence", "cards": ["7C", "8C", "9C"], "points": 20}]
    assert body["belote"] == ["S"]


def test_klaberjass_and_coinche_no_trump(server):
    klaberjass = {
        "ruleset": "klaberjass",
        "trump": "D",
        "taker": 1,
        "turned": "AD",
        "hand": ["7D", "JD", "AS", "KS", "10C", "QS", "8H", "9C", "JH"],
        "trick": {"leader": 1, "cards": ["10H"]},
        "level": "normal",
    }
    r = server.post("/v1/suggest/play", json=klaberjass)
    assert r.status_code == 200, r.text
    assert r.json()["card"] in ("8H", "JH")
    coinche = {
        "ruleset": "coinche",
        "trump": "none",
        "taker": 2,
        "bid": {"value": 100, "coinche": "coinche"},
        "hand": ["7D", "JD", "AS", "KS", "10C", "QS", "8H", "9C"],
        "trick": {"leader": 3, "cards": []},
        "level": "hard",
        "budget_ms": 300,
    }
    r = server.post("/v1/suggest/play", json=coinche)
    assert r.status_code == 200, r.text


def test_bad_requests_get_problem_details(server):
    body = problem(server.post("/v1/suggest/play", json=PLAY | {"level": "expert"}))
    assert "level" in body["errors"]
    body = problem(server.post("/v1/suggest/play", json=PLAY | {"hand": ["8C", "7H"]}))
    assert "hand" in body["errors"]
    # Seats 1, 2 and 3 showed they have no clubs and the seat holds none: no deal fits.
    impossible = {
        "ruleset": "belote",
        "trump": "H",
        "taker": 0,
        "hand": ["JS", "QS", "KS", "AS", "10S", "9S", "8S"],
        "tricks": [{"leader": 0, "cards": ["7C", "7D", "8D", "9D"]}],
        "trick": {"leader": 0, "cards": []},
    }
    body = problem(server.post("/v1/suggest/play", json=impossible))
    assert "no deal" in body["detail"]
    body = problem(server.post("/v1/suggest/play", json=PLAY | {"budget_ms": -5}))
    assert "budget_ms" in body["errors"]


def test_a_bid_for_the_turned_card_and_for_coinche(server):
    request = {
        "ruleset": "belote",
        "dealer": 3,
        "turned": "JH",
        "hand": ["9H", "AH", "AS", "KD", "10C"],
        "bids": [],
        "level": "normal",
        "seed": 1,
    }
    r = server.post("/v1/suggest/bid", json=request)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["seat"] == 0
    assert body["bid"]["action"] in ("take", "pass")
    assert {o["bid"]["action"] for o in body["options"]} == {"take", "pass"}
    coinche = {
        "ruleset": "coinche",
        "dealer": 0,
        "hand": ["JH", "9H", "AH", "10H", "AS", "AD", "AC", "KH"],
        "bids": [{"action": "pass"}],
        "level": "easy",
    }
    body = server.post("/v1/suggest/bid", json=coinche).json()
    assert body["seat"] == 2 and body["bid"]["action"] == "bid"


def test_bad_bid_requests_get_problem_details(server):
    request = {"ruleset": "belote", "dealer": 3, "turned": "JH", "hand": ["9H", "AH"]}
    assert "hand" in problem(server.post("/v1/suggest/bid", json=request))["errors"]
    over = {
        "ruleset": "coinche",
        "dealer": 0,
        "hand": ["JH", "9H", "AH", "10H", "AS", "AD", "AC", "KH"],
        "bids": [{"action": "pass"}] * 4,
    }
    assert "bids" in problem(server.post("/v1/suggest/bid", json=over))["errors"]


@pytest.mark.parametrize("preset", ["belot", "klaverjas-rotterdam", "klaverjas-amsterdam"])
def test_the_computer_bids_whole_bulgarian_and_klaverjas_auctions(server, preset):
    """From the round record and the seat, each call suggested (easy for two seats,
    normal for the others) is one the round accepts, until the auction is over; the same
    request with the same seed gets the same answer."""
    dealt = server.post("/v1/deal", json={"ruleset": preset, "dealer": 3, "seed": "7"}).json()
    record = {"ruleset": preset, "dealer": 3, "deal": dealt["deal"], "actions": []}
    state = server.post("/v1/rounds/state", json=record).json()
    calls = 0
    while state["phase"] == "auction":
        seat = state["seat"]
        request = {
            "ruleset": preset,
            "record": {k: v for k, v in record.items() if k != "ruleset"},
            "seat": seat,
            "level": "easy" if seat % 2 else "normal",
            "seed": 3,
        }
        r = server.post("/v1/suggest/bid", json=request)
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["seat"] == seat and body["bid"] in [o["bid"] for o in body["options"]]
        if calls == 0:
            assert server.post("/v1/suggest/bid", json=request).json() == body
        bid = {k: v for k, v in body["bid"].items() if v is not None}
        record["actions"].append({"type": "bid", "bid": bid})
        answer = server.post("/v1/rounds/state", json=record)
        assert answer.status_code == 200, answer.text  # the call was legal
        state = answer.json()
        calls += 1
    assert calls >= 1


def test_a_bid_for_belot_and_for_the_proposed_klaverjas_suit(server):
    """The view form: belot bids on 5 cards (all trumps with three jacks and two nines);
    Rotterdam takes the proposed spades with their jack and nine."""
    belot = {
        "ruleset": "belot",
        "dealer": 0,
        "hand": ["JC", "9C", "JD", "9D", "JH"],
        "level": "easy",
    }
    body = server.post("/v1/suggest/bid", json=belot).json()
    assert body["seat"] == 1
    assert (body["bid"]["action"], body["bid"]["trump"]) == ("bid", "all")
    rotterdam = {
        "ruleset": "klaverjas-rotterdam",
        "dealer": 0,
        "proposed": "S",
        "hand": ["JS", "9S", "7C", "8C", "7D", "8D", "7H", "8H"],
        "level": "normal",
        "seed": 2,
    }
    r = server.post("/v1/suggest/bid", json=rotterdam)
    assert r.status_code == 200, r.text
    actions = {(o["bid"]["action"], o["bid"]["trump"]) for o in r.json()["options"]}
    assert actions == {("pass", None), ("take", "S")}
    easy = server.post("/v1/suggest/bid", json=rotterdam | {"level": "easy"}).json()
    assert easy["bid"]["action"] == "take"
    # The proposed suit is needed, and only in klaverjas_proposed bidding.
    without = {k: v for k, v in rotterdam.items() if k != "proposed"}
    assert "proposed" in problem(server.post("/v1/suggest/bid", json=without))["errors"]
    stray = belot | {"proposed": "S"}
    assert "proposed" in problem(server.post("/v1/suggest/bid", json=stray))["errors"]


@pytest.mark.parametrize("level", ["beginner", "casual"])
def test_the_weaker_levels_give_the_same_card_for_the_same_seed(server, level):
    # (Their error model draws from the request's seed, after the search.)
    answers = []
    for seed in range(4):
        request = PLAY | {"level": level, "seed": seed}
        first = server.post("/v1/suggest/play", json=request)
        again = server.post("/v1/suggest/play", json=request)
        assert first.status_code == again.status_code == 200, first.text
        assert first.json() == again.json()
        assert first.json()["level"] == level
        answers.append(first.json()["card"])
    bid = {
        "ruleset": "belote",
        "dealer": 3,
        "turned": "JH",
        "hand": ["9H", "AH", "AS", "KD", "10C"],
    }
    r = server.post("/v1/suggest/bid", json=bid | {"level": level, "seed": 1})
    assert r.status_code == 200, r.text
    assert (
        r.json()["bid"]
        == server.post("/v1/suggest/bid", json=bid | {"level": "easy"}).json()["bid"]
    )
