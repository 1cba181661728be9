"""POST /v1/round-score/counts: a round scored from what the players count (a score pad)."""

from __future__ import annotations

from marshmallow import fields, validate

from .common import Cards, JsonInteger, RequestSchema, Seat, Team, enum_field
from .scoring import RoundScoreRequestSchema, RoundScoreSchema

#: Card points one side may count at most (above any mode's pack: a 422 names the pack's).
COUNT_MAX = 1000


class CountedDeclarationSchema(RequestSchema):
    """A declaration as announced: by its `cards`, or by its `kind` as players say it
    ("a tierce to the king": `{"kind": "sequence", "length": 3, "top": "K"}`, "four
    jacks": `{"kind": "carre", "rank": "J"}`). With roem read from the tricks
    (`declarations_from: trick`, klaverjas) it is a run or a four won in one trick and
    `seat` any seat of the team that won it."""

    seat = Seat("The seat that announced it (roem: a seat of the team that won it).", required=True)
    # No minimum: an empty list means left out (the request convention), as in `Action`.
    cards = Cards(
        max_length=8,
        metadata={"description": "The cards shown; or leave them out and give `kind`."},
    )
    kind = enum_field("DeclarationKind", "Said by its kind instead of its cards.")
    length = JsonInteger(
        validate=validate.Range(min=3, max=8),
        metadata={"description": "`sequence`: how many cards (3 a tierce, 4 a cinquante...)."},
    )
    top = enum_field("Rank", "`sequence`: its highest card's rank (a tierce to the king: K).")
    rank = enum_field("Rank", "`carre`: the rank of its four cards.")
    suit = enum_field(
        "Suit",
        "`sequence`: its suit, if said; left out, a plain suit whose cards no other "
        "declaration shows (a trump sequence beats an equal plain one: say the trump suit).",
    )


class CountedBeloteSchema(RequestSchema):
    """Belote-rebelote as said: by whom, and (all trumps) in which suit."""

    seat = Seat(
        "The seat that said it (`belote_from: trick`, stuk: a seat of the team that won it).",
        required=True,
    )
    suit = enum_field("Suit", "The suit of its king and queen; the trump suit when left out.")


class RoundCountsRequestSchema(RoundScoreRequestSchema):
    class Meta:
        exclude = ("tricks",)

    points = fields.List(
        JsonInteger(allow_none=True, validate=validate.Range(min=0, max=COUNT_MAX)),
        required=True,
        validate=validate.Length(equal=2),
        metadata={
            "description": "Each team's card points as counted from the cards of its tricks "
            "(without the last-trick or capot bonus: 152 in all in a suit, 240 sans atout "
            "doubled, 248 tout atout raw), [team 0, team 1]; one may be null when every card "
            "is dealt: the rest of the pack. Two counts must add up to the pack's points. A "
            "count no set of the mode's cards makes is refused."
        },
    )
    last_trick = Team("The team that took the last trick (dix de der).", load_default=None)
    every_trick = Team(
        "The team that took every trick (capot, valat, pit), if one did; then `last_trick` "
        "may be left out and the other team counted 0.",
        load_default=None,
    )
    declarations = fields.List(
        fields.Nested(CountedDeclarationSchema()),
        load_default=list,
        validate=validate.Length(max=32),
        metadata={
            "description": "The declarations announced, checked together (no card shown by "
            "two seats); settled by the ruleset as `/v1/round-score` settles them."
        },
    )
    belote = fields.List(
        fields.Nested(CountedBeloteSchema()),
        load_default=list,
        validate=validate.Length(max=4),
        metadata={
            "description": "Belote-rebelote said (`belote_said: required` counts only these; "
            "with `belote_on_discard: lost` give only those that count)."
        },
    )
    leader = Seat(
        "The seat that led the first trick: needed only when equal declarations of both "
        "sides are decided by `declaration_tie: first_in_rotation`.",
        load_default=None,
    )


class RoundCountsScoreSchema(RoundScoreSchema):
    """`/v1/round-score`'s answer; `tricks` is empty (none was given)."""
