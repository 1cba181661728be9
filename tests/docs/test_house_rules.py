"""House rules: other programs' scoring reproduced through options (docs/house-rules.md).

Each test reproduces one published test case (or worked example) of a surveyed program,
named with its repository, file and test name. Those programs count points per side
rather than replay tricks, so the cases are fed to the engine as per-team figures
(:func:`scoring.settle_figures`, the function :func:`scoring.score_checked` ends with):
card points with the last-trick or capot bonus, declarations, belote, the team that took
every trick. ``tests/api/test_http_scoring.py``-style HTTP checks of the same options are at
the end, on played rounds.
"""

from __future__ import annotations

import sys

import pytest

from service.engine.bidding import Call, run_auction
from service.engine.cards import cards_in, mask_of
from service.engine.declarations import DeclarationError, find_declarations, parse_declarations
from service.engine.match import MatchRound, score_match
from service.engine.rulesets import get_ruleset
from service.engine.scoring import ContractBid, Figures, settle_figures
from tests.support import ROOT
from tests.support.house_rules_doc import DATA, PAGE, options_of, page, preset_of, programs
from tests.support.rounds_helper import DEAL_A, DEAL_CAPOT, as_json, cards, scripted_round

# Appended, not put first: bench/bench.py must not hide the package bench.
sys.path.append(str(ROOT / "bench"))
import colver_table

#: The `options` objects of docs/house-rules.md, one per surveyed program, read from
#: docs/house-rules.json (the page's table is generated from the same file): every case
#: below runs through exactly the object its program's row documents.
OLIBOY50 = options_of("oliboy50")
LIBCOINCHE = options_of("libcoinche")
SEBASTIEN = options_of("sebastien")
BGA = options_of("bga")
BGA_BID_ONLY = options_of("bga-bid-only")
SCOREIT_COINCHE = options_of("scoreit-coinche")
SCOREIT_COINCHE_LATER = options_of("scoreit-coinche-later")
SCOREIT_BELOTE = options_of("scoreit-belote")
SCOREIT_BELOTE_ROUNDED = options_of("scoreit-belote-rounded")


def figures(cards, declarations=(0, 0), belote=(0, 0), sweep=None, mode_total=162) -> Figures:
    return Figures(tuple(cards), tuple(declarations), tuple(belote), mode_total, sweep)


def settle(options, figs, taker_team, bid=None, trump="H", preset="coinche", held_in=0):
    """``(score, outcome)`` of a round from its figures under ``preset`` + ``options``."""
    score, outcome, _ = settle_held(options, figs, taker_team, bid, trump, preset, held_in)
    return score, outcome


def settle_held(options, figs, taker_team, bid=None, trump="H", preset="coinche", held_in=0):
    """``(score, outcome, held)``: the points a litige holds for the next round too."""
    ruleset = get_ruleset(preset, options)
    outcome, score, held, _ = settle_figures(ruleset, trump, figs, taker_team, bid, held_in)
    return score, outcome, held


# --- Oliboy50/coinche ----------------------------------------------------------------------
# client/src/shared/coinche/service/pointsCounter.test.ts,
# "getNewAttackingAndDefensingTeamsPointsAfterRoundEnd returns [..] for test case #N".
# Attacking team NorthSouth = team 0 here. getCards() is the whole deck: 152 card points in
# a suit and in NoTrump (ace 19: `no_trump_points: ace_19`), + 100 for taking every trick.

ALL = figures((252, 0), sweep=0)
NONE = figures((0, 252), sweep=1)


@pytest.mark.parametrize(
    ("case", "figs", "trump", "coinche", "expected"),
    [
        (1, ALL, "S", "none", (152 + 100 + 82, 0)),
        (2, NONE, "S", "none", (0, 152 + 100 + 82)),
        (3, ALL, "none", "none", (152 + 100 + 82 * 2, 0)),
        (4, NONE, "none", "none", (0, 152 + 100 + 82 * 2)),
        (5, ALL, "none", "coinche", (152 + 100 + 82 * 4, 0)),
        (6, NONE, "none", "coinche", (0, 152 + 100 + 82 * 4)),
        (7, ALL, "none", "surcoinche", (152 + 100 + 82 * 8, 0)),
        (8, NONE, "none", "surcoinche", (0, 152 + 100 + 82 * 8)),
    ],
)
def test_oliboy50_points_counter_capot_cases(case, figs, trump, coinche, expected):
    score, _ = settle(OLIBOY50, figs, 0, ContractBid(82, coinche), trump)
    assert score == expected, f"pointsCounter.test.ts test case #{case}"


