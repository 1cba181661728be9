"""Trick winners and trick points (docs/rules.md sections 1 and 4), figures worked by hand.

Winner: the highest trump in the trick, else the highest card of the led suit; in sans atout
and tout atout the highest card of the led suit (another suit never wins).
Points: plain A 11, 10 10, K 4, Q 3, J 2; trump J 20, 9 14, A 11, 10 10, K 4, Q 3.
Sans atout `doubled`: A 22, 10 20, K 8, Q 6, J 4; `ace_19`: A 19, others plain.
Tout atout `raw`: every suit as trump; `scaled`: J 14, 9 9, A 6, 10 5, K 3, Q 1.
"""

from __future__ import annotations

import pytest

from service.engine.cards import RANKS, SUITS, card_name
from service.engine.play import bonus_multiplier, card_points, trick_points, winning_index
from service.engine.rulesets import get_ruleset
from tests.support.play_helpers import cards


def winner(trick: str, leader: int, trump: str, players: int = 4) -> tuple[int, str]:
    played = cards(trick)
    index = winning_index(played, trump)
    return (leader + index) % players, card_name(played[index])


@pytest.mark.parametrize(
    ("trump", "leader", "trick", "seat", "card"),
    [
        # suit trump: the highest trump wins
        ("H", 1, "8C 9H AC JH", 0, "JH"),  # JH above 9H; seat 1+3 = 4 -> 0
        ("H", 0, "AC 7H 8H KC", 2, "8H"),  # the higher of two small trumps
        ("H", 2, "7C AS KD QH", 1, "QH"),  # a lone small trump beats every plain card
        ("H", 3, "AH 9H JH 10H", 1, "JH"),  # trump order J 9 A 10
        ("H", 0, "9H AH 10H KH", 0, "9H"),  # 9 above A in trump
        # no trump in the trick: the highest card of the led suit
        ("H", 0, "AC 10C KC QC", 0, "AC"),
        ("H", 1, "10C KC AD AS", 1, "10C"),  # aces of other suits never win
        ("S", 0, "JD 9D 7D 8D", 0, "JD"),  # plain order: J above 9
        ("C", 2, "7H 8H", 3, "8H"),  # partial trick
        ("D", 3, "KS", 3, "KS"),  # one card: the leader wins so far
        ("D", 0, "KS 7D", 1, "7D"),  # partial, trumped
        # sans atout: led suit only, plain order, hearts are nothing special
        ("none", 0, "9C JH AH 7C", 0, "9C"),
        ("none", 1, "KC AC 10C QC", 2, "AC"),
        ("none", 0, "JH 9H", 0, "JH"),  # J above 9 in plain order
        # tout atout: led suit only, trump order
        ("all", 0, "9C JC AC 10C", 1, "JC"),
        ("all", 3, "AC JH 9H 7C", 3, "AC"),  # the jack and nine of hearts never win
        ("all", 0, "AD 9D", 1, "9D"),  # 9 above A in trump order
        ("all", 1, "QD KD", 2, "KD"),
    ],
)
def test_winner_with_four_players(trump, leader, trick, seat, card):
    assert winner(trick, leader, trump) == (seat, card)


@pytest.mark.parametrize(
    ("trump", "leader", "trick", "seat", "card"),
    [
        ("H", 1, "9H JH", 0, "JH"),
        ("H", 0, "AC 7H", 1, "7H"),
        ("H", 0, "AC KC", 0, "AC"),
        ("H", 1, "AC", 1, "AC"),
        ("none", 0, "10S AS", 1, "AS"),
        ("all", 1, "AS 9S", 0, "9S"),
    ],
)
def test_winner_with_two_players(trump, leader, trick, seat, card):
    assert winner(trick, leader, trump, players=2) == (seat, card)


BELOTE = get_ruleset("belote")
KLOB = get_ruleset("klob")  # doubled / raw
COINCHE = get_ruleset("coinche")  # ace_19 / scaled


