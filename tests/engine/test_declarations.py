"""Declarations engine (docs/rules.md section 3, presets of section 5).

Every expected value is worked from docs/rules.md in the comment beside it:
carrés J 200, 9 150, A/10/K/Q 100, 8/7 nothing; sequences 3:20 4:50 5:100 (belote,
belote-ffb, coinche, klob, cap 5) or 3:20 4:50 (klaberjass, no cap). Teams: seat % 2.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.engine.cards import card_name, cards_in, mask_of, parse_card
from service.engine.declarations import (
    CARRE,
    SEQUENCE,
    DeclarationError,
    check_hands,
    find_belotes,
    find_declarations,
    parse_declaration,
    parse_declarations,
    settle,
)
from service.engine.rulesets import PRESETS, get_ruleset

BELOTE = get_ruleset("belote")  # first_in_rotation, no card in two declarations, cap 5
FFB = get_ruleset("belote-ffb")  # none_score, a card may be in a carré and a sequence
KLABERJASS = get_ruleset("klaberjass")  # sequences only, 3:20 4:50, no cap, needs a trick
CARDAVIA = get_ruleset("cardavia")  # no declarations, belote only
COINCHE = get_ruleset("coinche")


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def hand(text: str) -> int:
    return mask_of(cards(text))


def claims(ruleset, trump, *pairs, hands=None):
    return parse_declarations([(seat, cards(text)) for seat, text in pairs], trump, ruleset, hands)


def shown(declarations):
    """(kind, cards as text, points) of each declaration, in the given order."""
    return [
        (d.kind, " ".join(card_name(c) for c in cards_in(d.cards)), d.points) for d in declarations
    ]


# --- ranking cases that separate the rules -----------------------------------------------


def test_carre_of_jacks_beats_carre_of_nines():
    # J 200 > 9 150: the higher points win. Seat 1 (team 1) scores its 200.
    ds = claims(BELOTE, "H", (0, "9C 9D 9H 9S"), (1, "JC JD JH JS"))
    s = settle(ds, 0, "H", BELOTE)
    assert (s.winner_seat, s.winner_team, s.points) == (1, 1, (0, 200))
    assert [d.seat for d in s.ranked] == [1, 0]


def test_carre_of_aces_beats_carre_of_kings_on_rank():
    # Both 100: then the higher rank in sequence order A K Q J 10 9 -> aces. Seat 2, team 0.
    ds = claims(BELOTE, "S", (1, "KC KD KH KS"), (2, "AC AD AH AS"))
    s = settle(ds, 1, "S", BELOTE)
    assert (s.winner_seat, s.winner_team, s.points) == (2, 0, (100, 0))


def test_carre_of_100_beats_a_five_card_sequence_of_100():
    # Any carré beats any sequence, even at equal points (100 vs quinte 100).
    ds = claims(BELOTE, "C", (0, "8D 9D 10D JD QD"), (3, "AC AD AH AS"))
    s = settle(ds, 0, "C", BELOTE)
    assert [d.kind for d in s.ranked] == [CARRE, SEQUENCE]
    assert (s.winner_seat, s.winner_team, s.points) == (3, 1, (0, 100))


def test_equal_tierces_higher_top_card_wins():
    # Same length 3: 10-J-Q (top Q) beats 8-9-10 (top 10); trump (S) plays no part.
    ds = claims(BELOTE, "S", (0, "8H 9H 10H"), (1, "10C JC QC"))
    s = settle(ds, 0, "S", BELOTE)
    assert (s.winner_seat, s.points) == (1, (0, 20))


def test_equal_tierces_the_trump_one_wins():
    # Same length, same top (J): the trump sequence (hearts) beats the plain one, whoever
    # comes first in rotation (leader 0 would otherwise favour seat 0).
    ds = claims(BELOTE, "H", (0, "9C 10C JC"), (1, "9H 10H JH"))
    s = settle(ds, 0, "H", BELOTE)
    assert (s.winner_seat, s.winner_team, s.points, s.tie) == (1, 1, (0, 20), False)


@pytest.mark.parametrize(
    ("leader", "winner"),
    [
        (0, 0),  # order 0 1 2 3: seat 0 is the first tied player
        (1, 1),  # order 1 2 3 0: seat 1 first
        (2, 0),  # order 2 3 0 1: seats 2 and 3 declare nothing, seat 0 comes before 1
        (3, 0),  # order 3 0 1 2: seat 0 before seat 1
    ],
)
def test_equal_plain_tierces_first_in_rotation(leader, winner):
    # belote: declaration_tie first_in_rotation. Equal plain 7-8-9 in C and D, trump H:
    # the side of the tied player who comes first counting from the leader (leader included).
    ds = claims(BELOTE, "H", (0, "7C 8C 9C"), (1, "7D 8D 9D"))
    s = settle(ds, leader, "H", BELOTE)
    expected_points = (20, 0) if winner == 0 else (0, 20)
    assert (s.winner_seat, s.winner_team, s.points, s.tie) == (
        winner,
        winner,
        expected_points,
        True,
    )


def test_first_in_rotation_counts_from_the_leader_both_ways():
    # Leader 2: order 2 3 0 1. Tied seats 3 (team 1) and 0 (team 0): seat 3 comes first.
    ds = claims(BELOTE, "H", (0, "7C 8C 9C"), (3, "7D 8D 9D"))
    assert settle(ds, 2, "H", BELOTE).winner_seat == 3
    # Leader 0: order 0 1 2 3: seat 0 first.
    assert settle(ds, 0, "H", BELOTE).winner_seat == 0


def test_equal_plain_tierces_none_score():
    # belote-ffb: declaration_tie none_score: equal best of both sides -> nobody scores,
    # even though seat 2 (team 0) also holds a lesser tierce.
    ds = claims(FFB, "H", (0, "7C 8C 9C"), (1, "7D 8D 9D"), (2, "7S 8S 9S"))
    s = settle(ds, 0, "H", FFB)
    assert (s.winner_seat, s.winner_team, s.points, s.tie) == (None, None, (0, 0), True)
    assert len(s.ranked) == 3


def test_partners_tied_is_no_tie_between_sides():
    # Seats 0 and 2 are partners: their equal tierces tie nobody; team 0 scores both (40).
    ds = claims(FFB, "H", (0, "7C 8C 9C"), (2, "7D 8D 9D"))
    s = settle(ds, 3, "H", FFB)
    assert (s.winner_team, s.points, s.tie) == (0, (40, 0), False)


def test_six_card_run_counts_as_its_top_five():
    # belote: sequence_cap 5. 7C..QC (six cards) counts as 8-9-10-J-Q: length 5, top Q,
    # 100 points. The plain quinte 9D..KD (top K) beats it on the top card.
    ds = claims(BELOTE, "H", (0, "7C 8C 9C 10C JC QC"), (1, "9D 10D JD QD KD"))
    assert (ds[0].length, ds[0].points) == (5, 100)
    s = settle(ds, 0, "H", BELOTE)
    assert (s.winner_seat, s.points) == (1, (0, 100))
    # Found from the hand, the six-card run is shown as its five highest cards (seed 003).
    found = find_declarations(hand("7C 8C 9C 10C JC QC AH 7S"), "H", BELOTE)
    assert shown(found) == [(SEQUENCE, "8C 9C 10C JC QC", 100)]


def test_six_card_run_in_klaberjass_compares_true_length():
    # klaberjass: sequence_cap null: 6 cards beat 5 cards (both 50, the largest key 4:50).
    ds = claims(KLABERJASS, "H", (0, "7C 8C 9C 10C JC QC"), (1, "10D JD QD KD AD"))
    assert [d.points for d in ds] == [50, 50]
    s = settle(ds, 1, "H", KLABERJASS)
    assert (s.winner_seat, s.points) == (0, (50, 0))


def test_best_choice_needs_the_non_overlap_rule():
    # belote (card_in_two_declarations false): 8H 9H 10H JH QH + JC JD JS.
    # Quinte alone: 100. Carré of J (200) leaves 8-9-10 (tierce 20) and QH: 220. Best 220.
    found = find_declarations(hand("8H 9H 10H JH QH JC JD JS"), "S", BELOTE, seat=2)
    assert shown(found) == [(CARRE, "JC JD JH JS", 200), (SEQUENCE, "8H 9H 10H", 20)]
    assert {d.seat for d in found} == {2}
    # belote-ffb (a card may be in both): carré 200 + the whole quinte 100 = 300.
    found = find_declarations(hand("8H 9H 10H JH QH JC JD JS"), "S", FFB)
    assert shown(found) == [(CARRE, "JC JD JH JS", 200), (SEQUENCE, "8H 9H 10H JH QH", 100)]


def test_non_overlap_weighs_the_carre_against_the_broken_run():
    # 9H 10H JH QH KH + QC QD QS, no card in two: carré of Q (100) leaves 9-10-J (20) and KH:
    # 120 > the quinte alone (100). JC JD JS + 9H..KH: carré of J (200) leaves 9-10 and Q-K
    # (nothing): 200 > 100.
    found = find_declarations(hand("9H 10H JH QH KH QC QD QS"), "C", BELOTE)
    assert shown(found) == [(CARRE, "QC QD QH QS", 100), (SEQUENCE, "9H 10H JH", 20)]
    found = find_declarations(hand("9H 10H JH QH KH JC JD JS"), "C", BELOTE)
    assert shown(found) == [(CARRE, "JC JD JH JS", 200)]


def test_non_overlap_keeps_the_run_when_it_is_worth_more():
    # With a quinte worth 300 (option), 8H..QH (300) beats carré of 10 (100) + nothing left
    # of the run (8-9 and J-Q): the sequence is kept and the carré is not declared.
    rules = get_ruleset("belote", {"sequence_points": {"3": 20, "4": 50, "5": 300}})
    found = find_declarations(hand("8H 9H 10H JH QH 10C 10D 10S"), "C", rules)
    assert shown(found) == [(SEQUENCE, "8H 9H 10H JH QH", 300)]


def test_equal_totals_broken_by_strongest_single_declaration():
    # 8H 9H 10H JH QH + 10C 10D 10S: quinte alone 100, or carré of 10 (100) leaving 8-9 and
    # J-Q (nothing): 100. Equal totals: the strongest single declaration decides, and a
    # carré beats any sequence -> the carré of 10s.
    found = find_declarations(hand("8H 9H 10H JH QH 10C 10D 10S"), "C", BELOTE)
    assert shown(found) == [(CARRE, "10C 10D 10H 10S", 100)]


def test_two_sequences_in_one_hand():
    # 7C 8C 9C + JD QD KD AD + 10S: tierce 20 + quarte 50 = 70, both kept, best first.
    found = find_declarations(hand("7C 8C 9C JD QD KD AD 10S"), "H", BELOTE)
    assert shown(found) == [(SEQUENCE, "JD QD KD AD", 50), (SEQUENCE, "7C 8C 9C", 20)]


def test_winning_side_scores_all_its_declarations():
    # Seat 0 quinte (100), seat 1 carré of K (100), seat 3 tierce (20), seat 2 tierce (20).
    # Best: the carré (any carré beats a sequence) -> team 1 scores 100 + 20 = 120; team 0,
    # despite its quinte, scores nothing.
    ds = claims(
        BELOTE, "H", (0, "8D 9D 10D JD QD"), (1, "KC KD KH KS"), (3, "7S 8S 9S"), (2, "7C 8C 9C")
    )
    s = settle(ds, 0, "H", BELOTE)
    assert (s.winner_seat, s.winner_team, s.points) == (1, 1, (0, 120))
    assert [d.seat for d in s.ranked] == [1, 0, 2, 3]  # equal tierces in rotation: 2 then 3


def test_nothing_declared():
    s = settle([], 0, "H", BELOTE)
    assert (s.ranked, s.winner_seat, s.winner_team, s.points) == ((), None, None, (0, 0))


# --- Klaberjass ---------------------------------------------------------------------------


def test_klaberjass_sequences_only_four_or_more_is_50():
    # 9 cards: four jacks are no declaration (no carrés); 9C..KC is five cards: 50 (4+ = 50).
    found = find_declarations(hand("JC JD JH JS 9C 10C QC KC 7H"), "D", KLABERJASS)
    assert shown(found) == [(SEQUENCE, "9C 10C JC QC KC", 50)]
    # A four-card run is 50 too, a tierce 20.
    assert claims(KLABERJASS, "D", (0, "7S 8S 9S 10S"))[0].points == 50
    assert claims(KLABERJASS, "D", (1, "7S 8S 9S"))[0].points == 20


def test_klaberjass_refuses_a_claimed_carre():
    with pytest.raises(DeclarationError, match="carrés are not declarations in klaberjass"):
        claims(KLABERJASS, "H", (0, "JC JD JH JS"))


def test_klaberjass_equal_sequences_without_trump_score_nothing():
    # Same length, same top, neither in trump: none_score.
    ds = claims(KLABERJASS, "H", (0, "7C 8C 9C"), (1, "7D 8D 9D"))
    s = settle(ds, 0, "H", KLABERJASS)
    assert (s.winner_seat, s.points) == (None, (0, 0))


def test_klaberjass_needs_a_trick():
    # declaration_needs_trick: seat 1's quarte (50) is the best; it scores only if seat 1
    # (team 1 with 2 players) took a trick.
    ds = claims(KLABERJASS, "H", (0, "7C 8C 9C"), (1, "7D 8D 9D 10D"))
    assert settle(ds, 0, "H", KLABERJASS, (9, 0)).points == (0, 0)
    assert settle(ds, 0, "H", KLABERJASS, (8, 1)).points == (0, 50)
    assert settle(ds, 0, "H", KLABERJASS).points == (0, 50)  # tricks unknown: not applied
    # belote does not need a trick: declaration_needs_trick false.
    assert settle(ds, 0, "H", BELOTE, (8, 0)).points == (0, 50)


def test_cardavia_has_no_declarations_but_belote():
    assert find_declarations(hand("7C 8C 9C 10C JC KH QH AH"), "H", CARDAVIA) == []
    assert find_belotes(hand("7C 8C 9C 10C JC KH QH AH"), "H", CARDAVIA) == [2]
    with pytest.raises(DeclarationError, match="scores no declarations"):
        claims(CARDAVIA, "H", (0, "7C 8C 9C"))


# --- belote --------------------------------------------------------------------------------


def test_belote_is_never_compared():
    # Seat 0 holds belote (KH QH, trump H) and no declaration; seat 1 a tierce of spades.
    # Belote is not a declaration: seat 1 scores its 20, belote stays apart.
    assert find_declarations(hand("KH QH 7C 9D JS AC 8D 10C"), "H", BELOTE) == []
    assert find_belotes(hand("KH QH 7C 9D JS AC 8D 10C"), "H", BELOTE) == [2]
    s = settle(claims(BELOTE, "H", (1, "7S 8S 9S")), 0, "H", BELOTE)
    assert (s.winner_seat, s.points) == (1, (0, 20))


def test_king_queen_of_trump_inside_a_sequence_scores_both():
    # QH KH AH with hearts trump: a tierce (20, and a trump one) and belote (20, apart).
    h = hand("QH KH AH 7C 8D 9S JC 10D")
    found = find_declarations(h, "H", BELOTE)
    assert shown(found) == [(SEQUENCE, "QH KH AH", 20)] and found[0].trump
    assert find_belotes(h, "H", BELOTE) == [2]
    # The settlement's points are the tierce only: belote is never in declaration points.
    assert settle(found, 0, "H", BELOTE).points == (20, 0)


def test_belote_in_all_trump_and_sans_atout():
    # tout atout: king and queen of each suit are a belote (up to four); sans atout: none.
    h = hand("KC QC KD QD KH 7H KS QS")
    assert find_belotes(h, "all", COINCHE) == [0, 1, 3]
    assert find_belotes(h, "none", COINCHE) == []
    assert find_belotes(h, "D", COINCHE) == [1]
    assert find_belotes(h, "H", COINCHE) == []  # QH missing


def test_all_trump_sequences_are_all_trump():
    # tout atout: every suit is trump, so the trump step separates nothing: equal tierces
    # of two sides tie; coinche is none_score.
    ds = claims(COINCHE, "all", (0, "7C 8C 9C"), (1, "7D 8D 9D"))
    assert settle(ds, 0, "all", COINCHE).winner_seat is None


# --- validation ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("8C 8D 8H 8S", "a carré of 8s scores nothing"),
        ("7C 7D 7H 7S", "a carré of 7s scores nothing"),
        ("7H 8H 10H", "is not a declaration"),
        ("7H 8H", "is not a declaration"),
        ("AH 10H KH", "is not a declaration"),  # A-10-K is not a run in sequence order
        ("9C 9D 9H", "is not a declaration"),
        ("7H 8H 9D", "is not a declaration"),
        ("7H 8H 8H 9H", "8H appears twice"),
    ],
)
def test_impossible_claims(text, message):
    with pytest.raises(DeclarationError, match=message):
        parse_declaration(0, cards(text), "H", BELOTE)


def test_ten_jack_queen_is_a_run():
    # 10-J-Q is a run in sequence order (docs/rules.md section 1).
    assert parse_declaration(0, cards("QS 10S JS"), "H", BELOTE).points == 20


def test_claim_not_in_hand():
    with pytest.raises(DeclarationError, match="9H is not in seat 1's hand") as error:
        parse_declaration(1, cards("7H 8H 9H"), "C", BELOTE, hand("7H 8H 10H"))
    assert error.value.field == "declarations.cards.2"


def test_seat_out_of_range():
    with pytest.raises(DeclarationError, match="seat 2 does not exist with 2 players"):
        parse_declaration(2, cards("7H 8H 9H"), "C", KLABERJASS)


def test_card_in_carre_and_sequence_of_one_seat():
    # belote forbids one card in a carré and a sequence; belote-ffb allows it.
    with pytest.raises(DeclarationError, match="may not be in both a carré and a sequence"):
        claims(BELOTE, "C", (0, "JC JD JH JS"), (0, "9H 10H JH"))
    ds = claims(FFB, "C", (0, "JC JD JH JS"), (0, "9H 10H JH"))
    assert settle(ds, 0, "C", FFB).points == (220, 0)


def test_card_in_two_sequences_or_two_seats():
    with pytest.raises(DeclarationError, match="only one sequence"):
        claims(FFB, "C", (0, "9H 10H JH"), (0, "JH QH KH"))
    # belote-ffb lets JH be in the carré and one sequence, not in a second sequence too.
    with pytest.raises(DeclarationError, match="only one sequence"):
        claims(FFB, "C", (0, "JC JD JH JS"), (0, "9H 10H JH"), (0, "JH QH KH"))
    with pytest.raises(DeclarationError, match="claimed by seats 0 and 1"):
        claims(BELOTE, "C", (0, "9H 10H JH"), (1, "JH QH KH"))


def test_two_sequences_that_are_one_run():
    # Touching runs are one run; with the hand known, a gap of cards the seat holds too.
    with pytest.raises(DeclarationError, match="one run of 6 cards"):
        claims(BELOTE, "C", (0, "7H 8H 9H"), (0, "10H JH QH"))
    h = {0: hand("7H 8H 9H 10H JH QH KH AH")}
    with pytest.raises(DeclarationError, match="one run of 8 cards"):
        claims(KLABERJASS, "C", (0, "7H 8H 9H"), (0, "JH QH KH AH"), hands=h)
    # Not held: two real runs (7-8-9 and J-Q-K-A with 10H elsewhere) score 20 + 50.
    ds = claims(KLABERJASS, "C", (0, "7H 8H 9H"), (0, "JH QH KH AH"))
    assert settle(ds, 0, "C", KLABERJASS).points == (70, 0)


def test_claims_need_the_declaring_seats_hand_when_hands_are_given():
    with pytest.raises(DeclarationError, match="none for seat 1"):
        claims(BELOTE, "C", (1, "7H 8H 9H"), hands={0: hand("7H 8H 9H")})


def test_check_hands():
    assert check_hands([(0, cards("7H 8H")), (3, cards("9H"))], BELOTE) == {
        0: hand("7H 8H"),
        3: hand("9H"),
    }
    for bad, message in [
        ([(0, cards("7H")), (1, cards("7H"))], "7H is in the hands of seats 0 and 1"),
        ([(0, cards("7H 7H"))], "7H appears twice"),
        ([(0, cards("7H")), (0, cards("8H"))], "seat 0 has two hands"),
        ([(4, cards("7H"))], "seat 4 does not exist"),
        ([(0, cards("7H 8H 9H 10H JH QH KH AH 7C"))], "9 cards, but belote deals 8"),
    ]:
        with pytest.raises(DeclarationError, match=message):
            check_hands(bad, BELOTE)


# --- properties over random deals -----------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(
    deck=st.permutations(range(32)),
    # The single contest of docs/rules.md section 3 (belot's two contests: its own test).
    name=st.sampled_from(
        sorted(n for n, r in PRESETS.items() if r.declaration_compare == "single_contest")
    ),
    leader=st.integers(0, 3),
    data=st.data(),
)
def test_found_declarations_are_valid_claims_and_settle_consistently(deck, name, leader, data):
    ruleset = PRESETS[name]
    trump = data.draw(st.sampled_from(ruleset.trump_modes))
    leader %= ruleset.players
    size = ruleset.hand_size
    hands = {s: mask_of(deck[s * size : (s + 1) * size]) for s in range(ruleset.players)}
    found = [d for s, h in hands.items() for d in find_declarations(h, trump, ruleset, s)]
    # What the finder shows, the validator accepts as announced, with the hands known.
    claimed = [(d.seat, list(cards_in(d.cards))) for d in found]
    assert parse_declarations(claimed, trump, ruleset, hands) == found
    s = settle(found, leader, trump, ruleset)
    assert sorted(s.ranked, key=id) == sorted(found, key=id)
    if s.winner_team is None:
        assert s.points == (0, 0)
    else:
        # The winning side scores all of its own declarations, the other side nothing.
        own = sum(d.points for d in found if ruleset.team_of(d.seat) == s.winner_team)
        assert s.points[s.winner_team] == own and s.points[1 - s.winner_team] == 0
        assert s.ranked[0].seat == s.winner_seat


def test_runs_split_by_a_carre_are_two_sequences():
    # Ten cards (a 2-player, 16-card option): JC JD JS + 8H..AH. No card in two: carré of J
    # (200) splits the run into 8-9-10 (20) and Q-K-A (20): 240 > the run alone (capped
    # quinte, 100). Announced so, the two tierces are accepted: JH between them is in the
    # carré, so they are not one run.
    rules = get_ruleset("belote", {"players": 2, "hand_size": 16})
    h = hand("JC JD JS 8H 9H 10H JH QH KH AH")
    found = find_declarations(h, "C", rules)
    assert shown(found) == [
        (CARRE, "JC JD JH JS", 200),
        (SEQUENCE, "QH KH AH", 20),
        (SEQUENCE, "8H 9H 10H", 20),
    ]
    ds = claims(rules, "C", (0, "JC JD JH JS"), (0, "8H 9H 10H"), (0, "QH KH AH"), hands={0: h})
    assert settle(ds, 0, "C", rules).points == (240, 0)
    # Without the carré, the same two tierces are one run of the hand: refused.
    with pytest.raises(DeclarationError, match="one run of 7 cards"):
        claims(rules, "C", (0, "8H 9H 10H"), (0, "QH KH AH"), hands={0: h})
