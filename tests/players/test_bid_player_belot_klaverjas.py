"""The bidding player in the bulgarian and klaverjas auctions (``service/players/bidding.py``,
docs/rules-belot-klaverjas.md 2.2 and 3.2): the baseline's calls worked out by hand, the
look-ahead's options, every suggested call legal in the engine at every level, and the
same answer for the same view and seed."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.engine.bidding import Call, run_auction
from service.engine.cards import mask_of, parse_card
from service.engine.round import Round
from service.engine.rulesets import PRESETS, get_ruleset
from service.players import bidding, reading, table
from service.players.baselines import greedy_card
from tests.support.play_helpers import table_deal

PASS = Call("pass")
BELOT = get_ruleset("belot")
ROTTERDAM = get_ruleset("klaverjas-rotterdam")  # klaverjas_proposed, choose_other
AMSTERDAM = get_ruleset("klaverjas-amsterdam")  # klaverjas_free
UTRECHT = get_ruleset("klaverjas-amsterdam", {"bidding": "klaverjas_forced"})
NEW_PROPOSAL = get_ruleset("klaverjas-rotterdam", {"proposed_all_pass": "new_proposal"})


def hand(*names: str) -> int:
    return mask_of(parse_card(n) for n in names)


def margin(cards: int, mode: str, rules=BELOT) -> float:
    return reading.side_points(cards, mode, rules) - reading.take_threshold(mode, rules)


# --- bulgarian: the ladder C < D < H < S < none < all, contra, recontra -------------------


def test_a_strong_all_trumps_hand_bids_all():
    """J and 9 of clubs and diamonds and the jack of hearts: three of the four jacks and
    two nines, the top cards of all trumps. Its margin in all trumps (its estimate over
    half the points in play and a tenth) is far above any suit's: seat 1 opens with all."""
    cards = hand("JC", "9C", "JD", "9D", "JH")
    margins = {m: margin(cards, m) for m in BELOT.trump_modes}
    assert max(margins, key=margins.get) == "all" and margins["all"] > 50
    view = table.AuctionView(BELOT, 1, cards, 0)
    assert bidding.strong_trumps_bid(view) == Call("bid", trump="all")
    assert bidding.suggest_bid(view, "easy").bid == Call("bid", trump="all")


def test_aces_and_tens_bid_no_trump():
    """Aces and tens take the tricks of no trump (A 11, 10 10, doubled there): no trump is
    the best margin of this hand, above any suit."""
    view = table.AuctionView(BELOT, 1, hand("AC", "10C", "AD", "10D", "AH"), 0)
    assert bidding.ladder_bid(view) == Call("bid", trump="none")


def test_a_hand_with_nothing_passes():
    view = table.AuctionView(BELOT, 1, hand("7C", "8C", "7D", "8D", "7H"), 0)
    assert all(margin(view.hand, m) < 0 for m in BELOT.trump_modes)
    assert bidding.strong_trumps_bid(view) == PASS
    assert bidding.heuristic_bid(view) == PASS


def test_an_opponents_contract_in_the_hands_own_suit_is_doubled():
    """Seat 0 bid hearts; seat 1 holds J 9 A 10 K of hearts: its margin in hearts is above
    that of any contract it could bid over them (spades, no trump, all): contra."""
    cards = hand("JH", "9H", "AH", "10H", "KH")
    view = table.AuctionView(BELOT, 1, cards, 3, (Call("bid", trump="H"),))
    assert Call("contra") in bidding._legal(view)
    assert margin(cards, "H") > max(margin(cards, m) for m in ("S", "none", "all"))
    assert bidding.ladder_bid(view) == Call("contra")


def test_a_doubled_contract_held_with_a_strong_hand_is_redoubled():
    """Seat 0 bid spades, seat 1 doubled; seat 2 (seat 0's partner) holds the top spades:
    nothing above spades is worth a tenth more than its partner's contract, and its margin
    in spades clears that tenth: recontra."""
    cards = hand("JS", "9S", "8S", "7S", "AH")
    view = table.AuctionView(BELOT, 2, cards, 3, (Call("bid", trump="S"), Call("contra")))
    legal = bidding._legal(view)
    assert Call("recontra") in legal and Call("contra") not in legal
    assert margin(cards, "S") >= 162 / 10
    assert margin(cards, "none") < 0 < margin(cards, "all") < 258 / 10
    assert bidding.ladder_bid(view) == Call("recontra")


