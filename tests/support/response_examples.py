"""The 200 example of every operation in openapi.yaml is what the service answers to the
operation's request example (``service/api/http/response_examples.json``).

``python -m tests.support.response_examples`` rewrites the file from the service's answers: run it
after a change of wording or of an example request, read the diff, commit it with
``make openapi``. tests/api/test_openapi.py fails while the file and the service disagree.
"""

from __future__ import annotations

import json
import time
from typing import Any

from flask import Flask

from service.api.http.spec import RESPONSE_EXAMPLES_PATH, spec_dict

#: GET operations and the path whose answer is their example.
GET_PATHS = {
    "listRulesets": "/v1/rulesets",
    "getRuleset": "/v1/rulesets/coinche",
    "listParameters": "/v1/parameters",
    "health": "/healthz",
    "ready": "/readyz",
}
#: Operations whose answer is not JSON: their example is written by hand (a short excerpt).
TEXT_OPERATIONS = {"openapi", "metrics"}


def _request_example(operation: dict) -> Any:
    body = operation["requestBody"]["content"]["application/json"]
    if "example" in body:
        return body["example"]
    return next(iter(body["examples"].values()))["value"]


def answers(app: Flask) -> dict[str, Any]:
    """What the service answers to each operation's example request, by operationId."""
    client = app.test_client()
    out = {}
    for path, item in spec_dict(app)["paths"].items():
        for method, operation in item.items():
            if not isinstance(operation, dict) or "operationId" not in operation:
                continue
            name = operation["operationId"]
            if method == "post":
                body = _request_example(operation)
                response = client.post(path, json=body)
                for _ in range(5):  # a search pool busy with other tests' work: wait for it
                    if response.status_code != 503:
                        break
                    time.sleep(1)
                    response = client.post(path, json=body)
            elif name in GET_PATHS:
                response = client.get(GET_PATHS[name])
            else:
                continue
            assert response.status_code == 200, (name, response.get_data(as_text=True))
            out[name] = response.get_json()
    return out


def main() -> None:
    from service.api.app import create_app

    current = json.loads(RESPONSE_EXAMPLES_PATH.read_text(encoding="utf-8"))
    fresh = {k: v for k, v in current.items() if k in TEXT_OPERATIONS} | answers(create_app())
    text = json.dumps(dict(sorted(fresh.items())), indent=2, ensure_ascii=False) + "\n"
    RESPONSE_EXAMPLES_PATH.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
