"""service/api/http/body.py: the fast reader (orjson) reads only what the strict reader reads,
and reads it the same (a differential test on generated bodies, valid and not)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from werkzeug.exceptions import HTTPException

from service.api.http.body import _NOT_FAST, _read_fast, _read_strict

KEYS = st.sampled_from(["a", "b", "e", "a:b", "é", "E", ""]) | st.text(max_size=4)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.integers(-100, 100)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6)
    | st.sampled_from(["10H", "J♠", "a:b", "e", "\ud800"[:0] + "x"])
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=12,
)


def _written(value, data) -> bytes:
    """A JSON text of ``value``, with variations the readers must agree on: ASCII escapes,
    spaces, a repeated member, a long integer written out, an exponent, a raw token."""
    ensure_ascii, spaced, trick = data.draw(st.booleans()), data.draw(st.booleans()), None
    text = json.dumps(value, ensure_ascii=ensure_ascii, separators=(", ", ": ") if spaced else None)
    trick = data.draw(
        st.sampled_from(
            [None, "repeat", "long", "exponent", "escape", "nan", "surrogate", "deep", "bom"]
        )
    )
    if trick == "repeat" and text.startswith("{") and text != "{}":
        first = text[1 : text.index(",") if "," in text else -1]
        text = "{" + first + ", " + text[1:]
    elif trick == "long":
        text = f"[{text}, {'9' * data.draw(st.integers(18, 80))}]"
    elif trick == "exponent":
        text = f"[{text}, {data.draw(st.sampled_from(['1e5', '1E-3', '2.5e300', '1e400']))}]"
    elif trick == "escape":
        text = f'[{text}, "\\u003a\\u0065"]'
    elif trick == "nan":
        text = f"[{text}, NaN]"
    elif trick == "surrogate":
        text = f'[{text}, "\\ud800"]'
    elif trick == "deep":
        depth = data.draw(st.integers(1, 1200))
        text = "[" * depth + text + "]" * depth
    raw = text.encode()
    return b"\xef\xbb\xbf" + raw if trick == "bom" else raw


def _strict(raw: bytes):
    try:
        return True, _read_strict(raw)
    except HTTPException:
        return False, None


@settings(max_examples=600, deadline=None)
@given(value=VALUES, data=st.data())
def test_the_fast_reader_reads_what_the_strict_reader_reads(value, data):
    raw = _written(value, data)
    fast = _read_fast(raw)
    if fast is _NOT_FAST:
        return  # the strict reader reads it (or refuses it) alone
    read, strict = _strict(raw)
    assert read, raw
    assert repr(fast) == repr(strict)  # same types too: 1 is not 1.0


@pytest.mark.parametrize(
    "raw",
    [
        b'{"trump": "H", "trump": "S"}',
        b'{"a": {"b": 1, "b": 1}}',
        b'{"a:": 1, "a:": 2}',
        b'{"a": 1, "\\u0061": 2}',
        b"[18446744073709551616]",
        b"[-9223372036854775809]",
        b"[-9223372036854775809, 1e5]",  # the float's exponent would hide the long one's
        b"[123456789012345678901, 1.0e20, 1.5e1]",  # two floats that keep the e count
        b'["x", 1234567890123456789]',
        b"[" + b"9" * 70 + b"]",
        b"[1e400]",
        b"[NaN]",
        b'["\\ud800"]',
        b"[" * 1000 + b"]" * 1000,
    ],
)
def test_what_orjson_would_read_otherwise_takes_the_strict_reader(raw):
    assert _read_fast(raw) is _NOT_FAST


def test_an_ordinary_body_takes_the_fast_reader():
    raw = b'{"ruleset": "belote", "trump": "H", "hand": ["7H", "JH"], "trick": {"leader": 1}}'
    assert _read_fast(raw) == json.loads(raw)
