"""The repository stands alone: its rules reference, its vendored vectors, and ruleset
sources that name real publications. And the docs are true: every endpoint of the spec is
in the README's table and in docs/api.md, every path and ``module.symbol`` that README.md
and docs/*.md name exists, every operation list is the spec's."""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import io
import json
import re

import pytest
import yaml

from service.engine.rulesets import PARAMETERS, PRESETS
from tests.support import ROOT

CONFORMANCE = ROOT / "tests" / "engine" / "conformance"


def test_readme_and_spec_cite_the_rules_in_the_repository():
    for name in ("README.md", "openapi.yaml", "docs/api.md"):
        text = (ROOT / name).read_text(encoding="utf-8")
        assert "RULES.md" not in text, f"{name} cites RULES.md, which is not in the repository"
    assert "docs/rules.md" in (ROOT / "README.md").read_text(encoding="utf-8")
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for section in range(1, 8):
        heading = re.search(rf"^## {section}\. .*$", rules, re.M)
        assert heading, f"docs/rules.md has no section {section}"
        after = rules[heading.end() :].lstrip("\n")
        assert after.startswith(("*Sources:", "*Rulings")), f"section {section} names no source"


def test_ruleset_titles_and_sources_name_real_sources():
    for name, ruleset in PRESETS.items():
        for text in (ruleset.title, ruleset.source):
            assert "seed" not in text.lower(), f"{name}: internal label in {text!r}"
        assert len(ruleset.source) > 15, f"{name}: source {ruleset.source!r} names no publication"


def test_vendored_vectors_are_the_file_their_readme_describes():
    readme = (CONFORMANCE / "README.md").read_text(encoding="utf-8")
    digest = hashlib.sha256((CONFORMANCE / "belot-golden.json").read_bytes()).hexdigest()
    assert digest in readme, "tests/engine/conformance/README.md states another checksum"
    assert "Licence" in readme and "Origin" in readme


# --- every preset, parameter by parameter (docs/rules.md section 9) ---------------------


def preset_tables() -> dict[str, dict[str, tuple[str, str]]]:
    """``{preset: {parameter: (value cell, source cell)}}`` from the ``#### `name` ``
    tables of docs/rules.md and docs/rules-belot-klaverjas.md."""
    tables: dict[str, dict[str, tuple[str, str]]] = {}
    for name in ("rules.md", "rules-belot-klaverjas.md"):
        current = None
        for line in (ROOT / "docs" / name).read_text(encoding="utf-8").splitlines():
            heading = re.fullmatch(r"#### `([a-z-]+)`", line.strip())
            if heading:
                current = tables.setdefault(heading.group(1), {})
            elif line.startswith("#"):
                current = None
            elif current is not None and line.startswith("| `"):
                cells = [c.strip() for c in line.strip().strip("|").split("|")]
                parameter = cells[0].strip("`")
                assert parameter not in current, f"two rows for {parameter}"
                current[parameter] = (cells[1], cells[2])
    return tables


def test_every_parameter_of_every_preset_has_a_row_with_its_value_and_source():
    tables = preset_tables()
    assert set(tables) == set(PRESETS)
    for name, preset in PRESETS.items():
        rows = tables[name]
        assert list(rows) == list(PARAMETERS), f"{name}: one row per parameter, in order"
        values = preset.parameters()
        for parameter, (value, source) in rows.items():
            assert value.startswith("`") and value.endswith("`"), (name, parameter)
            assert json.loads(value[1:-1]) == values[parameter], (name, parameter)
            assert source, (name, parameter)


# --- the docs name what exists (README.md and docs/*.md) ----------------------------------


DOC_PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
_FENCE = re.compile(r"^```.*?^```", re.S | re.M)
_CODE = re.compile(r"`([^`\n]+)`")
_LINK = re.compile(r"\]\(([^)\s]+)\)")
#: Top-level entries of the repository a page may name as a path.
_TOP = ("service/", "tests/", "bench/", "clients/", "docs/", "deploy/")
_ROOT_FILES = frozenset(
    {"Makefile", "Dockerfile", "openapi.yaml", "README.md", "CHANGELOG.md", "pyproject.toml"}
    | {"gunicorn.conf.py", "requirements.lock", "requirements-test.lock", "babel.cfg"}
)
#: Paths the build writes (ignored by git), named by the pages as what a command produces.
_GENERATED = re.compile(r"(^|/)(build|dist|node_modules|\.venv)(/|$)|schema\.d\.ts$|\.mo$|\.pot$")
_EXTENSIONS = frozenset(
    [
        "py",
        "md",
        "json",
        "yaml",
        "yml",
        "toml",
        "rs",
        "ts",
        "mjs",
        "js",
        "kt",
        "java",
        "php",
        "lock",
        "txt",
        "html",
        "css",
        "cfg",
        "png",
        "svg",
        "sh",
        "mo",
        "po",
        "pot",
        "whl",
        "so",
    ]
)
_SYMBOL = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")


