"""Request ids: the client's ``X-Request-ID`` when it is a sane one, else a new one.

A client id is kept when it is 1 to 128 characters of letters, digits and ``-_.:/+=@``
(UUIDs, ULIDs, W3C trace ids, base64 all fit); anything else (too long, spaces, control
characters, non-ASCII) is replaced by a fresh id, never echoed, so a log line or a header
can never be forged through it. The id goes back in ``X-Request-ID``, in every log line of
the request and, for errors, in the problem body's ``request_id`` member.
"""

from __future__ import annotations

import re
import uuid

HEADER = "X-Request-ID"
MAX_LENGTH = 128
_VALID = re.compile(rf"[A-Za-z0-9._:/+=@-]{{1,{MAX_LENGTH}}}")


def new_id() -> str:
    return uuid.uuid4().hex


def accept(value: str | None) -> str:
    """The id to use for a request that sent ``value`` (None: the header was absent)."""
    if value is not None and _VALID.fullmatch(value):
        return value
    return new_id()