def test_oliboy50_points_counter_case_9_takers_all_but_the_sevens():
    # Test case #9: trump diamond, bid 100, North-South win every card but the four 7s
    # (0 points) and the last trick: 1000 + 152 + 10 + 100, East-West 1000 + 0.
    score, outcome = settle(OLIBOY50, figures((162, 0)), 0, ContractBid(100), "D")
    assert outcome.made and score == (152 + 10 + 100, 0)


def test_oliboy50_points_counter_case_10_defenders_all_but_the_sevens():
    # Test case #10: the same cards the other way round: the takers fail; the defenders
    # take both totals and the bid: 1000 + 152 + 10 + 100.
    score, outcome = settle(OLIBOY50, figures((0, 162)), 0, ContractBid(100), "D")
    assert not outcome.made and score == (0, 152 + 10 + 100)


def test_oliboy50_a_tie_is_made_and_belote_and_declarations_follow_the_totals():
    # pointsCounter.ts: made when total >= bid and total >= the defenders' total.
    # 71 + belote 20 = 91 against 91: made; failed, the defenders take both totals.
    made, outcome = settle(OLIBOY50, figures((71, 91), belote=(20, 0)), 0, ContractBid(90))
    assert outcome.made and made == (91 + 90, 91)
    failed, outcome = settle(OLIBOY50, figures((71, 91), (0, 20), (20, 0)), 0, ContractBid(90))
    assert not outcome.made and failed == (0, 91 + 111 + 90)


# --- sebastien-perpignane/cardgame ----------------------------------------------------------
# src/test/java/sebastien/perpignane/cardgame/game/contree/DealScoreCalculatorTest.java.
# buildCardsByTeamWithTeam1_89AndTeam2_63_trump_is_heart: team 1 (team 0 here) 89 card
# points, team 2 63; + 10 to the last trick's winner. No belote, no declarations.


def test_sebastien_perpignane_standard_contract_is_reached_rounds_to_tens():
    # testStandardContractIsReached: bid 80, 89 against 63 + 10: "89" -> 90, "63 + dix de
    # der, rounded" -> 70 (`roundScores`: ((score + 5) / 10) * 10).
    score, outcome = settle(SEBASTIEN, figures((89, 73)), 0, ContractBid(80))
    assert outcome.made and score == (90, 70)


@pytest.mark.parametrize(
    ("test", "figs", "bid", "expected"),
    [
        # 89 + 10 made 80, doubled: 160 x 2; redoubled: 160 x 4.
        ("testContractIsReached_doubled", figures((99, 63)), ContractBid(80, "coinche"), (320, 0)),
        (
            "testContractIsReached_redoubled",
            figures((99, 63)),
            ContractBid(80, "surcoinche"),
            (640, 0),
        ),
        # 89 does not make 140: the defenders score 160.
        ("testStandardContractIsNotReached", figures((89, 73)), ContractBid(140), (0, 160)),
        # Every card to one side: 152 + 10, no capot bonus (its card total is always 162).
        ("testIsAnnouncedCapotReached", figures((162, 0), sweep=0), ContractBid("capot"), (500, 0)),
        (
            "testNotAnnouncedCapotMadeByAttackTeam",
            figures((162, 0), sweep=0),
            ContractBid(160),
            (250, 0),
        ),
        (
            "testNotAnnouncedCapotMadeByDefenseTeam",
            figures((0, 162), sweep=1),
            ContractBid(80),
            (0, 250),
        ),
        ("testAnnouncedCapotNotReached", figures((99, 63)), ContractBid("capot"), (0, 500)),
    ],
)
def test_sebastien_perpignane_deal_score_calculator(test, figs, bid, expected):
    score, _ = settle(SEBASTIEN, figs, 0, bid)
    assert score == expected, test


# --- gyscos/libcoinche ---------------------------------------------------------------------
# src/game.rs `get_game_result`: the winners score the target (250 for capot), the
# defenders of a failed contract 160; src/bid.rs `Target::victory`: points >= target.
# Its published tests cover the auction (src/bid.rs `test_auction`, in
# tests/engine/test_bidding.py) and play, not scores; these follow the function.


