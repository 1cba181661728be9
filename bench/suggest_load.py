"""Legal-moves latency while suggestions run (``make arena`` runs it after the matches).

Starts gunicorn as ``make run`` does (2 workers, 4 threads each) on a free port, measures
``POST /v1/legal-moves`` latency alone, then again while ``--clients`` threads keep asking
``POST /v1/suggest/play`` at level ``hard`` (``--operation review``: ``POST
/v1/rounds/review`` of a whole belote round at its default level), and prints both with
their ratio. The searches run in the suggestion process pool (service/api/server/search_pool.py),
so legal-moves should hardly notice them (on 2 cores they still share the CPU).
"""

from __future__ import annotations

import argparse
import os
import platform
import threading
import time
from pathlib import Path

import requests
import serve  # bench/ is this script's sys.path[0]

ROOT = Path(__file__).resolve().parent.parent

LEGAL = {
    "ruleset": "belote",
    "trump": "H",
    "hand": ["7H", "JH", "AS", "KD"],
    "trick": {"leader": 1, "cards": ["8C", "9H", "AC"]},
}
SUGGEST = {
    "ruleset": "belote",
    "trump": "H",
    "taker": 1,
    "hand": ["7H", "JH", "AS", "KD", "10C", "QS", "8D", "9C"],
    "trick": {"leader": 1, "cards": ["8C", "9H", "AC"]},
    "level": "hard",
}


def _percentiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        q: ordered[min(len(ordered) - 1, int(x * len(ordered)))]
        for q, x in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99))
    }


def _legal_latency(base: str, n: int) -> dict[str, float]:
    session = requests.Session()
    times = []
    for _ in range(n):
        start = time.perf_counter()
        r = session.post(base + "/v1/legal-moves", json=LEGAL, timeout=10)
        times.append((time.perf_counter() - start) * 1000)
        assert r.status_code == 200, r.text
    return _percentiles(times)


def _played_round(base: str) -> dict:
    """A whole belote round, every seat a computer player (POST /v1/suggest/action): the
    review's request."""
    game = {"ruleset": "belote"}
    deal = requests.post(base + "/v1/deal", json=game | {"dealer": 0, "seed": "load"}, timeout=30)
    record = {"dealer": 0, "deal": deal.json()["deal"], "actions": []}
    while (
        requests.post(base + "/v1/rounds/state", json=game | record, timeout=30).json()["seat"]
        is not None
    ):
        ask = game | {"record": record, "level": "easy"}
        action = requests.post(base + "/v1/suggest/action", json=ask, timeout=30).json()
        record["actions"].append(action["action"])
    return game | record


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--clients", type=int, default=2)
    parser.add_argument("--operation", choices=("suggest", "review"), default="suggest")
    args = parser.parse_args()
    server, port = serve.start({"BELOTE_ACCESS_LOG": "off"})
    base = f"http://127.0.0.1:{port}"
    path, body, what = "/v1/suggest/play", SUGGEST, "hard suggestions"
    try:
        if args.operation == "review":
            path, body, what = "/v1/rounds/review", _played_round(base), "reviews of a round"
        # Warm the search pools (their first use starts the processes).
        for _ in range(4):
            requests.post(base + path, json=body, timeout=60)
        alone = _legal_latency(base, args.requests)
        stop = threading.Event()
        done = [0]

        def suggest() -> None:
            session = requests.Session()
            while not stop.is_set():
                r = session.post(base + path, json=body, timeout=60)
                if r.status_code == 200:
                    done[0] += 1

        clients = [threading.Thread(target=suggest) for _ in range(args.clients)]
        for c in clients:
            c.start()
        time.sleep(1)
        busy = _legal_latency(base, args.requests)
        stop.set()
        for c in clients:
            c.join()
    finally:
        serve.stop(server)
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    print("| legal-moves latency (ms) | p50 | p95 | p99 |")
    print("|---|---|---|---|")
    print(f"| alone | {alone['p50']:.1f} | {alone['p95']:.1f} | {alone['p99']:.1f} |")
    print(
        f"| with {args.clients} clients asking {what} ({done[0]} answered) "
        f"| {busy['p50']:.1f} | {busy['p95']:.1f} | {busy['p99']:.1f} |"
    )
    print(f"p99 ratio busy/alone: {busy['p99'] / alone['p99']:.2f}")


if __name__ == "__main__":
    main()
