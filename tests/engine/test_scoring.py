"""Round scoring, preset by preset (docs/rules.md sections 4 and 5, Coinche).

Every expected figure is worked by hand from the rules text quoted next to it; the card
points of each deal are worked trick by trick in ``rounds_helper``.
"""

from __future__ import annotations

import pytest

from service.engine.cards import parse_card
from service.engine.play import PositionError
from service.engine.record import score_round
from service.engine.rulesets import get_ruleset
from service.engine.scoring import ContractBid
from tests.support.rounds_helper import (
    DEAL_81,
    DEAL_A,
    DEAL_ACES,
    DEAL_ALL_TRUMP,
    DEAL_BELOTE,
    DEAL_CAPOT,
    DEAL_NO_TRUMP,
    DEAL_TIERCE,
    DEAL_TIERCE_CLOSE,
    DEAL_TWINS_FROM_0,
    DEAL_TWINS_FROM_2,
    KLAB_DEAL,
    KLAB_LOW,
    KLAB_SWEEP,
    KLAB_SWEEP_TIERCE,
    KLAB_TIERCE,
    TIERCE_SPADES,
    TWIN_TIERCES,
    scripted_round,
)


def score(
    preset, deal, taker, trump="H", declarations=(), bid=None, held_in=0, leader=0, **options
):
    ruleset = get_ruleset(preset, options)
    tricks = scripted_round(ruleset, trump, leader, deal)
    claims = [(d["seat"], [parse_card(c) for c in d["cards"]]) for d in declarations]
    return score_round(ruleset, trump, taker, tricks, claims, bid, held_in)


def outcome(result):
    return (result.outcome.made, result.outcome.litige)


# --- card points, last trick, capot (section 4) --------------------------------------------


def test_trick_points_never_include_the_last_trick_bonus():
    r = score("belote", DEAL_A, 0)
    assert [t.points for t in r.tricks] == [30, 32, 13, 17, 28, 2, 17, 13]
    assert [t.winner for t in r.tricks] == [0, 0, 0, 1, 1, 0, 0, 1]
    # "the last trick adds 10": seat 1 won the last trick, so team 1 has 17+28+13+10.
    assert r.figures.cards == (94, 68)
    assert r.last_trick == 1


def test_capot_replaces_the_last_trick_bonus_by_100():
    r = score("belote", DEAL_CAPOT, 0)
    # "capot bonus of 100 instead of the last-trick bonus of 10: 252 with one trump suit"
    assert r.figures.cards == (252, 0)
    assert r.capot == 0


# --- belote (seed 003) ----------------------------------------------------------------------


class TestBelote:
    def test_made_each_side_scores_its_trick_points(self):
        r = score("belote", DEAL_A, 0)  # takers 94 >= defenders 68
        assert outcome(r) == (True, False)
        assert r.score == (94, 68)

    def test_failed_defenders_score_all_162(self):
        r = score("belote", DEAL_A, 1)  # takers (team 1) 68 < 94
        assert outcome(r) == (False, False)
        assert r.score == (162, 0)

    def test_capot_by_the_takers(self):
        assert score("belote", DEAL_CAPOT, 0).score == (252, 0)

    def test_capot_by_the_defenders_gives_them_252(self):
        # "Where a failed contract gives the defenders 162, read all card points: 252"
        r = score("belote", DEAL_CAPOT, 1)
        assert outcome(r) == (False, False)
        assert r.score == (252, 0)

    def test_81_81_is_made(self):
        # "takers' trick points >= defenders' (81 suffices)"
        r = score("belote", DEAL_81, 0)
        assert outcome(r) == (True, False)
        assert r.score == (81, 81)

    def test_belote_does_not_decide_the_contract_and_stays_with_its_holder(self):
        # Takers team 1: 72 trick points (+ belote 20) < 90: "declarations and belote do
        # not count"; failed: defenders 162, the belote 20 stays with team 1.
        r = score("belote", DEAL_BELOTE, 1)
        assert r.figures.belote == (0, 20)
        assert outcome(r) == (False, False)
        assert r.score == (162, 20)

    def test_failed_takers_keep_their_best_declaration(self):
        # Takers team 1 (45 trick points) fail; "declarations still to the best side":
        # seat 3's tierce (20) is the only one.
        r = score("belote", DEAL_TIERCE, 1, declarations=[TIERCE_SPADES])
        assert r.figures.cards == (117, 45)
        assert r.figures.declarations == (0, 20)
        assert r.score == (162, 20)


