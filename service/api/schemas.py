"""Every request and response schema of the API (marshmallow 4; they generate the spec).

Fields follow JSON Schema: integers accept ``53.0`` and reject ``2.5``, ``"7"`` and
``true``; booleans are only ``true`` / ``false``; cards are strings in the notation of
API.md, loaded as engine card indices and dumped in canonical form.
"""

from __future__ import annotations

from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, post_dump, validate

from ..engine.bidding import ACTIONS, BID_VALUES
from ..engine.cards import CARD_PATTERN, TRUMP_MODES, CardError, card_name, parse_card
from ..engine.rulesets import MAX_SEQUENCE_POINTS, PARAMETERS, PRESETS
from ..engine.scoring import MULTIPLIERS


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
            values=JsonInteger(validate=validate.Range(min=0, max=MAX_SEQUENCE_POINTS)),
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
        fields.Nested(lambda: ProblemViolationSchema()),
        metadata={
            "description": "For an illegal round record: each illegal play (`trick`, `seat`, "
            "`card`); for an illegal bid: the bid (`bid`, `seat`, `action`)."
        },
    )
    request_id = fields.String(
        metadata={
            "description": "The request's id, as in the `X-Request-ID` header (the client's "
            "own if it sent a valid one): quote it when reporting a problem."
        },
    )


# --- declarations -----------------------------------------------------------------------


class SeatCardsSchema(StrictSchema):
    seat = Seat(required=True)
    cards = Cards(max_length=16, required=True)


class DeclarationClaimSchema(StrictSchema):
    seat = Seat(required=True, metadata={"description": "The seat that announced it."})
    cards = Cards(
        min_length=1,
        max_length=8,
        required=True,
        metadata={"description": "The cards shown: a carré or a sequence, in any order."},
    )


class DeclarationsRankRequestSchema(RulesetRequestSchema):
    trump = Trump(required=True)
    leader = Seat(
        load_default=0,
        metadata={"description": "Leader of the first trick (ties: `first_in_rotation`)."},
    )
    declarations = fields.List(
        fields.Nested(DeclarationClaimSchema()),
        validate=validate.Length(max=32),
        metadata={
            "description": "The declarations announced, each checked (and against the "
            "seat's hand when `hands` are given)."
        },
    )
    hands = fields.List(
        fields.Nested(SeatCardsSchema()),
        validate=validate.Length(min=1, max=4),
        metadata={
            "description": "Hands at the start of play. Without `declarations`, each hand's "
            "best declarations are found; belote is read from them."
        },
    )


class RankedDeclarationSchema(Schema):
    class Meta:
        ordered = True

    seat = Seat(required=True)
    team = Team(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(("carre", "sequence")))
    cards = Cards(required=True)
    points = JsonInteger(required=True)


class SeatTeamSchema(Schema):
    class Meta:
        ordered = True

    seat = Seat(required=True)
    team = Team(required=True)


class BeloteSchema(Schema):
    class Meta:
        ordered = True

    seat = Seat(required=True)
    team = Team(required=True)
    suit = fields.String(required=True, validate=validate.OneOf(tuple("CDHS")))


class DeclarationsRankSchema(Schema):
    class Meta:
        ordered = True

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


# --- bidding ----------------------------------------------------------------------------


