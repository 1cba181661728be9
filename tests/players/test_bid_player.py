"""The bidding player's look-ahead (``service/players/bidding.py``): its choice rule, its
Coinche options over a partner's bid, its remembered auctions, and the ``hard`` level's
legality and determinism in every auction the players bid in."""

from __future__ import annotations

import dataclasses
import random

import pytest

from service.engine.bidding import Call, run_auction
from service.engine.cards import parse_card
from service.engine.rulesets import get_ruleset
from service.players import bidding, reading, table
from tests.support.play_helpers import table_deal

PASS = Call("pass")
TAKE = Call("take", trump="S")


def test_a_call_over_pass_must_clear_its_noise():
    """Take beats pass by 10 on average, with a standard error of 5.2: with half a standard
    error of caution that still clears 0 (10 - 2.6); with two, pass is chosen."""
    diffs = [30, -10] * 8  # mean 10, standard deviation 20.7, standard error 5.2
    values = {PASS: [0.0] * 16, TAKE: [float(d) for d in diffs]}
    assert bidding._choose(values, 0.5) == TAKE
    assert bidding._choose(values, 2.0) == PASS
    # Without a pass to compare with, the best mean.
    assert bidding._choose({TAKE: [1.0, 2.0], Call("name", trump="H"): [0.0, 4.0]}, 0.5) == Call(
        "name", trump="H"
    )


def test_close_calls_are_those_within_two_standard_errors():
    assert bidding._close({PASS: [0.0] * 4, TAKE: [10.0, -10.0, 12.0, -8.0]})
    assert not bidding._close({PASS: [0.0] * 4, TAKE: [40.0, 38.0, 42.0, 41.0]})


def test_the_remembered_auction_is_the_engines():
    rules = get_ruleset("coinche")
    bids = (Call("bid", 80, "H"), PASS)
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
    estimate = reading.side_points(hand, "C", rules)
    view = table.AuctionView(rules, 2, hand, 3, (Call("bid", 80, "H"), PASS))
    options = bidding._options(view)
    assert PASS in options
    raises = [b for b in options if b.action == "bid" and b.trump == "H"]
    assert [b.value for b in raises] == [90, 100]
    # Another mode only where the seat's estimate in it clears the partner's 80 by 30.
    for b in options:
        if b.action == "bid" and b.trump != "H":
            assert reading.side_points(hand, b.trump, rules) - 10 >= 80 + 30
    assert estimate > 0


@pytest.mark.parametrize("preset", ["belote", "klaberjass", "coinche"])
def test_hard_bids_are_legal_and_repeatable(preset, monkeypatch):
    # The work is counted in deals; the safety net (CPU time) must not cut it on a slow
    # test machine.
    monkeypatch.setattr(bidding, "MAX_BID_BUDGET_MS", 10**7)
    rules = get_ruleset(preset)
    rng = random.Random(11)
    for _ in range(3):
        dealer = rng.randrange(rules.players)
        dealt = table_deal(rules, rng, dealer)
        bids: list[Call] = []
        for _ in range(rng.randrange(3)):  # a few calls by the heuristic first
            result = run_auction(rules, dealer, bids, dealt.turned)
            if result.complete:
                break
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
        assert first.samples >= bidding.BID_LEVELS["hard"].least  # no budget cut it short
        assert first.bid in {b for b, _ in first.options}
        run_auction(rules, dealer, [*bids, first.bid], dealt.turned)  # raises if illegal


def test_a_contract_solved_double_dummy_is_worth_what_perfect_play_scores():
    """:func:`driver.solved_round_margin` (the look-ahead's double-dummy value) against the
    engine's own score of the round played out with every card after the greedy lead
    chosen by the compiled solver for its seat's side."""
    from service.engine.play import winning_index
    from service.engine.scoring import ContractBid
    from service.players import dds
    from service.players.baselines import greedy_card
    from service.players.driver import solved_round_margin

    rules = get_ruleset("coinche")
    for seed, trump in ((1, "H"), (2, "all"), (3, "none")):
        rng = random.Random(seed)
        pack = list(range(32))
        rng.shuffle(pack)
        hands = [sum(1 << c for c in pack[8 * s : 8 * s + 8]) for s in range(4)]

        def perfect(view, rng, hands=hands, trump=trump):
            if not view.tricks and not view.trick.cards:
                return greedy_card(view)
            played = view.played_by()
            now = [h & ~p for h, p in zip(hands, played, strict=True)]
            taken = 0
            for t in view.tricks:
                taken |= 1 << rules.team_of((t.leader + winning_index(t.cards, trump)) % 4)
            found = dds.solve(
                rules, trump, now, view.trick.leader, view.trick.cards, view.team, taken
            )
            return max(sorted(found), key=found.get)

        bid = ContractBid(90)
        played = table.play_round(rules, hands, trump, 1, [perfect] * 4, rng, 3, bid)
        score = played.score.score
        for team in (0, 1):
            value = solved_round_margin(rules, hands, trump, 1, 3, bid, team, {})
            assert value == score[team] - score[1 - team]


def test_the_solved_look_ahead_bids_legally_and_deterministically(monkeypatch):
    solved = dataclasses.replace(bidding.BID_LEVELS["hard"], solved=1.0, least=4, most=4)
    monkeypatch.setitem(bidding.BID_LEVELS, "hard", solved)
    rules = get_ruleset("coinche")
    dealt = table_deal(rules, random.Random(8))
    view = table.AuctionView(rules, 1, dealt.hands[1], 0)
    first = bidding.suggest_bid(view, "hard", seed=3)
    assert first == bidding.suggest_bid(view, "hard", seed=3)
    assert first.samples == 4
    assert run_auction(rules, 0, [first.bid]).next_seat == 2  # a legal call


