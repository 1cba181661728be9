"""GET /v1/rulesets, /v1/rulesets/{name} and /v1/parameters."""

from __future__ import annotations

from marshmallow import fields

from .common import JsonInteger, ResponseSchema, RulesetParametersSchema, enum_field


class RulesetSchema(ResponseSchema):
    name = enum_field("RulesetName", required=True)
    title = fields.String(required=True, metadata={"description": "The game, in words."})
    source = fields.String(
        required=True, metadata={"description": "The published rules the preset follows."}
    )
    players = JsonInteger(required=True, metadata={"description": "Number of players."})
    options = fields.Nested(
        RulesetParametersSchema(),
        required=True,
        metadata={"description": "Every parameter of the ruleset with its value."},
    )


class RulesetListSchema(ResponseSchema):
    rulesets = fields.List(fields.Nested(RulesetSchema()), required=True)


class ParameterSchema(ResponseSchema):
    name = fields.String(required=True, metadata={"description": "The name in `options`."})
    type = enum_field("ParameterType", required=True)
    description = fields.String(required=True)
    values = fields.List(
        fields.Raw(),
        required=True,
        metadata={"description": "Accepted values (`enum`); empty for the other types."},
    )
    minimum = JsonInteger(
        required=True, allow_none=True, metadata={"description": "`int`: the lowest value."}
    )
    maximum = JsonInteger(
        required=True, allow_none=True, metadata={"description": "`int`: the highest value."}
    )
    nullable = fields.Boolean(
        required=True, metadata={"description": 'Whether `null` is a value ("off").'}
    )


class ParameterListSchema(ResponseSchema):
    parameters = fields.List(fields.Nested(ParameterSchema()), required=True)
