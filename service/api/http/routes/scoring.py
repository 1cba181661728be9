"""POST /v1/round-score and /v1/match-score."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from ....engine.cards import card_name
from ....engine.match import MatchResult, MatchRound, score_match
from ....engine.record import score_round
from ....engine.rounds import IllegalRound, Trick
from ....engine.rulesets import Ruleset
from ....engine.text import N_, Text
from ..answers import round_bid, round_score_answer, violation_answer
from ..blueprint import Blueprint
from ..errors import ILLEGAL_ROUND, InvalidInput
from ..schemas.scoring import (
    MatchScoreRequestSchema,
    MatchScoreSchema,
    RoundScoreRequestSchema,
    RoundScoreSchema,
)
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
#: docs/rules-belot-klaverjas.md example B10: belot, hearts, contra; the side with more points
#: scores the whole round doubled, in tens: [32, 0].
BELOT_ROUND_EXAMPLE = {
    "ruleset": "belot",
    "trump": "H",
    "taker": 0,
    "double": "contra",
    "tricks": [
        {"leader": 0, "cards": ["JD", "JH", "AD", "8D"]},
        {"leader": 1, "cards": ["9C", "JC", "10C", "7C"]},
        {"leader": 3, "cards": ["QH", "10H", "8S", "9H"]},
        {"leader": 2, "cards": ["7D", "10D", "9D", "AC"]},
        {"leader": 3, "cards": ["JS", "AH", "QS", "KS"]},
        {"leader": 0, "cards": ["7H", "8C", "KC", "8H"]},
        {"leader": 3, "cards": ["7S", "KH", "AS", "9S"]},
        {"leader": 0, "cards": ["QD", "QC", "KD", "10S"]},
    ],
}
#: Example K3: Rotterdam klaverjas, roem read from each trick: [159, 103].
KLAVERJAS_ROUND_EXAMPLE = {
    "ruleset": "klaverjas-rotterdam",
    "trump": "S",
    "taker": 0,
    "tricks": [
        {"leader": 0, "cards": ["8H", "QH", "9H", "AH"]},
        {"leader": 3, "cards": ["10C", "KC", "AC", "JC"]},
        {"leader": 1, "cards": ["AD", "10D", "QD", "JD"]},
        {"leader": 1, "cards": ["9C", "JS", "QC", "8C"]},
        {"leader": 2, "cards": ["8D", "9D", "KD", "7D"]},
        {"leader": 0, "cards": ["10S", "QS", "AS", "KS"]},
        {"leader": 2, "cards": ["8S", "7S", "9S", "10H"]},
        {"leader": 0, "cards": ["JH", "7C", "7H", "KH"]},
    ],
}
MATCH_SCORE_EXAMPLE = {
    "ruleset": "belote-ffb",
    "rounds": [
        {"score": [0, 81], "held": 81},
        {"score": [94, 68], "winner": 0},
    ],
}
#: docs/rules-belot-klaverjas.md 2.8: a capot round cannot end a belot match; the next one does.
BELOT_MATCH_EXAMPLE = {
    "ruleset": "belot",
    "rounds": [
        {"score": [130, 100]},
        {"score": [25, 0], "capot": 0},
        {"score": [10, 6]},
    ],
}


@blp.route("/round-score")
class RoundScoreView(MethodView):
    @blp.arguments(
        RoundScoreRequestSchema(),
        examples={
            "belote": {"summary": "Belote, hearts", "value": ROUND_SCORE_EXAMPLE},
            "belot_contra": {
                "summary": "Bulgarian belot, hearts, contra (scores in tens)",
                "value": BELOT_ROUND_EXAMPLE,
            },
            "klaverjas_roem": {
                "summary": "Rotterdam klaverjas: roem from the tricks",
                "value": KLAVERJAS_ROUND_EXAMPLE,
            },
        },
    )
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
        multipliers and points held over by a litige. Where roem is read from the tricks
        (`declarations_from: trick`, klaverjas) every trick carries its `roem`; with
        `doubling: contra` (belot) `double` doubles or redoubles the round; `raw` are the
        totals before rounding, `score` and `held` are in the ruleset's `score_units`
        (belot: tens).
        """
        trump = args["trump"]
        ruleset = ruleset_from(args, trump)
        tricks = [Trick(t["leader"], tuple(t["cards"])) for t in args["tricks"]]
        claims = [(d["seat"], d["cards"]) for d in args["declarations"]]
        bid = round_bid(args["bid"])
        try:
            result = engine_call(
                score_round,
                ruleset,
                trump,
                args["taker"],
                tricks,
                claims,
                bid,
                args["held_in"],
                args["double"],
            )
        except IllegalRound as error:
            raise _illegal(error) from error
        return round_score_answer(result, ruleset)


def _illegal(error: IllegalRound) -> InvalidInput:
    violations = [violation_answer(v) | {"card": card_name(v.card)} for v in error.violations]
    return InvalidInput(
        Text(N_("The round record is illegal: {error}"), error=str(error)),
        type_=ILLEGAL_ROUND,
        violations=violations,
    )


@blp.route("/match-score")
class MatchScoreView(MethodView):
    @blp.arguments(
        MatchScoreRequestSchema(),
        examples={
            "litige": {
                "summary": "Belote FFB: a litige's held points",
                "value": MATCH_SCORE_EXAMPLE,
            },
            "belot_capot": {
                "summary": "Bulgarian belot: a capot round cannot end the match",
                "value": BELOT_MATCH_EXAMPLE,
            },
        },
    )
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
        With `match_deals` (klaverjas: 16) the match is that many rounds, the higher total
        wins, equal totals draw. With `match_capot_cannot_finish` (belot) a round given a
        `capot` team cannot end the match; with `match_hanging_blocks_finish` no round
        ends it while points are held. With `open_match` (no target) the rounds are
        summed and the match never ends (a score pad).
        """
        rounds = [
            MatchRound(tuple(r["score"]), r["held"], r["winner"], r["capot"])
            for r in args["rounds"]
        ]
        return match_answer(args, ruleset_from(args), rounds)[1]


def match_answer(
    args: dict[str, Any], ruleset: Ruleset, rounds: list[MatchRound]
) -> tuple[MatchResult, dict]:
    """The match's result under the ruleset and the request's target, and the body of
    POST /v1/match-score for it."""
    target = args["target"] if args.get("target") is not None else ruleset.target
    result = engine_call(
        score_match,
        rounds,
        target,
        deals=ruleset.match_deals,
        capot_cannot_finish=ruleset.match_capot_cannot_finish,
        hanging_blocks_finish=ruleset.match_hanging_blocks_finish,
        open_match=ruleset.open_match,
    )
    return result, {
        "totals": list(result.totals),
        "finished": result.finished,
        "winner": result.winner,
        "draw": result.draw,
        "held": result.held,
        "target": target,
        "deals": ruleset.match_deals,
        "rounds": result.rounds_counted,
    }


BLUEPRINTS = (blp,)
