"""A variant's refusal with its reason, over HTTP (the engine's side:
tests/engine/test_variants.py)."""

from __future__ import annotations

import pytest


@pytest.mark.http
def test_a_same_mode_raise_is_refused_with_its_reason_over_http(server):
    body = {
        "ruleset": "coinche",
        "options": {"raise_own_bid": "other_mode"},
        "dealer": 0,
        "bids": [
            {"action": "bid", "value": 80, "trump": "H"},
            {"action": "pass"},
            {"action": "pass"},
            {"action": "pass"},
            {"action": "bid", "value": 90, "trump": "H"},
        ],
    }
    r = server.post("/v1/bidding", json=body)
    assert r.status_code == 422, r.text
    assert r.json()["violations"][0]["rule"] == "raise_own_bid_same_mode"
    body["bids"][-1]["trump"] = "S"
    r = server.post("/v1/bidding", json=body)
    assert r.status_code == 200 and r.json()["highest"]["trump"] == "S"
    listed = {p["name"]: p for p in server.get("/v1/parameters").json()["parameters"]}
    assert listed["raise_own_bid"]["values"] == ["never", "other_mode"]
    assert listed["coinched_made"]["values"] == ["made", "takers_take_all", "defenders_keep"]
    assert listed["surcoinche_multiplier"]["minimum"] == 1
