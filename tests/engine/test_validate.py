"""Engine: validating a whole or partial round record (service/engine/record.py).

Expected values are worked by hand from docs/rules.md; the deals and their trick points are in
``rounds_helper`` (DEAL_A: first trick led by seat 0, so the dealer is seat 3). DEAL_A's
hands, read off its tricks:
  seat 0: 7C AC JD QD 9H JH 7S 10S      seat 1: 8C 10C 7D AD 7H KH 8S AS
  seat 2: 9C KC 8D 10D 10H AH 9S KS     seat 3: JC QC 9D KD 8H QH JS QS
"""

from __future__ import annotations

import pytest

from service.engine.bidding import Call
from service.engine.cards import card_name, cards_in, parse_card
from service.engine.play import PositionError
from service.engine.record import (
    AUCTION,
    COMPLETE,
    PLAY,
    REDEAL,
    RoundRecord,
    score_round,
    validate_record,
)
from service.engine.rounds import Trick
from service.engine.rulesets import get_ruleset
from service.engine.scoring import ContractBid
from tests.support.rounds_helper import DEAL_A, KLAB_DEAL, cards, scripted_round

BELOTE = get_ruleset("belote")
HANDS_A = [
    (0, cards("7C AC JD QD 9H JH 7S 10S")),
    (1, cards("8C 10C 7D AD 7H KH 8S AS")),
    (2, cards("9C KC 8D 10D 10H AH 9S KS")),
    (3, cards("JC QC 9D KD 8H QH JS QS")),
]
#: A deal for the trump obligations (trump hearts): seat 1 holds no club and one trump,
#: 9H; seat 2 holds no club and JH, the only trump above 9H.
HANDS_SUITS = [
    (0, cards("7C 8C 9C 10C JC QC KC AC")),
    (1, cards("7D 8D 9D 10D JD QD KD 9H")),
    (2, cards("AD 7H 8H 10H JH QH KH AH")),
    (3, cards("7S 8S 9S 10S JS QS KS AS")),
]


def names(mask_or_cards) -> list[str]:
    items = cards_in(mask_or_cards) if isinstance(mask_or_cards, int) else mask_or_cards
    return [card_name(c) for c in items]


def trick(leader: int, text: str) -> Trick:
    return Trick(leader, tuple(cards(text)))


def record(tricks=(), ruleset=BELOTE, hands=HANDS_A, dealer=3, **extra) -> RoundRecord:
    stated = {"trump": "H", "taker": 0} if "bids" not in extra else {}
    return RoundRecord(ruleset, dealer, hands, tuple(tricks), **(stated | extra))


def deal_a(count: int, ruleset=BELOTE) -> list[Trick]:
    return scripted_round(ruleset, "H", 0, DEAL_A)[:count]


def violations(result) -> list[tuple]:
    return [(v.trick, v.seat, card_name(v.card), v.rule) for v in result.violations]


# --- next play ---------------------------------------------------------------------------


def test_before_the_first_card_the_seat_after_the_dealer_leads_anything():
    result = validate_record(record())
    assert result.valid and result.phase == PLAY and result.score is None
    assert (result.next.seat, result.next.trick, result.next.position.cards) == (0, 0, ())
    legal = [v.card for v in result.next.verdicts if v.legal]
    assert names(legal) == ["7C", "AC", "JD", "QD", "9H", "JH", "7S", "10S"]  # a lead is free


def test_mid_trick_the_next_seat_must_follow_and_partner_winning_frees_it_from_overtrumping():
    # Seat 0 led JH, seat 1 played 7H; seat 2 holds 10H and AH: it must follow hearts
    # (trump led); its partner's JH wins, so with unless_partner_winning no overtrump.
    result = validate_record(record([trick(0, "JH 7H")]))
    upcoming = result.next
    assert (upcoming.seat, upcoming.trick) == (2, 0)
    assert names(upcoming.hand) == ["9C", "KC", "8D", "10D", "10H", "AH", "9S", "KS"]
    assert names(v.card for v in upcoming.verdicts if v.legal) == ["10H", "AH"]
    assert {v.rule for v in upcoming.verdicts if not v.legal} == {"must_follow_suit"}


def test_after_a_complete_trick_its_winner_leads_from_what_is_left():
    result = validate_record(record(deal_a(1)))  # JH 7H 10H 8H: seat 0's JH wins
    upcoming = result.next
    assert (upcoming.seat, upcoming.trick, upcoming.position.leader) == (0, 1, 0)
    assert names(upcoming.hand) == ["7C", "AC", "JD", "QD", "9H", "7S", "10S"]


def test_a_complete_round_is_scored_as_round_score_scores_it():
    result = validate_record(record(deal_a(8)))
    assert result.valid and result.phase == COMPLETE and result.next is None
    assert result.score == score_round(BELOTE, "H", 0, deal_a(8))
    assert result.score.score == (94, 68)  # DEAL_A: 94 and 68 card points, 94 >= 68 made


# --- violations ----------------------------------------------------------------------------


