"""The repository stands alone: its rules reference, its vendored vectors, and ruleset
sources that name real publications."""

from __future__ import annotations

import hashlib
import json
import re

from service.engine.rulesets import PARAMETERS, PRESETS

from .conftest import ROOT

CONFORMANCE = ROOT / "tests" / "conformance"


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
    assert digest in readme, "tests/conformance/README.md states another checksum"
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
