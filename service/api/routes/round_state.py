"""POST /v1/deal and POST /v1/rounds/state."""

from __future__ import annotations

from collections.abc import Sequence

from flask.views import MethodView

from ...engine.actions import (
    Action,
    BeloteAction,
    BidAction,
    CompareAction,
    DeclareAction,
    ExchangeAction,
    PlayAction,
)
from ...engine.bidding import Call, check_proposed
from ...engine.cards import RANKS, card_name, cards_in
from ...engine.deal import DEAL_VERSION, deal_round, gather, pack_of
from ...engine.play import PositionError, check_seat
from ...engine.round_state import (
    COMPLETE,
    REDEAL,
    DealRecord,
    GameRecord,
    IllegalAction,
    RoundState,
    check_playable,
    round_state,
)
from ...engine.rulesets import Ruleset
from ...engine.text import N_, Text
from ..blueprint import Blueprint
from ..errors import ILLEGAL_ACTION, InvalidInput
from ..schemas.round_state import (
    DealRequestSchema,
    NewDealSchema,
    RoundStateRequestSchema,
    RoundStateSchema,
)
from ..views import (
    action_body,
    as_dict,
    auction_view,
    bid_value,
    record_contract_view,
    round_score_view,
    verdicts_view,
)
from .common import engine_call, error_responses, ruleset_from

blp = Blueprint(
    "round_state", __name__, url_prefix="/v1", description="Dealing and running a whole round"
)

#: The members each action type takes (besides ``type`` and ``seat``), the first required.
MEMBERS = {
    BidAction.type: ("bid",),
    ExchangeAction.type: ("swap",),
    DeclareAction.type: ("cards",),
    BeloteAction.type: (),
    PlayAction.type: ("card",),
    CompareAction.type: ("step", "length", "top"),
}

DEAL_EXAMPLE = {"ruleset": "belote", "dealer": 3, "seed": "table 7, round 1"}
#: The deal POST /v1/deal answers to ``DEAL_EXAMPLE``: seat 0 takes the turned 8C and leads.
STATE_EXAMPLE = {
    "ruleset": "belote",
    "dealer": 3,
    "deal": {
        "hands": [
            {"seat": 0, "cards": ["7H", "QH", "10S", "KD", "AD"]},
            {"seat": 1, "cards": ["7C", "8D", "JD", "JC", "9H"]},
            {"seat": 2, "cards": ["QD", "JH", "8S", "10H", "QC"]},
            {"seat": 3, "cards": ["7D", "AH", "8H", "KS", "7S"]},
        ],
        "turned": "8C",
        "stock": ["9S", "QS", "9D", "JS", "KH", "AS", "AC", "9C", "10C", "KC", "10D"],
        "commitment": "f59f9f42d988a54014e57e15cde1a5b8944422c53df772c8727c51ef55e41782",
        "salt": "f655b7cf039c387328772cc489d5e115",
    },
    "actions": [{"type": "bid", "bid": {"action": "take"}}, {"type": "play", "card": "AD"}],
}


@blp.route("/deal")
class DealRound(MethodView):
    @blp.arguments(DealRequestSchema(), example=DEAL_EXAMPLE)
    @blp.response(200, NewDealSchema())
    @error_responses(blp)
    @blp.doc(operationId="deal")
    def post(self, args):
        """Deal a round: the hands as the auction sees them, the turned card, the stock.

        The answer's `deal` goes into the round record as is (docs/api.md "A whole
        round"). With `seed` the deal is the same on every machine and release (the
        algorithm, `version`, is documented step by step so that a client can check
        it); without, it comes from the operating system's secure generator. Every deal
        has a `commitment` (SHA-256 of the version, the `salt` and the `pack`): keep the
        salt private until the round ends, then reveal it. `deal_shuffle: cut` (Klob):
        the previous round's record (`previous`) is gathered and cut by `cutter`.
        """
        ruleset = ruleset_from(args)
        engine_call(check_playable, ruleset)
        engine_call(check_seat, args["dealer"], ruleset, "dealer")
        engine_call(check_proposed, ruleset, args.get("proposed"), required=False)
        previous = _previous_pack(args.get("previous"), ruleset)
        dealt = engine_call(
            deal_round, ruleset, args["dealer"], args.get("seed"), previous, args.get("proposed")
        )
        return {
            "deal": {
                "hands": [{"seat": s, "cards": list(h)} for s, h in enumerate(dealt.hands)],
                "turned": dealt.turned,
                "stock": list(dealt.stock),
                "proposed": dealt.proposed,
                "second_proposed": dealt.second_proposed,
                "commitment": dealt.commitment,
                "salt": dealt.salt.hex(),
            },
            "pack": list(dealt.pack),
            "version": DEAL_VERSION,
            "seed": args.get("seed"),
            "shuffled": dealt.shuffled,
            "cut": dealt.cut,
            "cutter": dealt.cutter,
        }


