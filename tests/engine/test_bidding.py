"""The bidding engine against docs/rules.md section 5 ("Coinche", "Bidding in the other presets").

Every expected value below is worked out by hand from the rule it checks. Seats: the first
bid is made by the seat after the dealer; with 4 players team = seat % 2.
"""

from __future__ import annotations

import pytest

from service.engine.bidding import (
    BID_VALUES,
    Call,
    Contract,
    Highest,
    IllegalBidError,
    LegalBid,
    bid_values,
    run_auction,
)
from service.engine.cards import TRUMP_MODES, parse_card
from service.engine.play import PositionError
from service.engine.rulesets import PRESETS, RulesetError, get_ruleset

COINCHE = get_ruleset("coinche")
BELOTE = get_ruleset("belote")
KLABERJASS = get_ruleset("klaberjass")

PASS = Call("pass")
COINCHE_BID = Call("coinche")
SURCOINCHE = Call("surcoinche")
TAKE = Call("take")


def bid(value, trump, seat=None) -> Call:
    return Call("bid", value, trump, seat)


def name(trump) -> Call:
    return Call("name", trump=trump)


def refused(ruleset, dealer, bids, turned=None) -> IllegalBidError:
    with pytest.raises(IllegalBidError) as caught:
        run_auction(ruleset, dealer, bids, None if turned is None else parse_card(turned))
    return caught.value


def turned_auction(ruleset, dealer, bids, turned="JH"):
    return run_auction(ruleset, dealer, bids, parse_card(turned))


ALL_VALUES = (80, 90, 100, 110, 120, 130, 140, 150, 160, "capot")


# --- Coinche: who bids, and when the auction ends ---------------------------------------


@pytest.mark.parametrize(("dealer", "first"), [(0, 1), (1, 2), (2, 3), (3, 0)])
def test_coinche_bidding_starts_with_the_seat_after_the_dealer(dealer, first):
    result = run_auction(COINCHE, dealer, [])
    assert not result.complete
    assert result.next_seat == first
    # Nothing bid yet: pass, or bid any value with any of coinche's six trump modes.
    # No coinche (no bid to coinche) and no surcoinche.
    assert result.legal_bids == (
        LegalBid("pass"),
        LegalBid("bid", trumps=("C", "D", "H", "S", "none", "all"), values=ALL_VALUES),
    )
    assert result.contract is None and result.highest is None and result.round is None


@pytest.mark.parametrize(("dealer", "next_dealer"), [(0, 1), (2, 3), (3, 0)])
def test_coinche_four_passes_at_the_start_redeal_by_the_next_dealer(dealer, next_dealer):
    result = run_auction(COINCHE, dealer, [PASS] * 4)
    assert result.complete and result.redeal
    assert result.redeal_dealer == next_dealer
    assert result.contract is None and result.next_seat is None and result.legal_bids == ()


def test_coinche_three_passes_after_a_bid_end_the_auction():
    # Dealer 0: seat 1 bids 90 hearts, seats 2, 3 and 0 pass.
    result = run_auction(COINCHE, 0, [bid(90, "H"), PASS, PASS, PASS])
    assert result.complete and not result.redeal and result.redeal_dealer is None
    assert result.contract == Contract(taker=1, team=1, trump="H", value=90, coinche="none")


def test_coinche_two_passes_after_a_bid_do_not_end_it():
    result = run_auction(COINCHE, 0, [bid(90, "H"), PASS, PASS])
    assert not result.complete
    assert result.next_seat == 0
    assert result.highest.seat == 1 and result.highest.value == 90


def test_coinche_passes_before_the_first_bid_do_not_count_towards_the_three():
    # Dealer 0: seats 1, 2, 3 pass (not four: no redeal), seat 0 bids 80 spades,
    # seats 1 and 2 pass: only two passes follow the bid, seat 3 still bids.
    bids = [PASS, PASS, PASS, bid(80, "S"), PASS, PASS]
    result = run_auction(COINCHE, 0, bids)
    assert not result.complete and not result.redeal
    assert result.next_seat == 3
    result = run_auction(COINCHE, 0, [*bids, PASS])
    assert result.complete
    assert result.contract.taker == 0 and result.contract.team == 0
    assert result.contract.value == 80 and result.contract.trump == "S"


def test_coinche_the_last_bid_wins_even_over_a_partner():
    # Dealer 0: seat 1 80 H, seat 2 pass, seat 3 (partner of 1) 100 all, then three passes.
    result = run_auction(COINCHE, 0, [bid(80, "H"), PASS, bid(100, "all"), PASS, PASS, PASS])
    assert result.contract == Contract(taker=3, team=1, trump="all", value=100, coinche="none")


# --- Coinche: bid values -----------------------------------------------------------------


