"""The blueprint class every resource module uses (routes import it from here, not from
the application module that imports them)."""

from __future__ import annotations

import flask_smorest

from .body import JsonBodyParser


class Blueprint(flask_smorest.Blueprint):
    """A flask-smorest blueprint that reads bodies with :class:`JsonBodyParser`."""

    ARGUMENTS_PARSER = JsonBodyParser()
