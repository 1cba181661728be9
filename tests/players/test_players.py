"""The computer players (service/players): solver, sampler, driver, bidding, legality."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.engine.bidding import Call, run_auction
from service.engine.cards import SUIT_MASKS, bit, cards_in, parse_card
from service.engine.declarations import parse_declarations
from service.engine.play import (
    Position,
    card_points,
    check_card,
    legal_mask,
    winning_index,
)
from service.engine.record import check_round
from service.engine.rounds import Trick
from service.engine.rulesets import PRESETS, get_ruleset
from service.engine.scoring import ContractBid, end_bonus
from service.players import bidding, inference, reading, table
from service.players.baselines import greedy_card, random_card
from service.players.driver import LEVELS, MAX_BUDGET_MS, Level, level_of, suggest_play
from service.players.sampler import knowledge, sample
from service.players.solver import Solver
from service.players.view import SeatView, ViewError
from tests.support.machine import busy_machine
from tests.support.play_helpers import dealt_full_hands, table_deal

FAST = Level("fast", samples=3, nodes=80)


def cards(text: str) -> int:
    return sum(bit(parse_card(c)) for c in text.split())


# --- the solver against brute force ---------------------------------------------------


def brute_force(solver: Solver, hands, leader, trick, taken) -> float:
    """Plain minimax to the end of the round, every legal card, no pruning, no table."""
    rules, trump, players = solver.ruleset, solver.trump, solver.ruleset.players
    if len(trick) == players:
        winner = (leader + winning_index(trick, trump)) % players
        team = rules.team_of(winner)
        points = sum(card_points(c, trump, rules) for c in trick)
        taken |= 1 << team
        if not hands[winner]:
            points += end_bonus(trump, rules, rules.capot_bonus is not None and taken != 3)
            return points if team == solver.team else -points
        rest = brute_force(solver, hands, winner, (), taken)
        return (points if team == solver.team else -points) + rest
    seat = (leader + len(trick)) % players
    legal = legal_mask(hands[seat], Position(leader, trick, trump, rules))
    values = []
    for c in cards_in(legal):
        after = list(hands)
        after[seat] &= ~bit(c)
        values.append(brute_force(solver, tuple(after), leader, (*trick, c), taken))
    return max(values) if rules.team_of(seat) == solver.team else min(values)


ENDGAMES = [
    (preset, trump, size, seed)
    for preset in ("belote", "klob", "cardavia", "klaberjass", "coinche")
    for trump in PRESETS[preset].trump_modes
    if trump in ("H", "none", "all")
    for size, seed in ((2, 1), (3, 2), (3, 3))
]


@pytest.mark.parametrize(("preset", "trump", "size", "seed"), ENDGAMES)
def test_solver_equals_brute_force_minimax(preset, trump, size, seed):
    rules = get_ruleset(preset)
    rng = random.Random(seed * 1000 + hash((preset, trump)) % 1000)
    pack = list(range(32))
    rng.shuffle(pack)
    players = rules.players
    if players == 2:
        size += 1
    hands = tuple(sum(bit(c) for c in pack[s * size : (s + 1) * size]) for s in range(players))
    leader = rng.randrange(players)
    taken = rng.choice((1, 2, 3))
    # Part of a trick already played: the leader's first card, when legal.
    trick: tuple[int, ...] = ()
    if seed == 3:
        first = next(cards_in(hands[leader]))
        hands = tuple(h & ~bit(first) if s == leader else h for s, h in enumerate(hands))
        trick = (first,)
        # the others still hold one card more than the leader: they play to this trick
    seat = (leader + len(trick)) % players
    for team in (0, 1):
        solver = Solver(rules, trump, team)
        values, _, exact = solver.root_values(hands, leader, trick, taken)
        assert exact
        legal = legal_mask(hands[seat], Position(leader, trick, trump, rules))
        assert set(values) == set(cards_in(legal))
        for c, value in values.items():
            after = tuple(h & ~bit(c) if s == seat else h for s, h in enumerate(hands))
            assert value == brute_force(solver, after, leader, (*trick, c), taken)


# --- the sampler ------------------------------------------------------------------------


def played_view(preset="belote", trump="H", plays=9, seed=5, seat_of=None, **extra):
    """A view after ``plays`` cards of a round played by greedy players."""
    rules = get_ruleset(preset)
    rng = random.Random(seed)
    pack = list(range(32))
    rng.shuffle(pack)
    size = rules.hand_size
    hands = [sum(bit(c) for c in pack[s * size : (s + 1) * size]) for s in range(rules.players)]
    held = list(hands)
    tricks: list[Trick] = []
    leader, current = 1, ()
    for _ in range(plays):
        seat = (leader + len(current)) % rules.players
        view = SeatView(rules, seat, held[seat], trump, 0, Trick(leader, current), tuple(tricks))
        c = greedy_card(view)
        held[seat] &= ~bit(c)
        current = (*current, c)
        if len(current) == rules.players:
            tricks.append(Trick(leader, current))
            leader = (leader + winning_index(current, trump)) % rules.players
            current = ()
    seat = (leader + len(current)) % rules.players
    view = SeatView(
        rules, seat, held[seat], trump, 0, Trick(leader, current), tuple(tricks), **extra
    )
    return view, hands


def test_every_sampled_deal_replays_the_round_legally():
    for preset, trump in (("belote", "H"), ("coinche", "all"), ("cardavia", "S")):
        for seed in range(4):
            view, _ = played_view(preset, trump, plays=13, seed=seed)
            k = knowledge(view)
            rng = random.Random(seed)
            for _ in range(10):
                deal = sample(k, rng)
                played = view.played_by()
                start = {s: deal[s] | played[s] for s in range(view.ruleset.players)}
                assert start[view.seat] == view.hand | played[view.seat]
                checked = check_round(view.all_tricks, trump, view.ruleset, start)
                assert not checked.violations


def _sample_with_choices(k, rng):
    """The sampler as it was written before its inner loop was: rng.choices, Hall's
    check after every card."""
    from service.players.sampler import _feasible

    hands, cap = list(k.known), list(k.need)
    cards = list(cards_in(k.unseen))
    rng.shuffle(cards)
    cards.sort(key=lambda c: sum(a >> c & 1 for a in k.allowed))
    rest = k.unseen
    for c in cards:
        rest &= ~bit(c)
        options = [h for h in range(len(cap)) if cap[h] and k.allowed[h] >> c & 1]
        while True:
            h = rng.choices(options, [cap[h] for h in options])[0]
            cap[h] -= 1
            if len(options) == 1 or _feasible(rest, cap, k.allowed):
                break
            cap[h] += 1
            options.remove(h)
        hands[h] |= bit(c)
    return hands


def test_the_sampler_draws_the_deals_rng_choices_would():
    """The written-out draw and the skipped Hall checks change no deal: the same random
    numbers give the same deals as the plain version, voids and stock included."""
    cases = (("belote", "H", 13), ("coinche", "all", 9), ("klaberjass", "S", 7))
    for preset, trump, plays in cases:
        for seed in range(6):
            view, _ = played_view(preset, trump, plays=plays + seed, seed=seed)
            k = knowledge(view)
            ours, plain = random.Random(seed), random.Random(seed)
            for _ in range(20):
                assert sample(k, ours) == _sample_with_choices(k, plain)


def test_cards_of_equal_score_are_told_apart_by_the_card_points_searched():
    from service.players.driver import _choose

    view, _ = played_view(plays=4, seed=2)
    legal = list(cards_in(legal_mask(view.hand, view.position)))
    by_points = sorted(legal, key=lambda c: card_points(c, view.trump, view.ruleset))
    assert card_points(by_points[0], view.trump, view.ruleset) < card_points(
        by_points[-1], view.trump, view.ruleset
    )
    level = LEVELS["hard"]
    totals = dict.fromkeys(legal, -40.0)  # every card: the same score
    points = dict.fromkeys(legal, -12.0)
    points[by_points[-1]] = 16.0  # the dearest card takes the most points
    chosen = _choose(view, level, legal, totals, 2, True, True, points)
    assert chosen.card == by_points[-1]
    # without the points searched: the card worth fewest points
    assert _choose(view, level, legal, totals, 2, True, True).card == by_points[0]
    # a better score still comes first
    totals[by_points[0]] = -38.0
    assert _choose(view, level, legal, totals, 2, True, True, points).card == by_points[0]


def test_a_discard_under_must_undertrump_shows_no_trump():
    rules = get_ruleset("belote")  # undertrump: must
    # Seat 1 leads clubs, seat 2 trumps with the 9H, seat 3 (void in clubs) discards a
    # diamond: it holds no trump at all. Seat 0 is to play.
    trick = Trick(1, (parse_card("AC"), parse_card("9H"), parse_card("7D")))
    view = SeatView(rules, 0, cards("7C 8C JS QS KS AS 10S 9S"), "H", 1, trick)
    k = knowledge(view)
    hearts = SUIT_MASKS[2]
    out = hearts & ~bit(parse_card("9H"))
    assert k.forbidden[3] & out == out
    rng = random.Random(1)
    for _ in range(20):
        assert not sample(k, rng)[3] & hearts


def test_a_low_trump_under_an_opponents_trump_shows_no_higher_trump():
    rules = get_ruleset("belote")
    # Seat 2 trumps with the AH, seat 3 (void in clubs) plays the 7H: no JH, no 9H.
    trick = Trick(1, (parse_card("AC"), parse_card("AH"), parse_card("7H")))
    view = SeatView(rules, 0, cards("7C 8C JS QS KS AS 10S 9S"), "H", 1, trick)
    k = knowledge(view)
    assert k.forbidden[3] & cards("JH 9H") == cards("JH 9H")
    assert not k.forbidden[3] & cards("8H QH KH 10H")


def test_a_view_no_deal_fits_is_refused():
    rules = get_ruleset("belote")
    # Seats 1, 2 and 3 show they have no clubs, and seat 0 holds none: the six clubs
    # still out can be nowhere.
    trick = Trick(0, (parse_card("7C"), parse_card("7D"), parse_card("8D"), parse_card("9D")))
    view = SeatView(rules, 0, cards("JS QS KS AS 10S 9S 8S"), "H", 0, Trick(0, ()), (trick,))
    with pytest.raises(ViewError, match="no deal"):
        knowledge(view)


def test_a_declaration_the_plays_contradict_is_refused():
    rules = get_ruleset("belote")
    # Seat 1 did not follow clubs, yet declared a run of clubs it still holds.
    trick = Trick(0, (parse_card("7C"), parse_card("7D")))
    declared = tuple(parse_declarations([(1, cards_list("8C 9C 10C"))], "H", rules))
    view = SeatView(
        rules, 2, cards("JS QS KS AS 10S 9S 8S AD"), "H", 0, trick, declarations=declared
    )
    with pytest.raises(ViewError):
        knowledge(view)


def cards_list(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


# --- the driver ---------------------------------------------------------------------------


def test_the_suggestion_ignores_the_cards_the_seat_cannot_see():
    """The same view from two deals that differ in the unseen cards: the same answer.
    (The budget is the largest: a loaded machine must not cut the work short.)"""
    rules = get_ruleset("belote")
    rng = random.Random(7)
    for _ in range(3):
        pack = list(range(32))
        rng.shuffle(pack)
        mine, others = pack[:8], pack[8:]
        answers = set()
        for shuffle_seed in range(3):
            random.Random(shuffle_seed).shuffle(others)
            hands = [sum(bit(c) for c in mine)]
            hands += [sum(bit(c) for c in others[i * 8 : (i + 1) * 8]) for i in range(3)]
            view = SeatView(rules, 0, hands[0], "S", 2, Trick(0, ()))
            answers.add(suggest_play(view, "normal", seed=3, budget_ms=MAX_BUDGET_MS).card)
        assert len(answers) == 1


def test_the_same_seed_gives_the_same_answer():
    view, _ = played_view(plays=6, seed=2)
    first = suggest_play(view, "normal", seed=11, budget_ms=MAX_BUDGET_MS)
    again = suggest_play(view, "normal", seed=11, budget_ms=MAX_BUDGET_MS)
    assert (first.card, first.values) == (again.card, again.values)


BUSY_CASES = [
    ("normal", "belote", "H", 6, 2),
    ("normal", "coinche", "all", 9, 3),
    ("hard", "belote", "S", 13, 4),
    ("easy", "klaberjass", "D", 5, 5),
    ("beginner", "coinche", "H", 11, 6),
    ("casual", "belote", "D", 3, 7),
]


def test_a_busy_machine_gives_the_same_answer():
    """The level's work is counted in deals and nodes and the safety net in CPU time, so
    the default budgets give the same answer, complete, however busy the machine."""
    views = []
    for level, preset, trump, plays, seed in BUSY_CASES:
        extra = {"bid": ContractBid(100)} if preset == "coinche" else {}
        views.append((level, played_view(preset, trump, plays=plays, seed=seed, **extra)[0]))
    rules = get_ruleset("coinche")
    dealt = table_deal(rules, random.Random(6))
    auction = table.AuctionView(rules, 1, dealt.hands[1], 0)

    def answers():
        plays = [suggest_play(view, level, seed=7) for level, view in views]
        return plays, bidding.suggest_bid(auction, "hard", seed=7)

    quiet = answers()
    with busy_machine():
        busy = answers()
    assert busy == quiet
    for s in quiet[0]:
        lv = LEVELS[s.level]
        # An exact level solves deals until its node budget is spent: up to ``samples``.
        assert s.complete and (
            lv.min_samples <= s.samples <= lv.samples if lv.exact else s.samples == lv.samples
        )


def test_values_cover_every_legal_card_and_the_card_has_the_best_value():
    view, _ = played_view(plays=17, seed=4)
    s = suggest_play(view, "hard", seed=1, budget_ms=MAX_BUDGET_MS)
    legal = set(cards_in(legal_mask(view.hand, view.position)))
    assert set(s.values) == legal
    assert s.values[s.card] == max(s.values.values())


def test_the_end_of_the_round_is_searched_exactly():
    view, _ = played_view(plays=21, seed=8)  # 3 tricks left for seat to play
    s = suggest_play(view, "hard", seed=1, budget_ms=MAX_BUDGET_MS)
    assert s.exact and s.complete


# --- legality, every preset and trump mode ------------------------------------------------

MODES = [(p, m) for p, r in PRESETS.items() for m in r.trump_modes]


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
@given(mode=st.sampled_from(MODES), seed=st.integers(0, 10**6), plays=st.integers(0, 30))
def test_every_suggested_card_is_legal(mode, seed, plays):
    preset, trump = mode
    rules = get_ruleset(preset)
    plays = plays % (rules.players * rules.hand_size)
    rng = random.Random(seed)
    taker = rng.randrange(rules.players)
    hands = dealt_full_hands(rules, rng, taker)
    bid = (
        table.contract_bid(_coinche_contract(rules, taker, trump)) if preset == "coinche" else None
    )
    counter = {"n": 0}
    levels = [LEVELS["easy"], FAST, greedy_card]

    def chooser(view, r):
        if counter["n"] == plays:
            for level in levels[:2]:
                s = suggest_play(view, level, seed=seed)
                assert check_card(view.hand, s.card, view.position).legal
            assert check_card(view.hand, greedy_card(view), view.position).legal
        counter["n"] += 1
        return random_card(view, r)

    table.play_round(rules, hands, trump, taker, [chooser] * rules.players, rng, bid=bid)


def _coinche_contract(rules, taker, trump):
    result = run_auction(rules, (taker - 1) % 4, [Call("bid", 80, trump)] + [Call("pass")] * 3)
    return result.contract


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
@given(
    # The presets whose auctions the players bid in: all of them.
    preset=st.sampled_from(
        sorted(n for n, r in PRESETS.items() if r.bidding in bidding.PLAYER_BIDDING)
    ),
    seed=st.integers(0, 10**6),
    made=st.integers(0, 7),
    level=st.sampled_from(["easy", "heuristic", "normal"]),
)
def test_every_suggested_bid_is_legal(preset, seed, made, level):
    rules = get_ruleset(preset)
    rng = random.Random(seed)
    dealer = rng.randrange(rules.players)
    dealt = table_deal(rules, rng, dealer)
    offered = (dealt.proposed, dealt.second_proposed)
    bids: list[Call] = []
    for _ in range(made):
        result = run_auction(rules, dealer, bids, dealt.turned, *offered)
        if result.complete:
            break
        seat = result.next_seat
        view = table.AuctionView(
            rules, seat, dealt.hands[seat], dealer, tuple(bids), dealt.turned, *offered
        )
        bids.append(rng.choice(bidding._legal(view)))
    result = run_auction(rules, dealer, bids, dealt.turned, *offered)
    if result.complete:
        return
    seat = result.next_seat
    view = table.AuctionView(
        rules, seat, dealt.hands[seat], dealer, tuple(bids), dealt.turned, *offered
    )
    if level == "heuristic":
        bid = bidding.heuristic_bid(view)
    else:
        suggestion = bidding.suggest_bid(view, level, seed=seed)
        bid = suggestion.bid
        assert bid in {b for b, _ in suggestion.options}
    run_auction(rules, dealer, [*bids, bid], dealt.turned, *offered)  # raises if illegal


# --- what the auction and the turned card say -------------------------------------------


def test_the_taker_holds_the_turned_card_until_it_is_played():
    rules = get_ruleset("belote")
    view = SeatView(
        rules, 0, cards("7C 8C 9C KS QS AD 10D 7H"), "S", 2, Trick(1, (parse_card("8H"),))
    )
    view = SeatView(**{**view.__dict__, "trick": Trick(3, ()), "turned": parse_card("JS")})
    k = knowledge(view)
    rng = random.Random(3)
    for _ in range(10):
        assert sample(k, rng)[2] >> parse_card("JS") & 1


def test_the_auction_weighs_the_deals():
    """Seat 1 passed on the turned jack of spades: deals that give it the 9 and ace of
    spades (a hand that would have taken) weigh less than deals that do not."""
    rules = get_ruleset("belote")
    bids = (Call("pass"), Call("pass"), Call("take"))
    view = SeatView(
        rules,
        0,
        cards("7C 8C 9C KH QH AD 10D 7H"),
        "S",
        2,
        Trick(0, ()),
        turned=parse_card("JS"),
        dealer=3,
        bids=bids,
    )
    weight = reading.auction_weight(view)
    strong = [cards("9S AS 10S KS AC AH 8D 9D"), cards("JS QS 8S 7S 10C JC QC KC")]
    weak = [cards("10C JC QC KC 8D 9D 10H JH"), cards("JS QS 8S 7S 9S AS 10S KS")]

    def deal(one, two):
        return [view.hand, one, two, 0]

    assert weight(deal(*strong)) < weight(deal(*weak))
    s = suggest_play(view, "hard", seed=2)
    assert check_card(view.hand, s.card, view.position).legal


# --- what the plays and the take say ------------------------------------------------------


def test_the_true_deal_of_a_greedy_round_fits_the_play_model():
    """Under the greedy model every play of a round the greedy player played is the
    model's own: the real deal weighs 1, while some other deals consistent with the
    rules weigh less (the weight tells deals apart)."""
    rules = get_ruleset("belote")
    rng = random.Random(3)
    lighter = 0
    for _ in range(3):
        pack = list(range(32))
        rng.shuffle(pack)
        hands = [sum(bit(c) for c in pack[s * 8 : (s + 1) * 8]) for s in range(4)]
        views: list[SeatView] = []

        def record(view, rng, views=views):
            views.append(view)
            return greedy_card(view)

        table.play_round(rules, hands, "H", 0, [record] * 4, rng)
        for view in views[5::6]:
            weight = inference.play_weight(view)
            played_by = view.played_by()
            assert weight([hands[s] & ~played_by[s] for s in range(4)]) == 1.0
            k = knowledge(view)
            lighter += any(weight(sample(k, rng)) < 1 for _ in range(10))
    assert lighter


def test_the_taker_is_read_as_holding_a_hand_worth_taking():
    """Without an auction, deals that give the taker (seat 1, spades) the top trumps
    weigh more than deals that leave them to its partner."""
    rules = get_ruleset("belote")
    hand = cards("7C 8C 9C KH QH AD 10D 7H")
    view = SeatView(rules, 0, hand, "S", 1, Trick(0, ()))
    weight = inference.taker_weight(view)
    strong = cards("JS 9S AS 10S AC AH 8D 9D")
    weak = cards("10C JC QC KC KS 7S 10H JH")
    rest = cards("QS 8S 7D JD QD KD 8H 9H")
    assert weight([hand, strong, weak, rest]) > weight([hand, weak, strong, rest])
    assert inference.taker_weight(SeatView(rules, 1, strong, "S", 1, Trick(0, ()))) is None


def test_a_coinche_contract_is_read_as_the_takers_last_bid():
    """Without an auction, ``bid_value`` reads a Coinche contract of 140 as the taker's
    last bid: a taker's hand worth taking but not worth 140 weighs much less than with
    the take threshold only; a hand worth far more than 140 weighs less too (it would
    have bid more), unless nothing can be bid above the contract."""
    rules = get_ruleset("coinche")
    hand = cards("7C 8C 9C KH QH AD 10D 7H")
    view = SeatView(rules, 0, hand, "S", 1, Trick(0, ()), bid=ContractBid(140))
    strong = cards("JS 9S AS 10S AC AH KS QS")
    fair = cards("JS 7S 8S AC 7D JH 8H 9D")
    assert reading.take_threshold("S", rules) < reading.side_points(fair, "S", rules) < 140
    assert reading.side_points(strong, "S", rules) > 170
    plain, read = inference.taker_weight(view), inference.taker_weight(view, bid_value=True)

    def deal(taker_hand):
        others = list(cards_in(((1 << 32) - 1) & ~hand & ~taker_hand))
        return [hand, taker_hand, sum(1 << c for c in others[:8]), sum(1 << c for c in others[8:])]

    assert read(deal(fair)) < 0.2 * plain(deal(fair))
    assert read(deal(strong)) < 0.5 * plain(deal(strong))
    # a hand whose estimate clears 140 by the reading's offset, and not 150, is the
    # likeliest: more than the fair hand and the strong one
    at = cards("JS 9S QS 8S 7S QC JD 8D")
    assert 150 <= reading.side_points(at, "S", rules) < 160
    assert read(deal(at)) > max(read(deal(fair)), read(deal(strong)))
    # a capot contract: nothing above it, the strong hand is read as likely
    top = replace(view, bid=ContractBid("capot"))
    assert inference.taker_weight(top, bid_value=True)(deal(strong)) > 0.9


def test_a_level_variant_names_its_changes():
    lv = level_of("normal+samples=3+plays=0")
    assert (lv.samples, lv.plays, lv.nodes) == (3, False, LEVELS["normal"].nodes)
    assert level_of("plain").inference is False


def test_the_value_is_the_mean_over_the_deals_searched(monkeypatch):
    """Every deal drawn counts (a deal drawn twice is searched once, but distinct deals
    are never mistaken for one another): the values over four deals are the mean of the
    values over each alone."""
    from service.players import driver

    view, _ = played_view(plays=20, seed=3)
    k = knowledge(view, False)
    rng = random.Random(1)
    deals = [sample(k, rng) for _ in range(4)]
    level = Level("t", samples=1, nodes=10**6, inference=False)
    alone = []
    for deal in deals:
        monkeypatch.setattr(driver, "sample", lambda k, rng, deal=deal: list(deal))
        alone.append(suggest_play(view, level, budget_ms=MAX_BUDGET_MS).values)
    drawn = iter(deals)
    monkeypatch.setattr(driver, "sample", lambda k, rng: list(next(drawn)))
    four = suggest_play(
        view, Level("t", samples=4, nodes=10**6, inference=False), budget_ms=MAX_BUDGET_MS
    )
    assert len({tuple(sorted(v.items())) for v in alone}) > 1
    for c, v in four.values.items():
        assert v == pytest.approx(sum(a[c] for a in alone) / 4, abs=0.01)


def test_a_budget_too_small_for_the_weights_still_answers_with_a_legal_card():
    """The deals are weighed within the budget too: a 1 ms budget stops the drawing early
    and the answer, from the deals drawn, says it is not complete."""
    view, _ = played_view(plays=13, seed=6)
    s = suggest_play(view, "hard", seed=1, budget_ms=1)
    assert not s.complete and s.samples >= 1
    assert check_card(view.hand, s.card, view.position).legal


# --- the exact levels (the compiled solver) -------------------------------------------


@pytest.mark.parametrize(
    ("preset", "trump", "plays"),
    [("belote", "H", 20), ("coinche", "all", 17), ("klaberjass", "S", 9)],
)
def test_an_exact_level_values_each_deal_as_the_python_solver_does(preset, trump, plays):
    """Without weights both paths draw the same deals from the seed; searched to the end
    of the round the Python solver gives the compiled solver's values, so the margins
    agree card by card."""
    extra = {"bid": ContractBid(100)} if preset == "coinche" else {}
    view, _ = played_view(preset, trump, plays=plays, seed=3, **extra)
    exact = Level("x", samples=3, nodes=10**9, exact=True, min_samples=3)
    python = Level("p", samples=3, nodes=10**9)
    a = suggest_play(view, exact, seed=11, budget_ms=MAX_BUDGET_MS)
    b = suggest_play(view, python, seed=11, budget_ms=MAX_BUDGET_MS)
    assert b.exact and a.exact and a.samples == b.samples == 3
    assert a.values == b.values


def test_an_exact_level_stops_at_its_node_budget():
    view, _ = played_view(plays=4, seed=2)
    few = suggest_play(view, Level("x", samples=40, nodes=1, exact=True, min_samples=2), seed=1)
    assert few.samples == 2  # the budget is spent by the first deal: the least deals
    many = suggest_play(view, Level("x", samples=40, nodes=10**9, exact=True), seed=1)
    assert many.samples == 40 and many.complete
    # Later in the round a deal costs fewer nodes: more deals for the same budget (every
    # deal solved: no probes).
    late = next(
        v
        for v, _ in (played_view(plays=p, seed=2) for p in range(20, 28))
        if legal_mask(v.hand, v.position).bit_count() > 1
    )
    solved = replace(LEVELS["hard"], probe_after=0)
    assert suggest_play(late, solved, seed=1).samples > suggest_play(view, solved, seed=1).samples


def test_a_single_legal_card_is_valued_on_the_least_deals():
    for plays in range(28):
        view, _ = played_view(plays=plays, seed=6)
        if legal_mask(view.hand, view.position).bit_count() == 1:
            s = suggest_play(view, "hard", seed=1)
            assert s.samples == LEVELS["hard"].min_samples and len(s.values) == 1
            return
    pytest.fail("no position with a single legal card")


# --- the early stop (Level.stop_sigmas) ---------------------------------------------------


def test_the_same_card_in_effect_is_one_suit_one_value_nothing_live_between():
    from service.players.driver import _same_card

    rules = get_ruleset("belote")
    view = SeatView(rules, 0, cards("7C 8C 9C JC QC KC 7H 8H"), "H", 0, Trick(0, ()))
    same = _same_card(view)
    c = parse_card
    assert same(c("7C"), c("8C")) and same(c("8C"), c("9C"))  # adjacent, 0 points
    assert same(c("7H"), c("8H"))  # trumps too
    assert not same(c("JC"), c("QC"))  # 2 and 3 points
    assert not same(c("7C"), c("7H"))
    assert same(c("7C"), c("9C"))  # the 8 of clubs between them is in the hand
    apart = SeatView(rules, 0, cards("7C 9C 7H 8H AS AD KD QD"), "H", 0, Trick(0, ()))
    assert not _same_card(apart)(c("7C"), c("9C"))  # the 8 of clubs is live
    played = Trick(1, (c("8C"), c("10C"), c("AC")))
    gone = replace(apart, trick=played)
    assert _same_card(gone)(c("7C"), c("9C"))  # the 8 is played: nothing live between


def test_a_card_is_ruled_out_by_a_clear_lead_and_after_rare_deals():
    from service.players.driver import _still_open

    lv = Level("s", samples=200, nodes=10**9, exact=True, stop_sigmas=3.0, stop_ties=48)
    never_same = lambda a, b: False  # noqa: E731

    def still(seen, points=None, same=never_same):
        totals = {c: sum(m[c] for m, _ in seen) for c in seen[0][0]}
        points = points or {c: sum(f[c] for _, f in seen) for c in seen[0][1]}
        return _still_open(seen, sorted(totals), totals, points, lv, same)

    # card 1 ahead of card 2 by about 10 on every deal: 2 is ruled out; card 3, ahead
    # of 2 and level with 1 on average but far noisier, stays
    seen = [
        ({1: 10.0 + (i % 3), 2: 0.0 + (i % 2), 3: 38.0 if i % 2 else -18.0}, {1: 0, 2: 0, 3: 0})
        for i in range(10)
    ]
    assert still(seen) == [1, 3]
    # equal margins on every deal so far: a rarer deal may tell them apart, so both stay
    # until ``stop_ties`` deals, unless they are the same card in effect
    tied = [({1: 5.0, 2: 5.0}, {1: 20, 2: 10}) for _ in range(10)]
    assert still(tied) == [1, 2]
    assert still(tied, same=lambda a, b: True) == [1]
    # after ``stop_ties`` deals the card points decide, as _choose's tie-break does
    assert still(tied * 5) == [1]
    assert still([({1: 5.0, 2: 5.0}, {1: 10, 2: 10})] * 50) == [1]  # the same in all
    # one deal gives no spread to judge by: every card stays (a variant's stop_after=1)
    assert still([({1: 10.0, 2: 0.0}, {1: 0, 2: 0})]) == [1, 2]


def test_hard_stops_early_only_where_the_card_is_clear():
    """Where the best card is clear, ``hard`` solves fewer deals than its budget allows and
    plays the card it plays searching every card on every deal; the same seed gives the
    same answer."""
    hard = LEVELS["hard"]
    full = replace(hard, stop_sigmas=0.0)
    stopped = 0
    for seed in range(6):
        view, _ = played_view(plays=14, seed=seed)
        if legal_mask(view.hand, view.position).bit_count() < 2:
            continue
        a = suggest_play(view, hard, seed=1)
        assert a == suggest_play(view, hard, seed=1)
        b = suggest_play(view, full, seed=1)
        assert a.samples <= b.samples
        if a.samples < b.samples:
            stopped += 1
            assert a.card == b.card
    assert stopped


# --- the probes (Level.probe_after) ----------------------------------------------------


def test_the_step_of_a_deal_is_where_the_contract_is_made():
    """``_step``: the margin's largest jump as the searched points grow, at the card
    points where the taker's side goes from a failed contract to a made one."""
    from service.players.driver import _RoundScorer, _step

    view, hands = played_view("coinche", "H", plays=0, seed=4, bid=ContractBid(100))
    scorer = _RoundScorer(view)
    context = scorer.deal_context(list(hands))
    step = _step(scorer, context)
    t, jump = step.t, step.jump
    assert step.margin_jump == jump  # without the match the value is the margin
    reach = context[0] + scorer.last_bonus
    rises = [
        scorer.margin(f, context) - scorer.margin(f - 1, context)
        for f in range(-reach + 1, reach + 1)
    ]
    assert jump == max(rises) and jump > 2 * 100  # the contract's value lost or won
    # the seat defends (seat 1; the taker is seat 0): below the step the contract is
    # made, at it failed
    assert view.team == 1 and view.ruleset.team_of(view.taker) == 0
    assert scorer.margin(t - 1, context) < 0 < scorer.margin(t, context)


