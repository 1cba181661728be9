"""A player's seed as text: the number its random stream starts from.

Every operation that takes a seed takes a string (``POST /v1/deal``'s too). The players'
streams are :class:`random.Random` seeded with a number: a seed that is a number's
decimal form (``"0"`` to ``"2147483647"``, no sign, no leading zero) is that number, so
``"42"`` gives exactly what the integer seed 42 gave before seeds were strings; any other
text is hashed (SHA-256, the same number on every machine and in every release).
"""

from __future__ import annotations

import hashlib
import re

#: The numbers the players' seeds were before they became text: 0 to 2**31 - 1.
MAX_NUMBER = 2**31 - 1
_DECIMAL = re.compile(r"0|[1-9][0-9]{0,9}")
_SALT = b"belote-player-seed-1\n"


def seed_number(seed: str) -> int:
    """The number ``seed`` stands for: its value for a decimal number up to
    :data:`MAX_NUMBER`, else 31 bits of the SHA-256 of the text."""
    if _DECIMAL.fullmatch(seed) and int(seed) <= MAX_NUMBER:
        return int(seed)
    digest = hashlib.sha256(_SALT + seed.encode("utf-8")).digest()
    return int.from_bytes(digest[:4], "big") & MAX_NUMBER
