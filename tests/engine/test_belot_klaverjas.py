"""docs/rules-belot-klaverjas.md through the engine: positions P1-P9, the roem table, the match
cases, every worked example (B1-B13, K1-K7, KR1-2, KA1) scored and validated play by
play from the deal and the auction, the new auctions, and random legal rounds."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.engine.bidding import Call, IllegalBidError, run_auction
from service.engine.cards import card_name, mask_of, parse_card
from service.engine.match import MatchRound, score_match
from service.engine.play import (
    MUST_NOT_UNDERTRUMP,
    MUST_OVERTRUMP,
    Position,
    PositionError,
    check_card,
    legal_moves,
)
from service.engine.record import (
    COMPLETE,
    PLAY,
    RoundRecord,
    check_round,
    score_round,
    validate_record,
)
from service.engine.roem import trick_roem
from service.engine.rounds import Trick
from service.engine.rulesets import PRESETS, get_ruleset
from service.engine.score_units import tens
from service.engine.scoring import DOUBLES
from tests.support.belot_klaverjas_examples import EXAMPLES
from tests.support.belot_klaverjas_tables import MATCHES, POSITIONS, PRESET_OF, ROEM
from tests.support.rounds_helper import random_round


def _cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def _tricks(request: dict) -> list[Trick]:
    return [Trick(t["leader"], tuple(map(parse_card, t["cards"]))) for t in request["tricks"]]


def _claims(request: dict) -> list[tuple[int, list[int]]]:
    return [(d["seat"], _cards(" ".join(d["cards"]))) for d in request.get("declarations", [])]


def score_example(name: str, ruleset_name: str | None = None, **changes):
    request = EXAMPLES[name]["request"] | changes
    ruleset = get_ruleset(ruleset_name or request["ruleset"], request.get("options"))
    return score_round(
        ruleset,
        request["trump"],
        request["taker"],
        _tricks(request),
        _claims(request),
        None,
        request.get("held_in", 0),
        request.get("double", "none"),
    )


# --- 2.3: positions ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("label", "trick", "hand", "preset", "legal"),
    [(p, t, h, k, legal[k]) for p, t, h, legal in POSITIONS for k in "BRA"],
)
def test_positions(label, trick, hand, preset, legal):
    ruleset = PRESETS[PRESET_OF[preset]]
    position = Position(0, tuple(_cards(trick)), "H", ruleset)
    assert position.seat == 3
    verdicts = legal_moves(mask_of(_cards(hand)), position)
    assert {card_name(v.card) for v in verdicts if v.legal} == set(legal.split()), label
    for v in verdicts:  # check_card gives every card the same verdict
        assert check_card(mask_of(_cards(hand)), v.card, position) == v


def test_no_undertrump_refusal_codes():
    """1.1: a lower trump while a higher one is held is must_overtrump; while a non-trump
    is held, must_not_undertrump, worded for the partner's trick."""
    amsterdam = PRESETS["klaverjas-amsterdam"]
    position = Position(0, tuple(_cards("7S 10H 8S")), "H", amsterdam)
    assert check_card(mask_of(_cards("9H 8H KC")), parse_card("8H"), position).rule == (
        MUST_OVERTRUMP
    )
    verdict = check_card(mask_of(_cards("8H KC")), parse_card("8H"), position)
    assert verdict.rule == MUST_NOT_UNDERTRUMP and "partner" in verdict.message
    # 3.3's example: trump S, trick 7H KS KD (partner's KS wins), hand 8S 7D: only 7D.
    spades = Position(1, tuple(_cards("7H KS KD")), "S", amsterdam)
    legal = [card_name(v.card) for v in legal_moves(mask_of(_cards("8S 7D")), spades) if v.legal]
    assert legal == ["7D"]
    for value in ("free", "overtrump_if_able"):
        other = amsterdam.with_options({"partner_winning_trump": value})
        moves = legal_moves(mask_of(_cards("8S 7D")), Position(1, spades.cards, "S", other))
        assert all(v.legal for v in moves)


# --- 3.4: roem -----------------------------------------------------------------------------


@pytest.mark.parametrize(("trick", "trump", "rotterdam", "amsterdam", "kinds"), ROEM)
def test_trick_roem_table(trick, trump, rotterdam, amsterdam, kinds):
    for name, points in (("klaverjas-rotterdam", rotterdam), ("klaverjas-amsterdam", amsterdam)):
        roem = trick_roem(_cards(trick), trump, PRESETS[name])
        assert roem.points == points, name
        assert sorted(i.kind for i in roem.items if i.points) == sorted(
            k for k in kinds if points or k != "four"
        )


