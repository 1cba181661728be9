"""POST /v1/declarations/rank and /best over real HTTP (gunicorn), docs/rules.md section 3.

Expected figures are worked from docs/rules.md in the comments: carrés J 200, 9 150,
A/10/K/Q 100, 8/7 nothing; sequences 3:20 4:50 5:100 (cap 5) or, in klaberjass,
3:20 4:50 without cap. Teams: seat % 2 with 4 players, seat with 2.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.http

PATH = "/v1/declarations/rank"
BEST = "/v1/declarations/best"


def said(*claims) -> dict:
    """``{"declarations": [...]}`` from ``(seat, "cards ...")`` pairs."""
    return {"declarations": [{"seat": s, "cards": c.split()} for s, c in claims]}


def held(*hands) -> dict:
    return {"hands": [{"seat": s, "cards": c.split()} for s, c in hands]}


def rank(server, trump, *claims, ruleset="belote", leader=None, hands=None):
    """Rank the claims (POST /v1/declarations/rank); with hands and no claims, each
    hand's best declarations (POST /v1/declarations/best)."""
    body = {"ruleset": ruleset, "trump": trump}
    if leader is not None:
        body["leader"] = leader
    if claims:
        body |= said(*claims)
    if hands is not None:
        body |= held(*hands)
    return server.post(PATH if claims or hands is None else BEST, json=body)


def path_for(body: dict) -> str:
    return BEST if "declarations" not in body and "hands" in body else PATH


def ok(response) -> dict:
    assert response.status_code == 200, response.text
    return response.json()


def refused(response, field: str, words: str) -> dict:
    assert response.status_code == 422, response.text
    assert response.headers["Content-Type"].startswith("application/problem+json")
    body = response.json()
    assert field in body["errors"], body
    assert words in body["detail"], body["detail"]
    return body


def summary(body) -> tuple:
    winner = body["winner"] and (body["winner"]["seat"], body["winner"]["team"])
    return winner, body["points"]


# --- ranking cases ----------------------------------------------------------------------


def test_carre_of_jacks_beats_carre_of_nines(server):
    # J 200 > 9 150: seat 1 (team 1) wins, scores 200.
    body = ok(rank(server, "H", (0, "9C 9D 9H 9S"), (1, "JC JD JH JS")))
    assert summary(body) == ((1, 1), [0, 200])
    assert body["declarations"] == [
        {"seat": 1, "team": 1, "kind": "carre", "cards": ["JC", "JD", "JH", "JS"], "points": 200},
        {"seat": 0, "team": 0, "kind": "carre", "cards": ["9C", "9D", "9H", "9S"], "points": 150},
    ]
    assert body["belote"] == []


def test_carre_of_aces_beats_carre_of_kings(server):
    # Both 100; aces rank higher (A K Q J 10 9): seat 2, team 0, 100.
    body = ok(rank(server, "S", (1, "KC KD KH KS"), (2, "AC AD AH AS"), leader=1))
    assert summary(body) == ((2, 0), [100, 0])


def test_carre_of_100_beats_quinte_of_100(server):
    # Any carré beats any sequence: carré of aces (seat 3) over the quinte 8D..QD (seat 0).
    body = ok(rank(server, "C", (0, "8D 9D 10D JD QD"), (3, "AC AD AH AS")))
    assert [d["kind"] for d in body["declarations"]] == ["carre", "sequence"]
    assert summary(body) == ((3, 1), [0, 100])


def test_equal_tierces_higher_top_card(server):
    # 10-J-Q (top Q) beats 8-9-10 (top 10).
    body = ok(rank(server, "S", (0, "8H 9H 10H"), (1, "10C JC QC")))
    assert summary(body) == ((1, 1), [0, 20])


def test_equal_tierces_trump_wins(server):
    # Same length and top (J): the trump (hearts) tierce of seat 1 beats seat 0's clubs,
    # although seat 0 is the leader.
    body = ok(rank(server, "H", (0, "9C 10C JC"), (1, "9H 10H JH"), leader=0))
    assert summary(body) == ((1, 1), [0, 20])


