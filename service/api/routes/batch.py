"""POST /v1/batch: many independent requests of any POST operation in one call."""

from __future__ import annotations

from flask import current_app
from flask.views import MethodView

from ..blueprint import Blueprint
from ..hot_path import answer_item, json_response, operations, start_item
from ..schemas.batch import BatchRequestSchema, BatchSchema
from .common import error_responses
from .play import LEGAL_MOVES_EXAMPLE, TRICK_WINNER_EXAMPLE
from .suggest import STARTS

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
    @blp.doc(operationId="batch")
    def post(self, args):
        """Answer up to 100 independent requests of the POST operations in one call.

        Each item names an operation (its operationId) and carries that operation's body;
        its result holds the status, and the body or the problem details, that the
        operation's own endpoint would answer. One refused item does not stop the others.
        The batch itself is refused (422) only when it is malformed: no items, more than
        100 (``BATCH_MAX``), an unknown operation, a body that is not an object.

        Suggestions are searched side by side in the players' process pool: each takes a
        place in the worker's queue of searches as its own request would, and one that
        finds it full (``BELOTE_SUGGEST_QUEUE``) answers 503 in its result; retry it.
        """
        ops = operations(current_app)
        results = []
        for item in args["items"]:
            operation = ops[item["operation"]]
            start = STARTS.get(operation.operation_id)
            if start is None:
                answer = answer_item(operation, item["body"])
                results.append(lambda answer=answer: answer)
            else:
                results.append(start_item(operation, item["body"], start))
        return json_response({"items": [result() for result in results]}, 200)


BLUEPRINTS = (blp,)
