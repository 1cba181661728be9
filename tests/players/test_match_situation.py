"""Playing to the match (issue 35): the engine's match situation, its check, the chance a
round's outcome leaves (``service/engine/chances.py``), and the bidder and the card
player that choose by it (``service/players/bidding.py``, ``service/players/driver.py``)."""

from __future__ import annotations

import random

import pytest

from service.engine.bidding import Call
from service.engine.cards import mask_of, parse_card
from service.engine.chances import MatchOutlook, in_reach, model_for, outlook
from service.engine.declarations import parse_declarations
from service.engine.match import MatchRound, MatchSituation, check_situation
from service.engine.play import PositionError
from service.engine.rounds import Trick
from service.engine.rulesets import get_ruleset
from service.players.bidding import suggest_bid
from service.players.driver import MAX_BUDGET_MS, suggest_play
from service.players.table import AuctionView
from service.players.view import SeatView
from tests.support.play_helpers import table_deal

BELOTE = get_ruleset("belote")


def _view(hand: list[str], turned: str, rules=BELOTE, dealer: int = 3) -> AuctionView:
    cards = mask_of(parse_card(c) for c in hand)
    return AuctionView(rules, (dealer + 1) % rules.players, cards, dealer, (), parse_card(turned))


@pytest.mark.parametrize(
    ("preset", "situation", "field"),
    [
        ("belote", MatchSituation((501, 300)), "match.totals.0"),
        ("belote", MatchSituation((120, 530)), "match.totals.1"),
        ("belote", MatchSituation((0, 0), deals_left=3), "match.deals_left"),
        ("belote", MatchSituation((0, 0), held_in=-1), "match.held_in"),
        ("klaverjas-rotterdam", MatchSituation((0, 0)), "match.deals_left"),
        ("klaverjas-rotterdam", MatchSituation((0, 0), deals_left=17), "match.deals_left"),
        ("cardavia", MatchSituation((0, 0)), "match"),
    ],
)
def test_an_impossible_situation_is_refused_naming_its_member(preset, situation, field):
    with pytest.raises(PositionError) as refused:
        check_situation(get_ruleset(preset), situation)
    assert refused.value.field == field


def test_situations_a_match_can_be_in_pass_the_check():
    check_situation(BELOTE, MatchSituation((500, 480), held_in=162))
    check_situation(BELOTE, MatchSituation((520, 520)))  # equal beyond the target: play on
    check_situation(get_ruleset("belot"), MatchSituation((160, 40)))  # a capot's round
    check_situation(get_ruleset("klaverjas-rotterdam"), MatchSituation((900, 1400), 0, 1))


def test_a_round_outcome_maps_to_the_match_it_leaves():
    ahead = MatchOutlook(BELOTE, MatchSituation((480, 300)), model_for(BELOTE), 0)
    # 21 points more win the match; the opponents' 162 leave it open; a redeal changes
    # nothing (the chance before the round).
    assert ahead.win(0, MatchRound((30, 132), winner=1)) == 1.0
    assert ahead.win(1, MatchRound((30, 132), winner=1)) == 0.0
    assert 0.3 < ahead.win(0, MatchRound((0, 162), winner=1)) < 0.9
    assert ahead.win(0, MatchRound((0, 0), redeal=True)) == pytest.approx(ahead.before(0))
    assert ahead.before(0) + ahead.before(1) == pytest.approx(1.0)
    # Held-over points go to the round's winner.
    held = MatchOutlook(BELOTE, MatchSituation((400, 400), held_in=81), model_for(BELOTE), 0)
    assert held.win(0, MatchRound((95, 67), winner=0)) == 1.0  # 576 to 467
    assert held.win(0, MatchRound((95, 67), winner=1)) == 0.0  # 495 to 548
    # The last deal of a match of sixteen: the higher total wins.
    klaverjas = get_ruleset("klaverjas-rotterdam")
    last = MatchOutlook(klaverjas, MatchSituation((1500, 1450), 0, 1), model_for(klaverjas), 0)
    assert last.win(0, MatchRound((60, 102), winner=1)) == 1.0
    assert last.win(0, MatchRound((0, 162), winner=1)) == 0.0


def test_the_match_is_read_only_where_its_end_is_in_reach():
    assert outlook(BELOTE, None, 0) is None
    assert outlook(BELOTE, MatchSituation((0, 0)), 0) is None  # 501 > 3 typical rounds
    assert outlook(BELOTE, MatchSituation((100, 0)), 0) is not None
    model = model_for(BELOTE)
    assert not in_reach(BELOTE, MatchSituation((0, 80)), model)
    assert in_reach(BELOTE, MatchSituation((0, 0), held_in=100), model)
    klaverjas = get_ruleset("klaverjas-rotterdam")
    assert outlook(klaverjas, MatchSituation((0, 0), 0, 16), 0) is None
    assert outlook(klaverjas, MatchSituation((0, 0), 0, 3), 0) is not None
    # Options that change a rule leave no model to read the match by.
    changed = get_ruleset("belote", {"belote_points": 40})
    assert outlook(changed, MatchSituation((400, 400)), 0) is None