@pytest.mark.parametrize(
    ("leader", "winner", "points"),
    [
        (0, 0, [20, 0]),  # order 0 1 2 3: seat 0 first of the tied seats 0 and 1
        (1, 1, [0, 20]),  # order 1 2 3 0: seat 1 first
        (3, 0, [20, 0]),  # order 3 0 1 2: seat 0 before seat 1
    ],
)
def test_equal_plain_tierces_first_in_rotation(server, leader, winner, points):
    body = ok(rank(server, "H", (0, "7C 8C 9C"), (1, "7D 8D 9D"), leader=leader))
    assert summary(body) == ((winner, winner), points)


def test_leader_defaults_to_zero(server):
    # No leader: 0, so seat 0 wins the tie under first_in_rotation.
    body = ok(rank(server, "H", (1, "7D 8D 9D"), (0, "7C 8C 9C")))
    assert summary(body) == ((0, 0), [20, 0])
    # Equal declarations are listed in playing order from the leader.
    assert [d["seat"] for d in body["declarations"]] == [0, 1]


def test_equal_plain_tierces_none_score(server):
    # belote-ffb: none_score: equal best of both sides -> winner null, nobody scores.
    body = ok(rank(server, "H", (0, "7C 8C 9C"), (1, "7D 8D 9D"), ruleset="belote-ffb"))
    assert summary(body) == (None, [0, 0])
    assert len(body["declarations"]) == 2


def test_six_card_run(server):
    # belote cap 5: 7C..QC counts as 8..QC (length 5, top Q, 100); 9D..KD (top K) wins.
    body = ok(rank(server, "H", (0, "7C 8C 9C 10C JC QC"), (1, "9D 10D JD QD KD")))
    assert summary(body) == ((1, 1), [0, 100])
    assert body["declarations"][1]["points"] == 100
    # klaberjass, no cap: the six-card run beats the five (both 50).
    body = ok(
        rank(server, "H", (0, "7C 8C 9C 10C JC QC"), (1, "10D JD QD KD AD"), ruleset="klaberjass")
    )
    assert summary(body) == ((0, 0), [50, 0])
    # Found from a hand, the six-card run shows its five highest cards.
    body = ok(rank(server, "H", hands=[(0, "7C 8C 9C 10C JC QC AH 7S")]))
    assert body["declarations"] == [
        {
            "seat": 0,
            "team": 0,
            "kind": "sequence",
            "cards": ["8C", "9C", "10C", "JC", "QC"],
            "points": 100,
        }
    ]


def test_hand_needing_the_non_overlap_rule(server):
    # belote: 8H..QH + JC JD JS: carré J 200 + 8-9-10 20 = 220 beats the quinte (100).
    # Seat 1: carré of aces 100. Carré J wins: team 0 scores 220. Seat 1 has KS QS: belote.
    hands = [(0, "8H 9H 10H JH QH JC JD JS"), (1, "AC AD AH AS KS QS 7D 8D")]
    body = ok(rank(server, "S", hands=hands))
    assert [(d["seat"], d["kind"], d["points"]) for d in body["declarations"]] == [
        (0, "carre", 200),
        (1, "carre", 100),
        (0, "sequence", 20),
    ]
    assert summary(body) == ((0, 0), [220, 0])
    assert body["belote"] == [{"seat": 1, "team": 1, "suit": "S"}]
    # belote-ffb allows a card in both: 200 + 100 = 300.
    body = ok(rank(server, "S", hands=hands, ruleset="belote-ffb"))
    assert summary(body) == ((0, 0), [300, 0])


def test_klaberjass_sequences_only(server):
    # 2 players, 9 cards. Seat 0: four jacks (no declaration in klaberjass), so JH joins
    # 7H 8H 9H 10H in a five-card run: 50 (4+ = 50). Seat 1: 9C 10C is no run (JC is seat 0's);
    # QC KC AC is a tierce (20). The longer run wins: team 0 scores 50.
    hands = [(0, "JC JD JH JS 7H 8H 9H 10H 7S"), (1, "9C 10C QC KC AC 8S 9S AD KD")]
    body = ok(rank(server, "D", hands=hands, ruleset="klaberjass"))
    assert [(d["seat"], d["kind"], d["points"]) for d in body["declarations"]] == [
        (0, "sequence", 50),
        (1, "sequence", 20),
    ]
    assert summary(body) == ((0, 0), [50, 0])
    # 4+ cards = 50: a five-card claim is worth 50 too; carrés are refused.
    body = ok(rank(server, "D", (1, "7C 8C 9C 10C JC"), ruleset="klaberjass"))
    assert body["points"] == [0, 50]
    refused(
        rank(server, "D", (0, "JC JD JH JS"), ruleset="klaberjass"),
        "declarations.0",
        "carrés are not declarations in klaberjass",
    )


