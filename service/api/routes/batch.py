"""POST /v1/batch: many independent requests of any POST operation in one call."""

from __future__ import annotations

import time

import flask
from flask import current_app
from flask.views import MethodView

from ...engine.text import N_, Text
from .. import search_pool
from ..admission import Busy, Ticket, batch
from ..blueprint import Blueprint
from ..hot_path import answer_item, json_response, operations, start_item
from ..schemas.batch import BatchRequestSchema, BatchSchema
from . import review, suggest
from .common import error_responses
from .play import LEGAL_MOVES_EXAMPLE, TRICK_WINNER_EXAMPLE
from .suggest import busy_problem

#: The operations whose work runs in the search pool, by operationId.
STARTS = suggest.STARTS | review.STARTS

blp = Blueprint("batch", __name__, url_prefix="/v1", description="Many requests in one call")

BATCH_EXAMPLE = {
    "items": [
        {"operation": "legalMoves", "body": LEGAL_MOVES_EXAMPLE},
        {"operation": "trickWinner", "body": TRICK_WINNER_EXAMPLE},
        {"operation": "legalMoves", "body": LEGAL_MOVES_EXAMPLE | {"hand": ["7H", "7H"]}},
    ]
}


@blp.route("/batch")
class Batch(MethodView):
    @blp.arguments(BatchRequestSchema(), example=BATCH_EXAMPLE)
    @blp.response(200, BatchSchema())
    @error_responses(blp)
    @blp.alt_response(503, response="SERVICE_UNAVAILABLE")
    @blp.doc(operationId="batch")
    def post(self, args):
        """Answer up to 100 independent requests of the POST operations in one call.

        Each item names an operation (its operationId) and carries that operation's body;
        its result holds the status, and the body or the problem details, that the
        operation's own endpoint would answer. One refused item does not stop the others.
        The batch itself is refused (422) only when it is malformed: no items, more than
        100 (``BATCH_MAX``), an unknown operation, a body that is not an object; or (503,
        with ``Retry-After``) when the worker already has batches waiting.

        Each suggestion takes a place in the worker's line of suggestions as its own
        request would, all of them before any is searched; one that finds the line full
        (``BELOTE_SUGGEST_QUEUE``), or whose turn or answer does not come in time, answers
        503 in its result: retry it.
        """
        ops = operations(current_app)
        items = args["items"]
        # The batch answers before its request's deadline (BELOTE_TIMEOUT): a suggestion
        # whose turn comes too late, or whose search would end too late, answers 503.
        timeout = current_app.extensions["belote_settings"].timeout
        waited = time.perf_counter() - flask.g.get("start", time.perf_counter())
        flask.g.deadline = time.monotonic() + max(1.0, timeout - ANSWER_MARGIN_S - waited)
        places = [_place(ops[item["operation"]]) for item in items]
        try:
            # In the worker's batch line, paced (service/api/admission.py): other requests
            # of the worker are answered between two items.
            results = batch(zip(items, places, strict=True), lambda ip: _answer(ops, *ip))
        finally:
            for place in places:
                if isinstance(place, Ticket):
                    place.line.leave(place)
        return json_response({"items": results}, 200)


#: Seconds a batch keeps, before its request's deadline, to write its answer.
ANSWER_MARGIN_S = 3.0
#: A suggestion is not started with less time left before the batch's deadline than this,
#: nor than the mean time of the line's last searches.
MIN_SEARCH_S = 0.5


def _place(operation) -> Ticket | Busy | None:
    """A suggestion's place in the line of suggestions (or why there is none); None for
    the other operations."""
    if operation.operation_id not in STARTS:
        return None
    try:
        return search_pool.line().admit()
    except Busy as busy:
        return busy


def _answer(ops, item: dict, place: Ticket | Busy | None) -> dict:
    operation = ops[item["operation"]]
    if place is None:
        return answer_item(operation, item["body"])
    start = STARTS[operation.operation_id]
    needs = max(MIN_SEARCH_S, place.line.mean_s) if isinstance(place, Ticket) else 0.0
    if isinstance(place, Ticket) and time.monotonic() + needs > flask.g.deadline:
        place.line.leave(place)
        place = Busy(Text(N_("the batch's time ran out before this item's turn")), 1)

    def begin(args):
        if isinstance(place, Busy):
            raise busy_problem(place)
        search = start(args)  # the request checked first: a 422 costs no place's turn
        return lambda: search(place)

    try:
        return start_item(operation, item["body"], begin)()
    finally:
        if isinstance(place, Ticket):  # searched, or refused: the place is given back
            place.line.leave(place)


BLUEPRINTS = (blp,)