def test_libcoinche_get_game_result():
    # Made: 80 reaches a target of 80 whatever the defenders made; the takers score 80.
    score, outcome = settle(LIBCOINCHE, figures((80, 82)), 0, ContractBid(80))
    assert outcome.made and score == (80, 0)
    # Failed: the defenders score 160.
    score, outcome = settle(LIBCOINCHE, figures((162, 0)), 1, ContractBid(160))
    assert not outcome.made and score == (160, 0)
    # Capot: made only by taking every trick; it scores 250.
    score, _ = settle(LIBCOINCHE, figures((162, 0), sweep=0), 0, ContractBid("capot"))
    assert score == (250, 0)
    # A failed capot bid is still 160 to the defenders (sebastien-perpignane: 500).
    assert settle(LIBCOINCHE, figures((152, 10)), 0, ContractBid("capot"))[0] == (0, 160)


# --- drasill/bga-coinche ------------------------------------------------------------------
# No test suite; its rules page (doc/rules-fr.md, "Enchère réussie" / "Enchère échouée")
# gives two examples, checked here against its code (coinche.game.php `stEndHand`, score
# type "count points": `$doAddPointsToScore`).


def test_bga_coinche_rules_page_bid_made():
    # "si l'enchère est 100 ♣ ... réalisé 122 points: 122 + 100 = 222; l'équipe adverse 40".
    score, outcome = settle(BGA, figures((122, 40)), 0, ContractBid(100), "C")
    assert outcome.made and score == (222, 40)


def test_bga_coinche_rules_page_bid_failed_is_162_plus_the_bid_in_its_code():
    # The page: "96 points ... l'équipe adverse gagne 160 + 100 = 260". Its code scores
    # `$bid + 162` (+ belote) x multiplier: 262. The page is wrong; we follow the code.
    score, outcome = settle(BGA, figures((96, 66)), 0, ContractBid(100), "C")
    assert not outcome.made and score == (0, 262)


def test_bga_coinche_code_coinched_belote_and_the_82_opening():
    # stEndHand: made coinched, (bid + points incl. belote) x 2, the defenders nothing;
    # a bid of 82 scores as 80 (`if ($bid == 82) $bid = 80`), made with 82 points.
    score, _ = settle(BGA, figures((72, 90), belote=(20, 0)), 0, ContractBid(82, "coinche"))
    assert score == ((80 + 92) * 2, 0)
    # Failed with the defenders' belote: (80 + 162 + 20) x 2; the takers' belote stays.
    score, _ = settle(BGA, figures((70, 92), belote=(0, 20)), 0, ContractBid(82, "coinche"))
    assert score == (0, (80 + 162 + 20) * 2)
    # Score type "bid only": (bid + belote) x m to the winners, belote to its holder.
    score, _ = settle(BGA_BID_ONLY, figures((100, 62), belote=(0, 20)), 0, ContractBid(100))
    assert score == (100, 20)
    score, _ = settle(
        BGA_BID_ONLY, figures((80, 82), belote=(20, 0)), 0, ContractBid(110, "coinche")
    )
    assert score == (20, 220)


# --- StephaneBg/ScoreIt: Coinche -----------------------------------------------------------
# data/src/test/java/com/sbgapps/scoreit/data/solver/CoincheSolverTest.kt: "points" are the
# bidding team's card points (162 in all, capot 252), the other team has the rest.


def scoreit(points, taker, bid, coinche="none", belote_to=None):
    """The figures of a CoincheSolverTest lap: ``taker`` (0: équipe une) made ``points``."""
    cards = [0, 0]
    cards[taker] = points
    cards[1 - taker] = 0 if points == 252 else 162 - points
    belote = [0, 0]
    if belote_to is not None:
        belote[belote_to] = 20
    sweep = taker if points == 252 else None
    figs = figures(cards, belote=belote, sweep=sweep)
    return settle(SCOREIT_COINCHE, figs, taker, ContractBid(bid, coinche))


