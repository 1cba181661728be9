"""Prometheus metrics: request counts and latencies per route template and status.

Under gunicorn every worker is a process of its own; gunicorn.conf.py points
``PROMETHEUS_MULTIPROC_DIR`` at a fresh directory before the workers start, so each worker
writes its samples there and a scrape of any worker (:func:`exposition`) adds up all of
them (prometheus-client's multiprocess mode). Without the variable (the Flask test client,
another WSGI server) the process's own registry is served.

The directory stays bounded however many workers are replaced: when one exits, the
master's ``child_exit`` hook (:func:`worker_exited`) adds its counters and histograms into
one archive file per type (``counter_archive.db``, ``histogram_archive.db``) and removes its
files, so the totals are kept and a scrape reads the live workers' files plus the archive,
never one file per dead worker. A scrape holds a shared lock on the directory's lock file
while it reads and the merge an exclusive one, so no scrape sees a worker's samples twice
or not at all.
"""

from __future__ import annotations

import contextlib
import fcntl
import glob
import os
import socket
import struct
import threading
import time
from collections.abc import Iterator
from wsgiref.simple_server import WSGIRequestHandler, make_server

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)
from prometheus_client.exposition import ThreadingWSGIServer
from prometheus_client.mmap_dict import MmapedDict

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
#: The lock file of the directory (not a ``*.db`` file, so the collector never reads it).
LOCK_NAME = ".merge.lock"
#: What a dead worker's files of these types are merged into.
ARCHIVED_TYPES = ("counter", "histogram")
#: Longest the master waits for running scrapes before a merge (it retries at the next exit).
MERGE_WAIT_S = 2.0

REQUESTS = Counter(
    "belote_http_requests",
    "HTTP requests answered, by method, route template and status.",
    ["method", "route", "status"],
)
LATENCY = Histogram(
    "belote_http_request_duration_seconds",
    "Time from the request's arrival in the application to its answer, by route template.",
    ["method", "route", "status"],
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
)


def observe(method: str, route: str, status: int, seconds: float) -> None:
    labels = (method, route, str(status))
    REQUESTS.labels(*labels).inc()
    LATENCY.labels(*labels).observe(seconds)