def test_no_roem_outside_trick_rules():
    assert trick_roem(_cards("JC JD JH JS"), "H", PRESETS["belot"]).items == ()
    # Roem in no trumps only with declarations_in_no_trump.
    nt = get_ruleset("klaverjas-rotterdam", {"trump_modes": ["C", "D", "H", "S", "none"]})
    assert trick_roem(_cards("7C 8C 9C AH"), "none", nt).points == 20
    off = nt.with_options({"declarations_in_no_trump": False})
    assert trick_roem(_cards("7C 8C 9C AH"), "none", off).points == 0


# --- 2.8: match ----------------------------------------------------------------------------


@pytest.mark.parametrize(("rounds", "totals", "result"), MATCHES)
def test_belot_match_cases(rounds, totals, result):
    belot = PRESETS["belot"]
    out = score_match(
        [MatchRound(score, 0, None, capot) for score, capot in rounds],
        belot.target,
        capot_cannot_finish=belot.match_capot_cannot_finish,
    )
    assert out.totals == totals and (out.finished, out.winner) == result


def test_capot_rule_is_a_parameter():
    rounds = [MatchRound((130, 100)), MatchRound((25, 0), capot=0)]
    assert score_match(rounds, 151).finished
    assert not score_match(rounds, 151, capot_cannot_finish=True).finished


def test_hanging_blocks_finish():
    rounds = [MatchRound((100, 60)), MatchRound((0, 8), held=8), MatchRound((51, 10), winner=0)]
    assert score_match([*rounds[:2], MatchRound((60, 0), winner=0)], 151).finished
    blocked = score_match(
        [*rounds[:2], MatchRound((60, 0), held=5)], 151, hanging_blocks_finish=True
    )
    assert not blocked.finished
    assert score_match(rounds, 151, hanging_blocks_finish=True).finished


def test_sixteen_deals():
    deals = PRESETS["klaverjas-rotterdam"].match_deals
    rounds = [MatchRound((100, 62))] * 15
    assert not score_match(rounds, None, deals=deals).finished
    won = score_match([*rounds, MatchRound((0, 162))], None, deals=deals)
    assert won.finished and won.winner == 0 and not won.draw
    draw = score_match([MatchRound((81, 81))] * 16, None, deals=16)
    assert draw.finished and draw.draw and draw.winner is None
    with pytest.raises(PositionError) as error:
        score_match([*rounds, MatchRound((0, 162)), MatchRound((1, 1))], None, deals=16)
    assert error.value.field == "rounds.16"
    with pytest.raises(PositionError):
        score_match(rounds, 1500, deals=16)


# --- the worked examples ------------------------------------------------------------------


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_worked_example_scores(name):
    result = score_example(name)
    example = EXAMPLES[name]
    assert (list(result.score), result.held) == (example["score"], example["held"])


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_worked_example_hands_are_the_dealt_hands(name):
    """The hands printed with each example are what its plays rebuild."""
    example = EXAMPLES[name]
    ruleset = PRESETS[example["request"]["ruleset"]]
    checked = check_round(_tricks(example["request"]), example["request"]["trump"], ruleset)
    assert checked.legal
    assert list(checked.hands) == [mask_of(_cards(" ".join(h))) for h in example["hands"]]


def test_belot_example_variants():
    assert score_example("B1", held_in=8).score == (18, 6)  # B4's next round
    assert score_example("B10", taker=1).score == (32, 0)
    counts = {"belote_on_discard": "counts"}
    assert score_example("B6", options=counts).score == (20, 8)
    for compare in ("value_pool", "single_contest"):
        result = score_example("B12", options={"declaration_compare": compare})
        assert result.score == (18, 8), compare
    # B13: with the trump tie-break the trump terca would win (20 more for team 0).
    tiebreak = score_example("B13", options={"sequence_trump_tiebreak": True})
    assert tiebreak.raw == (164, 38)


def test_klaverjas_examples_under_the_other_city():
    for name in ("K1", "K3", "K5", "KR2", "K6"):
        assert score_example(name, "klaverjas-amsterdam").score == score_example(name).score
    assert score_example("K7", "klaverjas-rotterdam").score == (482, 0)
    assert score_example("K6").figures.declarations == (200, 0)
    assert score_example("K6", "klaverjas-amsterdam").figures.declarations == (200, 0)


@pytest.mark.parametrize(
    ("name", "other"),
    [
        ("KR1", "klaverjas-amsterdam"),
        ("K2", "klaverjas-rotterdam"),
        ("K4", "klaverjas-rotterdam"),
        ("KA1", "klaverjas-rotterdam"),
    ],
)
def test_city_only_rounds_are_illegal_in_the_other_city(name, other):
    request = EXAMPLES[name]["request"]
    checked = check_round(_tricks(request), request["trump"], PRESETS[other])
    assert not checked.legal