# --- klob (seed 000) -------------------------------------------------------------------------


class TestKlob:
    def test_made_more_than_half(self):
        r = score("klob", DEAL_A, 0)  # 94 > 81
        assert outcome(r) == (True, False)
        assert r.score == (94, 68)

    def test_failed(self):
        assert score("klob", DEAL_A, 1).score == (162, 0)

    def test_capot_by_the_takers(self):
        assert score("klob", DEAL_CAPOT, 0).score == (252, 0)

    def test_capot_by_the_defenders(self):
        r = score("klob", DEAL_CAPOT, 1)
        assert not r.outcome.made
        assert r.score == (252, 0)

    def test_81_81_fails(self):
        # "82 = half of 162": more than half is needed; 81 is not more than 81.
        r = score("klob", DEAL_81, 0)
        assert outcome(r) == (False, False)
        assert r.score == (0, 162)

    def test_failed_takers_keep_their_best_declaration(self):
        r = score("klob", DEAL_TIERCE, 1, declarations=[TIERCE_SPADES])
        assert r.score == (162, 20)

    def test_sans_atout_doubled(self):
        # "every card value and the last-trick and capot bonuses doubled: total 260"
        made = score("klob", DEAL_NO_TRUMP, 1, trump="none")
        assert made.figures.cards == (120, 140)
        assert made.figures.mode_total == 260
        assert outcome(made) == (True, False)  # 140 > 130
        assert made.score == (120, 140)
        failed = score("klob", DEAL_NO_TRUMP, 0, trump="none")  # 120 is not > 130
        assert failed.score == (0, 260)

    def test_sans_atout_capot_440_and_declarations_not_doubled(self):
        # capot: 240 + 200 = 440; a carré of aces stays 100 ("declarations are not doubled")
        aces = {"seat": 0, "cards": ["AC", "AD", "AH", "AS"]}
        r = score("klob", DEAL_ACES, 0, trump="none", declarations=[aces])
        assert r.figures.cards == (440, 0)
        assert r.figures.declarations == (100, 0)
        assert r.figures.belote == (0, 0)  # "In sans atout there is no belote"
        assert r.score == (540, 0)

    def test_equal_declarations_go_first_in_rotation_from_the_first_leader(self):
        # 7C-8C-9C (seat 1) and 7D-8D-9D (seat 2): same length, same top, both plain.
        # first_in_rotation: "the side of the tied player who comes first in playing order
        # counting from the first trick's leader". Leader 0: seat 1 first, team 1 scores.
        r = score("klob", DEAL_TWINS_FROM_0, 0, trump="none", declarations=TWIN_TIERCES)
        assert r.figures.cards == (440, 0)
        assert r.figures.declarations == (0, 20)
        assert r.score == (440, 20)
        # Leader 2: seat 2 comes first, team 0 scores.
        r = score("klob", DEAL_TWINS_FROM_2, 0, trump="none", declarations=TWIN_TIERCES, leader=2)
        assert r.figures.declarations == (20, 0)
        assert r.score == (460, 0)
        # none_score: neither side scores declarations
        r = score(
            "klob",
            DEAL_TWINS_FROM_0,
            0,
            trump="none",
            declarations=TWIN_TIERCES,
            declaration_tie="none_score",
        )
        assert r.score == (440, 0)

    def test_tout_atout_raw(self):
        # "every suit valued as trump: 4 x 62 + 10 = 258"; half is 129.
        # Belote in every suit: s0 holds three (60), s1 one (20).
        made = score("klob", DEAL_ALL_TRUMP, 1, trump="all")
        assert made.figures.cards == (124, 134)
        assert made.figures.belote == (60, 20)
        assert outcome(made) == (True, False)  # 134 > 129
        assert made.score == (124 + 60, 134 + 20)
        failed = score("klob", DEAL_ALL_TRUMP, 0, trump="all")  # 124 is not > 129
        # defenders take all 258 trick points, each belote stays with its holder
        assert failed.score == (60, 258 + 20)