def test_belote_never_compared(server):
    # Seat 0 holds KH QH (trump H) and no declaration, seat 1 a tierce: seat 1 scores 20;
    # belote is listed for seat 0 and not in points.
    hands = [(0, "KH QH 7C 9D JS AC 8D 10C"), (1, "7S 8S 9S AD 10D 9C 7D JC")]
    body = ok(rank(server, "H", hands=hands))
    assert summary(body) == ((1, 1), [0, 20])
    assert body["belote"] == [{"seat": 0, "team": 0, "suit": "H"}]


def test_king_queen_of_trump_inside_a_sequence_scores_both(server):
    # Seat 2 announces QH KH AH with hearts trump: tierce 20 to team 0, and belote apart.
    body = ok(rank(server, "H", (2, "QH KH AH")))
    assert summary(body) == ((2, 0), [20, 0])
    assert body["belote"] == [{"seat": 2, "team": 0, "suit": "H"}]


def test_belote_in_all_trump_and_none(server):
    hands = [(0, "KC QC KD QD 7H 8H 9S 10S")]
    body = ok(rank(server, "all", hands=hands, ruleset="coinche"))
    assert body["belote"] == [
        {"seat": 0, "team": 0, "suit": "C"},
        {"seat": 0, "team": 0, "suit": "D"},
    ]
    assert ok(rank(server, "none", hands=hands, ruleset="coinche"))["belote"] == []


def test_winning_side_scores_all_its_declarations(server):
    # Carré of K (seat 1, 100) is best; team 1 also has seat 3's tierce: 120. Team 0's
    # quinte and tierce score nothing.
    body = ok(
        rank(
            server,
            "H",
            (0, "8D 9D 10D JD QD"),
            (1, "KC KD KH KS"),
            (3, "7S 8S 9S"),
            (2, "7C 8C 9C"),
        )
    )
    assert summary(body) == ((1, 1), [0, 120])


def test_claims_checked_against_hands(server):
    # With both lists, claims are checked against the hands; belote comes from the hands.
    hands = [(0, "7C 8C 9C KH QH AS AD 10D"), (1, "7D 8D 9D JS QS KS AC 10C")]
    body = ok(rank(server, "H", (0, "7C 8C 9C"), hands=hands))
    assert summary(body) == ((0, 0), [20, 0])
    assert body["belote"] == [{"seat": 0, "team": 0, "suit": "H"}]
    refused(
        rank(server, "H", (1, "7C 8C 9C"), hands=hands),
        "declarations.0.cards.0",
        "7C is not in seat 1's hand",
    )


def test_nothing_declared(server):
    body = ok(rank(server, "H", hands=[(0, "7C 9C JC KH AS AD 10D 8H")]))
    assert body == {"declarations": [], "winner": None, "points": [0, 0], "belote": []}


NOTHING = {"declarations": [], "winner": None, "points": [0, 0]}


@pytest.mark.parametrize("hands", [{}, {"hands": None}, {"hands": []}])
def test_nothing_announced_is_nothing_announced(server, hands):
    # An empty list of announcements means nothing was announced, whatever the hands hold
    # (a quarte here), and hands left out, null or empty all mean "no hands to check".
    body = ok(server.post(PATH, json={"trump": "H", "declarations": []} | hands))
    assert body == NOTHING | {"belote": []}
    quarte = held((0, "7C 8C 9C 10C KH QH AS AD"))
    body = ok(server.post(PATH, json={"trump": "H", "declarations": []} | quarte))
    assert body == NOTHING | {"belote": [{"seat": 0, "team": 0, "suit": "H"}]}
    best = ok(server.post(BEST, json={"trump": "H"} | quarte))
    assert summary(best) == ((0, 0), [50, 0])


