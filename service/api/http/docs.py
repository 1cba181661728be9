"""The API reference page (clients/api-docs: Swagger UI on this instance's own
``GET /openapi.yaml``), served at ``/docs`` beside the API, like the web table under
``/table/``: static files only, on the same origin, so that its "Try it out" asks this
instance without CORS. Like ``/table/`` it is not an operation of the spec.

The files come from ``BELOTE_DOCS_DIR``, else from ``build/api-docs`` of the working
directory (where ``make run`` and ``make test`` build them). The service starts without
them: ``GET /docs`` then answers a 404 problem saying how to build the page and where the
spec is; every other path is unchanged.
"""

from __future__ import annotations

from pathlib import Path

import flask

from .errors import problem

#: The files the build writes (clients/api-docs/scripts/build.mjs); nothing else is served.
FILES = frozenset({"index.html", "docs.css", "docs.js"})

#: Where the page is looked for when BELOTE_DOCS_DIR is empty (relative: the working
#: directory, the repository's root under make run and make test).
DEFAULT_DIR = Path("build") / "api-docs"

NOT_BUILT = (
    "The API reference page is not built on this instance (make docs builds it into "
    "build/api-docs; BELOTE_DOCS_DIR names another directory). The contract it shows is "
    "at /openapi.yaml."
)


def install(app: flask.Flask, directory: Path | None) -> None:
    root = (directory if directory is not None else DEFAULT_DIR).resolve()

    def page(name: str = "index.html") -> flask.Response:
        if name not in FILES:
            flask.abort(404)
        if not (root / name).is_file():
            return problem(404, NOT_BUILT)
        return flask.send_from_directory(root, name, max_age=0)

    app.add_url_rule("/docs", "docs_index", page, methods=["GET"])
    app.add_url_rule("/docs/", "docs_index_slash", page, methods=["GET"])
    app.add_url_rule("/docs/<name>", "docs_file", page, methods=["GET"])
