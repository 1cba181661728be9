"""Round records: hands rebuilt from the plays, every play checked (docs/rules.md section 2).

"Round records are checked as stated: hands are rebuilt from the stated play order, a
wrong leader is reported at its trick, and checking goes on with the stated leaders."
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.engine.cards import ALL_TRUMP, NO_TRUMP, bit, card_name, mask_of, parse_card
from service.engine.play import Position, PositionError, card_points, check_card, legal_moves
from service.engine.record import check_round, score_round
from service.engine.rounds import IllegalRound, Trick, check_shape, rebuild_hands
from service.engine.rulesets import PRESETS, get_ruleset
from service.engine.scoring import ContractBid
from tests.support.rounds_helper import DEAL_A, as_json, cards, random_round, scripted_round

BELOTE = get_ruleset("belote")


def deal_a() -> list[Trick]:
    return scripted_round(BELOTE, "H", 0, DEAL_A)


def replace(tricks, index, leader=None, text=None) -> list[Trick]:
    out = list(tricks)
    old = out[index]
    out[index] = Trick(
        old.leader if leader is None else leader,
        old.cards if text is None else tuple(cards(text)),
    )
    return out


def found(checked) -> list[tuple[int, int, str, str]]:
    return [(v.trick, v.seat, card_name(v.card), v.rule) for v in checked.violations]


def test_a_legal_round_has_no_violation_and_its_hands_are_rebuilt():
    checked = check_round(deal_a(), "H", BELOTE)
    assert checked.legal
    assert checked.winners == (0, 0, 0, 1, 1, 0, 0, 1)
    assert checked.hands == (
        mask_of(cards("JH 9H AC 7C QD JD 10S 7S")),
        mask_of(cards("7H KH 8C 10C AD 7D 8S AS")),
        mask_of(cards("10H AH 9C KC 10D 8D KS 9S")),
        mask_of(cards("8H QH JC QC KD 9D QS JS")),
    )


def test_wrong_leader_is_reported_at_its_trick_and_checking_goes_on_as_stated():
    # Trick 2 was won by seat 0 (AC), but the record says seat 1 led
    # trick 3. As stated, 7C is seat 1's, 10C seat 2's, KC seat 3's, QC seat 0's: 10C
    # wins, so trick 4 (stated leader 1) should have been led by seat 2.
    checked = check_round(replace(deal_a(), 3, leader=1), "H", BELOTE)
    assert found(checked) == [(3, 1, "7C", "wrong_leader"), (4, 1, "AD", "wrong_leader")]
    assert "seat 0" in checked.violations[0].message
    assert "seat 2" in checked.violations[1].message


def test_a_card_played_twice_is_a_duplicate_at_its_second_play():
    # Seat 3 played QS in trick 6 and, says the record, again in trick 7.
    checked = check_round(replace(deal_a(), 7, text="7S AS 9S QS"), "H", BELOTE)
    assert found(checked) == [(7, 3, "QS", "duplicate_card")]
    assert checked.violations[0].message == "QS has already been played."


def test_an_extra_card_in_a_trick_is_not_your_turn():
    checked = check_round(replace(deal_a(), 7, text="7S AS 9S JS 8C"), "H", BELOTE)
    # the fifth card would be seat 0's (leader + 4), who already played 7S
    assert found(checked) == [(7, 0, "8C", "not_your_turn")]


def test_an_illegal_play_is_reported_with_the_play_engines_reason():
    # Seat 1 plays AS to the clubs trick 3 while holding 10C (played in trick 7 instead):
    # must_follow_suit. Then KC (seat 2) wins trick 3, so seat 1 leading trick 4 is a
    # wrong leader. In trick 7 seat 1 has only 10C left: no spade, no trump, legal.
    tricks = replace(deal_a(), 3, text="7C AS KC QC")
    tricks = replace(tricks, 7, text="7S 10C 9S JS")
    checked = check_round(tricks, "H", BELOTE)
    assert found(checked) == [(3, 1, "AS", "must_follow_suit"), (4, 1, "AD", "wrong_leader")]
    assert checked.violations[0].message == "You hold clubs, the suit led: you must follow suit."


def test_with_given_hands_a_card_outside_the_hand_is_not_in_hand():
    tricks = deal_a()
    hands = dict(enumerate(rebuild_hands(tricks, BELOTE)))
    hands[0] &= ~bit(parse_card("7S"))
    hands[0] |= bit(parse_card("8S"))
    hands[1] &= ~bit(parse_card("8S"))
    hands[1] |= bit(parse_card("7S"))
    checked = check_round(tricks, "H", BELOTE, hands)
    # seat 1 plays 8S in trick 6 and seat 0 7S in trick 7: neither holds it now
    assert found(checked) == [(6, 1, "8S", "not_in_hand"), (7, 0, "7S", "not_in_hand")]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda t: t[:7], "tricks"),
        (lambda t: [*t[:2], Trick(0, t[2].cards[:3]), *t[3:]], "tricks.2.cards"),
        (lambda t: [Trick(5, t[0].cards), *t[1:]], "tricks.0.leader"),
    ],
)
def test_a_round_of_the_wrong_shape_is_refused_naming_the_field(change, field):
    with pytest.raises(PositionError) as error:
        check_shape(change(deal_a()), BELOTE)
    assert error.value.field == field


def test_score_round_refuses_an_illegal_round_listing_every_violation():
    tricks = replace(deal_a(), 3, leader=1)
    with pytest.raises(IllegalRound) as error:
        score_round(BELOTE, "H", 0, tricks)
    assert [v.rule for v in error.value.violations] == ["wrong_leader", "wrong_leader"]


# --- property: random legal rounds for every preset and trump mode -------------------------

#: Card points of the 32 cards by mode, from docs/rules.md sections 1 and 4, and the last-trick
#: and capot bonuses: (cards, last trick, capot).
MODE_POINTS = {
    "suit": (152, 10, 100),
    ("none", "doubled"): (240, 20, 200),
    ("none", "ace_19"): (152, 10, 100),
    ("all", "raw"): (248, 10, 100),
    ("all", "scaled"): (152, 10, 100),
}

CASES = [(name, trump) for name, r in PRESETS.items() for trump in r.trump_modes]


def _mode(ruleset, trump):
    if trump == NO_TRUMP:
        return ("none", ruleset.no_trump_points)
    if trump == ALL_TRUMP:
        return ("all", ruleset.all_trump_points)
    return "suit"


@st.composite
def legal_rounds(draw):
    name, trump = draw(st.sampled_from(CASES))
    ruleset = get_ruleset(name)
    order = draw(st.permutations(range(32)))
    n = ruleset.hand_size
    hands = [mask_of(order[s * n : (s + 1) * n]) for s in range(ruleset.players)]
    leader = draw(st.integers(0, ruleset.players - 1))
    tricks = random_round(ruleset, trump, hands, leader, lambda legal: draw(st.sampled_from(legal)))
    return ruleset, trump, tricks


def _bid(draw, ruleset):
    if ruleset.contract != "bid":
        return None
    value = draw(st.sampled_from([*range(80, 161, 10), "capot"]))
    return ContractBid(value, draw(st.sampled_from(["none", "coinche", "surcoinche"])))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_rounds(), st.data())
def test_random_legal_rounds_are_accepted_and_card_points_sum_to_the_mode_total(round_, data):
    ruleset, trump, tricks = round_
    assert check_round(tricks, trump, ruleset).legal
    taker = data.draw(st.integers(0, ruleset.players - 1))
    result = score_round(ruleset, trump, taker, tricks, bid=_bid(data.draw, ruleset))
    total = sum(result.figures.cards)
    if ruleset.players == 2:  # Klaberjass: 18 of 32 cards, no capot
        played = [c for t in tricks for c in t.cards]
        assert total == sum(card_points(c, trump, ruleset) for c in played) + 10
        return
    cards, last, capot = MODE_POINTS[_mode(ruleset, trump)]
    if result.capot is not None and ruleset.capot_mode == "plus_last_trick":
        capot = last + ruleset.capot_bonus  # both bonuses, the capot one never doubled
    assert total == (cards + capot if result.capot is not None else cards + last)
    assert sum(t.points for t in result.tricks) == cards
    assert result.score[0] >= 0 and result.score[1] >= 0


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_rounds(), st.data())
def test_changing_one_play_to_an_illegal_card_is_reported_at_that_play(round_, data):
    """Swap a play for a card the same seat plays later that was illegal at that moment:
    the hands stay the same, so the first violation must be that play, with the reason
    the play engine gives."""
    ruleset, trump, tricks = round_
    candidates = []
    hands = list(check_round(tricks, trump, ruleset).hands)
    for t, trick in enumerate(tricks):
        for i, c in enumerate(trick.cards):
            seat = (trick.leader + i) % ruleset.players
            position = Position(trick.leader, trick.cards[:i], trump, ruleset)
            for v in legal_moves(hands[seat], position):
                if not v.legal:
                    candidates.append((t, i, v.card, v.rule))
            hands[seat] &= ~bit(c)
    if not candidates:
        return
    t, i, wrong, rule = data.draw(st.sampled_from(candidates))
    seat = (tricks[t].leader + i) % ruleset.players
    later = next(
        (u, j)
        for u in range(t + 1, len(tricks))
        for j, c in enumerate(tricks[u].cards)
        if c == wrong
    )
    changed = [list(x.cards) for x in tricks]
    changed[t][i], changed[later[0]][later[1]] = wrong, tricks[t].cards[i]
    mutated = [Trick(x.leader, tuple(c)) for x, c in zip(tricks, changed, strict=True)]
    first = check_round(mutated, trump, ruleset).violations[0]
    assert (first.trick, first.seat, first.card, first.rule) == (t, seat, wrong, rule)
    position = Position(tricks[t].leader, tricks[t].cards[:i], trump, ruleset)
    hand = check_round(tricks, trump, ruleset).hands[seat]
    for earlier in tricks[:t]:
        for j, c in enumerate(earlier.cards):
            if (earlier.leader + j) % ruleset.players == seat:
                hand &= ~bit(c)
    assert first.message == check_card(hand, wrong, position).message


def test_as_json_round_trips_the_helper_tricks():
    assert as_json(deal_a())[0] == {"leader": 0, "cards": ["JH", "7H", "10H", "8H"]}
