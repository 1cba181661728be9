"""POST /v1/suggest/play and /v1/suggest/bid: the computer players."""

from __future__ import annotations

from marshmallow import fields, validate

from ....players.bidding import MAX_BID_BUDGET_MS
from ....players.driver import MAX_BUDGET_MS
from .bidding import BidSchema, SuggestedBidSchema, proposed_fields
from .common import (
    CardField,
    Cards,
    JsonInteger,
    RequestSchema,
    ResponseSchema,
    RulesetRequestSchema,
    Seat,
    SeedField,
    Trump,
    enum_field,
)
from .declarations import DeclarationClaimSchema
from .play import TrickSchema
from .round_state import ReadyActionSchema
from .round_view import RoundRecordSchema
from .scoring import MAX_ROUND_SCORE, RoundBidSchema, RoundTrickSchema

#: The view fields' note: the other request form is the record and the seat.
VIEW = " Required unless `record` is given (then left out)."

SEED = {
    "description": 'Seed of the player\'s sampling ("0" when left out): the same request '
    "with the same seed gives the same answer. A string, as every seed of the API; an "
    "integer from 0 to 2147483647, the type it had before, is still read as its decimal "
    'string (42 and "42" give the same answer).',
    "default": "0",
}
#: The seed in an answer.
SEED_SENT = {
    "description": "The request's seed, as sent (an integer seed, the type it had before, "
    "comes back as that integer)."
}


def _budget(cap: int) -> JsonInteger:
    return JsonInteger(
        validate=validate.Range(min=1, max=60000),
        metadata={
            "description": f"Time budget in milliseconds of the search's CPU time; the "
            f"server caps it at {cap}. The level's work is counted in deals and nodes, not "
            "time, so the answer does not depend on the machine's load: the budget is a "
            "safety net that stops the work early only when it costs far more than the "
            "level normally does (the answer then says `complete: false`)."
        },
    )


class BeloteClaimSchema(RequestSchema):
    """A belote announced: the seat and the trump suit of its king and queen."""

    seat = Seat("The seat that announced it.", required=True)
    suit = enum_field("Suit", "The suit of the king and queen.", required=True)


class PlayerRequestSchema(RulesetRequestSchema):
    """What every computer player's request has: the ruleset, the level and the seed."""

    level = enum_field(
        "PlayerLevel", "How hard the player thinks; `normal` when left out.", load_default="normal"
    )
    seed = SeedField(load_default="0", metadata=SEED)


class MatchSituationSchema(RequestSchema):
    """Where the match stands before this round; the target (or the number of deals) is
    the ruleset's."""

    totals = fields.List(
        JsonInteger(validate=validate.Range(min=-MAX_ROUND_SCORE, max=MAX_ROUND_SCORE)),
        required=True,
        validate=validate.Length(equal=2),
        metadata={
            "description": "The match totals before this round, by team: [team 0 (seats 0 "
            "and 2), team 1 (seats 1 and 3)], as POST /v1/match answers them."
        },
    )
    held_in = JsonInteger(
        load_default=0,
        validate=validate.Range(min=0, max=MAX_ROUND_SCORE),
        metadata={
            "description": "Points held over by litiges, waiting for this round's winner "
            "(POST /v1/match's `held`); 0 when left out."
        },
    )
    deals_left = JsonInteger(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=1, max=1000),
        metadata={
            "description": "In a match of a fixed number of deals (`match_deals`): the deals "
            "left, this one included (1: the last). Left out in a match to a target."
        },
    )


MATCH = {
    "description": "Where the match stands (optional): with it, `normal` and `hard` bid, and "
    "`hard` plays its cards, for the chance to win the match rather than the round's "
    "margin, where the match's end is within reach (docs/players.md, \"Playing to the "
    "match\"). Without it, the round's margin decides, as in a match's first rounds."
}


