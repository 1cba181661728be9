"""POST /v1/round-score and /v1/match-score."""

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
    bid_value_fields,
    enum_field,
)
from .declarations import (
    BeloteSchema,
    DeclarationClaimSchema,
    RankedDeclarationSchema,
    RoemSchema,
)


class RoundTrickSchema(RequestSchema):
    leader = Seat("Seat that led the trick.", required=True)
    cards = Cards(
        min_length=1,
        max_length=8,
        unique=False,
        required=True,
        metadata={
            "description": "Cards in the order played, starting with the leader's; a "
            "complete trick has one card per player. A card played twice is the rule "
            "`duplicate_card` (a violation), not a malformed request."
        },
    )


class RoundBidSchema(RequestSchema):
    """A Coinche contract's bid."""

    locals().update(
        bid_value_fields(
            "80, 90, ... 160; with a house ladder (`bid_minimum`, `bid_step`, `bid_maximum`) "
            "its values. One of `value` and `capot: true` is needed: the engine refuses a "
            "bid off the ruleset's ladder, no value included (422 naming `bid.value`)."
        )
    )
    coinche = enum_field("CoincheLevel", "`none` when left out.", load_default="none")


class RoundScoreRequestSchema(RulesetRequestSchema):
    trump = Trump(required=True)
    taker = Seat("The seat that took the contract.", required=True)
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
            "description": "Declarations announced (none when left out or empty), checked "
            "against the hands rebuilt from the plays. Belote needs no announcement: it is "
            "read from the plays. Refused where nothing is announced "
            "(`declarations_from: trick`, klaverjas: roem is read from each trick)."
        },
    )
    double = enum_field(
        "DoubleLevel",
        "The contra level of the round (rulesets with `doubling: contra`); `none` when left out.",
        load_default="none",
    )
    bid = fields.Nested(
        RoundBidSchema(),
        load_default=None,
        metadata={"description": "The contract, required when the ruleset's contract is `bid`."},
    )
    held_in = JsonInteger(
        load_default=0,
        validate=validate.Range(min=0, max=1000000),
        metadata={
            "description": "Points held over by earlier litiges (`held` of the previous "
            "round), 0 when left out; they go to the side that wins this round."
        },
    )


class ScoredTrickSchema(ResponseSchema):
    leader = Seat(required=True)
    cards = Cards(required=True)
    winner = Seat(required=True)
    team = Team(required=True)
    points = JsonInteger(
        required=True, metadata={"description": "Card points, never the last-trick bonus."}
    )
    roem = fields.Nested(
        RoemSchema(),
        required=True,
        allow_none=True,
        metadata={
            "description": "What the trick's cards score for its winner's team "
            "(`declarations_from: trick` or `belote_from: trick`); null in other rulesets."
        },
    )


class ContractOutcomeSchema(ResponseSchema):
    made = fields.Boolean(required=True, metadata={"description": "The takers made it."})
    litige = fields.Boolean(
        required=True,
        metadata={
            "description": "An exact tie under `litige: hold_over` or `hold_over_all` "
            "(belot: hanging, висяща)."
        },
    )
    tie = fields.Boolean(
        required=True,
        metadata={"description": "The contract's comparison came out exactly equal."},
    )
    taker = Seat(required=True)
    taker_team = Team(required=True)


