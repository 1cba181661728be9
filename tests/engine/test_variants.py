"""The variant parameters of docs/house-rules.md ("Variants"), case by case, each with the
text or program it comes from. Every one defaults to what the presets did before
(tests/engine/test_rulesets.py ``VARIANT_DEFAULTS``)."""

from __future__ import annotations

import random

import pytest

from service.engine.bidding import Call, IllegalBidError, run_auction
from service.engine.cards import ALL_TRUMP, NO_TRUMP, mask_of
from service.engine.match import MatchRound, score_match
from service.engine.play import set_points, trick_points
from service.engine.record import score_round
from service.engine.rulesets import RulesetError, get_ruleset
from service.engine.scoring import ContractBid, Figures, settle_figures
from tests.support.house_rules_doc import options_of
from tests.support.rounds_helper import DEAL_CAPOT, cards, random_round, scripted_round


def settle(options, figs, bid, taker_team=0, trump="H", preset="coinche"):
    ruleset = get_ruleset(preset, options)
    outcome, score, _, _ = settle_figures(ruleset, trump, figs, taker_team, bid)
    return outcome, score


def figures(cards, belote=(0, 0), declarations=(0, 0), sweep=None):
    return Figures(tuple(cards), tuple(declarations), tuple(belote), 162, sweep)


# --- the coinche multipliers --------------------------------------------------------------


def test_surcoinche_multiplier_3_of_the_ffb_equipe_ludique_edition():
    # FFB "Équipe Ludique" edition (Cannes 2016) and colver: a surcoinche multiplies by 3.
    # docs/rules.md Coinche, bid 120, takers 130: coinched [500, 0]; surcoinched x3: 750.
    _, score = settle(
        {"surcoinche_multiplier": 3}, figures((130, 32)), ContractBid(120, "surcoinche")
    )
    assert score == ((130 + 120) * 3, 0)
    _, score = settle({}, figures((130, 32)), ContractBid(120, "surcoinche"))
    assert score == ((130 + 120) * 4, 0)  # the preset: x4
    _, score = settle(
        {"surcoinche_multiplier": 3}, figures((110, 52)), ContractBid(120, "surcoinche")
    )
    assert score == (0, (162 + 120) * 3)


def test_libcoinche_leaves_the_coinche_level_unscored():
    # gyscos/libcoinche src/game.rs `get_game_result` (a TODO: "Take coinche into
    # account"): the winners score the target, whatever the coinche level.
    options = options_of(
        "libcoinche"
    )  # docs/house-rules.md: coinche_multiplier and surcoinche_multiplier 1
    for level in ("none", "coinche", "surcoinche"):
        assert settle(options, figures((100, 62)), ContractBid(90, level))[1] == (90, 0)
        assert settle(options, figures((80, 82)), ContractBid(90, level))[1] == (0, 160)


# --- a coinched contract made ---------------------------------------------------------------


def test_coinched_made_takers_take_all_ffb_2016_note_1():
    # FFB 2016 scoring table and its note 1 (Cannes 2016): a coinched contract made gives
    # the takers every card point and every belote, the defence nothing. Under the
    # preset's formula: (162 + bid) x 2 + both belotes.
    options = {"coinched_made": "takers_take_all"}
    _, score = settle(options, figures((130, 32), belote=(0, 20)), ContractBid(120, "coinche"))
    assert score == ((162 + 120) * 2 + 20, 0)
    # Not coinched, nothing changes: each side its own.
    _, score = settle(options, figures((130, 32), belote=(0, 20)), ContractBid(120))
    assert score == (130 + 120, 52)
    # colver's own formula ("points faits + points demandés", only the bid multiplied).
    colver = options | {"made": "total_plus_multiplied_bid", "surcoinche_multiplier": 3}
    _, score = settle(colver, figures((101, 61), belote=(0, 20)), ContractBid(80, "surcoinche"))
    assert score == (162 + 20 + 80 * 3, 0)


def test_coinched_made_defenders_keep_is_scoreits_coinche_value():
    # StephaneBg/ScoreIt CoincheSolver (commit 2f0cd31): `cards_and_bid_defenders_keep` is
    # `cards_and_bid` with coinched_made defenders_keep; the later solver (commit 360828e)
    # is `total_and_bid_multiplied` with it: (total + bid) x m, the defenders their own.
    figs = figures((130, 32), belote=(20, 0))
    old = settle({"made": "cards_and_bid_defenders_keep"}, figs, ContractBid(120, "coinche"))[1]
    assert settle({"coinched_made": "defenders_keep"}, figs, ContractBid(120, "coinche"))[1] == old
    later = {"made": "total_and_bid_multiplied", "coinched_made": "defenders_keep"}
    assert settle(later, figs, ContractBid(120, "coinche"))[1] == ((150 + 120) * 2, 32)