@pytest.mark.parametrize("second", [90, 80])
def test_coinche_a_bid_must_be_higher_than_the_last(second):
    error = refused(COINCHE, 0, [bid(90, "H"), bid(second, "S")])
    assert error.rule == "bid_too_low"
    assert error.index == 1 and error.seat == 2 and error.field == "bids.1"
    assert "100" in str(error)  # the lowest bid still possible


def test_coinche_a_higher_bid_after_passes_is_accepted():
    result = run_auction(COINCHE, 0, [bid(90, "H"), PASS, bid(100, "H")])
    assert result.highest.seat == 3 and result.highest.value == 100
    # Seat 0 may now bid 110 or more.
    bids = next(b for b in result.legal_bids if b.action == "bid")
    assert bids.values == (110, 120, 130, 140, 150, 160, "capot")


def test_coinche_capot_is_above_160():
    result = run_auction(COINCHE, 0, [bid(160, "D"), bid("capot", "C")])
    assert result.highest.value == "capot" and result.highest.seat == 2


@pytest.mark.parametrize("second", [160, "capot"])
def test_coinche_nothing_can_be_bid_over_capot(second):
    error = refused(COINCHE, 0, [bid("capot", "C"), bid(second, "D")])
    assert error.rule == "bid_too_low"
    assert "capot" in str(error)


def test_coinche_after_a_capot_bid_the_opponents_may_pass_or_coinche():
    result = run_auction(COINCHE, 0, [bid("capot", "C")])
    # Seat 2 (team 0) faces seat 1's capot (team 1).
    assert result.legal_bids == (LegalBid("pass"), LegalBid("coinche", seats=(2,)))


@pytest.mark.parametrize("value", [70, 85, 165, 170, 0, 200])
def test_coinche_bid_values_are_80_to_160_by_tens(value):
    error = refused(COINCHE, 0, [bid(value, "H")])
    assert error.rule == "invalid_value"
    assert str(value) in str(error)


def test_every_bid_value_is_accepted_as_a_first_bid():
    for value in BID_VALUES:
        assert run_auction(COINCHE, 0, [bid(value, "S")]).highest.value == value


def test_coinche_trump_mode_must_be_one_of_the_ruleset():
    suits_only = COINCHE.with_options({"trump_modes": ["C", "D", "H", "S"]})
    error = refused(suits_only, 0, [bid(80, "none")])
    assert error.rule == "trump_mode_not_allowed"
    assert refused(suits_only, 0, [bid(80, "all")]).rule == "trump_mode_not_allowed"
    legal = run_auction(suits_only, 0, []).legal_bids
    assert legal[1].trumps == ("C", "D", "H", "S")


@pytest.mark.parametrize(
    "bad",
    [
        Call("bid", value=90),  # no trump
        Call("bid", trump="H"),  # no value
        Call("pass", value=90),
        Call("pass", trump="H"),
        Call("coinche", trump="H"),
    ],
)
def test_coinche_malformed_bids(bad):
    bids = [bid(80, "S"), bad] if bad.action == "coinche" else [bad]
    assert refused(COINCHE, 0, bids).rule == "malformed_bid"


@pytest.mark.parametrize("action", ["take", "name"])
def test_turned_card_actions_are_not_coinche_bids(action):
    error = refused(COINCHE, 0, [Call(action, trump="H")])
    assert error.rule == "action_not_allowed"
    assert "pass, bid, coinche, surcoinche" in str(error)


# --- Coinche: coinche and surcoinche ------------------------------------------------------


def test_coinche_by_the_other_side_then_the_coinched_side_may_surcoinche():
    # Dealer 0: seat 1 (team 1) bids 80 H, seat 2 (team 0) coinches.
    result = run_auction(COINCHE, 0, [bid(80, "H"), COINCHE_BID])
    assert not result.complete
    assert result.next_seat == 3  # team 1, the coinched side
    assert result.legal_bids == (LegalBid("pass"), LegalBid("surcoinche"))


def test_after_a_coinche_the_coinchers_partner_may_only_pass():
    result = run_auction(COINCHE, 0, [bid(80, "H"), COINCHE_BID, PASS])
    assert result.next_seat == 0  # team 0, partner of the coincher
    assert result.legal_bids == (LegalBid("pass"),)


def test_a_coinche_by_the_bidding_side_is_refused():
    # Seat 3 is seat 1's partner.
    error = refused(COINCHE, 0, [bid(80, "H"), PASS, COINCHE_BID])
    assert error.rule == "coinche_own_side"
    assert error.index == 2 and error.seat == 3


def test_the_bidder_may_not_coinche_a_bid_of_their_partner():
    # Seat 1 80 H, seat 2 pass, seat 3 90 H (partner of 1), seat 0 pass, seat 1 coinche.
    error = refused(COINCHE, 0, [bid(80, "H"), PASS, bid(90, "H"), PASS, COINCHE_BID])
    assert error.rule == "coinche_own_side" and error.seat == 1


