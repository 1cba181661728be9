"""Round records: rebuilding the hands from the plays, and checking every play.

Round records are checked as stated: hands are rebuilt from the stated play order, a
wrong leader is reported at its trick, and checking goes on with the stated leaders
(docs/rules.md section 2). The walk is the round's own (:func:`round_state.check_tricks`,
the walk of POST /v1/rounds/state, in a mode that records a violation and goes on): every
play is judged by :func:`play.judge` under the obligations of :func:`play.trick_rules`,
the same list that answers ``/v1/legal-moves``; the trick's winner is kept up to date
card by card.

Where is each round-record rule?

- ``wrong_leader``: :meth:`round_state.Walk.walk_tricks` (a trick not led by the
  previous trick's winner; with the dealer, the first trick not led by the seat after it);
- ``not_your_turn``: the same (a card beyond the table's size in one trick: its seat has
  already played to that trick);
- ``duplicate_card``: the same (a card already played earlier in the round);
- ``not_in_hand`` and the play obligations: :func:`play.judge`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card
from .play import PositionError, check_seat
from .rulesets import Ruleset
from .text import N_, Text

#: ``not_your_turn`` for a card beyond the table's size in one trick.
EXTRA_CARD_MESSAGE = N_(
    "It is not this player's turn. Seat {seat} has already played to trick {trick}; "
    "a trick has {players} cards."
)


FIRST_LEADER_MESSAGE = N_(
    "The first trick must be led by seat {seat}, the seat after the dealer (seat {dealer})."
)


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick as recorded: its leader and its cards in the order played."""

    leader: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Violation:
    """One illegal play: the trick (0-based), the seat, its card, a reason code, a sentence."""

    trick: int
    seat: int
    card: int
    rule: str
    message: Text


@dataclass(frozen=True, slots=True)
class CheckedRound:
    """A round record after checking.

    ``hands``: each seat's hand at the start of play (bit sets), as rebuilt from the plays
    (or as given); ``winners``: the seat winning each trick with its stated cards;
    ``violations``: every illegal play, in playing order (empty for a legal round).
    """

    tricks: tuple[Trick, ...]
    hands: tuple[int, ...]
    winners: tuple[int, ...]
    violations: tuple[Violation, ...]

    @property
    def legal(self) -> bool:
        return not self.violations


class IllegalRound(ValueError):  # noqa: N818 - named for what the record is
    """A round record with illegal plays; ``violations`` lists them all."""

    def __init__(self, violations: Sequence[Violation]):
        first = violations[0]
        super().__init__(
            Text(
                N_(
                    "{count} illegal play(s); the first in trick {trick}, seat {seat}, {card}: "
                    "{message}"
                ),
                count=len(violations),
                trick=first.trick,
                seat=first.seat,
                card=Card(first.card),
                message=first.message,
            )
        )
        self.violations = tuple(violations)


def seat_at(trick: Trick, index: int, ruleset: Ruleset) -> int:
    """The seat that played ``trick.cards[index]``: seat ``s + 1`` plays after seat ``s``."""
    return (trick.leader + index) % ruleset.players


def check_shape(tricks: Sequence[Trick], ruleset: Ruleset, *, complete: bool = True) -> None:
    """A round's shape: real leaders, ``hand_size`` tricks of at least ``players`` cards.

    With ``complete=False`` a round in progress is accepted: fewer tricks, the last one
    possibly short (but not empty unless it is the only thing left to lead).
    A trick longer than the table is not a shape error: its extra cards are plays out of
    turn, reported as ``not_your_turn`` by :func:`check_round`.
    """
    players, size = ruleset.players, ruleset.hand_size
    if len(tricks) > size or (complete and len(tricks) != size):
        raise PositionError(
            "tricks",
            Text(
                N_(
                    "a complete round of {ruleset} has {size} tricks "
                    "({players} players, {size} cards each); got {count}"
                ),
                ruleset=ruleset.name,
                size=size,
                players=players,
                count=len(tricks),
            ),
        )
    for i, trick in enumerate(tricks):
        if not 0 <= trick.leader < players:  # (the field is named only when needed)
            check_seat(trick.leader, ruleset, f"tricks.{i}.leader")
        last = i == len(tricks) - 1
        if len(trick.cards) < players and (complete or not last):
            raise PositionError(
                f"tricks.{i}.cards",
                Text(
                    N_(
                        "trick {trick} has {count} card(s); every player plays one card "
                        "to each trick, {players} in all"
                    ),
                    trick=i,
                    count=len(trick.cards),
                    players=players,
                ),
            )


def rebuild_hands(tricks: Sequence[Trick], ruleset: Ruleset) -> tuple[int, ...]:
    """Each seat's hand: the cards it played in turn (a repeated card stays with the seat
    that played it first)."""
    players = ruleset.players
    hands = [0] * players
    seen = 0
    for trick in tricks:
        seat = trick.leader
        for c in trick.cards[:players]:  # the plays in turn (the rest: out of turn)
            bit = 1 << c
            if not seen & bit:
                hands[seat % players] |= bit
                seen |= bit
            seat += 1
    return tuple(hands)


def first_leader(ruleset: Ruleset, dealer: int) -> int:
    """The seat after the dealer leads the first trick."""
    return (dealer + 1) % ruleset.players
