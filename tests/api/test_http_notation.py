"""POST /v1/rounds/text and /v1/rounds/from-text (the notation itself:
tests/engine/test_notation.py)."""

from __future__ import annotations

import random
from dataclasses import replace

from service.engine.notation import to_text
from service.engine.rulesets import PRESETS
from tests.support.record_play import random_record


def test_the_operations_write_and_read_a_record(client):
    record, _ = random_record(PRESETS["klaberjass"], random.Random(4), dealer=1)
    from tests.players.test_review import _body

    body = _body(record) | {"held_in": 3}
    written = client.post("/v1/rounds/text", json=body).get_json()
    sent = replace(record, held_in=3, deal=replace(record.deal, commitment=None))
    assert written["text"] == to_text(sent)
    for form in ({"text": written["text"]}, {"url": written["url"]}):
        read = client.post("/v1/rounds/from-text", json=form).get_json()
        assert client.post("/v1/rounds/text", json=read).get_json() == written
        state = client.post("/v1/rounds/state", json=read)
        assert state.status_code == 200
    refused = client.post("/v1/rounds/from-text", json={"url": "r1.@@"})
    assert refused.status_code == 422 and "url" in refused.get_json()["errors"]
