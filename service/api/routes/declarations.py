"""POST /v1/declarations/rank."""

from __future__ import annotations

from flask.views import MethodView

from ...engine.declarations import (
    check_hands,
    find_declarations,
    parse_declarations,
    seat_belotes,
    settle,
    shown_cards,
)
from ...engine.play import check_seat
from ..app import Blueprint
from ..errors import InvalidInput
from ..schemas import DeclarationsRankRequestSchema, DeclarationsRankSchema
from ..views import belote_views, declaration_view
from .common import engine_call, error_responses, ruleset_from

blp = Blueprint(
    "declarations", __name__, url_prefix="/v1", description="Declarations (annonces) and belote"
)

RANK_EXAMPLE = {
    "ruleset": "belote",
    "trump": "H",
    "leader": 1,
    "declarations": [
        {"seat": 0, "cards": ["7C", "8C", "9C"]},
        {"seat": 1, "cards": ["10D", "JD", "QD"]},
        {"seat": 2, "cards": ["QH", "KH", "AH"]},
    ],
}


@blp.route("/declarations/rank")
class RankDeclarations(MethodView):
    @blp.arguments(DeclarationsRankRequestSchema(), example=RANK_EXAMPLE)
    @blp.response(200, DeclarationsRankSchema())
    @error_responses(blp)
    @blp.doc(operationId="rankDeclarations")
    def post(self, args):
        """Which side scores its declarations, and how many points.

        Give the declarations announced, the hands at the start of play, or both. With
        hands only, each hand's best declarations are found (the non-overlapping set worth
        the most where `card_in_two_declarations` is false). With both, each claim is
        checked against its seat's hand. Declarations are ranked as RULES.md section 3 says
        (carré over sequence; carrés by points then rank; sequences by length after
        `sequence_cap`, top card, trump, then `declaration_tie` counted from `leader`); the
        side with the single best one scores all of its own. Belote is listed apart: it is
        never compared and not in `points`. An impossible claim is a 422 naming it.
        """
        trump = args["trump"]
        ruleset = ruleset_from(args, trump)
        if "declarations" not in args and "hands" not in args:
            raise InvalidInput.at("declarations", "give `declarations`, `hands` or both")
        engine_call(check_seat, args["leader"], ruleset, "leader")
        hands = None
        if "hands" in args:
            seat_cards = [(h["seat"], h["cards"]) for h in args["hands"]]
            hands = engine_call(check_hands, seat_cards, ruleset)
        if "declarations" in args:
            claims = [(d["seat"], d["cards"]) for d in args["declarations"]]
            declared = engine_call(parse_declarations, claims, trump, ruleset, hands)
        else:
            declared = [
                d
                for seat in sorted(hands)
                for d in find_declarations(hands[seat], trump, ruleset, seat)
            ]
        settlement = settle(declared, args["leader"], trump, ruleset)
        held = hands if hands is not None else shown_cards(declared)
        return {
            "declarations": [declaration_view(d, ruleset) for d in settlement.ranked],
            "winner": None
            if settlement.winner_seat is None
            else {"seat": settlement.winner_seat, "team": settlement.winner_team},
            "points": list(settlement.points),
            "belote": belote_views(seat_belotes(held, trump, ruleset), ruleset),
        }


BLUEPRINTS = (blp,)
