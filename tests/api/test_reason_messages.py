"""The sentences of the reason codes say what the rule asks (docs/rules.md sections 2 and 5)."""

from __future__ import annotations

import pytest

from service.engine.bidding import TRUMP_MODE_NOT_ALLOWED, Call, IllegalBidError, run_auction
from service.engine.cards import mask_of, parse_card
from service.engine.play import (
    MUST_NOT_UNDERTRUMP,
    Position,
    PositionError,
    check_card,
    legal_moves,
)
from service.engine.rulesets import get_ruleset


def test_must_not_undertrump_names_what_the_player_must_play_instead():
    # undertrump `forbidden`: "void, an opponent winning with a trump you cannot beat ...
    # discard a non-trump if you have one". Seat 1 leads 7C, seat 2 trumps with JH; seat 3
    # (the other team) has no club and holds 7H (a lower trump) and 8S (not a trump).
    ruleset = get_ruleset("belote", {"undertrump": "forbidden"})
    position = Position(1, (parse_card("7C"), parse_card("JH")), "H", ruleset)
    hand = mask_of(parse_card(c) for c in ("7H", "8S"))
    verdict = check_card(hand, parse_card("7H"), position)
    assert verdict.rule == MUST_NOT_UNDERTRUMP
    assert verdict.message == (
        "An opponent's JH wins and you cannot beat it: you may not play a lower trump "
        "while you hold a card that is not a trump."
    )
    assert check_card(hand, parse_card("8S"), position).legal


def test_only_trumps_left_the_lower_trump_is_no_refusal():
    # The same position with two lower trumps and nothing else: the rule does not bind,
    # so "while you hold a card that is not a trump" is the whole condition.
    ruleset = get_ruleset("belote", {"undertrump": "forbidden"})
    position = Position(1, (parse_card("7C"), parse_card("JH")), "H", ruleset)
    hand = mask_of(parse_card(c) for c in ("7H", "8H"))
    assert all(v.legal for v in legal_moves(hand, position))


def test_a_trump_mode_not_allowed_is_named_and_shown_as_sent():
    # Coinche with only hearts and tout atout allowed: a bid in sans atout is refused with
    # the reason code, naming the mode and the modes allowed the way a client sends them.
    ruleset = get_ruleset("coinche", {"trump_modes": ["H", "all"]})
    with pytest.raises(IllegalBidError) as refused:
        run_auction(ruleset, 0, [Call("bid", 80, "none")])
    assert refused.value.rule == TRUMP_MODE_NOT_ALLOWED
    assert str(refused.value) == (
        "Trump mode no trump (none) is not allowed here; allowed: hearts (H), all trumps (all)."
    )


def test_an_unknown_trump_mode_is_refused_not_crashed_on():
    # The engine called directly (HTTP checks the mode first): an unknown mode is quoted.
    with pytest.raises(IllegalBidError, match="Trump mode 'X' is not allowed here"):
        run_auction(get_ruleset("coinche"), 0, [Call("bid", 80, "X")])


def test_turned_card_refusals_name_the_field_as_the_other_messages_do():
    # Field names are written `like_this` in every refusal (`bid`, `taker`, `winner`...).
    with pytest.raises(PositionError, match="leave `turned` out of the request") as coinche:
        run_auction(get_ruleset("coinche"), 0, [], parse_card("JH"))
    assert coinche.value.field == "turned"
    with pytest.raises(PositionError, match="give it as `turned`") as belote:
        run_auction(get_ruleset("belote"), 0, [])
    assert belote.value.field == "turned"
