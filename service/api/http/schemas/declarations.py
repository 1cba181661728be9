"""POST /v1/declarations/rank and /v1/declarations/best."""

from __future__ import annotations

from marshmallow import fields, validate

from .common import (
    Cards,
    JsonInteger,
    RequestSchema,
    ResponseSchema,
    RulesetRequestSchema,
    Seat,
    Team,
    TeamFigures,
    Trump,
    enum_field,
)


class SeatCardsSchema(RequestSchema):
    """A seat's hand."""

    seat = Seat(required=True)
    cards = Cards(max_length=16, required=True)


class DeclarationClaimSchema(RequestSchema):
    """A declaration as announced: the seat and the cards it shows."""

    seat = Seat("The seat that announced it.", required=True)
    cards = Cards(
        min_length=1,
        max_length=8,
        required=True,
        metadata={"description": "The cards shown: a carré or a sequence, in any order."},
    )


class _DeclarationsRequestSchema(RulesetRequestSchema):
    trump = Trump(required=True)
    leader = Seat(
        "Leader of the first trick (equal declarations: `first_in_rotation` counts from it); "
        "0 when left out.",
        load_default=0,
    )


class DeclarationsRankRequestSchema(_DeclarationsRequestSchema):
    declarations = fields.List(
        fields.Nested(DeclarationClaimSchema()),
        required=True,
        validate=validate.Length(max=32),
        metadata={
            "description": "The declarations announced (empty: none), each checked, and "
            "against its seat's hand when `hands` are given."
        },
    )
    hands = fields.List(
        fields.Nested(SeatCardsSchema()),
        validate=validate.Length(max=4),
        metadata={
            "description": "Hands at the start of play, to check the claims against and to "
            "find belote in; left out (or empty): claims are checked on their own and belote "
            "is read from the cards shown."
        },
    )


class DeclarationsBestRequestSchema(_DeclarationsRequestSchema):
    hands = fields.List(
        fields.Nested(SeatCardsSchema()),
        required=True,
        validate=validate.Length(min=1, max=4),
        metadata={
            "description": "Hands at the start of play; each hand's best declarations are "
            "found and ranked, belote is read from them."
        },
    )


class RankedDeclarationSchema(ResponseSchema):
    seat = Seat(required=True)
    team = Team(required=True)
    kind = enum_field("DeclarationKind", required=True)
    cards = Cards(required=True)
    points = JsonInteger(required=True)


class RoemItemSchema(ResponseSchema):
    kind = enum_field("RoemKind", required=True)
    cards = Cards(required=True, metadata={"description": "The cards that make it."})
    points = JsonInteger(required=True)


class RoemSchema(ResponseSchema):
    """What a complete trick's cards score under ``declarations_from: trick`` (klaverjas
    roem) or ``belote_from: trick`` (stuk), for the trick winner's team."""

    points = JsonInteger(required=True, metadata={"description": "The items' sum (0: none)."})
    items = fields.List(fields.Nested(RoemItemSchema()), required=True)


class SeatTeamSchema(ResponseSchema):
    seat = Seat(required=True)
    team = Team(required=True)


class BeloteSchema(ResponseSchema):
    """Belote-rebelote: the king and queen of trumps in one hand."""

    seat = Seat(required=True)
    team = Team(required=True)
    suit = enum_field("Suit", "The trump suit of the pair.", required=True)


class DeclarationsRankSchema(ResponseSchema):
    declarations = fields.List(
        fields.Nested(RankedDeclarationSchema()),
        required=True,
        metadata={"description": "Every declaration, best first (equal ones in playing order)."},
    )
    winner = fields.Nested(
        SeatTeamSchema(),
        required=True,
        allow_none=True,
        metadata={
            "description": "Holder of the single best declaration; null when nothing is "
            "declared or on a `none_score` tie."
        },
    )
    points = TeamFigures(
        required=True,
        metadata={"description": "Declaration points per team (belote excluded)."},
    )
    belote = fields.List(
        fields.Nested(BeloteSchema()),
        required=True,
        metadata={
            "description": "Belote-rebelote holders (never compared; worth the ruleset's "
            "`belote_points` each)."
        },
    )