def test_over_a_partners_contract_a_higher_one_needs_a_tenth_more():
    """Seat 0 bid clubs; seat 2, its partner, would open spades (a positive margin) but
    not by a tenth of the points: it passes rather than outbid its partner."""
    cards = hand("JS", "7S", "8S", "AH", "7D")
    assert 0 < margin(cards, "S") < 16.2
    alone = table.AuctionView(BELOT, 2, cards, 1)
    assert bidding.ladder_bid(alone) == Call("bid", trump="S")
    over_partner = table.AuctionView(BELOT, 2, cards, 3, (Call("bid", trump="C"), PASS))
    assert bidding.ladder_bid(over_partner) == PASS


def test_the_bulgarian_options_are_the_calls_and_the_three_best_contracts():
    cards = hand("JC", "9C", "JD", "9D", "JH")
    view = table.AuctionView(BELOT, 1, cards, 3, (Call("bid", trump="C"),))
    options = bidding._options(view)
    contracts = [b.trump for b in options if b.action == "bid"]
    assert {PASS, Call("contra")} <= set(options)
    assert len(contracts) == 3 and contracts[0] == "all"
    higher = ("D", "H", "S", "none", "all")
    ranked = sorted(higher, key=lambda m: -margin(cards, m))
    assert contracts == ranked[:3]


# --- klaverjas: name a suit or pass, the forced first speaker, the proposed suit ----------


def test_a_proposed_suit_with_its_jack_and_nine_is_taken():
    """Spades proposed: J 3 + 9 2 make the baseline's 5; without the jack, 9 2 + A 1 is 3."""
    taken = table.AuctionView(
        ROTTERDAM, 1, hand("JS", "9S", "7C", "8C", "7D", "8D", "7H", "8H"), 0, proposed="S"
    )
    assert bidding._legal(taken) == [PASS, Call("take", trump="S")]
    assert bidding.strong_trumps_bid(taken) == Call("take", trump="S")
    without_jack = table.AuctionView(
        ROTTERDAM, 1, hand("9S", "AS", "7C", "8C", "7D", "8D", "7H", "8H"), 0, proposed="S"
    )
    assert bidding.strong_trumps_bid(without_jack) == PASS


def test_the_forced_first_speaker_names_its_best_suit():
    """Utrechts (klaverjas_forced): seat 1 must name trump though no suit reaches 5; it
    names its best count, hearts (9 2, 10 1/2, the outside ace of spades 1: 3.5, over
    clubs' and diamonds' 2 and spades' 1.5)."""
    cards = hand("7C", "8C", "QD", "KD", "9H", "10H", "AS", "7S")
    view = table.AuctionView(UTRECHT, 1, cards, 0)
    assert PASS not in bidding._legal(view)
    assert bidding.strong_trumps_bid(view) == Call("name", trump="H")
    for level in ("easy", "normal", "hard"):
        assert bidding.suggest_bid(view, level, seed=3).bid.action == "name"
    assert bidding.heuristic_bid(view).action == "name"  # never the illegal pass


def test_after_four_passes_the_first_speaker_must_name_one():
    """Amsterdam (klaverjas_free): everybody passed; seat 1 names diamonds (J 9 A)."""
    cards = hand("JD", "9D", "AD", "7C", "8C", "7H", "8H", "7S")
    view = table.AuctionView(AMSTERDAM, 1, cards, 0, (PASS,) * 4)
    assert PASS not in bidding._legal(view)
    assert bidding.strong_trumps_bid(view) == Call("name", trump="D")


def test_a_free_klaverjas_seat_names_its_strong_suit_or_passes():
    strong = table.AuctionView(
        AMSTERDAM, 1, hand("JH", "9H", "AH", "7C", "8C", "7D", "8D", "7S"), 0
    )
    assert bidding.strong_trumps_bid(strong) == Call("name", trump="H")
    weak = table.AuctionView(AMSTERDAM, 1, hand("7C", "8C", "7D", "8D", "7H", "8H", "7S", "8S"), 0)
    assert bidding.strong_trumps_bid(weak) == PASS


def test_the_likelihood_reads_a_take_of_the_proposed_suit():
    """A take of the proposed spades is likelier from the hand strong in spades; a pass of
    them likelier from the weak one."""
    strong = hand("JS", "9S", "AS", "10S", "7C", "8C", "7D", "8D")
    weak = hand("7C", "8C", "9C", "7D", "8D", "9D", "7H", "8H")
    others = [hand("JC", "9H", "AC"), 0, 0, 0]
    took = reading.bids_likelihood(ROTTERDAM, 0, 0, (Call("take"),), None, "S")
    passed = reading.bids_likelihood(ROTTERDAM, 0, 0, (PASS,), None, "S")
    assert took([others[0], strong, 0, 0]) > took([others[0], weak, 0, 0])
    assert passed([others[0], strong, 0, 0]) < passed([others[0], weak, 0, 0])