def test_rank_without_declarations_is_refused_not_guessed(server):
    # Absent and empty must not mean different things: `declarations` is required, and
    # finding the best ones is its own operation.
    quarte = held((0, "7C 8C 9C 10C KH QH AS AD"))
    refused(server.post(PATH, json={"trump": "H"} | quarte), "declarations", "required")


# --- refusals -----------------------------------------------------------------------------


KLABERJASS = {"ruleset": "klaberjass"}


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        (said((0, "7H 8H 10H")), "declarations.0", "is not a declaration"),
        (said((0, "8C 8D 8H 8S")), "declarations.0", "carré of 8s scores nothing"),
        (said((0, "7C 7D 7H 7S")), "declarations.0", "carré of 7s scores nothing"),
        (
            said((0, "JC JD JH JS"), (0, "9H 10H JH")),
            "declarations.1",
            "may not be in both a carré and a sequence",
        ),
        (said((0, "9H 10H JH"), (1, "JH QH KH")), "declarations.1", "claimed by seats 0 and 1"),
        (said((0, "7H 8H 9H"), (0, "10H JH QH")), "declarations.1", "one run of 6 cards"),
        (said((0, "7H 8H 8H 9H")), "declarations.0.cards.2", "8H appears twice"),
        (held((0, "7H"), (1, "7H")), "hands.1.cards.0", "7H is in the hands of seats 0 and 1"),
        (held((0, "7H 7H")), "hands.0.cards.1", "7H appears twice"),
        (held((0, "7H"), (0, "8H")), "hands.1.seat", "seat 0 has two hands"),
        (KLABERJASS | held((2, "7H")), "hands.0.seat", "seat 2 does not exist with 2 players"),
        (KLABERJASS | held((0, "7H")) | {"leader": 3}, "leader", "seat 3 does not exist"),
        (KLABERJASS | said((2, "7H 8H 9H")), "declarations.0.seat", "seat 2 does not exist"),
        ({"trump": "all"} | held((0, "7H")), "trump", "trump mode 'all' is not played in belote"),
        (
            {"ruleset": "cardavia"} | said((0, "7H 8H 9H")),
            "declarations.0",
            "scores no declarations",
        ),
        ({}, "declarations", "Missing data for required field"),
        (said((1, "7H 8H 9H")) | held((0, "7H 8H 9H")), "declarations.0.seat", "none for seat 1"),
    ],
)
def test_impossible_input_is_a_422_naming_it(server, body, field, words):
    refused(server.post(path_for(body), json={"trump": "H", **body}), field, words)


@pytest.mark.parametrize(
    "body",
    [
        {"trump": "H", "leader": 2.5, "hands": []},
        {"trump": "H", "leader": "1", "declarations": []},
        {"trump": "H", "leader": True, "declarations": []},
        {"trump": "H", "declarations": [{"seat": 0, "cards": ["ZZ"]}]},
        {"trump": "H", "declarations": [{"seat": 0, "cards": "7H 8H 9H"}]},
        {"trump": "H", "declarations": [{"seat": 0}]},
        {"trump": "H", "declarations": [{"seat": 4, "cards": ["7H", "8H", "9H"]}]},
        {"trump": "H", "declarations": [{"seat": 0, "cards": []}]},
        {"trump": "H", "declarations": [{"seat": 0, "cards": [7, 8, 9]}]},
        {"trump": "H", "declarations": {"seat": 0}},
        {"trump": "H", "hands": [{"seat": 0, "cards": ["7H"], "extra": 1}]},
        {"trump": "H", "hands": []},
        {"trump": "X", "hands": [{"seat": 0, "cards": ["7H"]}]},
        {"hands": [{"seat": 0, "cards": ["7H"]}]},
        {"trump": "H", "hands": [{"seat": 0, "cards": ["7H"] * 17}]},
    ],
)
def test_malformed_input_is_a_422_not_a_500(server, body):
    response = server.post(PATH, json=body)
    assert response.status_code == 422, response.text
    assert response.json()["errors"]


def test_integral_float_seat_is_an_integer(server):
    # JSON integers accept 1.0.
    body = ok(
        server.post(
            PATH,
            json={
                "trump": "H",
                "leader": 1.0,
                "declarations": [{"seat": 1.0, "cards": ["7D", "8D", "9D"]}],
            },
        )
    )
    assert summary(body) == ((1, 1), [0, 20])