# --- cardavia (seed 001) ----------------------------------------------------------------------


class TestCardavia:
    def test_made(self):
        assert score("cardavia", DEAL_A, 0).score == (94, 68)

    def test_failed_takers_score_nothing(self):
        r = score("cardavia", DEAL_A, 1)
        assert outcome(r) == (False, False)
        assert r.score == (162, 0)

    def test_capot_by_the_takers(self):
        assert score("cardavia", DEAL_CAPOT, 0).score == (252, 0)

    def test_capot_by_the_defenders(self):
        assert score("cardavia", DEAL_CAPOT, 1).score == (252, 0)

    def test_81_81_is_made(self):
        # "takers' cards + their belote >= defenders' cards + their belote"
        assert score("cardavia", DEAL_81, 0).score == (81, 81)

    def test_belote_decides_the_contract(self):
        # takers team 1: 72 + belote 20 = 92 >= 90: made, each its own total.
        r = score("cardavia", DEAL_BELOTE, 1)
        assert outcome(r) == (True, False)
        assert r.score == (90, 92)

    def test_failed_defenders_take_both_belotes(self):
        # takers team 0: 90 < 72 + 20; "takers 0; defenders all card points + both
        # sides' belote": 162 + 20
        r = score("cardavia", DEAL_BELOTE, 0)
        assert outcome(r) == (False, False)
        assert r.score == (0, 182)

    def test_declarations_are_refused(self):
        with pytest.raises(PositionError, match="no declarations"):
            score("cardavia", DEAL_TIERCE, 1, declarations=[TIERCE_SPADES])


# --- belote-ffb -----------------------------------------------------------------------------


class TestBeloteFfb:
    def test_made(self):
        assert score("belote-ffb", DEAL_A, 0).score == (94, 68)

    def test_failed(self):
        assert score("belote-ffb", DEAL_A, 1).score == (162, 0)

    def test_capot_by_the_takers(self):
        assert score("belote-ffb", DEAL_CAPOT, 0).score == (252, 0)

    def test_capot_by_the_defenders(self):
        assert score("belote-ffb", DEAL_CAPOT, 1).score == (252, 0)

    def test_81_81_is_a_litige(self):
        # "the defenders score their total now, the takers only their belote now, and the
        # takers' other points are held"
        r = score("belote-ffb", DEAL_81, 0)
        assert outcome(r) == (False, True)
        assert r.score == (0, 81)
        assert r.held == 81
        assert r.winner is None

    def test_held_points_go_to_the_next_round_winner(self):
        made = score("belote-ffb", DEAL_A, 0, held_in=81)  # takers make it: they get 81
        assert made.score == (94 + 81, 68)
        assert made.held_in_to == 0
        failed = score("belote-ffb", DEAL_A, 1, held_in=81)  # takers fail: defenders
        assert failed.score == (162 + 81, 0)
        assert failed.held_in_to == 0

    def test_a_second_litige_adds_to_the_held_points(self):
        r = score("belote-ffb", DEAL_81, 1, held_in=81)
        assert r.outcome.litige
        assert r.score == (81, 0)
        assert r.held == 81 + 81

    def test_belote_decides_the_contract(self):
        # "takers' total (cards + declarations + belote) > defenders' total": 72 + 20 > 90
        r = score("belote-ffb", DEAL_BELOTE, 1)
        assert outcome(r) == (True, False)
        assert r.score == (90, 92)

    def test_failed_belote_stays_with_its_holder(self):
        r = score("belote-ffb", DEAL_BELOTE, 0)  # 90 < 92
        assert r.score == (0, 162 + 20)

    def test_failed_defenders_take_the_takers_declaration(self):
        # takers team 1: 45 + 20 < 117: "defenders 162 + the declarations that score
        # (whichever side held them)"
        r = score("belote-ffb", DEAL_TIERCE, 1, declarations=[TIERCE_SPADES])
        assert outcome(r) == (False, False)
        assert r.score == (162 + 20, 0)

    def test_a_declaration_decides_the_contract(self):
        # 73 + tierce 20 = 93 > 89
        r = score("belote-ffb", DEAL_TIERCE_CLOSE, 1, declarations=[TIERCE_SPADES])
        assert r.figures.cards == (89, 73)
        assert outcome(r) == (True, False)
        assert r.score == (89, 93)


