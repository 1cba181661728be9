"""POST /v1/rounds/validate."""

from __future__ import annotations

from marshmallow import fields, validate

from .bidding import BiddingSchema, BidSchema, ContractBidSchema, proposed_fields
from .common import (
    CardField,
    Cards,
    JsonInteger,
    ResponseSchema,
    Seat,
    Team,
    Trump,
    enum_field,
)
from .declarations import SeatCardsSchema
from .play import LegalMovesSchema
from .scoring import RoundScoreRequestSchema, RoundScoreSchema, RoundTrickSchema


class RoundValidateRequestSchema(RoundScoreRequestSchema):
    """A round record as POST /v1/round-score takes it, whole or partial, with the deal
    and the bids, or the contract stated by ``trump`` and ``taker``."""

    dealer = Seat("The dealer: the seat after it bids first and leads first.", required=True)
    hands = fields.List(
        fields.Nested(SeatCardsSchema()),
        required=True,
        validate=validate.Length(min=1, max=4),
        metadata={
            "description": "Every seat's hand at the start of play, `hand_size` cards each, "
            "no card in two hands (turned-card games: the taker's includes the turned card)."
        },
    )
    turned = CardField(
        metadata={
            "description": "The card turned up, as in POST /v1/bidding (turned-card games and "
            "Klaberjass; left out for Coinche). With `bidding: turned_card` it must be in "
            "the taker's hand."
        }
    )
    locals().update(proposed_fields())
    double = enum_field(
        "DoubleLevel",
        "The contra level (`doubling: contra`), stated; left out: the bids decide it "
        "(`none` without bids).",
        load_default=None,
    )
    bids = fields.List(
        fields.Nested(BidSchema()),
        load_default=list,
        validate=validate.Length(max=100),
        metadata={
            "description": "The bids so far, from the seat after the dealer, as in "
            "POST /v1/bidding; left out or empty: none yet. Without a stated contract "
            "(`trump`, `taker`) the bids decide it (no bids: the auction is at its start, "
            "`phase` `bidding`). With both, they must agree."
        },
    )
    trump = Trump(
        "The contract's trump mode, stated; left out: the bids decide it.", load_default=None
    )
    taker = Seat(
        "The seat that took the contract, stated; left out: the bids decide it.",
        load_default=None,
    )
    tricks = fields.List(
        fields.Nested(RoundTrickSchema()),
        load_default=list,
        validate=validate.Length(max=16),
        metadata={
            "description": "The tricks played so far, in order; every trick but the last "
            "complete. Left out or empty before the first card."
        },
    )


class RecordViolationSchema(ResponseSchema):
    """An illegal play, or an illegal bid (then `trick` and `card` are null)."""

    trick = JsonInteger(
        required=True,
        allow_none=True,
        metadata={"description": "Trick index, from 0; null for an illegal bid."},
    )
    seat = Seat("The seat that played the card or made the bid.", required=True)
    card = CardField(required=True, allow_none=True, metadata={"description": "Null for a bid."})
    rule = enum_field("ReasonCode", required=True)
    message = fields.String(required=True, metadata={"description": "One sentence."})
    bid = JsonInteger(
        required=True,
        allow_none=True,
        metadata={"description": "Index in `bids` of an illegal bid; null for a play."},
    )


class NextPlaySchema(LegalMovesSchema):
    """The answer of POST /v1/legal-moves for the seat to play, with its position."""

    trick = JsonInteger(required=True, metadata={"description": "Index of the trick, from 0."})
    leader = Seat("Seat leading that trick.", required=True)
    cards = Cards(required=True, metadata={"description": "The trick's cards so far."})
    hand = Cards(required=True, metadata={"description": "The seat's remaining cards."})


class RecordContractSchema(ResponseSchema):
    taker = Seat(required=True)
    team = Team(required=True)
    trump = Trump(required=True)
    bid = fields.Nested(
        ContractBidSchema(),
        required=True,
        allow_none=True,
        metadata={"description": "The Coinche bid the round is scored with; else null."},
    )
    double = enum_field("DoubleLevel", "The round's contra level.", required=True)


class RoundValidationSchema(ResponseSchema):
    valid = fields.Boolean(
        required=True, metadata={"description": "No illegal bid and no illegal play."}
    )
    violations = fields.List(
        fields.Nested(RecordViolationSchema()),
        required=True,
        metadata={
            "description": "The first illegal bid (and nothing after it is checked), or every "
            "illegal play in playing order."
        },
    )
    next = fields.Nested(
        NextPlaySchema(),
        required=True,
        allow_none=True,
        metadata={"description": "The card awaited; null when invalid, finished or bidding."},
    )
    score = fields.Nested(
        RoundScoreSchema(),
        required=True,
        allow_none=True,
        metadata={
            "description": "Once every trick is played and the record is valid: exactly the "
            "answer of POST /v1/round-score; else null."
        },
    )
    phase = enum_field("RoundPhase", required=True)
    contract = fields.Nested(
        RecordContractSchema(),
        required=True,
        allow_none=True,
        metadata={"description": "Taker, trump and bid the round is played for; null before."},
    )
    auction = fields.Nested(
        BiddingSchema(),
        required=True,
        allow_none=True,
        metadata={
            "description": "When the bids decide the contract: the answer of POST /v1/bidding "
            "(before the first illegal bid, if any); null for a stated contract."
        },
    )
