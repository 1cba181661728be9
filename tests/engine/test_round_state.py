"""The state of a round from its record (service/engine/round_state.py), case by case per
preset, and as invariants over random legal rounds: every card dealt once, the card points
of a complete round summing to the mode's total, the score equal to POST /v1/round-score's.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.engine import bidding
from service.engine.actions import (
    Action,
    BeloteAction,
    BidAction,
    CompareAction,
    DeclareAction,
    ExchangeAction,
    PlayAction,
)
from service.engine.cards import parse_card
from service.engine.deal import deal_round
from service.engine.declarations import find_belotes
from service.engine.play import PositionError
from service.engine.record import score_round
from service.engine.round_state import (
    DealRecord,
    GameRecord,
    IllegalAction,
    round_state,
)
from service.engine.rounds import Trick
from service.engine.rulesets import PRESETS, get_ruleset
from service.engine.scoring import mode_total


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(c) for c in text.split())


def bid(action: str, value=None, trump=None, seat=None) -> Action:
    return BidAction(bidding.Call(action, value, trump), seat)


def play(card: str, seat=None) -> Action:
    return PlayAction(parse_card(card), seat)


def seeded(name: str, dealer: int, seed: str) -> DealRecord:
    dealt = deal_round(PRESETS[name], dealer, seed=seed)
    return DealRecord(
        dealt.hands,
        dealt.turned,
        dealt.stock,
        dealt.commitment,
        dealt.salt,
        dealt.proposed,
        dealt.second_proposed,
    )


def state(ruleset, dealer, deal, actions):
    return round_state(GameRecord(ruleset, dealer, deal, list(actions)))


def choices(st_) -> list[Action]:
    """Every legal action the state offers (bids expanded, one coinche seat)."""
    out = []
    for lb in st_.legal.bids:
        if lb.action == "bid":
            out += [
                BidAction(bidding.Call("bid", v, t))
                for t in lb.trumps
                for v in (lb.values or [None])
            ]
        elif lb.action == "name":
            out += [BidAction(bidding.Call("name", trump=t)) for t in lb.trumps]
        elif lb.action == "coinche":
            out.append(BidAction(bidding.Call("coinche", seat=lb.seats[0])))
        else:
            out.append(BidAction(bidding.Call(lb.action)))
    if st_.legal.exchange:
        out += [ExchangeAction(True), ExchangeAction(False)]
    out += list(st_.legal.compare)
    for d in st_.legal.declarations:
        out.append(DeclareAction(tuple(c for c in range(32) if d.cards >> c & 1)))
    if st_.legal.belote:
        out.append(BeloteAction())
    out += [PlayAction(v.card) for v in st_.legal.cards if v.legal]
    return out


def random_round(ruleset, dealer, deal, rng: random.Random, start=()):
    actions = list(start)
    while True:
        now = state(ruleset, dealer, deal, actions)
        if now.phase in ("complete", "redeal"):
            return now, actions
        options = choices(now)
        assert options, now
        pick = rng.choice(options)
        if isinstance(pick, BidAction) and pick.call.action != "pass" and rng.random() < 0.7:
            pick = options[0]  # pass more often than not: both rounds of bidding are met
        actions.append(pick)


def first_cards(ruleset, dealer, deal, actions):
    """Play the first legal card until the round is over."""
    actions = list(actions)
    while True:
        now = state(ruleset, dealer, deal, actions)
        if now.phase != "play":
            return now, actions
        actions.append(PlayAction(next(v.card for v in now.legal.cards if v.legal)))


def reference_score(ruleset, now):
    tricks = [Trick(t.leader, t.cards) for t in now.tricks]
    declared = [(e.seat, e.cards) for e in now.events if e.type == "declaration"]
    contract = now.contract
    return score_round(
        ruleset, contract.trump, contract.taker, tricks, declared, contract.bid, 0, contract.double
    )


# --- whole rounds -----------------------------------------------------------------------


@pytest.mark.parametrize("name", list(PRESETS))
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_random_legal_round_keeps_the_invariants(name, seed):
    ruleset = PRESETS[name]
    dealer = seed % ruleset.players
    deal = seeded(name, dealer, str(seed))
    now, _actions = random_round(ruleset, dealer, deal, random.Random(seed))
    if now.phase == "redeal":
        assert now.contract is None and now.next_dealer is not None
        return
    played = [c for t in now.tricks for c in t.cards]
    assert len(played) == len(set(played)) == ruleset.players * ruleset.hand_size
    start = set(played) | set(now.stock) | ({now.turned} - {None})
    assert start == set(range(32))  # every card dealt once: hands, table, stock
    assert all(h == 0 for h in now.hands)
    capot = now.score.capot is not None
    if not capot or ruleset.capot_mode == "plus_last_trick":
        bonus = ruleset.capot_bonus if capot else 0
        total = mode_total(now.contract.trump, ruleset, sum(1 << c for c in played))
        assert sum(now.card_points) == total + bonus
    if ruleset.belote_said == "not_needed":
        assert now.score == reference_score(ruleset, now)
    assert now.next_dealer is not None and now.seat is None


def test_a_belote_round_step_by_step():
    ruleset = PRESETS["belote"]
    deal = seeded("belote", 3, "table 7, round 1")
    now = state(ruleset, 3, deal, [])
    assert (now.phase, now.seat) == ("auction", 0)
    assert [b.action for b in now.legal.bids] == ["pass", "take"]
    now = state(ruleset, 3, deal, [bid("take")])
    assert (now.phase, now.seat, now.contract.trump, now.contract.taker) == ("play", 0, "C", 0)
    assert [h.bit_count() for h in now.hands] == [8, 8, 8, 8]
    assert now.hands[0] >> deal.turned & 1  # the taker received the turned card
    now = state(ruleset, 3, deal, [bid("take"), play("AD"), play("8D")])
    assert now.seat == 2
    assert now.tricks[0].winner is None and now.tricks[0].points == 11
    assert [v.card for v in now.legal.cards if v.legal] == list(cards("QD"))


def test_everybody_passes_twice_then_redeal_by_the_same_dealer():
    ruleset = PRESETS["belote"]
    deal = seeded("belote", 2, "passed")
    now = state(ruleset, 2, deal, [bid("pass")] * 8)
    assert (now.phase, now.seat, now.next_dealer) == ("redeal", None, 2)
    with pytest.raises(IllegalAction) as error:
        state(ruleset, 2, deal, [bid("pass")] * 9)
    assert (error.value.index, error.value.rule) == (8, "wrong_phase")


# --- refusals ------------------------------------------------------------------------------


def test_an_illegal_action_names_its_index_and_rule():
    ruleset = PRESETS["belote"]
    deal = seeded("belote", 3, "table 7, round 1")
    cases = [
        ([play("AD")], 0, "wrong_phase"),  # skips the auction
        ([bid("pass", seat=2)], 0, "not_your_turn"),
        ([bid("name", trump="S")], 0, "name_in_round_one"),
        ([bid("take"), play("AD", seat=1)], 1, "not_your_turn"),
        ([bid("take"), play("7C")], 1, "not_in_hand"),
        ([bid("take"), play("AD"), play("7C")], 2, "must_follow_suit"),
        ([bid("take"), bid("pass")], 1, "wrong_phase"),
        ([bid("take"), ExchangeAction(True)], 1, "invalid_exchange"),
        ([bid("take"), BeloteAction()], 1, "invalid_belote"),
        ([bid("take"), CompareAction("good")], 1, "invalid_comparison"),
    ]
    for actions, index, rule in cases:
        with pytest.raises(IllegalAction) as error:
            state(ruleset, 3, deal, actions)
        assert (error.value.index, error.value.rule, error.value.field) == (
            index,
            rule,
            f"actions.{index}",
        ), actions


def test_a_deal_that_does_not_match_its_commitment_is_refused():
    ruleset = PRESETS["belote"]
    deal = seeded("belote", 3, "commit")
    swapped = DealRecord(
        (deal.hands[1], deal.hands[0], *deal.hands[2:]),
        deal.turned,
        deal.stock,
        deal.commitment,
        deal.salt,
    )
    with pytest.raises(PositionError) as error:
        state(ruleset, 3, swapped, [])
    assert error.value.field == "deal.commitment"
    state(ruleset, 3, DealRecord(swapped.hands, deal.turned, deal.stock), [])  # no salt
    bad_hand = DealRecord((deal.hands[0][:4], *deal.hands[1:]), deal.turned, deal.stock)
    with pytest.raises(PositionError) as error:
        state(ruleset, 3, bad_hand, [])
    assert error.value.field == "deal.hands.0.cards"


def test_a_round_is_over_after_its_last_card():
    ruleset = PRESETS["coinche"]
    deal = seeded("coinche", 0, "over")
    start = [bid("bid", 80, "H"), bid("pass"), bid("pass"), bid("pass")]
    now, actions = first_cards(ruleset, 0, deal, start)
    assert now.phase == "complete" and now.score.taker == 1
    assert now.contract.bid.value == 80
    with pytest.raises(IllegalAction) as error:
        state(ruleset, 0, deal, [*actions, play("7C")])
    assert error.value.rule == "wrong_phase" and error.value.index == len(actions)


# --- announcements -------------------------------------------------------------------------


def _declaring_round():
    """Belote, dealer 3: seat 0 takes the turned KC and then holds the tierce 7C 8C 9C,
    the only declaration at the table."""
    ruleset = PRESETS["belote"]
    hands = (
        cards("7C 8C 9C AD 10D"),
        cards("JD QD 7H 8H AS"),
        cards("9H JH KH 9S JS"),
        cards("10C KD QH 7S 8S"),
    )
    stock = cards("7D 8D 9D 10H KS JC QC AC AH 10S QS")
    return ruleset, DealRecord(hands, parse_card("KC"), stock)


def test_declarations_at_the_first_card_only():
    ruleset, deal = _declaring_round()
    tierce = DeclareAction(cards("9C 7C 8C"))
    now = state(ruleset, 3, deal, [bid("take")])
    assert [d.points for d in now.legal.declarations] == [20]
    now = state(ruleset, 3, deal, [bid("take"), tierce])
    assert now.events[0].type == "declaration" and now.events[0].points == 20
    assert now.legal.declarations == ()
    with pytest.raises(IllegalAction) as error:  # after its first card: too late
        state(ruleset, 3, deal, [bid("take"), play("AD"), tierce])
    assert error.value.rule == "invalid_declaration" and error.value.index == 2
    with pytest.raises(IllegalAction) as error:  # not held
        state(ruleset, 3, deal, [bid("take"), DeclareAction(cards("JD QD KD"))])
    assert error.value.rule == "invalid_declaration"
    now, _actions = first_cards(ruleset, 3, deal, [bid("take"), tierce])
    assert now.score.figures.declarations[0] in (0, 20)
    assert now.score == reference_score(ruleset, now)
    unsaid, _ = first_cards(ruleset, 3, deal, [bid("take")])
    assert unsaid.score.figures.declarations == (0, 0)  # announced only


def test_declarations_count_automatic_scores_the_best_without_announcing():
    _ruleset, deal = _declaring_round()
    auto = get_ruleset("belote", {"declarations_count": "automatic"})
    now, _ = first_cards(auto, 3, deal, [bid("take")])
    assert now.score.declarations and now.score.declarations[0].points == 20
    with pytest.raises(IllegalAction):
        state(auto, 3, deal, [bid("take"), DeclareAction(cards("7C 8C 9C"))])


def _belote_deal(name: str):
    """A seeded deal where the first speaker takes and holds king and queen of trump."""
    ruleset = PRESETS[name]
    for seed in range(500):
        deal = seeded(name, 3, f"belote {seed}")
        now = state(ruleset, 3, deal, [bid("take")])
        if find_belotes(now.hands[0], now.contract.trump, ruleset):
            return ruleset, deal
    raise AssertionError("no deal")


def _play_with_belote(ruleset, deal, say: bool):
    actions = [bid("take")]
    while True:
        now = state(ruleset, 3, deal, actions)
        if now.phase != "play":
            return now
        if say and now.legal.belote:
            actions.append(BeloteAction())
            continue
        actions.append(PlayAction(next(v.card for v in now.legal.cards if v.legal)))


def test_belote_counts_only_when_said_in_ffb():
    ruleset, deal = _belote_deal("belote-ffb")
    said = _play_with_belote(ruleset, deal, say=True)
    assert [e.type for e in said.events] == ["belote", "rebelote"]
    assert said.score.figures.belote[0] == 20
    silent = _play_with_belote(ruleset, deal, say=False)
    assert silent.score.figures.belote == (0, 0)  # belote_said: required (FFB 2016)
    counted = _play_with_belote(
        get_ruleset("belote-ffb", {"belote_said": "not_needed"}), deal, False
    )
    assert counted.score.figures.belote[0] == 20


def test_belote_said_must_be_followed_by_the_king_or_queen():
    ruleset, deal = _belote_deal("belote")
    actions = [bid("take")]
    while True:
        now = state(ruleset, 3, deal, actions)
        if now.legal.belote:
            break
        actions.append(PlayAction(next(v.card for v in now.legal.cards if v.legal)))
    now = state(ruleset, 3, deal, [*actions, BeloteAction()])
    other = [v.card for v in now.legal.cards if not v.legal and v.rule == "invalid_belote"]
    if other:
        with pytest.raises(IllegalAction) as error:
            state(ruleset, 3, deal, [*actions, BeloteAction(), PlayAction(other[0])])
        assert error.value.rule == "invalid_belote"
    with pytest.raises(IllegalAction):
        state(ruleset, 3, deal, [*actions, BeloteAction(), BeloteAction()])


# --- Klaberjass: the exchange and the comparison ----------------------------------------


def _klaberjass_deal():
    """Dealer 0, non-dealer 1. Seat 1: 7H 8S 9S 10S KC QC (then 7C 8C AS); seat 0: JH 9H
    7D 8D 9D 10D (then QS KS KH); AH turned."""
    hands = (cards("JH 9H 7D 8D 9D 10D"), cards("7H 8S 9S 10S KC QC"))
    turned = parse_card("AH")
    first = cards("7C 8C AS QS KS KH")
    used = {c for h in hands for c in h} | {turned} | set(first)
    return DealRecord(hands, turned, first + tuple(c for c in range(32) if c not in used))


def test_klaberjass_offers_the_trump_seven_exchange():
    ruleset, deal = PRESETS["klaberjass"], _klaberjass_deal()
    now = state(ruleset, 0, deal, [bid("take")])
    assert (now.phase, now.seat, now.legal.exchange) == ("exchange", 1, True)
    with pytest.raises(IllegalAction) as error:
        state(ruleset, 0, deal, [bid("take"), play("KC")])
    assert error.value.rule == "wrong_phase"
    now = state(ruleset, 0, deal, [bid("take"), ExchangeAction(True)])
    assert now.phase == "play" and now.turned == parse_card("7H")
    assert now.hands[1] >> parse_card("AH") & 1 and not now.hands[1] >> parse_card("7H") & 1
    kept = state(ruleset, 0, deal, [bid("take"), ExchangeAction(False)])
    assert kept.turned == parse_card("AH") and kept.hands[1] >> parse_card("7H") & 1
    named = state(ruleset, 0, deal, [bid("pass"), bid("pass"), bid("name", trump="S")])
    assert named.phase == "play"  # another suit: no exchange


def test_klaberjass_comparison_dialogue_then_the_winner_shows():
    ruleset, deal = PRESETS["klaberjass"], _klaberjass_deal()
    start = [bid("take"), ExchangeAction(True)]
    now = state(ruleset, 0, deal, start)
    assert [(a.step, a.length) for a in now.legal.compare] == [("state", 3)]
    stated = [*start, CompareAction("state", length=3)]
    now = state(ruleset, 0, deal, stated)
    assert now.seat == 0 and {a.step for a in now.legal.compare} == {"good", "not_good"}
    assert now.legal.cards == ()
    with pytest.raises(IllegalAction) as error:  # the dealer's 4 is longer: no how_high
        state(ruleset, 0, deal, [*stated, CompareAction("how_high")])
    assert error.value.rule == "invalid_comparison"
    answered = [*stated, CompareAction("not_good")]
    now = state(ruleset, 0, deal, answered)
    assert now.seat == 1 and now.legal.cards  # the non-dealer leads
    with pytest.raises(IllegalAction):  # the winner shows after the first trick only
        state(ruleset, 0, deal, [*answered, DeclareAction(cards("7D 8D 9D 10D"))])
    trick = [*answered, play("KC")]
    now = state(ruleset, 0, deal, trick)
    trick.append(PlayAction(next(v.card for v in now.legal.cards if v.legal)))
    now = state(ruleset, 0, deal, trick)
    assert [d.points for d in now.legal.declarations] == [50]
    shown = [*trick, DeclareAction(cards("7D 8D 9D 10D"))]
    with pytest.raises(IllegalAction):  # the loser shows nothing
        state(ruleset, 0, deal, [*trick, DeclareAction(cards("8S 9S 10S"))])
    now, _ = first_cards(ruleset, 0, deal, shown)
    assert now.phase == "complete"
    events = [(e.type, e.step) for e in now.events]
    assert events[:3] == [("exchange", None), ("compare", "state"), ("compare", "not_good")]
    assert ("declaration", None) in events
    took = any(t.winner == 0 for t in now.tricks)
    assert now.score.figures.declarations == ((50 if took else 0), 0)
    assert now.score == reference_score(ruleset, now)
    assert now.next_dealer == (0 if now.score.winner == 0 else 1)  # the winner deals


@pytest.mark.parametrize("name", ["belote", "klaberjass", "coinche", "belote-ffb"])
def test_a_kept_walk_answers_as_a_walk_from_the_deal(name):
    """round_state continues the walk kept from the record one action shorter: the answer
    is the one a walk from the deal gives (the cache emptied)."""
    from service.engine import round_state as module

    ruleset = PRESETS[name]
    deal = seeded(name, 1, "kept")
    _, actions = random_round(ruleset, 1, deal, random.Random(5))
    for n in range(len(actions) + 1):
        continued = state(ruleset, 1, deal, actions[:n])
        module._KEPT.clear()
        fresh = state(ruleset, 1, deal, actions[:n])
        assert repr(continued) == repr(fresh), n
        state(ruleset, 1, deal, actions[:n])  # kept again for the next prefix