# --- klaberjass (seed 002) -------------------------------------------------------------------


class TestKlaberjass:
    def test_maker_above_each_scores_own(self):
        # maker seat 0: 46 + tierce 20 + bela 20 = 86 > 66
        r = score("klaberjass", KLAB_DEAL, 0, declarations=[KLAB_TIERCE])
        assert r.figures.cards == (46, 66)
        assert r.figures.declarations == (20, 0)
        assert r.figures.belote == (20, 0)
        assert outcome(r) == (True, False)
        assert r.score == (86, 66)

    def test_maker_below_opponent_takes_both_totals(self):
        # maker seat 1: 66 < 86: "opponent scores both totals (bela and sequences included)"
        r = score("klaberjass", KLAB_DEAL, 1, declarations=[KLAB_TIERCE])
        assert outcome(r) == (False, False)
        assert r.score == (86 + 66, 0)

    def test_maker_tied_scores_nothing_opponent_own(self):
        # no tierce announced: 46 + bela 20 = 66 = 66: "on a tie maker 0, opponent own"
        r = score("klaberjass", KLAB_DEAL, 0)
        assert r.outcome.tie and not r.outcome.made and not r.outcome.litige
        assert r.score == (0, 66)
        assert score("klaberjass", KLAB_DEAL, 1).score == (66, 0)

    def test_maker_holding_the_best_sequence_fails(self):
        # maker seat 0: 28 + tierce 20 + bela 20 = 68 < 73: the opponent scores both
        # totals, the maker's sequence and bela included: 68 + 73
        r = score("klaberjass", KLAB_LOW, 0, declarations=[KLAB_TIERCE])
        assert r.figures.cards == (28, 73)
        assert r.figures.declarations == (20, 0)
        assert outcome(r) == (False, False)
        assert r.score == (0, 141)

    def test_all_tricks_by_the_maker_no_capot_bonus_only_the_last_trick(self):
        # capot "none": nine tricks 101 + last trick 10
        r = score("klaberjass", KLAB_SWEEP, 0)
        assert r.capot is None
        assert r.figures.cards == (111, 0)
        assert r.score == (111, 0)

    def test_all_tricks_by_the_opponent(self):
        r = score("klaberjass", KLAB_SWEEP, 1)
        assert r.capot is None
        assert outcome(r) == (False, False)
        assert r.score == (111, 0)  # both totals: 111 + 0

    def test_sequence_does_not_count_for_a_player_without_a_trick(self):
        # seat 1 holds the only sequence but took no trick: "Poengene regnes først når
        # vinneren har tatt minst ett stikk" (declaration_needs_trick)
        made = score("klaberjass", KLAB_SWEEP, 0, declarations=[KLAB_SWEEP_TIERCE])
        assert made.figures.declarations == (0, 0)
        assert made.score == (111, 0)
        failed = score("klaberjass", KLAB_SWEEP, 1, declarations=[KLAB_SWEEP_TIERCE])
        assert failed.score == (111, 0)
        counted = score(
            "klaberjass",
            KLAB_SWEEP,
            1,
            declarations=[KLAB_SWEEP_TIERCE],
            declaration_needs_trick=False,
        )
        assert counted.figures.declarations == (0, 20)
        assert counted.score == (111 + 20, 0)


# --- coinche ----------------------------------------------------------------------------------