@pytest.mark.parametrize(
    ("test", "lap", "expected"),
    [
        (
            "équipe une enchérit 120, réalise 130 points et remporte son contrat",
            (130, 0, 120),
            (250, 32),
        ),
        (
            "équipe deux enchérit 100, réalise 120 points et remporte son contrat",
            (120, 1, 100),
            (42, 220),
        ),
        (
            "équipe deux enchérit 120, réalise 110 points, annonce la belote et remporte son "
            "contrat",
            (110, 1, 120, "none", 1),
            (52, 250),
        ),
        (
            "équipe une enchérit 120, réalise 110 points et chute son contrat",
            (110, 0, 120),
            (0, 282),
        ),
        (
            "équipe une enchérit 140, réalise 110 points, annonce la belote et chute son contrat",
            (110, 0, 140, "none", 0),
            (20, 302),
        ),
        (
            "équipe deux enchérit 130, réalise 100 points et chute son contrat",
            (100, 1, 130),
            (292, 0),
        ),
        (
            "équipe une enchérit 140, réalise un capot et remporte son contrat",
            (252, 0, 140),
            (392, 0),
        ),
        (
            "équipe deux enchérit 130, réalise un capot et remporte son contrat",
            (252, 1, 130),
            (0, 382),
        ),
        (
            "équipe une enchérit 120, réalise 130 points et remporte son contrat alors qu'elle "
            "est coinchée",
            (130, 0, 120, "coinche"),
            (500, 32),
        ),
        (
            "équipe une enchérit 120, réalise 130 points et remporte son contrat alors qu'elle a "
            "surcoinché",
            (130, 0, 120, "surcoinche"),
            (1000, 32),
        ),
        (
            "équipe deux enchérit 120, réalise 110 points et chute son contrat alors qu'elle est "
            "coinchée",
            (110, 1, 120, "coinche"),
            (564, 0),
        ),
        (
            "équipe deux enchérit 120, réalise 110 points et chute son contrat alors qu'elle a "
            "surcoinché",
            (110, 1, 120, "surcoinche"),
            (1128, 0),
        ),
    ],
)
def test_scoreit_coinche_solver(test, lap, expected):
    score, _ = scoreit(*lap)
    assert score == expected, test


def test_scoreit_coinche_solver_without_the_option_the_coinched_defenders_lose_their_points():
    # The option is what differs from docs/rules.md's Coinche: there the defenders of a made
    # coinched contract keep only their belote.
    ruleset = get_ruleset("coinche")
    _, score, _, _ = settle_figures(
        ruleset, "H", figures((130, 32)), 0, ContractBid(120, "coinche")
    )
    assert score == (500, 0)


# --- the same options over HTTP, on played rounds ------------------------------------------


def round_body(options, deal, bid, trump="H", taker=0):
    tricks = scripted_round("coinche", trump, 0, deal)
    return {
        "ruleset": "coinche",
        "options": options,
        "trump": trump,
        "taker": taker,
        "bid": bid,
        "tricks": as_json(tricks),
    }


@pytest.mark.http
@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({}, [368, 0]),  # docs/rules.md: (94 + 90) x 2, the defenders only their belote
        (SCOREIT_COINCHE, [368, 68]),  # the defenders keep their 68
        (OLIBOY50, [94 + 90 * 2, 68]),  # only the bid is doubled
        (BGA, [(94 + 90) * 2, 0]),
        (SEBASTIEN, [160 * 2, 0]),
        (LIBCOINCHE, [90, 0]),  # the coinche level is not scored
    ],
)
def test_a_coinched_90_made_with_94_under_each_program(server, options, expected):
    # rounds_helper.DEAL_A: team 0 94 card points, team 1 68; hearts, no belote.
    payload = round_body(options, DEAL_A, {"value": 90, "coinche": "coinche"})
    r = server.post("/v1/round-score", json=payload)
    assert r.status_code == 200, r.text
    assert r.json()["score"] == expected


# --- StephaneBg/ScoreIt: Belote ------------------------------------------------------------
# data/src/test/java/com/sbgapps/scoreit/data/solver/BeloteSolverTest.kt: a lap is the
# taker's card points (162 entered means every trick: 252), the other team has the rest;
# BeloteSolver.kt judges totals (belote included), `computeScores` holds a litige (81 - 81,
# 91 - 91) for the next lap's winner and rounds with `roundPoint`.


def belote_lap(points, taker, belote_to=None, tierce_to=None, options=SCOREIT_BELOTE):
    """``(score, outcome, held)`` of a BeloteSolverTest lap: the taker's ``points`` (162
    entered means every trick: 252; 0 the defenders' capot), a belote and a tierce (20)
    to the teams given."""
    cards = [0, 0]
    if points in (162, 252):
        cards[taker], sweep = 252, taker
    elif points == 0:
        cards[1 - taker], sweep = 252, 1 - taker
    else:
        cards[taker], cards[1 - taker], sweep = points, 162 - points, None
    belote, tierce = [0, 0], [0, 0]
    if belote_to is not None:
        belote[belote_to] = 20
    if tierce_to is not None:
        tierce[tierce_to] = 20
    figs = figures(cards, declarations=tierce, belote=belote, sweep=sweep)
    return settle_held(options, figs, taker, None, "H", "belote")


