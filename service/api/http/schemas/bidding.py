"""POST /v1/bidding."""

from __future__ import annotations

from typing import Any

from marshmallow import fields, post_dump, validate

from ....engine.bidding import CAPOT
from .common import (
    BidPointsField,
    CapotField,
    CardField,
    JsonInteger,
    RequestSchema,
    ResponseSchema,
    RulesetRequestSchema,
    Seat,
    Team,
    Trump,
    bid_value_fields,
    enum_field,
)


class BidSchema(RequestSchema):
    """One bid of an auction."""

    seat = Seat(
        "The seat making the bid (optional). When given it must be the seat whose turn it "
        "is (else 422 `not_your_turn`), except a `coinche` under the option "
        "`coinche_timing: any_time`, which an opponent of the highest bid may call out of "
        "turn."
    )
    action = enum_field("BidAction", required=True)
    locals().update(
        bid_value_fields("`bid` only (Coinche): a value of the ladder (80, 90, ... 160).")
    )
    trump = Trump(
        "`bid`: its trump mode (belot: the contract, no value); `name`: the trump named; "
        "`take`: may repeat the turned (or proposed) suit."
    )


class SuggestedBidSchema(ResponseSchema):
    """A call, as `POST /v1/bidding` takes it."""

    action = enum_field("BidAction", required=True)
    locals().update(bid_value_fields("`bid`: its number; else null.", response=True))
    trump = Trump(
        "`bid`, `name`: the trump; `take`: the turned suit; else null.",
        allow_none=True,
        required=True,
    )


def proposed_fields() -> dict[str, Any]:
    """``proposed`` and ``second_proposed``: the suits of ``klaverjas_proposed`` bidding."""
    return {
        "proposed": enum_field(
            "Suit",
            "`bidding: klaverjas_proposed`: the suit proposed (turned from the 2-6 pile); "
            "left out in the other biddings.",
        ),
        "second_proposed": enum_field(
            "Suit",
            "`klaverjas_proposed` with `proposed_all_pass: new_proposal`: the suit proposed "
            "for the second round once everybody passed `proposed`.",
        ),
    }


class BiddingRequestSchema(RulesetRequestSchema):
    dealer = Seat(
        "The dealer; the seat after it bids first (klaverjas `first_speaker: dealer`: the dealer).",
        required=True,
    )
    turned = CardField(
        metadata={
            "description": "The card turned up (turned-card games and Klaberjass; "
            "left out for Coinche, belot and klaverjas)."
        }
    )
    locals().update(proposed_fields())
    bids = fields.List(
        fields.Nested(BidSchema()),
        load_default=list,
        validate=validate.Length(max=100),
        metadata={
            "description": "The bids so far, in order, starting with the seat after the "
            "dealer; left out or empty before the first bid."
        },
    )


class BidNumbersField(fields.List):
    """`values` of a legal bid: the engine's bid values but capot (``capot`` says it)."""

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else [int(v) for v in value if v != CAPOT]


class CapotAllowedField(CapotField):
    """`capot` of a legal bid: whether the engine's bid values hold the capot bid."""

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else CAPOT in value


class LegalBidSchema(ResponseSchema):
    """One kind of legal bid; fields that do not apply to the action are left out."""

    @post_dump
    def _drop_absent(self, data: dict, **kwargs: Any) -> dict:
        return {key: value for key, value in data.items() if value is not None}

    action = enum_field("BidAction", required=True)
    trump = Trump("`take`: the turned suit.")
    trumps = fields.List(
        Trump(),
        metadata={
            "description": "`bid`: the trump modes allowed; `name`: the modes that may be named."
        },
    )
    values = BidNumbersField(
        BidPointsField(),
        metadata={
            "description": "`bid`: every number allowed, lowest first; any of them may be "
            "combined with any of `trumps`."
        },
    )
    capot = CapotAllowedField(
        source="values",
        metadata={"description": "`bid` (Coinche): whether the capot bid is allowed too."},
    )
    seats = fields.List(
        Seat(),
        metadata={
            "description": "`coinche`: every seat that may coinche now: the next seat alone, "
            "or with `coinche_timing: any_time` both opponents of the highest bid (then the "
            "entry is listed even when the next seat is not one of them)."
        },
    )