def test_a_blended_look_ahead_values_each_option_between_its_two_models():
    rules = get_ruleset("coinche")
    dealt = table_deal(rules, random.Random(8))
    view = table.AuctionView(rules, 1, dealt.hands[1], 0)
    fixed = dataclasses.replace(bidding.BID_LEVELS["hard"], least=4, most=4)
    found = {
        share: dict(bidding.suggest_bid(view, dataclasses.replace(fixed, solved=share), 3).options)
        for share in (0.0, 0.25, 1.0)
    }
    assert found[0.0] != found[1.0]  # double-dummy play values the contracts otherwise
    for option, greedy in found[0.0].items():
        assert found[0.25][option] == pytest.approx(
            0.75 * greedy + 0.25 * found[1.0][option], abs=0.02
        )


def test_a_bidding_variant_is_named_by_its_changes():
    lv = bidding.bid_level_of("hard+caution=0+solved=0.5+weighted=0")
    assert (lv.name, lv.caution, lv.solved, lv.weighted) == (
        "hard+caution=0+solved=0.5+weighted=0",
        0.0,
        0.5,
        False,
    )
    assert (lv.least, lv.most) == (
        bidding.BID_LEVELS["hard"].least,
        bidding.BID_LEVELS["hard"].most,
    )
    assert bidding.bid_level_of("hard") is bidding.BID_LEVELS["hard"]


def test_a_variant_sets_a_tuple_of_procedures_by_slashes():
    lv = bidding.bid_level_of("hard+more=3+more_in=bulgarian/klaverjas_free+solved_in=")
    assert (lv.more, lv.more_in, lv.solved_in) == (3, ("bulgarian", "klaverjas_free"), ())


def test_more_deals_only_in_the_procedures_named():
    """``more`` multiplies the deals looked at in the procedures of ``more_in`` alone."""
    base = dataclasses.replace(bidding.BID_LEVELS["hard"], least=4, most=4, more_in=())
    more = dataclasses.replace(base, more=3, more_in=("bulgarian",))
    for preset, deals in (("belot", 12), ("belote", 4)):
        rules = get_ruleset(preset)
        dealt = table_deal(rules, random.Random(2))
        view = table.AuctionView(rules, 1, dealt.hands[1], 0, (), dealt.turned)
        assert bidding.suggest_bid(view, base, 5).samples == 4
        assert bidding.suggest_bid(view, more, 5).samples == deals


def test_the_walk_exchanges_unseen_cards_toward_the_likelier_deals():
    rules = get_ruleset("coinche")
    rng = random.Random(5)
    dealt = table_deal(rules, rng)
    view = bidding.AuctionView(rules, 0, dealt.hands[0], 3, (), dealt.turned)
    jack_of_spades = parse_card("JS")

    def likelihood(hands):  # seat 1 holds the jack of spades, nine times likelier
        return 9.0 if hands[1] >> jack_of_spades & 1 else 1.0

    held, steps = 0, 400
    for k in range(steps):
        walked = bidding._walk(view, dealt, likelihood, 20, random.Random(k))
        assert walked.hands[0] == dealt.hands[0]  # the seat's own hand never moves
        assert [h.bit_count() for h in walked.hands] == [h.bit_count() for h in dealt.hands]
        assert sum(walked.hands) == sum(dealt.hands) and walked.rest == dealt.rest
        held += walked.hands[1] >> jack_of_spades & 1
    if dealt.hands[0] >> jack_of_spades & 1:
        assert held == 0
    else:
        # Uniform: a third of the deals; in proportion to the likelihood: 9 in 11.
        assert held / steps > 0.7


@pytest.mark.parametrize("preset", ["belote", "klaberjass"])
def test_the_walk_exchanges_cards_with_the_rest_of_the_pack(preset):
    # Two players (one other hand) or a turned card: the rest of the pack is unseen too.
    rules = get_ruleset(preset)
    rng = random.Random(8)
    dealt = table_deal(rules, rng)
    view = bidding.AuctionView(rules, 0, dealt.hands[0], rules.players - 1, (), dealt.turned)
    unseen = {c for c in range(32) if not dealt.hands[0] >> c & 1 and c != dealt.turned}
    moved = 0
    for k in range(50):
        walked = bidding._walk(view, dealt, lambda hands: 1.0, 10, random.Random(k))
        assert walked.hands[0] == dealt.hands[0] and walked.turned == dealt.turned
        assert len(walked.rest) == len(dealt.rest)
        assert [h.bit_count() for h in walked.hands] == [h.bit_count() for h in dealt.hands]
        cards = [c for h in walked.hands[1:] for c in range(32) if h >> c & 1] + list(walked.rest)
        assert sorted(cards) == sorted(unseen)
        moved += set(walked.rest) != set(dealt.rest)
    assert moved > 40  # every exchange is kept when the likelihood is flat


def test_a_bid_read_further_below_its_bidders_evaluation_is_likelier_for_a_strong_hand():
    estimate = 130.0
    near = reading.coinche_bid_likelihood(estimate, 110)
    far = reading.coinche_bid_likelihood(estimate, 110, offset=30)
    assert near > 0.5 > far
    assert reading.coinche_bid_likelihood(estimate, 100, offset=30) == pytest.approx(0.5)