@pytest.mark.parametrize(
    ("test", "lap", "expected"),
    [
        ("équipe une remporte son contrat car a plus de 81 points", (82, 0), (82, 80)),
        ("équipe deux remporte son contrat car a plus de 81 points", (82, 1), (80, 82)),
        ("équipe une perd son contrat car elle est dedans", (80, 0), (0, 162)),
        ("équipe deux perd son contrat car elle est dedans", (80, 1), (162, 0)),
        # As published: the taker (équipe deux) enters 162, every trick, and wins 252.
        ("équipe une perd car elle est capot", (162, 1), (0, 252)),
        ("équipe deux perd car elle est capot", (162, 0), (252, 0)),
        (
            "équipe une remporte son contrat avec la belote et moins de 81 points",
            (72, 0, 0),
            (92, 90),
        ),
        (
            "équipe deux remporte son contrat avec la belote et moins de 81 points",
            (72, 1, 1),
            (90, 92),
        ),
        ("équipe une perd son contrat avec la belote qui est imprenable", (70, 0, 0), (20, 162)),
        # `addBonuses` with a counter: every bonus but the belote goes to the defenders.
        ("équipe une perd son contrat avec une tierce", (70, 0, None, 0), (0, 162 + 20)),
        ("équipe deux perd son contrat avec la belote qui est imprenable", (70, 1, 1), (162, 20)),
        (
            "équipe deux perd son contrat et l'équipe une a une tierce",
            (70, 1, None, 0),
            (162 + 20, 0),
        ),
    ],
)
def test_scoreit_belote_solver(test, lap, expected):
    score, _, _ = belote_lap(*lap)
    assert score == expected, test


def test_scoreit_belote_solver_the_defenders_capot_counts_162():
    # getResults: a failed lap gives the defenders POINTS_TOTAL (162), even when the taker
    # entered 0 (the defenders took every trick: 252 before the contract is judged).
    score, outcome, _ = belote_lap(0, 0)
    assert not outcome.made and score == (0, 162)


@pytest.mark.parametrize(
    ("test", "lap", "held"),
    [("litige sans belote", (81, 0), 81), ("litige avec belote", (71, 0, 0), 91)],
)
def test_scoreit_belote_solver_litige(test, lap, held):
    # The lap shows 81 - 81 (91 - 91 with belote); computeScores gives the defenders theirs
    # now and holds the takers' whole total, belote included (litige: hold_over_all).
    score, outcome, held_out = belote_lap(*lap)
    assert outcome.litige and score == (0, held) and held_out == held, test


def belote_match(server, laps, options):
    """ScoreIt's `computeScores` through POST /v1/match-score: each lap's score, held
    points and winner as POST /v1/round-score gives them."""
    rounds = []
    for lap in laps:
        score, outcome, held = belote_lap(*lap, options=options)
        winner = None if outcome.litige else (lap[1] if outcome.made else 1 - lap[1])
        rounds.append({"score": list(score), "held": held, "winner": winner})
    payload = {"ruleset": "belote", "options": options, "rounds": rounds}
    r = server.post("/v1/match-score", json=payload)
    assert r.status_code == 200, r.text
    answer = r.json()
    assert not answer["finished"] and answer["rounds"] == len(laps)
    return answer["totals"]


LAPS = [(116, 0), (90, 1), (50, 1), (60, 0), (252, 0), (143, 1)]


@pytest.mark.http
def test_scoreit_calcule_le_score_sans_arrondi_et_sans_litige(server):
    expected = [116 + 72 + 162 + 0 + 252 + 19, 46 + 90 + 0 + 162 + 0 + 143]
    assert belote_match(server, LAPS, SCOREIT_BELOTE) == expected


@pytest.mark.http
def test_scoreit_calcule_le_score_avec_arrondi_et_sans_litige(server):
    expected = [120 + 70 + 160 + 0 + 250 + 20, 50 + 90 + 0 + 160 + 0 + 140]
    assert belote_match(server, LAPS, SCOREIT_BELOTE_ROUNDED) == expected


@pytest.mark.http
def test_scoreit_calcule_le_score_sans_arrondi_et_avec_litige(server):
    laps = [(116, 0), (81, 1), (50, 1), (60, 0), (252, 0), (143, 1), (71, 1, 1), (120, 1)]
    expected = [
        116 + 81 + (81 + 162) + 0 + 252 + 19 + 91 + 42,
        46 + 0 + 0 + 162 + 0 + 143 + 0 + (91 + 120),
    ]
    assert belote_match(server, laps, SCOREIT_BELOTE) == expected