def test_the_likelihood_reads_a_bulgarian_contract():
    """A contract in all trumps is likelier from the hand of jacks and nines; a pass from
    the hand with nothing."""
    jacks = hand("JC", "9C", "JD", "9D", "JH")
    nothing = hand("7C", "8C", "7D", "8D", "7H")
    bid = reading.bids_likelihood(BELOT, 0, 0, (Call("bid", trump="all"),), None)
    passed = reading.bids_likelihood(BELOT, 0, 0, (PASS,), None)
    assert bid([0, jacks, 0, 0]) > bid([0, nothing, 0, 0])
    assert passed([0, jacks, 0, 0]) < passed([0, nothing, 0, 0])


# --- every procedure: legal calls, determinism ---------------------------------------------

RULESETS = {
    "belot": BELOT,
    "klaverjas-rotterdam": ROTTERDAM,
    "klaverjas-amsterdam": AMSTERDAM,
    "utrechts": UTRECHT,
    "new_proposal": NEW_PROPOSAL,
}


def _auction_prefix(rules, seed: int, made: int):
    """A deal, a dealer and ``made`` random legal calls (pass three times in four where it
    is legal, so that klaverjas auctions last); the view of the seat to call next (None
    when the auction ended first)."""
    rng = random.Random(seed)
    dealer = rng.randrange(rules.players)
    dealt = table_deal(rules, rng, dealer)
    offered = (dealt.proposed, dealt.second_proposed)
    bids: list[Call] = []
    for _ in range(made + 1):
        result = run_auction(rules, dealer, bids, dealt.turned, *offered)
        if result.complete:
            return None
        seat = result.next_seat
        view = table.AuctionView(
            rules, seat, dealt.hands[seat], dealer, tuple(bids), dealt.turned, *offered
        )
        if len(bids) == made:
            return view
        legal = bidding._legal(view)
        bids.append(PASS if PASS in legal and rng.random() < 0.75 else rng.choice(legal))
    return None


@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
@given(
    name=st.sampled_from(sorted(RULESETS)),
    seed=st.integers(0, 10**6),
    made=st.integers(0, 5),
    level=st.sampled_from(["easy", "normal", "hard", "heuristic", "model"]),
)
def test_every_suggested_call_is_legal(name, seed, made, level):
    rules = RULESETS[name]
    view = _auction_prefix(rules, seed, made)
    if view is None:
        return
    if level == "heuristic":
        bid = bidding.heuristic_bid(view)
    elif level == "model":
        bid = bidding.model_bid(view)
    else:
        suggestion = bidding.suggest_bid(view, level, seed=seed, budget_ms=10**6)
        bid = suggestion.bid
        assert bid in {b for b, _ in suggestion.options}
        assert set(bidding._options(view)) <= set(bidding._legal(view))
    offered = (view.proposed, view.second_proposed)
    run_auction(rules, view.dealer, [*view.bids, bid], view.turned, *offered)  # raises if illegal


def test_the_same_view_and_seed_give_the_same_call(monkeypatch):
    monkeypatch.setattr(bidding, "MAX_BID_BUDGET_MS", 10**7)  # counted in deals, not time
    for rules in (BELOT, ROTTERDAM, AMSTERDAM):
        view = next(v for seed in range(7, 50) if (v := _auction_prefix(rules, seed, 1)))
        first = bidding.suggest_bid(view, "hard", seed=5)
        assert first == bidding.suggest_bid(view, "hard", seed=5)
        assert first.samples >= bidding.BID_LEVELS["hard"].least * 3  # more deals here


def test_hard_looks_at_more_deals_in_belot_and_klaverjas_only():
    hard = bidding.BID_LEVELS["hard"]
    assert hard.more == 3
    assert set(hard.more_in) == {"bulgarian", "klaverjas_free", "klaverjas_forced"} | {
        "klaverjas_proposed"
    }
    for rules in (get_ruleset("belote"), get_ruleset("klaberjass"), get_ruleset("coinche")):
        assert rules.bidding not in hard.more_in  # their measured bidder, unchanged