@pytest.mark.parametrize(
    ("ruleset", "trump", "trick", "points"),
    [
        (BELOTE, "H", "8C 9H AC JH", 0 + 14 + 11 + 20),
        (BELOTE, "H", "AC 10C KC QC", 11 + 10 + 4 + 3),
        (BELOTE, "H", "7C AS KD QH", 0 + 11 + 4 + 3),
        (BELOTE, "H", "AH 9H JH 10H", 11 + 14 + 20 + 10),
        (BELOTE, "S", "JD 9D 7D 8D", 2),
        (BELOTE, "S", "JS 9S", 20 + 14),  # partial trick
        (KLOB, "H", "8C 9H AC JH", 45),  # suit trump: same values in every preset
        (COINCHE, "H", "8C 9H AC JH", 45),
        # sans atout, doubled: A 22, 10 20, K 8, Q 6, J 4
        (KLOB, "none", "9C JH AH 7C", 0 + 4 + 22 + 0),
        (KLOB, "none", "KC AC 10C QC", 8 + 22 + 20 + 6),
        # sans atout, ace_19: A 19, 10 10, K 4, Q 3, J 2
        (COINCHE, "none", "9C JH AH 7C", 0 + 2 + 19 + 0),
        (COINCHE, "none", "KC AC 10C QC", 4 + 19 + 10 + 3),
        # tout atout, raw: J 20, 9 14, A 11, 10 10, K 4, Q 3 in every suit
        (KLOB, "all", "9C JC AC 10C", 14 + 20 + 11 + 10),
        (KLOB, "all", "AC JH 9H 7C", 11 + 20 + 14 + 0),
        (KLOB, "all", "QD KD", 3 + 4),
        # tout atout, scaled: J 14, 9 9, A 6, 10 5, K 3, Q 1
        (COINCHE, "all", "9C JC AC 10C", 9 + 14 + 6 + 5),
        (COINCHE, "all", "AC JH 9H 7C", 6 + 14 + 9 + 0),
        (COINCHE, "all", "QD KD", 1 + 3),
    ],
)
def test_trick_points(ruleset, trump, trick, points):
    assert trick_points(cards(trick), trump, ruleset) == points


@pytest.mark.parametrize(
    ("ruleset", "trump", "values"),
    [
        #                          7  8  9 10   J  Q  K   A
        (BELOTE, "C", {"plain": (0, 0, 0, 10, 2, 3, 4, 11), "trump": (0, 0, 14, 10, 20, 3, 4, 11)}),
        (KLOB, "none", {"plain": (0, 0, 0, 20, 4, 6, 8, 22)}),
        (COINCHE, "none", {"plain": (0, 0, 0, 10, 2, 3, 4, 19)}),
        (KLOB, "all", {"trump": (0, 0, 14, 10, 20, 3, 4, 11)}),
        (COINCHE, "all", {"trump": (0, 0, 9, 5, 14, 1, 3, 6)}),
    ],
)
def test_card_values(ruleset, trump, values):
    for suit in SUITS:
        kind = "trump" if trump in (suit, "all") else "plain"
        expected = values[kind]
        got = tuple(card_points(cards(rank + suit)[0], trump, ruleset) for rank in RANKS)
        assert got == expected, (suit, kind)


@pytest.mark.parametrize(
    ("ruleset", "trump", "deck_points", "last_trick"),
    [
        (BELOTE, "H", 152, 10),  # 3 x 30 + 62, + 10 = 162
        (KLOB, "S", 152, 10),
        (KLOB, "none", 240, 20),  # doubled: 4 x 60, last trick 20: 260
        (COINCHE, "none", 152, 10),  # ace_19: 4 x 38, + 10 = 162
        (KLOB, "all", 248, 10),  # raw: 4 x 62, + 10 = 258
        (COINCHE, "all", 152, 10),  # scaled: 4 x 38, + 10 = 162
        (get_ruleset("belote", {"no_trump_points": "ace_19"}), "none", 152, 10),
        (get_ruleset("coinche", {"all_trump_points": "raw"}), "all", 248, 10),
        (get_ruleset("coinche", {"no_trump_points": "doubled"}), "none", 240, 20),
    ],
)
def test_whole_deck_and_last_trick_bonus(ruleset, trump, deck_points, last_trick):
    deck = list(range(32))
    assert trick_points(deck, trump, ruleset) == deck_points
    assert bonus_multiplier(trump, ruleset) * ruleset.last_trick_bonus == last_trick


def test_capot_bonus_doubles_only_in_doubled_sans_atout():
    # docs/rules.md section 4: doubled sans atout has capot 200 (total 440); elsewhere 100.
    assert bonus_multiplier("none", KLOB) * KLOB.capot_bonus == 200
    assert trick_points(range(32), "none", KLOB) + 200 == 440
    assert bonus_multiplier("all", KLOB) * KLOB.capot_bonus == 100
    assert trick_points(range(32), "all", KLOB) + 100 == 348
    assert bonus_multiplier("H", BELOTE) * BELOTE.capot_bonus == 100
    assert trick_points(range(32), "H", BELOTE) + 100 == 252


def test_eight_tricks_sum_to_the_deck():
    # Eight complete tricks of a hearts round; the trick points never hold the bonus.
    tricks = [
        "JH 7H 8H 9H",
        "AC 10C KC QC",
        "JC 9C 8C 7C",
        "AD 10D KD QD",
        "JD 9D 8D 7D",
        "AS 10S KS QS",
        "JS 9S 8S 7S",
        "AH 10H KH QH",
    ]
    points = [trick_points(cards(t), "H", BELOTE) for t in tricks]
    assert points == [20 + 14, 28, 2, 28, 2, 28, 2, 11 + 10 + 4 + 3]
    assert sum(points) == 152