def test_coinche_needs_a_bid():
    assert refused(COINCHE, 0, [COINCHE_BID]).rule == "coinche_without_bid"
    assert refused(COINCHE, 0, [PASS, PASS, COINCHE_BID]).rule == "coinche_without_bid"


def test_only_one_coinche_per_auction():
    # Seat 1 80 H, seat 2 coinche, seat 3 pass, seat 0 (team 0, not the bidding side) coinche.
    error = refused(COINCHE, 0, [bid(80, "H"), COINCHE_BID, PASS, COINCHE_BID])
    assert error.rule == "coinche_twice" and error.seat == 0


@pytest.mark.parametrize("value", [90, 160, "capot"])
def test_nobody_may_bid_after_a_coinche(value):
    error = refused(COINCHE, 0, [bid(80, "H"), COINCHE_BID, bid(value, "S")])
    assert error.rule == "bid_after_coinche"
    assert error.seat == 3


def test_surcoinche_needs_a_coinche():
    error = refused(COINCHE, 0, [bid(80, "H"), SURCOINCHE])
    assert error.rule == "surcoinche_without_coinche"
    assert refused(COINCHE, 0, [SURCOINCHE]).rule == "surcoinche_without_coinche"


def test_the_coinching_side_may_not_surcoinche():
    # Seat 0 is the coincher's (seat 2's) partner.
    error = refused(COINCHE, 0, [bid(80, "H"), COINCHE_BID, PASS, SURCOINCHE])
    assert error.rule == "surcoinche_wrong_side" and error.seat == 0


def test_a_surcoinche_ends_the_auction():
    result = run_auction(COINCHE, 0, [bid(80, "H"), COINCHE_BID, SURCOINCHE])
    assert result.complete and not result.redeal
    assert result.contract == Contract(
        taker=1,
        team=1,
        trump="H",
        value=80,
        coinche="surcoinche",
        coinched_by=2,
        surcoinched_by=3,
    )
    error = refused(COINCHE, 0, [bid(80, "H"), COINCHE_BID, SURCOINCHE, PASS])
    assert error.rule == "auction_complete" and error.index == 3


def test_the_bidder_may_surcoinche_third_after_the_coinche():
    # After seat 2's coinche: seats 3 and 0 pass, seat 1 (the bidder) surcoinches.
    result = run_auction(COINCHE, 0, [bid(80, "H"), COINCHE_BID, PASS, PASS, SURCOINCHE])
    assert result.complete and result.contract.coinche == "surcoinche"
    assert result.contract.surcoinched_by == 1


def test_three_passes_after_a_coinche_end_the_auction():
    result = run_auction(COINCHE, 0, [bid(80, "H"), COINCHE_BID, PASS, PASS, PASS])
    assert result.complete
    assert result.contract.coinche == "coinche" and result.contract.coinched_by == 2
    assert result.contract.surcoinched_by is None


def test_a_coinche_restarts_the_count_of_passes():
    # Seat 1 80 H, seats 2 and 3 pass, seat 0 coinches (two passes were not three).
    bids = [bid(80, "H"), PASS, PASS, COINCHE_BID, PASS, PASS]
    result = run_auction(COINCHE, 0, bids)
    assert not result.complete and result.next_seat == 3
    # Seat 3 is seat 1's partner: the coinched side may surcoinche.
    assert result.legal_bids == (LegalBid("pass"), LegalBid("surcoinche"))
    assert run_auction(COINCHE, 0, [*bids, PASS]).contract.coinche == "coinche"


def test_a_capot_bid_can_be_coinched():
    result = run_auction(COINCHE, 1, [bid("capot", "S"), COINCHE_BID, PASS, PASS, PASS])
    # Dealer 1: seat 2 bids capot, seat 3 coinches.
    assert result.contract == Contract(
        taker=2, team=0, trump="S", value="capot", coinche="coinche", coinched_by=3
    )


def test_coinche_with_two_players_ends_after_one_pass():
    # An extension: with 2 players "the three others" are the one other player.
    two = COINCHE.with_options({"players": 2})
    assert not run_auction(two, 0, [PASS]).complete
    assert run_auction(two, 0, [PASS, PASS]).redeal
    result = run_auction(two, 0, [bid(80, "H"), PASS])
    assert result.contract.taker == 1 and result.contract.team == 1


# --- Coinche: when a coinche may be called (coinche_timing) ------------------------------
# `in_turn` (the preset): only at the coincher's turn. `any_time` ("à la volée"): either
# opponent of the highest bid may coinche it out of turn, naming its seat; the turn then
# passes to the coincher's left, as after an in-turn coinche.

VOLEE = COINCHE.with_options({"coinche_timing": "any_time"})


def coinche_by(seat) -> Call:
    return Call("coinche", seat=seat)


