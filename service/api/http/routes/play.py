"""POST /v1/legal-moves and /v1/trick-winner."""

from __future__ import annotations

from flask.views import MethodView

from ....engine.cards import mask_of
from ....engine.play import (
    Position,
    check_hand,
    check_trick,
    legal_moves,
    trick_points,
    winning_index,
)
from ....engine.roem import from_tricks, trick_roem
from ....engine.text import N_, Text
from ..answers import roem_answer, verdicts_answer
from ..blueprint import Blueprint
from ..errors import InvalidInput
from ..schemas.play import (
    LegalMovesRequestSchema,
    LegalMovesSchema,
    TrickWinnerRequestSchema,
    TrickWinnerSchema,
)
from .common import engine_call, error_responses, ruleset_from

blp = Blueprint("play", __name__, url_prefix="/v1", description="Playing cards to a trick")

LEGAL_MOVES_EXAMPLE = {
    "ruleset": "belote",
    "trump": "H",
    "hand": ["7H", "JH", "AS", "KD"],
    "trick": {"leader": 1, "cards": ["8C", "9H", "AC"]},
}
TRICK_WINNER_EXAMPLE = {
    "ruleset": "belote",
    "trump": "H",
    "trick": {"leader": 1, "cards": ["8C", "9H", "AC", "JH"]},
}


@blp.route("/legal-moves")
class LegalMoves(MethodView):
    @blp.arguments(LegalMovesRequestSchema(), example=LEGAL_MOVES_EXAMPLE)
    @blp.response(200, LegalMovesSchema())
    @error_responses(blp)
    @blp.doc(operationId="legalMoves")
    def post(self, args):
        """Which cards of a hand may be played now.

        Every card of the hand is either legal or illegal with a reason code and a
        sentence for the player (docs/rules.md section 2).
        """
        ruleset = ruleset_from(args, args["trump"])
        trick, hand = args["trick"], args["hand"]
        engine_call(check_trick, trick["leader"], trick["cards"], ruleset, complete_ok=False)
        engine_call(check_hand, hand, trick["cards"], ruleset)
        position = Position(trick["leader"], tuple(trick["cards"]), args["trump"], ruleset)
        return {"seat": position.seat} | verdicts_answer(legal_moves(mask_of(hand), position))


@blp.route("/trick-winner")
class TrickWinner(MethodView):
    @blp.arguments(TrickWinnerRequestSchema(), example=TRICK_WINNER_EXAMPLE)
    @blp.response(200, TrickWinnerSchema())
    @error_responses(blp)
    @blp.doc(operationId="trickWinner")
    def post(self, args):
        """Who wins a complete or partial trick.

        The seat winning the trick so far, its card, and the trick's card points
        (without the last-trick bonus). For a complete trick where rules score from the
        tricks (`declarations_from: trick`, klaverjas roem), also `roem`: its runs, fours
        and stuk, for the winner's team.
        """
        ruleset = ruleset_from(args, args["trump"])
        trick = args["trick"]
        cards = trick["cards"]
        engine_call(check_trick, trick["leader"], cards, ruleset, complete_ok=True)
        if not cards:
            raise InvalidInput.at(
                "trick.cards", Text(N_("a trick needs at least one card to have a winner"))
            )
        win = winning_index(cards, args["trump"])
        seat = (trick["leader"] + win) % ruleset.players
        complete = len(cards) == ruleset.players
        return {
            "winner": seat,
            "team": ruleset.team_of(seat),
            "card": cards[win],
            "points": trick_points(cards, args["trump"], ruleset),
            "complete": complete,
            "roem": roem_answer(trick_roem(cards, args["trump"], ruleset))
            if complete and from_tricks(ruleset)
            else None,
        }


BLUEPRINTS = (blp,)
