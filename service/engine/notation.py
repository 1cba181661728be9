"""A round record in one line of text, and its URL-safe form (docs/notation.md).

:func:`to_text` writes a :class:`.round_state.GameRecord` (with the options its ruleset
was built with) as one line: the ruleset and its options, the dealer and the points held
in, every hand in the order dealt, the turned card, the stock, the proposed suits, the
commitment and salt, then every action. :func:`from_text` reads it back, the same record;
:func:`to_url` and :func:`from_url` wrap the text in a form safe in a URL (deflated,
base64url). The text only writes and reads: the record it gives is checked by
:func:`.round_state.round_state` as any other. The grammar::

    record  = head " " deal [" : " actions]
    head    = ruleset [options] "/" dealer ["+" held-in]
    options = compact JSON object, keys sorted (no spaces)
    deal    = hands [" ^" card] [" ~" cards] [" ?" suit ["," suit]] [" #" commitment]
              [" $" salt]
    hands   = cards ("|" cards)*                      seat 0 first, as dealt
    cards   = card ("." card)* | "-"
    actions = action (" " action)*
    action  = [seat "@"] (card | bid | "x+" | "x-" | "d:" cards | "belote" [":" card]
              | compare)
    bid     = bid-action ["/" value] ["/" trump] ["!" seat]
    compare = "cmp:" step ["," "L" length] ["," "T" rank]

A card is its name (``10S``, ``JH``); a bid action is ``pass``, ``bid``, ``take``,
``name``, ``coinche``, ``surcoinche``, ``contra``, ``recontra``; a value is a number or
``capot``; a trump mode is ``C D H S none all``.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from collections.abc import Mapping
from typing import Any

from .actions import (
    Action,
    BeloteAction,
    BidAction,
    CompareAction,
    DeclareAction,
    ExchangeAction,
    PlayAction,
)
from .bidding import CAPOT, Call
from .cards import RANKS, TRUMP_MODES, card_name, parse_card
from .play import PositionError
from .round_state import DealRecord, GameRecord
from .rulesets import RulesetError, get_ruleset
from .text import N_, Text

#: The URL-safe form's prefix: the version of this notation.
URL_PREFIX = "r1."
#: The longest text read (a round record is some 300 characters).
MAX_TEXT = 20_000

_CARD = re.compile(r"^(?:10|[2-9TJQKA])[CDHS]$", re.I)
_HEAD = re.compile(
    r"^(?P<ruleset>[a-z0-9-]+)(?P<options>\{.*\})?/(?P<dealer>\d+)(?:\+(?P<held>\d+))?$"
)


class NotationError(PositionError):
    """A text that is not a round record in this notation, at ``word`` (the field is
    ``text``); ``why`` says more, for the programmer (not shown to the client)."""

    def __init__(self, why: str, *details: Any, word: str = ""):
        self.why = why % details
        template = N_("not a round record in the notation of docs/notation.md (at `{word}`)")
        super().__init__("text", Text(template, word=word[:40]))


def _cards(cards) -> str:
    return ".".join(card_name(c) for c in cards) if cards else "-"


def _read_cards(text: str) -> tuple[int, ...]:
    if text == "-":
        return ()
    out = []
    for name in text.split("."):
        try:
            out.append(parse_card(name))
        except Exception:
            raise NotationError("%r is not a card", name, word=name) from None
    return tuple(out)


def _options_text(options: Mapping[str, Any] | None) -> str:
    if not options:
        return ""
    text = json.dumps(dict(options), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    if " " in text:
        raise ValueError("an option value holds a space: it cannot be written in one token")
    return text


def to_text(record: GameRecord, options: Mapping[str, Any] | None = None) -> str:
    """The record in one line (``options``: those its ruleset was built with)."""
    deal = record.deal
    head = f"{record.ruleset.name}{_options_text(options)}/{record.dealer}"
    if record.held_in:
        head += f"+{record.held_in}"
    parts = [head, "|".join(_cards(h) for h in deal.hands)]
    if deal.turned is not None:
        parts.append("^" + card_name(deal.turned))
    if deal.stock:
        parts.append("~" + _cards(deal.stock))
    if deal.proposed is not None:
        parts.append(
            "?" + deal.proposed + ("," + deal.second_proposed if deal.second_proposed else "")
        )
    if deal.commitment is not None:
        parts.append("#" + deal.commitment)
    if deal.salt is not None:
        parts.append("$" + deal.salt.hex())
    if record.actions:
        parts.append(":")
        parts += [_action(a) for a in record.actions]
    return " ".join(parts)


def _action(a: Action) -> str:
    seat = "" if a.seat is None else f"{a.seat}@"
    match a:
        case PlayAction(card=c):
            return seat + card_name(c)
        case BidAction(call=b):
            out = b.action
            if b.value is not None:
                out += f"/{b.value}"
            if b.trump is not None:
                out += f"/{b.trump}"
            if b.seat is not None:
                out += f"!{b.seat}"
            return seat + out
        case ExchangeAction(swap=swap):
            return seat + ("x+" if swap else "x-")
        case DeclareAction(cards=cards):
            return seat + "d:" + _cards(cards)
        case BeloteAction(card=c):  # said alone, or with its card (played in the same action)
            return seat + "belote" + ("" if c is None else ":" + card_name(c))
        case CompareAction(step=step, length=length, top=top):
            out = "cmp:" + step
            if length is not None:
                out += f",L{length}"
            if top is not None:
                out += f",T{RANKS[top]}"
            return seat + out
    raise ValueError(f"not an action: {a!r}")


def from_text(text: str) -> tuple[GameRecord, dict[str, Any] | None]:
    """The record of a line of this notation, and the options of its ruleset;
    :class:`NotationError` (a :class:`PositionError` at ``text``) for another text, and
    the ruleset's own error for an unknown ruleset or option."""
    if len(text) > MAX_TEXT:
        raise NotationError("longer than %d characters", MAX_TEXT, word=text[:20])
    words = text.split()
    if len(words) < 2:
        raise NotationError("it needs the ruleset and the hands", word=text)
    head = _HEAD.match(words[0])
    if head is None:
        raise NotationError("%r is not ruleset[options]/dealer[+held-in]", words[0], word=words[0])
    options = None
    if head["options"]:
        try:
            options = json.loads(head["options"])
        except ValueError:
            raise NotationError("the options are not a JSON object", word=words[0]) from None
        if not isinstance(options, dict):
            raise NotationError("the options are not a JSON object", word=words[0])
    try:
        ruleset = get_ruleset(head["ruleset"], options)
    except (RulesetError, TypeError, ValueError, AttributeError) as error:
        raise NotationError("%s", error, word=words[0]) from None
    hands = tuple(_read_cards(h) for h in words[1].split("|"))
    turned = stock = proposed = second = commitment = salt = None
    rest = words[2:]
    while rest and rest[0] != ":":
        word, rest = rest[0], rest[1:]
        mark, value = word[0], word[1:]
        if mark == "^":
            (turned,) = _read_cards(value) or (None,)
        elif mark == "~":
            stock = _read_cards(value)
        elif mark == "?":
            proposed, _, second = value.partition(",")
            second = second or None
        elif mark == "#":
            commitment = value
        elif mark == "$":
            try:
                salt = bytes.fromhex(value)
            except ValueError:
                raise NotationError("the salt %r is not hexadecimal", value, word=word) from None
        else:
            raise NotationError("%r is not a part of the deal", word, word=word)
    actions = tuple(_read_action(w) for w in rest[1:])
    deal = DealRecord(hands, turned, stock or (), commitment, salt, proposed, second)
    record = GameRecord(ruleset, int(head["dealer"]), deal, actions, int(head["held"] or 0))
    return record, options