def test_in_turn_an_out_of_turn_coinche_is_refused_and_charged_to_the_coincher():
    # Dealer 3 (the issue's example): seat 0 bids 80 H; seat 2 coinches at seat 1's turn.
    error = refused(COINCHE, 3, [bid(80, "H"), coinche_by(2)])
    assert error.rule == "not_your_turn" and error.index == 1 and error.seat == 2
    assert str(error) == "It is seat 1's turn to bid, not seat 2's."


def test_in_turn_legal_bids_name_only_the_next_seat_as_coincher():
    # Dealer 0: seat 1 bids 80 H; seat 2 (opponent) may coinche, seat 0 must wait.
    legal = run_auction(COINCHE, 0, [bid(80, "H")]).legal_bids
    assert legal[-1] == LegalBid("coinche", seats=(2,))
    # Seat 3 (the bidder's partner) is next after seat 2 passes: nobody may coinche now.
    legal = run_auction(COINCHE, 0, [bid(80, "H"), PASS]).legal_bids
    assert [b.action for b in legal] == ["pass", "bid"]


def test_any_time_legal_bids_name_both_opponents_even_at_the_partners_turn():
    result = run_auction(VOLEE, 0, [bid(80, "H")])
    assert result.next_seat == 2 and result.legal_bids[-1] == LegalBid("coinche", seats=(0, 2))
    # Seat 3 (seat 1's partner) to bid: the entry stays, for seats 0 and 2.
    result = run_auction(VOLEE, 0, [bid(80, "H"), PASS])
    assert result.next_seat == 3
    assert [b.action for b in result.legal_bids] == ["pass", "bid", "coinche"]
    assert result.legal_bids[-1].seats == (0, 2)


def test_any_time_an_opponent_coinches_out_of_turn_and_the_turn_passes_to_their_left():
    # Dealer 0: seat 1 bids 80 H, seat 2 passes; at seat 3's turn seat 0 coinches.
    result = run_auction(VOLEE, 0, [bid(80, "H"), PASS, coinche_by(0)])
    assert not result.complete
    assert result.next_seat == 1  # the coincher's left, as after an in-turn coinche
    assert result.legal_bids == (LegalBid("pass"), LegalBid("surcoinche"))
    # As after an in-turn coinche: three passes end it, or the coinched side surcoinches.
    done = run_auction(VOLEE, 0, [bid(80, "H"), PASS, coinche_by(0), PASS, PASS, PASS])
    assert done.contract == Contract(
        taker=1, team=1, trump="H", value=80, coinche="coinche", coinched_by=0
    )
    sur = run_auction(VOLEE, 0, [bid(80, "H"), PASS, coinche_by(0), SURCOINCHE])
    assert sur.contract.coinche == "surcoinche" and sur.contract.surcoinched_by == 1


def test_any_time_a_coinche_naming_the_seat_in_turn_is_an_ordinary_coinche():
    result = run_auction(VOLEE, 0, [bid(80, "H"), coinche_by(2)])
    assert result.next_seat == 3 and result.legal_bids[-1] == LegalBid("surcoinche")
    assert run_auction(VOLEE, 0, [bid(80, "H"), COINCHE_BID]).next_seat == 3


def test_any_time_coinches_only_the_highest_bid():
    # Seat 1 80 H, seat 2 90 S: the highest bid is now team 0's. Seat 0 may not coinche
    # (its partner's bid); seat 1 may, out of turn, at seat 3's turn: it coinches the 90 S.
    error = refused(VOLEE, 0, [bid(80, "H"), bid(90, "S"), coinche_by(0)])
    assert error.rule == "coinche_own_side" and error.seat == 0
    result = run_auction(VOLEE, 0, [bid(80, "H"), bid(90, "S"), coinche_by(1), PASS, PASS, PASS])
    assert result.contract == Contract(
        taker=2, team=0, trump="S", value=90, coinche="coinche", coinched_by=1
    )


def test_any_time_the_coinche_rules_judge_the_out_of_turn_seat():
    # The bidder's partner (seat 3) at seat 2's turn: its own side's bid.
    error = refused(VOLEE, 0, [bid(80, "H"), coinche_by(3)])
    assert error.rule == "coinche_own_side" and error.seat == 3 and error.index == 1
    # No bid yet, and one coinche per auction, whoever calls it.
    assert refused(VOLEE, 0, [PASS, coinche_by(3)]).rule == "coinche_without_bid"
    error = refused(VOLEE, 0, [bid(80, "H"), coinche_by(2), coinche_by(0)])
    assert error.rule == "coinche_twice" and error.seat == 0


def test_any_time_only_the_coinche_may_be_out_of_turn():
    # After seat 2's coinche it is seat 3's turn: seat 0 may not pass or bid out of turn,
    # and the bidder (seat 1) may surcoinche only at its turn.
    for late in (Call("pass", seat=0), bid(90, "S", seat=0), Call("surcoinche", seat=1)):
        error = refused(VOLEE, 0, [bid(80, "H"), coinche_by(2), late])
        assert error.rule == "not_your_turn" and error.seat == late.seat


