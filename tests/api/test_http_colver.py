"""colver's rounds (tests/engine/test_colver.py) scored again over HTTP."""

from __future__ import annotations

import pytest

from tests.engine.test_colver import as_json, play_all


@pytest.mark.http
def test_colver_rounds_over_http(server):
    _, rounds = play_all(24)
    sample = rounds[:: max(1, len(rounds) // 12)][:12]
    for record in sample:
        r = server.post("/v1/round-score", json=as_json(record))
        assert r.status_code == 200, r.text
        assert tuple(r.json()["score"]) == record["score"]
    print(f"\ncolver: {len(sample)} rounds also over HTTP")
