"""A non-Python client generated from openapi.yaml works against the live server.

clients/typescript: openapi-typescript generates the types from the committed
openapi.yaml, `tsc --strict` checks a script written with openapi-fetch against them, and
the script calls every endpoint of a real gunicorn and checks the answers (see
clients/typescript/src/check.ts). Versions are pinned by package-lock.json and installed
with `npm ci`. Node 20+ and npm are needed; they are installed on the CI machines, and this
test is skipped only where `node` or `npm` is missing.
"""

from __future__ import annotations

import fcntl
import shutil
import subprocess

import pytest

from clients.builds import BUILD, _dispatch
from tests.support import ROOT

CLIENT = ROOT / "clients" / "typescript"
NODE, NPM = shutil.which("node"), shutil.which("npm")

pytestmark = [
    pytest.mark.http,
    pytest.mark.skipif(not (NODE and NPM), reason="node and npm are needed for the TS client"),
]


def _run(*command: str, timeout: int = 300) -> str:
    result = subprocess.run(
        command, cwd=CLIENT, capture_output=True, text=True, timeout=timeout, check=False
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"{' '.join(command)} failed:\n{output[-20000:]}"
    return output


def test_generated_typescript_client_type_checks_and_works(server):
    # clients/typescript is also built by the nine clients' test (clients/builds.py): the
    # same lock, and the same generated src/dispatch.ts, which src/cases.ts imports.
    BUILD.mkdir(parents=True, exist_ok=True)
    with (BUILD / ".typescript-build.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        _run(NPM, "ci", "--no-audit", "--no-fund", "--loglevel=error")
        (CLIENT / "src" / "dispatch.ts").write_text(_dispatch("typescript"))
        built = _run(NPM, "run", "build")  # src/schema.d.ts, tsc --strict --noEmit, emit
        report = _run(NODE, "dist/check.js", server.base_url, timeout=60)
    assert "tsc --strict: no errors" in built
    # openapi-typescript reports spec problems as warnings (⚠) and still generates.
    assert "⚠" not in built and "warn" not in built.lower(), built
    assert ", 0 failed against" in report, report
    assert "FAIL" not in report, report
