"""Engine results as JSON-ready data: one translation per result type, shared by routes.

Cards stay engine ints here; the schemas' ``CardField`` prints them canonically.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from ...engine import scoring
from ...engine.actions import (
    Action,
    BeloteAction,
    BidAction,
    CompareAction,
    DeclareAction,
    ExchangeAction,
    PlayAction,
)
from ...engine.bidding import CAPOT, AuctionResult, Call, Contract
from ...engine.cards import RANKS, SUITS, cards_in
from ...engine.declarations import Declaration
from ...engine.play import Verdict
from ...engine.roem import Roem
from ...engine.rounds import Violation
from ...engine.rulesets import Ruleset
from ...engine.scoring import RoundScore
from ...engine.text import N_, Text
from .errors import InvalidInput


def verdicts_answer(verdicts: Iterable[Verdict]) -> dict:
    """``{"legal": [card], "illegal": [{"card", "rule", "message"}]}`` of a hand's verdicts
    (POST /v1/legal-moves and the ``next`` of /v1/rounds/validate)."""
    verdicts = list(verdicts)
    return {
        "legal": [v.card for v in verdicts if v.legal],
        "illegal": [
            {"card": v.card, "rule": v.rule, "message": v.message} for v in verdicts if not v.legal
        ],
    }


def violation_answer(v: Violation) -> dict:
    """One illegal play of a round record."""
    return {"trick": v.trick, "seat": v.seat, "card": v.card, "rule": v.rule, "message": v.message}


def bid_value(fields: Mapping[str, Any], path: str) -> int | str | None:
    """A request bid's ``value`` and ``capot`` (schemas.bid_value_fields) as the engine's
    one value: the number, ``"capot"``, or None. Both at once is a 422 at ``path``."""
    if not fields.get("capot"):
        return fields.get("value")
    if fields.get("value") is not None:
        raise InvalidInput.at(
            f"{path}.value", Text(N_("a capot bid has no value: send value or capot, not both"))
        )
    return CAPOT


def round_bid(fields: dict | None) -> scoring.ContractBid | None:
    """A request's Coinche ``bid`` (``{"value", "capot", "coinche"}`` or null) as the
    engine's; it needs a value or ``capot: true``."""
    if not fields:
        return None
    value = bid_value(fields, "bid")
    if value is None:
        raise InvalidInput.at(
            "bid.value", Text(N_("a bid needs its value: 80, 90, ... 160 or capot"))
        )
    return scoring.ContractBid(value, fields["coinche"])


def action_body(action: Action) -> dict[str, Any]:
    """A record's action as a client appends it: its ``type``, ``seat`` and only the
    members its type uses (a capot bid as ``capot: true``)."""
    out: dict[str, Any] = {"type": action.type, "seat": action.seat}
    match action:
        case BidAction(call=b):
            bid: dict[str, Any] = {"action": b.action}
            if b.value == CAPOT:
                bid["capot"] = True
            elif b.value is not None:
                bid["value"] = b.value
            if b.trump is not None:
                bid["trump"] = b.trump
            out["bid"] = bid
        case PlayAction(card=c) | BeloteAction(card=c) if c is not None:
            out["card"] = c
        case DeclareAction(cards=cards) if cards:
            out["cards"] = list(cards)
        case ExchangeAction(swap=swap):
            out["swap"] = swap
        case CompareAction(step=step, length=length, top=top):
            out["step"] = step
            if length is not None:
                out["length"] = length
            if top is not None:
                out["top"] = RANKS[top]
    return out


def declaration_answer(d: Declaration, ruleset: Ruleset) -> dict:
    return {
        "seat": d.seat,
        "team": ruleset.team_of(d.seat),
        "kind": d.kind,
        "cards": list(cards_in(d.cards)),
        "points": d.points,
    }


def belote_answers(belotes: Iterable[tuple[int, int]], ruleset: Ruleset) -> list[dict]:
    """``(seat, suit)`` pairs as ``{"seat", "team", "suit"}``."""
    return [
        {"seat": seat, "team": ruleset.team_of(seat), "suit": SUITS[suit]} for seat, suit in belotes
    ]