class SuggestPlayRequestSchema(PlayerRequestSchema):
    budget_ms = _budget(MAX_BUDGET_MS)
    match = fields.Nested(MatchSituationSchema(), metadata=MATCH)
    record = fields.Nested(
        RoundRecordSchema(),
        metadata={
            "description": "The round record (as POST /v1/rounds/state takes it, the ruleset "
            "apart): with `seat`, instead of the view fields below, which the service then "
            "derives from what `seat` may see (POST /v1/rounds/view), so that no hidden card "
            "reaches the player."
        },
    )
    seat = Seat("With `record`: the seat to play (it must be its turn to play a card).")
    trump = Trump("The trump mode." + VIEW)
    taker = Seat("The seat that took the contract." + VIEW)
    bid = fields.Nested(
        RoundBidSchema(),
        metadata={"description": "The Coinche contract's bid, where the ruleset plays one."},
    )
    hand = Cards(
        max_length=16,
        metadata={"description": "The cards the seat to play holds now." + VIEW},
    )
    trick = fields.Nested(
        TrickSchema(),
        metadata={
            "description": "The trick in progress; the seat to play (the one the card is "
            "for) is leader + len(cards)." + VIEW
        },
    )
    tricks = fields.List(
        fields.Nested(RoundTrickSchema()),
        load_default=list,
        validate=validate.Length(max=16),
        metadata={"description": "The complete tricks so far, in order."},
    )
    declarations = fields.List(
        fields.Nested(DeclarationClaimSchema()),
        load_default=list,
        validate=validate.Length(max=32),
        metadata={"description": "The declarations announced, any seat."},
    )
    belotes = fields.List(
        fields.Nested(BeloteClaimSchema()),
        load_default=list,
        validate=validate.Length(max=16),
        metadata={"description": "The belotes announced so far (as their first card fell)."},
    )
    turned = CardField(
        metadata={
            "description": "The card turned up in the auction: the taker received it "
            "(turned-card games); in Klaberjass it stays on the table unless exchanged."
        }
    )
    exchanged_by = Seat("Klaberjass: the seat that exchanged the trump 7 for the turned card.")
    dealer = Seat("The dealer, with `bids`.")
    bids = fields.List(
        fields.Nested(BidSchema()),
        load_default=list,
        validate=validate.Length(max=100),
        metadata={
            "description": "The auction that gave the contract; `hard` weighs the unseen "
            "cards by it."
        },
    )


class CardValueSchema(ResponseSchema):
    card = CardField(required=True)
    value = fields.Float(
        required=True,
        metadata={
            "description": "Expected margin of the seat's side for the round if it plays "
            "this card: its round score minus the opponents', averaged over the deals."
        },
    )
    chance = fields.Float(
        metadata={
            "description": "Where the player read `match`: the estimated chance of the "
            "seat's side to win the match after the round if it plays this card (a draw "
            "counts half), by which it chose; left out otherwise."
        },
    )


class AnnouncedDeclarationSchema(ResponseSchema):
    kind = enum_field("DeclarationKind", required=True)
    cards = Cards(required=True)
    points = JsonInteger(required=True)


class SuggestPlaySchema(ResponseSchema):
    seat = Seat("The seat the card is for.", required=True)
    card = CardField(required=True, metadata={"description": "The card to play."})
    level = enum_field("PlayerLevel", required=True)
    seed = SeedField(required=True, metadata=SEED_SENT)
    values = fields.List(
        fields.Nested(CardValueSchema()),
        required=True,
        metadata={"description": "Every legal card with its estimated value, best first."},
    )
    samples = JsonInteger(
        required=True,
        metadata={
            "description": "Deals searched. `hard` stops searching a card once it is clearly "
            "behind the best: that card's value is its mean over the deals searched until then."
        },
    )
    exact = fields.Boolean(
        required=True,
        metadata={"description": "Whether every search reached the end of the round."},
    )
    complete = fields.Boolean(
        required=True,
        metadata={"description": "Whether the level's work was done within the budget."},
    )
    declarations = fields.List(
        fields.Nested(AnnouncedDeclarationSchema()),
        required=True,
        metadata={
            "description": "On the seat's first card: its best declarations to announce "
            "(the set worth most, as the ruleset counts them); else empty."
        },
    )
    belote = fields.List(
        enum_field("Suit"),
        required=True,
        metadata={"description": "On the seat's first card: the suits of its belote; else empty."},
    )


