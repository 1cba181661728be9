"""POST /v1/match: the sheet of a match record, round by round."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from ...engine.match import MatchRound, dealers
from ...engine.play import check_seat
from ...engine.text import N_, Text
from ..blueprint import Blueprint
from ..errors import InvalidInput
from ..schemas.match import MatchRequestSchema, MatchSheetSchema
from .common import engine_call, error_responses, ruleset_from
from .scoring import match_answer

blp = Blueprint("match", __name__, url_prefix="/v1", description="A match, round by round")

MATCH_EXAMPLE = {
    "ruleset": "belote-ffb",
    "dealer": 3,
    "rounds": [
        {"type": "score", "summary": {"score": [0, 81], "held": 81}},
        {"type": "redeal"},
        {"type": "score", "summary": {"score": [94, 68], "winner": 0}},
    ],
}


def _round(k: int, r: dict[str, Any]) -> MatchRound:
    """A record's round as the engine's :class:`MatchRound`."""
    summary = r.get("summary")
    if r["type"] == "score":
        if summary is None:
            raise InvalidInput.at(
                f"rounds.{k}.summary", Text(N_("a round of type `score` needs its `summary`"))
            )
        return MatchRound(
            tuple(summary["score"]), summary["held"], summary["winner"], summary["capot"]
        )
    if summary is not None:
        raise InvalidInput.at(
            f"rounds.{k}.summary", Text(N_("a redeal scores nothing: leave `summary` out"))
        )
    return MatchRound((0, 0), redeal=True)


def _line(r: dict[str, Any], m: MatchRound, line, dealer: int) -> dict[str, Any]:
    return {
        "dealer": dealer,
        "type": r["type"],
        "score": list(m.score),
        "held": m.held,
        "credited": line.credited,
        "winner": m.winner,
        "capot": m.capot,
        "totals": list(line.totals),
        "carried": line.held,
    }


@blp.route("/match")
class Match(MethodView):
    @blp.arguments(
        MatchRequestSchema(),
        examples={"litige": {"summary": "Belote FFB: a litige, a redeal", "value": MATCH_EXAMPLE}},
    )
    @blp.response(200, MatchSheetSchema())
    @error_responses(blp)
    @blp.doc(operationId="matchSheet")
    def post(self, args):
        """A match record's sheet: each round's score and the running totals.

        The rounds are a match record, in order: each given by its scored summary
        (`type: score`, the figures `/v1/round-score` answers) or as a redeal; `dealer`
        dealt the first. The answer is `/v1/match-score`'s on the same rounds (totals,
        finished, winner, draw, the points still held), the sheet (each round's dealer and
        score, the held points it credited to its winner, the running totals and the
        points carried into the next round) and the next dealer by the ruleset's
        `next_dealer` (Klaberjass: the winner of the hand deals; after a redeal
        `redeal_dealer`). A
        single deal (`cardavia`) is finished after its one round; a match of `match_deals`
        rounds (klaverjas: 16) after that many. A round after the match is decided is
        refused.
        """
        ruleset = ruleset_from(args)
        engine_call(check_seat, args["dealer"], ruleset, "dealer")
        rounds = [_round(k, r) for k, r in enumerate(args["rounds"])]
        result, answer = match_answer(args, ruleset, rounds)
        seats = engine_call(dealers, ruleset, args["dealer"], rounds)
        lines = zip(args["rounds"], rounds, result.sheet, seats, strict=False)
        return answer | {
            "next_dealer": None if result.finished else seats[-1],
            "sheet": [_line(*parts) for parts in lines],
        }


BLUEPRINTS = (blp,)
