"""POST /v1/declarations/rank and /v1/declarations/best."""

from __future__ import annotations

from flask.views import MethodView

from ....engine.declarations import (
    check_hands,
    find_declarations,
    parse_declarations,
    seat_belotes,
    settle,
    shown_cards,
)
from ....engine.play import check_seat
from ..answers import belote_answers, declaration_answer
from ..blueprint import Blueprint
from ..schemas.declarations import (
    DeclarationsBestRequestSchema,
    DeclarationsRankRequestSchema,
    DeclarationsRankSchema,
)
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


BEST_EXAMPLE = {
    "ruleset": "belote",
    "trump": "H",
    "hands": [
        {"seat": 0, "cards": ["7C", "8C", "9C", "10C", "KH", "QH", "AS", "AD"]},
        {"seat": 1, "cards": ["JC", "JD", "JH", "JS", "7D", "8D", "10S", "KS"]},
    ],
}


@blp.route("/declarations/rank")
class RankDeclarations(MethodView):
    @blp.arguments(DeclarationsRankRequestSchema(), example=RANK_EXAMPLE)
    @blp.response(200, DeclarationsRankSchema())
    @error_responses(blp)
    @blp.doc(operationId="rankDeclarations")
    def post(self, args):
        """Which side scores the declarations announced, and how many points.

        `declarations` lists what was announced (empty: nothing). With `hands`, each claim
        is also checked against its seat's hand and belote is read from the hands; without,
        belote is read from the cards shown. Declarations are ranked as docs/rules.md
        section 3 says (carré over sequence; carrés by points then rank; sequences by
        length after `sequence_cap`, top card, trump, then `declaration_tie` counted from
        `leader`); the side with the single best one scores all of its own. Belote is
        listed apart: it is never compared and not in `points`. An impossible claim is a
        422 naming it. To find each hand's best declarations instead, use
        POST /v1/declarations/best.
        """
        trump = args["trump"]
        ruleset = ruleset_from(args, trump)
        engine_call(check_seat, args["leader"], ruleset, "leader")
        hands = _hands(args, ruleset)
        claims = [(d["seat"], d["cards"]) for d in args["declarations"]]
        declared = engine_call(parse_declarations, claims, trump, ruleset, hands)
        held = hands if hands is not None else shown_cards(declared)
        return _ranking(declared, held, args["leader"], trump, ruleset)


@blp.route("/declarations/best")
class BestDeclarations(MethodView):
    @blp.arguments(DeclarationsBestRequestSchema(), example=BEST_EXAMPLE)
    @blp.response(200, DeclarationsRankSchema())
    @error_responses(blp)
    @blp.doc(operationId="bestDeclarations")
    def post(self, args):
        """Each hand's best declarations, ranked: which side scores, and how many points.

        For every hand the set of declarations worth the most is found (non-overlapping
        where `card_in_two_declarations` is false), then ranked exactly as
        POST /v1/declarations/rank ranks announced ones; belote is read from the hands.
        """
        trump = args["trump"]
        ruleset = ruleset_from(args, trump)
        engine_call(check_seat, args["leader"], ruleset, "leader")
        hands = _hands(args, ruleset)
        declared = [
            d
            for seat in sorted(hands)
            for d in find_declarations(hands[seat], trump, ruleset, seat)
        ]
        return _ranking(declared, hands, args["leader"], trump, ruleset)


def _hands(args, ruleset) -> dict | None:
    if "hands" not in args:
        return None
    return engine_call(check_hands, [(h["seat"], h["cards"]) for h in args["hands"]], ruleset)


def _ranking(declared, held, leader: int, trump: str, ruleset) -> dict:
    settlement = settle(declared, leader, trump, ruleset)
    return {
        "declarations": [declaration_answer(d, ruleset) for d in settlement.ranked],
        "winner": None
        if settlement.winner_seat is None
        else {"seat": settlement.winner_seat, "team": settlement.winner_team},
        "points": list(settlement.points),
        "belote": belote_answers(seat_belotes(held, trump, ruleset), ruleset),
    }


BLUEPRINTS = (blp,)
