"""Every request and response schema of the API (marshmallow 4; they generate the spec).

Fields follow JSON Schema: integers accept ``53.0`` and reject ``2.5``, ``"7"`` and
``true``; booleans are only ``true`` / ``false``; cards are strings in the notation of
API.md, loaded as engine card indices and dumped in canonical form.
"""

from __future__ import annotations

from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from ..engine.cards import CARD_PATTERN, TRUMP_MODES, CardError, card_name, parse_card
from ..engine.rulesets import PARAMETERS, PRESETS


class StrictSchema(Schema):
    error_messages = {"type": "Expected a JSON object."}

    class Meta:
        unknown = RAISE
        ordered = True


# --- fields -----------------------------------------------------------------------------


class JsonInteger(fields.Integer):
    """An integer the way JSON Schema means it: 7 or 7.0, never 7.5, "7" or true."""

    default_error_messages = {"invalid": "Not a valid integer."}

    def __init__(self, **kwargs: Any):
        super().__init__(strict=True, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool):
            raise self.make_error("invalid")
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if isinstance(value, int):
            return value
        raise self.make_error("invalid")


class StrictBoolean(fields.Boolean):
    """Only JSON ``true`` and ``false``."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool):
            return value
        raise self.make_error("invalid")


class CardField(fields.String):
    """A card: rank then suit ("10H", "JS"); input also takes "T", lower case and ♣♦♥♠."""

    def __init__(self, **kwargs: Any):
        metadata = {
            "description": "A card, rank then suit: ranks 7 8 9 10 J Q K A, suits C D H S. "
            "Input also accepts T for ten, lower case and the suit symbols ♣ ♦ ♥ ♠; "
            "output is always canonical.",
            "pattern": CARD_PATTERN,
            "example": "10H",
        }
        super().__init__(metadata=metadata | kwargs.pop("metadata", {}), **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            return parse_card(text)
        except CardError as error:
            raise ValidationError(str(error)) from error

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else card_name(value)


def Seat(**kwargs: Any) -> JsonInteger:  # noqa: N802 - a field factory reads like a field
    metadata = {"description": "A seat, in playing order (0..players-1)."}
    return JsonInteger(
        validate=validate.Range(min=0, max=3),
        metadata=metadata | kwargs.pop("metadata", {}),
        **kwargs,
    )


def Team(**kwargs: Any) -> JsonInteger:  # noqa: N802
    return JsonInteger(validate=validate.Range(min=0, max=1), **kwargs)


def Cards(min_length: int = 0, max_length: int = 32, **kwargs: Any) -> fields.List:  # noqa: N802
    # uniqueItems: a repeated card is refused (422 from the engine); the spec says so too.
    return fields.List(
        CardField(),
        validate=validate.Length(min=min_length, max=max_length),
        metadata={"uniqueItems": True} | kwargs.pop("metadata", {}),
        **kwargs,
    )


def TeamFigures(**kwargs: Any) -> fields.List:  # noqa: N802
    return fields.List(
        JsonInteger(),
        validate=validate.Length(equal=2),
        metadata={"description": "One figure per team: [team 0, team 1]."}
        | kwargs.pop("metadata", {}),
        **kwargs,
    )


def Trump(**kwargs: Any) -> fields.String:  # noqa: N802
    return fields.String(
        validate=validate.OneOf(TRUMP_MODES),
        metadata={
            "description": "Trump mode: a suit (C, D, H, S), `none` (sans atout) or `all` "
            "(tout atout)."
        },
        **kwargs,
    )


def json_schema_extras(self, field: fields.Field, **kwargs: Any) -> dict[str, Any]:
    """apispec attribute function: the JSON Schema keywords apispec does not pass through
    (``propertyNames``), from ``metadata={"json_schema": {...}}``."""
    return dict(field.metadata.get("json_schema", {}))


# --- rulesets ---------------------------------------------------------------------------


def _option_field(name: str) -> fields.Field:
    spec = PARAMETERS[name]
    meta = {"description": spec.description}
    common: dict[str, Any] = {"allow_none": spec.nullable, "metadata": meta}
    if spec.kind == "enum" and all(isinstance(v, int) for v in spec.values):
        return JsonInteger(validate=validate.OneOf(spec.values), **common)
    if spec.kind == "enum":
        return fields.String(validate=validate.OneOf(spec.values), **common)
    if spec.kind == "int":
        return JsonInteger(validate=validate.Range(spec.minimum, spec.maximum), **common)
    if spec.kind == "bool":
        return StrictBoolean(**common)
    if spec.kind == "modes":
        return fields.List(
            fields.String(validate=validate.OneOf(TRUMP_MODES)),
            validate=validate.Length(min=1, max=len(TRUMP_MODES)),
            allow_none=spec.nullable,
            metadata=meta | {"uniqueItems": True},
        )
    if spec.kind == "points":
        lengths = [str(n) for n in range(3, 9)]
        return fields.Dict(
            keys=fields.String(validate=validate.OneOf(lengths)),
            values=JsonInteger(validate=validate.Range(min=0, max=10000)),
            allow_none=spec.nullable,
            metadata=meta | {"json_schema": {"propertyNames": {"enum": lengths}}},
        )
    raise AssertionError(spec.kind)


#: Ruleset parameters a request may override; every one is optional.
OptionsSchema = StrictSchema.from_dict(
    {name: _option_field(name) for name in PARAMETERS}, name="OptionsSchema"
)
OptionsSchema.Meta.unknown = RAISE  # type: ignore[attr-defined]


class RulesetRequestSchema(StrictSchema):
    ruleset = fields.String(
        load_default="belote",
        validate=validate.OneOf(list(PRESETS)),
        metadata={"description": "Preset name; `belote` when omitted."},
    )
    options = fields.Nested(
        OptionsSchema(),
        load_default=dict,
        metadata={"description": "Overrides of the preset's parameters, by name."},
    )


class ParametersSchema(Schema):
    class Meta:
        ordered = True

    for _name in PARAMETERS:
        locals()[_name] = _option_field(_name)
    del _name


class RulesetSchema(Schema):
    class Meta:
        ordered = True

    name = fields.String(required=True)
    title = fields.String(required=True)
    source = fields.String(required=True)
    players = JsonInteger(required=True)
    options = fields.Nested(
        ParametersSchema(),
        required=True,
        metadata={"description": "Every parameter of the ruleset with its value."},
    )


class RulesetListSchema(Schema):
    rulesets = fields.List(fields.Nested(RulesetSchema()), required=True)


class ParameterSchema(Schema):
    class Meta:
        ordered = True

    name = fields.String(required=True)
    type = fields.String(
        required=True, metadata={"description": "enum, int, bool, modes or points"}
    )
    description = fields.String(required=True)
    values = fields.List(
        fields.Raw(), required=True, metadata={"description": "Accepted values (enum)."}
    )
    minimum = JsonInteger(required=True, allow_none=True)
    maximum = JsonInteger(required=True, allow_none=True)
    nullable = fields.Boolean(required=True)


class ParameterListSchema(Schema):
    parameters = fields.List(fields.Nested(ParameterSchema()), required=True)


# --- play -------------------------------------------------------------------------------


class TrickSchema(StrictSchema):
    leader = Seat(required=True, metadata={"description": "Seat that led (or is to lead)."})
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


class IllegalCardSchema(Schema):
    class Meta:
        ordered = True

    card = CardField(required=True)
    rule = fields.String(required=True, metadata={"description": "Stable reason code."})
    message = fields.String(required=True, metadata={"description": "One sentence for the player."})


class LegalMovesSchema(Schema):
    class Meta:
        ordered = True

    seat = Seat(required=True, metadata={"description": "The seat to play."})
    legal = Cards(required=True)
    illegal = fields.List(fields.Nested(IllegalCardSchema()), required=True)


class TrickWinnerRequestSchema(RulesetRequestSchema):
    trump = Trump(required=True)
    trick = fields.Nested(TrickSchema(), required=True)


class TrickWinnerSchema(Schema):
    class Meta:
        ordered = True

    winner = Seat(required=True, metadata={"description": "Seat winning (so far)."})
    team = Team(required=True)
    card = CardField(required=True)
    points = JsonInteger(
        required=True,
        metadata={"description": "Card points of the trick, without the last-trick bonus."},
    )
    complete = fields.Boolean(required=True)


# --- service ----------------------------------------------------------------------------


class HealthSchema(Schema):
    status = fields.String(required=True, metadata={"example": "ok"})


class ProblemSchema(Schema):
    """RFC 9457 problem details."""

    class Meta:
        ordered = True

    type = fields.String(required=True, metadata={"example": "about:blank"})
    title = fields.String(required=True)
    status = JsonInteger(required=True)
    detail = fields.String(required=True)
    errors = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.String()),
        metadata={"description": "For invalid input: messages by field path (`trick.cards.1`)."},
    )
    violations = fields.List(
        fields.Dict(),
        metadata={"description": "For an illegal round record: each illegal play."},
    )
