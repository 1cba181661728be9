"""`make bench`: speed and memory of the engine and of the HTTP endpoints.

Figures are reported as ratios against baselines measured in the same run, so they compare
across machines: engine calls against a no-op call of the same shape, HTTP endpoints against
GET /healthz on the same server and connection. Nothing here is asserted; tests never time.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from service.engine.cards import ALL_CARDS, SUIT_MASKS, cards_in  # noqa: E402
from service.engine.declarations import find_declarations  # noqa: E402
from service.engine.play import Position, legal_mask, legal_moves, winning_index  # noqa: E402
from service.engine.rounds import Trick  # noqa: E402
from service.engine.rulesets import PRESETS  # noqa: E402
from service.engine.scoring import Bid, score_round  # noqa: E402


def _positions(n: int, seed: int = 7) -> list[tuple[int, Position]]:
    """Random (hand, position) pairs: a shuffled deal, a random trick in progress."""
    rng = random.Random(seed)
    out = []
    rulesets = list(PRESETS.values())
    for _ in range(n):
        ruleset = rng.choice(rulesets)
        trump = rng.choice(ruleset.trump_modes)
        deck = list(range(32))
        rng.shuffle(deck)
        size = rng.randint(1, ruleset.hand_size)
        hand = 0
        for c in deck[:size]:
            hand |= 1 << c
        trick = tuple(deck[size : size + rng.randint(0, ruleset.players - 1)])
        out.append((hand, Position(rng.randrange(ruleset.players), trick, trump, ruleset)))
    return out


def _per_call(fn, items, repeat: int = 5) -> float:
    """Best-of-`repeat` seconds per call of fn over items."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for hand, position in items:
            fn(hand, position)
        best = min(best, (time.perf_counter() - start) / len(items))
    return best


def _baseline(hand: int, position: Position) -> int:
    # The cheapest thing any legal-move call must do: look at the hand and the trick.
    return hand & ALL_CARDS & SUIT_MASKS[len(position.cards) & 3]


def _random_round(rng: random.Random, ruleset, trump: str) -> list[Trick]:
    """A complete round of random legal plays (each seat plays a random legal card)."""
    deck = list(range(32))
    rng.shuffle(deck)
    size = ruleset.hand_size
    hands = [sum(1 << c for c in deck[i * size : (i + 1) * size]) for i in range(ruleset.players)]
    tricks, leader = [], 0
    for _ in range(size):
        cards: list[int] = []
        for k in range(ruleset.players):
            seat = (leader + k) % ruleset.players
            legal = list(
                cards_in(legal_mask(hands[seat], Position(leader, tuple(cards), trump, ruleset)))
            )
            c = rng.choice(legal)
            hands[seat] &= ~(1 << c)
            cards.append(c)
        tricks.append(Trick(leader, tuple(cards)))
        leader = (leader + winning_index(cards, trump)) % ruleset.players
    return tricks


def _per_round(rounds, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for ruleset, trump, tricks in rounds:
            score_round(ruleset, trump, 0, tricks, bid=_bid_for(ruleset))
        best = min(best, (time.perf_counter() - start) / len(rounds))
    return best


def _bid_for(ruleset):
    return Bid(80, "none") if ruleset.contract == "bid" else None


def engine() -> list[tuple[str, float, float]]:
    items = _positions(20000)
    base = _per_call(_baseline, items)
    rows = [("baseline: read hand and trick", base, 1.0)]
    for name, fn in (
        ("legal_mask (bit set only)", legal_mask),
        ("legal_moves (every card with reason)", legal_moves),
        (
            "find_declarations (the hand's best set)",
            lambda h, p: find_declarations(h, p.trump, p.ruleset),
        ),
        ("winning_index", lambda h, p: winning_index(p.cards, p.trump) if p.cards else 0),
        ("cards_in over the hand", lambda h, p: list(cards_in(h))),
    ):
        t = _per_call(fn, items)
        rows.append((name, t, t / base))
    rng = random.Random(11)
    rounds = []
    for ruleset in PRESETS.values():
        for trump in ruleset.trump_modes:
            for _ in range(20):
                rounds.append((ruleset, trump, _random_round(rng, ruleset, trump)))
    t = _per_round(rounds)
    rows.append(("score_round (check every play, then score)", t, t / base))
    return rows


def engine_memory() -> tuple[int, int]:
    items = _positions(2000)
    tracemalloc.start()
    snapshot = tracemalloc.take_snapshot()
    results = [legal_moves(h, p) for h, p in items]
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(s.size_diff for s in after.compare_to(snapshot, "filename"))
    return grown // len(results), len(results)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _examples(spec: dict) -> list[tuple[str, str, bytes | None]]:
    calls = []
    for path, item in spec["paths"].items():
        for method, op in item.items():
            if method == "get" and "{" not in path and path != "/openapi.yaml":
                calls.append((method.upper(), path, None))
            elif method == "post":
                body = op["requestBody"]["content"]["application/json"]
                example = body.get("example")
                if example is None and body.get("examples"):
                    example = next(iter(body["examples"].values()))["value"]
                if example is not None:
                    calls.append(("POST", path, json.dumps(example).encode()))
    return calls


def _time_requests(conn, method: str, path: str, body: bytes | None, n: int) -> float:
    headers = {"Content-Type": "application/json"} if body is not None else {}
    samples = []
    for _ in range(n):
        start = time.perf_counter()
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        response.read()
        samples.append(time.perf_counter() - start)
        if response.status >= 400:
            raise RuntimeError(f"{method} {path} answered {response.status}")
    return statistics.median(samples)


def http_endpoints(n: int = 400) -> list[tuple[str, float, float]]:
    port = _free_port()
    env = dict(os.environ, BIND=f"127.0.0.1:{port}", WORKERS="1", THREADS="2", ACCESS_LOG="")
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
        _time_requests(conn, "GET", "/healthz", None, 50)  # warm up
        base = _time_requests(conn, "GET", "/healthz", None, n)
        rows = [("baseline: GET /healthz", base, 1.0)]
        for method, path, body in _examples(spec):
            if path == "/healthz":
                continue
            t = _time_requests(conn, method, path, body, n)
            rows.append((f"{method} {path}", t, t / base))
        conn.close()
        return rows
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)


def _table(title: str, rows: list[tuple[str, float, float]]) -> None:
    print(f"\n{title}")
    print(f"  {'what':45} {'per call':>12} {'x baseline':>11}")
    for name, seconds, ratio in rows:
        print(f"  {name:45} {seconds * 1e6:9.2f} us {ratio:10.2f}x")


def main() -> None:
    print(f"Python {sys.version.split()[0]} on {os.cpu_count()} cores")
    _table(
        "Engine (20000 random positions; 20 random legal rounds per preset and trump mode)",
        engine(),
    )
    per_result, count = engine_memory()
    print(f"\n  memory: {per_result} bytes retained per legal_moves result ({count} results)")
    _table("HTTP through gunicorn (median of 400 sequential keep-alive requests)", http_endpoints())


if __name__ == "__main__":
    main()
