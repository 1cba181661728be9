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
from .counts import RoundCountsRequestSchema
from .round_view import RoundRecordSchema
from .scoring import MatchRoundSchema, MatchScoreRequestSchema, MatchScoreSchema

#: Rounds one match record holds at most (as `POST /v1/match-score`).
MATCH_ROUNDS_MAX = 1000


class MatchCountsSchema(RoundCountsRequestSchema):
    """A round as the players counted it: `/v1/round-score/counts`'s members but the
    ruleset (the match's) and `held_in` (the match carries held points itself)."""

    class Meta:
        exclude = ("tricks", "ruleset", "options", "held_in")


class MatchRecordRoundSchema(RequestSchema):
    """One round of a match record, by its `type`: `score` (its scored summary, as
    `/v1/match-score` takes it, in `summary`), `redeal` (everybody passed: nothing
    scored, no other member), `record` (the round record, in `record`) or `counts` (what
    the players counted, in `counts`)."""

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
    counts = fields.Nested(
        MatchCountsSchema(),
        metadata={
            "description": "`counts`: the round as the players counted it, scored as "
            "`/v1/round-score/counts` scores it; `leader` left out: the seat after the "
            "round's dealer."
        },
    )


class MatchReplaceSchema(RequestSchema):
    """A correction: round `index` of `rounds` as it should have been."""

    index = JsonInteger(
        required=True,
        validate=validate.Range(min=0, max=MATCH_ROUNDS_MAX - 1),
        metadata={"description": "The round corrected (0: the first)."},
    )
    round = fields.Nested(MatchRecordRoundSchema(), required=True)


class MatchRequestSchema(MatchScoreRequestSchema):
    dealer = Seat("The dealer of the first round.", required=True)
    rounds = fields.List(
        fields.Nested(MatchRecordRoundSchema()),
        required=True,
        validate=validate.Length(max=MATCH_ROUNDS_MAX),
        metadata={"description": "The rounds played, in order; empty: the match begins."},
    )
    replace = fields.Nested(
        MatchReplaceSchema(),
        load_default=None,
        metadata={
            "description": "Correct one round: the sheet is that of `rounds` with round "
            "`index` replaced, and each line (and the answer's `changed`) says what the "
            "correction changed against the sheet of `rounds` as sent."
        },
    )


class MatchLineSchema(ResponseSchema):
    """One round's line of a sheet."""

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


class MatchSheetLineSchema(MatchLineSchema):
    """One round's line of the sheet, with what a correction (`replace`) changed."""

    changed = fields.List(
        fields.String(),
        required=True,
        metadata={
            "description": "The members of this line a correction changed (`type`, `score`, "
            "`dealer`, `totals`, ...); empty without `replace`, or when nothing changed."
        },
    )
    previous = fields.Nested(
        MatchLineSchema(),
        required=True,
        allow_none=True,
        metadata={"description": "The line before the correction; null without `replace`."},
    )


class ChanceSchema(ResponseSchema):
    """Each side's chance to win the match (they add up to 1 with `draw`)."""

    win = fields.List(
        fields.Float(),
        required=True,
        validate=validate.Length(equal=2),
        metadata={"description": "[team 0, team 1], each between 0 and 1, to 4 decimal places."},
    )
    draw = fields.Float(
        required=True,
        metadata={"description": "A draw (a single deal, or `match_deals`, ending level)."},
    )


class ChanceModelSchema(ResponseSchema):
    """Where the chances come from: round outcomes measured by bench/round_outcomes.py."""

    preset = fields.String(required=True)
    rounds = JsonInteger(
        required=True, metadata={"description": "Rounds the distribution was measured on."}
    )
    seed = JsonInteger(required=True)
    commit = fields.String(required=True, metadata={"description": "The commit measured."})


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
    changed = fields.List(
        fields.String(),
        required=True,
        metadata={
            "description": "The members of the answer a correction (`replace`) changed "
            "(`totals`, `finished`, `winner`, `draw`, `held`, `next_dealer`); empty without."
        },
    )
    chances = fields.List(
        fields.Nested(ChanceSchema()),
        required=True,
        allow_none=True,
        metadata={
            "description": "Each side's chance to win the match before the first round and "
            "after each (one more than the rounds; once decided, 1 or 0), for two sides of "
            "equal strength, from the preset's measured round outcomes and its match rules "
            "(docs/chances.md); null for a ruleset whose options change a rule (the "
            "target apart) or an open match."
        },
    )
    chance_model = fields.Nested(
        ChanceModelSchema(),
        required=True,
        allow_none=True,
        metadata={"description": "The measurement behind `chances`; null with them."},
    )