def test_first_trick_led_by_another_seat_than_the_one_after_the_dealer():
    result = validate_record(record(deal_a(1), dealer=0))  # seat 1 should lead
    assert not result.valid and result.next is None
    assert violations(result) == [(0, 0, "JH", "wrong_leader")]
    assert result.violations[0].message == (
        "The first trick must be led by seat 1, the seat after the dealer (seat 0)."
    )


@pytest.mark.parametrize(
    ("tricks", "expected"),
    [
        # trick 1 should be led by trick 0's winner, seat 0
        ([*deal_a(1), trick(1, "KH")], [(1, 1, "KH", "wrong_leader")]),
        # a fifth card in a four-player trick: seat 0 has already played
        ([trick(0, "JH 7H 10H 8H 9H")], [(0, 0, "9H", "not_your_turn")]),
        # KD is seat 3's
        ([trick(0, "JH KD")], [(0, 1, "KD", "not_in_hand")]),
        ([*deal_a(1), trick(0, "JH")], [(1, 0, "JH", "duplicate_card")]),
        # seat 1 holds 7H and KH: it must follow the hearts led
        ([trick(0, "JH 7D")], [(0, 1, "7D", "must_follow_suit")]),
    ],
)
def test_each_play_violation_is_reported_with_its_trick_seat_and_card(tricks, expected):
    result = validate_record(record(tricks))
    assert not result.valid
    assert violations(result) == expected
    assert result.next is None and result.score is None


@pytest.mark.parametrize(
    ("plays", "expected"),
    [
        ("AC 7D", (0, 1, "7D", "must_trump")),  # seat 1: no club, holds 9H
        ("AC 9H 8H", (0, 2, "8H", "must_overtrump")),  # seat 2: no club, JH beats 9H
    ],
)
def test_trump_obligations_in_a_record(plays, expected):
    result = validate_record(record([trick(0, plays)], hands=HANDS_SUITS))
    assert violations(result) == [expected]


def test_every_violation_is_listed_in_playing_order():
    # seat 1 leads instead of seat 0 (then seat 0's JH wins); seat 0 plays JH again
    tricks = [trick(1, "7H 10H 8H JH"), trick(0, "JH")]
    assert violations(validate_record(record(tricks))) == [
        (0, 1, "7H", "wrong_leader"),
        (1, 0, "JH", "duplicate_card"),
    ]


# --- the contract ----------------------------------------------------------------------------


def test_bids_give_trump_and_taker():
    bids = [Call("pass"), Call("take")]  # seat 0 passes, seat 1 takes the 7H
    result = validate_record(record(bids=bids, turned=parse_card("7H")))
    assert (result.contract.taker, result.contract.trump) == (1, "H")
    assert result.auction.complete and result.next.seat == 0


def test_stated_values_must_agree_with_the_bids():
    bids = [Call("pass"), Call("take")]
    with pytest.raises(PositionError) as error:
        validate_record(record(bids=bids, turned=parse_card("7H"), taker=0))
    assert error.value.field == "taker"
    with pytest.raises(PositionError) as error:
        validate_record(record(bids=bids, turned=parse_card("7H"), trump="S"))
    assert error.value.field == "trump"
    same = validate_record(record(bids=bids, turned=parse_card("7H"), trump="H", taker=1))
    assert same.valid


def test_the_turned_card_is_in_the_takers_hand():
    # docs/rules.md section 5: the taker receives the turned card. 7H is seat 1's, not seat 0's.
    bids = [Call("take")]
    with pytest.raises(PositionError) as error:
        validate_record(record(bids=bids, turned=parse_card("7H")))
    assert error.value.field == "turned"


def test_an_illegal_bid_is_a_violation_without_trick_and_card():
    bids = [Call("name", trump="S")]  # round 1: only take the turned suit or pass
    result = validate_record(record(bids=bids, turned=parse_card("7H")))
    assert not result.valid and result.phase == AUCTION
    error = result.illegal_bid
    assert (error.index, error.seat, error.rule) == (0, 0, "name_in_round_one")
    assert result.auction.next_seat == 0  # where the auction stood before it
    assert result.next is None and result.contract is None


def test_an_auction_in_progress_is_valid_and_awaits_a_bid():
    result = validate_record(record(bids=[Call("pass")], turned=parse_card("7H")))
    assert result.valid and result.phase == AUCTION and result.next is None
    assert result.auction.next_seat == 1


def test_no_card_is_played_before_the_auction_gives_a_contract():
    with pytest.raises(PositionError) as error:
        validate_record(record([trick(0, "JH")], bids=[Call("pass")], turned=parse_card("7H")))
    assert error.value.field == "tricks"


def test_everybody_passing_twice_is_a_redeal():
    result = validate_record(record(bids=[Call("pass")] * 8, turned=parse_card("7H")))
    assert result.valid and result.phase == REDEAL and result.auction.redeal


def test_coinche_contract_comes_from_the_auction_with_its_coinche():
    coinche = get_ruleset("coinche")
    bids = [Call("bid", 80, "H"), Call("coinche"), *[Call("pass")] * 3]
    result = validate_record(record(deal_a(8, coinche), ruleset=coinche, bids=bids))
    assert result.contract.bid == ContractBid(80, "coinche") and result.contract.taker == 0
    # Made: 94 >= 80 and 94 > 68; coinched: takers (94 + 80) x 2 = 348, defenders 0.
    assert result.score.score == (348, 0)


