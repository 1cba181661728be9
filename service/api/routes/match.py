"""POST /v1/match: the sheet of a match record, round by round."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from ...engine.match import MatchRound, dealers
from ...engine.play import check_seat
from ...engine.round_state import REDEAL
from ...engine.rulesets import Ruleset
from ...engine.text import N_, Text
from ..blueprint import Blueprint
from ..errors import InvalidInput
from ..schemas.match import MatchRequestSchema, MatchSheetSchema
from .common import engine_call, error_responses, ruleset_from
from .round_state import _record as game_record
from .round_state import _state as checked_state
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


def _round(k: int, r: dict[str, Any], ruleset: Ruleset) -> MatchRound:
    """A record's round as the engine's :class:`MatchRound`; a round record is played
    through (POST /v1/rounds/state's refusals, under ``rounds.k.record``) and scored."""
    given = [name for name in MEMBERS if name != r["type"] and r.get(MEMBERS[name]) is not None]
    if given:
        member = MEMBERS[given[0]]
        raise InvalidInput.at(
            f"rounds.{k}.{member}",
            Text(N_("a round of type `{type}` has no `{member}`"), type=r["type"], member=member),
        )
    member = MEMBERS.get(r["type"])
    if member is not None and r.get(member) is None:
        raise InvalidInput.at(
            f"rounds.{k}.{member}",
            Text(
                N_("a round of type `{type}` needs its `{member}`"), type=r["type"], member=member
            ),
        )
    if r["type"] == "redeal":
        return MatchRound((0, 0), redeal=True)
    if r["type"] == "score":
        s = r["summary"]
        return MatchRound(tuple(s["score"]), s["held"], s["winner"], s["capot"])
    prefix = f"rounds.{k}.record."
    if r["record"]["held_in"]:
        raise InvalidInput.at(
            prefix + "held_in",
            Text(N_("the match carries the held points itself: leave `held_in` out")),
        )
    state = checked_state(game_record(r["record"], ruleset, prefix), prefix)
    if state.phase == REDEAL:
        return MatchRound((0, 0), redeal=True)
    if state.score is None:
        raise InvalidInput.at(
            f"rounds.{k}.record",
            Text(N_("round {round} is not over (phase `{phase}`)"), round=k, phase=state.phase),
        )
    score = state.score
    return MatchRound(score.score, score.held, score.winner, score.capot)


#: The member each round type carries.
MEMBERS = {"score": "summary", "record": "record"}


def _check_dealers(rounds: list[dict[str, Any]], seats: list[int]) -> None:
    for k, (r, dealer) in enumerate(zip(rounds, seats, strict=False)):
        if r["type"] == "record" and r["record"]["dealer"] != dealer:
            raise InvalidInput.at(
                f"rounds.{k}.record.dealer",
                Text(
                    N_("seat {dealer} deals round {round} by the ruleset's rule, not seat {seat}"),
                    dealer=dealer,
                    round=k,
                    seat=r["record"]["dealer"],
                ),
            )


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
        (`type: score`, the figures `/v1/round-score` answers), as a redeal, or as its
        round record (`type: record`), which is played through as POST /v1/rounds/state
        does and scored (it must be over; its dealer the one the sheet says); `dealer`
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
        rounds = [_round(k, r, ruleset) for k, r in enumerate(args["rounds"])]
        result, answer = match_answer(args, ruleset, rounds)
        seats = engine_call(dealers, ruleset, args["dealer"], rounds)
        _check_dealers(args["rounds"], seats)
        lines = zip(args["rounds"], rounds, result.sheet, seats, strict=False)
        return answer | {
            "next_dealer": None if result.finished else seats[-1],
            "sheet": [_line(*parts) for parts in lines],
        }


BLUEPRINTS = (blp,)
