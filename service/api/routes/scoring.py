"""POST /v1/round-score and /v1/match-score."""

from __future__ import annotations

from flask.views import MethodView

from ...engine.cards import card_name
from ...engine.match import MatchRound, score_match
from ...engine.rounds import IllegalRound, Trick
from ...engine.scoring import score_round
from ...engine.text import N_, Text
from ..blueprint import Blueprint
from ..errors import ILLEGAL_ROUND, InvalidInput
from ..schemas.scoring import (
    MatchScoreRequestSchema,
    MatchScoreSchema,
    RoundScoreRequestSchema,
    RoundScoreSchema,
)
from ..views import round_bid, round_score_view, violation_view
from .common import engine_call, error_responses, ruleset_from

blp = Blueprint("scoring", __name__, url_prefix="/v1", description="Scoring rounds and matches")

ROUND_SCORE_EXAMPLE = {
    "ruleset": "belote",
    "trump": "H",
    "taker": 0,
    "tricks": [
        {"leader": 0, "cards": ["JH", "7H", "10H", "8H"]},
        {"leader": 0, "cards": ["9H", "KH", "AH", "QH"]},
        {"leader": 0, "cards": ["AC", "8C", "9C", "JC"]},
        {"leader": 0, "cards": ["7C", "10C", "KC", "QC"]},
        {"leader": 1, "cards": ["AD", "10D", "KD", "QD"]},
        {"leader": 1, "cards": ["7D", "8D", "9D", "JD"]},
        {"leader": 0, "cards": ["10S", "8S", "KS", "QS"]},
        {"leader": 0, "cards": ["7S", "AS", "9S", "JS"]},
    ],
    "declarations": [],
}
MATCH_SCORE_EXAMPLE = {
    "ruleset": "belote-ffb",
    "rounds": [
        {"score": [0, 81], "held": 81},
        {"score": [94, 68], "winner": 0},
    ],
}


@blp.route("/round-score")
class RoundScoreView(MethodView):
    @blp.arguments(RoundScoreRequestSchema(), example=ROUND_SCORE_EXAMPLE)
    @blp.response(200, RoundScoreSchema())
    @error_responses(blp)
    @blp.doc(operationId="roundScore")
    def post(self, args):
        """Score a complete round, showing the working.

        The hands are rebuilt from the plays and every play is checked (leader, turn,
        repeated card, play obligations); an illegal round is a 422 of type
        `illegal-round` listing each violation. Otherwise: each trick's winner and card
        points, card points per team with the last-trick or capot bonus, declarations
        (announced, checked against the hands) and belote (read from the plays), the
        contract (made, failed or litige) and the score under the ruleset, with Coinche
        multipliers and points held over by a litige.
        """
        trump = args["trump"]
        ruleset = ruleset_from(args, trump)
        tricks = [Trick(t["leader"], tuple(t["cards"])) for t in args["tricks"]]
        claims = [(d["seat"], d["cards"]) for d in args["declarations"]]
        bid = round_bid(args["bid"])
        try:
            result = engine_call(
                score_round, ruleset, trump, args["taker"], tricks, claims, bid, args["held_in"]
            )
        except IllegalRound as error:
            raise _illegal(error) from error
        return round_score_view(result, ruleset)


def _illegal(error: IllegalRound) -> InvalidInput:
    violations = [violation_view(v) | {"card": card_name(v.card)} for v in error.violations]
    return InvalidInput(
        Text(N_("The round record is illegal: {error}"), error=str(error)),
        type_=ILLEGAL_ROUND,
        violations=violations,
    )


@blp.route("/match-score")
class MatchScoreView(MethodView):
    @blp.arguments(MatchScoreRequestSchema(), example=MATCH_SCORE_EXAMPLE)
    @blp.response(200, MatchScoreSchema())
    @error_responses(blp)
    @blp.doc(operationId="matchScore")
    def post(self, args):
        """Sum a match's rounds and say whether it is won.

        A side wins when its total reaches the target; both in the same round: the higher
        total, equal totals play on. Points held by a litige go to the next round's
        `winner`. The target is `target`, else the ruleset's; a ruleset without one
        (`cardavia`, or `"options": {"target": null}`) plays a single deal: the higher
        score wins, equal scores draw. A round after the match is decided is refused.
        """
        ruleset = ruleset_from(args)
        target = args["target"] if args.get("target") is not None else ruleset.target
        rounds = [MatchRound(tuple(r["score"]), r["held"], r["winner"]) for r in args["rounds"]]
        result = engine_call(score_match, rounds, target)
        return {
            "totals": list(result.totals),
            "finished": result.finished,
            "winner": result.winner,
            "draw": result.draw,
            "held": result.held,
            "target": target,
            "rounds": result.rounds_counted,
        }


BLUEPRINTS = (blp,)
