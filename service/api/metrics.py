"""Prometheus metrics: request counts and latencies per route template and status.

Under gunicorn every worker is a process of its own; gunicorn.conf.py points
``PROMETHEUS_MULTIPROC_DIR`` at a fresh directory before the workers start, so each worker
writes its samples there and a scrape of any worker (:func:`exposition`) adds up all of
them (prometheus-client's multiprocess mode). A worker that exits is marked dead by the
``child_exit`` hook. Without the variable (the Flask test client, another WSGI server) the
process's own registry is served.
"""

from __future__ import annotations

import os

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"

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


def registry() -> CollectorRegistry:
    """What a scrape reports: every worker's samples in multiprocess mode, else this one's."""
    if os.environ.get(MULTIPROC_ENV):
        collected = CollectorRegistry()
        multiprocess.MultiProcessCollector(collected)
        return collected
    return REGISTRY


def exposition() -> tuple[bytes, str]:
    return generate_latest(registry()), CONTENT_TYPE_LATEST


def serve_separately(bind: str) -> None:
    """Serve /metrics on its own address from the gunicorn master (BELOTE_METRICS_BIND)."""
    from prometheus_client import start_http_server

    host, _, port = bind.rpartition(":")
    start_http_server(int(port), addr=host.strip("[]") or "0.0.0.0", registry=registry())


def worker_exited(pid: int) -> None:
    if os.environ.get(MULTIPROC_ENV):
        multiprocess.mark_process_dead(pid)
