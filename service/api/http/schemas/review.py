"""POST /v1/rounds/review: a played round reviewed card by card (docs/review.md)."""

from __future__ import annotations

from marshmallow import fields, validate

from ...server.review_jobs import MAX_REVIEW_BUDGET_MS
from .common import (
    CardField,
    JsonInteger,
    ResponseSchema,
    Seat,
    SeedField,
    StrictBoolean,
    Trump,
    bid_value_fields,
    enum_field,
)
from .round_state import RoundStateRequestSchema
from .round_view import SeatBidSchema

MARGIN = (
    " In the ruleset's round points: the margin of the seat's side (its round score minus "
    "the other side's), the contract made or failed, capot, declarations and belote as "
    "the ruleset scores them."
)


class ReviewRequestSchema(RoundStateRequestSchema):
    """A round record (as POST /v1/rounds/state takes it, complete or partial) to review."""

    level = enum_field(
        "PlayerLevel",
        "The player whose estimates give the information-set values and the calls' "
        "values; `normal` when left out.",
        load_default="normal",
    )
    seed = SeedField(
        load_default="0",
        metadata={
            "description": 'Seed of the information-set sampling ("0" when left out): the '
            "same record, level and seed give the same review. A string, as every seed of "
            "the API; an integer from 0 to 2147483647, the type it had before, is still read "
            "as its decimal string.",
            "default": "0",
        },
    )
    budget_ms = JsonInteger(
        validate=validate.Range(min=1, max=600000),
        metadata={
            "description": "CPU budget of the information-set values in milliseconds "
            f"(default 20000, capped at {MAX_REVIEW_BUDGET_MS}): a safety net, as a "
            "suggestion's; past it the remaining decisions are searched with less work and "
            "`complete` is false. The double-dummy values and the par are exact, whatever "
            "the budget."
        },
    )
    par = StrictBoolean(
        load_default=True,
        metadata={"description": "Whether to answer the deal's par (default true)."},
    )


class ReviewValueSchema(ResponseSchema):
    card = CardField(required=True)
    value = fields.Float(required=True, metadata={"description": "The card's value." + MARGIN})


def _values(what: str) -> fields.List:
    return fields.List(
        fields.Nested(ReviewValueSchema()),
        required=True,
        metadata={"description": f"Every legal card with its {what} value, best first."},
    )


class DoubleDummySchema(ResponseSchema):
    values = _values("double-dummy (every hand open, solved exactly)")
    best = fields.Float(required=True, metadata={"description": "The best card's value."})
    played = fields.Float(required=True, metadata={"description": "The card played's value."})
    cost = fields.Float(required=True, metadata={"description": "`best` minus `played`."})


class InformationSetSchema(DoubleDummySchema):
    values = _values("information-set (the level's estimate from the seat's own view)")
    samples = JsonInteger(required=True, metadata={"description": "Deals solved."})


class CardReviewSchema(ResponseSchema):
    index = JsonInteger(required=True, metadata={"description": "The action's index."})
    trick = JsonInteger(required=True, metadata={"description": "The trick (from 0)."})
    seat = Seat("The seat that played it.", required=True)
    card = CardField(required=True, metadata={"description": "The card played."})
    dd = fields.Nested(DoubleDummySchema(), required=True)
    info = fields.Nested(InformationSetSchema(), required=True)
    class_ = enum_field("ReviewClass", data_key="class", attribute="class", required=True)
    accuracy = fields.Float(
        required=True, metadata={"description": "The card's accuracy, 0 to 100 (docs/review.md)."}
    )


class CallOptionSchema(ResponseSchema):
    bid = fields.Nested(SeatBidSchema(), required=True)
    value = fields.Float(
        required=True,
        allow_none=True,
        metadata={"description": "The bidder's estimate (null: `easy` estimates nothing)."},
    )


