"""`make bench`, operations part: what one pod serves, and latency while slow clients attack.

1. One pod: gunicorn as deploy/kubernetes/deployment.yaml runs it (WEB_CONCURRENCY=2),
   driven by CLIENTS client processes on keep-alive connections for SECONDS seconds, each
   sending the spec's example legal-moves request: requests per second, median and p99.
   The clients run on the same machine and take CPU from the server, so this is a floor.
2. Slow-client attack on one worker: the median and worst latency of ordinary requests on
   fresh connections, alone and while 50 idle + 50 slow-header + 50 slow-body connections
   are held open (bench/slow_clients.py), for the gevent worker of gunicorn.conf.py and,
   for comparison, the gthread worker (4 threads) it replaced.
Nothing is asserted; tests never time.
"""

from __future__ import annotations

import http.client
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import serve  # noqa: E402 - bench/ is this script's sys.path[0]
from slow_clients import Attack  # noqa: E402 - bench/ is this script's sys.path[0]

CLIENTS = 4
SECONDS = 5.0


def _start(env: dict[str, str]) -> tuple[subprocess.Popen, int]:
    return serve.start({"BELOTE_ACCESS_LOG": "off", **env}, probe="/readyz")


def _legal_moves_example() -> bytes:
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    body = spec["paths"]["/v1/legal-moves"]["post"]["requestBody"]["content"]["application/json"]
    example = body.get("example")
    if example is None:
        example = next(iter(body["examples"].values()))["value"]
    return json.dumps(example).encode()


def _client(port: int, path: str, body: bytes | None, until: float, out) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Content-Type": "application/json"} if body else {}
    samples = []
    while time.monotonic() < until:
        start = time.perf_counter()
        conn.request("POST" if body else "GET", path, body=body, headers=headers)
        response = conn.getresponse()
        response.read()
        if response.status != 200:
            raise RuntimeError(f"{path} answered {response.status}")
        samples.append(time.perf_counter() - start)
    out.put(samples)


def one_pod(path: str, body: bytes | None, workers: int = 2) -> dict[str, float]:
    server, port = _start({"WEB_CONCURRENCY": str(workers)})
    try:
        queue: multiprocessing.Queue = multiprocessing.Queue()
        until = time.monotonic() + SECONDS
        clients = [
            multiprocessing.Process(target=_client, args=(port, path, body, until, queue))
            for _ in range(CLIENTS)
        ]
        for client in clients:
            client.start()
        samples = [s for _ in clients for s in queue.get(timeout=SECONDS + 30)]
        for client in clients:
            client.join()
    finally:
        serve.stop(server)
    samples.sort()
    return {
        "rps": len(samples) / SECONDS,
        "p50": statistics.median(samples),
        "p99": samples[int(len(samples) * 0.99) - 1],
    }


def _fresh_request(port: int, timeout: float) -> float | None:
    start = time.perf_counter()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        conn.request("GET", "/readyz", headers={"Connection": "close"})
        response = conn.getresponse()
        response.read()
        conn.close()
    except OSError:
        return None
    return time.perf_counter() - start if response.status == 200 else None


def _latencies(port: int, n: int, timeout: float) -> tuple[list[float], int]:
    done, failed = [], 0
    for _ in range(n):
        seconds = _fresh_request(port, timeout)
        if seconds is None:
            failed += 1
        else:
            done.append(seconds)
        time.sleep(0.02)
    return done, failed


def under_attack(worker_class: str, n: int = 40, timeout: float = 2.0) -> dict[str, object]:
    # Deadlines long enough that the attack holds for the whole measurement.
    env = {
        "WEB_CONCURRENCY": "1",
        "BELOTE_WORKER_CLASS": worker_class,
        "BELOTE_THREADS": "4",
        "BELOTE_KEEPALIVE": "30",
        "BELOTE_TIMEOUT": "60",
    }
    server, port = _start(env)
    try:
        alone, _ = _latencies(port, n, timeout)
        attack = Attack(port, 50)
        try:
            time.sleep(0.5)
            during, failed = _latencies(port, n, timeout)
            still_open = sum(attack.open_counts().values())
        finally:
            attack.close()
    finally:
        serve.stop(server)
    return {"alone": alone, "during": during, "failed": failed, "n": n, "held": still_open}


def _ms(values: list[float], how) -> str:
    return f"{how(values) * 1000:8.2f} ms" if values else "       -   "


def main() -> None:
    print(f"\nOperations (Python {sys.version.split()[0]}, {os.cpu_count()} cores, shared)")
    print(
        f"  one pod (2 gevent workers), {CLIENTS} keep-alive client processes on this "
        f"machine, {SECONDS:.0f} s each:"
    )
    base = one_pod("/healthz", None)
    pod = one_pod("/v1/legal-moves", _legal_moves_example())
    for name, r in (("GET /healthz (baseline)", base), ("POST /v1/legal-moves", pod)):
        print(
            f"    {name:24} {r['rps']:8.0f} requests/s ({r['rps'] / base['rps']:.2f}x baseline)"
            f"   median {r['p50'] * 1000:.2f} ms   p99 {r['p99'] * 1000:.2f} ms"
        )
    print("  GET /readyz on fresh connections, one worker, alone and during 50 idle + 50")
    print("  slow-header + 50 slow-body connections (2 s client timeout):")
    print(
        f"    {'worker':8} {'median alone':>14} {'median during':>14} {'worst during':>14}"
        f"  {'failed':>8}  held"
    )
    for worker_class in ("gevent", "gthread"):
        r = under_attack(worker_class)
        alone, during = r["alone"], r["during"]
        ratio = (statistics.median(during) / statistics.median(alone)) if during else float("nan")
        print(
            f"    {worker_class:8} {_ms(alone, statistics.median):>14} "
            f"{_ms(during, statistics.median):>14} {_ms(during, max):>14}  "
            f"{r['failed']:>3}/{r['n']:<4}  {r['held']}/150   (x{ratio:.1f} median)"
        )


if __name__ == "__main__":
    main()