def _previous_pack(previous: dict | None, ruleset: Ruleset) -> tuple[int, ...] | None:
    """The previous round's cards as gathered (docs/api.md, the deal, step 3)."""
    if previous is None:
        return None
    record = game_record(previous, ruleset, "previous.")
    state = checked_state(record, "previous.")  # checked whatever the ruleset: a bad one is a 422
    if ruleset.deal_shuffle != "cut":
        return None
    if state.phase == COMPLETE:
        return gather([t.cards for t in state.tricks])
    if state.phase == REDEAL:
        deal = record.deal
        return pack_of(ruleset, record.dealer, deal.hands, deal.turned, deal.stock)
    raise InvalidInput.at(
        "previous",
        Text(
            N_("the previous round is not over (phase {phase}): it cannot be gathered"),
            phase=state.phase,
        ),
    )


@blp.route("/rounds/state")
class RoundStateView(MethodView):
    @blp.arguments(RoundStateRequestSchema(), example=STATE_EXAMPLE)
    @blp.response(200, RoundStateSchema())
    @error_responses(blp)
    @blp.doc(operationId="roundState")
    def post(self, args):
        """Where a round record stands, and what may happen next.

        The record is the deal (as POST /v1/deal answered it) and every action so far
        (`bid`, `exchange`, `declare`, `belote`, `compare`, `play`; docs/api.md "A whole
        round"). The answer: the `phase`, the `seat` to act and its `legal` actions (bids
        as POST /v1/bidding lists them, cards as POST /v1/legal-moves, the announcements
        allowed now), every hand as it stands, the tricks with their winners and points,
        the running `card_points`, the `events` (declarations, belote, the exchange, the
        comparison), the `contract` and, once the last card is down, the `score` (the
        answer of POST /v1/round-score on the same round) and the `next_dealer`.

        The first illegal action is a 422 of type `…/illegal-action` naming it in
        `errors` (`actions.7`) and in `violations` (`index`, `seat`, `card`, `rule`,
        `message`). A deal that is not the ruleset's, or that does not match its
        `commitment` (checked when the `salt` is given), is a 422 naming the field.
        """
        ruleset = ruleset_from(args)
        record = game_record(args, ruleset, "")
        return state_body(checked_state(record, ""), ruleset)


def game_record(args: dict, ruleset: Ruleset, prefix: str) -> GameRecord:
    engine_call(check_seat, args["dealer"], ruleset, prefix + "dealer")
    return GameRecord(
        ruleset=ruleset,
        dealer=args["dealer"],
        deal=_deal(args["deal"], ruleset, prefix + "deal"),
        actions=[_action(a, i, prefix) for i, a in enumerate(args["actions"])],
        held_in=args.get("held_in", 0),
    )


def _deal(deal: dict, ruleset: Ruleset, field: str) -> DealRecord:
    hands: list[tuple[int, ...] | None] = [None] * ruleset.players
    for i, hand in enumerate(deal["hands"]):
        seat = hand["seat"]
        engine_call(check_seat, seat, ruleset, f"{field}.hands.{i}.seat")
        if hands[seat] is not None:
            raise InvalidInput.at(
                f"{field}.hands.{i}.seat", Text(N_("seat {seat} has two hands"), seat=seat)
            )
        hands[seat] = tuple(hand["cards"])
    missing = [s for s, h in enumerate(hands) if h is None]
    if missing:
        raise InvalidInput.at(
            f"{field}.hands",
            Text(
                N_("every seat's hand is needed ({players} players); got {count}"),
                players=ruleset.players,
                count=ruleset.players - len(missing),
            ),
        )
    salt = deal.get("salt")
    return DealRecord(
        hands=tuple(hands),
        turned=deal.get("turned"),
        stock=tuple(deal.get("stock") or ()),
        commitment=deal.get("commitment"),
        salt=bytes.fromhex(salt) if salt is not None else None,
        proposed=deal.get("proposed"),
        second_proposed=deal.get("second_proposed"),
    )


#: The members an action type may carry besides ``MEMBERS``: belote said with its card.
OPTIONAL = {BeloteAction.type: ("card",)}
#: Per action type, every member it may carry.
_ALLOWED = {
    kind: frozenset(("type", "seat", *members, *OPTIONAL.get(kind, ())))
    for kind, members in MEMBERS.items()
}
_PLAY_KEYS = _ALLOWED[PlayAction.type]


