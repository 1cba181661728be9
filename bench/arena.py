"""The arena: duplicate matches between two computer players (``make arena``).

Each deal is played twice with the same cards and dealer, the players' sides swapped, so
the luck of the cards cancels: the margin of a deal is the average, over its two plays,
of player A's side's round score minus player B's. Reported: the mean margin per deal with
a 95% confidence interval (normal approximation over the N deals), the contracts taken and
made by each player's side, and each player's suggestion latency (p50 / p95 / p99 / max,
milliseconds, wall clock of the call in this process).

Without ``--auction`` the contract is fixed before play (the same in both plays): the
seat and suit with the best :func:`players.bidding.side_points` over the full hands, suit
contracts only, the Coinche value its estimate rounded down (80 at least). With
``--auction`` the cards are dealt as the game deals them and the auction is bid by each
side's bidding player (``--bid-a`` / ``--bid-b``: ``strong`` = take with strong trumps,
``heuristic``, ``normal``, ``hard``); a redeal scores 0. With the same bidder on both
sides the auction is the same in both plays, so the card players are compared on contracts
reached by a real auction, whose bids they can read (``hard`` weighs its deals by them).

A player is ``random``, ``greedy``, a level (``easy``, ``normal``, ``hard``), ``plain``
(the reference sampler), or a level's variant for experiments, ``name+field=value+...``
(:func:`players.driver.level_of`, e.g. ``normal+samples=20+nodes=200``).

    python bench/arena.py --a normal --b greedy --deals 300 --preset belote
    python bench/arena.py --pairs normal:greedy,hard:greedy --deals 200 --jobs 2
    python bench/arena.py --a hard --b plain --auction --bid-a heuristic --bid-b heuristic
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from service.engine.rulesets import get_ruleset
from service.engine.scoring import Bid
from service.players import bidding, table
from service.players.driver import player


def _bidder(name: str):
    if name == "strong":
        return bidding.strong_trumps_bid
    if name == "heuristic":
        return bidding.heuristic_bid

    def bid(view, rng):
        return bidding.suggest_bid(view, name, rng.randrange(1 << 30)).bid

    return bid


def fixed_contract(rules, hands):
    """The seat and suit with the best hand evaluation; Coinche: its value too."""
    best = None
    for seat in range(rules.players):
        for mode in rules.trump_modes:
            if mode not in "CDHS":
                continue
            value = bidding.side_points(hands[seat], mode, rules)
            if best is None or value > best[0]:
                best = (value, seat, mode)
    value, seat, mode = best
    bid = None
    if rules.bidding == "coinche":
        bid = Bid(max(80, min(160, int(value - 10) // 10 * 10)), "none")
    return seat, mode, bid


class Timed:
    """A card or bid player whose calls are timed."""

    def __init__(self, fn):
        self.fn = fn
        self.times: list[float] = []
        self.cpu: list[float] = []

    def __call__(self, view, rng):
        start, cpu = time.perf_counter(), time.process_time()
        out = self.fn(view, rng)
        self.times.append((time.perf_counter() - start) * 1000)
        self.cpu.append((time.process_time() - cpu) * 1000)
        return out


def play_deal(args) -> dict:
    preset, options, a, b, bid_a, bid_b, auction, seed, index = args
    rules = get_ruleset(preset, options)
    rng = random.Random(seed * 1_000_003 + index)
    pack = list(range(32))
    rng.shuffle(pack)
    dealer = index % rules.players
    # Sides are "A" and "B" (the two may be the same player with different bidders).
    timed = {"A": Timed(player(a)), "B": Timed(player(b))}
    timed_bid = {"A": Timed(_bidder(bid_a)), "B": Timed(_bidder(bid_b))}
    out = {"margin": 0.0, "taken": {"A": 0, "B": 0}, "made": {"A": 0, "B": 0}, "redeal": 0}
    for swap in (False, True):
        first, second = ("B", "A") if swap else ("A", "B")
        seats = [first if s % 2 == 0 else second for s in range(rules.players)]
        game_rng = random.Random(seed * 7_919 + index)
        if auction:
            dealt = table.deal_from(rules, pack)
            bidders = [timed_bid[name] for name in seats]
            contract, bids = table.run_bidding(rules, dealt, dealer, bidders, game_rng)
            if contract is None:
                out["redeal"] += 1
                continue
            hands = table.complete(rules, dealt, contract.taker)
            exchanged = table.seven_exchange(rules, contract, hands)
            trump, taker = contract.trump, contract.taker
            bid, turned = table.contract_bid(contract), dealt.turned
        else:
            size = rules.hand_size
            hands = [sum(1 << c for c in pack[s * size : (s + 1) * size]) for s in range(4)]
            hands = hands[: rules.players]
            taker, trump, bid = fixed_contract(rules, hands)
            turned, exchanged, bids = None, None, ()
        played = table.play_round(
            rules,
            hands,
            trump,
            taker,
            [timed[name] for name in seats],
            game_rng,
            dealer,
            bid,
            turned,
            exchanged,
            bids,
        )
        score = played.score.score
        team_a = 1 if swap else 0
        out["margin"] += (score[team_a] - score[1 - team_a]) / 2
        takers = seats[taker]
        out["taken"][takers] += 1
        out["made"][takers] += int(played.score.outcome.made)
    out["times"] = {name: t.times for name, t in timed.items()}
    out["cpu"] = {name: t.cpu for name, t in timed.items()}
    out["bid_cpu"] = {name: t.cpu for name, t in timed_bid.items()}
    return out


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def match(preset, options, a, b, deals, seed, jobs, auction, bid_a, bid_b) -> dict:
    work = [(preset, options, a, b, bid_a, bid_b, auction, seed, i) for i in range(deals)]
    started = time.time()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(play_deal, work, chunksize=4))
    else:
        results = [play_deal(w) for w in work]
    margins = [r["margin"] for r in results]
    mean = sum(margins) / len(margins)
    var = sum((m - mean) ** 2 for m in margins) / max(1, len(margins) - 1)
    half = 1.96 * math.sqrt(var / len(margins))
    times = {"A": [], "B": []}
    cpu = {"A": [], "B": []}
    bid_cpu = {"A": [], "B": []}
    taken = {"A": 0, "B": 0}
    made = {"A": 0, "B": 0}
    for r in results:
        for name in ("A", "B"):
            times[name] += r["times"][name]
            cpu[name] += r["cpu"][name]
            bid_cpu[name] += r["bid_cpu"][name]
            taken[name] += r["taken"][name]
            made[name] += r["made"][name]
    latency = {
        name: {
            "p50": percentile(t, 0.5),
            "p95": percentile(t, 0.95),
            "p99": percentile(t, 0.99),
            "max": max(t) if t else float("nan"),
            "calls": len(t),
        }
        for name, t in times.items()
    }

    def quantiles(values):
        return {q: percentile(values, x) for q, x in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99))}

    cpu_latency = {name: quantiles(t) for name, t in cpu.items()}
    return {
        "preset": preset,
        "a": a,
        "b": b,
        "auction": auction,
        "bid_a": bid_a if auction else None,
        "bid_b": bid_b if auction else None,
        "deals": deals,
        "margin": round(mean, 2),
        "ci95": round(half, 2),
        "taken": taken,
        "made": made,
        "redeals": sum(r["redeal"] for r in results),
        "latency_ms": latency,
        "cpu_ms": cpu_latency,
        "bid_cpu_ms": {name: quantiles(t) for name, t in bid_cpu.items()} if auction else None,
        "load": os.getloadavg()[0],
        "seconds": round(time.time() - started, 1),
        "margins": margins,  # per deal, in order: two runs on one seed can be paired
    }


def markdown(rows: list[dict]) -> str:
    lines = [
        "| preset | A vs B | bidding | deals | A's margin per deal (95% CI) "
        "| contracts made A / B | A latency p50/p95/p99 ms (CPU) "
        "| B latency p50/p95/p99 ms (CPU) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lat = r["latency_ms"]

        def fmt(name, lat=lat, cpu=r["cpu_ms"]):
            x, c = lat[name], cpu[name]
            return (
                f"{x['p50']:.1f} / {x['p95']:.1f} / {x['p99']:.1f} "
                f"({c['p50']:.1f} / {c['p95']:.1f} / {c['p99']:.1f})"
            )

        a, b = r["a"], r["b"]
        bidding_cell = "fixed"
        if r["auction"]:
            bid_a = r["bid_cpu_ms"]["A"]
            bidding_cell = (
                f"{r['bid_a']} vs {r['bid_b']}, {r['redeals']} redeals, A's bid CPU "
                f"p50/p95 {bid_a['p50']:.1f} / {bid_a['p95']:.1f} ms"
            )
        lines.append(
            f"| {r['preset']} | {a} vs {b} | {bidding_cell} | {r['deals']} "
            f"| {r['margin']:+.1f} ± {r['ci95']:.1f} "
            f"| {r['made']['A']}/{r['taken']['A']} vs {r['made']['B']}/{r['taken']['B']} "
            f"| {fmt('A')} | {fmt('B')} |"
        )
    return "\n".join(lines)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--a", default="normal")
    parser.add_argument("--b", default="greedy")
    parser.add_argument("--pairs", help="a:b,c:d,... instead of --a/--b")
    parser.add_argument("--preset", default="belote")
    parser.add_argument("--options", default=None, help="ruleset options as JSON")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--auction", action="store_true")
    parser.add_argument("--bid-a", default="hard")
    parser.add_argument("--bid-b", default="strong")
    parser.add_argument("--json", help="append the results as JSON lines to this file")
    args = parser.parse_args(argv)
    options = json.loads(args.options) if args.options else None
    pairs = [p.split(":") for p in args.pairs.split(",")] if args.pairs else [(args.a, args.b)]
    rows = []
    for a, b in pairs:
        row = match(
            args.preset,
            options,
            a,
            b,
            args.deals,
            args.seed,
            args.jobs,
            args.auction,
            args.bid_a,
            args.bid_b,
        )
        rows.append(row)
        print(json.dumps({k: v for k, v in row.items() if k != "margins"}), file=sys.stderr)
        if args.json:
            with open(args.json, "a") as f:
                f.write(json.dumps(row) + "\n")
    machine = f"{platform.machine()}, {os.cpu_count()} cores"
    print(f"machine: {machine}, Python {platform.python_version()}")
    print(markdown(rows))


if __name__ == "__main__":
    main()
