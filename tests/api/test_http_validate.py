"""POST /v1/rounds/validate through a real gunicorn.

The deals are those of ``rounds_helper`` (their trick points are worked there by hand);
DEAL_A's first trick is led by seat 0, so seat 3 deals. Its hands, read off its tricks:
  seat 0: 7C AC JD QD 9H JH 7S 10S      seat 1: 8C 10C 7D AD 7H KH 8S AS
  seat 2: 9C KC 8D 10D 10H AH 9S KS     seat 3: JC QC 9D KD 8H QH JS QS
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.api.http.errors import INVALID_INPUT
from service.engine.cards import card_name
from service.engine.rulesets import PRESETS, get_ruleset
from tests.support.rounds_helper import (
    DEAL_A,
    DEAL_TIERCE,
    KLAB_DEAL,
    TIERCE_SPADES,
    as_json,
    scripted_round,
)

pytestmark = pytest.mark.http

HANDS_A = [
    {"seat": 0, "cards": ["7C", "AC", "JD", "QD", "9H", "JH", "7S", "10S"]},
    {"seat": 1, "cards": ["8C", "10C", "7D", "AD", "7H", "KH", "8S", "AS"]},
    {"seat": 2, "cards": ["9C", "KC", "8D", "10D", "10H", "AH", "9S", "KS"]},
    {"seat": 3, "cards": ["JC", "QC", "9D", "KD", "8H", "QH", "JS", "QS"]},
]
# DEAL_TIERCE: seat 3 holds QS JS 10S; hands read off its tricks.
HANDS_TIERCE = [
    {"seat": 0, "cards": ["7C", "AC", "9D", "JD", "QD", "9H", "JH", "7S"]},
    {"seat": 1, "cards": ["8C", "10C", "7D", "AD", "7H", "KH", "8S", "KS"]},
    {"seat": 2, "cards": ["9C", "KC", "8D", "10D", "10H", "AH", "9S", "AS"]},
    {"seat": 3, "cards": ["JC", "QC", "KD", "8H", "QH", "10S", "JS", "QS"]},
]
KLAB_HANDS = [
    {"seat": 0, "cards": ["AC", "10C", "7D", "8D", "9D", "QH", "KH", "AS", "7S"]},
    {"seat": 1, "cards": ["KC", "QC", "AD", "KD", "JH", "9H", "KS", "QS", "8S"]},
]


def tricks_of(deal, count=None, ruleset="belote", trump="H"):
    return as_json(scripted_round(ruleset, trump, 0, deal))[:count]


def payload(tricks=(), **extra):
    body = {"ruleset": "belote", "dealer": 3, "hands": HANDS_A, "trump": "H", "taker": 0}
    return body | {"tricks": list(tricks)} | extra


def validate(server, body):
    r = server.post("/v1/rounds/validate", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def refused(server, body) -> dict:
    r = server.post("/v1/rounds/validate", json=body)
    assert r.status_code == 422, r.text
    assert r.headers["Content-Type"].startswith("application/problem+json")
    problem = r.json()
    assert problem["type"] == INVALID_INPUT
    return problem["errors"]


# --- a legal round in progress ------------------------------------------------------------


def test_partial_round_gives_the_next_seat_and_its_legal_cards(server):
    out = validate(server, payload([{"leader": 0, "cards": ["JH", "7H"]}]))
    assert out["valid"] is True and out["violations"] == [] and out["score"] is None
    assert out["phase"] == "play"
    nxt = out["next"]
    # seat 2 holds 10H and AH: it must follow the hearts led; partner's JH wins, so
    # (belote: trump_lead_overtrump unless_partner_winning) it need not overtrump.
    assert (nxt["seat"], nxt["trick"], nxt["leader"], nxt["cards"]) == (2, 0, 0, ["JH", "7H"])
    assert nxt["legal"] == ["10H", "AH"]
    # the same position asked of /v1/legal-moves gives the same answer
    legal_moves = server.post(
        "/v1/legal-moves",
        json={
            "ruleset": "belote",
            "trump": "H",
            "hand": nxt["hand"],
            "trick": {"leader": 0, "cards": ["JH", "7H"]},
        },
    ).json()
    assert {k: nxt[k] for k in ("seat", "legal", "illegal")} == legal_moves


def test_before_any_card_the_seat_after_the_dealer_leads(server):
    out = validate(server, payload(dealer=1))
    assert (out["next"]["seat"], out["next"]["trick"]) == (2, 0)
    assert out["next"]["legal"] == ["9C", "KC", "8D", "10D", "10H", "AH", "9S", "KS"]


def test_after_a_complete_trick_the_winner_leads_next(server):
    out = validate(server, payload(tricks_of(DEAL_A, 4)))
    # trick 3 (7C 10C KC QC) is won by seat 1's 10C; seat 1 has 8C, 7D... left minus 10C
    assert (out["next"]["seat"], out["next"]["trick"], out["next"]["cards"]) == (1, 4, [])
    assert out["next"]["hand"] == ["7D", "AD", "8S", "AS"]


# --- a complete round ---------------------------------------------------------------------


def test_complete_round_score_is_the_round_score_answer(server):
    tricks = tricks_of(DEAL_A)
    out = validate(server, payload(tricks))
    assert out["valid"] is True and out["next"] is None and out["phase"] == "complete"
    same = server.post(
        "/v1/round-score", json={"ruleset": "belote", "trump": "H", "taker": 0, "tricks": tricks}
    ).json()
    assert out["score"] == same
    assert out["score"]["score"] == [94, 68]  # DEAL_A by hand


def test_complete_round_with_declarations(server):
    tricks = tricks_of(DEAL_TIERCE)
    body = payload(
        tricks, hands=HANDS_TIERCE, taker=1, declarations=[TIERCE_SPADES], ruleset="belote"
    )
    out = validate(server, body)
    same = server.post(
        "/v1/round-score",
        json={
            "ruleset": "belote",
            "trump": "H",
            "taker": 1,
            "tricks": tricks,
            "declarations": [TIERCE_SPADES],
        },
    ).json()
    assert out["score"] == same
    # team 1 (45) fails against 117: defenders 162; the tierce still scores for team 1
    assert out["score"]["score"] == [162, 20]


def test_a_false_declaration_is_a_422(server):
    body = payload(declarations=[{"seat": 0, "cards": ["QS", "JS", "10S"]}])  # seat 3's cards
    errors = refused(server, body)
    assert any(field.startswith("declarations.0") for field in errors)


# --- violations ---------------------------------------------------------------------------


def first_trick_then(*tricks):
    return [*tricks_of(DEAL_A, 1), *tricks]


@pytest.mark.parametrize(
    ("tricks", "violation"),
    [
        (
            first_trick_then({"leader": 1, "cards": ["KH"]}),
            {
                "trick": 1,
                "seat": 1,
                "card": "KH",
                "rule": "wrong_leader",
                "message": "This trick must be led by the winner of the previous trick, seat 0.",
            },
        ),
        (
            [{"leader": 0, "cards": ["JH", "7H", "10H", "8H", "9H"]}],
            {"trick": 0, "seat": 0, "card": "9H", "rule": "not_your_turn"},
        ),
        (
            [{"leader": 0, "cards": ["JH", "KD"]}],
            {
                "trick": 0,
                "seat": 1,
                "card": "KD",
                "rule": "not_in_hand",
                "message": "KD is not in this player's hand.",
            },
        ),
        (
            first_trick_then({"leader": 0, "cards": ["JH"]}),
            {
                "trick": 1,
                "seat": 0,
                "card": "JH",
                "rule": "duplicate_card",
                "message": "JH has already been played.",
            },
        ),
        (
            [{"leader": 0, "cards": ["JH", "7D"]}],
            {
                "trick": 0,
                "seat": 1,
                "card": "7D",
                "rule": "must_follow_suit",
                "message": "You hold hearts, the suit led: you must follow suit.",
            },
        ),
    ],
)
def test_each_violation_kind(server, tricks, violation):
    out = validate(server, payload(tricks))
    assert out["valid"] is False
    assert out["next"] is None and out["score"] is None
    [found] = out["violations"]
    assert found["bid"] is None
    assert {k: found[k] for k in violation} == violation


def test_trump_obligations(server):
    # seat 1 holds no club and one trump (9H); seat 2 no club and JH, the only trump above 9H
    hands = [
        {"seat": 0, "cards": ["7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"]},
        {"seat": 1, "cards": ["7D", "8D", "9D", "10D", "JD", "QD", "KD", "9H"]},
        {"seat": 2, "cards": ["AD", "7H", "8H", "10H", "JH", "QH", "KH", "AH"]},
        {"seat": 3, "cards": ["7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"]},
    ]
    out = validate(server, payload([{"leader": 0, "cards": ["AC", "7D"]}], hands=hands))
    assert [(v["seat"], v["card"], v["rule"]) for v in out["violations"]] == [
        (1, "7D", "must_trump")
    ]
    out = validate(server, payload([{"leader": 0, "cards": ["AC", "9H", "8H"]}], hands=hands))
    assert [(v["seat"], v["card"], v["rule"]) for v in out["violations"]] == [
        (2, "8H", "must_overtrump")
    ]


def test_wrong_first_leader(server):
    out = validate(server, payload(tricks_of(DEAL_A, 1), dealer=0))  # seat 1 should lead
    assert out["valid"] is False
    assert out["violations"] == [
        {
            "trick": 0,
            "seat": 0,
            "card": "JH",
            "rule": "wrong_leader",
            "message": "The first trick must be led by seat 1, the seat after the dealer (seat 0).",
            "bid": None,
        }
    ]


def test_a_complete_but_illegal_round_has_no_score(server):
    tricks = tricks_of(DEAL_A)
    tricks[7]["cards"][3] = "QS"  # QS already played by seat 3 in trick 6
    out = validate(server, payload(tricks))
    assert out["valid"] is False and out["score"] is None and out["phase"] == "complete"
    assert [(v["trick"], v["seat"], v["rule"]) for v in out["violations"]] == [
        (7, 3, "duplicate_card")
    ]


# --- the contract from the bids -------------------------------------------------------------


def bidding(bids, turned="7H", **extra):
    body = payload(bids=bids, turned=turned, **extra)
    for name in ("trump", "taker"):
        if name not in extra:
            del body[name]
    return body


def test_bids_give_trump_and_taker(server):
    # seat 0 (after dealer 3) passes, seat 1 takes the turned 7H (in its hand)
    out = validate(server, bidding([{"action": "pass"}, {"action": "take"}], tricks=[]))
    assert out["valid"] is True
    assert out["contract"] == {"taker": 1, "team": 1, "trump": "H", "bid": None, "double": "none"}
    assert out["auction"]["complete"] is True
    assert out["auction"]["contract"]["turned"] == "7H"
    assert out["next"]["seat"] == 0


def test_bids_and_stated_values_must_agree(server):
    bids = [{"action": "pass"}, {"action": "take"}]
    assert "taker" in refused(server, bidding(bids, taker=0))
    assert "trump" in refused(server, bidding(bids, trump="S"))
    assert validate(server, bidding(bids, trump="H", taker=1))["valid"] is True


def test_explicit_trump_and_taker_without_bids(server):
    out = validate(server, payload(trump="S", taker=2))
    assert out["contract"] == {"taker": 2, "team": 0, "trump": "S", "bid": None, "double": "none"}
    assert out["auction"] is None


def test_without_bids_trump_and_taker_are_required(server):
    body = payload()
    del body["taker"]
    assert "taker" in refused(server, body)


@pytest.mark.parametrize("no_bids", [{}, {"bids": None}, {"bids": []}])
def test_no_bids_left_out_null_or_empty_mean_the_same(server, no_bids):
    # A stated contract with no bids: the same answer whichever way "no bids" is written.
    stated = validate(server, payload(trump="S", taker=2) | no_bids)
    assert stated["contract"] == {
        "taker": 2,
        "team": 0,
        "trump": "S",
        "bid": None,
        "double": "none",
    }
    assert stated["auction"] is None
    # No contract stated and no bids: the auction at its start, seat 0 (after dealer 3)
    # to bid on the turned 7H.
    body = {k: v for k, v in payload(turned="7H").items() if k not in ("trump", "taker")}
    start = validate(server, body | no_bids)
    assert (start["valid"], start["phase"], start["contract"]) == (True, "bidding", None)
    assert start["auction"]["next_seat"] == 0


def test_turned_card_games_need_the_turned_card_in_the_takers_hand(server):
    bids = [{"action": "pass"}, {"action": "take"}]
    errors = refused(server, {k: v for k, v in bidding(bids).items() if k != "turned"})
    assert "turned" in errors  # the auction needs it
    assert "turned" in refused(server, bidding([{"action": "take"}]))  # 7H is seat 1's


def test_an_illegal_bid_is_a_violation_without_trick(server):
    out = validate(server, bidding([{"action": "pass"}, {"action": "name", "trump": "S"}]))
    assert out["valid"] is False and out["phase"] == "bidding"
    assert out["violations"] == [
        {
            "trick": None,
            "seat": 1,
            "card": None,
            "rule": "name_in_round_one",
            "message": "In the first round you may only take the turned suit (hearts) or pass.",
            "bid": 1,
        }
    ]
    assert out["next"] is None and out["score"] is None and out["contract"] is None
    # where the auction stood before the illegal bid: seat 1 to take or pass
    assert out["auction"]["next_seat"] == 1
    assert out["auction"]["legal_bids"] == [
        {"action": "pass"},
        {"action": "take", "trump": "H"},
    ]


def test_an_auction_in_progress(server):
    out = validate(server, bidding([{"action": "pass"}]))
    assert out["valid"] is True and out["phase"] == "bidding"
    assert out["next"] is None and out["contract"] is None
    assert out["auction"]["next_seat"] == 1
    assert "tricks" in refused(server, bidding([{"action": "pass"}], tricks=tricks_of(DEAL_A, 1)))


def test_all_pass_twice_is_a_redeal(server):
    out = validate(server, bidding([{"action": "pass"}] * 8))
    assert out["valid"] is True and out["phase"] == "redeal"
    # belote (seed 003): redeal_dealer same, the same seat 3 deals again
    assert out["auction"]["redeal"] is True and out["auction"]["redeal_dealer"] == 3


# --- Coinche -------------------------------------------------------------------------------


COINCHED = [
    {"seat": 0, "action": "bid", "value": 80, "trump": "H"},
    {"seat": 1, "action": "coinche"},
    {"action": "pass"},
    {"action": "pass"},
    {"action": "pass"},
]


def coinche_payload(tricks, **extra):
    body = {"ruleset": "coinche", "dealer": 3, "hands": HANDS_A, "tricks": tricks}
    return body | extra


def test_coinche_coinched_bid_from_the_auction(server):
    tricks = tricks_of(DEAL_A, ruleset="coinche")
    out = validate(server, coinche_payload(tricks, bids=COINCHED))
    assert out["contract"] == {
        "taker": 0,
        "team": 0,
        "trump": "H",
        "bid": {"value": 80, "capot": False, "coinche": "coinche"},
        "double": "none",
    }
    # 94 >= 80 and 94 > 68: made; coinched, takers (94 + 80) x 2 = 348, defenders 0
    assert out["score"]["score"] == [348, 0]
    same = server.post(
        "/v1/round-score",
        json={
            "ruleset": "coinche",
            "trump": "H",
            "taker": 0,
            "tricks": tricks,
            "bid": {"value": 80, "coinche": "coinche"},
        },
    ).json()
    assert out["score"] == same


def test_coinche_stated_bid_must_agree_and_is_needed_without_bids(server):
    tricks = tricks_of(DEAL_A, 2, ruleset="coinche")
    assert "bid" in refused(
        server, coinche_payload(tricks, bids=COINCHED, bid={"value": 90, "coinche": "coinche"})
    )
    assert "bid" in refused(server, coinche_payload(tricks, trump="H", taker=0))
    out = validate(server, coinche_payload(tricks, trump="H", taker=0, bid={"value": 90}))
    assert out["contract"]["bid"] == {"value": 90, "capot": False, "coinche": "none"}
    assert out["next"]["seat"] == 0  # trick 1 (9H KH AH QH) is seat 0's


def test_coinche_illegal_bid(server):
    bids = [
        {"action": "bid", "value": 100, "trump": "S"},
        {"action": "bid", "value": 90, "trump": "H"},
    ]
    out = validate(server, coinche_payload([], bids=bids))
    [violation] = out["violations"]
    assert (violation["bid"], violation["seat"], violation["rule"]) == (1, 1, "bid_too_low")
    assert violation["trick"] is None and violation["card"] is None


# --- Klaberjass ------------------------------------------------------------------------------


def klab_payload(tricks, **extra):
    return {"ruleset": "klaberjass", "dealer": 1, "hands": KLAB_HANDS, "tricks": tricks} | extra


def test_klaberjass_two_players_nine_cards(server):
    tricks = tricks_of(KLAB_DEAL, ruleset="klaberjass")
    bids = [{"action": "take"}]  # the non-dealer (seat 0) takes the turned 7H
    out = validate(server, klab_payload(tricks[:3], bids=bids, turned="7H"))
    # trick 2 (7D AD) is won by seat 1's AD: seat 1 leads trick 3
    assert (out["next"]["seat"], out["next"]["trick"]) == (1, 3)
    assert out["next"]["hand"] == ["KD", "9H", "JH", "8S", "QS", "KS"]
    declared = {"declarations": [{"seat": 0, "cards": ["7D", "8D", "9D"]}]}
    out = validate(server, klab_payload(tricks, bids=bids, turned="7H", **declared))
    # seat 0: 46 + bela 20 + tierce 20 = 86 > 66: made, each scores its own
    assert out["score"]["score"] == [86, 66]
    out = validate(server, klab_payload(tricks[:1], trump="H", taker=0, dealer=0))
    assert [v["rule"] for v in out["violations"]] == ["wrong_leader"]  # seat 1 leads


def test_klaberjass_hands_have_nine_cards(server):
    hands = [KLAB_HANDS[0], {"seat": 1, "cards": KLAB_HANDS[1]["cards"][:8]}]
    assert "hands.1.cards" in refused(server, klab_payload([], hands=hands, trump="H", taker=0))
    three = [*KLAB_HANDS, {"seat": 2, "cards": ["7H"]}]
    assert any(f.startswith("hands.2") for f in refused(server, klab_payload([], hands=three)))


# --- malformed hands and fields ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "field"),
    [
        (HANDS_A[:3], "hands"),
        ([*HANDS_A[:3], {"seat": 3, "cards": HANDS_A[3]["cards"][:7]}], "hands.3.cards"),
        ([*HANDS_A[:3], {"seat": 2, "cards": HANDS_A[3]["cards"]}], "hands.3.seat"),
        (
            [*HANDS_A[:3], {"seat": 3, "cards": [*HANDS_A[3]["cards"][:7], "JH"]}],
            "hands.3.cards.7",
        ),
        ([*HANDS_A[:3], {"seat": 3, "cards": ["XX"]}], "hands.3.cards.0"),
    ],
)
def test_malformed_hands_are_a_422_naming_the_field(server, hands, field):
    assert field in refused(server, payload(hands=hands))


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"dealer": "1"}, "dealer"),
        ({"dealer": 1.5}, "dealer"),
        ({"taker": True}, "taker"),
        ({"trump": "X"}, "trump"),
        ({"bids": [{"action": "shout"}]}, "bids.0.action"),
        ({"bids": [{"action": "bid", "value": -773}]}, "bids.0.value"),
        ({"bids": [{"action": "pass"}, {"action": "bid", "value": 1085}]}, "bids.1.value"),
        ({"tricks": [{"leader": 0, "cards": []}]}, "tricks.0.cards"),
        ({"surprise": 1}, "surprise"),
    ],
)
def test_bad_fields_are_a_422(server, change, field):
    assert field in refused(server, payload() | change)


def test_a_bid_value_off_the_ladder_is_a_violation_and_on_a_house_ladder_a_bid(server):
    # 85 is a BidPoints of the spec; the coinche ladder (80, 90 ... 160) does not hold it.
    bids = [{"action": "bid", "value": 85, "trump": "H"}]
    body = {"ruleset": "coinche", "dealer": 3, "hands": HANDS_A, "bids": bids}
    out = validate(server, body)
    assert not out["valid"] and out["violations"][0]["rule"] == "invalid_value"
    out = validate(server, body | {"options": {"bid_minimum": 82, "bid_step": 5}})
    assert out["valid"] and out["auction"]["highest"]["value"] == 85


def test_integers_as_floats_are_accepted(server):
    assert validate(server, payload(dealer=3.0, taker=0.0))["valid"] is True


def test_held_in_points_go_to_the_rounds_winner_as_in_round_score(server):
    tricks = tricks_of(DEAL_A, ruleset="belote-ffb")
    out = validate(server, payload(tricks, ruleset="belote-ffb", taker=1, held_in=81))
    # belote-ffb: team 1 takes with 68 < 94 and fails: defenders 162 + the 81 held points
    assert out["score"]["score"] == [243, 0]
    assert out["score"]["held_in_to"] == 0


# --- properties: a round played card by card through the endpoint ---------------------------

PRESET_TRUMPS = [(name, trump) for name in PRESETS for trump in get_ruleset(name).trump_modes]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PRESET_TRUMPS), st.permutations(range(32)), st.integers(0, 3), st.data())
def test_a_round_played_from_next_is_valid_throughout_and_scored_at_the_end(
    server, preset_trump, deck, dealer, data
):
    """Play only cards the endpoint lists in `next.legal`: every step is valid, `next`
    agrees with /v1/legal-moves, and the last answer's score is /v1/round-score's."""
    name, trump = preset_trump
    ruleset = get_ruleset(name)
    dealer %= ruleset.players
    size = ruleset.hand_size
    hands = [
        {"seat": s, "cards": [card_name(c) for c in deck[s * size : (s + 1) * size]]}
        for s in range(ruleset.players)
    ]
    body = {"ruleset": name, "dealer": dealer, "hands": hands, "trump": trump, "taker": 1}
    if ruleset.contract == "bid":
        body["bid"] = {"value": 80}
    tricks: list[dict] = []
    for _ in range(ruleset.players * size):
        out = validate(server, body | {"tricks": tricks})
        assert out["valid"] is True and out["score"] is None
        nxt = out["next"]
        asked = {"ruleset": name, "trump": trump, "hand": nxt["hand"]}
        asked["trick"] = {"leader": nxt["leader"], "cards": nxt["cards"]}
        legal_moves = server.post("/v1/legal-moves", json=asked).json()
        assert {k: nxt[k] for k in ("seat", "legal", "illegal")} == legal_moves
        card = data.draw(st.sampled_from(nxt["legal"]))
        if nxt["cards"]:
            tricks[-1]["cards"].append(card)
        else:
            tricks.append({"leader": nxt["leader"], "cards": [card]})
    out = validate(server, body | {"tricks": tricks})
    assert out["phase"] == "complete" and out["next"] is None
    scored = {k: v for k, v in body.items() if k not in ("dealer", "hands")} | {"tricks": tricks}
    assert out["score"] == server.post("/v1/round-score", json=scored).json()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(PRESET_TRUMPS),
    st.permutations(range(32)),
    st.lists(st.tuples(st.integers(0, 3), st.lists(st.integers(0, 31), max_size=5)), max_size=9),
)
def test_any_play_record_is_answered_without_a_server_error(server, preset_trump, deck, plays):
    """Random (mostly illegal) tricks: a 200 answer or a 422 problem, never a 500; an
    invalid answer has violations and neither `next` nor `score`."""
    name, trump = preset_trump
    ruleset = get_ruleset(name)
    size = ruleset.hand_size
    hands = [
        {"seat": s, "cards": [card_name(c) for c in deck[s * size : (s + 1) * size]]}
        for s in range(ruleset.players)
    ]
    tricks = [{"leader": lead, "cards": [card_name(c) for c in cs]} for lead, cs in plays]
    body = {"ruleset": name, "dealer": 0, "hands": hands, "trump": trump, "taker": 0}
    body["tricks"] = tricks
    if ruleset.contract == "bid":
        body["bid"] = {"value": 100}
    r = server.post("/v1/rounds/validate", json=body)
    assert r.status_code in (200, 422), r.text
    out = r.json()
    if r.status_code == 200 and not out["valid"]:
        assert out["violations"] and out["next"] is None and out["score"] is None
