"""All configuration of the HTTP service: the Flask config object, and the operator's
settings read from environment variables (validated once, at start, with a clear message).

Every setting is declared once, as a field of :class:`Settings` (its default, its variable,
how that is read, what it means); :data:`VARIABLES` is derived from them, and README.md and
docs/operations.md list the same names (tests/ops/test_ops_app.py keeps them in step).
"""

from __future__ import annotations

import dataclasses
import math
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ... import __version__

#: Largest request body accepted by default (bytes). A whole round record is about 2 KiB.
#: ``BELOTE_MAX_BODY_BYTES`` changes it per deployment; the spec states the default.
MAX_BODY_BYTES = 64 * 1024


class Config:
    MAX_CONTENT_LENGTH = MAX_BODY_BYTES

    API_TITLE = "Belote rules service"
    API_VERSION = __version__
    OPENAPI_VERSION = "3.1.0"
    OPENAPI_URL_PREFIX = None  # the spec is served by our own GET /openapi.yaml
    API_SPEC_OPTIONS = {
        "info": {
            "description": (
                "Stateless rules service for the Belote family of card games: legal moves "
                "with the reason every other card is illegal, trick winners, declaration "
                "ranking, round and match scores, under named rulesets (belote, klob, "
                "cardavia, klaberjass, belote-ffb, coinche) whose parameters a request may "
                "override through `options`.\n\n"
                "One meaning per request shape: an optional request field left out, sent "
                "as `null` or (a list) sent as `[]` means the same thing, its documented "
                "default. Where two behaviours exist, a required field or a separate "
                "operation chooses (`/v1/declarations/rank` ranks what was announced, "
                "`/v1/declarations/best` finds each hand's best). The one place `null` is a "
                "value is a ruleset parameter in `options` that `GET /v1/parameters` lists "
                "as `nullable` (`target: null`: a single deal); leaving it out keeps the "
                "preset's value.\n\n"
                "Errors are RFC 9457 `application/problem+json`. Request bodies are limited "
                f"to {MAX_BODY_BYTES} bytes (the default of `BELOTE_MAX_BODY_BYTES`). "
                "Refusals carry a stable `ReasonCode`.\n\n"
                "`info.version` follows semantic versioning. Within `/v1` a minor version "
                "only adds (endpoints, optional request fields, response fields, rulesets, "
                "parameters, enum values such as reason codes): clients ignore response "
                "fields they do not know and treat an unknown enum value as such. A change "
                "that refuses or re-reads a valid request is breaking and is listed in the "
                "repository's CHANGELOG.md. The rules are specified, with "
                "their sources, in the repository's docs/rules.md."
                "\n\nWhen the operator configures API keys (`BELOTE_API_KEYS`), every `/v1` "
                "call needs one, as `Authorization: Bearer <key>` or `X-API-Key: <key>`; "
                "without keys the API is open. Every answer carries `X-Request-ID` (the "
                "client's, if it sent a valid one), also given as `request_id` in problem "
                "bodies."
            ),
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "servers": [{"url": "http://127.0.0.1:8000", "description": "make run"}],
        # Optional: an empty requirement means "no key" is accepted when none are configured.
        "security": [{}, {"bearer": []}, {"apiKey": []}],
    }


class ConfigError(ValueError):
    """One or more environment variables are invalid; the message names each one."""


# --- parsers: text -> value, or ValueError saying what is expected -----------------------


def _integer(low: int, high: int | None = None) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise ValueError("expected a whole number") from None
        if value < low or (high is not None and value > high):
            bound = f"between {low} and {high}" if high is not None else f"at least {low}"
            raise ValueError(f"expected a number {bound}")
        return value

    return parse


def _seconds(text: str) -> int:
    try:
        value = int(text.strip())
    except ValueError:
        raise ValueError("expected a whole number of seconds") from None
    if not 1 <= value <= 3600:
        raise ValueError("expected a whole number of seconds between 1 and 3600")
    return value


def _choice(*options: str) -> Callable[[str], str]:
    def parse(text: str) -> str:
        value = text.strip().lower()
        if value not in options:
            raise ValueError(f"expected one of {', '.join(options)}")
        return value

    return parse


_ON = {"on": True, "true": True, "1": True, "yes": True}
_OFF = {"off": False, "false": False, "0": False, "no": False}


def _switch(text: str) -> bool:
    value = text.strip().lower()
    if value in _ON:
        return _ON[value]
    if value in _OFF:
        return _OFF[value]
    raise ValueError("expected on or off")


_BIND = re.compile(r"^(unix:/\S+|(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]*):\d{1,5})$")


def _bind(text: str) -> str:
    value = text.strip()
    if not _BIND.match(value) or (
        not value.startswith("unix:") and int(value.rsplit(":", 1)[-1]) > 65535
    ):
        raise ValueError("expected HOST:PORT (0.0.0.0:8000, [::]:8000) or unix:/path")
    return value


def _optional_bind(text: str) -> str | None:
    return _bind(text) if text.strip() else None


def _table_dir(text: str) -> Path | None:
    if not text.strip():
        return None
    path = Path(text.strip())
    if not (path / "index.html").is_file():
        raise ValueError("expected a directory holding the built table (make table builds it)")
    return path


def _docs_dir(text: str) -> Path | None:
    if not text.strip():
        return None
    path = Path(text.strip())
    if not (path / "index.html").is_file():
        raise ValueError("expected a directory holding the built API reference (make docs)")
    return path


#: A key: 16 to 256 visible ASCII characters other than the comma that separates keys.
_KEY = re.compile(r"^[\x21-\x2b\x2d-\x7e]{16,256}$")


def _keys(text: str) -> tuple[str, ...]:
    keys = tuple(k.strip() for k in text.split(",") if k.strip())
    for index, key in enumerate(keys, 1):
        if not _KEY.match(key):
            # The key itself is never repeated in a message: it is a secret.
            raise ValueError(
                f"key #{index} (of {len(keys)}) must be 16 to 256 visible ASCII characters, "
                "no spaces or commas"
            )
    return keys


_ORIGIN = re.compile(r"^https?://[A-Za-z0-9.-]+(:\d{1,5})?$|^\*$")


def _origins(text: str) -> tuple[str, ...]:
    origins = tuple(o.strip().rstrip("/") for o in text.split(",") if o.strip())
    for origin in origins:
        if not _ORIGIN.match(origin):
            raise ValueError(
                f"{origin!r} is not an origin: expected scheme://host[:port] (no path) or *"
            )
    return origins


def default_workers() -> int:
    """One worker per CPU this process may use: the cgroup quota (a container's CPU limit)
    if there is one, else the CPUs of its affinity mask. The workers are single-threaded
    event loops and the work is CPU-bound, so more workers than CPUs only queue."""
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    try:
        quota, period = Path("/sys/fs/cgroup/cpu.max").read_text().split()[:2]
        if quota != "max":
            cpus = min(cpus or 1, max(1, math.ceil(int(quota) / int(period))))
    except (OSError, ValueError):
        pass
    return max(1, cpus or 1)


@dataclass(frozen=True)
class Variable:
    """One environment variable: its name, its default as text (as docs/operations.md gives
    it), how its text is read and what it sets."""

    name: str
    default: str
    parse: Callable[[str], Any]
    help: str
    #: Older names still read when the new one is unset (see docs/operations.md, changelog).
    aliases: tuple[str, ...] = ()
    #: Never repeated in a message (the API keys).
    secret: bool = False


def env(
    name: str,
    parse: Callable[[str], Any],
    help: str,
    *,
    aliases: tuple[str, ...] = (),
    secret: bool = False,
) -> dict[str, Any]:
    """The metadata of a field of :class:`Settings`: the environment variable that sets it
    (``name``, then its older ``aliases``), how its text is read (``parse``: the value, or
    ValueError saying what is expected) and what it means. The field's default is the
    variable's default; a default computed at start (``default_factory``) is also what a
    blank variable means."""
    return {"env": (name, parse, help, aliases, secret)}


def _as_text(value: Any) -> str:
    """A default as the variable's text: what ``parse`` reads back as the same value."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, tuple):
        return ",".join(value)
    return str(value)


@dataclass(frozen=True)
class Settings:
    """The operator's settings, parsed and checked. ``Settings()`` is every default.

    Each setting is declared once, here: its default, and (``env``) the variable that sets
    it, how that variable is read and what it means. :data:`VARIABLES`, README.md and
    docs/operations.md list the same (tests/ops/test_ops_app.py keeps them in step)."""

    bind: str = field(
        default="127.0.0.1:8000",
        metadata=env("BELOTE_BIND", _bind, "Address to listen on.", aliases=("BIND",)),
    )
    web_concurrency: int = field(
        default_factory=default_workers,
        metadata=env(
            "WEB_CONCURRENCY",
            _integer(1, 256),
            "Worker processes; default one per CPU of the container's quota.",
            aliases=("WORKERS",),
        ),
    )
    worker_class: str = field(
        default="gevent",
        metadata=env(
            "BELOTE_WORKER_CLASS",
            _choice("gevent", "gthread"),
            "gevent (an event loop per worker: waiting connections cost no thread) or gthread.",
        ),
    )
    threads: int = field(
        default=4,
        metadata=env(
            "BELOTE_THREADS",
            _integer(1, 256),
            "Threads per worker (gthread only).",
            aliases=("THREADS",),
        ),
    )
    worker_connections: int = field(
        default=1000,
        metadata=env(
            "BELOTE_WORKER_CONNECTIONS",
            _integer(10, 100000),
            "Open connections one worker holds at most.",
        ),
    )
    timeout: int = field(
        default=30,
        metadata=env(
            "BELOTE_TIMEOUT",
            _seconds,
            "Deadline for one request (body, answer); a worker silent this long is restarted.",
        ),
    )
    keepalive: int = field(
        default=5,
        metadata=env(
            "BELOTE_KEEPALIVE",
            _seconds,
            "Deadline for a request's line and headers, counted from the connection's start or "
            "the previous answer (so also the idle keep-alive time).",
        ),
    )
    keepalive_max_age: int = field(
        default=10,
        metadata=env(
            "BELOTE_KEEPALIVE_MAX_AGE",
            _seconds,
            "Seconds a keep-alive connection serves; its next answer then closes it, so clients "
            "spread over the workers again after one is replaced.",
        ),
    )
    read_timeout: int = field(
        default=10,
        metadata=env(
            "BELOTE_READ_TIMEOUT",
            _seconds,
            "Longest silence while reading a body or writing an answer, once the head is in.",
        ),
    )
    graceful_timeout: int = field(
        default=20,
        metadata=env(
            "BELOTE_GRACEFUL_TIMEOUT",
            _seconds,
            "On SIGTERM, time to finish the requests in flight before workers are killed.",
        ),
    )
    max_requests: int = field(
        default=10000,
        metadata=env(
            "BELOTE_MAX_REQUESTS",
            _integer(0),
            "Restart a worker after this many requests (0: never).",
        ),
    )
    max_requests_jitter: int = field(
        default=1000,
        metadata=env(
            "BELOTE_MAX_REQUESTS_JITTER",
            _integer(0),
            "Random 0..N added to BELOTE_MAX_REQUESTS so workers do not restart together.",
        ),
    )
    access_log: str = field(
        default="json",
        metadata=env(
            "BELOTE_ACCESS_LOG",
            lambda text: _choice("json", "off")(text or "off"),
            "One JSON line per request on stderr, or off (empty: off).",
            aliases=("ACCESS_LOG",),
        ),
    )
    log_level: str = field(
        default="info",
        metadata=env(
            "BELOTE_LOG_LEVEL",
            _choice("debug", "info", "warning", "error", "critical"),
            "Level of the service's and gunicorn's JSON log lines.",
        ),
    )
    max_body_bytes: int = field(
        default=MAX_BODY_BYTES,
        metadata=env(
            "BELOTE_MAX_BODY_BYTES",
            _integer(1024, 16 * 1024 * 1024),
            "Largest request body (bytes); larger ones get a 413 problem.",
        ),
    )
    api_keys: tuple[str, ...] = field(
        default=(),
        metadata=env(
            "BELOTE_API_KEYS",
            _keys,
            "Comma-separated API keys; empty: no authentication. List old and new to rotate.",
            secret=True,
        ),
    )
    cors_origins: tuple[str, ...] = field(
        default=(),
        metadata=env(
            "BELOTE_CORS_ORIGINS",
            _origins,
            "Comma-separated browser origins allowed by CORS (or *); empty: CORS off.",
        ),
    )
    cache_max_age: int = field(
        default=300,
        metadata=env(
            "BELOTE_CACHE_MAX_AGE",
            _integer(0, 31536000),
            "max-age (seconds) of Cache-Control on the rule set listings and the spec.",
        ),
    )
    suggest_processes: int = field(
        default=1,
        metadata=env(
            "BELOTE_SUGGEST_PROCESSES",
            _integer(1, 64),
            "Search processes beside each worker for the computer players (/v1/suggest).",
        ),
    )
    suggest_queue: int = field(
        default=32,
        metadata=env(
            "BELOTE_SUGGEST_QUEUE",
            _integer(1, 1000),
            "Suggestions that may wait per worker; more get a 503 problem with Retry-After.",
        ),
    )
    suggest_grace: int = field(
        default=10,
        metadata=env(
            "BELOTE_SUGGEST_GRACE",
            _seconds,
            "Seconds a suggestion may wait for its turn, and beyond its CPU budget for its "
            "answer, before a 503 problem; a host busy with other work needs more.",
        ),
    )
    suggest_nice: int = field(
        default=10,
        metadata=env(
            "BELOTE_SUGGEST_NICE",
            _integer(0, 19),
            "Niceness the search processes add to the worker's: 0 lets a suggestion compete "
            "with the rules endpoints and with the host's other work as an equal.",
        ),
    )
    metrics: bool = field(
        default=True,
        metadata=env("BELOTE_METRICS", _switch, "Serve Prometheus metrics (on or off)."),
    )
    metrics_bind: str | None = field(
        default=None,
        metadata=env(
            "BELOTE_METRICS_BIND",
            _optional_bind,
            "HOST:PORT to serve /metrics on instead of the API's port; empty: on the API port.",
        ),
    )
    table_dir: Path | None = field(
        default=None,
        metadata=env(
            "BELOTE_TABLE_DIR",
            _table_dir,
            "Directory of the built web table, served under /table/; empty: not served.",
        ),
    )
    docs_dir: Path | None = field(
        default=None,
        metadata=env(
            "BELOTE_DOCS_DIR",
            _docs_dir,
            "Directory of the built API reference page, served at /docs; empty: build/api-docs "
            "of the working directory when it is built (make run and make test build it).",
        ),
    )

    def __repr__(self) -> str:  # never print the keys
        return f"Settings(bind={self.bind!r}, api_keys=<{len(self.api_keys)} keys>, ...)"

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        environ = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        problems: list[str] = []
        for attr, variable in _BY_FIELD.items():
            read = _raw(variable, environ)
            if read is None:
                continue  # unset: the field's default
            name, text = read
            if not text.strip() and attr in _COMPUTED:
                continue  # blank: the default computed at start (default_workers())
            try:
                values[attr] = variable.parse(text)
            except ValueError as error:
                shown = "(hidden)" if variable.secret else repr(text)
                problems.append(f"{name}={shown}: {error}")
        if problems:
            raise ConfigError(
                "Invalid configuration (see docs/operations.md):\n  " + "\n  ".join(problems)
            )
        return cls(**values)


def _variable(item: dataclasses.Field[Any]) -> Variable:
    name, parse, help, aliases, secret = item.metadata["env"]
    computed = item.default is dataclasses.MISSING
    default = "" if computed else _as_text(item.default)
    return Variable(name, default, parse, help, aliases, secret)


#: The variable of each field of :class:`Settings`, by the field's name.
_BY_FIELD: dict[str, Variable] = {
    item.name: _variable(item) for item in dataclasses.fields(Settings)
}
#: The fields whose default is computed at start (:func:`default_workers`).
_COMPUTED = frozenset(
    item.name for item in dataclasses.fields(Settings) if item.default is dataclasses.MISSING
)
#: Every environment variable the service reads, with its default (as text).
VARIABLES: tuple[Variable, ...] = tuple(_BY_FIELD.values())

_BY_NAME = {v.name: v for v in VARIABLES}


def _raw(variable: Variable, environ: Mapping[str, str]) -> tuple[str, str] | None:
    """(the name read, its text): the variable itself, else an older alias; None if unset."""
    for name in (variable.name, *variable.aliases):
        if name in environ:
            return name, environ[name]
    return None


def describe(name: str) -> Variable:
    return _BY_NAME[name]
