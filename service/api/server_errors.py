"""gunicorn's own refusals as RFC 9457 problems, like every answer of the application.

gunicorn answers some requests before the application sees them: a request line longer
than ``limit_request_line`` (414), too many or too large headers (431), a malformed
request line, header or chunk (400). It writes those as small HTML pages; clients of this
API expect ``application/problem+json``. gunicorn.conf.py installs :func:`write_problem`
in place of gunicorn's ``util.write_error`` (gunicorn is pinned in requirements.lock;
tests/test_hostile_inputs.py checks these answers).
"""

from __future__ import annotations

import json
import socket

from gunicorn import util


def write_problem(sock: socket.socket, status_int: int, reason: str, mesg: str) -> None:
    body = json.dumps(
        {"type": "about:blank", "title": reason, "status": status_int, "detail": mesg or reason}
    ).encode("utf-8")
    head = (
        f"HTTP/1.1 {status_int} {reason}\r\n"
        "Connection: close\r\n"
        "Content-Type: application/problem+json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    util.write_nonblock(sock, head.encode("latin-1") + body)


def install() -> None:
    util.write_error = write_problem