def _read_action(word: str) -> Action:
    seat = None
    at = word.find("@")
    if at > 0 and word[:at].isdigit():
        seat, word = int(word[:at]), word[at + 1 :]
    if _CARD.match(word):
        return PlayAction(_read_cards(word)[0], seat)
    if word in ("x+", "x-"):
        return ExchangeAction(word == "x+", seat)
    if word.startswith("d:"):
        return DeclareAction(_read_cards(word[2:]), seat)
    if word == "belote":
        return BeloteAction(None, seat)
    if word.startswith("belote:"):
        return BeloteAction(_read_cards(word[7:])[0], seat)
    if word.startswith("cmp:"):
        step, *extra = word[4:].split(",")
        length = top = None
        for e in extra:
            if e[:1] == "L" and e[1:].isdigit():
                length = int(e[1:])
            elif e[:1] == "T" and e[1:] in RANKS:
                top = RANKS.index(e[1:])
            else:
                raise NotationError("%r is not a comparison's length or top", e, word=word)
        return CompareAction(step, length, top, seat)
    body, _, bid_seat = word.partition("!")
    action, *parts = body.split("/")
    if not action.isalpha() or len(parts) > 2:
        raise NotationError("%r is not an action", word, word=word)
    value: int | str | None = None
    trump = None
    for p in parts:
        if p.isdigit():
            value = int(p)
        elif p == CAPOT:
            value = CAPOT
        elif p in TRUMP_MODES:
            trump = p
        else:
            raise NotationError("%r is not a bid's value or trump mode", p, word=word)
    if bid_seat and not bid_seat.isdigit():
        raise NotationError("%r is not a seat", bid_seat, word=word)
    return BidAction(Call(action, value, trump, int(bid_seat) if bid_seat else None), seat)


def to_url(record: GameRecord, options: Mapping[str, Any] | None = None) -> str:
    """The record's text, deflated and in base64url (no padding), after ``r1.``."""
    packed = zlib.compress(to_text(record, options).encode("utf-8"), 9)
    return URL_PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def from_url(token: str) -> tuple[GameRecord, dict[str, Any] | None]:
    """The record of :func:`to_url`'s form."""
    if not token.startswith(URL_PREFIX) or len(token) > MAX_TEXT:
        raise NotationError("a URL form starts with %r", URL_PREFIX, word=token[:20])
    body = token[len(URL_PREFIX) :]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflater = zlib.decompressobj()
        text = inflater.decompress(packed, MAX_TEXT + 1).decode("utf-8")
    except (ValueError, zlib.error):
        raise NotationError("the URL form does not decode", word=token[:20]) from None
    return from_text(text)
