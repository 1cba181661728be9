"""gunicorn for the measuring scripts (bench.py, ops.py, suggest_load.py): started as
``make run`` starts it (``gunicorn -c gunicorn.conf.py``), on a free loopback port, with the
caller's ``BELOTE_*`` settings instead of any in the environment."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(
    env: dict[str, str], probe: str = "/healthz", app: str | None = None
) -> tuple[subprocess.Popen, int]:
    """The server process and its port, once ``GET probe`` answers 200 (a RuntimeError if
    it does not within a minute); ``app``: another WSGI app than gunicorn.conf.py's."""
    port = free_port()
    full = {k: v for k, v in os.environ.items() if not k.startswith("BELOTE_")}
    full.pop("PROMETHEUS_MULTIPROC_DIR", None)
    full.update({"BELOTE_BIND": f"127.0.0.1:{port}", **env})
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", *([app] if app else [])],
        cwd=ROOT,
        env=full,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wait(server, port, probe)
    return server, port


def wait(server: subprocess.Popen, port: int, probe: str = "/healthz") -> None:
    """Until ``GET probe`` answers 200 on ``port`` (a RuntimeError, the server killed, if
    it does not within a minute or the server exits)."""
    deadline = time.monotonic() + 60
    while True:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", probe)
            if conn.getresponse().status == 200:
                conn.close()
                return
        except OSError:
            pass
        if server.poll() is not None or time.monotonic() > deadline:
            server.kill()
            raise RuntimeError("gunicorn did not start")
        time.sleep(0.2)


def stop(server: subprocess.Popen) -> None:
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()
