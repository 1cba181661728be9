"""POST /v1/rounds/view: what one seat may see of a round record; the round record as a
member of other requests (`suggest/play`, `suggest/bid`, `match`)."""

from __future__ import annotations

from marshmallow import fields, validate

from .bidding import BiddingSchema, SuggestedBidSchema
from .common import CardField, Cards, JsonInteger, ResponseSchema, Seat, TeamFigures, enum_field
from .record import RecordContractSchema
from .round_state import (
    EventSchema,
    LegalActionsSchema,
    PreviousRoundSchema,
    RoundStateRequestSchema,
    StateTrickSchema,
)
from .scoring import RoundScoreSchema


class RoundRecordSchema(PreviousRoundSchema):
    """A round record without its ruleset (the request's): the dealer, the deal as
    POST /v1/deal answered it, the actions in order, the points held in."""

    held_in = JsonInteger(
        load_default=0,
        validate=validate.Range(min=0, max=1000000),
        metadata={
            "description": "Points held over by earlier litiges, as in POST /v1/round-score."
        },
    )


class RoundViewRequestSchema(RoundStateRequestSchema):
    seat = Seat("The seat whose view it is.", required=True)


class SeatBidSchema(SuggestedBidSchema):
    """A bid of the auction, with the seat that made it."""

    seat = Seat("The seat that made it.", required=True)


class RoundViewSchema(ResponseSchema):
    """What one seat may see: POST /v1/rounds/state's answer without the other hands, the
    stock and the salt, and the legal actions only at the seat's turn."""

    viewer = Seat("The seat whose view it is.", required=True)
    phase = enum_field("StatePhase", required=True)
    seat = Seat("The seat to act; null when complete or redeal.", required=True, allow_none=True)
    legal = fields.Nested(
        LegalActionsSchema(),
        required=True,
        metadata={"description": "The viewer's legal actions at its turn; else every list empty."},
    )
    hand = Cards(required=True, metadata={"description": "The viewer's hand as it stands."})
    hand_sizes = fields.List(
        JsonInteger(),
        required=True,
        metadata={"description": "How many cards each seat holds now, by seat."},
    )
    stock_size = JsonInteger(
        required=True, metadata={"description": "How many cards are not dealt (yet)."}
    )
    turned_up = CardField(
        required=True,
        allow_none=True,
        metadata={"description": "The card turned up at the deal (null where none is)."},
    )
    turned = CardField(
        required=True,
        allow_none=True,
        metadata={
            "description": "The card face up on the table now, as in POST /v1/rounds/state "
            "(null once the taker received it; the trump 7 after an exchange)."
        },
    )
    bids = fields.List(
        fields.Nested(SeatBidSchema()),
        required=True,
        metadata={"description": "The auction's bids, in order."},
    )
    tricks = fields.List(fields.Nested(StateTrickSchema()), required=True)
    card_points = TeamFigures(
        required=True, metadata={"description": "As in POST /v1/rounds/state."}
    )
    events = fields.List(fields.Nested(EventSchema()), required=True)
    contract = fields.Nested(RecordContractSchema(), required=True, allow_none=True)
    auction = fields.Nested(
        BiddingSchema(), required=True, metadata={"description": "As POST /v1/bidding."}
    )
    score = fields.Nested(
        RoundScoreSchema(),
        required=True,
        allow_none=True,
        metadata={"description": "Once complete: the answer of POST /v1/round-score."},
    )
    next_dealer = Seat("Once complete or redeal: who deals next.", required=True, allow_none=True)
    actions = JsonInteger(required=True, metadata={"description": "The actions read."})
    commitment = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "The deal's commitment, as the record gives it."},
    )
