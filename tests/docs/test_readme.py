"""Every curl example in README.md and docs/*.md returns what the page shows (through real
gunicorn)."""

from __future__ import annotations

import json
import re
import shlex
from urllib.parse import urlsplit

import pytest

from tests.support import ROOT

# A ```sh block holding one curl command, then (blank lines allowed) a ```json block.
_EXAMPLE = re.compile(r"```sh\n(curl [^`]*?)\n```\s*```json\n([^`]*?)\n```")


#: Where client teams read examples: the README and every page of docs/.
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _examples() -> list[tuple[str, str, str]]:
    """``(page, command, shown)`` for every curl example with its answer."""
    return [
        (page.relative_to(ROOT).as_posix(), m.group(1), m.group(2))
        for page in PAGES
        for m in _EXAMPLE.finditer(page.read_text(encoding="utf-8"))
    ]


def _jq(words: list[str]):
    """The README's `| jq -c '{a, b}'` projections, as a function on the answer."""
    if not words:
        return lambda answer: answer
    assert words[:2] == ["jq", "-c"] and len(words) == 3, f"unsupported pipe: {words}"
    match = re.fullmatch(r"\{\s*(\w+(?:\s*,\s*\w+)*)\s*\}", words[2])
    assert match, f"unsupported jq filter: {words[2]}"
    keys = [k.strip() for k in match.group(1).split(",")]
    return lambda answer: {k: answer.get(k) for k in keys}


def _split(command: str) -> tuple[list[str], list[str]]:
    words = shlex.split(command.replace("\\\n", " "))
    if "|" in words:
        i = words.index("|")
        return words[:i], words[i + 1 :]
    return words, []


def _request(command: str) -> tuple[str, str, dict, str | None]:
    """Method, path, headers and body of a `curl` command line as the README writes it."""
    words = _split(command)[0]
    assert words[0] == "curl"
    method, headers, body, url = None, {}, None, None
    i = 1
    while i < len(words):
        word = words[i]
        if word in ("-X", "--request"):
            method, i = words[i + 1], i + 2
        elif word in ("-H", "--header"):
            name, value = words[i + 1].split(":", 1)
            headers[name.strip()] = value.strip()
            i += 2
        elif word in ("-d", "--data", "--data-raw"):
            body, i = words[i + 1], i + 2
        elif word.startswith("-"):
            i += 1
        else:
            url, i = word, i + 1
    assert url is not None, command
    parsed = urlsplit(url if "://" in url else "http://" + url)
    path = parsed.path + (f"?{parsed.query}" if parsed.query else "")
    return method or ("POST" if body is not None else "GET"), path, headers, body


def test_readme_and_api_guide_have_examples():
    pages = [page for page, _, _ in _examples()]
    assert pages.count("README.md") >= 1
    assert pages.count("docs/api.md") >= 10


@pytest.mark.parametrize(
    "page, command, shown",
    _examples(),
    ids=[f"{page}-{i}" for i, (page, _, _) in enumerate(_examples())],
)
def test_curl_example_returns_what_the_page_shows(server, page, command, shown):
    method, path, headers, body = _request(command)
    response = server.session.request(
        method,
        server.url(path),
        headers=headers,
        data=body.encode() if body else None,
        timeout=30,  # the suite's request timeout (tests/conftest.py): a busy machine
    )
    project = _jq(_split(command)[1])
    answer, expected = project(response.json()), json.loads(shown)
    if isinstance(answer, dict) and isinstance(expected, dict) and "request_id" not in expected:
        answer.pop("request_id", None)  # differs per request; the README leaves it out
    assert answer == expected, f"{page}: {command}\nanswered {response.text}"
