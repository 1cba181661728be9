"""POST /v1/legal-moves and /v1/trick-winner."""

from __future__ import annotations

from marshmallow import fields

from .common import (
    CardField,
    Cards,
    JsonInteger,
    RequestSchema,
    ResponseSchema,
    RulesetRequestSchema,
    Seat,
    Team,
    Trump,
    enum_field,
)
from .declarations import RoemSchema


class TrickSchema(RequestSchema):
    leader = Seat("Seat that led (or is to lead).", required=True)
    cards = Cards(
        max_length=4,
        load_default=list,
        metadata={"description": "Cards in the order played, starting with the leader's."},
    )


class LegalMovesRequestSchema(RulesetRequestSchema):
    trump = Trump(required=True)
    hand = Cards(
        min_length=1,
        max_length=16,
        required=True,
        metadata={"description": "The cards of the player to move."},
    )
    trick = fields.Nested(
        TrickSchema(),
        required=True,
        metadata={"description": "The trick in progress; the seat to play is leader + len(cards)."},
    )


class IllegalCardSchema(ResponseSchema):
    card = CardField(required=True)
    rule = enum_field("ReasonCode", required=True)
    message = fields.String(required=True, metadata={"description": "One sentence for the player."})


class LegalMovesSchema(ResponseSchema):
    seat = Seat("The seat to play.", required=True)
    legal = Cards(
        required=True,
        metadata={
            "description": "The cards that may be played, in card order (suits C D H S, "
            "each 7 to A)."
        },
    )
    illegal = fields.List(
        fields.Nested(IllegalCardSchema()),
        required=True,
        metadata={"description": "Every other card of the hand with its reason, in card order."},
    )


class TrickWinnerRequestSchema(RulesetRequestSchema):
    trump = Trump(required=True)
    trick = fields.Nested(TrickSchema(), required=True)


class TrickWinnerSchema(ResponseSchema):
    winner = Seat("Seat winning (so far).", required=True)
    team = Team(required=True)
    card = CardField(required=True, metadata={"description": "The winning card."})
    points = JsonInteger(
        required=True,
        metadata={"description": "Card points of the trick, without the last-trick bonus."},
    )
    complete = fields.Boolean(
        required=True, metadata={"description": "Every player has played to the trick."}
    )
    roem = fields.Nested(
        RoemSchema(),
        required=True,
        allow_none=True,
        metadata={
            "description": "A complete trick under `declarations_from: trick` or "
            "`belote_from: trick` (klaverjas): what its cards score for the winner's team "
            "(runs, fours, stuk); else null."
        },
    )