def test_without_bids_trump_and_taker_are_required():
    with pytest.raises(PositionError) as error:
        validate_record(RoundRecord(BELOTE, 3, HANDS_A, (), taker=0))
    assert error.value.field == "trump"
    with pytest.raises(PositionError) as error:
        validate_record(RoundRecord(get_ruleset("coinche"), 3, HANDS_A, (), trump="H", taker=0))
    assert error.value.field == "bid"  # a bid contract needs its bid


# --- the deal ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "field"),
    [
        (HANDS_A[:3], "hands"),  # seat 3 missing
        ([*HANDS_A[:3], (3, cards("JC QC 9D KD 8H QH JS"))], "hands.3.cards"),  # 7 cards
        ([*HANDS_A[:3], (2, HANDS_A[3][1])], "hands.3.seat"),  # seat 2 twice
        ([*HANDS_A[:3], (3, cards("JC QC 9D KD 8H QH JS JH"))], "hands.3.cards.7"),  # JH twice
    ],
)
def test_hands_that_are_not_a_deal_are_refused(hands, field):
    with pytest.raises(PositionError) as error:
        validate_record(record(hands=hands))
    assert error.value.field == field


# --- Klaberjass ----------------------------------------------------------------------------------


KLABERJASS = get_ruleset("klaberjass")
# KLAB_DEAL's hands (9 cards each), read off its tricks; its first trick is led by
# seat 0, so seat 1 deals (docs/rules.md: "The non-dealer leads").
KLAB_HANDS = [
    (0, cards("AC 10C 7D 8D 9D QH KH AS 7S")),
    (1, cards("KC QC AD KD JH 9H KS QS 8S")),
]


def test_klaberjass_partial_round_next_seat_and_hand():
    tricks = scripted_round(KLABERJASS, "H", 0, KLAB_DEAL)[:3]
    result = validate_record(record(tricks, KLABERJASS, KLAB_HANDS, dealer=1))
    # trick 2 (7D AD) is won by seat 1's AD: seat 1 leads trick 3 from its 6 cards left
    assert (result.next.seat, result.next.trick) == (1, 3)
    assert names(result.next.hand) == ["KD", "9H", "JH", "8S", "QS", "KS"]


def test_klaberjass_bids_and_score():
    tricks = scripted_round(KLABERJASS, "H", 0, KLAB_DEAL)
    bids = [Call("take")]  # the non-dealer, seat 0, takes the turned 7H
    result = validate_record(
        record(
            tricks,
            KLABERJASS,
            KLAB_HANDS,
            dealer=1,
            bids=bids,
            turned=parse_card("7H"),
            declarations=[(0, cards("7D 8D 9D"))],
        )
    )
    assert (result.contract.taker, result.contract.trump) == (0, "H")
    # seat 0: 46 card points + bela 20 + tierce 20 = 86 > seat 1's 66: made, each its own
    assert result.score.score == (86, 66)


def test_klaberjass_first_trick_led_by_the_dealer():
    tricks = scripted_round(KLABERJASS, "H", 0, KLAB_DEAL)[:1]
    result = validate_record(record(tricks, KLABERJASS, KLAB_HANDS, dealer=0))
    assert violations(result) == [(0, 0, "AC", "wrong_leader")]


def test_klaberjass_turned_card_in_a_hand_only_by_the_exchange():
    """The turned card stays on the table: it is in a hand only once the trump 7 was given
    for it, and the 7 is then in no hand. KH is turned and in seat 0's hand."""
    tricks = scripted_round(KLABERJASS, "H", 0, KLAB_DEAL)[:1]
    bids = [Call("take")]
    # KH turned: it sits in seat 0's hand; the 7H is in nobody's hand: exchanged, legal.
    exchanged = record(tricks, KLABERJASS, KLAB_HANDS, dealer=1, bids=bids, turned=parse_card("KH"))
    assert validate_record(exchanged).valid
    # A hand that still holds the 7 of trump: the 7 was not exchanged, the turned card
    # cannot be in a hand.
    with_seven = [
        (0, cards("AC 10C 7D 8D 9D QH KH AS 7H")),
        (1, cards("KC QC AD KD JH 9H KS QS 8S")),
    ]
    not_exchanged = record(
        tricks, KLABERJASS, with_seven, dealer=1, bids=bids, turned=parse_card("KH")
    )
    with pytest.raises(PositionError) as error:
        validate_record(not_exchanged)
    assert error.value.field == "turned"
    # Another trump named: no exchange at all.
    named = [Call("pass"), Call("pass"), Call("name", trump="S")]
    tricks_s = scripted_round(KLABERJASS, "S", 0, KLAB_DEAL)[:1]
    other = record(tricks_s, KLABERJASS, KLAB_HANDS, dealer=1, bids=named, turned=parse_card("KH"))
    with pytest.raises(PositionError):
        validate_record(other)
