"""The bidding player's look-ahead (``service/players/bidding.py``): its choice rule, its
Coinche options over a partner's bid, its remembered auctions, and the ``hard`` level's
legality and determinism in every auction the players bid in."""

from __future__ import annotations

import random

import pytest

from service.engine.bidding import Bid, run_auction
from service.engine.rulesets import get_ruleset
from service.players import bidding, table

PASS = Bid("pass")
TAKE = Bid("take", trump="S")


def test_a_call_over_pass_must_clear_its_noise():
    """Take beats pass by 10 on average, with a standard error of 5.2: with half a standard
    error of caution that still clears 0 (10 - 2.6); with two, pass is chosen."""
    diffs = [30, -10] * 8  # mean 10, standard deviation 20.7, standard error 5.2
    values = {PASS: [0.0] * 16, TAKE: [float(d) for d in diffs]}
    assert bidding._choose(values, 0.5) == TAKE
    assert bidding._choose(values, 2.0) == PASS
    # Without a pass to compare with, the best mean.
    assert bidding._choose({TAKE: [1.0, 2.0], Bid("name", trump="H"): [0.0, 4.0]}, 0.5) == Bid(
        "name", trump="H"
    )


def test_close_calls_are_those_within_two_standard_errors():
    assert bidding._close({PASS: [0.0] * 4, TAKE: [10.0, -10.0, 12.0, -8.0]})
    assert not bidding._close({PASS: [0.0] * 4, TAKE: [40.0, 38.0, 42.0, 41.0]})


def test_the_remembered_auction_is_the_engines():
    rules = get_ruleset("coinche")
    bids = (Bid("bid", 80, "H"), PASS)
    first = bidding.cached_auction(rules, 3, bids)
    assert first == run_auction(rules, 3, bids)
    assert bidding.cached_auction(rules, 3, list(bids)) is first
    # Another ruleset object is not answered from the first one's entry.
    other = get_ruleset("coinche", {"bid_step": 20})
    assert bidding.cached_auction(other, 3, bids) == run_auction(other, 3, bids)


def test_over_a_partners_coinche_bid_the_options_raise_in_its_mode():
    """Seat 2's partner (seat 0) bid 80 in hearts; seat 2's own best suit is clubs, but
    not by 30 over the partner's bid: it looks at pass and 90 or 100 in hearts."""
    rules = get_ruleset("coinche")
    hand = sum(1 << c for c in range(8))  # the clubs: a strong clubs hand
    estimate = bidding.side_points(hand, "C", rules)
    view = table.AuctionView(rules, 2, hand, 3, (Bid("bid", 80, "H"), PASS))
    options = bidding._options(view)
    assert PASS in options
    raises = [b for b in options if b.action == "bid" and b.trump == "H"]
    assert [b.value for b in raises] == [90, 100]
    # Another mode only where the seat's estimate in it clears the partner's 80 by 30.
    for b in options:
        if b.action == "bid" and b.trump != "H":
            assert bidding.side_points(hand, b.trump, rules) - 10 >= 80 + 30
    assert estimate > 0


@pytest.mark.parametrize("preset", ["belote", "klaberjass", "coinche"])
def test_hard_bids_are_legal_and_repeatable(preset, monkeypatch):
    # The work is counted in deals; the safety net (CPU time) must not cut it on a slow
    # test machine.
    monkeypatch.setattr(bidding, "MAX_BID_BUDGET_MS", 10**7)
    rules = get_ruleset(preset)
    rng = random.Random(11)
    for _ in range(3):
        dealt = table.deal(rules, rng)
        dealer = rng.randrange(rules.players)
        bids: list[Bid] = []
        for _ in range(rng.randrange(3)):  # a few calls by the heuristic first
            result = run_auction(rules, dealer, bids, dealt.turned)
            seat = result.next_seat
            view = table.AuctionView(
                rules, seat, dealt.hands[seat], dealer, tuple(bids), dealt.turned
            )
            bids.append(bidding.heuristic_bid(view))
        result = run_auction(rules, dealer, bids, dealt.turned)
        if result.complete:
            continue
        seat = result.next_seat
        view = table.AuctionView(rules, seat, dealt.hands[seat], dealer, tuple(bids), dealt.turned)
        first = bidding.suggest_bid(view, "hard", seed=5)
        assert first == bidding.suggest_bid(view, "hard", seed=5)
        assert first.samples >= bidding.BID_SAMPLES["hard"][0]  # no budget cut it short
        assert first.bid in {b for b, _ in first.options}
        run_auction(rules, dealer, [*bids, first.bid], dealt.turned)  # raises if illegal
