"""POST /v1/deal and POST /v1/rounds/state: a round record and the state it leaves."""

from __future__ import annotations

from marshmallow import fields, validate

from .bidding import BiddingSchema, BidSchema, LegalBidSchema, proposed_fields
from .common import (
    CardField,
    Cards,
    JsonInteger,
    RequestSchema,
    ResponseSchema,
    RulesetRequestSchema,
    Seat,
    StrictBoolean,
    Team,
    TeamFigures,
    Trump,
    enum_field,
)
from .declarations import SeatCardsSchema
from .play import IllegalCardSchema
from .record import RecordContractSchema
from .scoring import RoundScoreSchema

#: The most actions a round record may hold: a long auction (Coinche: at most 4 passes
#: after each of the 11 bids, a coinche and a surcoinche), an exchange, the comparison,
#: declarations and belotes, and the cards.
MAX_ACTIONS = 200
HEX_64 = "^[0-9a-f]{64}$"
HEX_32 = "^[0-9a-f]{32}$"


def _hex(pattern: str, description: str, **kwargs) -> fields.String:
    return fields.String(
        validate=validate.Regexp(pattern), metadata={"description": description}, **kwargs
    )


class RecordDealSchema(RequestSchema):
    """A round's deal as POST /v1/deal answers it: what the record keeps."""

    hands = fields.List(
        fields.Nested(SeatCardsSchema()),
        required=True,
        validate=validate.Length(min=1, max=4),
        metadata={
            "description": "Every seat's hand as the auction sees it, in the order dealt "
            "(`deal_packets`): 5 cards (3-2), Klaberjass 6, Coinche and klaverjas 8."
        },
    )
    turned = CardField(
        metadata={"description": "The card turned up (turned-card games and Klaberjass)."}
    )
    stock = Cards(
        metadata={
            "description": "The rest of the pack, in order: the completion after the auction "
            "deals it from the top."
        }
    )
    locals().update(proposed_fields())
    commitment = _hex(HEX_64, "SHA-256 (hex) of the deal's version, salt and pack (docs/api.md).")
    salt = _hex(
        HEX_32,
        "The salt (16 bytes, hex), kept private until the round ends; with it the deal is "
        "checked against `commitment`.",
    )


class ActionSchema(RequestSchema):
    """One action of a round record: a `type` and the members that type uses (every
    other member left out)."""

    type = enum_field("ActionType", required=True)
    seat = Seat(
        "The seat acting (optional); when given it must be the seat to act (else `not_your_turn`)."
    )
    bid = fields.Nested(
        BidSchema(), metadata={"description": "`bid`: the bid, as POST /v1/bidding takes it."}
    )
    card = CardField(
        metadata={
            "description": "`play`: the card played; `belote` (optional): the card it is "
            "said with, played in the same action."
        }
    )
    # No minimum: an empty list means left out (the request convention); a `declare`
    # without cards is then refused by the route ("a 'declare' action needs `cards`").
    cards = Cards(
        max_length=8,
        metadata={"description": "`declare`: the cards of one declaration, in any order."},
    )
    swap = StrictBoolean(
        metadata={"description": "`exchange`: true to exchange the trump 7 for the turned card."}
    )
    step = enum_field("CompareStep", "`compare`: the step of the comparison.")
    length = JsonInteger(
        validate=validate.Range(min=3, max=9),
        metadata={"description": "`compare` `state`: the length of the longest sequence."},
    )
    top = enum_field("Rank", "`compare` `state` after `how_high`: the rank of its top card.")


class RoundStateRequestSchema(RulesetRequestSchema):
    """A round record: the deal and the actions in order."""

    dealer = Seat("The dealer: the seat after it speaks first and leads first.", required=True)
    deal = fields.Nested(RecordDealSchema(), required=True)
    actions = fields.List(
        fields.Nested(ActionSchema()),
        load_default=list,
        validate=validate.Length(max=MAX_ACTIONS),
        metadata={"description": "Every action so far, in order; left out or empty: none yet."},
    )
    held_in = JsonInteger(
        load_default=0,
        validate=validate.Range(min=0, max=1000000),
        metadata={
            "description": "Points held over by earlier litiges, as in POST /v1/round-score."
        },
    )


class PreviousRoundSchema(RequestSchema):
    """The previous round's record (same ruleset): its dealer, deal and actions."""

    dealer = Seat(required=True)
    deal = fields.Nested(RecordDealSchema(), required=True)
    actions = fields.List(
        fields.Nested(ActionSchema()), load_default=list, validate=validate.Length(max=MAX_ACTIONS)
    )


