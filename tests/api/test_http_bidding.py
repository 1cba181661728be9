"""POST /v1/bidding through a real gunicorn: the shapes, and every kind of 422."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.http

ALL_MODES = ["C", "D", "H", "S", "none", "all"]


def post(server, body):
    return server.post("/v1/bidding", json=body)


def bids(*items):
    """Short bids: "p" pass, "c" coinche, "s" surcoinche, "t" take, (90, "H") a bid,
    "nS" name spades."""
    out = []
    for item in items:
        if isinstance(item, tuple) and item[0] == "capot":
            out.append({"action": "bid", "capot": True, "trump": item[1]})
        elif isinstance(item, tuple):
            out.append({"action": "bid", "value": item[0], "trump": item[1]})
        elif item.startswith("n"):
            out.append({"action": "name", "trump": item[1:]})
        else:
            action = {"p": "pass", "c": "coinche", "s": "surcoinche", "t": "take"}[item]
            out.append({"action": action})
    return out


def problem(response, status=422):
    assert response.status_code == status, response.text
    assert response.headers["Content-Type"] == "application/problem+json"
    return response.json()


# --- happy paths ---------------------------------------------------------------------------


def test_coinche_auction_in_progress_after_a_coinche(server):
    # Dealer 3: seat 0 bids 80 hearts, seat 1 100 spades, seat 2 (team 0) coinches seat 1's
    # bid. Seat 3 (team 1, the coinched side) may pass or surcoinche.
    body = {
        "ruleset": "coinche",
        "dealer": 3,
        "bids": [
            {"seat": 0, "action": "bid", "value": 80, "trump": "H"},
            {"seat": 1, "action": "bid", "value": 100, "trump": "S"},
            {"seat": 2, "action": "coinche"},
        ],
    }
    response = post(server, body)
    assert response.status_code == 200, response.text
    assert response.json() == {
        "complete": False,
        "next_seat": 3,
        "legal_bids": [{"action": "pass"}, {"action": "surcoinche"}],
        "contract": None,
        "redeal": False,
        "redeal_dealer": None,
        "round": None,
        "highest": {"seat": 1, "team": 1, "value": 100, "capot": False, "trump": "S"},
    }


def test_coinche_start_lists_pass_and_every_bid_compactly(server):
    response = post(server, {"ruleset": "coinche", "dealer": 0})
    assert response.status_code == 200
    data = response.json()
    assert data["next_seat"] == 1
    assert data["legal_bids"] == [
        {"action": "pass"},
        {
            "action": "bid",
            "trumps": ALL_MODES,
            "values": [80, 90, 100, 110, 120, 130, 140, 150, 160],
            "capot": True,
        },
    ]


def test_coinche_surcoinche_contract_is_the_round_score_bid(server):
    # Dealer 0: seat 1 bids 110 all trumps, seat 2 coinches, seat 3 surcoinches: over.
    response = post(
        server, {"ruleset": "coinche", "dealer": 0, "bids": bids((110, "all"), "c", "s")}
    )
    assert response.status_code == 200
    data = response.json()
    assert data["complete"] and data["next_seat"] is None and data["legal_bids"] == []
    assert data["contract"] == {
        "taker": 1,
        "team": 1,
        "trump": "all",
        "value": 110,
        "capot": False,
        "coinche": "surcoinche",
        "coinched_by": 2,
        "surcoinched_by": 3,
        "bid": {"value": 110, "capot": False, "coinche": "surcoinche"},
        "turned": None,
        "round": None,
        "seven_exchange_allowed": False,
        # bulgarian and klaverjas only (docs/rules-belot-klaverjas.md)
        "double": "none",
        "doubled_by": None,
        "redoubled_by": None,
        "proposed": None,
    }


def test_coinched_capot_with_integral_float_values(server):
    # 90.0 is the integer 90 in JSON; capot outbids it; seat 3 coinches, three passes.
    body = {"ruleset": "coinche", "dealer": 0, "bids": bids((90.0, "D"), ("capot", "C"), "c")}
    body["bids"] += bids("p", "p", "p")
    data = post(server, body).json()
    assert data["contract"]["taker"] == 2 and data["contract"]["team"] == 0
    assert data["contract"]["bid"] == {"value": None, "capot": True, "coinche": "coinche"}
    assert data["contract"]["value"] is None and data["contract"]["capot"] is True


def test_capot_with_a_value_is_refused(server):
    bid = {"action": "bid", "value": 160, "capot": True, "trump": "H"}
    response = post(server, {"ruleset": "coinche", "dealer": 0, "bids": [bid]})
    assert set(problem(response)["errors"]) == {"bids.0.value"}


@pytest.mark.parametrize("value", ["capot", True, "80"])
def test_the_old_bid_value_union_is_refused(server, value):
    """0.3.0: `value` is an integer only; the capot bid is `capot: true` (breaking)."""
    bid = {"action": "bid", "value": value, "trump": "H"}
    response = post(server, {"ruleset": "coinche", "dealer": 0, "bids": [bid]})
    assert set(problem(response)["errors"]) == {"bids.0.value"}


def test_coinche_four_passes_redeal_by_the_next_dealer(server):
    data = post(
        server, {"ruleset": "coinche", "dealer": 3, "bids": bids("p", "p", "p", "p")}
    ).json()
    assert data["complete"] and data["redeal"] and data["redeal_dealer"] == 0
    assert data["contract"] is None


def test_belote_round_two_name(server):
    body = {"ruleset": "belote", "dealer": 0, "turned": "j♥", "bids": bids("p", "p", "p", "p")}
    data = post(server, body).json()
    assert data["round"] == 2 and data["next_seat"] == 1
    assert data["legal_bids"] == [{"action": "pass"}, {"action": "name", "trumps": ["C", "D", "S"]}]
    body["bids"] += bids("nS")
    data = post(server, body).json()
    assert data["contract"] == {
        "taker": 1,
        "team": 1,
        "trump": "S",
        "value": None,
        "capot": False,
        "coinche": "none",
        "coinched_by": None,
        "surcoinched_by": None,
        "bid": None,
        "turned": "JH",
        "round": 2,
        "seven_exchange_allowed": False,
        # bulgarian and klaverjas only (docs/rules-belot-klaverjas.md)
        "double": "none",
        "doubled_by": None,
        "redoubled_by": None,
        "proposed": None,
    }


def test_belote_round_one_lists_take_of_the_turned_suit(server):
    data = post(server, {"ruleset": "belote", "dealer": 2, "turned": "10D"}).json()
    assert data["next_seat"] == 3 and data["round"] == 1
    assert data["legal_bids"] == [{"action": "pass"}, {"action": "take", "trump": "D"}]


def test_klaberjass_take_allows_the_seven_exchange_and_double_pass_redeals_same_dealer(server):
    body = {"ruleset": "klaberjass", "dealer": 1, "turned": "QC", "bids": bids("t")}
    contract = post(server, body).json()["contract"]
    assert contract["taker"] == 0 and contract["trump"] == "C"
    assert contract["seven_exchange_allowed"] is True
    body["bids"] = bids("p", "p", "p", "p")
    data = post(server, body).json()
    assert data["redeal"] and data["redeal_dealer"] == 1


def test_options_second_round_modes(server):
    body = {
        "ruleset": "klob",
        "options": {"second_round_modes": "all_modes"},
        "dealer": 0,
        "turned": "8S",
        "bids": bids("p", "p", "p", "p", "p", "nall"),
    }
    assert post(server, body).json()["contract"]["trump"] == "all"


# --- 422: illegal bids ------------------------------------------------------------------------


def test_illegal_bid_names_its_index_and_reason(server):
    # Seat 1 bids 90 H; seat 2's 90 S is not higher.
    body = {"ruleset": "coinche", "dealer": 0, "bids": bids((90, "H"), (90, "S"))}
    data = problem(post(server, body))
    assert data["type"] == "tag:belote-rules,2026:problem/illegal-bid"
    message = "A bid must be higher than the current 90 of seat 1: bid 100 or more."
    assert data["errors"] == {"bids.1": [message]}
    assert data["violations"] == [
        {"bid": 1, "seat": 2, "action": "bid", "rule": "bid_too_low", "message": message}
    ]
    assert data["detail"] == "bids.1: " + message


@pytest.mark.parametrize(
    ("body", "bid", "rule"),
    [
        (
            {"ruleset": "coinche", "dealer": 0, "bids": bids((80, "H"), "p", "c")},
            2,
            "coinche_own_side",
        ),
        (
            {"ruleset": "coinche", "dealer": 0, "bids": bids((80, "H"), "c", "p", "c")},
            3,
            "coinche_twice",
        ),
        (
            {"ruleset": "coinche", "dealer": 0, "bids": bids((80, "H"), "c", (90, "H"))},
            2,
            "bid_after_coinche",
        ),
        (
            {"ruleset": "coinche", "dealer": 0, "bids": bids((80, "H"), "s")},
            1,
            "surcoinche_without_coinche",
        ),
        ({"ruleset": "coinche", "dealer": 0, "bids": bids((85, "H"))}, 0, "invalid_value"),
        (
            {
                "ruleset": "coinche",
                "options": {"trump_modes": ["H", "S"]},
                "dealer": 0,
                "bids": bids((80, "C")),
            },
            0,
            "trump_mode_not_allowed",
        ),
        (
            {"ruleset": "coinche", "dealer": 0, "bids": [{"action": "bid", "value": 80}]},
            0,
            "malformed_bid",
        ),
        ({"ruleset": "coinche", "dealer": 0, "bids": bids("t")}, 0, "action_not_allowed"),
        (
            {"ruleset": "belote", "dealer": 0, "turned": "JH", "bids": bids("nS")},
            0,
            "name_in_round_one",
        ),
        (
            {
                "ruleset": "belote",
                "dealer": 0,
                "turned": "JH",
                "bids": bids("p", "p", "p", "p", "nH"),
            },
            4,
            "same_suit_as_turned_in_round_two",
        ),
        (
            {
                "ruleset": "belote",
                "dealer": 0,
                "turned": "JH",
                "bids": bids("p", "p", "p", "p", "t"),
            },
            4,
            "take_in_round_two",
        ),
        (
            {"ruleset": "klaberjass", "dealer": 0, "turned": "JH", "bids": bids("t", "p")},
            1,
            "auction_complete",
        ),
    ],
)
def test_illegal_bids(server, body, bid, rule):
    data = problem(post(server, body))
    assert list(data["errors"]) == [f"bids.{bid}"]
    assert data["violations"][0]["bid"] == bid
    assert data["violations"][0]["rule"] == rule
    assert data["violations"][0]["message"] == data["errors"][f"bids.{bid}"][0]


def test_stated_seat_out_of_turn(server):
    body = {"ruleset": "coinche", "dealer": 0, "bids": [{"seat": 2, "action": "pass"}]}
    data = problem(post(server, body))
    assert data["violations"][0]["rule"] == "not_your_turn"
    assert data["errors"] == {"bids.0": ["It is seat 1's turn to bid, not seat 2's."]}
    assert data["violations"][0]["seat"] == 2  # the seat that called, not the one in turn


def test_a_coinche_out_of_turn_names_the_coincher(server):
    # The issue's example: dealer 3, seat 0 bids 80; seat 2 coinches at seat 1's turn.
    bids_ = [
        {"seat": 0, "action": "bid", "value": 80, "trump": "H"},
        {"seat": 2, "action": "coinche"},
    ]
    data = problem(post(server, {"ruleset": "coinche", "dealer": 3, "bids": bids_}))
    message = "It is seat 1's turn to bid, not seat 2's."
    assert data["violations"] == [
        {"bid": 1, "seat": 2, "action": "coinche", "rule": "not_your_turn", "message": message}
    ]
    # Coinche "à la volée": seat 2 is the bidder's partner, refused for that; seat 3 (an
    # opponent) may, at seat 1's turn, and the turn passes to seat 0, the coinched bidder.
    body = {"ruleset": "coinche", "options": {"coinche_timing": "any_time"}, "dealer": 3}
    data = problem(post(server, body | {"bids": bids_}))
    assert data["violations"][0]["rule"] == "coinche_own_side"
    assert data["violations"][0]["seat"] == 2
    r = post(server, body | {"bids": [bids_[0], {"seat": 3, "action": "coinche"}]})
    assert r.status_code == 200, r.text
    assert r.json()["next_seat"] == 0
    assert r.json()["legal_bids"] == [{"action": "pass"}, {"action": "surcoinche"}]


# --- 422: invalid requests ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"ruleset": "belote", "dealer": 0}, "turned"),
        ({"ruleset": "coinche", "dealer": 0, "turned": "JH"}, "turned"),
        ({"ruleset": "klaberjass", "dealer": 2, "turned": "JH"}, "dealer"),
        ({"ruleset": "coinche", "dealer": 4}, "dealer"),
        ({"ruleset": "coinche"}, "dealer"),
        ({"ruleset": "belote", "dealer": 0, "turned": "1H"}, "turned"),
        ({"ruleset": "coinche", "dealer": 0, "bids": [{"action": "fold"}]}, "bids.0.action"),
        ({"ruleset": "coinche", "dealer": 0, "bids": [{"value": 80}]}, "bids.0.action"),
        ({"ruleset": "coinche", "dealer": 0, "bids": bids((2.5, "H"))}, "bids.0.value"),
        ({"ruleset": "coinche", "dealer": 0, "bids": bids(("90", "H"))}, "bids.0.value"),
        ({"ruleset": "coinche", "dealer": 0, "bids": bids((True, "H"))}, "bids.0.value"),
        ({"ruleset": "coinche", "dealer": 0, "bids": bids((90, "X"))}, "bids.0.trump"),
        (
            {"ruleset": "coinche", "dealer": 0, "bids": [{"action": "pass", "seat": "1"}]},
            "bids.0.seat",
        ),
        ({"ruleset": "coinche", "dealer": 0, "bids": [{"action": "pass", "x": 1}]}, "bids.0.x"),
        ({"ruleset": "coinche", "dealer": 0, "bids": {"action": "pass"}}, "bids"),
        (
            {"ruleset": "coinche", "dealer": 0, "options": {"redeal_dealer": "left"}},
            "options.redeal_dealer",
        ),
    ],
)
def test_invalid_requests(server, body, field):
    data = problem(post(server, body))
    assert data["type"] == "tag:belote-rules,2026:problem/invalid-input"
    assert field in data["errors"], data
    assert all(message for message in data["errors"][field])


def test_not_json_is_415(server):
    response = server.post("/v1/bidding", data="dealer=0", headers={"Content-Type": "text/plain"})
    problem(response, 415)


def test_the_spec_examples_are_what_the_server_answers(server):
    import yaml

    from tests.support import ROOT

    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    operation = spec["paths"]["/v1/bidding"]["post"]
    examples = operation["requestBody"]["content"]["application/json"]["examples"]
    for example in examples.values():
        assert post(server, example["value"]).status_code == 200
    answer = operation["responses"]["200"]["content"]["application/json"]["example"]
    assert post(server, examples["coinche"]["value"]).json() == answer


def test_legal_bids_name_every_seat_that_may_coinche(server):
    # Dealer 0: seat 1 bids 80 H, seat 2 passes: seat 3 (seat 1's partner) is next.
    bids_ = [{"action": "bid", "value": 80, "trump": "H"}, {"action": "pass"}]
    in_turn = post(server, {"ruleset": "coinche", "dealer": 0, "bids": bids_[:1]}).json()
    assert in_turn["legal_bids"][-1] == {"action": "coinche", "seats": [2]}
    partner = post(server, {"ruleset": "coinche", "dealer": 0, "bids": bids_}).json()
    assert [b["action"] for b in partner["legal_bids"]] == ["pass", "bid"]
    body = {"ruleset": "coinche", "options": {"coinche_timing": "any_time"}, "dealer": 0}
    volee = post(server, body | {"bids": bids_}).json()
    assert volee["next_seat"] == 3
    assert volee["legal_bids"][-1] == {"action": "coinche", "seats": [0, 2]}


def test_a_house_ladder_over_http(server):
    body = {"ruleset": "coinche", "options": {"bid_minimum": 82, "bid_step": 5}, "dealer": 0}
    data = post(server, body | {"bids": [{"action": "bid", "value": 82, "trump": "S"}]}).json()
    assert data["highest"]["value"] == 82
    assert data["legal_bids"][1]["values"] == [*range(85, 161, 5)]
    assert data["legal_bids"][1]["capot"] is True
    refused = post(server, body | {"bids": [{"action": "bid", "value": 80, "trump": "S"}]})
    assert problem(refused)["violations"][0]["rule"] == "invalid_value"
