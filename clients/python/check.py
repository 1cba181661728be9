"""The Python client's check: every case of the shared list (clients/cases.py) through the
generated client (openapi-python-client) and the generated dispatch (clients/dispatch.py).

    python check.py URL CASES RESULTS

Each request body is read into the generated request model (``from_dict``), sent, and the
parsed answer (the operation's model, or the generated ``Problem`` of a refusal) written
back out with ``to_dict``; tests/clients/test_generated_clients.py compares it with the raw JSON.
"""

from __future__ import annotations

import json
import sys
import traceback
from typing import Any

from belote_rules_client import Client
from dispatch import dispatch


def written(parsed: object) -> object:
    to_dict = getattr(parsed, "to_dict", None)
    return to_dict() if callable(to_dict) else parsed


def main(url: str, cases_path: str, results_path: str) -> None:
    client = Client(base_url=url, raise_on_unexpected_status=False)
    results: list[dict[str, Any]] = []
    with open(cases_path, encoding="utf-8") as file:
        cases = json.load(file)
    for case in cases:
        try:
            status, parsed = dispatch(client, case["operation"], case["body"], case["params"])
            results.append({"id": case["id"], "status": status, "answer": written(parsed)})
        except Exception:
            results.append({"id": case["id"], "error": traceback.format_exc(limit=3)})
    with open(results_path, "w", encoding="utf-8") as file:
        json.dump(results, file)


if __name__ == "__main__":
    main(*sys.argv[1:4])
