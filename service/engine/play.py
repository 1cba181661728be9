"""Playing a card: the obligations of RULES.md section 2, trick winners and trick points.

Where is the overtrump rule? In :func:`obligations`. It turns a position into an ordered
list of :class:`Obligation` steps; :func:`check_card` (one card), :func:`legal_moves`
(every card) and :func:`legal_filter` (many hands, for the computer players' search) all
run that same list, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .cards import (
    ALL_CARDS,
    ALL_TRUMP,
    NO_TRUMP,
    PLAIN_POINTS,
    SUIT_MASKS,
    TRUMP_POINTS,
    Card,
    Suit,
    cards_above,
    cards_in,
    is_trump_card,
    strength,
    trump_suit,
)
from .rulesets import Ruleset
from .text import N_, Text

# Stable reason codes (RULES.md section 2).
MUST_FOLLOW_SUIT = "must_follow_suit"
MUST_TRUMP = "must_trump"
MUST_OVERTRUMP = "must_overtrump"
MUST_BEAT = "must_beat"
MUST_UNDERTRUMP = "must_undertrump"
MUST_NOT_UNDERTRUMP = "must_not_undertrump"
NOT_IN_HAND = "not_in_hand"
NOT_YOUR_TURN = "not_your_turn"
WRONG_LEADER = "wrong_leader"
DUPLICATE_CARD = "duplicate_card"

#: One sentence a player understands, per reason code.
MESSAGES = {
    MUST_FOLLOW_SUIT: N_("You hold {led}, the suit led: you must follow suit."),
    MUST_TRUMP: N_("You have no {led} but hold a trump: you must trump."),
    MUST_OVERTRUMP: N_("You can beat the {best} in the trick with a higher trump: you must."),
    MUST_BEAT: N_("You can beat the {best} with a higher {led}: in all trumps you must."),
    MUST_UNDERTRUMP: N_(
        "An opponent's {best} wins and you cannot beat it: you must still play a trump, "
        "a lower one."
    ),
    MUST_NOT_UNDERTRUMP: N_(
        "An opponent's {best} wins and you cannot beat it: you may not play a lower trump "
        "while you hold a card that is not a trump."
    ),
    NOT_IN_HAND: N_("{card} is not in this player's hand."),
    NOT_YOUR_TURN: N_("It is not this player's turn."),
    WRONG_LEADER: N_("This trick must be led by the winner of the previous trick, seat {seat}."),
    DUPLICATE_CARD: N_("{card} has already been played."),
}

#: Sentences for a rule broken in another situation than its code's usual one
#: (``Obligation.wording``); the reason code stays the same.
PARTNER_TRUMP_WINS = "partner_trump_wins"
WORDINGS = {
    PARTNER_TRUMP_WINS: N_(
        "Your partner's {best} wins: you may discard or beat it, but not play a lower trump "
        "while you hold a card that is not a trump."
    ),
}


@dataclass(frozen=True, slots=True)
class Obligation:
    """If the hand (as narrowed so far) holds a card of ``applies_if``, keep only the
    cards of ``keep``; the cards dropped break rule ``reason``."""

    applies_if: int
    keep: int
    reason: str
    wording: str | None = None  # a key of WORDINGS, when MESSAGES[reason] does not fit


@dataclass(frozen=True, slots=True)
class Position:
    """A trick in progress, seen by the player about to play."""

    leader: int
    cards: tuple[int, ...]
    trump: str
    ruleset: Ruleset

    @property
    def seat(self) -> int:
        return (self.leader + len(self.cards)) % self.ruleset.players


@dataclass(frozen=True, slots=True)
class Verdict:
    card: int
    legal: bool
    rule: str | None = None
    message: Text | None = None


def winning_index(cards: Sequence[int], trump: str) -> int:
    """Index in ``cards`` of the card winning the (partial) trick."""
    led_suit = cards[0] >> 3
    suit = trump_suit(trump)
    best = 0
    best_key = -1
    for i, c in enumerate(cards):
        s = c >> 3
        if suit is not None and s == suit:
            key = 16 + strength(c, trump)
        elif s == led_suit:
            key = strength(c, trump)
        else:
            continue
        if key > best_key:
            best, best_key = i, key
    return best


def card_points(c: int, trump: str, ruleset: Ruleset) -> int:
    """Card value under the trump mode and the ruleset's sans/tout atout tables."""
    rank = c & 7
    if trump == NO_TRUMP:
        if ruleset.no_trump_points == "doubled":
            return 2 * PLAIN_POINTS[rank]
        if ruleset.no_trump_points == "ace_19":
            return 19 if rank == 7 else PLAIN_POINTS[rank]
        return PLAIN_POINTS[rank]  # plain: face values, as in a plain suit
    if trump == ALL_TRUMP:
        if ruleset.all_trump_points == "scaled":
            return _SCALED_ALL_TRUMP[rank]
        return TRUMP_POINTS[rank]
    return (TRUMP_POINTS if is_trump_card(c, trump) else PLAIN_POINTS)[rank]


