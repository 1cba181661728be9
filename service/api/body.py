"""Reading request bodies: JSON only, strictly, with a clear 400 / 415 for anything else."""

from __future__ import annotations

import json
from typing import Any

import flask
from flask_smorest import abort
from webargs import core
from webargs.flaskparser import FlaskParser
from werkzeug.exceptions import RequestEntityTooLarge


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def parse_json_body(data: bytes) -> Any:
    """The body as JSON, or a 400 problem saying why it is not."""
    if not data.strip():
        abort(400, message="The request body is empty; send a JSON object.")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        abort(400, message="The request body is not valid UTF-8.")
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        abort(400, message="The request body is nested too deeply.")
    except ValueError as error:
        abort(400, message=f"The request body is not valid JSON: {error}.")


class JsonBodyParser(FlaskParser):
    """webargs parser that insists on a JSON content type and parses it strictly."""

    def _raw_load_json(self, req: flask.Request) -> Any:
        if not core.is_json(req.mimetype):
            abort(
                415,
                message=f"Send the body as application/json, not "
                f"{req.mimetype or 'no content type'}.",
            )
        return parse_json_body(read_body(req))


def read_body(req: flask.Request) -> bytes:
    """The body, or a 413 when it is larger than ``MAX_CONTENT_LENGTH``.

    With a ``Content-Length`` werkzeug refuses an oversized body itself. A chunked body has
    none, and werkzeug then silently stops reading at the limit: the truncated prefix would
    be parsed as if it were the whole body. Whether anything follows the limit tells.
    """
    data = req.get_data(cache=True)
    limit = req.max_content_length
    at_limit = limit is not None and req.content_length is None and len(data) >= limit
    if at_limit and req.environ["wsgi.input"].read(1):
        raise RequestEntityTooLarge()
    return data
