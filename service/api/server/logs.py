"""Structured logs: every line one JSON object on stderr, with the request id when there is one.

The service's own lines (``belote.*`` loggers, one ``belote.access`` line per request) and
gunicorn's (``gunicorn.error``) go through :class:`JsonFormatter`; gunicorn.conf.py installs
:data:`LOGGING` as gunicorn's ``logconfig_dict``. No line ever holds an API key: requests are
logged by method, route template, status, duration and id, never by their headers.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

import flask

ACCESS = logging.getLogger("belote.access")

#: LogRecord attributes that are not extra members of the line.
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}


def current_request_id() -> str | None:
    if flask.has_request_context():
        return flask.g.get("request_id")
    return None


class JsonFormatter(logging.Formatter):
    """``{"ts": ..., "level": ..., "logger": ..., "message": ..., "request_id": ..., ...}``:
    extra members given with ``extra=`` are kept as members of the line."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "pid": record.process,
        }
        request_id = getattr(record, "request_id", None) or current_request_id()
        if request_id:
            line["request_id"] = request_id
        for key, value in vars(record).items():
            if key not in _STANDARD and key not in line:
                line[key] = value
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def logging_config(level: str) -> dict:
    """A ``logging.config.dictConfig`` for gunicorn's and the service's loggers."""
    handler = {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": JsonFormatter}},
        "handlers": {"stderr": handler},
        "loggers": {
            "gunicorn.error": {"level": level.upper(), "handlers": ["stderr"], "propagate": False},
            # gunicorn's own access lines are off: the service writes one per request.
            "gunicorn.access": {"level": "CRITICAL", "handlers": [], "propagate": False},
            "belote": {"level": level.upper(), "handlers": ["stderr"], "propagate": False},
            "service": {"level": level.upper(), "handlers": ["stderr"], "propagate": False},
        },
        "root": {"level": "WARNING", "handlers": ["stderr"]},
    }


def log_access(response: flask.Response, route: str, duration: float) -> None:
    request = flask.request
    ACCESS.info(
        "%s %s %s",
        request.method,
        route,
        response.status_code,
        extra={
            "request_id": current_request_id(),
            "method": request.method,
            "route": route,
            "path": request.path[:200],
            "status": response.status_code,
            "duration_ms": round(duration * 1000, 3),
            "bytes": response.calculate_content_length(),
        },
    )
