"""POST /v1/rounds/review: a played round reviewed card by card (docs/review.md).

The record is checked here, in the worker (its 422s are POST /v1/rounds/state's, and cost
no search); the review runs in the players' process pool (:mod:`..search_pool`), in the
line of suggestions, with a deadline, as a suggestion does, and in POST /v1/batch too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flask
from flask.views import MethodView

from .. import review_jobs
from ..admission import Ticket
from ..blueprint import Blueprint
from ..schemas.review import ReviewRequestSchema, ReviewSchema
from .common import error_responses, ruleset_from
from .round_state import STATE_EXAMPLE, checked_state, game_record
from .suggest import _search

blp = Blueprint(
    "review",
    __name__,
    url_prefix="/v1/rounds",
    description="Reviewing a played round: every card's cost, the par",
)

REVIEW_EXAMPLE = STATE_EXAMPLE | {"level": "normal", "seed": 0}


def start_review(args: dict[str, Any]) -> Callable[[Ticket], dict]:
    """Check a review request (a 422 costs no search); returns the function that reviews
    with a place in the line of suggestions and answers."""
    ruleset = ruleset_from(args)
    record = game_record(args, ruleset, "")
    checked_state(record, "")  # an illegal action: the 422 of POST /v1/rounds/state
    payload = review_jobs.payload_of(record, args)
    return _search(
        review_jobs.review_job, payload, review_jobs.review_wait_ms(payload), lambda r: r
    )


#: The operations of this module whose work runs in the search pool (routes/batch.py).
STARTS = {"reviewRound": start_review}


@blp.route("/review")
class ReviewRound(MethodView):
    @blp.arguments(ReviewRequestSchema(), example=REVIEW_EXAMPLE)
    @blp.response(200, ReviewSchema())
    @error_responses(blp)
    @blp.alt_response(503, response="SERVICE_UNAVAILABLE")
    @blp.doc(operationId="reviewRound")
    def post(self, args):
        """Review a played round: every card's cost, mistakes told from bad luck, the par.

        The round record as POST /v1/rounds/state takes it, complete or partial (a
        partial one is reviewed as far as it is played; an illegal action is that
        operation's 422). For every card played: the double-dummy value of every legal
        card (every hand open, solved exactly) and its information-set value (the
        `level`'s player from the seat's own view, reproducible with `seed`), both in
        round points for the seat's side, the two costs, a class (`best`, `inaccuracy`,
        `mistake`, `blunder`, `unlucky`) and an accuracy. For every call: each option's
        estimate. Per seat: the sums and the accuracy. The deal's par: the double-dummy
        table and each side's best contract. Runs in the players' process pool: a 503
        with `Retry-After` when it is full or the review does not finish in time.
        docs/review.md defines every figure.
        """
        return start_review(args)(flask.g.ticket)


BLUEPRINTS = (blp,)