class TestCoinche:
    def test_made(self):
        # bid 90, takers 94 >= 90 and > 68: takers (94 + 90) x 1, defenders their 68
        r = score("coinche", DEAL_A, 0, bid=ContractBid(90))
        assert outcome(r) == (True, False)
        assert r.score == (184, 68)

    def test_failed(self):
        # bid 100, takers 94 < 100: defenders (162 + 100) x 1
        r = score("coinche", DEAL_A, 0, bid=ContractBid(100))
        assert outcome(r) == (False, False)
        assert r.score == (0, 262)

    def test_coinched(self):
        assert score("coinche", DEAL_A, 0, bid=ContractBid(90, "coinche")).score == (368, 0)
        assert score("coinche", DEAL_A, 0, bid=ContractBid(100, "coinche")).score == (0, 524)

    def test_surcoinched(self):
        assert score("coinche", DEAL_A, 0, bid=ContractBid(90, "surcoinche")).score == (736, 0)
        assert score("coinche", DEAL_A, 0, bid=ContractBid(100, "surcoinche")).score == (0, 1048)

    def test_made_needs_more_than_the_defenders(self):
        # 81 >= 80 but not > 81: failed, defenders 162 + 80
        assert score("coinche", DEAL_81, 0, bid=ContractBid(80)).score == (0, 242)

    def test_capot_bid(self):
        # "a capot bid is worth 250": (252 + 250) x m
        assert score("coinche", DEAL_CAPOT, 0, bid=ContractBid("capot")).score == (502, 0)
        assert score("coinche", DEAL_CAPOT, 0, bid=ContractBid("capot", "coinche")).score == (
            1004,
            0,
        )
        # "made only by taking all 8 tricks": 94 of 162 is not capot: (162 + 250)
        assert score("coinche", DEAL_A, 0, bid=ContractBid("capot")).score == (0, 412)

    def test_capot_by_the_takers_on_a_number_bid(self):
        assert score("coinche", DEAL_CAPOT, 0, bid=ContractBid(160)).score == (252 + 160, 0)

    def test_capot_by_the_defenders(self):
        assert score("coinche", DEAL_CAPOT, 1, bid=ContractBid(80)).score == (252 + 80, 0)

    def test_capot_bid_is_read_from_the_tricks_even_without_a_capot_bonus(self):
        # capot_bonus null: no bonus (152 + 10), but taking all 8 tricks still makes it
        r = score("coinche", DEAL_CAPOT, 0, bid=ContractBid("capot"), capot_bonus=None)
        assert r.score == (162 + 250, 0)

    def test_belote_counts_for_the_bid_and_is_never_multiplied(self):
        # takers team 1: 72 + 20 = 92 >= 80, > 90: (72 + 80) x 1 + 20; defenders 90
        assert score("coinche", DEAL_BELOTE, 1, bid=ContractBid(80)).score == (90, 172)
        # coinched: (72 + 80) x 2 + 20; defenders only their belote (0)
        assert score("coinche", DEAL_BELOTE, 1, bid=ContractBid(80, "coinche")).score == (0, 324)

    def test_failed_takers_with_the_best_declaration(self):
        # 45 + 20 < 80: defenders (162 + 80) + the declarations that score (20)
        r = score("coinche", DEAL_TIERCE, 1, declarations=[TIERCE_SPADES], bid=ContractBid(80))
        assert r.score == (162 + 80 + 20, 0)

    def test_sans_atout_ace_19(self):
        # "ace_19 (A 19, others as plain; total 162)": team 0 76, team 1 86
        r = score("coinche", DEAL_NO_TRUMP, 1, trump="none", bid=ContractBid(80))
        assert r.figures.cards == (76, 86)
        assert r.score == (76, 86 + 80)
        capot = score("coinche", DEAL_ACES, 0, trump="none", bid=ContractBid("capot"))
        assert capot.figures.cards == (252, 0)  # 152 + 100
        assert capot.score == (502, 0)

    def test_tout_atout_scaled(self):
        # "scaled (J 14, 9 9, A 6, 10 5, K 3, Q 1): 4 x 38 + 10 = 162"; belotes 60 / 20
        made = score("coinche", DEAL_ALL_TRUMP, 0, trump="all", bid=ContractBid(100))
        assert made.figures.cards == (76, 86)
        # takers 76 + 60 = 136 >= 100 and > 86 + 20: (76 + 100) + 60; defenders 86 + 20
        assert made.score == (236, 106)
        failed = score("coinche", DEAL_ALL_TRUMP, 1, trump="all", bid=ContractBid(90))
        # takers 86 + 20 = 106 is not > 136: defenders (162 + 90) + their belote 60
        assert failed.score == (312, 20)

    def test_a_bid_is_required(self):
        with pytest.raises(PositionError, match="bid"):
            score("coinche", DEAL_A, 0)

    def test_a_bid_is_refused_without_a_bid_contract(self):
        with pytest.raises(PositionError, match="no bid contract"):
            score("belote", DEAL_A, 0, bid=ContractBid(80))
