"""Schemathesis over a real gunicorn, from the committed openapi.yaml, with every check.

The configuration (tests/support/contract/schemathesis.toml) fixes the seed, derandomizes
generation and bounds the examples per operation, so the run is the same on every CI run
and takes seconds. Its single allowance (a schema-valid POST body describing an impossible
position may get 422) is explained there and fenced by the custom checks of
tests/support/contract/checks.py.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import requests
import yaml

from tests.support import ROOT
from tests.support.gunicorn_process import gunicorn

CONFIG = ROOT / "tests" / "support" / "contract" / "schemathesis.toml"
SPEC = ROOT / "openapi.yaml"
METHODS = {"get", "put", "post", "delete", "patch", "head", "options", "trace"}


def _st() -> str:
    beside = Path(sys.executable).with_name("st")
    found = str(beside) if beside.exists() else shutil.which("st")
    assert found, "the Schemathesis CLI `st` is not installed (requirements-test.lock pins it)"
    return found


def _operations() -> int:
    paths = yaml.safe_load(SPEC.read_text(encoding="utf-8"))["paths"]
    return sum(1 for item in paths.values() for method in item if method in METHODS)


#: The run's own gunicorn never restarts its worker: the run sends more requests than
#: BELOTE_MAX_REQUESTS, and a retiring worker refuses the searches waiting in its line
#: (a 503 by design, service/api/server/admission.py), which the checks would count a failure.
NO_RESTART = {"BELOTE_MAX_REQUESTS": "0", "BELOTE_ACCESS_LOG": "off"}


@pytest.mark.http
def test_schemathesis_all_checks_pass():
    with gunicorn(NO_RESTART) as server:
        command = [_st(), "--config-file", str(CONFIG), "--no-color", "run", str(SPEC)]
        command += ["--url", server.base_url, "--checks", "all"]
        result = subprocess.run(
            command, cwd=ROOT, capture_output=True, text=True, timeout=600, check=False
        )
        healthy = requests.get(server.url("/healthz"), timeout=10).json()
    output = result.stdout + result.stderr
    assert result.returncode == 0, "Schemathesis found failures:\n" + output[-30000:]
    counts = re.search(r"(\d+) generated, (\d+) passed", output)
    assert counts and counts.group(1) == counts.group(2), output[-5000:]
    tested = re.search(r"Tested:\s+(\d+)", output)
    assert tested, output[-5000:]
    assert int(tested.group(1)) == _operations(), "some operations of openapi.yaml were not tested"
    assert healthy == {"status": "ok"}


def test_the_custom_checks_recognise_each_kind_of_refusal(client):
    """tests/support/contract/checks.py tells refusals apart by their wording; keep it true."""
    from tests.support.contract.checks import OPTION_VALUE_MESSAGE, SCHEMA_LAYER_DETAIL

    def detail(body: dict) -> dict:
        response = client.post("/v1/trick-winner", json=body)
        assert response.status_code == 422
        return response.get_json()

    trick = {"leader": 0, "cards": ["7H"]}
    by_schema = detail({"trump": "H", "trick": {"leader": "0", "cards": ["7H"]}})
    assert by_schema["detail"].startswith(SCHEMA_LAYER_DETAIL)
    by_option = detail({"trump": "H", "trick": trick, "options": {"trump_modes": ["H", "H"]}})
    assert by_option["errors"]["options.trump_modes"][0].startswith(OPTION_VALUE_MESSAGE)
    by_rules = detail({"trump": "H", "trick": {"leader": 0, "cards": ["7H", "7h"]}})
    assert not by_rules["detail"].startswith(SCHEMA_LAYER_DETAIL)
    assert not any(m.startswith(OPTION_VALUE_MESSAGE) for m in by_rules["errors"]["trick.cards.1"])
