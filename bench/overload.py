"""`make bench` (bench/ops.py), issue 22: the service while workers are replaced and under
overload, each figure beside a baseline from the same run. Nothing is asserted.

1. Replacement: GET /healthz on fresh connections, one every 20 ms, while workers pass
   BELOTE_MAX_REQUESTS=300 (no jitter): one worker with 5 slow bodies held, and two
   workers under 4 keep-alive legal-moves clients; the baseline is the same load with
   BELOTE_MAX_REQUESTS=0. Longest wait, failed requests, workers replaced.
2. Flood: 30 clients sending suggest/play (hard), half of them honouring Retry-After, or
   100-item roundScore batches, for SECONDS; one more client times POST /v1/legal-moves
   on a keep-alive connection: p50 and p99 alone and during, errors, refusals and the
   worker CPU time per refusal, answers per polite client (least and most).
3. The costliest batch (100 invalid validateRound items) back to back from one client:
   the pod's CPU it holds, in workers.
4. Worker replacements (10,000, simulated: forked processes that write samples and exit,
   each handed to the master's child_exit hook): scrape time and directory size.
"""

from __future__ import annotations

import glob
import http.client
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import serve  # noqa: E402
import suggest_load  # noqa: E402
from slow_clients import SLOW_BODY, Trickle, connect  # noqa: E402

LEGAL = json.dumps(suggest_load.LEGAL | {"trick": {"leader": 1, "cards": ["8C"]}}).encode()
SUGGEST = json.dumps(suggest_load.SUGGEST).encode()
CARDS = [f"{rank}{suit}" for suit in "HSDC" for rank in ("7", "8", "9", "10", "J", "Q", "K", "A")]
TRICKS = [{"leader": 0, "cards": CARDS[i * 4 : i * 4 + 4]} for i in range(8)]


def _example(path: str) -> dict:
    import yaml

    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    body = spec["paths"][path]["post"]["requestBody"]["content"]["application/json"]
    return body.get("example") or next(iter(body["examples"].values()))["value"]


ROUND_SCORE = _example("/v1/round-score")
SCORE_BATCH = json.dumps({"items": [{"operation": "roundScore", "body": ROUND_SCORE}] * 100})
INVALID_ROUND = {
    "ruleset": "belote",
    "trump": "H",
    "taker": 0,
    "tricks": [*TRICKS[:7], {"leader": 9, "cards": ["XX"] * 4}],
}
COSTLY_BATCH = json.dumps({"items": [{"operation": "validateRound", "body": INVALID_ROUND}] * 100})
HEADERS = {"Content-Type": "application/json"}


def _start(env: dict[str, str]):
    return serve.start({"BELOTE_ACCESS_LOG": "off", **env}, probe="/readyz")


def _workers(master: int) -> list[int]:
    out = subprocess.run(
        ["ps", "-o", "pid=", "--ppid", str(master)], capture_output=True, text=True, check=False
    )
    return [int(x) for x in out.stdout.split()]


