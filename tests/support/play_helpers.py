"""Shared helpers for the legal-move tests: positions written in card notation."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from typing import Any

from service.engine.cards import TRUMP_MODES, card_name, cards_in, mask_of, parse_card
from service.engine.play import (
    MUST_BEAT,
    MUST_FOLLOW_SUIT,
    MUST_NOT_UNDERTRUMP,
    MUST_OVERTRUMP,
    MUST_TRUMP,
    MUST_UNDERTRUMP,
    NOT_IN_HAND,
    Position,
    check_card,
    legal_mask,
    legal_moves,
)
from service.engine.rulesets import Ruleset, get_ruleset

# Reason codes, short for the tables.
F, T, O, B = MUST_FOLLOW_SUIT, MUST_TRUMP, MUST_OVERTRUMP, MUST_BEAT  # noqa: E741
U, N = MUST_UNDERTRUMP, MUST_NOT_UNDERTRUMP

#: Every value of every play parameter (docs/rules.md section 2).
PLAY_PARAMETERS = {
    "trump_lead_overtrump": ("always", "unless_partner_winning"),
    "void_trump": ("always", "unless_partner_winning"),
    "partner_winning_trump": ("free", "overtrump_if_able"),
    "undertrump": ("must", "may", "forbidden"),
}

SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def names(mask_or_cards) -> set[str]:
    items = cards_in(mask_or_cards) if isinstance(mask_or_cards, int) else mask_or_cards
    return {card_name(c) for c in items}


def play_ruleset(players: int, params: Mapping[str, str], base: str = "belote") -> Ruleset:
    """A ruleset with the given play parameters, every trump mode allowed."""
    options: dict[str, Any] = {"players": players, "trump_modes": list(TRUMP_MODES)}
    return get_ruleset(base, options | dict(params))


def parameter_combinations(fixed: Mapping[str, str]) -> Iterator[dict[str, str]]:
    """Every combination of the play parameters that agrees with ``fixed``."""
    names_ = list(PLAY_PARAMETERS)
    for values in itertools.product(*(PLAY_PARAMETERS[n] for n in names_)):
        combo = dict(zip(names_, values, strict=True))
        if all(combo[k] == v for k, v in fixed.items()):
            yield combo


def outcome(ruleset: Ruleset, trump: str, leader: int, trick: str, hand: str):
    """(legal names, {illegal name: reason}, verdicts, position, hand mask)."""
    position = Position(leader, tuple(cards(trick)), trump, ruleset)
    mask = mask_of(cards(hand))
    verdicts = legal_moves(mask, position)
    legal = {card_name(v.card) for v in verdicts if v.legal}
    illegal = {card_name(v.card): v.rule for v in verdicts if not v.legal}
    return legal, illegal, verdicts, position, mask


def assert_sentence(message: str | None) -> None:
    assert message, "an illegal card needs a message"
    assert (message[0].isupper() or message[0].isdigit()) and message.endswith("."), message
    assert "{" not in message and "}" not in message, message
    assert len(message.split()) >= 5, message


def assert_message_names_the_situation(rule: str, message: str, position: Position) -> None:
    """The message names the led suit or the card to beat, whichever the rule is about."""
    from service.engine.play import winning_index

    led = SUIT_NAMES["CDHS"[position.cards[0] >> 3]]
    best = card_name(position.cards[winning_index(position.cards, position.trump)])
    if rule in (F, T):
        assert led in message, message
    if rule in (O, B, U, N):
        assert best in message, message


def assert_check_card_agrees(mask: int, position: Position, verdicts) -> None:
    """check_card gives, card by card, the verdict legal_moves gives; and not_in_hand."""
    for verdict in verdicts:
        assert check_card(mask, verdict.card, position) == verdict
    held = mask | mask_of(position.cards)
    outsider = next(c for c in range(32) if not held >> c & 1)
    verdict = check_card(mask, outsider, position)
    assert (verdict.legal, verdict.rule) == (False, NOT_IN_HAND)
    assert_sentence(verdict.message)
    assert card_name(outsider) in verdict.message


def check_position(ruleset, trump, leader, trick, hand, legal, illegal, label="") -> None:
    """The full check of one position: legal set, reasons, messages, check_card."""
    got_legal, got_illegal, verdicts, position, mask = outcome(ruleset, trump, leader, trick, hand)
    assert got_legal == set(legal.split()), label
    assert got_illegal == illegal, label
    assert got_legal, "a non-empty hand always has a legal card"
    assert [v.card for v in verdicts] == sorted(cards(hand)), "one verdict per card"
    for verdict in verdicts:
        if verdict.legal:
            assert verdict.rule is None and verdict.message is None
        else:
            assert_sentence(verdict.message)
            assert_message_names_the_situation(verdict.rule, verdict.message, position)
    assert_check_card_agrees(mask, position, verdicts)
    assert names(legal_mask(mask, position)) == got_legal


def table_deal(ruleset: Ruleset, rng, dealer: int = 0):
    """The engine's deal of a round (:func:`service.players.table.deal`, seeded from the
    test's generator ``rng``) in the bid player's terms (:class:`bidding.Deal`: the hands
    as the auction sees them as bit sets, the turned card, the stock, the suits proposed)."""
    from service.players import bidding, table

    return bidding.Deal.of(table.deal(ruleset, dealer, str(rng.getrandbits(64))))


def dealt_full_hands(ruleset: Ruleset, rng, taker: int, dealer: int = 0) -> tuple[int, ...]:
    """Every seat's full hand of an engine deal once ``taker`` holds the contract."""
    from service.players import table

    dealt = table.deal(ruleset, dealer, str(rng.getrandbits(64)))
    return table.full_hands(ruleset, dealer, dealt, taker)
