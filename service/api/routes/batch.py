"""POST /v1/batch: many independent requests of any POST operation in one call."""

from __future__ import annotations

from flask import current_app
from flask.views import MethodView

from ..admission import batch
from ..blueprint import Blueprint
from ..hot_path import answer_item, json_response, operations
from ..schemas.batch import BatchRequestSchema, BatchSchema
from .common import error_responses
from .play import LEGAL_MOVES_EXAMPLE, TRICK_WINNER_EXAMPLE

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
        """
        ops = operations(current_app)
        # In the worker's batch line, paced (service/api/admission.py): other requests of
        # the worker are answered between two items.
        results = batch(
            args["items"], lambda item: answer_item(ops[item["operation"]], item["body"])
        )
        return json_response({"items": results}, 200)


BLUEPRINTS = (blp,)
