"""Property tests (Hypothesis) of the play engine and of the HTTP contract.

Positions come from random deals under every preset: a random number of cards already
gone from each hand, then the current trick played card by card with legal cards, so the
positions are ones a real game reaches. The oracles below are written from docs/rules.md
section 1, not from the engine: the card orders, the point table, who wins a trick.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.engine.cards import card_name, cards_in, mask_of
from service.engine.play import (
    MESSAGES,
    NOT_IN_HAND,
    Position,
    check_card,
    legal_mask,
    legal_moves,
    winning_index,
)
from service.engine.rulesets import PRESETS, Ruleset

SETTINGS = settings(max_examples=300, derandomize=True, database=None, deadline=None)
HTTP_SETTINGS = settings(
    max_examples=60,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)

# --- docs/rules.md section 1, written out independently of service/engine ----------------------

PLAIN_ORDER = ("A", "10", "K", "Q", "J", "9", "8", "7")  # high to low
TRUMP_ORDER = ("J", "9", "A", "10", "K", "Q", "8", "7")
PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
REASONS = {
    "must_follow_suit",
    "must_trump",
    "must_overtrump",
    "must_beat",
    "must_undertrump",
    "must_not_undertrump",
}


def rank(card: str) -> str:
    return card[:-1]


def suit(card: str) -> str:
    return card[-1]


def oracle_winner(cards: list[str], trump: str) -> int:
    """docs/rules.md 1: the highest trump, else the highest card of the led suit; in `all` the
    highest card of the led suit (trump order); in `none` plain order."""
    trumps = [i for i, c in enumerate(cards) if trump in "CDHS" and suit(c) == trump]
    if trumps:
        return min(trumps, key=lambda i: TRUMP_ORDER.index(rank(cards[i])))
    order = TRUMP_ORDER if trump == "all" else PLAIN_ORDER
    led = [i for i, c in enumerate(cards) if suit(c) == suit(cards[0])]
    return min(led, key=lambda i: order.index(rank(cards[i])))


def oracle_points(cards: list[str], trump: str, ruleset: Ruleset) -> int:
    """Card points (docs/rules.md 1, and 4 for sans atout `doubled` / `ace_19` and tout atout
    `raw` / `scaled`)."""
    scaled = {"J": 14, "9": 9, "A": 6, "10": 5, "K": 3, "Q": 1, "8": 0, "7": 0}
    total = 0
    for c in cards:
        r = rank(c)
        if trump == "none" and ruleset.no_trump_points == "doubled":
            total += 2 * PLAIN_POINTS[r]
        elif trump == "none":
            total += 19 if r == "A" else PLAIN_POINTS[r]
        elif trump == "all":
            total += TRUMP_POINTS[r] if ruleset.all_trump_points == "raw" else scaled[r]
        else:
            total += (TRUMP_POINTS if suit(c) == trump else PLAIN_POINTS)[r]
    return total


# --- random positions ---------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    ruleset: Ruleset
    trump: str
    leader: int
    trick: tuple[int, ...]  # cards played so far, by seats leader, leader + 1, ...
    hand: int  # bit set of the player to move
    hands: tuple[int, ...]  # every seat's remaining cards (the players who played included)

    @property
    def position(self) -> Position:
        return Position(self.leader, self.trick, self.trump, self.ruleset)


@st.composite
def deals(draw, *, trick_sizes: str = "to_move") -> Deal:
    """A random position under a random preset. ``to_move``: 0..players-1 cards in the
    trick and someone to play; ``to_win``: 1..players cards (complete or partial)."""
    ruleset = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    trump = draw(st.sampled_from(ruleset.trump_modes))
    players, size = ruleset.players, ruleset.hand_size
    deck = draw(st.permutations(range(32)))
    hands = [set(deck[s * size : (s + 1) * size]) for s in range(players)]
    # Tricks already gone: each hand has `left` cards, or one fewer for those who played.
    left = draw(st.integers(min_value=1, max_value=size))
    leader = draw(st.integers(min_value=0, max_value=players - 1))
    low, high = (0, players - 1) if trick_sizes == "to_move" else (1, players)
    count = draw(st.integers(min_value=low, max_value=high))
    for seat in range(players):
        for _ in range(size - left):
            hands[seat].discard(draw(st.sampled_from(sorted(hands[seat]))))
    trick: list[int] = []
    for k in range(count):
        seat = (leader + k) % players
        position = Position(leader, tuple(trick), trump, ruleset)
        legal = sorted(cards_in(legal_mask(mask_of(hands[seat]), position)))
        card = draw(st.sampled_from(legal))
        hands[seat].discard(card)
        trick.append(card)
    to_move = (leader + count) % players
    return Deal(
        ruleset,
        trump,
        leader,
        tuple(trick),
        mask_of(hands[to_move]),
        tuple(mask_of(h) for h in hands),
    )


# --- engine properties --------------------------------------------------------------------


@SETTINGS
@given(deals())
def test_legal_moves_are_a_non_empty_subset_of_the_hand(deal):
    legal = legal_mask(deal.hand, deal.position)
    assert legal, "a player holding cards always has a legal card"
    assert legal & ~deal.hand == 0, "only cards of the hand can be legal"


@SETTINGS
@given(deals())
def test_every_card_of_the_hand_gets_one_verdict_agreeing_with_check_card(deal):
    verdicts = legal_moves(deal.hand, deal.position)
    assert [v.card for v in verdicts] == list(cards_in(deal.hand))
    for v in verdicts:
        assert check_card(deal.hand, v.card, deal.position) == v
        if v.legal:
            assert v.rule is None and v.message is None
        else:
            assert v.rule in REASONS and v.message and "{" not in v.message
    assert {v.card for v in verdicts if v.legal} == set(
        cards_in(legal_mask(deal.hand, deal.position))
    )


@SETTINGS
@given(deals())
def test_follow_suit_and_sans_atout_exactly(deal):
    """docs/rules.md 2: always follow the led suit if you can; in sans atout that is all."""
    if not deal.trick:
        assert legal_mask(deal.hand, deal.position) == deal.hand, "the leader plays anything"
        return
    led_suit = deal.trick[0] >> 3
    holding = [c for c in cards_in(deal.hand) if c >> 3 == led_suit]
    legal = list(cards_in(legal_mask(deal.hand, deal.position)))
    if holding:
        assert all(c >> 3 == led_suit for c in legal)
        for v in legal_moves(deal.hand, deal.position):
            if v.card >> 3 != led_suit:
                assert v.rule == "must_follow_suit"
    if deal.trump == "none":
        assert legal == (holding or list(cards_in(deal.hand)))


@SETTINGS
@given(deals())
def test_a_card_outside_the_hand_is_not_in_hand(deal):
    outside = next(c for c in range(32) if not deal.hand >> c & 1)
    verdict = check_card(deal.hand, outside, deal.position)
    assert (verdict.legal, verdict.rule) == (False, NOT_IN_HAND)
    assert verdict.message == MESSAGES[NOT_IN_HAND].format(card=card_name(outside))


@SETTINGS
@given(deals(trick_sizes="to_win"))
def test_the_trick_winner_is_a_card_of_the_trick_by_the_rules(deal):
    index = winning_index(deal.trick, deal.trump)
    assert 0 <= index < len(deal.trick)
    names = [card_name(c) for c in deal.trick]
    assert index == oracle_winner(names, deal.trump), names


# --- HTTP properties ----------------------------------------------------------------------


def _hand_names(mask: int) -> list[str]:
    return [card_name(c) for c in cards_in(mask)]


@pytest.mark.http
@HTTP_SETTINGS
@given(deals(), st.booleans())
def test_http_legal_moves_answer_is_consistent(server, deal, aliases):
    hand = _hand_names(deal.hand)
    trick = [card_name(c) for c in deal.trick]
    if aliases:  # input notations of docs/api.md: lower case, T for ten, suit symbols
        hand = [c.replace("10", "T").lower() for c in hand]
        trick = [c[:-1] + "♣♦♥♠"["CDHS".index(c[-1])] for c in trick]
    body = {
        "ruleset": deal.ruleset.name,
        "trump": deal.trump,
        "hand": hand,
        "trick": {"leader": deal.leader, "cards": trick},
    }
    response = server.post("/v1/legal-moves", json=body)
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["seat"] == (deal.leader + len(deal.trick)) % deal.ruleset.players
    legal, illegal = answer["legal"], [i["card"] for i in answer["illegal"]]
    assert legal, "a non-empty hand has a legal card"
    assert not set(legal) & set(illegal)
    assert sorted(legal + illegal) == sorted(_hand_names(deal.hand)), "canonical, every card"
    assert all(i["rule"] in REASONS and i["message"] for i in answer["illegal"])


@pytest.mark.http
@HTTP_SETTINGS
@given(deals(trick_sizes="to_win"))
def test_http_trick_winner_answer_is_consistent(server, deal):
    cards = [card_name(c) for c in deal.trick]
    body = {
        "ruleset": deal.ruleset.name,
        "trump": deal.trump,
        "trick": {"leader": deal.leader, "cards": cards},
    }
    response = server.post("/v1/trick-winner", json=body)
    assert response.status_code == 200, response.text
    answer = response.json()
    index = oracle_winner(cards, deal.trump)
    players = deal.ruleset.players
    assert answer["card"] == cards[index], "the winner is a card of the trick"
    assert answer["winner"] == (deal.leader + index) % players
    assert answer["team"] == answer["winner"] % 2
    assert answer["points"] == oracle_points(cards, deal.trump, deal.ruleset)
    assert answer["complete"] is (len(cards) == players)


@pytest.mark.http
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_presets_own_options_are_accepted_as_overrides(server, name):
    """What GET /v1/rulesets/{name} says a preset is can be sent back as `options`
    (cardavia's empty sequence_points table included)."""
    options = server.get(f"/v1/rulesets/{name}").json()["options"]
    trump = options["trump_modes"][0]
    trick = {"leader": 0, "cards": ["7H"]}
    body = {"ruleset": "belote", "options": options, "trump": trump, "trick": trick}
    response = server.post("/v1/trick-winner", json=body)
    assert response.status_code == 200, response.text
    assert response.json()["card"] == "7H"