@pytest.mark.http
def test_scoreit_match_sums_are_refused_under_the_presets_target(server):
    # What the options' target and open_match fix: `belote` stops at 501, so the sixth
    # lap is refused (after 116 + 72 + 162 + 0 + 252 = 602 for équipe une).
    options = {k: v for k, v in SCOREIT_BELOTE.items() if k not in ("target", "open_match")}
    rounds = []
    for lap in LAPS:
        score, _, held = belote_lap(*lap, options=options)
        rounds.append({"score": list(score), "held": held})
    r = server.post(
        "/v1/match-score", json={"ruleset": "belote", "options": options, "rounds": rounds}
    )
    assert r.status_code == 422 and list(r.json()["errors"]) == ["rounds.5"]


def test_scoreit_constants_are_the_engines_totals():
    # "Le total des points est de 162", "... pour le capot est de 252", coefficients 2, 4.
    assert figures((81, 81)).all_cards == 162 and ALL.all_cards == 252
    assert (
        ContractBid(80, "coinche").multiplier == 2 and ContractBid(80, "surcoinche").multiplier == 4
    )


# --- Oliboy50/coinche: a long run split (sequence_split) ----------------------------------
# client/src/shared/coinche/getAnnouncesForCards.test.ts, "getAvailableAnnouncesForCards
# returns announces [QuinteAceClub, TierceNineClub] when cards Club|Ace ... Club|Seven".

#: pointsCounter.ts getPointsForAnnounce: in NoTrump four aces 200, four tens 150, the
#: other fours 100 (in a suit: jacks 200, nines 150, the rest 100, as carre_points).
#: Both are in Oliboy50's row (``sequence_split``, ``no_trump_carre_points``).
OLIBOY50_NO_TRUMP_CARRES = {"A": 200, "10": 150, "9": 100, "J": 100, "Q": 100, "K": 100}
OLIBOY50_DECLARATIONS = OLIBOY50
assert OLIBOY50["no_trump_carre_points"] == OLIBOY50_NO_TRUMP_CARRES and OLIBOY50["sequence_split"]


def test_oliboy50_eight_clubs_are_a_quinte_to_the_ace_and_a_tierce_to_the_nine():
    ruleset = get_ruleset("coinche", OLIBOY50_DECLARATIONS)
    clubs = mask_of(cards("AC KC QC JC 10C 9C 8C 7C"))
    found = find_declarations(clubs, "none", ruleset)
    assert [(d.kind, d.cards, d.points) for d in found] == [
        ("sequence", mask_of(cards("AC KC QC JC 10C")), 100),
        ("sequence", mask_of(cards("9C 8C 7C")), 20),
    ]
    # Announced as those two pieces; the whole run in one claim is refused.
    pieces = [(0, cards("AC KC QC JC 10C"))]
    pieces.append((0, cards("9C 8C 7C")))
    assert [d.points for d in parse_declarations(pieces, "none", ruleset, {0: clubs})] == [100, 20]
    with pytest.raises(DeclarationError) as caught:
        parse_declarations([(0, list(cards_in(clubs)))], "none", ruleset, {0: clubs})
    assert "declared as its pieces" in str(caught.value)


def test_without_sequence_split_a_run_is_one_sequence():
    # docs/rules.md section 7: a run is never split to score more (the presets).
    clubs = mask_of(cards("AC KC QC JC 10C 9C 8C 7C"))
    found = find_declarations(clubs, "none", get_ruleset("coinche"))
    assert [d.points for d in found] == [100]


# --- docs/house-rules.md is generated from the options the tests use ----------------------


def test_the_page_is_what_the_data_file_generates():
    # python -m tests.support.house_rules_doc rewrites the table from docs/house-rules.json.
    text = PAGE.read_text(encoding="utf-8")
    assert text == page(text), f"run python -m tests.support.house_rules_doc ({DATA.name} changed)"


def test_every_row_is_a_valid_ruleset_with_a_source():
    keys = [program["id"] for program in programs()]
    assert len(keys) == len(set(keys))
    for program in programs():
        get_ruleset(program["preset"], program["options"])  # every option valid
        assert program["source"] and program["notes"], program["id"]


def test_colver_row_is_the_object_the_colver_tests_and_arena_use():
    assert options_of("colver") == colver_table.OPTIONS and preset_of("colver") == "coinche"


# --- legal moves: each program's play rules through its row's options --------------------