def test_roem_per_trick_and_stuk_to_the_trick_winner():
    result = score_example("K3")
    roem = [t.roem.points for t in result.tricks]
    assert roem == [0, 0, 20, 0, 20, 40, 20, 0]
    assert result.figures.declarations == (60, 20) and result.figures.belote == (20, 0)
    assert result.belotes == ((2, 3),)  # stuk in trick 6, won by seat 2, spades
    assert result.declarations == ()


def test_klaverjas_refuses_announced_declarations():
    with pytest.raises(PositionError) as error:
        score_example("K1", declarations=[{"seat": 0, "cards": ["8C", "JC"]}])
    assert error.value.field.startswith("declarations")
    with pytest.raises(PositionError) as error:
        score_example("K1", declarations=[{"seat": 0, "cards": ["9H", "10H", "JH"]}])
    assert "declarations_from" in str(error.value)


def test_belot_refuses_declarations_in_no_trumps():
    with pytest.raises(PositionError) as error:
        score_example("B7", declarations=[{"seat": 0, "cards": ["QC", "KC", "AC"]}])
    assert "no trumps" in str(error.value)


# --- a round of each preset: bid, validated play by play, scored ------------------------------

#: Example -> bids that give its contract (dealer seat 3), and the request fields they need.
AUCTIONS = {
    "B1": ([Call("bid", trump="S"), Call("pass"), Call("pass"), Call("pass")], {}),
    "B10": ([Call("bid", trump="H"), Call("contra"), Call("pass"), Call("pass"), Call("pass")], {}),
    "B11": (
        [Call("bid", trump="D"), Call("contra"), Call("pass"), Call("pass"), Call("recontra")]
        + [Call("pass")] * 3,
        {},
    ),
    "K1": ([Call("take")], {"proposed": "H"}),
    "KR2": ([Call("pass")] * 4 + [Call("name", trump="S")], {"proposed": "H"}),
    "K7": ([Call("pass"), Call("name", trump="H")], {}),
    "K2": ([Call("name", trump="C")], {}),
    "K4": ([Call("name", trump="D")], {}),
}


@pytest.mark.parametrize("name", list(AUCTIONS))
def test_round_bid_validated_play_by_play_and_scored(name):
    example = EXAMPLES[name]
    request = example["request"]
    ruleset = PRESETS[request["ruleset"]]
    bids, extra = AUCTIONS[name]
    hands = [(s, _cards(" ".join(h))) for s, h in enumerate(example["hands"])]
    declarations = _claims(request)
    tricks = _tricks(request)

    def validate(played: list[Trick]):
        record = RoundRecord(ruleset, 3, hands, played, bids, declarations=declarations, **extra)
        return validate_record(record)

    for t, trick in enumerate(tricks):
        for i in range(len(trick.cards)):
            sofar = [*tricks[:t], Trick(trick.leader, trick.cards[:i])] if i else tricks[:t]
            state = validate(sofar)
            assert state.phase == PLAY and state.valid
            assert state.next.seat == (trick.leader + i) % 4
            legal = {v.card for v in state.next.verdicts if v.legal}
            assert trick.cards[i] in legal
    done = validate(tricks)
    assert done.phase == COMPLETE and done.valid
    assert (list(done.score.score), done.score.held) == (example["score"], example["held"])
    assert done.contract.taker == request["taker"]
    assert done.contract.double == request.get("double", "none")


# --- the auctions ---------------------------------------------------------------------------

BELOT = PRESETS["belot"]


def _refused(ruleset, bids, **extra) -> IllegalBidError:
    with pytest.raises(IllegalBidError) as error:
        run_auction(ruleset, 3, bids, **extra)
    return error.value


def test_bulgarian_ladder_contra_and_recontra():
    result = run_auction(BELOT, 3, [Call("bid", trump="H")])
    assert result.next_seat == 1 and not result.complete
    actions = {b.action: b for b in result.legal_bids}
    assert set(actions) == {"pass", "bid", "contra"}
    assert actions["bid"].trumps == ("S", "none", "all")
    assert _refused(BELOT, [Call("bid", trump="H"), Call("bid", trump="D")]).rule == "bid_too_low"
    own = [Call("bid", trump="H"), Call("pass"), Call("contra")]
    assert _refused(BELOT, own).rule == "contra_own_side"
    assert _refused(BELOT, [Call("contra")]).rule == "contra_without_contract"
    twice = [Call("bid", trump="H"), Call("contra"), Call("pass"), Call("contra")]
    assert _refused(BELOT, twice).rule == "contra_twice"
    wrong = [Call("bid", trump="H"), Call("contra"), Call("pass"), Call("recontra")]
    assert _refused(BELOT, wrong).rule == "recontra_wrong_side"
    assert _refused(BELOT, [Call("bid", trump="H"), Call("recontra")]).rule == (
        "recontra_without_contra"
    )
    # A side may raise its own contract; a higher contract resets the level.
    raised = run_auction(
        BELOT,
        3,
        [Call("bid", trump="H"), Call("contra"), Call("bid", trump="all")] + [Call("pass")] * 3,
    )
    assert raised.complete and raised.contract.trump == "all"
    assert raised.contract.taker == 2 and raised.contract.double == "none"


