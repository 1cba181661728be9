"""GET /healthz (liveness), /readyz (readiness), /metrics and /openapi.yaml."""

from __future__ import annotations

import logging

from flask import Response, current_app
from flask.views import MethodView
from flask_smorest import abort

from ....engine.cards import parse_card
from ....engine.play import Position, legal_moves, winning_index
from ....engine.rulesets import PRESETS
from ....engine.text import N_, Text
from ...server import metrics
from ..blueprint import Blueprint
from ..schemas.service import HealthSchema, ReadySchema
from ..spec import spec_yaml

log = logging.getLogger("belote.health")

blp = Blueprint("service", __name__, description="The service itself")


def engine_answers() -> bool:
    """A real engine call with a known answer: with spades led and hearts trumps, a hand of
    the ace of spades and the seven of hearts must follow suit; the jack of trumps wins."""
    ruleset = PRESETS["belote"]
    ace_spades, seven_hearts = parse_card("AS"), parse_card("7H")
    hand = (1 << ace_spades) | (1 << seven_hearts)
    verdicts = legal_moves(hand, Position(0, (parse_card("7S"),), "H", ruleset))
    legal = {v.card for v in verdicts if v.legal}
    trick = [parse_card(c) for c in ("AH", "JH", "AS", "10H")]
    return legal == {ace_spades} and winning_index(trick, "H") == 1


@blp.route("/healthz")
class Health(MethodView):
    @blp.response(200, HealthSchema())
    @blp.doc(operationId="health")
    def get(self):
        """Liveness check.

        Always `{"status": "ok"}` while the process serves.
        """
        return {"status": "ok"}


@blp.route("/readyz")
class Ready(MethodView):
    @blp.response(200, ReadySchema())
    @blp.alt_response(503, response="SERVICE_UNAVAILABLE")
    @blp.doc(operationId="ready")
    def get(self):
        """Readiness check.

        `{"status": "ready"}` once the application is loaded and the rules engine answers a
        real call (a legal-moves and a trick-winner question with known answers); a 503
        problem otherwise.
        """
        try:
            ok = engine_answers()
        except Exception:
            log.exception("readiness: the engine call failed")
            ok = False
        if not ok:
            abort(503, message=Text(N_("The rules engine did not answer its readiness check.")))
        return {"status": "ready", "checks": {"engine": "ok"}}


@blp.route("/metrics")
class Metrics(MethodView):
    @blp.response(
        200,
        content_type="text/plain",
        description="Prometheus text exposition format (as prometheus-client serves it)",
    )
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.doc(
        operationId="metrics",
        responses={
            "200": {
                "description": "Prometheus text exposition format (as prometheus-client serves it)",
                "content": {"text/plain": {"schema": {"type": "string"}}},
            }
        },
    )
    def get(self):
        """Prometheus metrics.

        `belote_http_requests_total` and `belote_http_request_duration_seconds` by method,
        route template and status, summed over every worker process. A 404 when metrics are
        off (`BELOTE_METRICS=off`) or served on their own address (`BELOTE_METRICS_BIND`).
        """
        settings = current_app.extensions["belote_settings"]
        if not settings.metrics or settings.metrics_bind:
            abort(404, message=Text(N_("Metrics are not served on this address.")))
        body, content_type = metrics.exposition()
        return Response(body, content_type=content_type)


@blp.route("/openapi.yaml")
class OpenApi(MethodView):
    @blp.response(
        200,
        content_type="application/yaml",
        description="The OpenAPI 3.1 document, identical to the repository's openapi.yaml",
    )
    @blp.doc(
        operationId="openapi",
        responses={
            "200": {
                "description": "The OpenAPI 3.1 document, identical to the repository's "
                "openapi.yaml",
                "content": {"application/yaml": {"schema": {"type": "string"}}},
            }
        },
    )
    def get(self):
        """This API's OpenAPI 3.1 document.

        The spec generated from the code; a test keeps it equal to the committed one.
        """
        cache = current_app.extensions.setdefault("belote_spec_yaml", [])
        if not cache:
            cache.append(spec_yaml(current_app))
        return Response(cache[0], mimetype="application/yaml")


BLUEPRINTS = (blp,)