def test_any_time_a_seat_outside_the_table_cannot_coinche():
    two = VOLEE.with_options({"players": 2})
    error = refused(two, 0, [bid(80, "H"), coinche_by(3)])
    assert error.rule == "not_your_turn"


def test_coinche_timing_is_a_parameter_of_every_preset_defaulting_to_in_turn():
    assert all(p.coinche_timing == "in_turn" for p in PRESETS.values())
    assert COINCHE.with_options({"coinche_timing": "any_time"}).coinche_timing == "any_time"


# --- common refusals -------------------------------------------------------------------------


def test_a_stated_seat_must_be_the_seat_whose_turn_it_is():
    assert run_auction(COINCHE, 0, [bid(80, "H", seat=1), Call("pass", seat=2)]).next_seat == 3
    error = refused(COINCHE, 0, [bid(80, "H", seat=1), Call("pass", seat=3)])
    # The refusal names the seat that called (as a refused play names the player who
    # played); the message says whose turn it was.
    assert error.rule == "not_your_turn" and error.index == 1 and error.seat == 3
    assert str(error) == "It is seat 2's turn to bid, not seat 3's."


def test_a_refused_bid_without_a_stated_seat_is_charged_to_the_seat_whose_turn_it_was():
    error = refused(COINCHE, 0, [bid(80, "H"), PASS, COINCHE_BID])
    assert error.rule == "coinche_own_side" and error.seat == 3


def test_no_bid_after_the_auction_is_complete():
    assert refused(COINCHE, 0, [PASS] * 5).rule == "auction_complete"
    assert refused(BELOTE, 0, [TAKE, PASS], turned="9C").rule == "auction_complete"


def test_the_dealer_must_be_a_seat_of_the_table():
    with pytest.raises(PositionError) as caught:
        run_auction(KLABERJASS, 2, [], parse_card("JH"))
    assert caught.value.field == "dealer"


def test_coinche_turns_no_card_and_turned_card_games_need_one():
    with pytest.raises(PositionError) as caught:
        run_auction(COINCHE, 0, [], parse_card("JH"))
    assert caught.value.field == "turned"
    with pytest.raises(PositionError) as caught:
        run_auction(BELOTE, 0, [])
    assert caught.value.field == "turned"


# --- turned card, 4 players -----------------------------------------------------------------


def test_turned_card_round_one_offers_pass_or_take_from_the_seat_after_the_dealer():
    result = turned_auction(BELOTE, 3, [], turned="JH")
    assert result.next_seat == 0 and result.round == 1
    assert result.legal_bids == (LegalBid("pass"), LegalBid("take", trump="H"))


def test_turned_card_round_one_take():
    # Dealer 0, turned J of hearts: seat 1 passes, seat 2 takes hearts.
    result = turned_auction(BELOTE, 0, [PASS, TAKE])
    assert result.complete and not result.redeal
    assert result.contract == Contract(taker=2, team=0, trump="H", turned=parse_card("JH"), round=1)


def test_take_may_repeat_the_turned_suit_but_not_another():
    assert turned_auction(BELOTE, 0, [Call("take", trump="H")]).contract.trump == "H"
    error = refused(BELOTE, 0, [Call("take", trump="S")], turned="JH")
    assert error.rule == "malformed_bid"
    assert refused(BELOTE, 0, [Call("take", value=80)], turned="JH").rule == "malformed_bid"
    assert refused(BELOTE, 0, [PASS] * 4 + [Call("name")], turned="JH").rule == "malformed_bid"


def test_naming_a_suit_in_round_one_is_refused():
    error = refused(BELOTE, 0, [PASS, name("S")], turned="JH")
    assert error.rule == "name_in_round_one"
    assert "hearts" in str(error)


def test_round_two_starts_again_after_the_dealer_and_offers_the_other_suits():
    result = turned_auction(BELOTE, 0, [PASS] * 4)
    assert not result.complete
    assert result.round == 2 and result.next_seat == 1
    assert result.legal_bids == (LegalBid("pass"), LegalBid("name", trumps=("C", "D", "S")))


def test_round_two_naming_another_suit_makes_the_contract():
    result = turned_auction(BELOTE, 0, [PASS] * 6 + [name("C")])
    # Bid 7 is the third of round 2: seat 3.
    assert result.contract == Contract(taker=3, team=1, trump="C", turned=parse_card("JH"), round=2)


def test_round_two_naming_the_turned_suit_is_refused():
    error = refused(BELOTE, 0, [PASS] * 4 + [name("H")], turned="JH")
    assert error.rule == "same_suit_as_turned_in_round_two"
    assert error.index == 4 and error.seat == 1