def test_bulgarian_all_pass_redeals_with_the_next_dealer():
    result = run_auction(BELOT, 3, [Call("pass")] * 4)
    assert result.complete and result.redeal and result.redeal_dealer == 0
    # Three passes after a contract end the auction.
    done = run_auction(BELOT, 3, [Call("pass"), Call("bid", trump="C")] + [Call("pass")] * 3)
    assert done.complete and done.contract.taker == 1


def test_klaverjas_free_all_pass_first_speaker_must_name():
    amsterdam = PRESETS["klaverjas-amsterdam"]
    result = run_auction(amsterdam, 3, [Call("pass")] * 4)
    assert not result.complete and result.next_seat == 0
    assert [b.action for b in result.legal_bids] == ["name"]
    assert _refused(amsterdam, [Call("pass")] * 5).rule == "must_name_trump"
    forced = run_auction(amsterdam, 3, [Call("pass")] * 4 + [Call("name", trump="S")])
    assert forced.contract.taker == 0 and forced.contract.trump == "S"
    dealer_first = amsterdam.with_options({"first_speaker": "dealer"})
    assert run_auction(dealer_first, 3, []).next_seat == 3


def test_klaverjas_forced():
    utrecht = get_ruleset("klaverjas-amsterdam", {"bidding": "klaverjas_forced"})
    assert _refused(utrecht, [Call("pass")]).rule == "must_name_trump"
    assert run_auction(utrecht, 3, [Call("name", trump="D")]).contract.trump == "D"


def test_klaverjas_proposed():
    rotterdam = PRESETS["klaverjas-rotterdam"]
    with pytest.raises(PositionError) as error:
        run_auction(rotterdam, 3, [])
    assert error.value.field == "proposed"
    start = run_auction(rotterdam, 3, [], proposed="H")
    assert [(b.action, b.trump) for b in start.legal_bids] == [("pass", None), ("take", "H")]
    assert _refused(rotterdam, [Call("name", trump="S")], proposed="H").rule == (
        "name_in_round_one"
    )
    passed = [Call("pass")] * 4
    assert _refused(rotterdam, [*passed, Call("name", trump="H")], proposed="H").rule == (
        "same_suit_as_proposed"
    )
    assert _refused(rotterdam, [*passed, Call("take")], proposed="H").rule == "take_in_round_two"
    chosen = run_auction(rotterdam, 3, [*passed, Call("name", trump="C")], proposed="H")
    assert chosen.contract.taker == 0 and chosen.contract.trump == "C"
    again = rotterdam.with_options({"proposed_all_pass": "new_proposal"})
    with pytest.raises(PositionError) as error:
        run_auction(again, 3, passed, proposed="H")
    assert error.value.field == "second_proposed"
    second = run_auction(
        again, 3, [*passed, Call("pass"), Call("take")], proposed="H", second_proposed="S"
    )
    assert second.contract.taker == 1 and second.contract.trump == "S"
    redeal = run_auction(again, 3, passed * 2, proposed="H", second_proposed="S")
    assert redeal.redeal and redeal.redeal_dealer == 0


# --- properties ------------------------------------------------------------------------------

NEW = ("belot", "klaverjas-rotterdam", "klaverjas-amsterdam")
CASES = [(name, trump) for name in NEW for trump in PRESETS[name].trump_modes]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CASES), st.permutations(range(32)), st.data())
def test_random_legal_rounds_score_and_the_tens_add_up(case, order, data):
    name, trump = case
    ruleset = PRESETS[name]
    hands = [mask_of(order[s * 8 : (s + 1) * 8]) for s in range(4)]
    leader = data.draw(st.integers(0, 3))
    tricks = random_round(
        ruleset, trump, hands, leader, lambda legal: data.draw(st.sampled_from(legal))
    )
    taker = data.draw(st.integers(0, 3))
    double = data.draw(st.sampled_from(list(DOUBLES))) if ruleset.doubling == "contra" else "none"
    held_in = data.draw(st.integers(0, 30))
    result = score_round(ruleset, trump, taker, tricks, double=double, held_in=held_in)
    raw = sum(result.raw)
    if ruleset.score_units == "bg_tens":
        # The two sides' tens (and what is held) add up to the round's tens.
        assert sum(result.score) + result.held == tens(raw) * DOUBLES[double] + held_in
    else:
        assert sum(result.score) + result.held == raw + held_in
    assert min(result.score) >= 0