def _legal(client, key, trump, leader, trick, hand):
    body = {
        "ruleset": preset_of(key),
        "options": options_of(key),
        "trump": trump,
        "hand": hand.split(),
        "trick": {"leader": leader, "cards": trick.split()},
    }
    answer = client.post("/v1/legal-moves", json=body)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return set(answer.get_json()["legal"])


#: ``(program, case, trump, leader, trick, the hand of the seat to play, its legal cards)``.
#: sebastien-perpignane/cardgame: src/test/java/sebastien/perpignane/cardgame/game/contree/
#: PlayableCardsFilterTest.java, one line per test (its player1 and player3 are partners,
#: as are player2 and player4; here seats 0 and 2, 1 and 3).
#: gyscos/libcoinche: src/game.rs ``test_play_card`` (the published test: each card refused
#: there is absent from the legal cards, each card accepted is present), then positions
#: read from ``can_play`` (no published test covers them).
#: drasill/bga-coinche (no test suite): positions read from ``assertCardPlay`` in
#: coinche.game.php at commit 0e1f3a3.
LEGAL_CASES = [
    ("sebastien", "testFirstPlayedCard", "H", 0, "", "7C AC AS", "7C AC AS"),
    (
        "sebastien",
        "testFirstCardAlreadyPlayed_compatibleCardAvailable_noTrump",
        "H",
        1,
        "JC",
        "7C AC AS",
        "7C AC",
    ),
    (
        "sebastien",
        "testFirstCardIsPlayed_noCompatibleCardAvailable_noTrump",
        "H",
        1,
        "JD",
        "7C AC AS",
        "7C AC AS",
    ),
    (
        "sebastien",
        "testFirstCardIsPlayed_noCompatibleCardAvailable_hasTrump",
        "H",
        1,
        "JD",
        "7C AC AH",
        "AH",
    ),
    (
        "sebastien",
        "testFirstCardPlayed_notTrumpTrick_trumpCardPlayed_playerHasHigherCard",
        "H",
        0,
        "JD 10H",
        "7C AC 8H AH",
        "AH",
    ),
    (
        "sebastien",
        "testFirstCardPlayed_notTrumpTrick_trumpCardPlayed_playerHasNotHigherCard",
        "H",
        0,
        "JD 10H",
        "7C AC 8H",
        "8H",
    ),
    (
        "sebastien",
        "testNotTrumpTrick_trumpCardPlayed_playerHasNotTrump",
        "H",
        0,
        "JD 10H",
        "7C AC 8S",
        "7C AC 8S",
    ),
    (
        "sebastien",
        "testNotTrumpTrick_teamMateIsWinningWithoutTrump",
        "H",
        1,
        "JD AD 8D",
        "7C AC AS 8H",
        "7C AC AS 8H",
    ),
    (
        "sebastien",
        "testFirstCardPlayed_notTrumpTrick_teamMateIsWinning",
        "H",
        1,
        "JD 10H 7H",
        "7C AC AS 8H",
        "7C AC AS 8H",
    ),
    (
        "sebastien",
        "testFirstCardPlayed_trumpedTrick_teamMateIsWinning_playerHasWantedColor",
        "H",
        1,
        "JD 10H 7H",
        "7C 10D AS 8H",
        "10D",
    ),
    (
        "libcoinche",
        "test_play_card, P1: wrong colour (7S) refused, QC played",
        "H",
        0,
        "7C",
        "QC KC 10C AC 7S 8S 9S JS",
        "QC KC 10C AC",
    ),
    (
        "libcoinche",
        "test_play_card, P2: invalid piss (7D) refused, QH played",
        "H",
        0,
        "7C QC",
        "7D 8D 9D JD QS KS QH KH",
        "QH KH",
    ),
    (
        "libcoinche",
        "test_play_card, P3: under-trump (7H) refused, JH played",
        "H",
        0,
        "7C QC QH",
        "QD KD 10D AD 10S AS 7H JH",
        "JH",
    ),
    (
        "libcoinche",
        "can_play: void, an opponent's higher trump: a lower trump, no discard",
        "H",
        0,
        "7C JH",
        "8D 7H",
        "7H",
    ),
    (
        "libcoinche",
        "can_play: void, the partner winning by a trump: discard, or a trump above it",
        "H",
        0,
        "7C 9H 8C",
        "8D 7H JH",
        "8D JH",
    ),
    (
        "bga",
        "assertCardPlay: void, an opponent's higher trump: a lower trump, no discard",
        "H",
        0,
        "7C JH",
        "8D 7H",
        "7H",
    ),
    (
        "bga",
        "assertCardPlay: void, the partner the strongest by a trump: discard, or go up",
        "H",
        0,
        "7C 9H 8C",
        "8D 7H JH",
        "8D JH",
    ),
    (
        "bga",
        "assertCardPlay: void, the partner the strongest without trump: any card",
        "H",
        0,
        "AC 7C",
        "8D 7H",
        "8D 7H",
    ),
]