def round_score_answer(r: RoundScore, ruleset: Ruleset) -> dict:
    """The body of POST /v1/round-score (and the ``score`` of /v1/rounds/validate)."""
    f = r.figures
    return {
        "tricks": [
            {
                "leader": t.leader,
                "cards": list(t.cards),
                "winner": t.winner,
                "team": t.team,
                "points": t.points,
                "roem": roem_answer(t.roem) if t.roem is not None else None,
            }
            for t in r.tricks
        ],
        "card_points": list(f.cards),
        "declaration_points": list(f.declarations),
        "belote_points": list(f.belote),
        "totals": [f.total(0), f.total(1)],
        "raw": list(r.raw),
        "double": r.double,
        "declarations": [declaration_answer(d, ruleset) for d in r.declarations],
        "belote": belote_answers(r.belotes, ruleset),
        "last_trick": r.last_trick,
        "capot": r.capot,
        "contract": {
            "made": r.outcome.made,
            "litige": r.outcome.litige,
            "tie": r.outcome.tie,
            "taker": r.taker,
            "taker_team": r.taker_team,
        },
        "score": list(r.score),
        "held": r.held,
        "held_in_to": r.held_in_to,
        "winner": r.winner,
    }


def roem_answer(roem: Roem) -> dict:
    """What one trick's cards score: ``{"points", "items": [{"kind", "cards", "points"}]}``."""
    return {
        "points": roem.points,
        "items": [
            {"kind": i.kind, "cards": list(cards_in(i.cards)), "points": i.points}
            for i in roem.items
        ],
    }


def auction_bid(fields: dict, index: int) -> Call:
    """Bid ``index`` of a request's ``bids`` list as the engine's :class:`Call`."""
    value = bid_value(fields, f"bids.{index}")
    return Call(fields["action"], value, fields.get("trump"), fields.get("seat"))


def auction_bids(bids: Iterable[dict]) -> list[Call]:
    """A request's ``bids`` as the engine's."""
    return [auction_bid(b, i) for i, b in enumerate(bids)]


def auction_answer(result: AuctionResult) -> dict:
    """The body of POST /v1/bidding (and the ``auction`` of /v1/rounds/validate)."""
    out = as_dict(result)
    out["contract"] = contract_answer(result.contract) if result.contract else None
    return out


def record_contract_answer(contract, ruleset: Ruleset) -> dict | None:
    """A round record's contract (``record.RoundContract``: taker, trump, Coinche bid, contra
    level) as ``/v1/rounds/validate`` and ``/v1/rounds/state`` answer it; None before."""
    if contract is None:
        return None
    bid = contract.bid
    return {
        "taker": contract.taker,
        "team": ruleset.team_of(contract.taker),
        "trump": contract.trump,
        "bid": {"value": bid.value, "coinche": bid.coinche} if bid else None,
        "double": contract.double,
    }


def contract_answer(contract: Contract) -> dict:
    """An auction's contract; "not coinched" and "no contra" are ``"none"`` in every
    bidding (the Coinche ``bid`` stays null outside Coinche)."""
    out = as_dict(contract)
    coinche = contract.coinche is not None
    out["bid"] = {"value": contract.value, "coinche": contract.coinche} if coinche else None
    out["coinche"] = contract.coinche or "none"
    out["double"] = contract.double or "none"
    return out


#: Values ``dataclasses.asdict`` would copy but that are immutable: kept as they are.
_ATOMS = frozenset({str, int, bool, float, type(None)})


def as_dict(value: Any) -> Any:
    """``dataclasses.asdict`` of an engine result, without its deep copies of immutable
    values (the results are frozen dataclasses of numbers, strings, tuples and dataclasses;
    anything else is deep-copied as ``asdict`` does)."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    names = _field_names(kind)
    if names is not None:
        return {name: as_dict(getattr(value, name)) for name in names}
    if kind is tuple or kind is list:
        return kind(as_dict(v) for v in value)
    return dataclasses.asdict(value) if dataclasses.is_dataclass(value) else copy.deepcopy(value)


@cache
def _field_names(kind: type) -> tuple[str, ...] | None:
    if not dataclasses.is_dataclass(kind):
        return None
    return tuple(f.name for f in dataclasses.fields(kind))
