"""docs/rules-belot-klaverjas.md over HTTP (a real gunicorn): every worked example through
/v1/round-score, positions P1-P9 through /v1/legal-moves, the roem table through
/v1/trick-winner, the match cases through /v1/match-score, the new auctions through
/v1/bidding, and a round of each preset bid, validated play by play and scored through
/v1/rounds/validate."""

from __future__ import annotations

import pytest

from tests.support.belot_klaverjas_examples import EXAMPLES
from tests.support.belot_klaverjas_tables import MATCHES, POSITIONS, PRESET_OF, ROEM

NEW_PRESETS = ["belot", "klaverjas-rotterdam", "klaverjas-amsterdam"]


def round_score(server, request: dict) -> dict:
    r = server.post("/v1/round-score", json=request)
    assert r.status_code == 200, r.text
    return r.json()


def test_nine_presets_listed_with_their_parameters(server):
    names = [r["name"] for r in server.get("/v1/rulesets").json()["rulesets"]]
    assert len(names) == 9 and names[-3:] == NEW_PRESETS
    belot = server.get("/v1/rulesets/belot").json()["options"]
    assert belot["score_units"] == "bg_tens" and belot["declaration_compare"] == "by_kind"
    assert belot["carre_points"] == {"9": 150, "10": 100, "J": 200, "Q": 100, "K": 100, "A": 100}
    amsterdam = server.get("/v1/rulesets/klaverjas-amsterdam").json()["options"]
    assert amsterdam["partner_winning_trump"] == "no_undertrump"
    assert amsterdam["match_deals"] == 16 and amsterdam["target"] is None
    parameters = server.get("/v1/parameters").json()
    listed = parameters["parameters"] if isinstance(parameters, dict) else parameters
    text = str(listed)
    for name in ("declarations_from", "carre_points", "score_units", "match_deals"):
        assert name in text


# --- the worked examples --------------------------------------------------------------------


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_worked_example(server, name):
    example = EXAMPLES[name]
    out = round_score(server, example["request"])
    assert (out["score"], out["held"]) == (example["score"], example["held"])
    assert out["double"] == example["request"].get("double", "none")
    assert out["raw"] == out["totals"]
    klaverjas = example["request"]["ruleset"].startswith("klaverjas")
    for trick in out["tricks"]:
        assert (trick["roem"] is not None) is klaverjas
        if klaverjas:
            assert trick["roem"]["points"] == sum(i["points"] for i in trick["roem"]["items"])
    if klaverjas:
        roem = [0, 0]
        for trick in out["tricks"]:
            roem[trick["team"]] += trick["roem"]["points"]
        assert [
            a + b for a, b in zip(out["declaration_points"], out["belote_points"], strict=True)
        ] == roem


def test_b_examples_arithmetic_over_http(server):
    b4 = round_score(server, EXAMPLES["B4"]["request"])
    assert b4["contract"]["litige"] and b4["raw"] == [81, 81] and b4["winner"] is None
    b3 = round_score(server, EXAMPLES["B3"]["request"])
    assert b3["contract"]["made"] is False and b3["raw"] == [70, 112]
    assert b3["declaration_points"] == [20, 0]
    nxt = round_score(server, EXAMPLES["B1"]["request"] | {"held_in": 8})
    assert nxt["score"] == [18, 6] and nxt["held_in_to"] == 0
    b10 = round_score(server, EXAMPLES["B10"]["request"] | {"taker": 1})
    assert b10["score"] == [32, 0] and b10["winner"] == 0
    b8 = round_score(server, EXAMPLES["B8"]["request"])
    assert b8["capot"] == 0 and b8["card_points"] == [252, 0] and b8["raw"] == [372, 0]
    b12 = round_score(server, EXAMPLES["B12"]["request"])
    assert b12["declaration_points"] == [100, 120]  # carré contest and sequence contest
    b6 = round_score(server, EXAMPLES["B6"]["request"])
    assert b6["belote"] == [] and b6["belote_points"] == [0, 0]


@pytest.mark.parametrize(
    ("name", "options", "score"),
    [
        ("B6", {"belote_on_discard": "counts"}, [20, 8]),
        ("B12", {"declaration_compare": "value_pool"}, [18, 8]),
        ("B12", {"declaration_compare": "single_contest"}, [18, 8]),
    ],
)
def test_belot_variants_over_http(server, name, options, score):
    assert round_score(server, EXAMPLES[name]["request"] | {"options": options})["score"] == score


def test_roem_per_trick_over_http(server):
    out = round_score(server, EXAMPLES["KA1"]["request"])
    seventh = out["tricks"][6]["roem"]
    assert seventh["points"] == 40
    assert sorted((i["kind"], i["points"]) for i in seventh["items"]) == [
        ("run", 20),
        ("stuk", 20),
    ]
    run = next(i for i in seventh["items"] if i["kind"] == "run")
    assert sorted(run["cards"]) == ["AH", "KH", "QH"]
    assert out["belote"] == [{"seat": 0, "team": 0, "suit": "H"}]
    k7 = round_score(server, EXAMPLES["K7"]["request"])
    assert k7["capot"] == 0 and k7["contract"]["made"] is False and k7["score"] == [482, 0]


