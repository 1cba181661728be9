"""English answers stay byte for byte what they were before the catalogs (issue 14).

``tests/api/data/english_answers.json`` holds 476 requests of the HTTP test suite whose answers
carry sentences (reasons, refusals, problem details, field errors), with the body main
answered before the translations were added. Without ``Accept-Language``, and with
``Accept-Language: en``, the service must answer exactly that.

When a sentence is changed on purpose, record it again: the case's ``response`` is the
new body (``python -m tests.api.test_english_answers`` rewrites the file from the current code).
A problem's ``request_id`` (new with every request) is left out of the comparison.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from service.api.app import create_app

CASES_FILE = Path(__file__).parent / "data" / "english_answers.json"
CASES = json.loads(CASES_FILE.read_text(encoding="utf-8"))
#: Problem bodies carry the request's id, new with every request: left out of the comparison.
_REQUEST_ID = re.compile(r', "request_id": "[^"]*"')


def _body(response) -> str:
    return _REQUEST_ID.sub("", response.get_data(as_text=True))


def _answer(client, case: dict, headers: dict | None = None):
    content_type = case.get("content_type", "application/json")
    headers = dict(headers or {})
    if content_type:
        headers["Content-Type"] = content_type
    return client.open(
        case["path"], method=case["method"], data=case["body"].encode(), headers=headers
    )


@pytest.mark.parametrize("accept", [None, "en", "en-GB, fr;q=0.5", "xx, *;q=0.1"])
def test_english_answers_are_unchanged(client, accept):
    headers = {"Accept-Language": accept} if accept else {}
    changed = []
    for case in CASES:
        response = _answer(client, case, headers)
        body = _body(response)
        if (response.status_code, body) != (case["status"], case["response"]):
            changed.append(f"{case['method']} {case['path']} {case['body'][:200]}\n  {body[:400]}")
    assert not changed, f"{len(changed)} English answers changed:\n" + "\n".join(changed[:10])


def _record() -> None:  # pragma: no cover - run by hand after a deliberate change
    client = create_app().test_client()
    for case in CASES:
        response = _answer(client, case)
        case["status"], case["response"] = response.status_code, _body(response)
    CASES_FILE.write_text(json.dumps(CASES, ensure_ascii=False, indent=0), encoding="utf-8")
    sys.stdout.write(f"recorded {len(CASES)} answers\n")


if __name__ == "__main__":  # pragma: no cover
    _record()
