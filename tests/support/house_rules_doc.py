"""docs/house-rules.md's table of surveyed programs, generated from docs/house-rules.json
(each program's preset, exact ``options`` object, source and notes).

    .venv/bin/python -m tests.support.house_rules_doc           # rewrite the table in the page
    .venv/bin/python -m tests.support.house_rules_doc --check   # exit 1 if the page differs

tests/docs/test_house_rules.py reads the options from the same file (:func:`options_of`) and
checks that the page is what this module generates.
"""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "docs" / "house-rules.json"
PAGE = ROOT / "docs" / "house-rules.md"
BEGIN = (
    "<!-- generated from house-rules.json by tests/support/house_rules_doc.py: edit the JSON, then "
    "run `python -m tests.support.house_rules_doc` -->"
)
END = "<!-- end of the generated table -->"


@cache
def _programs() -> tuple[dict[str, Any], ...]:
    return tuple(json.loads(DATA.read_text(encoding="utf-8"))["programs"])


def programs() -> list[dict[str, Any]]:
    """Every row, in the page's order (copies: a test may not change the file's data)."""
    return json.loads(json.dumps(_programs()))


def row(key: str) -> dict[str, Any]:
    for program in programs():
        if program["id"] == key:
            return program
    raise KeyError(key)


def options_of(key: str) -> dict[str, Any]:
    """The exact ``options`` object of a row, as the page documents it."""
    return row(key)["options"]


def preset_of(key: str) -> str:
    return row(key)["preset"]


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def table() -> str:
    lines = [
        "| program | preset | `options` | read in | notes |",
        "|---|---|---|---|---|",
    ]
    for program in programs():
        name = program["program"]
        if program.get("url"):
            name = f"[{name}]({program['url']})"
        if program.get("variant"):
            name += f", {program['variant']}"
        options = json.dumps(program["options"], ensure_ascii=False)
        lines.append(
            f"| {name} | `{program['preset']}` | `{options}` | {_cell(program['source'])} "
            f"| {_cell(program['notes'])} |"
        )
    return "\n".join(lines)


def page(text: str) -> str:
    """``text`` (the page) with the part between the markers replaced by :func:`table`."""
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    return text[:start] + "\n" + table() + "\n" + text[end:]


def main(argv: list[str]) -> int:
    current = PAGE.read_text(encoding="utf-8")
    wanted = page(current)
    if "--check" in argv:
        if current != wanted:
            print(
                f"{PAGE.relative_to(ROOT)} differs from {DATA.relative_to(ROOT)}: run "
                "python -m tests.support.house_rules_doc",
                file=sys.stderr,
            )
            return 1
        return 0
    PAGE.write_text(wanted, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