def test_scoreits_later_solver_fails_at_160_plus_the_bid():
    # CoincheSolver.kt at commit 360828e `getResults`: failed, the takers 0 (belote lost
    # too), the defenders (160 + bid) x m, 500 x m for a capot bid.
    options = {"made": "total_and_bid_multiplied", "failed": "flat_plus_bid"}
    figs = figures((100, 62), belote=(20, 0))
    assert settle(options, figs, ContractBid(130))[1] == (0, 160 + 130)
    assert settle(options, figs, ContractBid(130, "coinche"))[1] == (0, (160 + 130) * 2)
    assert settle(options, figs, ContractBid("capot", "surcoinche"))[1] == (0, 500 * 4)


# --- the defence's capot on a failed contract ----------------------------------------------


def test_failed_capot_counts_162_with_mode_total():
    # The defenders took every trick (252 with the capot bonus). Cannes 2016 (the preset's
    # reading): 252 + bid; colver: 162 + bid ("la défense marque 162 + le contrat").
    figs = figures((0, 252), sweep=1)
    assert settle({}, figs, ContractBid(100))[1] == (0, 252 + 100)
    assert settle({"failed_capot": "mode_total"}, figs, ContractBid(100))[1] == (0, 162 + 100)
    # The takers' capot is untouched.
    made = figures((252, 0), sweep=0)
    assert settle({"failed_capot": "mode_total"}, made, ContractBid(100))[1] == (252 + 100, 0)


def test_failed_capot_on_a_played_round_over_both_values():
    # rounds_helper.DEAL_CAPOT: team 0 takes every trick; team 1 bid 80 and fails.
    tricks = scripted_round("coinche", "H", 0, DEAL_CAPOT)
    ruleset = get_ruleset("coinche", {"failed_capot": "mode_total"})
    assert score_round(ruleset, "H", 1, tricks, bid=ContractBid(80)).score == (162 + 80, 0)
    assert score_round(get_ruleset("coinche"), "H", 1, tricks, bid=ContractBid(80)).score == (
        332,
        0,
    )


# --- bga-coinche: sans atout / tout atout scaled to 152, capot as "no point" ----------------

BGA_MODES = {
    "no_trump_points": "plain",
    "all_trump_points": "raw",
    "card_points_scale": "to_152",
    "capot_when": "no_points",
    "capot_bonus": 98,
}


def random_rounds(ruleset, trump, count, seed):
    rng = random.Random(seed)
    for _ in range(count):
        order = list(range(32))
        rng.shuffle(order)
        hands = [mask_of(order[8 * s : 8 * s + 8]) for s in range(4)]
        tricks = random_round(ruleset, trump, hands, 0, rng.choice)
        yield score_round(ruleset, trump, 0, tricks, bid=ContractBid(80))


@pytest.mark.parametrize("trump", [NO_TRUMP, ALL_TRUMP, "H"])
def test_card_points_scaled_to_152_and_capot_as_bga_coinche_counts_them(trump):
    # coinche.game.php stEndHand: `round($teamPoints * 152 / 120)` sans atout,
    # `* 152 / 248` tout atout (PHP rounds half away from zero), + 10 to the last trick's
    # side; "If a team scored zero points, it's a capot, so 250pts". Checked on random
    # legal rounds against that procedure, worked here from the raw trick points.
    ruleset = get_ruleset("coinche", BGA_MODES)
    deck = set_points((1 << 32) - 1, trump, ruleset)
    assert deck == {NO_TRUMP: 120, ALL_TRUMP: 248, "H": 152}[trump]
    for scored in random_rounds(ruleset, trump, 60, 7):
        raw = [0, 0]
        for t in scored.tricks:
            raw[t.team] += trick_points(t.cards, trump, ruleset)
        points = [int(p * 152 / deck + 0.5) for p in raw]
        points[scored.last_trick] += 10
        other = 1 - scored.last_trick
        if points[other] == 0:
            assert scored.capot == scored.last_trick
            assert scored.figures.cards == ((250, 0) if other == 1 else (0, 250))
        else:
            assert scored.capot is None and scored.figures.cards == tuple(points)


#: Trump hearts, seat 0 leads: team 1 wins only trick 6, four cards worth nothing (8S by
#: seat 3 over 7S, 9D, 8C), and team 0 every other trick, the last one included.
ZERO_POINT_TRICK = (
    "JH JS QH 7H",  # s0
    "9H 9S KH 8H",  # s0
    "AH 8D 10S QS",  # s0
    "10H 7D AS KS",  # s0
    "AC JC KC 7C",  # s0
    "7S 9D 8C 8S",  # s3 wins with 8S: 0 points
    "JD AD 9C KD",  # s3 leads; AD by s0
    "10C QC 10D QD",  # s0, and the last trick
)