class ContractBidSchema(ResponseSchema):
    """A Coinche contract's bid, as POST /v1/round-score takes it."""

    locals().update(bid_value_fields("The bid's number.", response=True))
    coinche = enum_field("CoincheLevel", required=True)


class ContractSchema(ResponseSchema):
    taker = Seat(required=True)
    team = Team(required=True)
    trump = Trump(required=True)
    locals().update(bid_value_fields("Coinche: the bid's number; else null.", response=True))
    coinche = enum_field(
        "CoincheLevel",
        "The coinche level: `coinche`, `surcoinche`, or `none` (not coinched; always `none` "
        "outside Coinche).",
        required=True,
    )
    coinched_by = Seat(
        "Coinche: the seat that coinched; else null.", allow_none=True, required=True
    )
    surcoinched_by = Seat(
        "Coinche: the seat that surcoinched; else null.", allow_none=True, required=True
    )
    bid = fields.Nested(
        ContractBidSchema(),
        allow_none=True,
        required=True,
        metadata={
            "description": "Coinche: `{value, coinche}`, exactly the `bid` of "
            "POST /v1/round-score (with `trump` and `taker` from this contract); else null."
        },
    )
    turned = CardField(
        allow_none=True, required=True, metadata={"description": "The turned card; else null."}
    )
    round = JsonInteger(
        allow_none=True,
        required=True,
        metadata={"description": "Turned-card games: the bidding round (1 or 2) it was taken in."},
    )
    double = enum_field(
        "DoubleLevel",
        "The contra level, as POST /v1/round-score takes it: `contra`, `recontra`, or `none` "
        "(always `none` outside Bulgarian bidding).",
        required=True,
    )
    doubled_by = Seat(
        "Bulgarian: the seat that said contra; else null.", allow_none=True, required=True
    )
    redoubled_by = Seat(
        "Bulgarian: the seat that said recontra; else null.", allow_none=True, required=True
    )
    proposed = enum_field(
        "Suit",
        "klaverjas_proposed: the proposed suit of the round it was taken in; else null.",
        allow_none=True,
        required=True,
    )
    seven_exchange_allowed = fields.Boolean(
        required=True,
        metadata={
            "description": "The turned suit became trump and the ruleset lets the holder of "
            "the trump 7 exchange it for the turned card (Klaberjass)."
        },
    )


class HighestBidSchema(ResponseSchema):
    seat = Seat(required=True)
    team = Team(required=True)
    locals().update(
        bid_value_fields("Coinche: the bid's number; null in bulgarian bidding.", response=True)
    )
    trump = Trump(required=True)


class BiddingSchema(ResponseSchema):
    complete = fields.Boolean(required=True, metadata={"description": "The auction is over."})
    next_seat = Seat("The seat to bid; null when complete.", allow_none=True, required=True)
    legal_bids = fields.List(
        fields.Nested(LegalBidSchema()),
        required=True,
        metadata={"description": "What the next seat may do (empty when complete)."},
    )
    contract = fields.Nested(
        ContractSchema(),
        allow_none=True,
        required=True,
        metadata={"description": "The contract once the auction is complete; null otherwise."},
    )
    redeal = fields.Boolean(
        required=True, metadata={"description": "Complete with everybody passing: deal again."}
    )
    redeal_dealer = Seat(
        "On a redeal: who deals (ruleset parameter `redeal_dealer`); else null.",
        allow_none=True,
        required=True,
    )
    round = JsonInteger(
        allow_none=True,
        required=True,
        metadata={
            "description": "Turned-card and klaverjas games: the bidding round, 1 or 2; null "
            "in Coinche and belot."
        },
    )
    highest = fields.Nested(
        HighestBidSchema(),
        allow_none=True,
        required=True,
        metadata={"description": "Coinche and belot: the highest bid so far; null otherwise."},
    )
