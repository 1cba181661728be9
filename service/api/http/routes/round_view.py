"""POST /v1/rounds/view: what one seat may see of a round record."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from ....engine.cards import cards_in
from ....engine.round_state import RoundState
from ....engine.round_view import RoundView, round_view
from ....engine.rulesets import Ruleset
from ..blueprint import Blueprint
from ..schemas.round_view import RoundViewRequestSchema, RoundViewSchema
from .common import engine_call, error_responses, ruleset_from
from .round_state import STATE_EXAMPLE, checked_state, game_record, state_body

blp = Blueprint("round_view", __name__, url_prefix="/v1", description="What one seat may see")

VIEW_EXAMPLE = STATE_EXAMPLE | {"seat": 1}


def view_of(args: dict[str, Any], ruleset: Ruleset, seat: int, prefix: str = "") -> RoundView:
    """The view of ``seat`` of the request's round record (``args``: dealer, deal,
    actions, held_in); the record's 422s as POST /v1/rounds/state gives them, under
    ``prefix`` (``record.``)."""
    record = game_record(args, ruleset, prefix)
    state = checked_state(record, prefix)
    return engine_call(round_view, record, seat, state)


def view_body(view: RoundView, ruleset: Ruleset) -> dict[str, Any]:
    """The body of POST /v1/rounds/view; the parts it shares with POST /v1/rounds/state
    written by that operation's own translation, from the view alone."""
    hands = tuple(view.hand if s == view.viewer else 0 for s in range(ruleset.players))
    shared = state_body(
        RoundState(
            phase=view.phase,
            seat=view.seat,
            known_legal=view.legal,
            hands=hands,
            turned=view.face_up,
            stock=(),
            tricks=view.tricks,
            card_points=view.card_points,
            events=view.events,
            contract=view.contract,
            known_auction=view.auction,
            score=view.score,
            next_dealer=view.next_dealer,
            actions=view.actions,
            own_score=view.own_score,
        ),
        ruleset,
        view.actions_open,
    )
    del shared["hands"], shared["stock"]
    return shared | {
        "viewer": view.viewer,
        "hand": list(cards_in(view.hand)),
        "hand_sizes": list(view.held),
        "stock_size": view.stock,
        "turned_up": view.turned,
        "bids": [
            {"action": b.action, "value": b.value, "trump": b.trump, "seat": b.seat}
            for b in view.bids
        ],
        "commitment": view.commitment,
        "dealer": view.dealer,
        "leader": view.leader,
        "salt": view.salt.hex() if view.salt is not None else None,
    }


@blp.route("/rounds/view")
class RoundViewView(MethodView):
    @blp.arguments(RoundViewRequestSchema(), example=VIEW_EXAMPLE)
    @blp.response(200, RoundViewSchema())
    @error_responses(blp)
    @blp.doc(operationId="roundView")
    def post(self, args):
        """What one seat may see of a round record: for a backend to send to a player.

        The record as POST /v1/rounds/state takes it, and the `seat`. The answer is the
        state as that seat sees it: its own `hand` as it stands, how many cards every seat
        holds and how many are not dealt, the card turned up, every bid, every card played
        and the tricks, what was shown or said (declarations, belote, the trump-seven
        exchange, the comparison of sequences), the contract, and once the last card is
        down the score; the `legal` actions only when it is the seat's turn. Never another
        hand, the stock, the order of the deal nor its salt. The record's refusals are
        those of POST /v1/rounds/state.
        """
        ruleset = ruleset_from(args)
        return view_body(view_of(args, ruleset, args["seat"]), ruleset)


BLUEPRINTS = (blp,)