class BidValueField(fields.Field):
    """A Coinche bid value: an integer (80, 90, ... 160) or the string "capot".

    Only the JSON type is checked here; whether the number is a bid value is a rule of the
    auction, refused with the reason code ``invalid_value``.
    """

    default_error_messages = {
        "invalid": 'Not a valid bid value: an integer (80, 90, ... 160) or "capot".'
    }

    def __init__(self, **kwargs: Any):
        choices: list[dict[str, Any]] = [
            {"type": "integer", "minimum": 80, "maximum": 160, "multipleOf": 10},
            {"type": "string", "enum": ["capot"]},
        ]
        if kwargs.get("allow_none"):
            choices.append({"type": "null"})
        metadata = {
            "oneOf": choices,
            "description": "Bid value: 80, 90, ... 160, or `capot` (above 160).",
        }
        super().__init__(metadata=metadata | kwargs.pop("metadata", {}), **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if value == "capot":
            return value
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.make_error("invalid")
        if isinstance(value, float):
            if not value.is_integer():
                raise self.make_error("invalid")
            return int(value)
        return value


def _bid_trump(description: str, **kwargs: Any) -> fields.String:
    return fields.String(
        validate=validate.OneOf(TRUMP_MODES),
        metadata={"description": "Trump mode (C, D, H, S, none, all). " + description},
        **kwargs,
    )


class BidSchema(StrictSchema):
    seat = Seat(
        metadata={
            "description": "Optional: the seat making the bid. When given it must be the "
            "seat whose turn it is (else 422 `not_your_turn`)."
        }
    )
    action = fields.String(
        required=True,
        validate=validate.OneOf(ACTIONS),
        metadata={
            "description": "Coinche: `pass`, `bid` (with `value` and `trump`), `coinche`, "
            "`surcoinche`. Turned-card games: `pass`, `take` (the turned suit, first round), "
            "`name` (with `trump`, second round)."
        },
    )
    value = BidValueField(metadata={"description": "`bid` only: 80, 90, ... 160 or `capot`."})
    trump = _bid_trump(
        "`bid`: its trump mode; `name`: the trump named; `take`: may repeat the turned suit."
    )


class BiddingRequestSchema(RulesetRequestSchema):
    dealer = Seat(required=True, metadata={"description": "The dealer; the seat after bids first."})
    turned = CardField(
        metadata={
            "description": "The card turned up (turned-card games and Klaberjass; "
            "must be left out for Coinche)."
        }
    )
    bids = fields.List(
        fields.Nested(BidSchema()),
        load_default=list,
        validate=validate.Length(max=100),
        metadata={
            "description": "The bids so far, in order, starting with the seat after the dealer."
        },
    )


class LegalBidSchema(Schema):
    """One kind of legal bid; fields that do not apply to the action are left out."""

    class Meta:
        ordered = True

    @post_dump
    def _drop_absent(self, data: dict, **kwargs: Any) -> dict:
        return {key: value for key, value in data.items() if value is not None}

    action = fields.String(required=True, validate=validate.OneOf(ACTIONS))
    trump = _bid_trump("`take`: the turned suit.")
    trumps = fields.List(
        Trump(),
        metadata={
            "description": "`bid`: the trump modes allowed; `name`: the modes that may be named."
        },
    )
    values = fields.List(
        BidValueField(),
        metadata={
            "description": "`bid`: every value allowed, lowest first; any of them may be "
            "combined with any of `trumps`."
        },
    )


class ContractBidSchema(Schema):
    class Meta:
        ordered = True

    value = BidValueField(required=True)
    coinche = fields.String(required=True, validate=validate.OneOf(tuple(MULTIPLIERS)))


class ContractSchema(Schema):
    class Meta:
        ordered = True

    taker = Seat(required=True)
    team = Team(required=True)
    trump = Trump(required=True)
    value = BidValueField(
        allow_none=True, required=True, metadata={"description": "Coinche: the bid; else null."}
    )
    coinche = fields.String(
        allow_none=True,
        required=True,
        validate=validate.OneOf(tuple(MULTIPLIERS)),
        metadata={"description": "Coinche: none, coinche (x2) or surcoinche (x4); else null."},
    )
    coinched_by = Seat(allow_none=True, required=True)
    surcoinched_by = Seat(allow_none=True, required=True)
    bid = fields.Nested(
        ContractBidSchema(),
        allow_none=True,
        required=True,
        metadata={
            "description": "Coinche: `{value, coinche}`, exactly the `bid` of "
            "POST /v1/round-score (with `trump` and `taker` from this contract); else null."
        },
    )
    turned = CardField(allow_none=True, required=True)
    round = JsonInteger(
        allow_none=True,
        required=True,
        metadata={"description": "Turned-card games: the bidding round (1 or 2) it was taken in."},
    )
    seven_exchange_allowed = fields.Boolean(
        required=True,
        metadata={
            "description": "The turned suit became trump and the ruleset lets the holder of "
            "the trump 7 exchange it for the turned card (Klaberjass)."
        },
    )


class HighestBidSchema(Schema):
    class Meta:
        ordered = True

    seat = Seat(required=True)
    team = Team(required=True)
    value = BidValueField(required=True)
    trump = Trump(required=True)


class BiddingSchema(Schema):
    class Meta:
        ordered = True

    complete = fields.Boolean(required=True, metadata={"description": "The auction is over."})
    next_seat = Seat(
        allow_none=True,
        required=True,
        metadata={"description": "The seat to bid; null when complete."},
    )
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
        allow_none=True,
        required=True,
        metadata={"description": "On a redeal: who deals (ruleset parameter `redeal_dealer`)."},
    )
    round = JsonInteger(
        allow_none=True,
        required=True,
        metadata={"description": "Turned-card games: the bidding round, 1 or 2; null in Coinche."},
    )
    highest = fields.Nested(
        HighestBidSchema(),
        allow_none=True,
        required=True,
        metadata={"description": "Coinche: the highest bid so far; null otherwise."},
    )