class DealRequestSchema(RulesetRequestSchema):
    dealer = Seat("The dealer.", required=True)
    seed = fields.String(
        validate=validate.Length(min=1, max=256),
        metadata={
            "description": "Makes the deal reproducible on every machine and release "
            "(docs/api.md); left out: the operating system's secure generator."
        },
    )
    proposed = enum_field(
        "Suit", "`klaverjas_proposed`: the proposed suit, stated; left out: drawn."
    )
    previous = fields.Nested(
        PreviousRoundSchema(),
        metadata={
            "description": "`deal_shuffle: cut` (Klob): the previous round's record, whose "
            "cards are gathered and cut; left out for a match's first round (shuffled)."
        },
    )


class SeatHandSchema(ResponseSchema):
    """A seat's cards, in an answer (`SeatCards` is its request form)."""

    seat = Seat(required=True)
    cards = Cards(required=True)


class DealtSchema(ResponseSchema):
    hands = fields.List(fields.Nested(SeatHandSchema()), required=True)
    turned = CardField(required=True, allow_none=True)
    stock = Cards(required=True)
    proposed = enum_field(
        "Suit", "`klaverjas_proposed`: the proposed suit.", required=True, allow_none=True
    )
    second_proposed = enum_field(
        "Suit",
        "With `proposed_all_pass: new_proposal`: the second one.",
        required=True,
        allow_none=True,
    )
    commitment = fields.String(required=True, metadata={"description": "SHA-256 (hex)."})
    salt = fields.String(
        required=True,
        metadata={"description": "The salt (hex): keep it private until the round ends."},
    )


# Named NewDeal, not Deal: a component Deal with a member `deal` makes openapi-python-client
# reuse one variable for both in the generated from_dict (mypy --strict refuses it).
class NewDealSchema(ResponseSchema):
    """A new deal: the record's `deal`, and the pack and salt that the table keeps private
    until the round ends."""

    deal = fields.Nested(
        DealtSchema(), required=True, metadata={"description": "The record's `deal`, as is."}
    )
    pack = Cards(required=True, metadata={"description": "The 32 cards as dealt, top first."})
    version = fields.String(required=True, metadata={"description": "The deal algorithm's name."})
    seed = fields.String(required=True, allow_none=True, metadata={"description": "As sent."})
    shuffled = fields.Boolean(
        required=True, metadata={"description": "False when the pack is the previous one, cut."}
    )
    cut = JsonInteger(
        required=True, allow_none=True, metadata={"description": "The cards the cutter lifted."}
    )
    cutter = Seat("The seat that cut (`deal_shuffle: cut`).", required=True, allow_none=True)


class CompareChoiceSchema(ResponseSchema):
    step = enum_field("CompareStep", required=True)
    length = JsonInteger(required=True, allow_none=True)
    top = enum_field("Rank", required=True, allow_none=True)


class ShownDeclarationSchema(ResponseSchema):
    kind = enum_field("DeclarationKind", required=True)
    cards = Cards(required=True)
    points = JsonInteger(required=True)


class ReadyBidSchema(ResponseSchema):
    """A bid as a record's `bid` action holds it: only the members it has."""

    action = enum_field("BidAction", required=True)
    value = JsonInteger(metadata={"description": "`bid` with a value (Coinche): the number."})
    capot = fields.Boolean(metadata={"description": "The capot bid: true (no `value`)."})
    trump = Trump("`bid`: the trump mode; `name`, `take`: the suit.")


class ReadyActionSchema(ResponseSchema):
    """An action exactly as a round record takes it (`Action`), to append as it is: its
    `type`, its `seat` and only the members that type uses."""

    type = enum_field("ActionType", required=True)
    seat = Seat("The seat acting.", required=True)
    bid = fields.Nested(ReadyBidSchema(), metadata={"description": "`bid`: the bid."})
    card = CardField(
        metadata={"description": "`play`: the card; `belote`: the card it is said with."}
    )
    cards = Cards(metadata={"description": "`declare`: the declaration's cards."})
    swap = fields.Boolean(metadata={"description": "`exchange`: whether the 7 is exchanged."})
    step = enum_field("CompareStep", "`compare`: the step.")
    length = JsonInteger(metadata={"description": "`compare` `state`: the length stated."})
    top = enum_field("Rank", "`compare` `state` after `how_high`: the top rank stated.")