class SuggestBidRequestSchema(PlayerRequestSchema):
    budget_ms = _budget(MAX_BID_BUDGET_MS)
    match = fields.Nested(MatchSituationSchema(), metadata=MATCH)
    record = fields.Nested(
        RoundRecordSchema(),
        metadata={
            "description": "The round record in its auction (as POST /v1/rounds/state takes "
            "it, the ruleset apart): with `seat`, instead of `dealer`, `turned`, `hand` and "
            "`bids`, which the service derives from what `seat` may see."
        },
    )
    seat = Seat("With `record`: the seat to bid (it must be its turn).")
    dealer = Seat("The dealer; the seat after it bids first." + VIEW)
    turned = CardField(
        metadata={"description": "The card turned up (turned-card games and Klaberjass)."}
    )
    locals().update(proposed_fields())
    hand = Cards(
        max_length=16,
        metadata={
            "description": "The cards of the seat to bid as dealt for the auction (5 in the "
            "4-player turned-card games and belot, 6 in Klaberjass, all 8 in Coinche and "
            "klaverjas)." + VIEW
        },
    )
    bids = fields.List(
        fields.Nested(BidSchema()),
        load_default=list,
        validate=validate.Length(max=100),
        metadata={"description": "The bids so far; the seat to bid is the next one."},
    )


class BidOptionSchema(ResponseSchema):
    bid = fields.Nested(SuggestedBidSchema(), required=True)
    value = fields.Float(
        required=True,
        allow_none=True,
        metadata={
            "description": "Estimated margin of the seat's side for the round (a redeal "
            "counts 0); `easy` estimates nothing: null."
        },
    )
    chance = fields.Float(
        metadata={
            "description": "Where the bidder read `match`: the estimated chance of the "
            "seat's side to win the match after the round with this call (a draw counts "
            "half), by which it chose; left out otherwise."
        },
    )


class SuggestBidSchema(ResponseSchema):
    seat = Seat("The seat to bid.", required=True)
    bid = fields.Nested(
        SuggestedBidSchema(), required=True, metadata={"description": "The call to make."}
    )
    level = enum_field("PlayerLevel", required=True)
    seed = SeedField(required=True, metadata=SEED_SENT)
    options = fields.List(
        fields.Nested(BidOptionSchema()),
        required=True,
        metadata={"description": "Each option considered with its estimated value."},
    )
    samples = JsonInteger(required=True, metadata={"description": "Deals per option."})


class SuggestActionRequestSchema(PlayerRequestSchema):
    budget_ms = _budget(MAX_BID_BUDGET_MS)
    record = fields.Nested(
        RoundRecordSchema(),
        required=True,
        metadata={
            "description": "The round record (as POST /v1/rounds/state takes it, the ruleset "
            "apart). The computer seat sees only what POST /v1/rounds/view shows it."
        },
    )
    seat = Seat(
        "The seat to act for; left out: the next to act (the seat to act, or in Klaberjass "
        "the comparison's winner while it has sequences to show)."
    )
    match = fields.Nested(MatchSituationSchema(), metadata=MATCH)


class ActionValueSchema(ResponseSchema):
    action = fields.Nested(ReadyActionSchema(), required=True)
    value = fields.Float(
        required=True,
        allow_none=True,
        metadata={
            "description": "Estimated margin of the seat's side for the round with this "
            "action (as `suggest/play`'s and `suggest/bid`'s values); null where the level "
            "estimates nothing."
        },
    )
    chance = fields.Float(
        metadata={
            "description": "A bid or a card where the player read `match`: the estimated "
            "chance of the seat's side to win the match after the round (as `suggest/bid`'s "
            "and `suggest/play`'s), by which it chose; left out otherwise."
        },
    )


class SuggestActionSchema(ResponseSchema):
    seat = Seat("The seat the action is for.", required=True)
    action = fields.Nested(
        ReadyActionSchema(),
        required=True,
        metadata={"description": "The action to append to the record, as it is."},
    )
    level = enum_field("PlayerLevel", required=True)
    seed = SeedField(required=True, metadata=SEED_SENT)
    values = fields.List(
        fields.Nested(ActionValueSchema()),
        required=True,
        metadata={
            "description": "Where the seat weighed its options (a bid, a card): each with "
            "its value, best first; empty for an action taken without a search (the "
            "exchange, a comparison step, a declaration)."
        },
    )
    samples = JsonInteger(
        required=True, metadata={"description": "Deals searched (0 without a search)."}
    )