def test_a_table_bids_whole_auctions_and_scores_a_doubled_contract():
    """Four baseline bidders finish belot auctions; a doubled contract is scored doubled:
    the contra round's scores are twice those of the same round undoubled (no capot)."""
    rng = random.Random(2)
    seen = set()
    for _ in range(60):
        game = Round(BELOT, 0, table.deal(BELOT, 0, str(rng.getrandbits(64))))
        contract, _bids = table.bid_round(game, [bidding.model_bid] * 4, rng)
        if contract is None:
            continue
        seen.add(contract.double)
        if contract.double != "contra":
            continue
        hands = table.start_play(game)
        rounds = [
            table.play_round(
                BELOT,
                hands,
                contract.trump,
                contract.taker,
                [greedy_card] * 4,
                random.Random(1),
                double=double,
            )
            for double in ("none", "contra")
        ]
        plain, doubled = (r.score for r in rounds)
        # (a litige holds the points for the next round: nothing to compare)
        tied = plain.outcome.litige or doubled.outcome.litige
        if (
            plain.outcome.made is not None
            and not tied
            and not any(r.score.figures.sweep for r in rounds)
        ):
            assert sum(doubled.score) == 2 * sum(plain.score)
    assert {"none", "contra"} <= seen


def test_every_preset_has_a_computer_bidder():
    """The first call of a deal, easy and normal, in each of the nine presets."""
    for name in sorted(PRESETS):
        rules = get_ruleset(name)
        assert rules.bidding in bidding.PLAYER_BIDDING
        view = _auction_prefix(rules, 1, 0)
        for level in ("easy", "normal"):
            bid = bidding.suggest_bid(view, level, seed=1).bid
            offered = (view.proposed, view.second_proposed)
            run_auction(rules, view.dealer, [bid], view.turned, *offered)


def test_the_table_deals_the_engines_deal_with_its_proposed_suits():
    """The players' table deals with the engine (:func:`deal.deal_round`): the proposed
    suits drawn apart from the pack, the packets of ``deal_packets``, one seed one deal."""
    assert table.deal(BELOT, 0, "4").proposed is None
    dealt = table.deal(ROTTERDAM, 0, "4")
    assert dealt.proposed in "CDHS" and dealt.second_proposed is None and dealt.turned is None
    assert [len(h) for h in dealt.hands] == [8] * 4
    assert table.deal(ROTTERDAM, 0, "4") == dealt
    again = table.deal(NEW_PROPOSAL, 0, "4")
    assert again.proposed in "CDHS" and again.second_proposed in "CDHS"
    assert again.second_proposed != again.proposed
    assert [len(h) for h in table.deal(BELOT, 0, "4").hands] == [5] * 4  # "3-2"


def test_the_arena_bids_belot_and_klaverjas_auctions():
    """bench/arena.py with --auction: both plays of each deal end in a contract or a redeal;
    with the same players on both sides the two plays are the same game with the sides'
    names swapped, so each side takes once and the duplicate margin is exactly 0."""
    sys.path.append(str(Path(__file__).resolve().parents[2] / "bench"))
    import arena

    for preset in ("belot", "klaverjas-rotterdam"):
        for index in range(2):
            args = (preset, None, "greedy", "greedy", "easy", "easy", True, 3, index)
            out = arena.play_deal(args)
            assert out["taken"]["A"] + out["taken"]["B"] + out["redeal"] == 2
            assert out["taken"]["A"] == out["taken"]["B"] and out["made"]["A"] == out["made"]["B"]
            assert out["margin"] == 0.0


def test_the_rollouts_remember_a_contracts_play_out_without_changing_its_value(monkeypatch):
    """Two options whose auctions end in the same contract play the same round: the
    remembered score gives each option the value of its own play-out, with fewer
    play-outs."""
    calls = {"fresh": 0, "kept": 0}
    counting = "fresh"

    def play_out(*args, **kwargs):
        calls[counting] += 1
        return table.play_out(*args, **kwargs)

    monkeypatch.setattr(bidding, "play_out", play_out)
    for k in range(6):
        dealt = table_deal(BELOT, random.Random(k))
        view = table.AuctionView(BELOT, 1, dealt.hands[1], 0)
        plays: dict = {}
        for option in bidding._options(view):
            counting = "fresh"
            fresh = bidding._rollout(view, dealt, option, random.Random(k), 0.0, {})
            counting = "kept"
            kept = bidding._rollout(view, dealt, option, random.Random(k), 0.0, {}, None, plays)
            assert kept == fresh
    assert calls["kept"] < calls["fresh"]
