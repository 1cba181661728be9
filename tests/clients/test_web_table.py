"""The reference table (clients/web-table) in a real browser, and the rules it must not hold.

The page is built with its pinned tools (``npm ci``, ``tsc --strict`` against the types
generated from openapi.yaml, esbuild) into a temporary directory, served under ``/table/``
by a gunicorn of this test (``BELOTE_TABLE_DIR``), and driven in Debian's Chromium by
playwright-core (clients/web-table/tests/browser.mjs): a whole round played by clicking
legal cards (the first by the keyboard), an illegal card refused with the service's reason,
the score sheet compared with the service's answer, the round's review and its link
reopened in a new page (the same review), nothing fetched from outside, a
phone-sized viewport in French, the score pad (rounds entered as counted, the chance line,
a correction: clients/web-table/tests/scorepad.mjs). Screenshots go to build/web-table/
(looked at, not compared).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from tests.support import ROOT
from tests.support.gunicorn_process import gunicorn

TABLE = ROOT / "clients" / "web-table"
SHOTS = ROOT / "build" / "web-table"
CHROMIUM = Path("/usr/bin/chromium")
NODE, NPM = shutil.which("node"), shutil.which("npm")

needs_node = pytest.mark.skipif(
    not (NODE and NPM), reason="node and npm are needed to build the web table"
)


def _run(*command: str, timeout: int = 300) -> str:
    result = subprocess.run(
        command, cwd=TABLE, capture_output=True, text=True, timeout=timeout, check=False
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"{' '.join(command)} failed:\n{output[-20000:]}"
    return output


@pytest.mark.http
@needs_node
@pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is needed: make browser-deps installs it"
)
def test_a_round_is_played_in_the_browser_on_the_public_api(tmp_path):
    _run(NPM, "ci", "--no-audit", "--no-fund", "--loglevel=error")
    dist = tmp_path / "table"  # built outside the source tree, as `make table` does
    built = _run(NPM, "run", "build", "--", str(dist))
    assert "tsc --strict: no errors" in built
    assert "⚠" not in built, built
    assert sorted(p.name for p in dist.iterdir()) == ["index.html", "table.css", "table.js"]
    with gunicorn({"BELOTE_TABLE_DIR": str(dist), "BELOTE_ACCESS_LOG": "off"}) as server:
        started = time.monotonic()
        result = subprocess.run(
            [NODE, "tests/browser.mjs", server.base_url, str(SHOTS)],
            cwd=TABLE,
            capture_output=True,
            text=True,
            timeout=900,
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
        "an illegal card is refused with the service's reason",
        "the score sheet shows the service's score",
        "the arrows move the focus along the hand",
        "the next round is dealt by the service's next dealer",
        "the first round's suggestions carry no match",
        "the next round's suggestions carry the match",
        "a one-round match ends with its result",
        "the review links to the round in its notation",
        "the reopened round is read back from its notation",
        "the reopened round's review equals the first (seats, accuracies)",
        "the reopened round links to a new match",
        "a link without a round shows the service's sentence",
        "nothing was fetched from outside",
        "the phone layout does not scroll sideways",
        "score pad: the sheet shows the service's scores of the counted rounds",
        "score pad: the chance line has a point before the first round and after each",
        "score pad: an impossible count is refused with the service's reason",
        "score pad: a corrected round changes the sheet and marks what changed",
    ):
        assert name in checks, (name, checks)
    for shot in ("auction", "trick", "round-end", "review-panel", "phone", "scorepad"):
        assert (SHOTS / f"{shot}.png").stat().st_size > 1000, shot


# --- the page holds no rule ---------------------------------------------------------------

#: Rule knowledge a table must get from the service, never hold: card orders, point
#: values, totals, rule codes, the deal and the dealer's rotation.
RULE_PATTERNS = {
    "a trump ranking (J 9 A 10 ...)": r"""["']J["'][^\n]{0,12}["']9["'][^\n]{0,12}["']A["']""",
    "a plain ranking (A 10 K Q ...)": r"""["']A["'][^\n]{0,12}["']10["'][^\n]{0,12}["']K["']""",
    "card point values": r"\b20\s*,\s*14\s*,\s*11\b|\b11\s*,\s*10\s*,\s*4\s*,\s*3\b|\bJ\s*:\s*20\b",
    "a round's card total": r"\b(152|162|252|258)\b",
    "a rule's reason code": r"must_(follow|trump|overtrump|undertrump)",
    "a shuffle or a deal": r"shuffle|getRandomValues|splice\(\s*\w+\s*,\s*[358]\s*\)",
    "the dealer's rotation": r"dealer\s*\+\s*1|dealer\s*-\s*1",
}


def _page_sources() -> list[Path]:
    files = sorted((TABLE / "src").glob("*.ts")) + sorted((TABLE / "static").glob("*"))
    return [f for f in files if f.name != "schema.d.ts"]


def test_the_page_holds_no_rule_of_its_own():
    sources = _page_sources()
    assert any(f.name == "main.ts" for f in sources)
    found = []
    for path in sources:
        text = path.read_text()
        for what, pattern in RULE_PATTERNS.items():
            for match in re.finditer(pattern, text):
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{path.relative_to(ROOT)}:{line}: {what}: {match.group(0)!r}")
    assert not found, "\n".join(found)


def test_the_patterns_catch_what_they_name():
    samples = {
        "a trump ranking (J 9 A 10 ...)": 'const TRUMP = ["J", "9", "A", "10"];',
        "a plain ranking (A 10 K Q ...)": "const PLAIN = ['A', '10', 'K', 'Q'];",
        "card point values": "const POINTS = [20, 14, 11, 10, 4, 3];",
        "a round's card total": "if (total === 162) {}",
        "a rule's reason code": 'if (r.rule === "must_trump") {}',
        "a shuffle or a deal": "shuffle(pack)",
        "the dealer's rotation": "next = (dealer + 1) % 4",
    }
    for what, sample in samples.items():
        assert re.search(RULE_PATTERNS[what], sample), what


# --- serving it ---------------------------------------------------------------------------


def test_the_table_is_served_only_when_its_directory_is_set(tmp_path):
    from service.api.app import create_app
    from service.api.server.config import ConfigError, Settings

    for name in ("index.html", "table.css", "table.js", "secret.txt"):
        (tmp_path / name).write_text(name)
    served = create_app(settings=Settings(table_dir=tmp_path, metrics=False)).test_client()
    assert served.get("/table/").get_data(as_text=True) == "index.html"
    assert served.get("/table/table.js").status_code == 200
    assert served.get("/table").status_code == 308
    for path in ("/table/secret.txt", "/table/..%2fsecret.txt", "/table/x/../secret.txt"):
        assert served.get(path).status_code == 404, path
    plain = create_app(settings=Settings(metrics=False)).test_client()
    assert plain.get("/table/").status_code == 404
    with pytest.raises(ConfigError, match="BELOTE_TABLE_DIR"):
        Settings.from_env({"BELOTE_TABLE_DIR": str(tmp_path / "missing")})
