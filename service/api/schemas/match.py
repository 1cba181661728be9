"""POST /v1/match: a match record's sheet, round by round."""

from __future__ import annotations

from marshmallow import fields, validate

from .common import (
    JsonInteger,
    RequestSchema,
    ResponseSchema,
    Seat,
    Team,
    TeamFigures,
    enum_field,
)
from .round_view import RoundRecordSchema
from .scoring import MatchRoundSchema, MatchScoreRequestSchema, MatchScoreSchema

#: Rounds one match record holds at most (as `POST /v1/match-score`).
MATCH_ROUNDS_MAX = 1000


class MatchRecordRoundSchema(RequestSchema):
    """One round of a match record, by its `type`: `score` (its scored summary, as
    `/v1/match-score` takes it, in `summary`), `redeal` (everybody passed: nothing
    scored, no other member) or `record` (the round record, in `record`)."""

    type = enum_field("MatchRoundType", required=True)
    summary = fields.Nested(
        MatchRoundSchema(),
        metadata={"description": "`score`: the round's scored summary; required there."},
    )
    record = fields.Nested(
        RoundRecordSchema(),
        metadata={
            "description": "`record`: the round record as POST /v1/rounds/state takes it "
            "(the ruleset is the match's), complete or passed out; its `dealer` must be the "
            "one the sheet says and its `held_in` 0 (the match carries held points itself)."
        },
    )


class MatchRequestSchema(MatchScoreRequestSchema):
    dealer = Seat("The dealer of the first round.", required=True)
    rounds = fields.List(
        fields.Nested(MatchRecordRoundSchema()),
        required=True,
        validate=validate.Length(max=MATCH_ROUNDS_MAX),
        metadata={"description": "The rounds played, in order; empty: the match begins."},
    )


class MatchSheetLineSchema(ResponseSchema):
    """One round's line of the sheet."""

    dealer = Seat("The seat that dealt this round.", required=True)
    type = enum_field("MatchRoundType", required=True)
    score = TeamFigures(
        required=True,
        metadata={"description": "The round's own score (a redeal: [0, 0])."},
    )
    held = JsonInteger(
        required=True,
        metadata={"description": "Points this round's litige held over for a later round."},
    )
    credited = JsonInteger(
        required=True,
        metadata={
            "description": "Points held by earlier litiges that this round gave its `winner` "
            "(0: none were waiting, or this round is a litige too)."
        },
    )
    winner = Team(
        "The team that won the round, as given (or computed from a round record); null: "
        "a litige, a redeal, or not given.",
        required=True,
        allow_none=True,
    )
    capot = Team("The team that took every trick, if one did.", required=True, allow_none=True)
    totals = TeamFigures(
        required=True, metadata={"description": "The running totals after this round."}
    )
    carried = JsonInteger(
        required=True,
        metadata={
            "description": "Points held over after this round, carried into the next one "
            "(its `held_in` for `/v1/round-score`)."
        },
    )


class MatchSheetSchema(MatchScoreSchema):
    next_dealer = Seat(
        "The seat to deal the next round, by the ruleset's `next_dealer` (and "
        "`redeal_dealer` after a redeal); null once the match is finished.",
        required=True,
        allow_none=True,
    )
    sheet = fields.List(
        fields.Nested(MatchSheetLineSchema()),
        required=True,
        metadata={"description": "One line per round, in order."},
    )