def _cpu_s(pids: list[int]) -> float:
    """User + system CPU seconds of these processes and their children that were waited."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


# --- 1. replacement ------------------------------------------------------------------------


def _keepalive_load(port: int, stop: threading.Event, failures: list) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while not stop.is_set():
        try:
            conn.request("POST", "/v1/legal-moves", body=LEGAL, headers=HEADERS)
            response = conn.getresponse()
            response.read()
            if response.status != 200:
                failures.append(response.status)
            if response.getheader("Connection", "").lower() == "close":
                conn.close()
        except (OSError, http.client.HTTPException) as error:
            failures.append(type(error).__name__)
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)


def replacement(workers: int, max_requests: int, slow: int, load: int, n: int = 400) -> dict:
    env = {
        "WEB_CONCURRENCY": str(workers),
        "BELOTE_MAX_REQUESTS": str(max_requests),
        "BELOTE_MAX_REQUESTS_JITTER": "0",
    }
    server, port = _start(env)
    try:
        held = [connect(port, SLOW_BODY) for _ in range(slow)]
        trickle = Trickle(held, b" ")
        trickle.start()
        stop, failures = threading.Event(), []
        loaders = [
            threading.Thread(target=_keepalive_load, args=(port, stop, failures))
            for _ in range(load)
        ]
        for t in loaders:
            t.start()
        started = set(_workers(server.pid))
        waits, failed = [], 0
        for _ in range(n):
            begin = time.perf_counter()
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                conn.request("GET", "/healthz", headers={"Connection": "close"})
                response = conn.getresponse()
                response.read()
                conn.close()
                failed += response.status != 200
            except OSError:
                failed += 1
            waits.append(time.perf_counter() - begin)
            started |= set(_workers(server.pid))
            time.sleep(0.02)
        stop.set()
        for t in loaders:
            t.join()
        trickle.stop.set()
        for sock in held:
            sock.close()
    finally:
        serve.stop(server)
    return {
        "worst": max(waits),
        "p50": statistics.median(waits),
        "failed": failed,
        "load_failed": len(failures),
        "replaced": len(started) - workers,
    }


# --- 2. flood ------------------------------------------------------------------------------


def _timer(port: int, seconds: float, out: list) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        begin = time.perf_counter()
        conn.request("POST", "/v1/legal-moves", body=LEGAL, headers=HEADERS)
        response = conn.getresponse()
        response.read()
        out.append((time.perf_counter() - begin, response.status))
        if response.getheader("Connection", "").lower() == "close":
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        time.sleep(0.01)


def _flooder(port: int, path: str, body: bytes, polite: bool, stop, tally: dict) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    while not stop.is_set():
        try:
            conn.request("POST", path, body=body, headers=HEADERS)
            response = conn.getresponse()
            response.read()
        except (OSError, http.client.HTTPException) as error:
            tally["errors"] += 1
            tally.setdefault("statuses", []).append(type(error).__name__)
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            continue
        if response.status == 200:
            tally["answered"] += 1
        elif response.status == 503:
            tally["refused"] += 1
            if polite:
                stop.wait(float(response.getheader("Retry-After", "1")))
                conn.close()  # (idle past BELOTE_KEEPALIVE: the server has closed it)
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                continue
        else:
            tally["errors"] += 1
            tally.setdefault("statuses", []).append(response.status)
        if response.getheader("Connection", "").lower() == "close":
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)


def _flood_process(port: int, path: str, body: bytes, clients: int, seconds: float, out) -> None:
    """The flooding clients, in a process of their own (their threads would otherwise take
    the interpreter lock from the client that times legal-moves)."""
    stop = threading.Event()
    tallies = [
        {"answered": 0, "refused": 0, "errors": 0, "polite": i % 2 == 0} for i in range(clients)
    ]
    threads = [
        threading.Thread(target=_flooder, args=(port, path, body, tally["polite"], stop, tally))
        for tally in tallies
    ]
    for t in threads:
        t.start()
    time.sleep(seconds)
    stop.set()
    for t in threads:
        t.join()
    out.put((tallies, time.process_time() / seconds))


def flood(path: str, body: bytes, clients: int, seconds: float) -> dict:
    import multiprocessing

    server, port = _start({"WEB_CONCURRENCY": "2"})
    try:
        for _ in range(3):  # warm
            _post(port, path, body)
        alone: list = []
        _timer(port, min(10.0, seconds / 3), alone)
        workers = _workers(server.pid)
        cpu_before = _cpu_s(workers)
        queue: multiprocessing.Queue = multiprocessing.Queue()
        flooders = multiprocessing.Process(
            target=_flood_process, args=(port, path, body, clients, seconds + 1, queue)
        )
        flooders.start()
        time.sleep(1.0)
        during: list = []
        _timer(port, seconds, during)
        tallies, flood_cores = queue.get(timeout=seconds + 120)
        flooders.join()
        cpu = _cpu_s(workers) - cpu_before
    finally:
        serve.stop(server)
    polite = [t["answered"] for t in tallies if t["polite"]]
    return {
        "alone": [s for s, _ in alone],
        "during": [s for s, _ in during],
        "timer_errors": sum(status != 200 for _, status in during),
        "answered": sum(t["answered"] for t in tallies),
        "refused": sum(t["refused"] for t in tallies),
        "errors": sum(t["errors"] for t in tallies),
        "polite_least": min(polite),
        "polite_most": max(polite),
        "impolite_least": min(t["answered"] for t in tallies if not t["polite"]),
        "worker_cpu_s": cpu,
        "worker_cores": cpu / (seconds + 1),
        "flood_cores": flood_cores,
        "error_kinds": sorted({str(x) for t in tallies for x in t.get("statuses", [])}),
    }


def _descendants(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-e", "-o", "pid=,ppid="], capture_output=True, text=True)
    children: dict[int, list[int]] = {}
    for line in out.stdout.splitlines():
        child, parent = (int(x) for x in line.split())
        children.setdefault(parent, []).append(child)
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def _fresh_cpu_ms(port: int, worker: int, n: int, method: str, path: str, body=None):
    """Worker CPU milliseconds per request, each on a fresh connection, and the statuses."""
    statuses = []
    before = _cpu_s([worker])
    for _ in range(n):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        conn.request(method, path, body=body, headers=HEADERS if body else {})
        response = conn.getresponse()
        response.read()
        statuses.append(response.status)
        conn.close()
    return (_cpu_s([worker]) - before) * 1000 / n, statuses


def _bare_floor_ms(n: int) -> float:
    """gunicorn's own cost, the floor of any answer: the same worker class serving a WSGI
    app that answers 200 at once, on fresh connections."""
    port = serve.free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "-k",
            "gevent",
            "-w",
            "1",
            "-b",
            f"127.0.0.1:{port}",
            "bench.overload:BARE",
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        serve.wait(server, port, "/")
        (worker,) = _workers(server.pid)
        _fresh_cpu_ms(port, worker, 100, "GET", "/")
        return _fresh_cpu_ms(port, worker, n, "GET", "/")[0]
    finally:
        serve.stop(server)


def BARE(environ, start_response):  # noqa: N802 - gunicorn's app, for _bare_floor_ms
    start_response("200 OK", [("Content-Length", "2"), ("Content-Type", "text/plain")])
    return [b"ok"]


def refusal_cpu(n: int = 2000) -> tuple[float, float, float]:
    """Worker CPU milliseconds per refused suggestion, per GET /healthz (the baseline) and
    per answer of a bare gunicorn (the floor), each on fresh connections (a connection that
    asks again before its Retry-After is held). One worker whose line is full: one search
    process, BELOTE_SUGGEST_QUEUE=1, two suggestions in it and the search process stopped
    (SIGSTOP) meanwhile, so that the line stays full for the whole measurement."""
    server, port = _start(
        {"WEB_CONCURRENCY": "1", "BELOTE_SUGGEST_QUEUE": "1", "BELOTE_SUGGEST_PROCESSES": "1"}
    )
    try:
        (worker,) = _workers(server.pid)
        _post(port, "/v1/suggest/play", SUGGEST)  # the pool started
        frozen = _descendants(worker)
        for pid in frozen:
            os.kill(pid, 19)  # SIGSTOP
        holders = [
            threading.Thread(target=_post, args=(port, "/v1/suggest/play", SUGGEST))
            for _ in range(2)
        ]
        try:
            for t in holders:
                t.start()
                time.sleep(0.2)
            _fresh_cpu_ms(port, worker, 100, "POST", "/v1/suggest/play", SUGGEST)
            refusal, statuses = _fresh_cpu_ms(port, worker, n, "POST", "/v1/suggest/play", SUGGEST)
        finally:
            for pid in frozen:
                os.kill(pid, 18)  # SIGCONT
        for t in holders:
            t.join()
        _fresh_cpu_ms(port, worker, 100, "GET", "/healthz")
        healthz = _fresh_cpu_ms(port, worker, n, "GET", "/healthz")[0]
    finally:
        serve.stop(server)
    if sum(status == 503 for status in statuses) < n:
        refusal = float("nan")  # the line was not full throughout
    return refusal, healthz, _bare_floor_ms(n)


def _post(port: int, path: str, body: bytes) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("POST", path, body=body, headers=HEADERS)
    response = conn.getresponse()
    response.read()
    return response.status


# --- 3. the costliest batch back to back ---------------------------------------------------


def costly_batches(seconds: float) -> dict:
    server, port = _start({"WEB_CONCURRENCY": "2"})
    try:
        workers = _workers(server.pid)
        _post(port, "/v1/batch", COSTLY_BATCH.encode())
        stop = threading.Event()
        sent = [0]

        def send() -> None:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            while not stop.is_set():
                conn.request("POST", "/v1/batch", body=COSTLY_BATCH, headers=HEADERS)
                conn.getresponse().read()
                sent[0] += 1

        before, begin = _cpu_s(workers), time.monotonic()
        thread = threading.Thread(target=send)
        thread.start()
        time.sleep(seconds)
        stop.set()
        thread.join()
        share = (_cpu_s(workers) - before) / (time.monotonic() - begin)
    finally:
        serve.stop(server)
    return {"batches": sent[0], "workers_held": share, "of": len(workers)}


# --- 4. worker replacements and the metrics directory --------------------------------------

SIMULATE = """
import os, sys, time, tempfile
directory = tempfile.mkdtemp(prefix="belote-bench-metrics-")
os.environ["PROMETHEUS_MULTIPROC_DIR"] = directory  # before prometheus-client is imported
from service.api.server import metrics
checkpoints = set(int(x) for x in sys.argv[2].split(","))
for worker in range(1, int(sys.argv[1]) + 1):
    pid = os.fork()
    if pid == 0:
        for route in ("/healthz", "/v1/legal-moves", "/v1/batch", "/readyz"):
            metrics.observe("GET", route, 200, 0.002)
        os._exit(0)
    os.waitpid(pid, 0)
    try:
        metrics.worker_exited(pid, {os.getpid()})
    except TypeError:  # the code before issue 22
        metrics.worker_exited(pid)
    if worker in checkpoints:
        begin = time.perf_counter()
        metrics.exposition()
        scrape = time.perf_counter() - begin
        names = os.listdir(directory)
        size = sum(os.stat(os.path.join(directory, f)).st_blocks * 512 for f in names)
        print(worker, f"{scrape * 1000:.1f}", size // 1024, len(os.listdir(directory)), flush=True)
"""


def replacements(total: int, checkpoints: list[int]) -> list[tuple[int, str, int, int]]:
    result = subprocess.run(
        [sys.executable, "-c", SIMULATE, str(total), ",".join(map(str, checkpoints))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=3600,
        check=True,
    )
    rows = [line.split() for line in result.stdout.splitlines()]
    for path in glob.glob("/tmp/belote-bench-metrics-*"):
        subprocess.run(["rm", "-rf", path], check=False)
    return [(int(a), b, int(c), int(d)) for a, b, c, d in rows]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def main(seconds: float = 60.0, total: int = 10000) -> None:
    """Bounded: about 5 minutes with the defaults (30 s of flood: ``overload.py 30``)."""
    print(f"\nOverload and worker replacement (load average {os.getloadavg()[0]:.1f})")
    print("  1. GET /healthz on fresh connections every 20 ms (400), workers replaced:")
    cases = [
        ("1 worker, 5 slow bodies", 1, 5, 0),
        ("2 workers, 4 keep-alive clients", 2, 0, 4),
    ]
    for name, workers, slow, load in cases:
        for limit in (0, 300):
            r = replacement(workers, limit, slow, load)
            label = "baseline (no replacement)" if limit == 0 else "BELOTE_MAX_REQUESTS=300"
            print(
                f"    {name:32} {label:26} longest {_ms(r['worst']):>9}  median "
                f"{_ms(r['p50']):>8}  failed {r['failed']}/400 (+{r['load_failed']} of the "
                f"load)  replaced {r['replaced']}"
            )
    print(f"  2. 30 clients flooding for {seconds:.0f} s (half honour Retry-After);")
    print("     POST /v1/legal-moves on a keep-alive connection, alone and during:")
    for name, path, body in (
        ("suggest/play hard", "/v1/suggest/play", SUGGEST),
        ("100-item roundScore batches", "/v1/batch", SCORE_BATCH.encode()),
    ):
        r = flood(path, body, 30, seconds)
        alone99, during99 = _p(r["alone"], 0.99), _p(r["during"], 0.99)
        print(
            f"    {name:28} p50 {_ms(_p(r['alone'], 0.5))} -> {_ms(_p(r['during'], 0.5))}, "
            f"p99 {_ms(alone99)} -> {_ms(during99)} ({during99 / alone99:.1f}x), "
            f"legal-moves errors {r['timer_errors']}"
        )
        print(
            f"      flood: {r['answered']} answered, {r['refused']} refused (503), "
            f"{r['errors']} errors; answers per polite client {r['polite_least']} to "
            f"{r['polite_most']}, least impolite {r['impolite_least']} {r['error_kinds'] or ''}"
        )
        print(
            f"      CPU of the 2 cores: the workers {r['worker_cores']:.2f}, the flooding "
            f"clients {r['flood_cores']:.2f} (the timing client and the search processes "
            f"beside them)"
        )
    refusal, healthz, floor = refusal_cpu()
    print(
        f"    worker CPU per refused suggestion {refusal:.3f} ms, per GET /healthz "
        f"{healthz:.3f} ms, per answer of a bare gunicorn {floor:.3f} ms (fresh connections)"
    )
    r = costly_batches(min(seconds, 20.0))
    print(
        f"  3. one client sending 100 invalid validateRound items back to back: "
        f"{r['batches']} batches, {r['workers_held']:.2f} of the pod's {r['of']} workers"
    )
    checkpoints = sorted({100, 1000, total // 2, total})
    print(f"  4. {total} worker replacements (simulated), the metrics directory:")
    for count, scrape, kib, files in replacements(total, checkpoints):
        print(f"    after {count:6}: scrape {scrape:>7} ms, {kib:6} KiB in {files} files")


if __name__ == "__main__":
    main(*(float(a) for a in sys.argv[1:2]), *(int(a) for a in sys.argv[2:3]))