# --- scoring ------------------------------------------------------------------------------


class ViolationSchema(Schema):
    """One illegal play of a round record."""

    class Meta:
        ordered = True

    trick = JsonInteger(required=True, metadata={"description": "Trick index, from 0."})
    seat = Seat(required=True, metadata={"description": "The seat that played the card."})
    card = CardField(required=True)
    rule = fields.String(
        required=True,
        metadata={
            "description": "Stable reason code: a play obligation of RULES.md section 2, "
            "or not_in_hand, not_your_turn, wrong_leader, duplicate_card."
        },
    )
    message = fields.String(required=True, metadata={"description": "One sentence."})


class ProblemViolationSchema(Schema):
    """An illegal play (`trick`, `seat`, `card`) or an illegal bid (`bid`, `seat`,
    `action`), with its reason code and a sentence."""

    class Meta:
        ordered = True

    trick = JsonInteger(allow_none=True, metadata={"description": "Trick index, from 0."})
    bid = JsonInteger(allow_none=True, metadata={"description": "Index of the bid in `bids`."})
    seat = Seat(required=True, metadata={"description": "The seat that played or bid."})
    card = CardField(allow_none=True)
    action = fields.String(allow_none=True, metadata={"description": "The illegal bid's action."})
    rule = fields.String(required=True, metadata={"description": "Stable reason code."})
    message = fields.String(required=True, metadata={"description": "One sentence."})


class RoundTrickSchema(StrictSchema):
    leader = Seat(required=True, metadata={"description": "Seat that led the trick."})
    cards = Cards(
        min_length=1,
        max_length=8,
        required=True,
        metadata={
            "description": "Cards in the order played, starting with the leader's; a "
            "complete trick has one card per player."
        },
    )


class RoundBidSchema(StrictSchema):
    value = BidValueField(required=True, validate=validate.OneOf(BID_VALUES))
    coinche = fields.String(
        load_default="none",
        validate=validate.OneOf(tuple(MULTIPLIERS)),
        metadata={"description": "none (x1), coinche (x2) or surcoinche (x4)."},
    )


