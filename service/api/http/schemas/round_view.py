"""POST /v1/rounds/view: what one seat may see of a round record; the round record as a
member of other requests (`suggest/play`, `suggest/bid`, `match`)."""

from __future__ import annotations

from marshmallow import fields, validate

from .bidding import SuggestedBidSchema
from .common import CardField, Cards, JsonInteger, Seat
from .round_state import (
    LegalActionsSchema,
    PreviousRoundSchema,
    RoundStateRequestSchema,
    RoundStateSchema,
)


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


class RoundViewSchema(RoundStateSchema):
    """What one seat may see: POST /v1/rounds/state's answer without the other hands, the
    stock and the salt, and the legal actions only at the seat's turn."""

    class Meta(RoundStateSchema.Meta):  # open, as every answer
        exclude = ("hands", "stock")

    legal = fields.Nested(
        LegalActionsSchema(),
        required=True,
        metadata={
            "description": "What the viewer may do now (its turn; in Klaberjass the "
            "comparison's winner may show its sequences while the other seat is to play); "
            "else every list empty."
        },
    )
    viewer = Seat("The seat whose view it is.", required=True)
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
    bids = fields.List(
        fields.Nested(SeatBidSchema()),
        required=True,
        metadata={"description": "The auction's bids, in order."},
    )
    commitment = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "The deal's commitment, as the record gives it."},
    )
    dealer = Seat("The dealer.", required=True)
    leader = Seat(
        "In play, the seat that leads the trick in play (before its first card too); else null.",
        required=True,
        allow_none=True,
    )
    salt = fields.String(
        required=True,
        allow_none=True,
        metadata={
            "description": "Once the round is over (complete or redeal) and the record gives "
            "it: the deal's salt (hex), to check `commitment` (docs/api.md, the deal)."
        },
    )
