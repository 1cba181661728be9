"""Start a gunicorn of its own for a test, with the environment the test needs."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[2]


def run_python(
    script: str, env: Mapping[str, str], timeout: float
) -> subprocess.CompletedProcess[str]:
    """Run ``script`` in a fresh interpreter from the repository's root (an error if it
    fails), its output captured."""
    return subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=dict(env),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=True,
    )


#: The settings every server of the suite shares, and their values unless the shell sets
#: them (tests/conftest.py sets them, before the service is imported; why: there).
SUITE_SETTINGS = {"BELOTE_SUGGEST_NICE": "0", "BELOTE_SUGGEST_GRACE": "25"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Gunicorn:
    def __init__(self, base_url: str, process: subprocess.Popen, log_path: Path):
        self.base_url = base_url
        self.port = int(base_url.rsplit(":", 1)[1])
        self.process = process
        self.log_path = log_path

    def url(self, path: str) -> str:
        return self.base_url + path

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


def wait_ready(url: str, process: subprocess.Popen, log_path: Path, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            if requests.get(url, timeout=2).status_code == 200:
                return
        except requests.RequestException:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError("gunicorn did not start:\n" + log_path.read_text(errors="replace"))
        time.sleep(0.1)


@contextlib.contextmanager
def gunicorn(
    env: Mapping[str, str] | None = None,
    *,
    command: list[str] | None = None,
    cwd: Path = ROOT,
    probe: str = "/healthz",
) -> Iterator[Gunicorn]:
    """gunicorn -c gunicorn.conf.py (or ``command``) on a free loopback port, stopped after."""
    port = free_port()
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("BELOTE_")}
    full_env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    # The operator's settings of the shell are left out, but for the suite's own niceness
    # and grace of a search (tests/conftest.py): every server of the suite searches alike.
    for name in SUITE_SETTINGS:
        if name in os.environ:
            full_env[name] = os.environ[name]
    # One worker; a stop does not wait out the kept-alive connections of the test's clients.
    full_env.update(
        {"BELOTE_BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": "1", "BELOTE_GRACEFUL_TIMEOUT": "2"}
    )
    full_env.update(env or {})
    with tempfile.TemporaryDirectory(prefix="belote-gunicorn-") as tmp:
        log_path = Path(tmp) / "stderr.log"
        with log_path.open("wb") as log:
            process = subprocess.Popen(
                command or [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py"],
                cwd=cwd,
                env=full_env,
                stdout=subprocess.DEVNULL,
                stderr=log,
            )
            base = f"http://127.0.0.1:{port}"
            try:
                wait_ready(base + probe, process, log_path)
                yield Gunicorn(base, process, log_path)
            finally:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
