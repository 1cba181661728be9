"""POST /v1/round-score and /v1/match-score through a real gunicorn.

Expected figures are worked by hand: the deals' trick points are in ``rounds_helper``.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.api.http.errors import ILLEGAL_ROUND, INVALID_INPUT
from service.engine.cards import mask_of
from service.engine.rulesets import PRESETS, get_ruleset
from tests.support.rounds_helper import (
    DEAL_81,
    DEAL_A,
    DEAL_ALL_TRUMP,
    DEAL_BELOTE,
    DEAL_NO_TRUMP,
    DEAL_TIERCE,
    KLAB_DEAL,
    KLAB_TIERCE,
    TIERCE_SPADES,
    as_json,
    random_round,
    scripted_round,
)

pytestmark = pytest.mark.http


def body(preset, deal, taker, trump="H", **extra):
    tricks = scripted_round(preset, trump, 0, deal)
    return {"ruleset": preset, "trump": trump, "taker": taker, "tricks": as_json(tricks)} | extra


def post_round(server, payload):
    return server.post("/v1/round-score", json=payload)


def test_belote_round_shows_its_working(server):
    r = post_round(server, body("belote", DEAL_A, 0))
    assert r.status_code == 200, r.text
    out = r.json()
    assert [t["winner"] for t in out["tricks"]] == [0, 0, 0, 1, 1, 0, 0, 1]
    assert [t["points"] for t in out["tricks"]] == [30, 32, 13, 17, 28, 2, 17, 13]
    assert out["tricks"][4] == {
        "leader": 1,
        "cards": ["AD", "10D", "KD", "QD"],
        "winner": 1,
        "team": 1,
        "points": 28,
        "roem": None,
    }
    assert out["card_points"] == [94, 68]  # team 1 has the last trick's 10
    assert out["declaration_points"] == [0, 0]
    assert out["belote_points"] == [0, 0]
    assert out["capot"] is None
    assert out["contract"] == {
        "made": True,
        "litige": False,
        "tie": False,
        "taker": 0,
        "taker_team": 0,
    }
    assert out["score"] == [94, 68]
    assert out["held"] == 0
    assert out["winner"] == 0


@pytest.mark.parametrize(
    ("preset", "made", "litige", "score", "held"),
    [
        ("belote", True, False, [81, 81], 0),  # 81 >= 81
        ("klob", False, False, [0, 162], 0),  # 81 is not more than half of 162
        ("cardavia", True, False, [81, 81], 0),  # cards + belote >= defenders'
        ("belote-ffb", False, True, [0, 81], 81),  # litige: takers' 81 held over
    ],
)
def test_81_81_separates_the_presets(server, preset, made, litige, score, held):
    out = post_round(server, body(preset, DEAL_81, 0)).json()
    assert (out["contract"]["made"], out["contract"]["litige"]) == (made, litige)
    assert out["score"] == score
    assert out["held"] == held


def test_litige_points_held_in_go_to_the_next_round_winner(server):
    out = post_round(server, body("belote-ffb", DEAL_A, 1, held_in=81)).json()
    # takers (team 1) fail: defenders 162 + the 81 held points
    assert out["score"] == [243, 0]
    assert out["held_in_to"] == 0


def test_belote_and_declarations_are_shown(server):
    out = post_round(server, body("belote-ffb", DEAL_BELOTE, 1)).json()
    assert out["belote"] == [{"seat": 3, "team": 1, "suit": "H"}]
    assert out["belote_points"] == [0, 20]
    assert out["score"] == [90, 92]  # 72 + 20 > 90
    out = post_round(server, body("belote", DEAL_TIERCE, 1, declarations=[TIERCE_SPADES])).json()
    assert out["declarations"] == [
        {"seat": 3, "team": 1, "kind": "sequence", "cards": ["10S", "JS", "QS"], "points": 20}
    ]
    assert out["score"] == [162, 20]


def test_klaberjass_example(server):
    out = post_round(server, body("klaberjass", KLAB_DEAL, 0, declarations=[KLAB_TIERCE])).json()
    assert out["card_points"] == [46, 66]
    assert out["totals"] == [86, 66]
    assert out["score"] == [86, 66]


def test_coinche_examples(server):
    coinched = body("coinche", DEAL_A, 0, bid={"value": 90, "coinche": "coinche"})
    assert post_round(server, coinched).json()["score"] == [368, 0]  # (94 + 90) x 2
    capot = body("coinche", DEAL_A, 0, bid={"capot": True})
    assert post_round(server, capot).json()["score"] == [0, 412]  # (162 + 250)
    no_trump = body("coinche", DEAL_NO_TRUMP, 1, trump="none", bid={"value": 80.0})
    assert post_round(server, no_trump).json()["score"] == [76, 166]
    all_trump = body("coinche", DEAL_ALL_TRUMP, 0, trump="all", bid={"value": 100})
    assert post_round(server, all_trump).json()["score"] == [236, 106]


def test_an_illegal_round_is_a_422_listing_each_violation(server):
    payload = body("belote", DEAL_A, 0)
    payload["tricks"][3]["leader"] = 1
    payload["tricks"][7]["cards"][3] = "QS"  # QS already played by seat 3 in trick 6
    r = post_round(server, payload)
    assert r.status_code == 422
    assert r.headers["Content-Type"].startswith("application/problem+json")
    problem = r.json()
    assert problem["type"] == ILLEGAL_ROUND
    assert problem["violations"] == [
        {
            "trick": 3,
            "seat": 1,
            "card": "7C",
            "rule": "wrong_leader",
            "message": "This trick must be led by the winner of the previous trick, seat 0.",
        },
        {
            "trick": 4,
            "seat": 1,
            "card": "AD",
            "rule": "wrong_leader",
            "message": "This trick must be led by the winner of the previous trick, seat 2.",
        },
        {
            "trick": 7,
            "seat": 3,
            "card": "QS",
            "rule": "duplicate_card",
            "message": "QS has already been played.",
        },
    ]
    assert "trick 3" in problem["detail"]


def test_an_illegal_play_names_the_obligation(server):
    payload = body("belote", DEAL_A, 0)
    payload["tricks"][3]["cards"][1] = "AS"  # seat 1 holds 10C (played later instead)
    payload["tricks"][7]["cards"][1] = "10C"
    problem = post_round(server, payload).json()
    assert problem["violations"][0]["rule"] == "must_follow_suit"
    assert problem["violations"][0]["trick"] == 3


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda p: p.update(taker=True), "taker"),
        (lambda p: p.update(taker=2.5), "taker"),
        (lambda p: p.update(held_in="81"), "held_in"),
        (lambda p: p.update(trump="none"), "trump"),
        (lambda p: p["tricks"].pop(), "tricks"),
        (lambda p: p["tricks"][2]["cards"].pop(), "tricks.2.cards"),
        (lambda p: p["tricks"][0]["cards"].__setitem__(0, "1H"), "tricks.0.cards.0"),
        (lambda p: p.update(bid={"value": 80}), "bid"),
        (lambda p: p.update(declarations=[{"seat": 0, "cards": ["QD", "JD", "10D"]}]), None),
        (lambda p: p.update(extra=1), "extra"),
    ],
)
def test_invalid_requests_are_422_naming_the_field(server, change, field):
    payload = body("belote", DEAL_A, 0)
    change(payload)
    r = post_round(server, payload)
    assert r.status_code == 422, r.text
    problem = r.json()
    assert problem["type"] == INVALID_INPUT
    if field is not None:
        assert field in problem["errors"], problem
    else:  # 10D is seat 2's: the claim is refused against the rebuilt hand
        assert "10D is not in seat 0's hand" in problem["detail"]


@pytest.mark.parametrize(
    "bid",
    [
        None,
        {"value": 85},
        {"value": "capot"},
        {"value": True},
        {"value": 90, "coinche": "x"},
        {"value": 90, "capot": True},
        {"capot": "yes"},
        {"capot": False},
    ],
)
def test_coinche_bid_is_checked(server, bid):
    payload = body("coinche", DEAL_A, 0)
    if bid is not None:
        payload["bid"] = bid
    r = post_round(server, payload)
    assert r.status_code == 422
    assert any(k.startswith("bid") for k in r.json()["errors"])


def test_klaberjass_seats_are_0_and_1(server):
    r = post_round(server, body("klaberjass", KLAB_DEAL, 2))
    assert r.status_code == 422
    assert "taker" in r.json()["errors"]


# --- match-score --------------------------------------------------------------------------


def post_match(server, payload):
    return server.post("/v1/match-score", json=payload)


def test_match_held_points_and_target(server):
    r = post_match(
        server,
        {
            "ruleset": "belote-ffb",
            "rounds": [
                {"score": [0, 81], "held": 81},
                {"score": [94, 68], "winner": 0},
            ],
        },
    )
    assert r.status_code == 200, r.text
    assert r.json() == {
        "totals": [94 + 81, 81 + 68],
        "finished": False,
        "winner": None,
        "draw": False,
        "held": 0,
        "target": 1000,
        "deals": None,
        "rounds": 2,
    }


def test_match_both_over_the_target(server):
    rounds = [{"score": [450, 480]}, {"score": [90, 72]}]
    out = post_match(server, {"ruleset": "belote", "rounds": rounds}).json()
    assert (out["totals"], out["finished"], out["winner"]) == ([540, 552], True, 1)
    tied = [{"score": [450, 450]}, {"score": [81, 81]}]
    out = post_match(server, {"ruleset": "belote", "rounds": tied}).json()
    assert (out["finished"], out["winner"]) == (False, None)


def test_match_target_override_and_single_deal(server):
    out = post_match(server, {"rounds": [{"score": [94, 68]}], "target": 90}).json()
    assert (out["finished"], out["winner"], out["target"]) == (True, 0, 90)
    out = post_match(server, {"ruleset": "cardavia", "rounds": [{"score": [81, 81]}]}).json()
    assert (out["finished"], out["winner"], out["draw"]) == (True, None, True)


@pytest.mark.parametrize("absent", [{}, {"target": None}])
def test_match_target_left_out_or_null_is_the_rulesets(server, absent):
    # One meaning per shape: null is "left out" (belote plays to 501); a single deal is a
    # ruleset without a target, here through the nullable ruleset parameter.
    rounds = [{"score": [94, 68]}]
    out = post_match(server, {"ruleset": "belote", "rounds": rounds} | absent).json()
    assert (out["finished"], out["target"]) == (False, 501)
    single = {"options": {"target": None}}
    out = post_match(server, {"ruleset": "belote", "rounds": rounds} | absent | single).json()
    assert (out["finished"], out["winner"], out["target"]) == (True, 0, None)


def test_a_bid_without_its_value_is_refused(server):
    # A request's bid needs its value or capot: true (null is for answers: a pass has none).
    payload = body("coinche", DEAL_A, 0) | {"bid": {"value": None, "coinche": "none"}}
    r = post_round(server, payload)
    assert r.status_code == 422, r.text
    assert "bid.value" in r.json()["errors"]


def test_optional_fields_null_or_empty_mean_left_out(server):
    # round-score: declarations [] / null, bid null, held_in null, ruleset and options null.
    round_a = body("belote", DEAL_A, 0)
    plain = server.post("/v1/round-score", json=round_a)
    assert plain.status_code == 200, plain.text
    nulls = {"ruleset": None, "options": None, "declarations": None, "bid": None, "held_in": None}
    for extra in (nulls, {"declarations": [], "options": {}}):
        same = server.post("/v1/round-score", json=round_a | extra)
        assert same.status_code == 200, same.text
        assert same.json() == plain.json()
    # match-score rounds: held and winner null.
    a = post_match(server, {"rounds": [{"score": [1, 2]}]}).json()
    b = post_match(server, {"rounds": [{"score": [1, 2], "held": None, "winner": None}]}).json()
    assert a == b


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"rounds": [{"score": [1, 2, 3]}]}, "rounds.0.score"),
        ({"rounds": [{"score": [1, 2.5]}]}, "rounds.0.score.1"),
        ({"rounds": [{"score": [0, 81], "held": 81}, {"score": [9, 0]}]}, "rounds.1.winner"),
        ({"rounds": [{"score": [600, 0]}, {"score": [9, 0]}]}, "rounds.1"),
        ({"rounds": [], "target": 0}, "target"),
    ],
)
def test_match_refusals(server, payload, field):
    r = post_match(server, payload)
    assert r.status_code == 422
    assert field in r.json()["errors"], r.json()


# --- property: the endpoint accepts every legal round ---------------------------------------

CASES = [(name, trump) for name, r in PRESETS.items() for trump in r.trump_modes]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CASES), st.permutations(range(32)), st.data())
def test_every_legal_round_is_accepted(server, case, order, data):
    name, trump = case
    ruleset = get_ruleset(name)
    n = ruleset.hand_size
    hands = [mask_of(order[s * n : (s + 1) * n]) for s in range(ruleset.players)]
    tricks = random_round(ruleset, trump, hands, 0, lambda legal: data.draw(st.sampled_from(legal)))
    payload = {"ruleset": name, "trump": trump, "taker": 1, "tricks": as_json(tricks)}
    if ruleset.contract == "bid":
        payload["bid"] = {"value": 80}
    r = post_round(server, payload)
    assert r.status_code == 200, r.text
    out = r.json()
    # card points = trick points + the last-trick bonus, or the capot bonus instead
    # (capot_mode plus_last_trick: both, the capot bonus never doubled)
    bonus = 100 if out["capot"] is not None else 10
    if trump == "none" and ruleset.no_trump_points == "doubled":
        bonus *= 2
    if out["capot"] is not None and ruleset.capot_mode == "plus_last_trick":
        bonus = (20 if trump == "none" and ruleset.no_trump_points == "doubled" else 10) + (
            ruleset.capot_bonus
        )
    assert sum(out["card_points"]) == sum(t["points"] for t in out["tricks"]) + bonus
