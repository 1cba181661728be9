"""The games the generic checks run over: every preset, and each 4-player preset that
plays with two players too (OpenSpiel's generic tests run over every game)."""

from __future__ import annotations

from service.engine.rulesets import PRESETS

TWO_PLAYER = ("belote", "coinche", "klob", "belote-ffb")

#: ``(preset, options)``: every preset, then those with ``players: 2``.
GAMES: list[tuple[str, dict | None]] = [(name, None) for name in PRESETS] + [
    (name, {"players": 2}) for name in TWO_PLAYER
]
