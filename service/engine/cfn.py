"""colver's CFN ("Contrée FEN Notation") for Coinche rounds, written and read.

colver (an independent Coinche engine in Rust, a test dependency) writes a position as
``D:<hands> <tricks> <contract>`` (docs/notation.md): the dealer (``N E S W``: seats 0
to 3); the four hands as they stand, seat 0 first, each as ``S.H.D.C`` with the ranks
``A T K Q J 9 8 7`` (``-`` for an empty hand); the tricks played, each as its cards
(``Td``: rank and suit in lower case), separated by ``/`` (``-`` before the first card);
the contract (``150cEW``: the value, 250 for capot, the trump, the side, ``x`` coinched,
``xx`` surcoinched) or, in the auction, ``bid:<highest>/p<passes>/c<level>/<to speak>``
with the highest bid as ``150cE`` (``0`` before any bid, then without the level). CFN
does not give the auction itself.

:func:`to_cfn` writes a record's position as colver does (tests/engine/test_notation.py compares
it with ``colver.Env.to_cfn`` at every action of random rounds). :func:`from_cfn` reads a
CFN (the hands as dealt rebuilt from the tricks) into a record with an auction that gives
its position: the seats before the bidder pass, it bids, the coinche and surcoinche come
from the seats that leave the seat to speak written, the others pass.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .actions import Action, BidAction, PlayAction
from .bidding import BID, CAPOT, COINCHE, PASS, SURCOINCHE, Call
from .cards import cards_in, mask_of
from .notation import NotationError
from .phases import AUCTION
from .play import winning_index
from .round_state import DealRecord, GameRecord, round_state
from .rulesets import Ruleset, get_ruleset

SEATS = "NESW"
#: colver's suits in its order (S H D C) as our suit indexes (C D H S).
_SUITS = (3, 2, 1, 0)
_SUIT_LETTER = "cdhs"  # by our suit index
#: Our rank indexes in colver's order within a suit, highest first (A T K Q J 9 8 7).
_ORDER = (7, 3, 6, 5, 4, 2, 1, 0)
_RANK_LETTER = ("7", "8", "9", "T", "J", "Q", "K", "A")
_LEVELS = {"none": "", COINCHE: "x", SURCOINCHE: "xx"}


def _hand(hand: int) -> str:
    if not hand:
        return "-"
    suits = []
    for s in _SUITS:
        suits.append("".join(_RANK_LETTER[r] for r in _ORDER if hand >> (8 * s + r) & 1))
    return ".".join(suits)


def _card(c: int) -> str:
    return _RANK_LETTER[c & 7] + _SUIT_LETTER[c >> 3]


def _value(value: int | str | None) -> str:
    return "250" if value == CAPOT else str(value)


def to_cfn(record: GameRecord) -> str:
    """The position at the end of a Coinche ``record`` as colver writes it."""
    state = round_state(record)
    hands = "/".join(_hand(h) for h in state.hands[:4])
    tricks = "/".join("".join(_card(c) for c in t.cards) for t in state.tricks if t.cards)
    head = f"{SEATS[record.dealer]}:{hands} {tricks or '-'}"
    if state.phase == AUCTION:
        bids = [a.call for a in record.actions if isinstance(a, BidAction)]
        seats = [(record.dealer + 1 + i) % 4 for i in range(len(bids))]
        highest, level, passes = "0", 0, 0
        for seat, b in zip(seats, bids, strict=True):
            if b.action == BID:
                assert b.trump is not None  # a bid names its trump
                highest = f"{_value(b.value)}{b.trump.lower()}{SEATS[seat]}"
                passes = 0
            elif b.action == PASS:
                passes += 1
            elif b.action in (COINCHE, SURCOINCHE):
                level, passes = level + 1, 0
        level_text = "" if highest == "0" else f"/c{level}"
        assert state.seat is not None  # a seat speaks in the auction
        return f"{head} bid:{highest}/p{passes}{level_text}/{SEATS[state.seat]}"
    contract = state.contract
    assert contract is not None  # after the auction
    side = "NS" if contract.taker % 2 == 0 else "EW"
    doubled = _LEVELS[contract.bid.coinche] if contract.bid is not None else ""
    value = _value(contract.bid.value) if contract.bid is not None else "0"
    return f"{head} {value}{contract.trump.lower()}{side}{doubled}"


def _read_hand(text: str, where: str) -> int:
    if text == "-":
        return 0
    suits = text.split(".")
    if len(suits) != 4:
        raise NotationError("%r is not a hand of four suits", text, word=where)
    out = 0
    for s, ranks in zip(_SUITS, suits, strict=True):
        for letter in ranks:
            if letter not in _RANK_LETTER:
                raise NotationError("%r is not a rank", letter, word=where)
            out |= 1 << (8 * s + _RANK_LETTER.index(letter))
    return out


def _read_card(text: str) -> int:
    if len(text) != 2 or text[0] not in _RANK_LETTER or text[1] not in _SUIT_LETTER:
        raise NotationError("%r is not a card", text, word=text)
    return 8 * _SUIT_LETTER.index(text[1]) + _RANK_LETTER.index(text[0])


def from_cfn(text: str, options: Mapping[str, Any] | None = None) -> GameRecord:
    """The Coinche record of a CFN (the ``coinche`` ruleset with ``options``; colver plays
    as the options of docs/house-rules.md's colver row). The play's CFN and the
    auction's (its highest bid, passes and coinche level) are read; the record is checked
    by :func:`round_state`."""
    rules = get_ruleset("coinche", options)
    words = text.split()
    if len(words) != 3 or words[0][:1] not in SEATS or words[0][1:2] != ":":
        raise NotationError("a CFN is <dealer>:<hands> <tricks> <contract>", word=text[:20])
    hands = [_read_hand(h, h) for h in words[0][2:].split("/")]
    if len(hands) != 4:
        raise NotationError("a CFN gives four hands", word=words[0][:20])
    tricks = [] if words[1] == "-" else [t for t in words[1].split("/")]
    cards = [[_read_card(t[i : i + 2]) for i in range(0, len(t), 2)] for t in tricks]
    dealer = SEATS.index(words[0][0])
    if words[2].startswith("bid:"):
        if cards:
            raise NotationError("tricks are played during the auction", word=words[1][:20])
        bids = _auction_bids(words[2], dealer)
        trump = None
    else:
        bids, trump = _contract_bids(rules, words[2], dealer)
    # The hands as dealt: what each seat holds and what it played.
    leader = (dealer + 1) % 4
    played: list[Action] = []
    for trick in cards:
        assert trump is not None  # tricks only under a contract (refused above otherwise)
        for i, c in enumerate(trick):
            hands[(leader + i) % 4] |= 1 << c
            played.append(PlayAction(c))
        if len(trick) == 4:
            leader = (leader + winning_index(tuple(trick), trump)) % 4
    if (
        mask_of(c for h in hands for c in cards_in(h)) != (1 << 32) - 1
        or sum(h.bit_count() for h in hands) != 32
    ):
        raise NotationError("the hands and tricks are not the 32 cards", word=words[0][:20])
    deal = DealRecord(tuple(tuple(cards_in(h)) for h in hands), None, ())
    actions: tuple[Action, ...] = tuple(BidAction(b) for b in bids)
    if trump is not None:
        actions += _passes(rules, dealer, deal, actions)
    record = GameRecord(rules, dealer, deal, actions + tuple(played))
    # A legal record (IllegalAction otherwise) that colver would write as the text.
    if " ".join(to_cfn(record).split()) != " ".join(words):
        raise NotationError("no Coinche round is at this position", word=words[2][:20])
    return record


def _passes(
    rules: Ruleset, dealer: int, deal: DealRecord, actions: tuple[Action, ...]
) -> tuple[Action, ...]:
    """The passes that end the auction after ``actions``."""
    out: tuple[Action, ...] = ()
    while round_state(GameRecord(rules, dealer, deal, actions + out)).phase == AUCTION:
        out += (BidAction(Call(PASS)),)
        if len(out) > 4:
            raise NotationError("the contract's auction does not end", word="")
    return out


def _contract(text: str) -> tuple[int | str, str, int, int]:
    """(value, trump, team, coinche level) of ``150cEWx``."""
    digits = len(text) - len(text.lstrip("0123456789"))
    if not digits or len(text) < digits + 3:
        raise NotationError("%r is not a contract", text, word=text)
    value: int | str = int(text[:digits])
    value = CAPOT if value == 250 else value
    trump = text[digits].upper()
    side, level = text[digits + 1 : digits + 3], text[digits + 3 :]
    if trump not in "CDHS" or side not in ("NS", "EW") or level not in ("", "x", "xx"):
        raise NotationError("%r is not a contract", text, word=text)
    return value, trump, 0 if side == "NS" else 1, len(level)


def _contract_bids(rules: Ruleset, text: str, dealer: int) -> tuple[list[Call], str]:
    value, trump, team, level = _contract(text)
    order = [(dealer + 1 + i) % 4 for i in range(4)]
    taker = next(s for s in order if s % 2 == team)
    bids = [Call(PASS) for s in order[: order.index(taker)]]
    bids.append(Call(BID, value, trump))
    if level >= 1:
        bids.append(Call(COINCHE))
    if level >= 2:
        bids.append(Call(SURCOINCHE))
    return bids, trump


def _auction_bids(text: str, dealer: int) -> list[Call]:
    """The bids of an auction CFN (``bid:150cE/p1/c1/S``): the seats before the bidder
    pass, it bids; with a coinche level, the coinche (and surcoinche) come from the seats
    that leave the seat to speak next after the passes written; in-turn passes between."""
    parts = text[4:].split("/")
    if parts[:1] == ["0"] and len(parts) == 3:
        parts.insert(2, "c0")  # before any bid, no coinche level is written
    if len(parts) != 4 or parts[1][:1] != "p" or parts[2][:1] != "c" or parts[3] not in SEATS:
        raise NotationError("%r is not an auction", text, word=text)
    if not parts[1][1:].isdigit() or not parts[2][1:].isdigit():
        raise NotationError("%r is not an auction", text, word=text)
    passes, level = int(parts[1][1:]), int(parts[2][1:])
    first = (dealer + 1) % 4
    if parts[0] == "0":
        return [Call(PASS)] * passes
    if parts[0][-1] not in SEATS or level > 2:
        raise NotationError("%r is not an auction", text, word=text)
    bidder = SEATS.index(parts[0][-1])
    value, trump, _, _ = _contract(parts[0][:-1] + ("NS" if bidder % 2 == 0 else "EW"))
    bids = [Call(PASS)] * ((bidder - first) % 4)
    bids.append(Call(BID, value, trump))
    if level:
        last = (SEATS.index(parts[3]) - 1 - passes) % 4  # the seat of the last double
        doubles = [COINCHE, SURCOINCHE][:level]
        start = (last - level + 1) % 4  # the first double's seat, in turn before it
        bids += [Call(PASS)] * ((start - bidder - 1) % 4)
        bids += [Call(d) for d in doubles]
    return bids + [Call(PASS)] * passes


__all__ = ["SEATS", "from_cfn", "to_cfn"]
