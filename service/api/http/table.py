"""The reference table (clients/web-table), served under ``/table/`` beside the API when
``BELOTE_TABLE_DIR`` names its built files (``make table`` builds and serves them).

Only static files: the page is a client of the public API like any other, on the same
origin (so no CORS is needed); it holds no rule and this module holds no game.
"""

from __future__ import annotations

from pathlib import Path

import flask

#: The files the build writes (clients/web-table/scripts/build.mjs); nothing else is served.
FILES = frozenset({"index.html", "table.css", "table.js"})


def install(app: flask.Flask, directory: Path) -> None:
    root = directory.resolve()

    def page(name: str = "index.html") -> flask.Response:
        if name not in FILES:
            flask.abort(404)
        return flask.send_from_directory(root, name, max_age=0)

    app.add_url_rule("/table/", "table_index", page, methods=["GET"])
    app.add_url_rule("/table/<name>", "table_file", page, methods=["GET"])
    app.add_url_rule("/table", "table_redirect", lambda: flask.redirect("/table/", 308))
