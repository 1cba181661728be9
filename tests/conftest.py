"""Shared fixtures: a Flask test client, and a real gunicorn serving over HTTP."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

# The suite's suggestions must be answered, not refused, on a machine busy with other work
# (CI beside a benchmark). Every server of the suite (in-process, the session's gunicorn
# and tests/support/gunicorn_process.py's, which carry both over) runs its searches at the
# worker's own niceness: niced, they get a few percent of a core under a load of 5 and a
# 1-second search takes 20 s on the clock. And each waits up to 25 s beyond a search's
# budget, under Schemathesis' 30 s request timeout. Set before the service is imported:
# search_pool reads its settings then (tests/ops/test_search_pool.py tests the niceness).
from tests.support.gunicorn_process import SUITE_SETTINGS

os.environ.update({name: os.environ.get(name, value) for name, value in SUITE_SETTINGS.items()})

from service.api.app import create_app
from tests.support import ROOT


@pytest.fixture(scope="session")
def app():
    return create_app()


@pytest.fixture()
def client(app):
    return app.test_client()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A gunicorn process started for the test session, and helpers to call it."""

    def __init__(self, base_url: str, log_path: Path | None = None):
        self.base_url = base_url
        self.session = requests.Session()
        #: gunicorn's stderr (its log and any traceback), for tests that inspect it.
        self.log_path = log_path

    def url(self, path: str) -> str:
        return self.base_url + path

    def get(self, path: str, **kwargs) -> requests.Response:
        return self.session.get(self.url(path), timeout=30, **kwargs)

    def post(self, path: str, json=None, **kwargs) -> requests.Response:
        return self.session.post(self.url(path), json=json, timeout=30, **kwargs)


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """gunicorn as `make run` starts it (one worker), on a free loopback port."""
    port = _free_port()
    log = (tmp_path_factory.mktemp("gunicorn") / "stderr.log").open("w+b")
    # The session's server is not where worker replacement is tested (tests/ops/test_ops_*
    # start their own): with BELOTE_MAX_REQUESTS its worker would be replaced mid-suite,
    # every 10,000 requests, and refuse a waiting suggestion with a 503.
    env = dict(
        os.environ,
        BELOTE_BIND=f"127.0.0.1:{port}",
        WEB_CONCURRENCY="1",
        BELOTE_ACCESS_LOG="off",
        BELOTE_MAX_REQUESTS="0",
    )
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            if requests.get(base + "/healthz", timeout=1).status_code == 200:
                break
        except requests.RequestException:  # not listening yet, or its worker still booting
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            log.seek(0)
            raise RuntimeError("gunicorn did not start: " + log.read().decode())
        time.sleep(0.1)
    yield Server(base, Path(log.name))
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
    log.close()