def test_round_two_taking_the_turned_card_is_refused():
    error = refused(BELOTE, 0, [PASS] * 5 + [TAKE], turned="JH")
    assert error.rule == "take_in_round_two" and error.seat == 2


@pytest.mark.parametrize("mode", ["none", "all"])
def test_round_two_names_a_suit_not_a_mode(mode):
    error = refused(BELOTE, 0, [PASS] * 4 + [name(mode)], turned="JH")
    assert error.rule == "trump_mode_not_allowed"
    # Klob plays sans atout and tout atout, but docs/rules.md says "name another suit".
    klob = get_ruleset("klob")
    assert refused(klob, 0, [PASS] * 4 + [name(mode)], turned="JH").rule == (
        "trump_mode_not_allowed"
    )


def test_second_round_modes_all_modes_lets_round_two_name_none_or_all():
    klob = get_ruleset("klob", {"second_round_modes": "all_modes"})
    result = turned_auction(klob, 0, [PASS] * 4)
    assert result.legal_bids[1] == LegalBid("name", trumps=("C", "D", "S", "none", "all"))
    assert turned_auction(klob, 0, [PASS] * 4 + [name("none")]).contract.trump == "none"


def test_the_turned_suit_cannot_be_taken_when_the_ruleset_forbids_it_as_trump():
    no_hearts = BELOTE.with_options({"trump_modes": ["C", "D", "S"]})
    assert turned_auction(no_hearts, 0, []).legal_bids == (LegalBid("pass"),)
    assert refused(no_hearts, 0, [TAKE], turned="JH").rule == "trump_mode_not_allowed"


@pytest.mark.parametrize("action", ["bid", "coinche", "surcoinche"])
def test_coinche_actions_are_not_turned_card_bids(action):
    bad = Call(action, 80, "H") if action == "bid" else Call(action)
    assert refused(BELOTE, 0, [bad], turned="JH").rule == "action_not_allowed"


@pytest.mark.parametrize(
    ("preset", "dealer", "redealer"),
    [
        ("belote", 1, 1),  # seed 003: "dealt again by the same dealer"
        ("klob", 1, 2),
        ("cardavia", 3, 0),
        ("belote-ffb", 2, 3),
    ],
)
def test_all_pass_twice_is_a_redeal(preset, dealer, redealer):
    ruleset = get_ruleset(preset)
    result = turned_auction(ruleset, dealer, [PASS] * 8)
    assert result.complete and result.redeal and result.contract is None
    assert result.redeal_dealer == redealer
    assert not turned_auction(ruleset, dealer, [PASS] * 7).complete


def test_turned_card_stated_seat_must_match():
    error = refused(BELOTE, 2, [Call("pass", seat=3), Call("take", seat=1)], turned="JH")
    assert error.rule == "not_your_turn" and error.seat == 1


def test_no_seven_exchange_with_four_players():
    assert not turned_auction(BELOTE, 0, [TAKE], turned="9H").contract.seven_exchange_allowed


# --- Klaberjass --------------------------------------------------------------------------------


@pytest.mark.parametrize(("dealer", "non_dealer"), [(0, 1), (1, 0)])
def test_klaberjass_non_dealer_then_dealer(dealer, non_dealer):
    assert turned_auction(KLABERJASS, dealer, []).next_seat == non_dealer
    result = turned_auction(KLABERJASS, dealer, [PASS])
    assert result.next_seat == dealer and result.round == 1
    result = turned_auction(KLABERJASS, dealer, [PASS, PASS])
    assert result.round == 2 and result.next_seat == non_dealer


def test_klaberjass_dealer_takes_the_turned_suit_and_the_seven_may_be_exchanged():
    result = turned_auction(KLABERJASS, 0, [PASS, TAKE], turned="9D")
    assert result.contract == Contract(
        taker=0,
        team=0,
        trump="D",
        turned=parse_card("9D"),
        round=1,
        seven_exchange_allowed=True,
    )


def test_klaberjass_no_exchange_when_the_turned_card_is_the_seven():
    result = turned_auction(KLABERJASS, 0, [TAKE], turned="7D")
    assert result.contract.taker == 1 and not result.contract.seven_exchange_allowed


def test_klaberjass_named_suit_has_no_seven_exchange():
    result = turned_auction(KLABERJASS, 1, [PASS, PASS, PASS, name("S")], turned="9D")
    # Dealer 1: round 2 is seat 0 then seat 1; seat 1 (the dealer) names spades.
    assert result.contract.taker == 1 and result.contract.trump == "S"
    assert result.contract.round == 2 and not result.contract.seven_exchange_allowed


def test_klaberjass_named_suit_must_not_be_the_turned_one():
    error = refused(KLABERJASS, 0, [PASS, PASS, name("D")], turned="9D")
    assert error.rule == "same_suit_as_turned_in_round_two" and error.seat == 1


