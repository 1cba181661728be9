"""The application factory: configuration, error handlers and one blueprint per resource."""

from __future__ import annotations

from http import HTTPStatus

import flask_smorest
from flask import Flask
from flask_smorest.utils import prepare_response

from . import errors, i18n
from .config import Config, Settings
from .routes import (
    batch,
    bidding,
    counts,
    declarations,
    health,
    match,
    notation,
    play,
    record,
    review,
    round_state,
    round_view,
    rulesets,
    scoring,
    suggest,
)
from .schemas.common import (
    BATCH_OPERATIONS,
    RULES_OPERATIONS,
    ProblemSchema,
    component_property,
    register_components,
)


class Api(flask_smorest.Api):
    """flask-smorest's Api with RFC 9457 errors, in the handlers and in the spec."""

    ERROR_SCHEMA = ProblemSchema

    def _register_pagination_header(self):
        """No operation is paginated: no pagination header, no PaginationMetadata schema."""

    def _register_error_handlers(self):
        errors.register_error_handlers(self._app)

    def _register_responses(self):
        # First of all (ERROR_SCHEMA is converted here): the named components (Card, Seat,
        # Trump, ...) and the attribute function that makes fields reference them.
        register_components(self.spec)
        self.ma_plugin.converter.add_attribute_function(component_property)
        for status in HTTPStatus:
            response = {"description": status.phrase}
            if status >= 400:
                response["schema"] = self.ERROR_SCHEMA
            prepare_response(response, self.spec, errors.PROBLEM_JSON)
            self.spec.components.response(status.name, response, lazy=True)
        response = {"description": "Default error response", "schema": self.ERROR_SCHEMA}
        prepare_response(response, self.spec, errors.PROBLEM_JSON)
        self.spec.components.response("DEFAULT_ERROR", response, lazy=True)


def create_app(config: type = Config, settings: Settings | None = None) -> Flask:
    """The WSGI app; ``settings`` default to the environment's (docs/operations.md)."""
    app = Flask(__name__)
    app.config.from_object(config)
    app.json = i18n.JSONProvider(app)
    app.json.sort_keys = False
    app.json.ensure_ascii = False
    api = Api(app)
    modules = (
        rulesets,
        play,
        declarations,
        bidding,
        scoring,
        counts,
        match,
        record,
        round_state,
        round_view,
        notation,
        suggest,
        review,
        batch,
    )
    for module in (*modules, health):
        for blueprint in module.BLUEPRINTS:
            api.register_blueprint(blueprint)
    app.extensions["belote_api"] = api
    from . import hot_path

    # Served by the hot path: the rules operations and batches (the suggestions' cost is
    # their search); compiled for the batch: the suggestions too.
    hot_path.install(
        app, api.spec.to_dict(), (*BATCH_OPERATIONS, "batch"), (*RULES_OPERATIONS, "batch")
    )
    from .operations import install

    settings = settings if settings is not None else Settings.from_env()
    install(app, api, settings)
    # After the API key check (installed just above): the expensive operations' lines.
    from . import admission, search_pool

    admission.install(
        app,
        {
            "suggest.SuggestPlay": search_pool.line,
            "suggest.SuggestBid": search_pool.line,
            "suggest.SuggestAction": search_pool.line,
            "review.ReviewRound": search_pool.line,
            "batch.Batch": lambda: admission.BATCHES,
        },
        turn_first={"batch.Batch": lambda: admission.BATCH_WAIT_S},
    )
    if settings.table_dir is not None:
        from . import table

        table.install(app, settings.table_dir)
    from . import docs

    docs.install(app, settings.docs_dir)
    return app