@contextlib.contextmanager
def _locked(directory: str, mode: int, wait_s: float | None = None) -> Iterator[bool]:
    """The directory's lock held in ``mode``; yields False if ``wait_s`` passed first."""
    fd = os.open(os.path.join(directory, LOCK_NAME), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        if wait_s is None:
            fcntl.flock(fd, mode)
        else:
            deadline = time.monotonic() + wait_s
            while True:
                try:
                    fcntl.flock(fd, mode | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        yield False
                        return
                    time.sleep(0.01)
        yield True
    finally:
        os.close(fd)  # (releases the lock)


class _Collector:
    """prometheus-client's multiprocess collector, read under the directory's shared lock."""

    def __init__(self, directory: str):
        self.directory = directory

    def collect(self):
        with _locked(self.directory, fcntl.LOCK_SH):
            for attempt in range(3):
                # A worker starting creates its file empty, then sizes it: not read yet.
                files = [f for f in glob.glob(os.path.join(self.directory, "*.db")) if _sized(f)]
                try:
                    return list(multiprocess.MultiProcessCollector.merge(files, accumulate=True))
                except (struct.error, FileNotFoundError):
                    if attempt == 2:
                        raise
                    time.sleep(0.005)
        return []


def _sized(path: str) -> bool:
    try:
        return os.path.getsize(path) >= 8
    except FileNotFoundError:
        return False


def registry() -> CollectorRegistry:
    """What a scrape reports: every worker's samples in multiprocess mode, else this one's."""
    directory = os.environ.get(MULTIPROC_ENV)
    if directory:
        collected = CollectorRegistry()
        collected.register(_Collector(directory))
        return collected
    return REGISTRY


def exposition() -> tuple[bytes, str]:
    return generate_latest(registry()), CONTENT_TYPE_LATEST


def worker_exited(pid: int, live: set[int]) -> None:
    """The master's ``child_exit`` hook: a dead worker's samples merged into the archive
    (``live``: the processes still running, the master and its other workers)."""
    directory = os.environ.get(MULTIPROC_ENV)
    if directory and os.path.isdir(directory):
        merge_dead(directory, pid, live)


def merge_dead(directory: str, pid: int, live: set[int]) -> bool:
    """Add the files of process ``pid``, and of any other process not in ``live`` (an earlier
    exit not merged yet), into the archive and remove them; False if running scrapes held
    the lock too long (the files stay, to be merged at the next exit)."""
    multiprocess.mark_process_dead(pid, directory)
    live = set(live) - {pid}
    with _locked(directory, fcntl.LOCK_EX, MERGE_WAIT_S) as held:
        if not held:
            return False
        for typ in ARCHIVED_TYPES:
            archive = os.path.join(directory, f"{typ}_archive.db")
            dead = [
                f
                for f in glob.glob(os.path.join(directory, f"{typ}_*.db"))
                if f != archive and _pid_of(f) not in live
            ]
            if dead:
                _add_into(archive, dead)
        for f in glob.glob(os.path.join(directory, "gauge_*.db")):
            if _pid_of(f) not in live:
                os.remove(f)
    return True


def _pid_of(path: str) -> int | None:
    stem = os.path.basename(path)[: -len(".db")]
    tail = stem.rsplit("_", 1)[-1]
    return int(tail) if tail.isdigit() else None


def _add_into(archive: str, dead: list[str]) -> None:
    """The archive rewritten with the dead files' values added (counters and histogram
    buckets, sums and counts are all sums), then the dead files removed."""
    totals: dict[str, float] = {}
    for path in ([archive] if os.path.exists(archive) else []) + dead:
        for key, value, _timestamp, _pos in MmapedDict.read_all_values_from_file(path):
            totals[key] = totals.get(key, 0.0) + value
    fresh = archive + ".new"
    with contextlib.suppress(FileNotFoundError):
        os.remove(fresh)
    written = MmapedDict(fresh)
    try:
        for key, value in totals.items():
            written.write_value(key, value, 0.0)
    finally:
        written.close()
    os.replace(fresh, archive)
    for path in dead:
        os.remove(path)


# --- BELOTE_METRICS_BIND: /metrics on its own address, from the gunicorn master ----------

#: wsgiref would otherwise name itself and the Python version.
SERVER = (("Server", "belote-rules"),)
NOT_FOUND = b'{"type":"about:blank","title":"Not Found","status":404}\n'


def _metrics_app(environ, start_response):
    """``GET /metrics`` only (any other path a 404, any other method a 405)."""
    if environ.get("PATH_INFO") != "/metrics":
        start_response("404 Not Found", [*SERVER, ("Content-Type", "application/problem+json")])
        return [NOT_FOUND]
    if environ.get("REQUEST_METHOD") not in ("GET", "HEAD"):
        start_response("405 Method Not Allowed", [*SERVER, ("Allow", "GET, HEAD")])
        return [b""]
    body, content_type = exposition()
    headers = [*SERVER, ("Content-Type", content_type), ("Cache-Control", "no-store")]
    start_response("200 OK", headers)
    return [body]


class _QuietHandler(WSGIRequestHandler):
    """No log line per scrape, and no server or Python version in the answer."""

    def version_string(self) -> str:
        return SERVER[0][1]

    def log_message(self, format, *args):
        pass


def serve_separately(bind: str):
    """Serve /metrics on its own address from the gunicorn master (BELOTE_METRICS_BIND), in
    a daemon thread; returns the server."""
    host, _, port = bind.rpartition(":")
    host = host.strip("[]") or "0.0.0.0"

    class Server(ThreadingWSGIServer):
        address_family = socket.AF_INET6 if ":" in host else socket.AF_INET

    server = make_server(host, int(port), _metrics_app, Server, handler_class=_QuietHandler)
    threading.Thread(target=server.serve_forever, name="metrics", daemon=True).start()
    return server