@pytest.mark.parametrize("dealer", [0, 1])
def test_klaberjass_both_pass_twice_same_dealer_redeals(dealer):
    result = turned_auction(KLABERJASS, dealer, [PASS] * 4)
    assert result.complete and result.redeal and result.redeal_dealer == dealer
    assert refused(KLABERJASS, dealer, [PASS] * 5, turned="JH").rule == "auction_complete"


# --- the parameters and the legal list -------------------------------------------------------


def test_bidding_parameters_of_the_presets():
    assert {n: r.redeal_dealer for n, r in PRESETS.items()} == {
        "belote": "same",
        "klob": "next",
        "cardavia": "next",
        "klaberjass": "same",
        "belote-ffb": "next",
        "coinche": "next",
        "belot": "next",
        "klaverjas-rotterdam": "next",
        "klaverjas-amsterdam": "next",
    }
    assert [n for n, r in PRESETS.items() if r.trump_seven_exchange] == ["klaberjass"]
    assert {r.second_round_modes for r in PRESETS.values()} == {"suits"}


def _expand(legal_bids):
    for legal in legal_bids:
        if legal.action == "bid":
            yield from (Call("bid", v, t) for v in legal.values for t in legal.trumps)
        elif legal.action == "name":
            yield from (Call("name", trump=t) for t in legal.trumps)
        else:
            yield Call(legal.action, trump=legal.trump)


def _every_bid():
    yield from (Call(a) for a in ("pass", "coinche", "surcoinche"))
    yield from (Call("take", trump=t) for t in TRUMP_MODES)
    yield from (Call("bid", v, t) for v in BID_VALUES for t in TRUMP_MODES)
    yield from (Call("name", trump=t) for t in TRUMP_MODES)


@pytest.mark.parametrize(
    ("ruleset", "bids", "turned"),
    [
        (COINCHE, [], None),
        (COINCHE, [bid(120, "none")], None),
        (COINCHE, [bid(120, "none"), COINCHE_BID], None),
        (COINCHE, [bid(120, "none"), COINCHE_BID, PASS], None),
        (COINCHE, [bid("capot", "all")], None),
        (BELOTE, [], "JH"),
        (BELOTE, [PASS] * 5, "JH"),
        (get_ruleset("klob", {"second_round_modes": "all_modes"}), [PASS] * 4, "7S"),
        (KLABERJASS, [PASS, PASS], "AC"),
    ],
)
def test_legal_bids_list_exactly_the_bids_the_auction_accepts(ruleset, bids, turned):
    card = None if turned is None else parse_card(turned)
    listed = set(_expand(run_auction(ruleset, 0, bids, card).legal_bids))
    accepted = set()
    for candidate in _every_bid():
        try:
            run_auction(ruleset, 0, [*bids, candidate], card)
        except IllegalBidError:
            continue
        accepted.add(candidate)
    assert listed == accepted
    assert Call("pass") in listed


# --- House rules: the bid ladder (bid_minimum, bid_step, bid_maximum) ---------------------
# docs/house-rules.md. drasill/bga-coinche doc/rules-fr.md: "Les enchères commencent à 82
# points ... et montent de 10 points en 10 points"; Oliboy50/coinche
# client/src/shared/coinche/index.ts `validExpectedPoints`: 82, 85, 90 ... 250.

BGA_LADDER = {"bid_minimum": 82}
OLIBOY50_LADDER = {"bid_minimum": 82, "bid_step": 5, "bid_maximum": 250}


def test_the_presets_keep_the_80_to_160_ladder():
    assert all(bid_values(p) == BID_VALUES for p in PRESETS.values())


def test_bga_coinche_ladder_opens_at_82_then_goes_by_tens():
    ruleset = COINCHE.with_options(BGA_LADDER)
    assert bid_values(ruleset) == (82, 90, 100, 110, 120, 130, 140, 150, 160, "capot")
    legal = run_auction(ruleset, 0, []).legal_bids[1]
    assert legal.values == bid_values(ruleset)
    assert refused(ruleset, 0, [bid(80, "H")]).rule == "invalid_value"
    error = refused(ruleset, 0, [bid(82, "H"), bid(85, "S")])
    assert error.rule == "invalid_value" and "82, 90, ... 160 or capot" in str(error)
    assert run_auction(ruleset, 0, [bid(82, "H"), bid(90, "S")]).highest.value == 90


def test_oliboy50_ladder_is_82_then_fives_up_to_250():
    # Oliboy50/coinche index.ts validExpectedPoints, in order.
    expected = (82, *range(85, 251, 5))
    ruleset = COINCHE.with_options(OLIBOY50_LADDER)
    assert bid_values(ruleset) == (*expected, "capot")
    result = run_auction(ruleset, 0, [bid(82, "S"), bid(85, "H"), bid(250, "none")])
    assert result.highest.value == 250
    error = refused(ruleset, 0, [bid(85, "S"), bid(85, "H")])
    assert error.rule == "bid_too_low" and "bid 90 or more" in str(error)