@pytest.mark.parametrize(
    ("name", "other"),
    [("KR1", "klaverjas-amsterdam"), ("K2", "klaverjas-rotterdam"), ("KA1", "klaverjas-rotterdam")],
)
def test_city_only_rounds_are_illegal_over_http(server, name, other):
    r = server.post("/v1/round-score", json=EXAMPLES[name]["request"] | {"ruleset": other})
    assert r.status_code == 422
    assert r.json()["violations"]


def test_klaverjas_refuses_declarations_and_double(server):
    request = EXAMPLES["K1"]["request"]
    claim = {"declarations": [{"seat": 0, "cards": ["9H", "10H", "JH"]}]}
    r = server.post("/v1/round-score", json=request | claim)
    assert r.status_code == 422 and any(k.startswith("declarations") for k in r.json()["errors"])
    r = server.post("/v1/round-score", json=request | {"double": "contra"})
    assert r.status_code == 422 and "double" in r.json()["errors"]


# --- positions and roem ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("label", "trick", "hand", "preset", "legal"),
    [(p, t, h, k, legal[k]) for p, t, h, legal in POSITIONS for k in "BRA"],
)
def test_positions_over_http(server, label, trick, hand, preset, legal):
    body = {
        "ruleset": PRESET_OF[preset],
        "trump": "H",
        "hand": hand.split(),
        "trick": {"leader": 0, "cards": trick.split()},
    }
    r = server.post("/v1/legal-moves", json=body)
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["seat"] == 3 and set(out["legal"]) == set(legal.split()), label
    if label == "P4" and preset == "A":
        assert out["illegal"][0]["rule"] == "must_not_undertrump"


@pytest.mark.parametrize(("trick", "trump", "rotterdam", "amsterdam", "kinds"), ROEM)
def test_roem_table_over_http(server, trick, trump, rotterdam, amsterdam, kinds):
    for name, points in (("klaverjas-rotterdam", rotterdam), ("klaverjas-amsterdam", amsterdam)):
        body = {"ruleset": name, "trump": trump, "trick": {"leader": 0, "cards": trick.split()}}
        r = server.post("/v1/trick-winner", json=body)
        assert r.status_code == 200, r.text
        assert r.json()["roem"]["points"] == points, name
    partial = {"ruleset": "klaverjas-rotterdam", "trump": trump}
    partial["trick"] = {"leader": 0, "cards": trick.split()[:3]}
    assert server.post("/v1/trick-winner", json=partial).json()["roem"] is None


# --- match --------------------------------------------------------------------------------


@pytest.mark.parametrize(("rounds", "totals", "result"), MATCHES)
def test_belot_match_cases_over_http(server, rounds, totals, result):
    body = {
        "ruleset": "belot",
        "rounds": [{"score": list(score), "capot": capot} for score, capot in rounds],
    }
    r = server.post("/v1/match-score", json=body)
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["totals"] == list(totals) and (out["finished"], out["winner"]) == result
    assert out["target"] == 151 and out["deals"] is None


def test_klaverjas_match_of_sixteen_deals_over_http(server):
    rounds = [{"score": [100, 62]}] * 8 + [{"score": [62, 100]}] * 8
    out = server.post("/v1/match-score", json={"ruleset": "klaverjas-amsterdam", "rounds": rounds})
    out = out.json()
    assert out["finished"] and out["draw"] and out["winner"] is None
    assert out["deals"] == 16 and out["target"] is None and out["totals"] == [1296, 1296]
    r = server.post(
        "/v1/match-score",
        json={"ruleset": "klaverjas-amsterdam", "rounds": rounds[:15]},
    ).json()
    assert not r["finished"]
    refused = server.post(
        "/v1/match-score", json={"ruleset": "klaverjas-amsterdam", "rounds": rounds, "target": 1500}
    )
    assert refused.status_code == 422 and "target" in refused.json()["errors"]


# --- bidding ------------------------------------------------------------------------------


def bidding(server, body: dict):
    return server.post("/v1/bidding", json=body)


def test_bulgarian_bidding_over_http(server):
    bids = [{"action": "bid", "trump": "H"}, {"action": "contra"}] + [{"action": "pass"}] * 3
    out = bidding(server, {"ruleset": "belot", "dealer": 3, "bids": bids}).json()
    assert out["complete"] and out["contract"]["taker"] == 0
    assert out["contract"]["double"] == "contra" and out["contract"]["doubled_by"] == 1
    assert out["highest"]["value"] is None and out["highest"]["trump"] == "H"
    open_ = bidding(server, {"ruleset": "belot", "dealer": 3, "bids": bids[:1]}).json()
    assert {"action": "bid", "trumps": ["S", "none", "all"]} in open_["legal_bids"]
    r = bidding(server, {"ruleset": "belot", "dealer": 3, "bids": [bids[0], {"action": "pass"}]})
    assert {"action": "contra"} not in r.json()["legal_bids"]  # seat 2 is the taker's partner
    bad = bidding(
        server,
        {"ruleset": "belot", "dealer": 3, "bids": [bids[0], {"action": "bid", "trump": "C"}]},
    )
    assert bad.status_code == 422
    assert bad.json()["violations"][0]["rule"] == "bid_too_low"


