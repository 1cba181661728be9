"""The repository stands alone: its rules reference, its vendored vectors, and ruleset
sources that name real publications."""

from __future__ import annotations

import hashlib
import re

from service.engine.rulesets import PRESETS

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