@pytest.mark.parametrize(
    ("key", "case", "trump", "leader", "trick", "hand", "legal"),
    LEGAL_CASES,
    ids=[
        f"{key}-{case.split(':')[0].split(',')[0]}-{i}"
        for i, (key, case, *_) in enumerate(LEGAL_CASES)
    ],
)
def test_legal_moves_under_each_program_s_options(
    client, key, case, trump, leader, trick, hand, legal
):
    assert _legal(client, key, trump, leader, trick, hand) == set(legal.split()), case


def test_the_preset_s_play_differs_where_the_rows_say_so(client):
    # Without the rows' play options, the coinche preset (FFB 2016: undertrump may,
    # partner_winning_trump free) allows the discard and the lower trump these refuse.
    body = {"ruleset": "coinche", "trump": "H", "hand": ["8D", "7H"]}
    answer = client.post(
        "/v1/legal-moves", json=body | {"trick": {"leader": 0, "cards": ["7C", "JH"]}}
    )
    assert set(answer.get_json()["legal"]) == {"8D", "7H"}
    body["hand"] = ["8D", "7H", "JH"]
    answer = client.post(
        "/v1/legal-moves", json=body | {"trick": {"leader": 0, "cards": ["7C", "9H", "8C"]}}
    )
    assert set(answer.get_json()["legal"]) == {"8D", "7H", "JH"}


def test_a_deal_everybody_passed_is_a_round_of_0_0_in_the_match():
    # sebastien-perpignane/cardgame: an "only pass bids" deal scores 0 - 0 and counts as
    # a deal. Not a parameter: the auction answers `redeal`, and the client adds the
    # deal to the match as a round scored [0, 0], which /v1/match-score counts.
    auction = run_auction(get_ruleset("coinche", SEBASTIEN), 0, [Call("pass")] * 4)
    assert auction.complete and auction.redeal
    result = score_match([MatchRound((0, 0)), MatchRound((160, 0))], 2000)
    assert result.rounds_counted == 2 and result.totals == (160, 0)


@pytest.mark.http
def test_oliboy50_capot_with_a_coinched_82_in_hearts_over_http(server):
    # rounds_helper.DEAL_CAPOT: team 0 takes every trick, 152 + 100. pointsCounter.ts:
    # 252 + 82 x 2; under the presets' ladder 82 is no bid.
    payload = round_body(OLIBOY50, DEAL_CAPOT, {"value": 82, "coinche": "coinche"})
    r = server.post("/v1/round-score", json=payload)
    assert r.status_code == 200, r.text
    assert r.json()["score"] == [252 + 82 * 2, 0]
    r = server.post("/v1/round-score", json=payload | {"options": {}})
    assert r.status_code == 422 and list(r.json()["errors"]) == ["bid.value"]


def test_oliboy50_aces_and_tens_in_no_trump():
    # getAnnouncesForCards.test.ts, "returns announces [SquareAce, SquareTen] when cards
    # Club|Ace ... Spade|Ten" (NoTrump); pointsCounter.ts values them 200 and 150.
    ruleset = get_ruleset("coinche", OLIBOY50_DECLARATIONS)
    hand = mask_of(cards("AC AD AH AS 10C 10D 10H 10S"))
    found = find_declarations(hand, "none", ruleset)
    assert [(d.kind, d.cards, d.points) for d in found] == [
        ("carre", mask_of(cards("AC AD AH AS")), 200),
        ("carre", mask_of(cards("10C 10D 10H 10S")), 150),
    ]
    # In a suit the same hand is two carrés of 100; four aces in sans atout beat four
    # jacks (100 there), which win in a suit (200).
    assert [d.points for d in find_declarations(hand, "S", ruleset)] == [100, 100]
    jacks = parse_declarations([(1, cards("JC JD JH JS"))], "none", ruleset)[0]
    aces = parse_declarations([(0, cards("AC AD AH AS"))], "none", ruleset)[0]
    assert (aces.points, jacks.points) == (200, 100)
    assert aces.strength(ruleset) > jacks.strength(ruleset)