def _prose(page) -> str:
    """The page without its fenced code blocks (examples, not names of this repository)."""
    return _FENCE.sub("", page.read_text(encoding="utf-8"))


def _spec() -> dict:
    return yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))


def _endpoints() -> list[str]:
    methods = {"get", "post", "put", "patch", "delete"}
    return [
        f"{method.upper()} {path}"
        for path, item in _spec()["paths"].items()
        for method in item
        if method in methods
    ]


def test_every_endpoint_of_the_spec_is_in_the_readme_table_and_the_api_guide():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = "\n".join(
        line for line in readme.split("## Endpoints", 1)[1].splitlines() if line.startswith("|")
    )
    guide = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    endpoints = _endpoints()
    assert len(endpoints) >= 22
    assert [e for e in endpoints if f"`{e}`" not in table] == [], "README.md's endpoint table"
    assert [e for e in endpoints if f"`{e}`" not in guide] == [], "docs/api.md"


def _path_exists(token: str) -> bool:
    """At the repository's root, or (a package's layout table) in one of clients/*/."""
    token = token.split("::", 1)[0].rstrip("/")
    return (ROOT / token).exists() or any(
        (package / token).exists() for package in (ROOT / "clients").iterdir()
    )


def _paths_named(page) -> list[str]:
    """Repository paths in inline code, and the targets of relative links."""
    text = _prose(page)
    named = []
    for token in _CODE.findall(text):
        token = token.strip()
        if " " in token or any(c in token for c in "<>{}*$"):
            continue
        if token in _ROOT_FILES or token.startswith(_TOP):
            named.append(token)
    for target in _LINK.findall(text):
        if "://" in target or target.startswith(("#", "mailto:")):
            continue
        path = (page.parent / target.split("#", 1)[0]).resolve()
        named.append(path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else target)
    return [p for p in named if not _GENERATED.search(p)]


def test_every_file_path_the_docs_name_exists():
    missing = []
    for page in DOC_PAGES:
        for token in _paths_named(page):
            if not _path_exists(token):
                missing.append(f"{page.relative_to(ROOT)}: {token}")
            elif "::" in token:
                path, test = token.split("::", 1)
                source = (ROOT / path).read_text(encoding="utf-8")
                if not re.search(rf"^def {re.escape(test)}\b", source, re.M):
                    missing.append(f"{page.relative_to(ROOT)}: {token}")
    assert missing == [], "\n".join(missing)


def _defines(source: str, name: str) -> bool:
    return bool(
        re.search(
            rf"^\s*(?:async\s+def|def|class)\s+{name}\b|^\s*{name}\s*(?::[^=\n]*)?=(?!=)"
            rf"|^\s*from\s+\S+\s+import\s+.*\b{name}\b|^\s*{name}\s*:",
            source,
            re.M,
        )
    )


def _modules(name: str) -> list:
    """The service's and the benches' Python files (or packages) called ``name``."""
    found = []
    for top in ("service", "bench"):
        found += (ROOT / top).rglob(f"{name}.py")
        found += [p / "__init__.py" for p in (ROOT / top).rglob(name) if p.is_dir()]
    return [p for p in found if p.is_file() and ".venv" not in p.parts]


