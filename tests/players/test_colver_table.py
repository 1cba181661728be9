"""colver at our table (bench/colver_table.py): the translation of cards, trumps and bids
between the two engines, and rounds played by both engines side by side."""

from __future__ import annotations

import sys
from pathlib import Path

import colver
import pytest

# Appended, not put first: bench/bench.py must not hide the package bench.
sys.path.append(str(Path(__file__).resolve().parents[2] / "bench"))

import arena
import colver_table

from service.engine.bidding import BID, CAPOT, COINCHE, PASS, SURCOINCHE, Call
from service.engine.cards import RANKS, SUITS
from service.engine.play import Position
from service.engine.rulesets import get_ruleset

SYMBOLS = dict(zip("SHDC", "♠♥♦♣", strict=True))


def test_every_card_has_the_same_name_in_both_engines():
    seen = set()
    for c in range(32):
        theirs = colver_table.to_colver(c)
        seen.add(theirs)
        assert colver_table.from_colver(theirs) == c
        assert colver.Env.card_name(theirs) == RANKS[c & 7] + SYMBOLS[SUITS[c >> 3]]
    assert seen == set(range(32))


def test_every_colver_bid_reads_back_as_the_same_call():
    for action in range(43):
        bid = colver_table.bid_from_colver(action)
        assert colver_table.bid_to_colver(bid) == action
        name = colver.Env.action_name(action, 0)
        if bid.action == BID:
            value = "Capot" if bid.value == CAPOT else str(bid.value)
            assert name == value + SYMBOLS[bid.trump]
        else:
            assert name == {PASS: "Pass", COINCHE: "Coinche", SURCOINCHE: "Surcoinche"}[bid.action]
    assert colver_table.bid_to_colver(Call(BID, 120, "D")) == 19  # 120♦


def test_the_options_are_a_valid_coinche_ruleset():
    rules = get_ruleset(colver_table.PRESET, colver_table.OPTIONS)
    assert rules.trump_modes == ("C", "D", "H", "S")
    assert rules.undertrump == "may" and rules.declarations == "none"


@pytest.mark.parametrize("index", [0, 1])
def test_a_fixed_contract_is_played_by_both_engines_alike(index):
    """Our greedy player against colver's heuristic player, both plays of a deal: every
    card is checked in both engines (the table raises on a card colver refuses), the
    legal sets agree, and so do the scores (a contract fixed uncoinched)."""
    args = ("coinche", colver_table.OPTIONS, "greedy", "colver-heuristic", "hard", "strong")
    out = arena.play_deal((*args, False, 3, index))
    assert out["checked"] == 2 * 32
    assert out["legal_differences"] == 0
    assert out["score_differences"] == []
    assert out["taken"]["A"] + out["taken"]["B"] == 2


def test_an_auction_by_colver_bidders_is_followed_by_colver():
    """colver's bidders bid in our auction; colver's engine replays every call (refusing
    any it finds illegal) and must end on the same contract; the two engines score every
    round alike, coinched ones included (tests/engine/test_colver.py checks the options)."""
    args = ("coinche", colver_table.OPTIONS, "greedy", "greedy")
    for index in range(3):
        out = arena.play_deal((*args, "colver-improved", "colver-maxi", True, 5, index))
        assert out["checked"] == 32 * (2 - out["redeal"])
        assert out["legal_differences"] == 0
        assert out["score_differences"] == []


def test_a_card_colver_refuses_is_reported():
    rules = get_ruleset(colver_table.PRESET, colver_table.OPTIONS)
    hands = [0xFF << (8 * s) for s in range(4)]  # seat s holds all of suit s
    table = colver_table.ColverTable(hands, dealer=3, seed=0)
    table.set_contract("C", 80, 0)
    table.start()
    position = Position(0, (), "C", rules)
    with pytest.raises(colver_table.Disagreement):
        table.card(0, 8, position, hands[0])  # seat 0 does not hold the 7 of diamonds


