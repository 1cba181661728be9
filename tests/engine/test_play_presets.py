"""Legal moves under each preset, from the preset's parameter values (docs/rules.md section 5).

    preset       trump_lead_overtrump    void_trump              partner_winning_trump  undertrump
    belote       unless_partner_winning  always                  free                   must
    klob         unless_partner_winning  always                  free                   must
    cardavia     always                  unless_partner_winning  overtrump_if_able      must
    klaberjass   always                  always                  (no partner)           must
    belote-ffb   always                  unless_partner_winning  free                   must
    coinche      always                  unless_partner_winning  free                   may

(`coinche` follows FFB contrée 2016 sections 5.2.2 and 5.2.3: see docs/rules.md section 9.)

Hearts are trump unless stated. The traps where presets differ are the same positions
answered differently.
"""

from __future__ import annotations

import pytest

from service.engine.cards import TRUMP_MODES
from service.engine.play import PositionError, check_hand, check_trump
from service.engine.rulesets import get_ruleset
from tests.support.play_helpers import B, F, O, T, U, cards, check_position

# Trump led (9H) by the partner (seat 0), who wins; seat 2 holds JH 8H AS.
TRUMP_LED_PARTNER = ("H", 0, "9H 7H", "JH 8H AS")
# Void in clubs, partner (seat 0) wins with AC; seat 2 holds 7H JH AS.
VOID_PARTNER_PLAIN = ("H", 0, "AC 7C", "7H JH AS")
# Void in clubs, partner (seat 2) trumped with 9H; seat 0 holds JH 8H AS.
VOID_PARTNER_TRUMP = ("H", 1, "AC 9H 7C", "JH 8H AS")
# Same, holding only trumps lower than the partner's.
VOID_PARTNER_TRUMP_LOWER = ("H", 1, "AC 9H 7C", "8H QH AS")
# Void in clubs, an opponent (seat 1) wins with JH; seat 2 holds lower trumps and discards.
VOID_OPPONENT_JACK = ("H", 0, "AC JH", "7H 9H AS KD")
# Void in clubs, an opponent (seat 1) wins with 9H; seat 2 can beat it with JH.
VOID_OPPONENT_NINE = ("H", 0, "AC 9H", "JH 7H AS")
# Sans atout and tout atout.
NONE_FOLLOW = ("none", 0, "KC", "AC 7C JH")
ALL_BEAT = ("all", 0, "9C", "JC AC 7C KH")
ALL_PARTNER = ("all", 0, "9C 7C", "JC 8C AD")


def row(preset, position, legal, illegal=None):
    trump, leader, trick, hand = position
    return pytest.param(
        preset, trump, leader, trick, hand, legal, illegal or {}, id=f"{preset}-{trump}-{trick}"
    )