def _action(fields: dict, index: int, prefix: str) -> Action:
    kind, seat = fields["type"], fields.get("seat")
    if kind == PlayAction.type and "card" in fields and fields.keys() <= _PLAY_KEYS:  # most
        return PlayAction(fields["card"], seat)
    members = MEMBERS[kind]
    at = f"{prefix}actions.{index}"
    for name in fields.keys() - _ALLOWED[kind]:
        raise InvalidInput.at(
            f"{at}.{name}",
            Text(N_("a '{type}' action has no `{name}`"), type=kind, name=name),
        )
    if members and members[0] not in fields:
        raise InvalidInput.at(
            f"{at}.{members[0]}",
            Text(N_("a '{type}' action needs `{name}`"), type=kind, name=members[0]),
        )
    if kind == BidAction.type:
        bid = fields["bid"]
        value = bid_value(bid, f"{at}.bid")
        return BidAction(Call(bid["action"], value, bid.get("trump"), bid.get("seat")), seat)
    if kind == ExchangeAction.type:
        return ExchangeAction(fields["swap"], seat)
    if kind == DeclareAction.type:
        return DeclareAction(tuple(fields["cards"]), seat)
    if kind == BeloteAction.type:
        return BeloteAction(fields.get("card"), seat)
    if kind == PlayAction.type:
        return PlayAction(fields["card"], seat)
    top = fields.get("top")
    top = RANKS.index(top) if top is not None else None
    return CompareAction(fields["step"], fields.get("length"), top, seat)


def checked_state(record: GameRecord, prefix: str) -> RoundState:
    try:
        return round_state(record)
    except IllegalAction as error:
        field = prefix + error.field
        violation = {
            "index": error.index,
            "seat": error.seat,
            "card": card_name(error.card) if error.card is not None else None,
            "rule": error.rule,
            "message": str(error),
        }
        raise InvalidInput(
            Text("{field}: {message}", field=field, message=str(error)),
            {field: [str(error)]},
            type_=ILLEGAL_ACTION,
            violations=[violation],
        ) from error
    except PositionError as error:
        raise InvalidInput.at(prefix + error.field, str(error)) from error


def state_body(
    state: RoundState, ruleset: Ruleset, actions: Sequence[Action] | None = None
) -> dict:
    """The answer for ``state``; ``legal.actions`` are ``actions`` (every action that may
    be appended, by any seat, when not given)."""
    legal = state.legal
    cards = verdicts_view(legal.cards)
    if actions is None:
        actions = state.legal_actions()
    return {
        "phase": state.phase,
        "seat": state.seat,
        "legal": {
            "actions": [action_body(a) for a in actions],
            "bids": [as_dict(b) for b in legal.bids],
            "legal": cards["legal"],
            "illegal": cards["illegal"],
            "declarations": [
                {"kind": d.kind, "cards": list(cards_in(d.cards)), "points": d.points}
                for d in legal.declarations
            ],
            "belote": legal.belote,
            "exchange": legal.exchange,
            "compare": [
                {"step": a.step, "length": a.length, "top": _rank(a.top)} for a in legal.compare
            ],
        },
        "hands": [{"seat": s, "cards": list(cards_in(h))} for s, h in enumerate(state.hands)],
        "turned": state.turned,
        "stock": list(state.stock),
        "tricks": [
            {
                "leader": t.leader,
                "cards": list(t.cards),
                "winner": t.winner,
                "team": ruleset.team_of(t.winner) if t.winner is not None else None,
                "points": t.points,
            }
            for t in state.tricks
        ],
        "card_points": list(state.card_points),
        "events": [
            {
                "index": e.index,
                "type": e.type,
                "seat": e.seat,
                "team": ruleset.team_of(e.seat),
                "cards": list(e.cards),
                "points": e.points,
                "swap": e.swap,
                "step": e.step,
                "length": e.length,
                "top": _rank(e.top),
            }
            for e in state.events
        ],
        "contract": record_contract_view(state.contract, ruleset),
        "auction": auction_view(state.auction),
        "score": round_score_view(state.score, ruleset) if state.score else None,
        "next_dealer": state.next_dealer,
        "actions": state.actions,
        "match_round": match_round(state),
    }


def match_round(state: RoundState) -> dict | None:
    """Once the round is over, the round as POST /v1/match takes it: its own summary
    (without the points held in, which the match credits itself), or a redeal."""
    if state.phase == REDEAL:
        return {"type": "redeal"}
    own = state.own_score
    if own is None:
        return None
    summary = {"score": list(own.score), "held": own.held, "winner": own.winner}
    return {"type": "score", "summary": summary | {"capot": own.capot}}


def _rank(rank: int | None) -> str | None:
    return RANKS[rank] if rank is not None else None


BLUEPRINTS = (blp,)