class RoundScoreRequestSchema(RulesetRequestSchema):
    trump = Trump(required=True)
    taker = Seat(required=True, metadata={"description": "The seat that took the contract."})
    tricks = fields.List(
        fields.Nested(RoundTrickSchema()),
        required=True,
        validate=validate.Length(min=1, max=16),
        metadata={"description": "The complete round: every trick in the order played."},
    )
    declarations = fields.List(
        fields.Nested(DeclarationClaimSchema()),
        load_default=list,
        validate=validate.Length(max=32),
        metadata={
            "description": "Declarations announced, checked against the hands rebuilt from "
            "the plays. Belote needs no announcement: it is read from the plays."
        },
    )
    bid = fields.Nested(
        RoundBidSchema(),
        load_default=None,
        allow_none=True,
        metadata={"description": "The contract, required when the ruleset's contract is `bid`."},
    )
    held_in = JsonInteger(
        load_default=0,
        validate=validate.Range(min=0, max=1000000),
        metadata={
            "description": "Points held over by earlier litiges (`held` of the previous "
            "round); they go to the side that wins this round."
        },
    )


class ScoredTrickSchema(Schema):
    class Meta:
        ordered = True

    leader = Seat(required=True)
    cards = Cards(required=True)
    winner = Seat(required=True)
    team = Team(required=True)
    points = JsonInteger(
        required=True, metadata={"description": "Card points, never the last-trick bonus."}
    )


class ContractOutcomeSchema(Schema):
    class Meta:
        ordered = True

    made = fields.Boolean(required=True)
    litige = fields.Boolean(
        required=True, metadata={"description": "An exact tie under `litige: hold_over`."}
    )
    tie = fields.Boolean(
        required=True,
        metadata={"description": "The contract's comparison came out exactly equal."},
    )
    taker = Seat(required=True)
    taker_team = Team(required=True)


class RoundScoreSchema(Schema):
    class Meta:
        ordered = True

    tricks = fields.List(fields.Nested(ScoredTrickSchema()), required=True)
    card_points = TeamFigures(
        required=True,
        metadata={"description": "Card points with the last-trick bonus, or the capot bonus."},
    )
    declaration_points = TeamFigures(
        required=True, metadata={"description": "Declaration points that score (belote apart)."}
    )
    belote_points = TeamFigures(required=True)
    totals = TeamFigures(
        required=True,
        metadata={"description": "Each side's card + declaration + belote points."},
    )
    declarations = fields.List(
        fields.Nested(RankedDeclarationSchema()),
        required=True,
        metadata={"description": "The announced declarations, best first."},
    )
    belote = fields.List(fields.Nested(BeloteSchema()), required=True)
    last_trick = Team(required=True, metadata={"description": "The team that won the last trick."})
    capot = Team(
        required=True,
        allow_none=True,
        metadata={"description": "The team that took every trick (null: none, or no capot)."},
    )
    contract = fields.Nested(ContractOutcomeSchema(), required=True)
    score = TeamFigures(required=True, metadata={"description": "What each team scores."})
    held = JsonInteger(
        required=True,
        metadata={"description": "Points held over for the next round (litige), else 0."},
    )
    held_in_to = Team(
        required=True,
        allow_none=True,
        metadata={"description": "The team that received `held_in` (null: none given, or held)."},
    )
    winner = Team(
        required=True,
        allow_none=True,
        metadata={"description": "The team that won the round (null on a litige)."},
    )


class MatchRoundSchema(StrictSchema):
    score = TeamFigures(
        required=True,
        metadata={"description": "The round's own score (without points held in from before)."},
    )
    held = JsonInteger(
        load_default=0,
        validate=validate.Range(min=0, max=1000000),
        metadata={"description": "Points this round's litige held over (round-score `held`)."},
    )
    winner = Team(
        load_default=None,
        allow_none=True,
        metadata={
            "description": "The team that won the round (round-score `winner`); needed when "
            "held points wait for it."
        },
    )


class MatchScoreRequestSchema(RulesetRequestSchema):
    rounds = fields.List(
        fields.Nested(MatchRoundSchema()),
        required=True,
        validate=validate.Length(max=1000),
        metadata={"description": "The rounds played, in order."},
    )
    target = JsonInteger(
        allow_none=True,
        validate=validate.Range(min=1, max=100000),
        metadata={"description": "Overrides the ruleset's target; null: a single deal."},
    )


