"""POST /v1/match: the sheet of a match record, round by round."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from ....engine import chances
from ....engine.deal import next_dealer
from ....engine.match import MatchRound, dealers
from ....engine.play import check_seat
from ....engine.round_state import REDEAL
from ....engine.rounds import first_leader
from ....engine.rulesets import Ruleset
from ....engine.text import N_, Text
from ..blueprint import Blueprint
from ..errors import InvalidInput
from ..schemas.match import MatchRequestSchema, MatchSheetSchema
from .common import engine_call, error_responses, ruleset_from
from .counts import told_score
from .round_state import checked_state, game_record
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


def _round(
    k: int, r: dict[str, Any], ruleset: Ruleset, dealer: int = 0, at: str | None = None
) -> MatchRound:
    """A record's round as the engine's :class:`MatchRound`; a round record is played
    through (POST /v1/rounds/state's refusals, under ``rounds.k.record``) and scored, a
    round told by its counts scored as POST /v1/round-score/counts scores it (its leader
    by default the seat after ``dealer``). ``at``: where its errors are named
    (``rounds.k``)."""
    at = f"rounds.{k}" if at is None else at
    given = [name for name in MEMBERS if name != r["type"] and r.get(MEMBERS[name]) is not None]
    if given:
        member = MEMBERS[given[0]]
        raise InvalidInput.at(
            f"{at}.{member}",
            Text(N_("a round of type `{type}` has no `{member}`"), type=r["type"], member=member),
        )
    member = MEMBERS.get(r["type"])
    if member is not None and r.get(member) is None:
        raise InvalidInput.at(
            f"{at}.{member}",
            Text(
                N_("a round of type `{type}` needs its `{member}`"), type=r["type"], member=member
            ),
        )
    if r["type"] == "redeal":
        return MatchRound((0, 0), redeal=True)
    if r["type"] == "score":
        s = r["summary"]
        return MatchRound(tuple(s["score"]), s["held"], s["winner"], s["capot"])
    if r["type"] == "counts":
        told = r["counts"]
        if told["leader"] is None:
            told = told | {"leader": first_leader(ruleset, dealer)}
        score = told_score(told, ruleset, f"{at}.counts.", held_in=0)
        return MatchRound(score.score, score.held, score.winner, score.capot)
    prefix = f"{at}.record."
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
            f"{at}.record",
            Text(N_("round {round} is not over (phase `{phase}`)"), round=k, phase=state.phase),
        )
    score = state.score
    return MatchRound(score.score, score.held, score.winner, score.capot)


#: The member each round type carries.
MEMBERS = {"score": "summary", "record": "record", "counts": "counts"}


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

        A round may also be given as the players counted it (`type: counts`, a score pad:
        `/v1/round-score/counts`'s members). `replace` corrects one round: the answer is
        the sheet with that round replaced, each line saying which of its members changed
        and what it was (`changed`, `previous`), and `changed` the answer's. `chances`:
        each side's chance to win the match before the first round and after each, for
        two sides of equal strength, computed exactly from the preset's measured round
        outcomes and its match rules (docs/chances.md).
        """
        ruleset = ruleset_from(args)
        engine_call(check_seat, args["dealer"], ruleset, "dealer")
        items = args["rounds"]
        replace = args.get("replace")
        if replace is None:
            answer = _sheet(args, ruleset, items)
            return answer | {"changed": [], "sheet": _lines(answer["sheet"], None)}
        k = replace["index"]
        if k >= len(items):
            raise InvalidInput.at(
                "replace.index",
                Text(
                    N_("the match has {count} rounds: there is no round {round}"),
                    count=len(items),
                    round=k,
                ),
            )
        before = _sheet(args, ruleset, items)
        corrected = [*items[:k], replace["round"], *items[k + 1 :]]
        after = _sheet(args, ruleset, corrected, (k, "replace.round"))
        changed = [key for key in SUMMARY if after[key] != before[key]]
        return after | {"changed": changed, "sheet": _lines(after["sheet"], before["sheet"])}


#: Decimal places of a chance in the answer (the sums of floats below them differ by
#: machine).
CHANCE_PLACES = 4
#: The members of the answer a correction may change.
SUMMARY = ("totals", "finished", "winner", "draw", "held", "next_dealer")


def _sheet(
    args: dict[str, Any],
    ruleset: Ruleset,
    items: list[dict[str, Any]],
    renamed: tuple[int, str] | None = None,
) -> dict[str, Any]:
    """The answer for ``items`` (round ``renamed[0]``'s errors named at ``renamed[1]``),
    each line without its comparison yet."""
    rounds: list[MatchRound] = []
    dealer = args["dealer"]
    for k, r in enumerate(items):
        at = renamed[1] if renamed is not None and renamed[0] == k else None
        m = _round(k, r, ruleset, dealer, at)
        rounds.append(m)
        dealer = next_dealer(ruleset, dealer, m.winner, m.redeal)
    result, answer = match_answer(args, ruleset, rounds)
    seats = engine_call(dealers, ruleset, args["dealer"], rounds)
    _check_dealers(items, seats)
    lines = zip(items, rounds, result.sheet, seats, strict=False)
    return (
        answer
        | {
            "next_dealer": None if result.finished else seats[-1],
            "sheet": [_line(*parts) for parts in lines],
        }
        | _chances(ruleset, answer["target"], rounds, args["dealer"])
    )


def _chances(ruleset: Ruleset, target, rounds: list[MatchRound], dealer: int) -> dict:
    """Each side's chance to win before the first round and after each, and the model."""
    model = chances.model_for(ruleset)
    if model is None or (ruleset.open_match and target is None):
        return {"chances": None, "chance_model": None}
    line = chances.match_chances(ruleset, target, rounds, dealer, model)
    return {
        "chances": [
            {"win": [round(w, CHANCE_PLACES) for w in c.win], "draw": round(c.draw, CHANCE_PLACES)}
            for c in line
        ],
        "chance_model": {
            "preset": model.preset,
            "rounds": model.rounds,
            "seed": model.seed,
            "commit": model.commit,
        },
    }


def _lines(after: list[dict], before: list[dict] | None) -> list[dict]:
    """The sheet's lines with what the correction changed against ``before``."""
    if before is None:
        return [line | {"changed": [], "previous": None} for line in after]
    return [
        new | {"changed": [key for key in new if new[key] != old[key]], "previous": old}
        for new, old in zip(after, before, strict=True)
    ]


BLUEPRINTS = (blp,)
