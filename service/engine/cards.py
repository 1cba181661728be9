"""Cards, suits, ranks, card sets as 32-bit integers, and the rank/point tables.

A card is an ``int`` in ``0..31``: ``suit * 8 + rank``, with suits ``C D H S`` = 0..3
and ranks in natural (sequence) order ``7 8 9 10 J Q K A`` = 0..7.
A set of cards is an ``int`` bit set: bit ``card`` is set when the card is in it.
The canonical notation is rank then suit: ``"10H"``, ``"JS"``, ``"AD"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .text import N_, Text

SUITS = "CDHS"
RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)

ALL_CARDS = (1 << 32) - 1
SUIT_MASKS = tuple(0xFF << (8 * s) for s in range(4))

#: Trump modes: a suit index, or one of these two strings.
NO_TRUMP = "none"
ALL_TRUMP = "all"
TRUMP_MODES = ("C", "D", "H", "S", NO_TRUMP, ALL_TRUMP)

# Strength within a suit (higher wins), indexed by rank.
#   plain: A 10 K Q J 9 8 7       trump: J 9 A 10 K Q 8 7
PLAIN_STRENGTH = (0, 1, 2, 6, 3, 4, 5, 7)
TRUMP_STRENGTH = (0, 1, 6, 4, 7, 2, 3, 5)
PLAIN_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)
TRUMP_POINTS = (0, 0, 14, 10, 20, 3, 4, 11)

_SUIT_ALIASES = {"C": 0, "D": 1, "H": 2, "S": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3}
_SUIT_ALIASES |= {k.lower(): v for k, v in _SUIT_ALIASES.items() if k.isascii()}
_RANK_ALIASES = {r: i for i, r in enumerate(RANKS)} | {"T": TEN}
_RANK_ALIASES |= {k.lower(): v for k, v in _RANK_ALIASES.items() if k.isalpha()}
#: The accepted notation as a regular expression (kept equal to :func:`parse_card`).
#: It ends with ``(?![\s\S])`` ("no character follows"), not ``$``: Python's ``re`` (used by
#: jsonschema) lets ``$`` match before a final newline, so ``"JH\n"`` would pass the spec's
#: pattern but not the parser. The lookahead means the same in ECMA-262 and Python.
CARD_PATTERN = "^(7|8|9|10|[JQKATjqkat])[CDHScdhs♣♦♥♠](?![\\s\\S])"


#: Suit names as the English sentences say them, by suit index.
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
#: Trump modes as the English sentences say them.
MODE_NAMES = dict(zip(SUITS, SUIT_NAMES, strict=True)) | {"none": "no trump", "all": "all trumps"}


class CardError(ValueError):
    """A string that is not a card in the accepted notation."""


def card(rank: int, suit: int) -> int:
    return suit * 8 + rank


def suit_of(c: int) -> int:
    return c >> 3


def rank_of(c: int) -> int:
    return c & 7


def bit(c: int) -> int:
    return 1 << c


def parse_card(text: str) -> int:
    """Parse ``"10H"``, ``"th"``, ``"J♠"``...; raise :class:`CardError` otherwise."""
    if not isinstance(text, str):
        raise CardError(
            Text(N_("a card must be a string like '10H', not {type}"), type=type(text).__name__)
        )
    rank, suit = text[:-1], text[-1:]
    if rank not in _RANK_ALIASES or suit not in _SUIT_ALIASES:
        raise CardError(
            Text(
                N_(
                    "'{text}' is not a card: write rank then suit, ranks 7 8 9 10 J Q K A "
                    "(T for ten), suits C D H S or ♣ ♦ ♥ ♠"
                ),
                text=text,
            )
        )
    return card(_RANK_ALIASES[rank], _SUIT_ALIASES[suit])


#: Every notation :func:`parse_card` accepts (``"10H"``, ``"th"``, ``"J♠"``...), to its card.
NOTATIONS = {
    rank + suit: card(r, s)
    for rank, r in _RANK_ALIASES.items()
    for suit, s in _SUIT_ALIASES.items()
}


def card_name(c: int) -> str:
    return RANKS[c & 7] + SUITS[c >> 3]


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_in(mask: int) -> Iterator[int]:
    """The cards of a bit set, lowest index first."""
    return iter(card_tuple(mask))


def card_tuple(mask: int) -> tuple[int, ...]:
    """The cards of a bit set, lowest index first, as a tuple (four table look-ups)."""
    return (
        _BYTE_CARDS[0][mask & 0xFF]
        + _BYTE_CARDS[1][mask >> 8 & 0xFF]
        + _BYTE_CARDS[2][mask >> 16 & 0xFF]
        + _BYTE_CARDS[3][mask >> 24 & 0xFF]
    )


# For each suit and each of the 256 subsets of its ranks, the cards, lowest first.
_BYTE_CARDS = tuple(
    tuple(tuple(8 * s + r for r in range(8) if byte >> r & 1) for byte in range(256))
    for s in range(4)
)


def count(mask: int) -> int:
    return mask.bit_count()


def trump_suit(trump: str) -> int | None:
    """The trump suit's index for a suit mode, ``None`` for ``none`` and ``all``."""
    return SUITS.index(trump) if trump in SUITS else None


def is_trump_card(c: int, trump: str) -> bool:
    """Whether the card ranks as a trump (in ``all`` every card does)."""
    if trump == ALL_TRUMP:
        return True
    return SUITS[c >> 3] == trump


def strength(c: int, trump: str) -> int:
    """Order of the card within its own suit under the trump mode (0..7, higher wins)."""
    return (TRUMP_STRENGTH if is_trump_card(c, trump) else PLAIN_STRENGTH)[c & 7]


# For each (strength-table, suit, strength k): the bit set of cards of that suit
# ranking strictly above strength k. Makes "can you beat it" one AND.
def _above_table(strength_table: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    table = []
    for s in range(4):
        row = []
        for k in range(8):
            row.append(mask_of(card(r, s) for r in range(8) if strength_table[r] > k))
        table.append(tuple(row))
    return tuple(table)


_ABOVE_TRUMP = _above_table(TRUMP_STRENGTH)
_ABOVE_PLAIN = _above_table(PLAIN_STRENGTH)


def cards_above(c: int, trump: str) -> int:
    """Bit set of the cards of ``c``'s suit that beat ``c`` under the trump mode."""
    table = _ABOVE_TRUMP if is_trump_card(c, trump) else _ABOVE_PLAIN
    return table[c >> 3][strength(c, trump)]


# --- cards, ranks, suits and trump modes inside a sentence (engine/text.py) ---------------


class Card(int):
    """A card inside a sentence: ``JH`` in English."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return card_name(self)


class Rank(int):
    """A rank inside a sentence: ``J`` in English."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return RANKS[self]


class Suit(int):
    """A suit inside a sentence: ``hearts`` in English."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return SUIT_NAMES[self]


class Mode(str):
    """A trump mode named and shown as sent: ``no trump (none)``; an unknown one quoted."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        mode = str.__str__(self)
        name = MODE_NAMES.get(mode)
        return f"{name} ({mode})" if name else repr(mode)


class Cards(tuple):
    """Cards inside a sentence: ``JH QH KH`` in English."""

    __slots__ = ()

    def __new__(cls, cards: Iterable[int]) -> Cards:
        return super().__new__(cls, cards)

    def __format__(self, spec: str) -> str:
        return " ".join(card_name(c) for c in self)