@pytest.mark.parametrize("totals", [None, (1900, 1850)])
def test_a_probed_deal_gives_back_its_exact_margins_when_it_alone_was_solved(totals):
    """The estimate of a probed deal is the step it sees plus the rest the exact deals
    measured: probing the one deal solved exactly gives back its exact margins, and with
    the match (Coinche to 2000, both sides near it) its exact chances too."""
    from service.engine.chances import outlook
    from service.engine.match import MatchSituation
    from service.players import dds
    from service.players.driver import (
        Exact,
        _probed,
        _rest_of_steps,
        _RoundScorer,
        _step,
        dealer_of,
    )

    for seed in range(3):
        view, hands = played_view("coinche", "S", plays=4, seed=seed, bid=ContractBid(90))
        match = None if totals is None else MatchSituation(totals)
        ahead = outlook(view.ruleset, match, dealer_of(view))
        assert (ahead is None) == (totals is None)
        scorer = _RoundScorer(view, ahead)
        deal = [h & ~view.played for h in hands]
        legal = list(cards_in(legal_mask(view.hand, view.position)))
        args = (view.ruleset, view.trump, deal, view.trick.leader, view.trick.cards, view.team)
        found = dds.solve(*args, scorer.taken, moves=legal)
        context = scorer.deal_context(deal)
        values = {c: scorer.value(found[c], context) for c in legal}
        margins = {c: scorer.margin(found[c], context) for c in legal}
        step = _step(scorer, context)
        rest = _rest_of_steps([Exact(values, margins, found, step)], legal)
        table = dds.Table(16)
        probed, probed_points, probed_margins = _probed(
            view, deal, scorer, table, legal, step, rest
        )
        assert probed == pytest.approx(values) and probed_points == found
        assert probed_margins == pytest.approx(margins)
        assert table.nodes > 0
        if totals is not None:
            assert all(0 <= v <= 1 for v in probed.values())