def _symbol_exists(token: str) -> bool | None:
    """True or False for a ``module.symbol`` (or ``Class.member``) of this repository;
    None when the first part names no module or class here (a field path, say)."""
    parts = token.removesuffix("()").split(".")
    if parts[-1] in _EXTENSIONS:
        return None  # a file name
    if len(parts) > 1 and (parts[1] == "N" or parts[1].isdigit()):
        return None  # a field path with an index (`actions.N`), not a module's symbol
    if parts[0] == "service":
        for cut in range(len(parts), 0, -1):
            try:
                value = importlib.import_module(".".join(parts[:cut]))
            except ImportError:
                continue
            for attribute in parts[cut:]:
                if not hasattr(value, attribute):
                    return False
                value = getattr(value, attribute)
            return True
        return False
    modules = _modules(parts[0])
    if modules:
        return any(_defines(m.read_text(encoding="utf-8"), parts[1]) for m in modules)
    if parts[0][0].isupper():
        for source in (ROOT / "service").rglob("*.py"):
            text = source.read_text(encoding="utf-8")
            if re.search(rf"^class {parts[0]}\b", text, re.M):
                return bool(re.search(rf"\b{parts[1]}\b", text))
    return None


def test_every_module_symbol_the_docs_name_exists():
    missing, checked = [], 0
    for page in DOC_PAGES:
        for token in _CODE.findall(_prose(page)):
            token = token.strip()
            if not _SYMBOL.fullmatch(token.removesuffix("()")):
                continue
            exists = _symbol_exists(token)
            checked += exists is not None
            if exists is False:
                missing.append(f"{page.relative_to(ROOT)}: {token}")
    assert missing == [], "\n".join(missing)
    assert checked >= 10, checked


def test_the_symbol_check_catches_what_it_names():
    assert _symbol_exists("bidding.PLAYER_BIDDING") is True
    assert _symbol_exists("bidding.PLAYER_BIDDINGS") is False
    assert _symbol_exists("scoring.score_figures") is False
    assert _symbol_exists("scoring.settle_figures") is True
    assert _symbol_exists("service.api.server.config.Settings") is True
    assert _symbol_exists("service.api.server.config.Nothing") is False
    assert _symbol_exists("info.version") is None
    assert _symbol_exists("actions.N") is None and _symbol_exists("actions.3.card") is None
    assert _symbol_exists("actions.parse_action") is True


def test_every_operation_list_in_the_docs_is_the_spec_s():
    # A paragraph naming six or more operationIds lists operations: the batch's list is
    # the spec's BatchOperation enum, any other list every operation of the spec.
    spec = _spec()
    ids = {
        op["operationId"]
        for item in spec["paths"].values()
        for op in item.values()
        if isinstance(op, dict) and "operationId" in op
    }
    batch = set(spec["components"]["schemas"]["BatchOperation"]["enum"])
    lists = 0
    for page in DOC_PAGES:
        for paragraph in re.split(r"\n\s*\n", _prose(page)):
            named = {name for name in _CODE.findall(paragraph) if name in ids}
            if len(named) < 6:
                continue
            lists += 1
            expected = batch if "batch" in paragraph.lower() else ids
            assert named == expected, (
                f"{page.relative_to(ROOT)}: missing {sorted(expected - named)}, "
                f"extra {sorted(named - expected)}"
            )
    assert lists >= 1


def test_every_page_of_docs_is_in_the_index_by_purpose():
    index = (ROOT / "docs" / "README.md").read_text(encoding="utf-8")
    for heading in ("## Tutorial", "## How-to", "## Reference", "## Explanation"):
        assert heading in index
    pages = [p.name for p in DOC_PAGES if p.parent.name == "docs" and p.name != "README.md"]
    assert [name for name in pages if f"]({name})" not in index] == []


# --- the tutorial runs as written ---------------------------------------------------------


@pytest.mark.http
def test_the_tutorial_runs_in_order_against_a_live_server(server):
    # docs/tutorial.md's ```python blocks, one session, against this server; the outputs
    # the page shows (``# -> ...``) are compared where it shows them.
    text = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 5
    namespace: dict = {}
    for block in blocks:
        code = block.replace("http://127.0.0.1:8000", server.base_url)
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code, "docs/tutorial.md", "exec"), namespace)
        shown = re.findall(r"^# -> (.*)$", block, re.M)
        if shown:
            assert printed.getvalue().splitlines()[-len(shown) :] == shown, block
    assert namespace["state"]["phase"] in ("complete", "redeal")
    assert namespace["sheet"]["rounds"] == 1


# --- docs/parameters.md is generated from the parameters' declaration --------------------


def test_the_parameters_page_is_generated_from_the_declaration():
    # python -m tests.support.parameters_doc rewrites it from service/engine/rulesets.py
    from tests.support.parameters_doc import PAGE, page

    assert PAGE.read_text(encoding="utf-8") == page(), "run python -m tests.support.parameters_doc"
