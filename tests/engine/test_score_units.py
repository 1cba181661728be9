"""Bulgarian tens (``score_units: bg_tens``), ``failed: defenders_take_all``, ``litige:
hold_over_all``, ``capot_mode: plus_last_trick`` and ``doubling: contra``
(docs/rules-belot-klaverjas.md sections 1, 2.6 and 2.7), through the engine."""

from __future__ import annotations

import pytest

from service.engine.cards import ALL_TRUMP, NO_TRUMP, parse_card
from service.engine.play import PositionError
from service.engine.record import score_round
from service.engine.rounds import Trick
from service.engine.rulesets import PRESETS, get_ruleset
from service.engine.score_units import held_share, side_tens, split, tens
from service.engine.scoring import DOUBLES
from tests.support.belot_klaverjas_examples import EXAMPLES

#: Belot's scoring parameters as options over a preset of docs/rules.md (the play rules of
#: ``coinche`` with belot's no-trump values): what the house-rules work builds on.
BELOT_SCORING = {
    "partner_winning_trump": "free",
    "undertrump": "may",
    "no_trump_points": "doubled",
    "all_trump_points": "raw",
    "card_in_two_declarations": False,
    "declaration_tie": "none_score",
    "contract": "total_more_than_defenders",
    "failed": "defenders_take_all",
    "litige": "hold_over_all",
    "capot_bonus": 90,
    "capot_mode": "plus_last_trick",
    "doubling": "contra",
    "score_units": "bg_tens",
}
TENS = get_ruleset("coinche", BELOT_SCORING)

#: Section 2.7's rounding table: contract, the two raw totals, the board points.
ROUNDING = [
    ("H", 97, 65, (10, 6)),
    ("H", 56, 106, (6, 10)),
    ("H", 6, 156, (1, 15)),
    ("H", 86, 76, (8, 8)),
    (ALL_TRUMP, 34, 224, (4, 22)),
    (ALL_TRUMP, 164, 194, (17, 19)),
    (ALL_TRUMP, 134, 124, (13, 13)),
    (NO_TRUMP, 156, 104, (16, 10)),
]
#: Its hanging rows: contract, each side's raw total, defenders now, held.
HANGING = [
    ("H", 106, (10, 11)),
    (ALL_TRUMP, 154, (15, 16)),
    (NO_TRUMP, 130, (13, 13)),
    ("H", 81, (8, 8)),
]


@pytest.mark.parametrize(("trump", "a", "b", "board"), ROUNDING)
def test_rounding_table(trump, a, b, board):
    assert split((a, b), trump, TENS) == board
    assert sum(board) == tens(a + b)


@pytest.mark.parametrize(("trump", "each", "expected"), HANGING)
def test_hanging_rounding_table(trump, each, expected):
    defenders = held_share(each, trump, TENS, fewer=False)
    held = held_share(each, trump, TENS, fewer=True)
    assert (defenders, held) == expected
    assert defenders + held == tens(2 * each)


@pytest.mark.parametrize(("trump", "base"), [("S", 162), (ALL_TRUMP, 258), (NO_TRUMP, 260)])
def test_every_split_of_every_reachable_total_adds_up(trump, base):
    # Reachable totals: the mode's card points + multiples of 10 (declarations, belote,
    # capot); even splits only in no trumps (doubled values).
    step = 2 if trump == NO_TRUMP else 1
    for extra in range(0, 1000, 10):
        total = base + extra
        for a in range(0, total + 1, step):
            b = total - a
            if a == b:
                continue
            assert sum(split((a, b), trump, TENS)) == tens(total), (trump, a, b)


def test_tens_of_the_mode_totals():
    assert [tens(t) for t in (162, 258, 260, 252, 348, 350)] == [16, 26, 26, 25, 35, 35]
    assert side_tens(97, False, "S") == 10 and side_tens(65, True, "S") == 6


def test_points_units_leave_scores_as_counted():
    assert split((97, 65), "H", PRESETS["belote"]) == (97, 65)
    assert held_share(81, "H", PRESETS["belote"], fewer=True) == 81


def _tricks(example: dict) -> list[Trick]:
    return [
        Trick(t["leader"], tuple(parse_card(c) for c in t["cards"]))
        for t in example["request"]["tricks"]
    ]


def _score(name: str, ruleset=TENS, **changes):
    request = EXAMPLES[name]["request"] | changes
    claims = [
        (d["seat"], [parse_card(c) for c in d["cards"]]) for d in request.get("declarations", [])
    ]
    return score_round(
        ruleset,
        request["trump"],
        request["taker"],
        _tricks(EXAMPLES[name]),
        claims,
        None,
        request.get("held_in", 0),
        request.get("double", "none"),
    )


#: The belot examples whose declarations are settled alike by docs/rules.md's single contest
#: and by belot's ``by_kind`` (the others need the declaration parameters).
@pytest.mark.parametrize("name", ["B1", "B2", "B3", "B4", "B5", "B7", "B8", "B9", "B10", "B11"])
def test_belot_examples_under_the_scoring_parameters(name):
    result = _score(name)
    assert (list(result.score), result.held) == (EXAMPLES[name]["score"], EXAMPLES[name]["held"])
    assert sum(result.score) + result.held == tens(sum(result.raw)) * DOUBLES[result.double]


def test_b4_next_round_collects_the_held_points():
    result = _score("B1", held_in=8)
    assert result.score == (18, 6) and result.held_in_to == 0 and result.held == 0


def test_b10_contra_goes_to_the_side_with_more_whoever_declared():
    for taker in (0, 1):
        result = _score("B10", taker=taker)
        assert result.score == (32, 0) and result.winner == 0
        assert result.outcome.made is (taker == 0)


def test_b11_tie_under_recontra_holds_the_whole_round():
    result = _score("B11")
    assert result.raw == (91, 91) and result.outcome.litige
    assert result.score == (0, 0) and result.held == 72 and result.winner is None
    # Held points received later are not multiplied again.
    assert _score("B10", held_in=72).score == (32 + 72, 0)


def test_inside_gives_the_defenders_both_totals_and_the_made_flag_is_false():
    result = _score("B3")
    assert result.raw == (70, 112) and not result.outcome.made and result.winner == 1


def test_capot_plus_last_trick_is_not_doubled_in_no_trumps():
    assert _score("B9").raw == (350, 0)
    assert _score("B8").raw == (372, 0)
    assert _score("B9", TENS.with_options({"capot_mode": "instead_of_last_trick"})).raw == (
        (260 - 20) + 180,
        0,
    )


def test_capot_not_multiplied_under_contra():
    base = _score("B8", double="contra")
    assert base.score == (74, 0)  # 372 -> 37 x 2
    kept = _score("B8", TENS.with_options({"capot_multiplied": False}), double="contra")
    assert kept.score == (28 * 2 + 9, 0)  # (372 - 90) -> 28 x 2, + 90 -> 9


def test_defenders_take_all_in_points_gives_both_totals_on_a_tie_too():
    ruleset = TENS.with_options({"score_units": "points", "litige": "none"})
    assert _score("B4", ruleset).score == (0, 162)
    assert _score("B3", ruleset).score == (0, 182)


def test_hold_over_all_in_points_holds_the_takers_whole_total():
    ruleset = TENS.with_options({"score_units": "points"})
    result = _score("B5", ruleset)
    assert result.score == (0, 116) and result.held == 116


def test_double_needs_doubling_contra():
    with pytest.raises(PositionError) as error:
        _score("B10", PRESETS["belote-ffb"])
    assert error.value.field == "double"
    with pytest.raises(PositionError):
        _score("B10", double="surcontra")
