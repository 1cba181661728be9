"""Reading request bodies: JSON only, strictly, with a clear 400 / 415 for anything else."""

from __future__ import annotations

import contextlib
import json
import re
from typing import Any

import flask
import orjson
from flask_smorest import abort
from webargs import core
from webargs.flaskparser import FlaskParser
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from ...engine.text import N_, Text


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


#: Longer integers are read as floats: a seat of 10**5000 is then out of range (422 naming
#: the field) instead of tripping Python's int-conversion limit.
_MAX_INT_DIGITS = 64


def _parse_int(text: str) -> int | float:
    return int(text) if len(text) <= _MAX_INT_DIGITS else float(text)


class DuplicateKeyError(ValueError):
    """An object naming one member twice: which of the values was meant?"""


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object; a member given twice is refused rather than silently overwritten."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise DuplicateKeyError(
                Text(N_("the member '{key}' appears twice in one object"), key=key)
            )
        out[key] = value
    return out


#: A backslash-u escape of a UTF-16 surrogate: only then can a decoded string hold one.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _lone_surrogate(value: Any) -> str | None:
    """The first string (or member name) holding an unpaired surrogate, which no UTF-8
    response could echo (RFC 7493, I-JSON, forbids them)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return item.encode("utf-8", "backslashreplace").decode("ascii")
    return None


def parse_json_body(data: bytes) -> Any:
    """The body as JSON, or a 400 problem saying why it is not."""
    if not data.strip():
        abort(400, message=Text(N_("The request body is empty; send a JSON object.")))
    value = _read_fast(data)
    return _read_strict(data) if value is _NOT_FAST else value


def _read_strict(data: bytes) -> Any:
    """The body read by the standard library's reader with this module's checks."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        abort(400, message=Text(N_("The request body is not valid UTF-8.")))
    try:
        value = json.loads(
            text, parse_constant=_reject_constant, parse_int=_parse_int, object_pairs_hook=_object
        )
    except RecursionError:
        abort(400, message=Text(N_("The request body is nested too deeply.")))
    except DuplicateKeyError as error:
        abort(400, message=Text(N_("The request body is ambiguous: {error}."), error=error.args[0]))
    except ValueError as error:
        abort(400, message=Text(N_("The request body is not valid JSON: {error}."), error=error))
    if _SURROGATE_ESCAPE.search(text):
        bad = _lone_surrogate(value)
        if bad is not None:
            abort(
                400,
                message=Text(
                    N_(
                        "The request body has a string with an unpaired UTF-16 surrogate "
                        "escape ({escape}); send text as valid Unicode."
                    ),
                    escape=bad[:40],
                ),
            )
    return value


_NOT_FAST = object()
#: Bodies with more brackets than this are read by the strict reader alone: their nesting
#: might be deep enough for it to refuse (RecursionError) where orjson would not.
_FAST_BRACKETS = 800
#: A run of 19 digits or more: an integer that may not fit orjson's 64 bits (orjson would
#: read it as a float, and other floats in the body could hide that from the counts
#: below), so such bodies take the strict reader. Found by mapping every digit to ``0``
#: and anything else to a space (ten times faster than a regular expression on a batch).
_DIGITS_AS_ZEROS = bytes(0x30 if 0x30 <= byte <= 0x39 else 0x20 for byte in range(256))
_LONG_DIGITS = b"0" * 19


def _read_fast(data: bytes) -> Any:
    """The body read by orjson when the strict reader would read the same value, else
    ``_NOT_FAST`` (the strict reader then reads it, or says why it cannot).

    orjson refuses what the strict reader refuses (invalid UTF-8 or JSON, NaN, lone
    surrogates) but keeps the last of repeated members, reads integers beyond 64 bits as
    floats and nests deeper. Hence, without a ``\\u00..`` escape (which could write a
    ``:`` or an ``e``): the value written back must have as many ``:`` as the body (one
    per member, plus those inside strings: a repeated member, dropped, loses its colon),
    and as many ``e`` and ``E`` (a float written otherwise than orjson writes it only
    takes the strict reader). A body with a run of 19 digits takes the strict reader:
    the integer may be beyond 64 bits."""
    if (
        b"\\u00" in data
        or data.count(b"{") + data.count(b"[") > _FAST_BRACKETS
        or _LONG_DIGITS in data.translate(_DIGITS_AS_ZEROS)
    ):
        return _NOT_FAST
    try:
        value = orjson.loads(data)
        written = orjson.dumps(value)
    except (orjson.JSONDecodeError, TypeError):  # (orjson writes 255 levels at most)
        return _NOT_FAST
    for byte in (b":", b"e", b"E"):
        if data.count(byte) != written.count(byte):
            return _NOT_FAST
    return value


class JsonBodyParser(FlaskParser):
    """webargs parser that insists on a JSON content type and parses it strictly."""

    def _raw_load_json(self, req: flask.Request) -> Any:
        if req.environ.get("CONTENT_TYPE") != "application/json" and not core.is_json(req.mimetype):
            abort(
                415,
                message=Text(
                    N_("Send the body as application/json, not {type}."), type=req.mimetype
                )
                if req.mimetype
                else Text(N_("Send the body as application/json, not no content type.")),
            )
        return parse_json_body(_read_body(req))


#: An over-limit body is read and dropped up to this size before the 413 goes out: a
#: server that closes a socket with unread bytes resets it, and the client may never see
#: the answer. Larger bodies are not worth reading; their clients may see the reset.
DRAIN_LIMIT = 1024 * 1024


def _read_body(req: flask.Request) -> bytes:
    try:
        return _read_limited(req)
    except HTTPException:
        raise
    except Exception as error:  # the server's reader refused the stream: a malformed chunk
        abort(400, message=Text(N_("The request body could not be read: {error}."), error=error))


def _read_limited(req: flask.Request) -> bytes:
    environ = req.environ
    length = req.content_length
    if (
        length is not None
        and "wsgi.input_terminated" in environ  # gunicorn: the stream ends with the body
        and getattr(req, "_cached_data", None) is None
    ):
        limit = req.max_content_length
        if limit is None or length <= limit:
            # What get_data() reads here (werkzeug wraps the stream in a LimitedStream and
            # reads it to its end), without the layers; kept where get_data() keeps it.
            data = environ["wsgi.input"].read(length) if length else b""
            req._cached_data = data
            return data
    try:
        data = req.get_data(cache=True)
    except RequestEntityTooLarge:
        # A client that stops sending its over-limit body still gets its 413: the drain
        # ends at the server's read deadline (BELOTE_READ_TIMEOUT, service/api/server/worker.py).
        with contextlib.suppress(OSError):
            _drain(req.environ["wsgi.input"])
        raise
    limit = req.max_content_length
    # A streamed (chunked) body is cut at the limit without an error: look one byte on.
    streamed = req.content_length is None and limit is not None
    if streamed and len(data) >= limit and req.environ["wsgi.input"].read(1):
        _drain(req.environ["wsgi.input"])
        abort(413)
    return data


def _drain(stream: Any) -> None:
    left = DRAIN_LIMIT
    while left > 0:
        chunk = stream.read(min(left, 65536))
        if not chunk:
            return
        left -= len(chunk)
