"""Match scoring (docs/rules.md section 4, "Match", and the presets' targets)."""

from __future__ import annotations

import pytest

from service.engine.match import MatchRound, dealers, score_match
from service.engine.play import PositionError
from service.engine.rulesets import get_ruleset


def rounds(*scores):
    return [MatchRound(tuple(s)) for s in scores]


def test_totals_before_the_target_not_finished():
    r = score_match(rounds((94, 68), (0, 162)), 501)
    assert r.totals == (94, 230)
    assert (r.finished, r.winner, r.draw) == (False, None, False)


def test_a_side_wins_when_its_total_reaches_the_target():
    # "a side wins when its total reaches the target": 420 + 81 = 501 exactly
    r = score_match(rounds((420, 100), (81, 81)), 501)
    assert r.totals == (501, 181)
    assert (r.finished, r.winner) == (True, 0)


def test_both_over_the_target_the_higher_total_wins():
    # "if both reach it in the same round, the higher total wins"
    r = score_match(rounds((450, 480), (90, 72)), 501)
    assert r.totals == (540, 552)
    assert (r.finished, r.winner) == (True, 1)


def test_both_over_with_equal_totals_is_not_finished_and_another_round_decides():
    # "equal totals: not finished, another round is played"
    r = score_match(rounds((450, 450), (81, 81)), 501)
    assert r.totals == (531, 531)
    assert (r.finished, r.winner) == (False, None)
    r = score_match(rounds((450, 450), (81, 81), (0, 162)), 501)
    assert (r.finished, r.winner) == (True, 1)


def test_klaberjass_first_to_the_target_with_the_higher_total():
    # seed 002: "first to reach at least 501 and has the highest total when the hand is
    # counted": seat 0 reaches 501 first; later rounds are refused.
    r = score_match(rounds((430, 300), (86, 66)), 501)
    assert (r.finished, r.winner) == (True, 0)
    with pytest.raises(PositionError) as error:
        score_match(rounds((430, 300), (86, 66), (0, 152)), 501)
    assert error.value.field == "rounds.2"


def test_held_litige_points_go_to_the_next_round_winner():
    # belote-ffb: round 1 a litige (defenders 81 now, 81 held); round 2 won by team 1
    r = score_match(
        [MatchRound((0, 81), held=81), MatchRound((162, 0), winner=1)],
        1000,
    )
    assert r.totals == (162, 81 + 81)
    assert r.held == 0


def test_a_second_litige_adds_to_the_held_points():
    r = score_match(
        [
            MatchRound((0, 81), held=81),
            MatchRound((81, 0), held=81),
            MatchRound((94, 68), winner=0),
        ],
        1000,
    )
    assert r.totals == (81 + 94 + 162, 81 + 68)


def test_held_points_still_waiting_are_reported():
    r = score_match([MatchRound((0, 81), held=81)], 1000)
    assert r.totals == (0, 81)
    assert r.held == 81


def test_held_points_need_the_next_round_winner():
    with pytest.raises(PositionError) as error:
        score_match([MatchRound((0, 81), held=81), MatchRound((94, 68))], 1000)
    assert error.value.field == "rounds.1.winner"


def test_held_points_can_decide_the_match():
    r = score_match([MatchRound((900, 0)), MatchRound((0, 81), held=81)], 1000)
    assert not r.finished
    r = score_match(
        [MatchRound((900, 0)), MatchRound((0, 81), held=81), MatchRound((20, 0), winner=0)],
        1000,
    )
    assert r.totals == (1001, 81)
    assert (r.finished, r.winner) == (True, 0)


def test_single_deal_higher_score_wins_equal_draws():
    # cardavia: "a single deal: the higher score wins it, equal scores draw"
    assert score_match(rounds((90, 92)), None).winner == 1
    draw = score_match(rounds((81, 81)), None)
    assert (draw.finished, draw.winner, draw.draw) == (True, None, True)
    assert not score_match([], None).finished
    with pytest.raises(PositionError):
        score_match(rounds((90, 92), (81, 81)), None)


def test_the_sheet_shows_each_round_running_totals_and_held_points():
    r = score_match(
        [
            MatchRound((94, 68)),
            MatchRound((0, 81), held=81),  # a litige: 81 held for the next round's winner
            MatchRound((0, 162), winner=1),
        ],
        501,
    )
    assert [line.totals for line in r.sheet] == [(94, 68), (94, 149), (94, 392)]
    assert [line.held for line in r.sheet] == [0, 81, 0]
    assert [line.credited for line in r.sheet] == [0, 0, 81]
    assert r.totals == r.sheet[-1].totals and r.held == r.sheet[-1].held


def test_a_redeal_scores_nothing_and_held_points_wait_for_the_next_round_played():
    r = score_match(
        [
            MatchRound((0, 81), held=81),
            MatchRound((0, 0), redeal=True),  # no winner needed: nothing was played
            MatchRound((100, 62), winner=0),
        ],
        501,
    )
    assert [line.held for line in r.sheet] == [81, 81, 0]
    assert [line.credited for line in r.sheet] == [0, 0, 81]
    assert r.totals == (181, 143)


def test_a_redeal_cannot_end_a_belot_match():
    # match_capot_cannot_finish: a capot round reached the target, a redeal follows:
    # neither ends the match; the next round played does
    rounds = [MatchRound((151, 0), capot=0), MatchRound((0, 0), redeal=True)]
    assert not score_match(rounds, 151, capot_cannot_finish=True).finished
    r = score_match([*rounds, MatchRound((10, 6))], 151, capot_cannot_finish=True)
    assert (r.finished, r.winner) == (True, 0)


def test_the_deal_passes_to_the_seat_after_the_dealer():
    belote = get_ruleset("belote")
    rounds = [MatchRound((94, 68)), MatchRound((0, 162))]
    assert dealers(belote, 3, rounds) == [3, 0, 1]


def test_after_a_redeal_redeal_dealer_says_who_deals():
    rounds = [MatchRound((0, 0), redeal=True)]
    assert dealers(get_ruleset("belote"), 3, rounds) == [3, 3]  # redeal_dealer: same
    nxt = get_ruleset("belote", {"redeal_dealer": "next"})
    assert dealers(nxt, 3, rounds) == [3, 0]


def test_klaberjass_the_winner_of_the_hand_deals():
    # seed 002: "the winner of a hand deals the next hand"; a litige: the same dealer
    klaberjass = get_ruleset("klaberjass")
    rounds = [
        MatchRound((100, 52), winner=0),
        MatchRound((0, 80), winner=1),
        MatchRound((0, 70), held=70),
        MatchRound((0, 0), redeal=True),
    ]
    assert dealers(klaberjass, 1, rounds) == [1, 0, 1, 1, 1]
    with pytest.raises(PositionError) as error:
        dealers(klaberjass, 1, [MatchRound((100, 52))])
    assert error.value.field == "rounds.0.winner"
