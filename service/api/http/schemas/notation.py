"""POST /v1/rounds/text and POST /v1/rounds/from-text: a round record in one line of text
and back (docs/notation.md)."""

from __future__ import annotations

from marshmallow import fields, validate

from ....engine.notation import MAX_TEXT
from .bidding import SuggestedBidSchema
from .common import (
    CardField,
    Cards,
    JsonInteger,
    RequestSchema,
    ResponseSchema,
    Seat,
    StrictBoolean,
    enum_field,
)


class RecordTextSchema(ResponseSchema):
    text = fields.String(
        required=True,
        metadata={"description": "The record in one line of text (docs/notation.md)."},
    )
    url = fields.String(
        required=True,
        metadata={"description": "The same, URL-safe: `r1.` and the deflated text in base64url."},
    )


class FromTextRequestSchema(RequestSchema):
    text = fields.String(
        validate=validate.Length(min=1, max=MAX_TEXT),
        metadata={"description": "A record in one line of text (POST /v1/rounds/text)."},
    )
    url = fields.String(
        validate=validate.Length(min=4, max=MAX_TEXT),
        metadata={"description": "Or its URL-safe form (`r1.`...); give one of the two."},
    )


class TextHandSchema(ResponseSchema):
    seat = Seat(required=True)
    cards = Cards(required=True)


class TextDealSchema(ResponseSchema):
    hands = fields.List(fields.Nested(TextHandSchema()), required=True)
    turned = CardField()
    stock = Cards()
    proposed = enum_field("Suit")
    second_proposed = enum_field("Suit")
    commitment = fields.String()
    salt = fields.String()


class TextBidSchema(SuggestedBidSchema):
    seat = Seat("The seat the bid names, when it names one.")


class TextActionSchema(ResponseSchema):
    """An action as POST /v1/rounds/state takes it: only the members its type uses."""

    type = enum_field("ActionType", required=True)
    seat = Seat()
    bid = fields.Nested(TextBidSchema())
    card = CardField()
    cards = Cards()
    swap = StrictBoolean()
    step = enum_field("CompareStep")
    length = JsonInteger()
    top = enum_field("Rank")


class TextRecordSchema(ResponseSchema):
    """The round record, as POST /v1/rounds/state (and /v1/rounds/review) take it."""

    ruleset = enum_field("RulesetName", required=True)
    options = fields.Dict(
        required=True, metadata={"description": "The ruleset's options, as the text gives them."}
    )
    dealer = Seat(required=True)
    deal = fields.Nested(TextDealSchema(), required=True)
    actions = fields.List(fields.Nested(TextActionSchema()), required=True)
    held_in = JsonInteger(required=True)
