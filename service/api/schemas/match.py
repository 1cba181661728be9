"""POST /v1/match: a match record's sheet, round by round."""

from __future__ import annotations

from marshmallow import fields, validate

from .common import JsonInteger, ResponseSchema, Team, TeamFigures, enum_field
from .scoring import MatchRoundSchema, MatchScoreRequestSchema, MatchScoreSchema

#: Rounds one match record holds at most (as `POST /v1/match-score`).
MATCH_ROUNDS_MAX = 1000


class MatchRecordRoundSchema(MatchRoundSchema):
    """One round of a match record: its scored summary (`type: score`, as
    `/v1/match-score` takes it) or a redeal (`type: redeal`: everybody passed, nobody
    scores)."""

    type = enum_field("MatchRoundType", required=True)
    score = TeamFigures(
        metadata={
            "description": "`score`: the round's own score (without points held in from "
            "before); required there, refused for the other types."
        },
    )


class MatchRequestSchema(MatchScoreRequestSchema):
    rounds = fields.List(
        fields.Nested(MatchRecordRoundSchema()),
        required=True,
        validate=validate.Length(max=MATCH_ROUNDS_MAX),
        metadata={"description": "The rounds played, in order; empty: the match begins."},
    )


class MatchSheetLineSchema(ResponseSchema):
    """One round's line of the sheet."""

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
        "The team that won the round, where it matters (held points waiting) or was given.",
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
    sheet = fields.List(
        fields.Nested(MatchSheetLineSchema()),
        required=True,
        metadata={"description": "One line per round, in order."},
    )