class LegalActionsSchema(ResponseSchema):
    """What the seat to act may do; a list is empty where its kind of action is not
    allowed now."""

    actions = fields.List(
        fields.Nested(ReadyActionSchema()),
        required=True,
        metadata={
            "description": "Every action that may be appended now, each ready to append as "
            "it is (bids expanded, declarations and belote with their seat and cards): "
            "exactly what the next call accepts. In a seat's view, that seat's own."
        },
    )

    bids = fields.List(
        fields.Nested(LegalBidSchema()),
        required=True,
        metadata={"description": "`bid`: as POST /v1/bidding's `legal_bids`."},
    )
    legal = Cards(required=True, metadata={"description": "`play`: the cards that may be played."})
    illegal = fields.List(
        fields.Nested(IllegalCardSchema()),
        required=True,
        metadata={"description": "`play`: every other card of the hand, with its reason."},
    )
    declarations = fields.List(
        fields.Nested(ShownDeclarationSchema()),
        required=True,
        metadata={"description": "`declare`: the seat's best declarations not yet announced."},
    )
    belote = fields.Boolean(required=True, metadata={"description": "`belote` may be said now."})
    exchange = fields.Boolean(
        required=True,
        metadata={"description": "`exchange`: the trump 7 may be exchanged (or not)."},
    )
    compare = fields.List(
        fields.Nested(CompareChoiceSchema()),
        required=True,
        metadata={"description": "`compare`: the steps the seat may take."},
    )


class StateTrickSchema(ResponseSchema):
    leader = Seat(required=True)
    cards = Cards(required=True)
    winner = Seat("Null while the trick is played.", required=True, allow_none=True)
    team = Team("The winner's team.", required=True, allow_none=True)
    points = JsonInteger(required=True, metadata={"description": "Card points, no bonus."})


class EventSchema(ResponseSchema):
    """What an action showed the table."""

    index = JsonInteger(required=True, metadata={"description": "The action's index."})
    type = enum_field("EventType", required=True)
    seat = Seat(required=True)
    team = Team(required=True)
    cards = Cards(required=True, metadata={"description": "The cards shown (may be empty)."})
    points = JsonInteger(required=True, allow_none=True)
    swap = fields.Boolean(required=True, allow_none=True)
    step = enum_field("CompareStep", required=True, allow_none=True)
    length = JsonInteger(required=True, allow_none=True)
    top = enum_field("Rank", required=True, allow_none=True)


class MatchSummaryAnswerSchema(ResponseSchema):
    """A round's scored summary as POST /v1/match and /v1/match-score take it."""

    score = TeamFigures(required=True, metadata={"description": "The round's own score."})
    held = JsonInteger(required=True, metadata={"description": "Points its litige held over."})
    winner = Team("The team that won the round; null for a litige.", required=True, allow_none=True)
    capot = Team("The team that took every trick, if one did.", required=True, allow_none=True)


class MatchRoundAnswerSchema(ResponseSchema):
    """A round as a match record's `rounds` take it."""

    type = enum_field("MatchRoundType", required=True)
    summary = fields.Nested(MatchSummaryAnswerSchema(), metadata={"description": "`score`."})


class RoundStateSchema(ResponseSchema):
    phase = enum_field("StatePhase", required=True)
    seat = Seat("The seat to act; null when complete or redeal.", required=True, allow_none=True)
    legal = fields.Nested(LegalActionsSchema(), required=True)
    hands = fields.List(
        fields.Nested(SeatHandSchema()),
        required=True,
        metadata={"description": "Every seat's hand as it stands (the table's view)."},
    )
    turned = CardField(
        required=True,
        allow_none=True,
        metadata={"description": "The card face up (the trump 7 after an exchange)."},
    )
    stock = Cards(required=True, metadata={"description": "The cards not dealt, in order."})
    tricks = fields.List(fields.Nested(StateTrickSchema()), required=True)
    card_points = TeamFigures(
        required=True,
        metadata={
            "description": "Per team, the card points of its tricks so far; once "
            "complete with the last-trick (or capot) bonus, as `score.card_points`."
        },
    )
    events = fields.List(fields.Nested(EventSchema()), required=True)
    contract = fields.Nested(RecordContractSchema(), required=True, allow_none=True)
    auction = fields.Nested(
        BiddingSchema(), required=True, metadata={"description": "As POST /v1/bidding."}
    )
    score = fields.Nested(
        RoundScoreSchema(),
        required=True,
        allow_none=True,
        metadata={"description": "Once complete: the answer of POST /v1/round-score."},
    )
    next_dealer = Seat("Once complete or redeal: who deals next.", required=True, allow_none=True)
    actions = JsonInteger(required=True, metadata={"description": "The actions read."})
    match_round = fields.Nested(
        MatchRoundAnswerSchema(),
        required=True,
        allow_none=True,
        metadata={
            "description": "Once the round is over: the round exactly as POST /v1/match takes "
            "it in `rounds`, a few dozen bytes (its scored `summary`, without the points "
            "held in: the match carries those itself; or a redeal). Null before."
        },
    )