@pytest.mark.parametrize("preset", ["belote", "coinche", "klaverjas-rotterdam"])
def test_without_a_match_in_reach_the_answers_are_todays(preset):
    """No situation, or one far from the end: the same rollouts, calls and values as the
    bidder without a match (the same seed)."""
    rules = get_ruleset(preset)
    far = MatchSituation((0, 0), 0, rules.match_deals)
    rng = random.Random(35)
    for _ in range(4):
        dealt = table_deal(rules, rng, 3)
        view = AuctionView(
            rules, 0, dealt.hands[0], 3, (), dealt.turned, dealt.proposed, dealt.second_proposed
        )
        today = suggest_bid(view, "normal", 5)
        assert suggest_bid(view, "normal", 5, match=far) == today
        assert today.chances is None


# Hands of belote found among 40 random deals (seed 7): seat 0 speaks first, dealer 3.
SAFE_TAKE = (["QC", "8D", "JD", "AH", "AS"], "7D")
LONG_SHOT = (["7C", "JC", "JD", "10H", "AH"], "9D")


def test_a_side_a_few_points_from_the_target_bids_more_cautiously():
    """At 490 to 380 the side needs 11 points: defending gets them unless the opponents
    take every trick, while a failed contract gives the opponents 162 and the round.
    Without the match the bidder takes (margin 75 over 12); with it, it passes."""
    view = _view(*SAFE_TAKE)
    blind = suggest_bid(view, "normal", 0)
    aware = suggest_bid(view, "normal", 0, match=MatchSituation((490, 380)))
    assert blind.bid == Call("take", trump="D")
    assert aware.bid == Call("pass")
    assert aware.options == blind.options  # the same rollouts, another utility
    chance = dict(zip((b for b, _ in aware.options), aware.chances, strict=True))
    assert chance[Call("pass")] > 0.8


def test_a_side_far_behind_near_the_end_takes_more_risk():
    """At 250 to 440 the opponents need 61 points: only a contract of this side, made
    big or failed by nobody, keeps the match open. The bidder without the match passes
    (the take's margin does not clear its noise); with it, it takes."""
    view = _view(*LONG_SHOT)
    blind = suggest_bid(view, "normal", 0)
    aware = suggest_bid(view, "normal", 0, match=MatchSituation((250, 440)))
    assert blind.bid == Call("pass")
    assert aware.bid == Call("take", trump="D")
    chance = dict(zip((b for b, _ in aware.options), aware.chances, strict=True))
    assert chance[Call("take", trump="D")] > chance[Call("pass")]


def test_the_seat_of_team_1_reads_its_own_total():
    """The totals are by team, whoever asks: seat 1 (team 1) is ahead at [250, 440]
    and behind at [440, 250]."""
    view = _view(*LONG_SHOT, dealer=0)
    assert view.seat == 1
    for totals, ahead in (((250, 440), True), ((440, 250), False)):
        found = suggest_bid(view, "normal", 0, match=MatchSituation(totals))
        assert all((chance > 0.5) == ahead for chance in found.chances)


def _endgame() -> SeatView:
    """A round of belote near its end (bench/match_arena.py's first deal of match 6,
    seed 79, dealer 2, bid by the strong-trumps rule and played by the greedy player):
    seat 2 took hearts (the turned 9H), holds 10H JS AS and leads the sixth trick."""
    tricks = [
        (3, "AC 7H 8C QC"),
        (0, "7D KD QD AD"),
        (3, "7C 7S 9C QH"),
        (2, "JH 8H 10D KH"),
        (2, "9H 9S 10S AH"),
    ]
    declared = [(0, "7D 8D 9D 10D"), (1, "KC KD KH KS"), (2, "9H 10H JH QH")]
    return SeatView(
        BELOTE,
        2,
        mask_of(parse_card(c) for c in ("10H", "JS", "AS")),
        "H",
        2,
        Trick(2, ()),
        tuple(
            Trick(leader, tuple(parse_card(c) for c in cards.split())) for leader, cards in tricks
        ),
        tuple(
            parse_declarations(
                [(s, tuple(parse_card(c) for c in cards.split())) for s, cards in declared],
                "H",
                BELOTE,
            )
        ),
        (),
        parse_card("9H"),
        None,
        None,
        2,
        (Call("pass"), Call("pass"), Call("pass"), Call("take", trump="H")),
    )


def test_hard_plays_its_cards_for_the_chance_to_win_the_match():
    """At 470 all the round decides the match: the side that scores more wins it. Without
    the match `hard` leads the ace of spades (the best mean margin); with it, the jack,
    which wins the round more often for a smaller mean margin."""
    view = _endgame()
    blind = suggest_play(view, "hard", 1, MAX_BUDGET_MS)
    aware = suggest_play(view, "hard", 1, MAX_BUDGET_MS, match=MatchSituation((470, 470)))
    jack, ace = parse_card("JS"), parse_card("AS")
    assert blind.card == ace and blind.chances is None
    assert aware.chances is not None and aware.card == jack
    assert aware.chances[jack] > aware.chances[ace] + 0.1
    assert aware.values[ace] > aware.values[jack]  # the margins, as without the match


def test_the_card_players_read_the_match_only_near_its_end_and_without_errors():
    """Far from the target `hard` plays as without the match; `normal`, whose errors are
    drawn in points of margin, never reads it."""
    view = _endgame()
    blind = suggest_play(view, "hard", 1, MAX_BUDGET_MS)
    assert suggest_play(view, "hard", 1, MAX_BUDGET_MS, match=MatchSituation((0, 0))) == blind
    near = MatchSituation((470, 470))
    assert suggest_play(view, "normal", 1, match=near) == suggest_play(view, "normal", 1)
