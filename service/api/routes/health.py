"""GET /healthz and GET /openapi.yaml."""

from __future__ import annotations

from flask import Response, current_app
from flask.views import MethodView

from ..blueprint import Blueprint
from ..schemas.service import HealthSchema
from ..spec import spec_yaml

blp = Blueprint("service", __name__, description="The service itself")


@blp.route("/healthz")
class Health(MethodView):
    @blp.response(200, HealthSchema())
    @blp.doc(operationId="health")
    def get(self):
        """Liveness check.

        Always `{"status": "ok"}` while the process serves.
        """
        return {"status": "ok"}


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