#             7  8  9  10 J   Q  K  A
_SCALED_ALL_TRUMP = (0, 0, 9, 5, 14, 1, 3, 6)


def trick_points(cards: Sequence[int], trump: str, ruleset: Ruleset) -> int:
    """Card points of a trick, without any last-trick bonus."""
    return sum(card_points(c, trump, ruleset) for c in cards)


def bonus_multiplier(trump: str, ruleset: Ruleset) -> int:
    """Sans atout with ``doubled`` values doubles the last-trick and capot bonuses too."""
    return 2 if trump == NO_TRUMP and ruleset.no_trump_points == "doubled" else 1


def obligations(position: Position) -> list[Obligation]:
    """The rules that bind the player to move, in the order they narrow the hand."""
    cards, trump, rules = position.cards, position.trump, position.ruleset
    if not cards:
        return []
    led = SUIT_MASKS[cards[0] >> 3]
    steps = [Obligation(led, led, MUST_FOLLOW_SUIT)]
    win = winning_index(cards, trump)
    best = cards[win]
    if trump == NO_TRUMP:
        return steps
    if trump == ALL_TRUMP:
        # Following also means beating the led suit's highest card when you can.
        steps.append(Obligation(cards_above(best, trump), cards_above(best, trump), MUST_BEAT))
        return steps
    trumps = SUIT_MASKS[trump_suit(trump)]
    partner = position.ruleset.partner_of(position.seat)
    partner_winning = partner is not None and (position.leader + win) % rules.players == partner
    best_is_trump = is_trump_card(best, trump)
    higher = cards_above(best, trump) if best_is_trump else trumps
    if led == trumps:
        # Trump led: following suit is playing trump; overtrump unless the partner exception.
        if not (partner_winning and rules.trump_lead_overtrump == "unless_partner_winning"):
            steps.append(Obligation(higher, higher, MUST_OVERTRUMP))
        return steps
    # Void in a plain led suit (these steps bind only when the follow step did not).
    void = ALL_CARDS & ~led
    if partner_winning:
        if rules.void_trump == "always":
            steps.append(Obligation(trumps & void, trumps, MUST_TRUMP))
        if rules.partner_winning_trump == "overtrump_if_able" and best_is_trump:
            # If you trump (by choice or by force), beat the partner's trump when you can.
            steps.append(Obligation(higher & void, ~trumps | higher, MUST_OVERTRUMP))
        if rules.partner_winning_trump == "no_undertrump" and best_is_trump:
            # Discard or beat the partner's trump; a lower trump only from a hand of
            # nothing but lower trumps (Amsterdam klaverjas).
            steps.append(Obligation(higher & void, ~trumps | higher, MUST_OVERTRUMP))
            steps.append(
                Obligation(
                    void & ~trumps, ~trumps | higher, MUST_NOT_UNDERTRUMP, PARTNER_TRUMP_WINS
                )
            )
        return steps
    if not best_is_trump:
        steps.append(Obligation(trumps & void, trumps, MUST_TRUMP))
        return steps
    # An opponent wins with a trump.
    steps.append(Obligation(higher & void, trumps, MUST_TRUMP))
    steps.append(Obligation(higher & void, higher, MUST_OVERTRUMP))
    lower = trumps & ~higher
    if rules.undertrump == "must":
        steps.append(Obligation(lower & void, trumps, MUST_UNDERTRUMP))
    elif rules.undertrump == "forbidden":
        steps.append(Obligation(void & ~trumps, ~trumps, MUST_NOT_UNDERTRUMP))
    return steps


def _narrow(hand: int, steps: list[Obligation]) -> tuple[int, dict[tuple[str, str | None], int]]:
    """Legal bit set, and for each (rule, wording) the bit set of cards it dropped."""
    allowed = hand
    dropped: dict[tuple[str, str | None], int] = {}
    for step in steps:
        if allowed & step.applies_if:
            removed = allowed & ~step.keep
            if removed:
                key = (step.reason, step.wording)
                dropped[key] = dropped.get(key, 0) | removed
                allowed &= step.keep
    return allowed, dropped


def _message(reason: str, position: Position, wording: str | None = None) -> Text:
    cards, trump = position.cards, position.trump
    template = WORDINGS[wording] if wording is not None else MESSAGES[reason]
    if not cards:  # no rule binds the leader; kept total all the same
        return Text(template, led="", best="")
    return Text(template, led=Suit(cards[0] >> 3), best=Card(cards[winning_index(cards, trump)]))


