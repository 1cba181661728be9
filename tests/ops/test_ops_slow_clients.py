"""Slow and idle clients cannot starve the service (issue 9, item 1).

One gunicorn worker (the harshest case) holds 50 idle connections, 50 whose headers
trickle in and 50 whose bodies trickle in, while ordinary requests keep getting their
answers; then the deadlines close every one of the 150. The deadlines are shortened by
environment variables so the whole test takes about 15 seconds.
"""

from __future__ import annotations

import json
import socket
import time

import pytest
import requests

from bench.slow_clients import Attack, is_open
from tests.support.gunicorn_process import gunicorn

pytestmark = pytest.mark.http

EACH = 50
KEEPALIVE, READ_TIMEOUT, TIMEOUT = 5, 3, 8
ENV = {
    "BELOTE_KEEPALIVE": str(KEEPALIVE),
    "BELOTE_READ_TIMEOUT": str(READ_TIMEOUT),
    "BELOTE_TIMEOUT": str(TIMEOUT),
    "BELOTE_ACCESS_LOG": "off",
}
BODY = json.dumps({"trump": "H", "trick": {"leader": 1, "cards": ["8C", "9H", "AC", "JH"]}})


def test_150_slow_or_idle_connections_do_not_stop_ordinary_requests():
    with gunicorn(ENV) as server:
        attack = Attack(server.port, EACH)
        held = attack.held
        try:
            time.sleep(0.5)
            session = requests.Session()
            answered = 0
            started = time.monotonic()
            while time.monotonic() - started < 2.0:  # well inside every deadline
                legal = session.post(
                    server.url("/v1/trick-winner"),
                    data=BODY,
                    timeout=2,
                    headers={"Content-Type": "application/json"},
                )
                assert legal.status_code == 200, legal.text
                assert legal.json()["winner"] == 0
                fresh = requests.get(server.url("/readyz"), timeout=2)  # a new connection
                assert fresh.status_code == 200
                answered += 2
            assert answered >= 10
            # ... while the server still held all 150 connections open.
            still_open = [sock for sock in held if is_open(sock)]
            assert len(still_open) == len(held), f"{len(held) - len(still_open)} closed early"

            # Then the deadlines close them: idle and slow headers after BELOTE_KEEPALIVE,
            # bodies trickling in after BELOTE_TIMEOUT.
            deadline = time.monotonic() + TIMEOUT + 6
            while time.monotonic() < deadline and any(is_open(s) for s in held):
                time.sleep(0.25)
            assert attack.open_counts() == {"idle": 0, "slow headers": 0, "slow bodies": 0}
            assert requests.get(server.url("/healthz"), timeout=2).status_code == 200
        finally:
            attack.close()


def test_a_body_larger_than_the_limit_that_stops_coming_does_not_hold_a_worker():
    """The 413 path drains an over-limit body, but only while bytes keep coming."""
    with gunicorn(ENV) as server:
        head = (
            b"POST /v1/trick-winner HTTP/1.1\r\nHost: localhost\r\n"
            b"Content-Type: application/json\r\nContent-Length: 1000000\r\n\r\n"
        )
        stalled = socket.create_connection(("127.0.0.1", server.port), timeout=15)
        stalled.sendall(head + b"x" * 70000)
        started = time.monotonic()
        answer = b""
        while True:  # read until the server closes the connection
            chunk = stalled.recv(65536)
            if not chunk:
                break
            answer += chunk
        waited = time.monotonic() - started
        stalled.close()
        assert waited < READ_TIMEOUT + KEEPALIVE + 2
        # The refusal went out once the drain gave up, then the connection closed.
        assert answer.startswith(b"HTTP/1.1 413 "), answer
        assert b"application/problem+json" in answer
        assert requests.get(server.url("/healthz"), timeout=2).status_code == 200