def test_capot_when_a_side_made_no_point_even_with_a_trick():
    # bga-coinche stEndHand: "If a team scored zero points, it's a capot, so 250pts": team
    # 1 took a trick, but made 0 points, so team 0 is capot: 152 + 98 = 250.
    tricks = scripted_round("coinche", "H", 0, ZERO_POINT_TRICK)
    ruleset = get_ruleset("coinche", {"capot_when": "no_points", "capot_bonus": 98})
    scored = score_round(ruleset, "H", 0, tricks, bid=ContractBid(80))
    assert [t.team for t in scored.tricks].count(1) == 1
    assert scored.capot == 0 and scored.figures.cards == (250, 0)
    # The presets need every trick: 152 + 10 to team 0.
    preset = score_round(get_ruleset("coinche"), "H", 0, tricks, bid=ContractBid(80))
    assert preset.capot is None and preset.figures.cards == (162, 0)


def test_no_belote_in_all_trump_with_belote_in_all_trump_false():
    # bga-coinche findAndNotifyBelote: "Alltrump/notrump, no belote".
    from service.engine.declarations import find_belotes

    hand = mask_of(cards("KH QH KS QS 7C 8C 9C 10C"))
    assert len(find_belotes(hand, ALL_TRUMP, get_ruleset("coinche"))) == 2
    ruleset = get_ruleset("coinche", {"belote_in_all_trump": False})
    assert find_belotes(hand, ALL_TRUMP, ruleset) == []
    assert len(find_belotes(hand, "H", ruleset)) == 1


# --- the auction ------------------------------------------------------------------------------


def calls(*spec):
    out = []
    for s in spec:
        if s in ("pass", "coinche", "surcoinche"):
            out.append(Call(s))
        else:
            value, trump = s[:-1], s[-1]
            out.append(Call("bid", "capot" if value == "capot" else int(value), trump))
    return out


def test_raise_own_bid_only_in_another_mode_as_bga_coinche():
    # coinche.game.php: four passes after a bid end the auction (`$passCount >= 4`), so
    # the bidder speaks once more, and "You must change color to bid higher on yourself".
    ruleset = get_ruleset("coinche", {"raise_own_bid": "other_mode"})
    after = run_auction(ruleset, 0, calls("80H", "pass", "pass", "pass"))
    assert not after.complete and after.next_seat == 1
    with pytest.raises(IllegalBidError) as caught:
        run_auction(ruleset, 0, calls("80H", "pass", "pass", "pass", "90H"))
    assert caught.value.rule == "raise_own_bid_same_mode"
    raised = run_auction(ruleset, 0, calls("80H", "pass", "pass", "pass", "90S", *["pass"] * 4))
    assert raised.complete and (raised.contract.value, raised.contract.trump) == (90, "S")
    done = run_auction(ruleset, 0, calls("80H", "pass", "pass", "pass", "pass"))
    assert done.complete and done.contract.taker == 1
    # Another seat may still outbid in the same mode; after a coinche three passes end it.
    assert run_auction(ruleset, 0, calls("80H", "90H")).highest.seat == 2
    assert run_auction(ruleset, 0, calls("80H", "coinche", "pass", "pass", "pass")).complete
    # The preset: three passes end it.
    assert run_auction(get_ruleset("coinche"), 0, calls("80H", "pass", "pass", "pass")).complete


def test_a_higher_bid_cancels_a_coinche_as_oliboy50():
    # Oliboy50/coinche: a player may bid over a coinched take, which cancels the coinche.
    ruleset = get_ruleset("coinche", {"coinche_cancelled_by_bid": True})
    result = run_auction(ruleset, 0, calls("80H", "coinche", "90S", "pass", "pass", "pass"))
    assert result.complete
    assert (result.contract.value, result.contract.coinche, result.contract.taker) == (
        90,
        "none",
        3,
    )
    # The new bid can be coinched in its turn.
    again = run_auction(ruleset, 0, calls("80H", "coinche", "90S", "coinche", *["pass"] * 3))
    assert again.contract.coinche == "coinche" and again.contract.coinched_by == 0
    with pytest.raises(IllegalBidError) as caught:
        run_auction(get_ruleset("coinche"), 0, calls("80H", "coinche", "90S"))
    assert caught.value.rule == "bid_after_coinche"


# --- the match ----------------------------------------------------------------------------------


def test_open_match_sums_any_number_of_rounds():
    # StephaneBg/ScoreIt keeps no target: the rounds are summed and the match never ends.
    rounds = [MatchRound((600, 0))] * 5
    result = score_match(rounds, None, open_match=True)
    assert result.totals == (3000, 0) and not result.finished and result.winner is None
    # Without it, no target is a single deal.
    single = score_match([MatchRound((100, 62))], None)
    assert single.finished and single.winner == 0
    # open_match needs target and match_deals null.
    with pytest.raises(RulesetError) as caught:
        get_ruleset("belote", {"open_match": True})
    assert caught.value.field == "open_match"
    assert get_ruleset("belote", {"open_match": True, "target": None}).open_match