def test_klaverjas_bidding_over_http(server):
    passes = [{"action": "pass"}] * 4
    body = {"ruleset": "klaverjas-rotterdam", "dealer": 3, "proposed": "H", "bids": passes}
    out = bidding(server, body).json()
    assert out["next_seat"] == 0 and out["legal_bids"] == [
        {"action": "name", "trumps": ["C", "D", "S"]}
    ]
    taken = bidding(server, body | {"bids": [{"action": "take"}]}).json()
    assert taken["contract"]["trump"] == "H" and taken["contract"]["proposed"] == "H"
    missing = bidding(server, {"ruleset": "klaverjas-rotterdam", "dealer": 3, "bids": []})
    assert missing.status_code == 422 and "proposed" in missing.json()["errors"]
    free = bidding(server, {"ruleset": "klaverjas-amsterdam", "dealer": 3, "bids": passes * 2})
    assert free.status_code == 422
    assert free.json()["violations"][0]["rule"] == "must_name_trump"


# --- rounds/validate: bid, play by play, score -----------------------------------------------

ROUNDS = {
    "B10": {
        "bids": [{"action": "bid", "trump": "H"}, {"action": "contra"}] + [{"action": "pass"}] * 3
    },
    "KR2": {"proposed": "H", "bids": [{"action": "pass"}] * 4 + [{"action": "name", "trump": "S"}]},
    "K4": {"bids": [{"action": "name", "trump": "D"}]},
}


@pytest.mark.parametrize("name", list(ROUNDS))
def test_round_bid_validated_play_by_play_and_scored_over_http(server, name):
    example = EXAMPLES[name]
    request = example["request"]
    base = {
        "ruleset": request["ruleset"],
        "dealer": 3,
        "hands": [{"seat": s, "cards": h} for s, h in enumerate(example["hands"])],
        "declarations": request.get("declarations", []),
    } | ROUNDS[name]
    tricks = request["tricks"]
    for t, trick in enumerate(tricks):
        for i in range(4):
            sofar = tricks[:t] + (
                [{"leader": trick["leader"], "cards": trick["cards"][:i]}] if i else []
            )
            r = server.post("/v1/rounds/validate", json=base | {"tricks": sofar})
            assert r.status_code == 200, r.text
            out = r.json()
            assert out["valid"] and out["phase"] == "play", out
            assert trick["cards"][i] in out["next"]["legal"]
    r = server.post("/v1/rounds/validate", json=base | {"tricks": tricks})
    out = r.json()
    assert out["phase"] == "complete" and out["valid"]
    assert out["contract"]["double"] == request.get("double", "none")
    assert out["score"] == round_score(server, request)


# --- the computer players ------------------------------------------------------------------


@pytest.mark.parametrize("name", NEW_PRESETS)
def test_suggest_play_in_the_new_presets(server, name):
    body = {
        "ruleset": name,
        "trump": "H",
        "taker": 1,
        "hand": ["7H", "JH", "AS", "KD", "10C", "QS", "8D", "9D"],
        "tricks": [],
        "trick": {"leader": 1, "cards": ["8C", "9H", "AC"]},
        "level": "easy",
        "seed": 0,
    }
    r = server.post("/v1/suggest/play", json=body)
    assert r.status_code in (200, 503), r.text
    if r.status_code == 200:
        assert r.json()["card"] == "10C"  # clubs led: the only legal card


@pytest.mark.parametrize("name", NEW_PRESETS)
def test_suggest_bid_answers_in_the_new_presets(server, name):
    """The players bid in belot (5 cards before the rest are dealt) and klaverjas (all 8,
    Rotterdam on a proposed suit); a hand of the wrong size is a 422 naming `hand`."""
    hand = ["9H", "AH", "AS", "KD", "10C"]
    body = {"ruleset": name, "dealer": 3, "hand": hand, "bids": [], "level": "easy"}
    if name == "klaverjas-rotterdam":
        body["proposed"] = "H"
    if name != "belot":
        body["hand"] = [*hand, "7S", "8S", "QC"]
        wrong = server.post("/v1/suggest/bid", json=body | {"hand": hand})
        assert wrong.status_code == 422 and "hand" in wrong.json()["errors"], wrong.text
    r = server.post("/v1/suggest/bid", json=body)
    assert r.status_code == 200, r.text
    answer = r.json()
    assert answer["seat"] == 0 and [o["bid"] for o in answer["options"]] == [answer["bid"]]
