"""gunicorn's own refusals as RFC 9457 problems, like every answer of the application.

gunicorn answers some requests before the application sees them: a request line longer
than ``limit_request_line`` (414), too many or too large headers (431), a malformed
request line, header or chunk (400), a transfer coding it does not implement (501). It
writes those as small HTML pages; clients of this API expect ``application/problem+json``.
gunicorn.conf.py installs :func:`write_problem` in place of gunicorn's ``util.write_error``
(gunicorn is pinned in requirements.lock; tests/api/test_hostile_inputs.py and
tests/ops/test_ops_server.py check these answers).

The title is the status's standard phrase (gunicorn passes "Bad Request" with its 501).
The request never reached the application, so it gets a fresh request id here, in the
``X-Request-ID`` header and the ``request_id`` member, and one JSON log line.
"""

from __future__ import annotations

import json
import logging
import socket
from http import HTTPStatus

from gunicorn import util

from ..http.request_ids import HEADER, new_id

log = logging.getLogger("belote.access")


def _title(status_int: int, reason: str) -> str:
    try:
        return HTTPStatus(status_int).phrase
    except ValueError:
        return reason


def write_problem(sock: socket.socket, status_int: int, reason: str, mesg: str) -> None:
    title = _title(status_int, reason)
    request_id = new_id()
    body = json.dumps(
        {
            "type": "about:blank",
            "title": title,
            "status": status_int,
            "detail": mesg or title,
            "request_id": request_id,
        }
    ).encode("utf-8")
    head = (
        f"HTTP/1.1 {status_int} {title}\r\n"
        "Connection: close\r\n"
        "Content-Type: application/problem+json\r\n"
        "X-Content-Type-Options: nosniff\r\n"
        "Cache-Control: no-store\r\n"
        f"{HEADER}: {request_id}\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    log.info(
        "refused by the HTTP server: %s %s",
        status_int,
        title,
        extra={"status": status_int, "route": None, "request_id": request_id},
    )
    util.write_nonblock(sock, head.encode("latin-1") + body)


def install() -> None:
    util.write_error = write_problem
