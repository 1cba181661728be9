"""The API reference page (clients/api-docs, served at ``GET /docs``) in a real browser.

Built with its pinned tools (``npm ci``, esbuild) into a directory outside the source
tree, served by a gunicorn of this test (``BELOTE_DOCS_DIR``), and driven in Debian's
Chromium by playwright-core (clients/api-docs/tests/browser.mjs): every operationId of
openapi.yaml is on the page, every operation shows its request example and an example
answer, one request sent with "Try it out" gets its answer from the serving instance,
nothing is fetched from outside. A screenshot goes to build/api-docs-shots/.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from pathlib import Path

import pytest
import yaml

from tests.support import ROOT
from tests.support.gunicorn_process import gunicorn

PAGE = ROOT / "clients" / "api-docs"
SHOTS = ROOT / "build" / "api-docs-shots"
CHROMIUM = Path("/usr/bin/chromium")
NODE, NPM = shutil.which("node"), shutil.which("npm")


def _operations() -> list[dict]:
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    return [
        operation
        for item in spec["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict) and "operationId" in operation
    ]


def _run(*command: str, timeout: int = 300) -> str:
    result = subprocess.run(
        command, cwd=PAGE, capture_output=True, text=True, timeout=timeout, check=False
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"{' '.join(command)} failed:\n{output[-20000:]}"
    return output


@pytest.mark.http
@pytest.mark.skipif(not (NODE and NPM), reason="node and npm are needed to build the page")
@pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is needed: make browser-deps installs it"
)
def test_every_operation_is_on_the_page_and_one_is_tried_from_it(tmp_path):
    _run(NPM, "ci", "--no-audit", "--no-fund", "--loglevel=error")
    built = tmp_path / "api-docs"
    output = _run(NODE, "scripts/build.mjs", str(built))
    assert sorted(p.name for p in built.iterdir()) == ["docs.css", "docs.js", "index.html"]
    assert "swagger-ui-dist" in output
    operations = _operations()
    ids = ",".join(op["operationId"] for op in operations)
    bodies = ",".join(op["operationId"] for op in operations if "requestBody" in op)
    with gunicorn({"BELOTE_DOCS_DIR": str(built), "BELOTE_ACCESS_LOG": "off"}) as server:
        started = time.monotonic()
        result = subprocess.run(
            [NODE, "tests/browser.mjs", server.base_url, str(SHOTS), ids, bodies],
            cwd=PAGE,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        seconds = time.monotonic() - started
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    failed = [line for line in lines if line.get("ok") is False]
    assert result.returncode == 0 and lines and lines[-1].get("done"), (
        f"browser run failed after {seconds:.0f} s:\n"
        f"{result.stdout[-8000:]}\n{result.stderr[-8000:]}"
    )
    assert not failed, failed
    checks = {line["check"] for line in lines if "check" in line}
    for name in (
        "every operationId of the spec is on the page",
        "the page's server is its own origin",
        "every operation shows its request example",
        "every operation shows an example answer",
        "a request sent from the page gets its answer",
        "nothing was fetched from outside",
        "no script or console error",
    ):
        assert name in checks, (name, checks)


# --- serving it ---------------------------------------------------------------------------


def _client(**settings):
    from service.api.app import create_app
    from service.api.server.config import Settings

    return create_app(settings=Settings(metrics=False, **settings)).test_client()


def test_the_page_is_served_from_its_directory_and_nothing_else(tmp_path):
    for name in ("index.html", "docs.css", "docs.js", "secret.txt"):
        (tmp_path / name).write_text(name)
    served = _client(docs_dir=tmp_path)
    for path in ("/docs", "/docs/"):
        assert served.get(path).get_data(as_text=True) == "index.html", path
    assert served.get("/docs/docs.js").status_code == 200
    for path in ("/docs/secret.txt", "/docs/..%2fsecret.txt", "/docs/x/../secret.txt"):
        assert served.get(path).status_code == 404, path


def test_without_the_page_the_service_starts_and_docs_says_how_to_build_it(tmp_path):
    from service.api.server.config import ConfigError, Settings

    plain = _client(docs_dir=tmp_path)  # a directory without the built files
    answer = plain.get("/docs")
    assert answer.status_code == 404
    assert answer.content_type == "application/problem+json"
    assert "make docs" in answer.get_json()["detail"]
    assert "/openapi.yaml" in answer.get_json()["detail"]
    assert plain.get("/healthz").status_code == 200
    with pytest.raises(ConfigError, match="BELOTE_DOCS_DIR"):
        Settings.from_env({"BELOTE_DOCS_DIR": str(tmp_path / "missing")})


def test_docs_is_not_an_operation_of_the_spec():
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    assert not [path for path in spec["paths"] if path.startswith(("/docs", "/table"))]
