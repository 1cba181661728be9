"""The actions of a round record: one small typed value per action type.

A record (:class:`.round_state.GameRecord`) holds its actions in order, each one of:

- :class:`BidAction`: a call of the auction (:class:`.bidding.Call`);
- :class:`ExchangeAction`: Klaberjass's trump seven exchanged for the turned card, or not;
- :class:`DeclareAction`: one declaration, its cards;
- :class:`BeloteAction`: belote said, alone or with its card (said and played at once);
- :class:`PlayAction`: a card played;
- :class:`CompareAction`: a step of Klaberjass's comparison of sequences.

Each carries the members its type uses and ``seat`` (None when the record leaves it to the
seat whose turn it is); ``type`` is the name the API writes (``bid``, ``exchange``,
``declare``, ``belote``, ``play``, ``compare``). The values are frozen and hash and compare
by value (:func:`.round_state.round_state` keeps walks by their records' actions).

``str(action)`` is a short text for logs and tests, which :func:`parse_action` reads back::

    S1 bid 90 H        S1 pass        S2 take H        S3 coinche by S3
    S0 swap            S0 keep        S3 declare 9C 10C JC
    S2 belote          S2 belote KH   S0 play QS
    S1 compare state length 5         S1 compare state top A       S0 compare how_high

``S<n>`` is the seat (left out when the action names none); a card is written as
:func:`.cards.card_name` writes it; a bid writes its call's action, then its value
(a number or ``capot``), trump mode and ``by S<n>`` when the call names its own seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from . import bidding
from .bidding import CAPOT, Call
from .cards import RANKS, TRUMP_MODES, CardError, card_name, parse_card

#: Klaberjass's comparison steps: the non-dealer states, the dealer answers.
STATE, GOOD, NOT_GOOD, HOW_HIGH, SAME = "state", "good", "not_good", "how_high", "same"
COMPARE_STEPS = (STATE, GOOD, NOT_GOOD, HOW_HIGH, SAME)


def _seat(seat: int | None) -> str:
    return "" if seat is None else f"S{seat} "


@dataclass(frozen=True, slots=True)
class BidAction:
    """A call of the auction, replayed by :mod:`.bidding`."""

    type: ClassVar[str] = "bid"
    call: Call
    seat: int | None = None

    def __str__(self) -> str:
        c = self.call
        words = [c.action]
        if c.value is not None:
            words.append(str(c.value))
        if c.trump is not None:
            words.append(c.trump)
        if c.seat is not None:
            words.append(f"by S{c.seat}")
        return _seat(self.seat) + " ".join(words)


@dataclass(frozen=True, slots=True)
class ExchangeAction:
    """Klaberjass's trump seven (``trump_seven_exchange``): ``swap`` it for the turned
    card, or not."""

    type: ClassVar[str] = "exchange"
    swap: bool
    seat: int | None = None

    def __str__(self) -> str:
        return _seat(self.seat) + ("swap" if self.swap else "keep")


@dataclass(frozen=True, slots=True)
class DeclareAction:
    """One declaration: its ``cards``, in the order stated."""

    type: ClassVar[str] = "declare"
    cards: tuple[int, ...]
    seat: int | None = None

    def __str__(self) -> str:
        return _seat(self.seat) + " ".join(("declare", *map(card_name, self.cards)))


@dataclass(frozen=True, slots=True)
class BeloteAction:
    """Belote said just before the king or queen of trump, alone or with that ``card``
    (said and played in one action)."""

    type: ClassVar[str] = "belote"
    card: int | None = None
    seat: int | None = None

    def __str__(self) -> str:
        said = "belote" if self.card is None else f"belote {card_name(self.card)}"
        return _seat(self.seat) + said


@dataclass(frozen=True, slots=True)
class PlayAction:
    """A card played to the trick."""

    type: ClassVar[str] = "play"
    card: int
    seat: int | None = None

    def __str__(self) -> str:
        return f"{_seat(self.seat)}play {card_name(self.card)}"


@dataclass(frozen=True, slots=True)
class CompareAction:
    """A step of Klaberjass's comparison (:data:`COMPARE_STEPS`): ``state`` with the
    ``length`` of the longest sequence, or with its ``top`` (a rank index: 7 = 0 ... A =
    7) after ``how_high``; the answers without either."""

    type: ClassVar[str] = "compare"
    step: str
    length: int | None = None
    top: int | None = None
    seat: int | None = None

    def __str__(self) -> str:
        words = ["compare", self.step]
        if self.length is not None:
            words += ["length", str(self.length)]
        if self.top is not None:
            words += ["top", RANKS[self.top]]
        return _seat(self.seat) + " ".join(words)


Action = BidAction | ExchangeAction | DeclareAction | BeloteAction | PlayAction | CompareAction
#: Every action type, as the API names it.
ACTION_TYPES = tuple(
    t.type
    for t in (BidAction, ExchangeAction, DeclareAction, BeloteAction, PlayAction, CompareAction)
)


def parse_action(text: str) -> Action:
    """The action of its short text (``str(action)``); ValueError for another text."""
    words = text.split()
    seat = None
    if words and words[0][:1] == "S" and words[0][1:].isdigit():
        seat, words = int(words[0][1:]), words[1:]
    if not words:
        raise ValueError(f"{text!r} is not an action")
    head, rest = words[0], words[1:]
    try:
        if head == "play" and len(rest) == 1:
            return PlayAction(parse_card(rest[0]), seat)
        if head == "belote" and len(rest) <= 1:
            return BeloteAction(parse_card(rest[0]) if rest else None, seat)
        if head == "declare":
            return DeclareAction(tuple(parse_card(w) for w in rest), seat)
    except CardError:
        raise ValueError(f"{text!r} is not an action: a card is not a card") from None
    if head in ("swap", "keep") and not rest:
        return ExchangeAction(head == "swap", seat)
    if head == "compare" and rest and rest[0] in COMPARE_STEPS:
        return _compare(text, rest, seat)
    if head in bidding.ACTIONS:
        return BidAction(_call(text, head, rest), seat)
    raise ValueError(f"{text!r} is not an action")


def _compare(text: str, rest: list[str], seat: int | None) -> CompareAction:
    step, length, top = rest[0], None, None
    pairs = rest[1:]
    if len(pairs) % 2:
        raise ValueError(f"{text!r} is not a comparison step")
    for name, value in zip(pairs[::2], pairs[1::2], strict=True):
        if name == "length" and length is None and value.isdigit():
            length = int(value)
        elif name == "top" and top is None and value in RANKS:
            top = RANKS.index(value)
        else:
            raise ValueError(f"{text!r} is not a comparison step")
    return CompareAction(step, length, top, seat)


def _call(text: str, action: str, rest: list[str]) -> Call:
    value: int | str | None = None
    trump = call_seat = None
    words = iter(rest)
    for word in words:
        if word.isdigit() and value is None and trump is None:
            value = int(word)
        elif word == CAPOT and value is None and trump is None:
            value = CAPOT
        elif word in TRUMP_MODES and trump is None:
            trump = word
        elif word == "by" and call_seat is None:
            by = next(words, "")
            if by[:1] != "S" or not by[1:].isdigit():
                raise ValueError(f"{text!r} is not a bid: {by!r} is not a seat")
            call_seat = int(by[1:])
        else:
            raise ValueError(f"{text!r} is not a bid")
    return Call(action, value, trump, call_seat)


__all__ = [
    "ACTION_TYPES",
    "COMPARE_STEPS",
    "GOOD",
    "HOW_HIGH",
    "NOT_GOOD",
    "SAME",
    "STATE",
    "Action",
    "BeloteAction",
    "BidAction",
    "CompareAction",
    "DeclareAction",
    "ExchangeAction",
    "PlayAction",
    "parse_action",
]