def legal_mask(hand: int, position: Position) -> int:
    """Bit set of the legal cards of ``hand`` (non-empty whenever the hand is)."""
    return legal_filter(position)(hand)


def legal_filter(position: Position) -> Callable[[int], int]:
    """:func:`legal_mask` for many hands in one position: the obligations are worked out
    once (a search asks the same trick about many hands)."""
    steps = tuple((step.applies_if, step.keep) for step in obligations(position))

    def legal(hand: int) -> int:
        allowed = hand
        for applies_if, keep in steps:
            if allowed & applies_if:
                allowed &= keep
        return allowed

    return legal


def legal_moves(hand: int, position: Position) -> list[Verdict]:
    """A verdict for every card of the hand, lowest card index first."""
    allowed, dropped = _narrow(hand, obligations(position))
    refusals = {}  # card -> its verdict; one sentence per rule broken, not per card
    for (reason, wording), mask in dropped.items():
        message = _message(reason, position, wording)
        for c in cards_in(mask):
            refusals[c] = Verdict(c, False, reason, message)
    return [Verdict(c, True) if allowed >> c & 1 else refusals[c] for c in cards_in(hand)]


def check_card(hand: int, c: int, position: Position) -> Verdict:
    """Whether the player holding ``hand`` may play ``c`` now, and if not, why."""
    if not hand >> c & 1:
        return Verdict(c, False, NOT_IN_HAND, Text(MESSAGES[NOT_IN_HAND], card=Card(c)))
    allowed, dropped = _narrow(hand, obligations(position))
    if allowed >> c & 1:
        return Verdict(c, True)
    reason, wording = next(key for key, mask in dropped.items() if mask >> c & 1)
    return Verdict(c, False, reason, _message(reason, position, wording))


class PositionError(ValueError):
    """A position that cannot occur: names the offending input ``field``."""

    def __init__(self, field: str, message: Text):
        super().__init__(message)
        self.field = field


def check_trump(trump: str, ruleset: Ruleset) -> None:
    if trump not in ruleset.trump_modes:
        raise PositionError(
            "trump",
            Text(
                N_("trump mode '{trump}' is not played in {ruleset}; it allows {modes}"),
                trump=trump,
                ruleset=ruleset.name,
                modes=", ".join(ruleset.trump_modes),
            ),
        )


def check_seat(
    seat: int, ruleset: Ruleset, field: str, error: type[PositionError] = PositionError
) -> None:
    """A seat the table has (``0..players-1``); else ``error`` at ``field``."""
    if not 0 <= seat < ruleset.players:
        raise error(
            field,
            Text(
                N_("seat {seat} does not exist with {players} players (seats 0..{last})"),
                seat=seat,
                players=ruleset.players,
                last=ruleset.players - 1,
            ),
        )


def check_trick(leader: int, cards: Sequence[int], ruleset: Ruleset, *, complete_ok: bool):
    """A trick as a client sent it: a real seat, no repeated card, not too long."""
    check_seat(leader, ruleset, "trick.leader")
    limit = ruleset.players if complete_ok else ruleset.players - 1
    if len(cards) > limit:
        template = (
            N_("a trick has at most {players} cards with {players} players")
            if complete_ok
            else N_(
                "a trick has at most {players} cards with {players} players; "
                "this one is already complete, nobody is to play"
            )
        )
        raise PositionError("trick.cards", Text(template, players=ruleset.players))
    _check_distinct(cards, "trick.cards")


def check_hand(hand: Sequence[int], trick_cards: Sequence[int], ruleset: Ruleset) -> None:
    """A hand as a client sent it: no repeats, not more than dealt, none already played."""
    check_hand_size(hand, ruleset, "hand")
    _check_distinct(hand, "hand")
    for i, c in enumerate(hand):
        if c in trick_cards:
            raise PositionError(
                f"hand.{i}",
                Text(N_("{card} is in the hand and also already in the trick"), card=Card(c)),
            )


def check_hand_size(
    hand: Sequence[int], ruleset: Ruleset, field: str, error: type[PositionError] = PositionError
) -> None:
    """Not more cards than the ruleset deals each player; else ``error`` at ``field``."""
    if len(hand) > ruleset.hand_size:
        raise error(
            field,
            Text(
                N_("{count} cards, but {ruleset} deals {size} to each player"),
                count=len(hand),
                ruleset=ruleset.name,
                size=ruleset.hand_size,
            ),
        )


def _check_distinct(cards: Sequence[int], field: str) -> None:
    seen: set[int] = set()
    for i, c in enumerate(cards):
        if c in seen:
            raise PositionError(f"{field}.{i}", Text(N_("{card} appears twice"), card=Card(c)))
        seen.add(c)