class MatchScoreSchema(Schema):
    class Meta:
        ordered = True

    totals = TeamFigures(required=True)
    finished = fields.Boolean(required=True)
    winner = Team(required=True, allow_none=True)
    draw = fields.Boolean(
        required=True, metadata={"description": "A single deal ended with equal scores."}
    )
    held = JsonInteger(
        required=True, metadata={"description": "Held-over points still waiting for a winner."}
    )
    target = JsonInteger(required=True, allow_none=True)
    rounds = JsonInteger(required=True, metadata={"description": "Rounds counted."})


# --- round validation ---------------------------------------------------------------------


class RoundValidateRequestSchema(RoundScoreRequestSchema):
    """A round record as /v1/round-score takes it, whole or partial, with the deal and
    (optionally) the bids; ``trump`` and ``taker`` come from the bids when given."""

    dealer = Seat(
        required=True,
        metadata={"description": "The dealer: the seat after it bids first and leads first."},
    )
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
            "Klaberjass; leave it out for Coinche). With `bidding: turned_card` it must be in "
            "the taker's hand."
        }
    )
    bids = fields.List(
        fields.Nested(BidSchema()),
        load_default=None,
        validate=validate.Length(max=100),
        metadata={
            "description": "The bids so far, from the seat after the dealer, as in "
            "POST /v1/bidding. When given they decide `trump`, `taker` and (Coinche) `bid`; "
            "stated values must then agree with them."
        },
    )
    trump = fields.String(
        load_default=None,
        validate=validate.OneOf(TRUMP_MODES),
        metadata={
            "description": "Trump mode: a suit (C, D, H, S), `none` or `all`; required when no "
            "`bids` are given."
        },
    )
    taker = Seat(
        load_default=None,
        metadata={"description": "The seat that took the contract; required without `bids`."},
    )
    tricks = fields.List(
        fields.Nested(RoundTrickSchema()),
        load_default=list,
        validate=validate.Length(max=16),
        metadata={
            "description": "The tricks played so far, in order; every trick but the last "
            "complete. Empty (or left out) before the first card."
        },
    )


class RecordViolationSchema(ViolationSchema):
    """An illegal play, or an illegal bid (then `trick` and `card` are null)."""

    trick = JsonInteger(
        required=True,
        allow_none=True,
        metadata={"description": "Trick index, from 0; null for an illegal bid."},
    )
    card = CardField(required=True, allow_none=True, metadata={"description": "Null for a bid."})
    bid = JsonInteger(
        required=True,
        allow_none=True,
        metadata={"description": "Index in `bids` of an illegal bid; null for a play."},
    )


class NextPlaySchema(LegalMovesSchema):
    """The answer of POST /v1/legal-moves for the seat to play, with its position."""

    trick = JsonInteger(required=True, metadata={"description": "Index of the trick, from 0."})
    leader = Seat(required=True, metadata={"description": "Seat leading that trick."})
    cards = Cards(required=True, metadata={"description": "The trick's cards so far."})
    hand = Cards(required=True, metadata={"description": "The seat's remaining cards."})


class RecordContractSchema(Schema):
    class Meta:
        ordered = True

    taker = Seat(required=True)
    team = Team(required=True)
    trump = Trump(required=True)
    bid = fields.Nested(
        ContractBidSchema(),
        required=True,
        allow_none=True,
        metadata={"description": "The Coinche bid the round is scored with; else null."},
    )


class RoundValidationSchema(Schema):
    class Meta:
        ordered = True

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
    phase = fields.String(
        required=True,
        validate=validate.OneOf(("bidding", "redeal", "play", "complete")),
        metadata={
            "description": "`bidding`: the auction is not over (see `auction`); `redeal`: "
            "everybody passed; `play`: tricks remain; `complete`: every trick is played."
        },
    )
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
            "description": "With `bids`: the answer of POST /v1/bidding (before the first "
            "illegal bid, if any); null without bids."
        },
    )