def test_a_ladder_with_its_minimum_above_its_maximum_is_refused():
    with pytest.raises(RulesetError) as caught:
        COINCHE.with_options({"bid_minimum": 170})
    assert caught.value.field == "bid_minimum"


def test_libcoinche_test_auction():
    # gyscos/libcoinche src/bid.rs `test_auction`, P0 first (dealer 3 here), in_turn.
    opening = [PASS, PASS, PASS]
    assert run_auction(COINCHE, 3, opening).next_seat == 3
    error = refused(COINCHE, 3, [*opening, Call("pass", seat=1)])  # TurnError
    assert error.rule == "not_your_turn" and error.seat == 1
    error = refused(COINCHE, 3, [*opening, coinche_by(2)])  # TurnError
    assert error.rule == "not_your_turn" and error.seat == 2
    bids = [*opening, bid(80, "H", seat=3)]
    assert refused(COINCHE, 3, [*bids, bid(80, "C", seat=0)]).rule == "bid_too_low"
    error = refused(COINCHE, 3, [*bids, bid(100, "C", seat=1)])  # TurnError
    assert error.rule == "not_your_turn" and error.seat == 1
    bids += [Call("pass", seat=0), bid(100, "H", seat=1)]  # partner surbids
    assert not run_auction(COINCHE, 3, [*bids, PASS, PASS]).complete
    result = run_auction(COINCHE, 3, [*bids, PASS, PASS, PASS])
    assert result.complete
    assert result.contract == Contract(taker=1, team=1, trump="H", value=100, coinche="none")


def _expand_with_seats(result):
    """Every bid ``legal_bids`` allows, the coinche once per listed seat (and unnamed when
    the next seat is one of them)."""
    for legal in result.legal_bids:
        if legal.action == "coinche":
            yield from (Call("coinche", seat=s) for s in legal.seats)
            if result.next_seat in legal.seats:
                yield Call("coinche")
        elif legal.action == "bid":
            yield from (Call("bid", v, t) for v in legal.values for t in legal.trumps)
        else:
            yield Call(legal.action)


@pytest.mark.parametrize("options", [{}, {"coinche_timing": "any_time"}, BGA_LADDER])
@pytest.mark.parametrize(
    "bids",
    [
        [],
        [bid(120, "none")],
        [bid(120, "none"), PASS],
        [bid(120, "none"), PASS, bid(130, "S")],
        [bid(120, "none"), COINCHE_BID],
        [bid("capot", "all"), PASS],
    ],
)
def test_legal_bids_and_their_coinche_seats_are_exactly_what_is_accepted(options, bids):
    ruleset = COINCHE.with_options(options)
    result = run_auction(ruleset, 0, bids)
    listed = set(_expand_with_seats(result))
    candidates = [Call("pass"), Call("coinche"), Call("surcoinche")]
    candidates += [Call("coinche", seat=s) for s in range(4)]
    candidates += [Call("bid", v, t) for v in bid_values(ruleset) for t in TRUMP_MODES]
    accepted = set()
    for candidate in candidates:
        try:
            run_auction(ruleset, 0, [*bids, candidate])
        except IllegalBidError:
            continue
        accepted.add(candidate)
    assert listed == accepted


@pytest.mark.parametrize("mode", ["S", "D", "C", "H", "none"])
def test_oliboy50_say_take(mode):
    # Oliboy50/coinche client/src/shared/coinche/move/sayTake.test.ts "move/sayTake": after
    # a take of `higher` (West, seat 3 here), North (seat 0) "throws if expected points is"
    # any valid value <= higher or -1, 0, 80, 81, 100.5, 251, 255, and "says take" with any
    # valid value above it, in each of its five trump modes. (Its test starts from a
    # coinched take, which a higher take cancels there; here nobody bids after a coinche.)
    ruleset = COINCHE.with_options(OLIBOY50_LADDER | {"trump_modes": ["C", "D", "H", "S", "none"]})
    ladder = [v for v in bid_values(ruleset) if v != "capot"]
    for higher in ladder:
        said = [bid(higher, mode, seat=3)]
        for value in [v for v in ladder if v <= higher] + [-1, 0, 80, 81, 100.5, 251, 255]:
            error = refused(ruleset, 2, [*said, bid(value, mode, seat=0)])
            assert error.rule in ("bid_too_low", "invalid_value"), (higher, value)
        above = [v for v in ladder if v > higher]
        for value in sorted(set(above[:1] + above[-1:])):  # the lowest and the highest
            result = run_auction(ruleset, 2, [*said, bid(value, mode, seat=0)])
            assert result.highest == Highest(0, 0, value, mode)