class RoundScoreSchema(ResponseSchema):
    tricks = fields.List(fields.Nested(ScoredTrickSchema()), required=True)
    card_points = TeamFigures(
        required=True,
        metadata={"description": "Card points with the last-trick bonus, or the capot bonus."},
    )
    declaration_points = TeamFigures(
        required=True,
        metadata={
            "description": "Declaration points that score (belote apart); with "
            "`declarations_from: trick` the runs and fours of the tricks each team won (roem)."
        },
    )
    belote_points = TeamFigures(
        required=True,
        metadata={"description": "Belote points; with `belote_from: trick` the stuk roem."},
    )
    totals = TeamFigures(
        required=True,
        metadata={"description": "Each side's card + declaration + belote points."},
    )
    raw = TeamFigures(
        required=True,
        metadata={
            "description": "Each side's total before any rounding or transfer (the figures "
            "the contract is judged on; `score_units: bg_tens` rounds the score from them)."
        },
    )
    double = enum_field("DoubleLevel", "The round's contra level.", required=True)
    declarations = fields.List(
        fields.Nested(RankedDeclarationSchema()),
        required=True,
        metadata={"description": "The announced declarations, best first."},
    )
    belote = fields.List(fields.Nested(BeloteSchema()), required=True)
    last_trick = Team("The team that won the last trick.", required=True)
    capot = Team(
        "The team that took every trick (null: none, or no capot): capot, pit, mars, валат.",
        required=True,
        allow_none=True,
    )
    contract = fields.Nested(ContractOutcomeSchema(), required=True)
    score = TeamFigures(
        required=True,
        metadata={"description": "What each team scores, in the ruleset's `score_units`."},
    )
    held = JsonInteger(
        required=True,
        metadata={
            "description": "Points held over for the next round (litige), else 0, in `score_units`."
        },
    )
    held_in_to = Team(
        "The team that received `held_in` (null: none given, or held).",
        required=True,
        allow_none=True,
    )
    winner = Team("The team that won the round (null on a litige).", required=True, allow_none=True)


#: The largest round score a match takes, either way (far above any round of any ruleset;
#: a match's totals stay small numbers).
MAX_ROUND_SCORE = 1000000


class MatchRoundSchema(RequestSchema):
    score = fields.List(
        JsonInteger(validate=validate.Range(min=-MAX_ROUND_SCORE, max=MAX_ROUND_SCORE)),
        required=True,
        validate=validate.Length(equal=2),
        metadata={
            "description": "The round's own score (without points held in from before), "
            "[team 0, team 1], each at most 1,000,000 either way."
        },
    )
    held = JsonInteger(
        load_default=0,
        validate=validate.Range(min=0, max=1000000),
        metadata={"description": "Points this round's litige held over (round-score `held`)."},
    )
    winner = Team(
        "The team that won the round (round-score `winner`); needed when held points wait for it.",
        load_default=None,
    )
    capot = Team(
        "The team that took every trick (round-score `capot`), if one did: with "
        "`match_capot_cannot_finish` such a round cannot end the match.",
        load_default=None,
    )


class MatchScoreRequestSchema(RulesetRequestSchema):
    rounds = fields.List(
        fields.Nested(MatchRoundSchema()),
        required=True,
        validate=validate.Length(max=1000),
        metadata={"description": "The rounds played, in order."},
    )
    target = JsonInteger(
        validate=validate.Range(min=1, max=100000),
        metadata={
            "description": "The score that wins the match; left out (or null): the "
            "ruleset's `target` (for a single deal, a ruleset whose `target` is null: "
            '`cardavia`, or `"options": {"target": null}`). Refused with `match_deals`.'
        },
    )


class MatchScoreSchema(ResponseSchema):
    totals = TeamFigures(required=True)
    finished = fields.Boolean(required=True, metadata={"description": "The match is decided."})
    winner = Team(
        "The team that won the match; null while it goes on, or a draw.",
        required=True,
        allow_none=True,
    )
    draw = fields.Boolean(
        required=True,
        metadata={
            "description": "A single deal, or a match of `match_deals` rounds, ended with "
            "equal totals."
        },
    )
    held = JsonInteger(
        required=True, metadata={"description": "Held-over points still waiting for a winner."}
    )
    target = JsonInteger(
        required=True,
        allow_none=True,
        metadata={"description": "The target played to; null: a single deal, or `deals`."},
    )
    deals = JsonInteger(
        required=True,
        allow_none=True,
        metadata={
            "description": "The match's number of rounds (`match_deals`, klaverjas 16); "
            "null: played to `target`."
        },
    )
    rounds = JsonInteger(required=True, metadata={"description": "Rounds counted."})