def test_probing_solves_more_deals_and_only_where_the_hands_are_long():
    """At the first lead a probing level values its cards on more deals within the same
    node budget (a probe costs a fraction of a solve); with short hands
    (``probe_cards``) it plays as the level without probes; the same seed, the same
    answer."""
    solved = replace(LEVELS["hard"], nodes=3_000_000, probe_after=0, lead_nodes=0)
    probing = replace(solved, probe_after=1)
    for seed in range(3):
        view, _ = played_view("coinche", "H", plays=0, seed=seed, bid=ContractBid(90))
        a = suggest_play(view, probing, seed=1)
        assert a == suggest_play(view, probing, seed=1)
        assert set(a.values) == set(cards_in(legal_mask(view.hand, view.position)))
        assert a.samples > suggest_play(view, solved, seed=1).samples
        late, _ = played_view("coinche", "H", plays=9, seed=seed, bid=ContractBid(90))
        assert suggest_play(late, probing, seed=1) == suggest_play(late, solved, seed=1)


def test_the_first_lead_solves_every_card_on_every_deal_within_its_own_budget():
    """``Level.lead_nodes``: at the round's first lead ``hard`` solves every card on
    every deal (no probes, no stop rule) within that budget of nodes; from the next card
    on it plays as the level without it."""
    hard = LEVELS["hard"]
    assert hard.lead_nodes > hard.nodes
    first = replace(hard, nodes=hard.lead_nodes, stop_sigmas=0.0, probe_after=0, lead_nodes=0)
    without = replace(hard, lead_nodes=0)
    for seed in range(2):
        view, _ = played_view("coinche", "H", plays=0, seed=seed, bid=ContractBid(90))
        chosen = suggest_play(view, "hard", seed=1)
        assert chosen == suggest_play(view, first, seed=1)
        assert set(chosen.values) == set(cards_in(legal_mask(view.hand, view.position)))
        second, _ = played_view("coinche", "H", plays=1, seed=seed, bid=ContractBid(90))
        assert suggest_play(second, "hard", seed=1) == suggest_play(second, without, seed=1)