@pytest.mark.parametrize("bidder", [None, "colver-improved"])
def test_the_regrets_of_the_cards_played_add_up_to_the_duplicate_margin(bidder):
    """bench/decisions.py: in each play of a deal hard's side scores the deal's
    double-dummy value less its own cards' regrets plus the other side's, so over the two
    plays of a duplicate deal (the value cancels) the regrets add up to the margins: the
    valuation of a card by the real hands (the compiled solver and the players' own
    scoring) agrees with the engine's score of the round played out, in the fixed
    contracts and in those bid by colver's bidder (whose bids the views then carry)."""
    import decisions

    from service.players.view import SeatView

    seeds = iter(range(31, 61))
    for _ in range(3):
        found = decisions.collect(1, next(seeds), None, "easy", "colver-heuristic", bidder)
        while not found["plays"]:  # a redeal
            found = decisions.collect(1, next(seeds), None, "easy", "colver-heuristic", bidder)
        by_play = decisions.regrets(found)
        assert len(found["plays"]) == 2
        assert all(bool(p["view"]["bids"]) == bool(bidder) for p in found["positions"])
        # One auction for the deal: both plays' views carry the same bids.
        firsts = [next(p for p in found["positions"] if p["play"] == n) for n in (0, 1)]
        assert firsts[0]["view"]["bids"] == firsts[1]["view"]["bids"]
        for play in found["plays"]:
            # The play's first decision is the opening lead: its best card's value is the
            # deal's double-dummy value for the leader's side.
            lead = next(p for p in found["positions"] if p["play"] == play["play"])
            view = SeatView(decisions.RULES, **lead["view"])
            assert not view.tricks and not view.trick.cards
            value = max(decisions.card_values(view, lead["hands"]).values())
            hard_leads = not lead["colver_seat"]
            expected = (value if hard_leads else -value) + by_play[play["play"]]
            assert play["hard_margin"] == pytest.approx(expected)
        assert sum(by_play.values()) == pytest.approx(sum(p["hard_margin"] for p in found["plays"]))


def test_the_evaluation_selects_the_leads_of_the_tricks_asked():
    """bench/decisions.py evaluate --tricks 2,3 --leads: exactly the kept positions where
    the seat leads the second or the third trick."""
    import decisions

    found = decisions.collect(1, 31, None, "easy", "colver-heuristic")
    positions = found["positions"]
    chosen = decisions.select(positions, {2, 3}, True)
    expected = [
        p for p in positions if len(p["view"]["tricks"]) in (1, 2) and not p["view"]["trick"].cards
    ]
    assert chosen == expected and chosen
    assert decisions.select(positions, set(), False) == positions
    first = [p for p in positions if not p["view"]["tricks"]]
    assert decisions.select(positions, {1}, False) == first and len(first) > 1


def test_the_coinche_positions_are_valued_on_the_real_hands():
    """bench/coinches.py: every position it finds lets the seat coinche the other side's
    bid, and colver's own call there, valued by finishing the auction with colver's
    bidder, is worth what colver's whole auction from the start, played out, scores."""
    import coinches

    from service.engine.bidding import COINCHE
    from service.engine.round import Round
    from service.players import bidding as players_bidding
    from service.players import table as players_table

    found = [p for i in range(4) for p in coinches.positions(11, i)]
    assert len(found) >= 4
    normal = coinches.player("normal")
    for pos in found[:3]:
        dealt, dealer = coinches.dealt_of(11, pos["index"])
        hand = dealt.hands[pos["seat"]]
        view = players_bidding.AuctionView(
            coinches.RULES, pos["seat"], hand, dealer, tuple(pos["bids"])
        )
        legal = players_bidding._legal(view)
        assert any(b.action == COINCHE for b in legal) and pos["colver"] in legal
        valued = coinches.value(11, pos, pos["colver"], normal)
        rng = arena.game_rng(11, pos["index"])
        bidders = [coinches.colver_bidder(dealt.hands)] * 4
        game = Round(coinches.RULES, dealer, dealt.record)
        contract, bids = players_table.bid_round(game, bidders, rng)
        assert bids[: len(pos["bids"]) + 1] == (*pos["bids"], pos["colver"])
        team = coinches.RULES.team_of(pos["seat"])
        assert valued == coinches.scored(game, dealer, contract, bids, team, normal, rng)
        assert valued["made"] in (True, False)


def test_the_reading_fit_finds_the_heuristic_bidders_own_rule():
    """bench/bid_reading.py: the heuristic bidder bids its hand evaluation rounded down
    to 10 and passes below it, so the best fit of the reading to its auctions reads a bid
    about 5 points under the evaluation (half a step), narrowly (the smallest scale);
    colver's bidder, whose evaluation is not ours, is fitted looser."""
    import bid_reading

    ours = bid_reading.fit(bid_reading.auctions("heuristic", 60, 5))
    assert max(ours, key=ours.get) == (5.0, 6.0)
    theirs = bid_reading.fit(bid_reading.auctions("colver-improved", 60, 5))
    assert max(theirs.values()) < max(ours.values())
    assert max(theirs, key=theirs.get)[1] > 6.0


def test_the_opening_leads_are_the_first_decisions_of_bid_contracts():
    """bench/decisions.py openings: each kept position is the first lead of a deal whose
    auction ended in a contract, seen by the seat after the dealer with the bids."""
    import decisions

    from service.players.view import SeatView

    found = decisions.openings(4, 7, None, "colver-improved", "easy", "colver-heuristic")
    assert found["positions"]
    for p in found["positions"]:
        view = SeatView(decisions.RULES, **p["view"])
        assert not view.tricks and not view.trick.cards and view.bids
        assert view.seat == view.trick.leader == (view.dealer + 1) % 4
        assert view.hand == p["hands"][view.seat]
        legal = decisions.card_values(view, p["hands"])
        assert p["hard"] in legal and p["colver"] in legal
