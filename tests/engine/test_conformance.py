"""Conformance with external Bulgarian Belot test vectors.

The vectors are vendored in ``tests/engine/conformance/belot-golden.json`` (origin, licence and
checksum in tests/engine/conformance/README.md), so every clone runs these tests.

What the file's sections encode, and how they map onto our rules:

- ``cardtables``: per contract (Clubs..Spades, NoTrumps, AllTrumps) and card: ``strength``
  1..8 = our ``strength()`` + 1 (section 1 orders), ``points`` = our ``card_points()``.
  Suit contracts and AllTrumps match docs/rules.md as they are (``all_trump_points: raw``).
  NoTrumps uses plain-suit values (A 11, total 130): neither ``doubled`` nor ``ace_19``;
  that is the ``no_trump_points: plain`` value.
- ``validcards``: a trick in progress and the hand of the player to move; ``legal`` = indices
  into the hand. Seats 1..4 are ours 0..3 (seat s+1 plays after s; 1 & 3 partners).
- ``announces``: ``desc`` has two slots per declaration kind: carrés, tierces (3-card runs),
  quartes (4), quintes (5); a slot holds the top card's rank (7..14), or 0.
- ``bidscores``: a bidding-strength estimate for five-card hands, not a rule: no test here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from service.engine.cards import (
    ALL_TRUMP,
    NO_TRUMP,
    SUITS,
    card,
    card_name,
    mask_of,
    parse_card,
    strength,
)
from service.engine.play import (
    MUST_OVERTRUMP,
    MUST_UNDERTRUMP,
    Position,
    bonus_multiplier,
    card_points,
    check_card,
    check_hand,
    check_trick,
    legal_moves,
    trick_points,
)
from service.engine.rulesets import PRESETS, RulesetError, get_ruleset

GOLDEN = Path(__file__).resolve().parent / "conformance" / "belot-golden.json"

#: Bulgarian Belot as options over ``coinche`` (which already has trump_lead_overtrump
#: ``always`` and void_trump ``unless_partner_winning``, all six trump modes, 4 players).
BULGARIAN_OPTIONS = {
    "partner_winning_trump": "free",
    "undertrump": "may",
    "no_trump_points": "plain",
    "all_trump_points": "raw",
}
BULGARIAN = get_ruleset("coinche", BULGARIAN_OPTIONS)

CONTRACTS = {
    "Clubs": "C",
    "Diamonds": "D",
    "Hearts": "H",
    "Spades": "S",
    "NoTrumps": NO_TRUMP,
    "AllTrumps": ALL_TRUMP,
}


@pytest.fixture(scope="module")
def golden() -> dict:
    with GOLDEN.open(encoding="utf-8") as f:
        return json.load(f)


def vcard(suit: str, rank: int) -> int:
    """A card of the vector file: suit letter and rank 7..14 (11 J, 12 Q, 13 K, 14 A)."""
    return card(rank - 7, SUITS.index(suit))


def position_of(vector: dict, ruleset=BULGARIAN) -> tuple[list[int], Position]:
    """Hand and position of a ``validcards`` vector; vector seats 1..4 are our 0..3."""
    hand = [vcard(s, r) for s, r in vector["hand"]]
    trick = tuple(vcard(s, r) for _, s, r in vector["trick"])
    leader = (vector["trick"][0][0] if vector["trick"] else vector["seat"]) - 1
    return hand, Position(leader, trick, CONTRACTS[vector["contract"]], ruleset)


def legal_indices(vector: dict, ruleset=BULGARIAN) -> list[int]:
    hand, position = position_of(vector, ruleset)
    legal = {v.card for v in legal_moves(mask_of(hand), position) if v.legal}
    return [i for i, c in enumerate(hand) if c in legal]


def describe(vector: dict) -> str:
    hand, position = position_of(vector)
    trick = " ".join(card_name(c) for c in position.cards)
    return (
        f"{vector['contract']} seat {vector['seat']} hand "
        f"{' '.join(card_name(c) for c in hand)} trick [{trick}]"
    )


# --- cardtables ---------------------------------------------------------------------------


def test_cardtables_cover_every_card_of_every_contract_once(golden):
    keys = [(v["contract"], v["suit"], v["rank"]) for v in golden["cardtables"]]
    assert len(keys) == len(set(keys)) == 6 * 32


def test_cardtables_strengths_and_points_match_the_engine(golden):
    mismatches = []
    for v in golden["cardtables"]:
        c, trump = vcard(v["suit"], v["rank"]), CONTRACTS[v["contract"]]
        ours = (strength(c, trump) + 1, card_points(c, trump, BULGARIAN))
        if ours != (v["strength"], v["points"]):
            mismatches.append((v, ours))
    assert mismatches == [], f"{len(mismatches)} of 192 differ, e.g. {mismatches[:3]}"


@pytest.mark.parametrize("value", ["doubled", "ace_19"])
def test_cardtables_no_trump_points_are_neither_doubled_nor_ace_19(golden, value):
    ruleset = get_ruleset("coinche", {**BULGARIAN_OPTIONS, "no_trump_points": value})
    differ = [
        v
        for v in golden["cardtables"]
        if v["contract"] == "NoTrumps"
        and card_points(vcard(v["suit"], v["rank"]), NO_TRUMP, ruleset) != v["points"]
    ]
    # doubled: every card with a value (A 10 K Q J of 4 suits) = 20; ace_19: the 4 aces.
    assert len(differ) == {"doubled": 20, "ace_19": 4}[value]


def test_cardtables_all_trump_points_are_raw_not_scaled(golden):
    scaled = get_ruleset("coinche", {**BULGARIAN_OPTIONS, "all_trump_points": "scaled"})
    differ = [
        v
        for v in golden["cardtables"]
        if v["contract"] == "AllTrumps"
        and card_points(vcard(v["suit"], v["rank"]), ALL_TRUMP, scaled) != v["points"]
    ]
    # scaled changes J 9 A 10 K Q in each suit (8 and 7 are 0 in both): 6 x 4.
    assert len(differ) == 24


# --- no_trump_points: plain (the value the NoTrumps table needs), worked from its definition


def test_plain_no_trump_card_values_are_the_plain_suit_values():
    # A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0 (docs/rules.md section 1, plain suit).
    expected = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
    for rank, points in expected.items():
        for suit in SUITS:
            c = card(("7", "8", "9", "10", "J", "Q", "K", "A").index(rank), SUITS.index(suit))
            assert card_points(c, NO_TRUMP, BULGARIAN) == points


def test_plain_no_trump_deck_totals_120_and_bonuses_are_not_doubled():
    # 4 x (11 + 10 + 4 + 3 + 2) = 120 card points; + last trick 10 = 130.
    assert trick_points(range(32), NO_TRUMP, BULGARIAN) == 120
    assert bonus_multiplier(NO_TRUMP, BULGARIAN) == 1


def test_plain_is_an_accepted_option_and_presets_keep_their_values():
    assert get_ruleset("klob", {"no_trump_points": "plain"}).no_trump_points == "plain"
    assert PRESETS["klob"].no_trump_points == "doubled"
    assert PRESETS["coinche"].no_trump_points == "ace_19"
    assert card_points(card(7, 0), NO_TRUMP, PRESETS["klob"]) == 22
    assert card_points(card(7, 0), NO_TRUMP, PRESETS["coinche"]) == 19
    with pytest.raises(RulesetError, match="plain"):
        get_ruleset("klob", {"no_trump_points": "face"})


# --- validcards ---------------------------------------------------------------------------


def test_validcards_seats_run_in_playing_order_and_are_valid_positions(golden):
    for v in golden["validcards"]:
        hand, position = position_of(v)
        # Our seat to move (leader + cards played) is the vector's seat: 1..4 -> 0..3.
        assert position.seat == v["seat"] - 1
        assert [s for s, _, _ in v["trick"]] == [
            (position.leader + i) % 4 + 1 for i in range(len(v["trick"]))
        ]
        check_trick(position.leader, position.cards, BULGARIAN, complete_ok=False)
        check_hand(hand, position.cards, BULGARIAN)


def test_validcards_all_legal_sets_match_the_engine(golden):
    vectors = golden["validcards"]
    mismatches = [(describe(v), v["legal"], legal_indices(v)) for v in vectors]
    mismatches = [m for m in mismatches if m[1] != m[2]]
    assert len(vectors) == 2000
    assert mismatches == [], f"{len(mismatches)} of 2000 differ, e.g. {mismatches[:3]}"


@pytest.mark.parametrize(
    ("parameter", "other"),
    [
        ("trump_lead_overtrump", "unless_partner_winning"),
        ("void_trump", "always"),
        ("partner_winning_trump", "overtrump_if_able"),
        ("undertrump", "must"),
        ("undertrump", "forbidden"),
    ],
)
def test_validcards_decide_each_play_parameter(golden, parameter, other):
    """Any other value of any play parameter contradicts at least one vector."""
    ruleset = get_ruleset("coinche", {**BULGARIAN_OPTIONS, parameter: other})
    assert any(legal_indices(v, ruleset) != v["legal"] for v in golden["validcards"])


def _pos(leader: int, trick: str, trump: str) -> Position:
    return Position(leader, tuple(parse_card(t) for t in trick.split()), trump, BULGARIAN)


def _hand(text: str) -> int:
    return mask_of(parse_card(t) for t in text.split())


# Positions taken from the vectors, the verdicts worked from docs/rules.md section 2 (our seats).
def test_trump_led_partner_winning_still_must_overtrump():
    # Diamonds; seat 0 leads 9D, seat 1 discards 8C; seat 2 (partner of 0) holds JD, which
    # beats 9D: trump_lead_overtrump "always" makes JD the only legal card.
    pos = _pos(0, "9D 8C", "D")
    legal = [v for v in legal_moves(_hand("9C KC JD QD"), pos) if v.legal]
    assert [card_name(v.card) for v in legal] == ["JD"]
    assert check_card(_hand("9C KC JD QD"), parse_card("QD"), pos).rule == MUST_OVERTRUMP


def test_void_partner_winning_with_plain_card_may_discard():
    # Diamonds; 0 leads QH, 1 plays 10H (winning), 2 discards 8S; seat 3 (partner of 1) has
    # no heart: void_trump "unless_partner_winning" lets KS be played as well as a trump.
    pos = _pos(0, "QH 10H 8S", "D")
    assert all(v.legal for v in legal_moves(_hand("KD AD KS"), pos))


def test_void_partner_winning_with_trump_may_play_a_lower_trump():
    # Hearts; 2 leads QC, 3 trumps KH (winning), 0 discards KS; seat 1 (partner of 3) void
    # in clubs: partner_winning_trump "free" allows the 7H below KH, and any discard.
    pos = _pos(2, "QC KH KS", "H")
    assert all(v.legal for v in legal_moves(_hand("9D AD 7H 9H JH 9S AS"), pos))


def test_void_opponent_trump_unbeatable_may_discard():
    # Clubs; 2 leads QH, 3 trumps JC (the highest trump); seat 0 cannot beat it:
    # undertrump "may" allows the 8C and every discard ("must" would force the 8C).
    pos = _pos(2, "QH JC", "C")
    hand = _hand("8C 9D QD 10S JS")
    assert all(v.legal for v in legal_moves(hand, pos))
    must = Position(pos.leader, pos.cards, "C", get_ruleset("coinche", {"undertrump": "must"}))
    assert check_card(hand, parse_card("9D"), must).rule == MUST_UNDERTRUMP


# --- announces ----------------------------------------------------------------------------

#: docs/rules.md section 3: four J 200, four 9 150, four A, 10, K or Q 100; four 8s or 7s: nothing.
CARRE_RANKS = (9, 10, 11, 12, 13, 14)


def declaration_slots(hand: list[list], ruleset=BULGARIAN) -> list[int]:
    """Our declarations of a hand in the vectors' ``desc`` layout.

    Two slots per kind, in the order carré, then sequences by length class (the keys of
    ``sequence_points``: 3, 4, 5; a longer run counts as ``sequence_cap`` cards); each slot
    holds the top rank (7..14) in sequence order, kinds filled clubs to spades.
    """
    slots = [0] * 8

    def put(kind: int, rank: int) -> None:
        free = slots.index(0, 2 * kind, 2 * kind + 2)  # ValueError: a third of one kind
        slots[free] = rank

    for rank in CARRE_RANKS:
        if sum(1 for _, r in hand if r == rank) == 4:
            put(0, rank)
    lengths = sorted(ruleset.sequence_points)
    for suit in SUITS:
        ranks = sorted(r for s, r in hand if s == suit)
        start = 0
        for i, rank in enumerate(ranks):
            if i + 1 == len(ranks) or ranks[i + 1] != rank + 1:
                run = i - start + 1
                if ruleset.sequence_cap is not None:
                    run = min(run, ruleset.sequence_cap)
                if run >= lengths[0]:
                    put(1 + max(k for k, n in enumerate(lengths) if n <= run), rank)
                start = i + 1
    return slots


def test_declaration_slots_worked_examples():
    # A quinte 9-K of diamonds: slot 6 holds K (13).
    hand = [["D", 9], ["D", 10], ["D", 11], ["D", 12], ["D", 13], ["H", 12], ["H", 14]]
    assert declaration_slots(hand) == [0, 0, 0, 0, 0, 0, 13, 0]
    # Two tierces (7-9 D, 8-10 H): slots 2 and 3, clubs-to-spades order.
    hand = [["C", 14], ["D", 7], ["D", 8], ["D", 9], ["H", 8], ["H", 9], ["H", 10], ["H", 14]]
    assert declaration_slots(hand) == [0, 0, 9, 10, 0, 0, 0, 0]
    # Four queens: a carré in slot 0; four 7s: no declaration.
    assert declaration_slots([[s, 12] for s in SUITS])[:2] == [12, 0]
    assert declaration_slots([[s, 7] for s in SUITS]) == [0] * 8


def test_announces_match_our_declarations(golden):
    vectors = golden["announces"]
    mismatches = [
        (v["hand"], v["desc"], declaration_slots(v["hand"]))
        for v in vectors
        if declaration_slots(v["hand"]) != v["desc"]
    ]
    assert len(vectors) == 500
    assert mismatches == [], f"{len(mismatches)} of 500 differ, e.g. {mismatches[:3]}"


# --- the plain `belot` preset (docs/rules-belot-klaverjas.md section 2) ---------------------------


def test_validcards_all_match_the_plain_belot_preset(golden):
    """The recorded legal sets need no options over the ``belot`` preset."""
    belot = PRESETS["belot"]
    vectors = golden["validcards"]
    mismatches = [
        (describe(v), v["legal"]) for v in vectors if legal_indices(v, belot) != v["legal"]
    ]
    assert mismatches == [], f"{len(mismatches)} of {len(vectors)} differ, e.g. {mismatches[:3]}"


def test_cardtables_are_the_belot_card_tables(golden):
    """Strengths as ours; points as ``belot`` counts them: suit contracts and all trumps as
    recorded, no trumps the recorded plain values doubled (``no_trump_points: doubled``,
    260 = 2 x 130: the program doubles the no-trump round when it scores it)."""
    belot = PRESETS["belot"]
    mismatches = []
    for v in golden["cardtables"]:
        c, trump = vcard(v["suit"], v["rank"]), CONTRACTS[v["contract"]]
        ours = (strength(c, trump) + 1, card_points(c, trump, belot))
        if ours != (v["strength"], v["points"] * bonus_multiplier(trump, belot)):
            mismatches.append((v, ours))
    assert mismatches == [], f"{len(mismatches)} of 192 differ, e.g. {mismatches[:3]}"