ROWS = [
    # belote: partner exception on a trump lead; void, you must still trump (seed 003).
    row("belote", TRUMP_LED_PARTNER, "JH 8H", {"AS": F}),
    row("belote", VOID_PARTNER_PLAIN, "7H JH", {"AS": T}),
    row("belote", VOID_PARTNER_TRUMP, "JH 8H", {"AS": T}),
    row("belote", VOID_PARTNER_TRUMP_LOWER, "8H QH", {"AS": T}),
    row("belote", VOID_OPPONENT_JACK, "7H 9H", {"AS": U, "KD": U}),
    row("belote", VOID_OPPONENT_NINE, "JH", {"7H": O, "AS": T}),
    # klob: as belote, and also sans atout and tout atout.
    row("klob", TRUMP_LED_PARTNER, "JH 8H", {"AS": F}),
    row("klob", VOID_PARTNER_PLAIN, "7H JH", {"AS": T}),
    row("klob", VOID_PARTNER_TRUMP, "JH 8H", {"AS": T}),
    row("klob", VOID_OPPONENT_JACK, "7H 9H", {"AS": U, "KD": U}),
    row("klob", NONE_FOLLOW, "AC 7C", {"JH": F}),
    row("klob", ALL_BEAT, "JC", {"AC": B, "7C": B, "KH": F}),
    row("klob", ALL_PARTNER, "JC", {"8C": B, "AD": F}),
    # cardavia: always overtrump a trump lead; void with partner winning: free to discard,
    # but a trump must beat the partner's when it can.
    row("cardavia", TRUMP_LED_PARTNER, "JH", {"8H": O, "AS": F}),
    row("cardavia", VOID_PARTNER_PLAIN, "7H JH AS"),
    row("cardavia", VOID_PARTNER_TRUMP, "JH AS", {"8H": O}),
    row("cardavia", VOID_PARTNER_TRUMP_LOWER, "8H QH AS"),
    row("cardavia", VOID_OPPONENT_JACK, "7H 9H", {"AS": U, "KD": U}),
    row("cardavia", VOID_OPPONENT_NINE, "JH", {"7H": O, "AS": T}),
    # belote-ffb: always overtrump a trump lead; void with partner winning: anything.
    row("belote-ffb", TRUMP_LED_PARTNER, "JH", {"8H": O, "AS": F}),
    row("belote-ffb", VOID_PARTNER_PLAIN, "7H JH AS"),
    row("belote-ffb", VOID_PARTNER_TRUMP, "JH 8H AS"),
    row("belote-ffb", VOID_PARTNER_TRUMP_LOWER, "8H QH AS"),
    row("belote-ffb", VOID_OPPONENT_JACK, "7H 9H", {"AS": U, "KD": U}),
    row("belote-ffb", VOID_OPPONENT_NINE, "JH", {"7H": O, "AS": T}),
    # coinche (FFB contrée 2016): a trump lead must be overtrumped (5.2.1); with the
    # partner winning anything, a lower trump included (5.2.3); unable to overtrump an
    # opponent, any card (5.2.2); and sans atout / tout atout.
    row("coinche", TRUMP_LED_PARTNER, "JH", {"8H": O, "AS": F}),
    row("coinche", VOID_PARTNER_PLAIN, "7H JH AS"),
    row("coinche", VOID_PARTNER_TRUMP, "JH 8H AS"),
    row("coinche", VOID_PARTNER_TRUMP_LOWER, "8H QH AS"),
    row("coinche", VOID_OPPONENT_JACK, "7H 9H AS KD"),
    row("coinche", VOID_OPPONENT_NINE, "JH", {"7H": O, "AS": T}),
    row("coinche", NONE_FOLLOW, "AC 7C", {"JH": F}),
    row("coinche", ALL_BEAT, "JC", {"AC": B, "7C": B, "KH": F}),
    row("coinche", ALL_PARTNER, "JC", {"8C": B, "AD": F}),
    # klaberjass: two players, 9-card hands, no partner: always beat a trump, always trump.
    row("klaberjass", ("H", 1, "", "JH 8H AS KS QS 10D 9D 7C 8C"), "JH 8H AS KS QS 10D 9D 7C 8C"),
    row(
        "klaberjass",
        ("H", 0, "9H", "JH 8H AS KS QS 10D 9D 7C 8C"),
        "JH",
        {"8H": O, "AS": F, "KS": F, "QS": F, "10D": F, "9D": F, "7C": F, "8C": F},
    ),
    row(
        "klaberjass",
        ("H", 1, "JH", "7H 9H AS KS QS 10D 9D 7C 8C"),
        "7H 9H",
        {"AS": F, "KS": F, "QS": F, "10D": F, "9D": F, "7C": F, "8C": F},
    ),
    row(
        "klaberjass",
        ("H", 0, "AC", "7H JH AS KS QS 10D 9D 7D 8D"),
        "7H JH",
        {"AS": T, "KS": T, "QS": T, "10D": T, "9D": T, "7D": T, "8D": T},
    ),
    row(
        "klaberjass",
        ("S", 1, "KC", "AC 7C JS 10D 9D 7D 8D QH KH"),
        "AC 7C",
        {"JS": F, "10D": F, "9D": F, "7D": F, "8D": F, "QH": F, "KH": F},
    ),
]


@pytest.mark.parametrize(("preset", "trump", "leader", "trick", "hand", "legal", "illegal"), ROWS)
def test_preset_position(preset, trump, leader, trick, hand, legal, illegal):
    ruleset = get_ruleset(preset)
    check_trump(trump, ruleset)  # the position is playable in this preset
    check_hand(cards(hand), cards(trick), ruleset)
    check_position(ruleset, trump, leader, trick, hand, legal, illegal, label=preset)


def test_every_preset_has_rows():
    assert {p.values[0] for p in ROWS} == {
        "belote",
        "klob",
        "cardavia",
        "klaberjass",
        "belote-ffb",
        "coinche",
    }


@pytest.mark.parametrize(
    ("preset", "modes"),
    [
        ("belote", "C D H S"),
        ("klob", "C D H S none all"),
        ("cardavia", "C D H S"),
        ("klaberjass", "C D H S"),
        ("belote-ffb", "C D H S"),
        ("coinche", "C D H S none all"),
    ],
)
def test_trump_modes_of_each_preset(preset, modes):
    ruleset = get_ruleset(preset)
    for mode in TRUMP_MODES:
        if mode in modes.split():
            check_trump(mode, ruleset)
        else:
            with pytest.raises(PositionError) as error:
                check_trump(mode, ruleset)
            assert error.value.field == "trump"
            assert f"'{mode}'" in str(error.value) and preset in str(error.value)


def test_klaberjass_deals_nine_cards_and_no_more():
    ruleset = get_ruleset("klaberjass")
    check_hand(cards("JH 8H AS KS QS 10D 9D 7C 8C"), [], ruleset)
    with pytest.raises(PositionError) as error:
        check_hand(cards("JH 8H AS KS QS 10D 9D 7C 8C 7S"), [], ruleset)
    assert error.value.field == "hand" and "9" in str(error.value)
    with pytest.raises(PositionError):
        check_hand(cards("JH 8H AS KS QS 10D 9D 7C 8C"), [], get_ruleset("belote"))
