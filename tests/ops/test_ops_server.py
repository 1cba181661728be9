"""Operations features through a real gunicorn: metrics summed over several workers,
JSON log lines with request ids, the Host rule, gunicorn's own refusals, no control
socket, and a start refused on an invalid variable (issue 9, items 2, 5, 6)."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from service.api.server.server_errors import write_problem
from tests.support.gunicorn_process import ROOT, gunicorn

pytestmark = pytest.mark.http

N = 60


def _count(metrics_text: str, route: str) -> float:
    labels = f'method="GET",route="{re.escape(route)}",status="200"'
    pattern = rf"^belote_http_requests_total\{{{labels}\}} (\S+)$"
    found = re.search(pattern, metrics_text, re.MULTILINE)
    return float(found.group(1)) if found else 0.0


def _log_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


def _fresh_get(url: str) -> int:
    return requests.get(url, timeout=5, headers={"Connection": "close"}).status_code


def test_metrics_add_up_every_worker_and_survive_a_worker_restart(tmp_path):
    with gunicorn({"WEB_CONCURRENCY": "2", "HOME": str(tmp_path)}) as server:
        # Which worker accepts a connection is the kernel's choice, and one fast worker
        # may take a whole round: send rounds until both have answered.
        sent, pids = 0, set()
        while len(pids) < 2 and sent < 10 * N:
            with ThreadPoolExecutor(8) as pool:
                statuses = list(pool.map(_fresh_get, [server.url("/v1/rulesets")] * N))
            assert statuses == [200] * N
            sent += N
            time.sleep(0.3)
            lines = [x for x in _log_lines(server.log()) if x.get("route") == "/v1/rulesets"]
            assert len(lines) == sent
            pids = {line["pid"] for line in lines}
        assert len(pids) == 2, "both workers answered"  # else the sum proves nothing
        # Whichever worker answers the scrape, the count is every worker's.
        for _ in range(6):
            scrape = requests.get(
                server.url("/metrics"), timeout=5, headers={"Connection": "close"}
            )
            assert _count(scrape.text, "/v1/rulesets") == sent
        assert "belote_http_request_duration_seconds_bucket" in scrape.text
        # A worker that exits (max_requests, a crash) takes none of the counts with it.
        os.kill(next(iter(pids)), signal.SIGTERM)
        deadline = time.monotonic() + 20
        while server.log().count("Booting worker") < 3 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert server.log().count("Booting worker") >= 3
        requests.get(server.url("/healthz"), timeout=5)
        scrape = requests.get(server.url("/metrics"), timeout=5)
        assert _count(scrape.text, "/v1/rulesets") == sent
        # No control socket: two servers on a host do not fight over ~/.gunicorn.
        assert not (tmp_path / ".gunicorn").exists()


def test_log_lines_are_json_with_the_request_id_and_never_the_key():
    key = "secret-key-0123456789abcdef"
    with gunicorn({"BELOTE_API_KEYS": key}) as server:
        ok = requests.get(
            server.url("/v1/rulesets"),
            headers={"Authorization": f"Bearer {key}", "X-Request-ID": "trace-7"},
            timeout=5,
        )
        refused = requests.get(
            server.url("/v1/rulesets"), headers={"X-API-Key": key[:-1] + "X"}, timeout=5
        )
        assert ok.status_code == 200 and refused.status_code == 401
        time.sleep(0.3)
        text = server.log()
    lines = _log_lines(text)
    assert len(lines) == len([x for x in text.splitlines() if x.strip()]), "every line is JSON"
    access = [x for x in lines if x["logger"] == "belote.access"]
    first = next(x for x in access if x["request_id"] == "trace-7")
    assert (first["method"], first["route"], first["status"]) == ("GET", "/v1/rulesets", 200)
    assert any(x["status"] == 401 for x in access)
    assert key not in text and key[:-1] not in text


def _raw(port: int, request: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(request)
        answer = b""
        while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
            chunk = sock.recv(4096)
            if not chunk:
                break
            answer += chunk
        return answer


def test_http11_without_host_is_a_400_problem_and_http10_is_fine():
    with gunicorn() as server:
        no_host = _raw(server.port, b"GET /healthz HTTP/1.1\r\n\r\n")
        assert no_host.startswith(b"HTTP/1.1 400"), no_host
        assert b"application/problem+json" in no_host and b"Host" in no_host
        two_hosts = _raw(server.port, b"GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n")
        assert two_hosts.startswith(b"HTTP/1.1 400"), two_hosts
        old = _raw(server.port, b"GET /healthz HTTP/1.0\r\n\r\n")
        assert old.split(b" ", 2)[1] == b"200", old


def test_gunicorn_refusals_are_problems_titled_by_their_status_with_a_request_id():
    left, right = socket.socketpair()
    with left, right:
        write_problem(left, 501, "Bad Request", "Unsupported transfer coding: 'gzip'")
        answer = right.recv(4096).decode()
    head, body = answer.split("\r\n\r\n", 1)
    assert head.startswith("HTTP/1.1 501 Not Implemented\r\n")
    problem = json.loads(body)
    assert problem["title"] == "Not Implemented" and problem["status"] == 501
    assert re.search(r"X-Request-ID: ([0-9a-f]{32})", head).group(1) == problem["request_id"]


def test_an_invalid_variable_stops_the_start_with_a_message_naming_it():
    env = dict(os.environ, BELOTE_BIND="127.0.0.1:0", BELOTE_THREADS="lots", BELOTE_METRICS="maybe")
    result = subprocess.run(
        [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "--check-config"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode != 0
    assert "BELOTE_THREADS='lots': expected a whole number" in result.stderr
    assert "BELOTE_METRICS='maybe': expected on or off" in result.stderr


def test_metrics_can_be_served_on_their_own_address_by_the_master():
    from tests.support.gunicorn_process import free_port

    port = free_port()
    with gunicorn({"WEB_CONCURRENCY": "2", "BELOTE_METRICS_BIND": f"127.0.0.1:{port}"}) as server:
        for _ in range(5):
            assert _fresh_get(server.url("/v1/parameters")) == 200
        assert requests.get(server.url("/metrics"), timeout=5).status_code == 404
        scrape = requests.get(f"http://127.0.0.1:{port}/metrics", timeout=5)
        assert _count(scrape.text, "/v1/parameters") == 5
        # Only /metrics, and no server or Python version in any answer (issue 22).
        assert "Python" not in scrape.headers.get("Server", "")
        assert "WSGIServer" not in scrape.headers.get("Server", "")
        for path in ("/", "/anything", "/metrics/x", "/favicon.ico"):
            other = requests.get(f"http://127.0.0.1:{port}{path}", timeout=5)
            assert other.status_code == 404, path
            assert "belote_http_requests_total" not in other.text
            assert "Python" not in other.headers.get("Server", "")
