"""POST /v1/match: the sheet of a match record, round by round."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from ...engine.match import MatchRound
from ...engine.text import N_, Text
from ..blueprint import Blueprint
from ..errors import InvalidInput
from ..schemas.match import MatchRequestSchema, MatchSheetSchema
from .common import error_responses
from .scoring import match_answer

blp = Blueprint("match", __name__, url_prefix="/v1", description="A match, round by round")

MATCH_EXAMPLE = {
    "ruleset": "belote-ffb",
    "rounds": [
        {"type": "score", "score": [0, 81], "held": 81},
        {"type": "redeal"},
        {"type": "score", "score": [94, 68], "winner": 0},
    ],
}


def _round(k: int, r: dict[str, Any]) -> MatchRound:
    """A record's round as the engine's :class:`MatchRound`."""
    if r["type"] == "score":
        if r.get("score") is None:
            raise InvalidInput.at(
                f"rounds.{k}.score", Text(N_("a round of type `score` needs its `score`"))
            )
        return MatchRound(tuple(r["score"]), r["held"], r["winner"], r["capot"])
    given = [name for name in ("score", "winner", "capot") if r.get(name) is not None]
    if r["held"]:
        given.insert(1, "held")
    if given:
        raise InvalidInput.at(
            f"rounds.{k}.{given[0]}",
            Text(N_("a redeal scores nothing: leave `{field}` out"), field=given[0]),
        )
    return MatchRound((0, 0), redeal=True)


def _line(r: dict[str, Any], m: MatchRound, line) -> dict[str, Any]:
    return {
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
        (`type: score`, the figures `/v1/round-score` answers) or as a redeal. The answer
        is `/v1/match-score`'s on the same rounds (totals, finished, winner, draw, the
        points still held) and the sheet: each round's score, the held points it credited
        to its winner, the running totals and the points carried into the next round. A
        single deal (`cardavia`) is finished after its one round; a match of `match_deals`
        rounds (klaverjas: 16) after that many. A round after the match is decided is
        refused.
        """
        rounds = [_round(k, r) for k, r in enumerate(args["rounds"])]
        result, answer = match_answer(args, rounds)
        return answer | {
            "sheet": [
                _line(r, m, line)
                for r, m, line in zip(args["rounds"], rounds, result.sheet, strict=True)
            ],
        }


BLUEPRINTS = (blp,)