class CallReviewSchema(ResponseSchema):
    index = JsonInteger(required=True, metadata={"description": "The action's index."})
    seat = Seat("The seat that called.", required=True)
    bid = fields.Nested(SeatBidSchema(), required=True, metadata={"description": "The call."})
    options = fields.List(fields.Nested(CallOptionSchema()), required=True)
    best = fields.Nested(SeatBidSchema(), required=True, metadata={"description": "Best call."})
    value = fields.Float(
        required=True,
        allow_none=True,
        metadata={"description": "The call made's estimate (null: not among the options)."},
    )
    cost = fields.Float(
        required=True,
        allow_none=True,
        metadata={"description": "Best option's estimate minus the call's (null: unknown)."},
    )


class ClassCountsSchema(ResponseSchema):
    best = JsonInteger(required=True)
    inaccuracy = JsonInteger(required=True)
    mistake = JsonInteger(required=True)
    blunder = JsonInteger(required=True)
    unlucky = JsonInteger(required=True)


class SeatReviewSchema(ResponseSchema):
    seat = Seat(required=True)
    cards = JsonInteger(required=True, metadata={"description": "Cards played."})
    dd_cost = fields.Float(required=True, metadata={"description": "Sum of double-dummy costs."})
    info_cost = fields.Float(
        required=True, metadata={"description": "Sum of information-set costs."}
    )
    accuracy = fields.Float(
        required=True,
        allow_none=True,
        metadata={"description": "Mean accuracy of its cards with a choice (null: none)."},
    )
    classes = fields.Nested(ClassCountsSchema(), required=True)
    call_cost = fields.Float(
        required=True, metadata={"description": "Sum of its calls' known costs."}
    )


class ContractCellSchema(ResponseSchema):
    locals().update(
        bid_value_fields("The contract's value (null: the single contract).", response=True)
    )
    made = fields.Boolean(required=True)
    margin = fields.Float(
        required=True, metadata={"description": "The score margin of the taking side."}
    )


class ParCellSchema(ResponseSchema):
    trump = Trump("The trump mode.", required=True)
    taker = Seat("The taker.", required=True)
    team = JsonInteger(required=True, metadata={"description": "The taking side."})
    points = fields.List(
        fields.Float(),
        required=True,
        metadata={
            "description": "Each team's points, every hand open (cards and bonuses, "
            "declarations, belote)."
        },
    )
    contracts = fields.List(fields.Nested(ContractCellSchema()), required=True)


class ParBestSchema(ResponseSchema):
    team = JsonInteger(required=True)
    trump = Trump("The trump mode.", required=True)
    taker = Seat("The taker.", required=True)
    locals().update(
        bid_value_fields("The contract's value (null: the single contract).", response=True)
    )
    margin = fields.Float(required=True, metadata={"description": "The side's margin."})


class ParSchema(ResponseSchema):
    table = fields.List(
        fields.Nested(ParCellSchema()),
        required=True,
        metadata={"description": "The double-dummy table: per trump mode and taker."},
    )
    best = fields.List(
        fields.Nested(ParBestSchema()),
        required=True,
        metadata={"description": "Each side's best contract, every hand open."},
    )


class TotalsSchema(ResponseSchema):
    start = fields.Float(
        required=True,
        allow_none=True,
        metadata={"description": "Team 0's double-dummy value before the first card."},
    )
    margin = fields.Float(
        required=True,
        allow_none=True,
        metadata={"description": "Team 0's final score margin (null: round not over)."},
    )


class ReviewSchema(ResponseSchema):
    level = enum_field("PlayerLevel", required=True)
    seed = SeedField(
        required=True,
        metadata={
            "description": "The request's seed, as sent (an integer seed, the type it had "
            "before, comes back as that integer)."
        },
    )
    stake = JsonInteger(
        required=True,
        metadata={"description": "What a contract is worth: the unit of the thresholds."},
    )
    complete = fields.Boolean(
        required=True, metadata={"description": "Whether every decision got its full work."}
    )
    totals = fields.Nested(
        TotalsSchema(),
        required=True,
        metadata={"description": "The round's double-dummy value at the start and its margin."},
    )
    cards = fields.List(fields.Nested(CardReviewSchema()), required=True)
    calls = fields.List(fields.Nested(CallReviewSchema()), required=True)
    seats = fields.List(fields.Nested(SeatReviewSchema()), required=True)
    par = fields.Nested(ParSchema(), required=True, allow_none=True)
