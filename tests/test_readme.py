"""Every curl example in README.md returns what README.md shows (through real gunicorn)."""

from __future__ import annotations

import json
import re
import shlex
from urllib.parse import urlsplit

import pytest

from .conftest import ROOT

_EXAMPLE = re.compile(r"```sh\n(curl .*?)\n```\n```json\n(.*?)\n```", re.S)


def _examples() -> list[tuple[str, str]]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return [(m.group(1), m.group(2)) for m in _EXAMPLE.finditer(text)]


def _request(command: str) -> tuple[str, str, dict, str | None]:
    """Method, path, headers and body of a `curl` command line as the README writes it."""
    words = shlex.split(command.replace("\\\n", " "))
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


def test_readme_has_examples():
    assert len(_examples()) >= 3


@pytest.mark.parametrize(
    "command, shown", _examples(), ids=[f"example{i}" for i in range(len(_examples()))]
)
def test_curl_example_returns_what_readme_shows(server, command, shown):
    method, path, headers, body = _request(command)
    response = server.session.request(
        method,
        server.url(path),
        headers=headers,
        data=body.encode() if body else None,
        timeout=10,
    )
    assert response.json() == json.loads(shown), f"{command}\nanswered {response.text}"
