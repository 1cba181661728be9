"""The arena: duplicate matches between two computer players (``make arena``).

Each deal is played twice with the same cards and dealer, the players' sides swapped, so
the luck of the cards cancels: the margin of a deal is the average, over its two plays,
of player A's side's round score minus player B's. Reported: the mean margin per deal with
a 95% confidence interval (normal approximation over the N deals), the contracts taken and
made by each player's side, and each player's suggestion latency (p50 / p95 / p99 / max,
milliseconds, wall clock of the call in this process).

Without ``--auction`` the contract is fixed before play (the same in both plays): the
seat and suit with the best :func:`players.reading.side_points` over the full hands, suit
contracts only, the Coinche value its estimate rounded down (80 at least). With
``--auction`` the cards are dealt as the game deals them and the auction is bid by each
side's bidding player (``--bid-a`` / ``--bid-b``: ``strong`` = take with strong trumps,
``heuristic``, ``normal``, ``hard``, or a bidding level's variant
``name+field=value+...``, :func:`players.bidding.bid_level_of`, e.g.
``hard+solved=0.5``; every preset's auction, belot's contra and recontra
scored, klaverjas_proposed's suits drawn apart from the pack); a redeal scores 0. With
the same bidder on both sides the auction is the same in both plays, so the card players
are compared on contracts reached by a real auction, whose bids they can read (``hard``
weighs its deals by them).

A player is ``random``, ``greedy``, a level (``beginner``, ``casual``, ``easy``, ``normal``,
``hard``), ``plain`` (the reference sampler), or a level's variant for experiments,
``name+field=value+...`` (:func:`players.driver.level_of`, e.g.
``normal+samples=20+nodes=200``).

colver's players (``bench/colver_table.py``): ``colver-isdd`` (IS-DD, constraint-uniform
worlds), ``colver-smart`` (smart IS-MCTS), both 150 ms of wall-clock time per card or the
budget after an ``@`` (``colver-isdd@380``), ``colver-heuristic`` and ``colver-oracle``
(double-dummy with every hand open: the ceiling); its bidders ``colver-improved`` and
``colver-maxi``. A pairing with any of them plays the ``coinche`` preset with the options
under which the two engines agree (``colver_table.OPTIONS``), colver's engine following
every bid and card: each is checked legal in both engines, the legal sets and the scores
of the two are compared and the differences counted in the results. Card points are
reported beside the score: A's side's card points (last trick or capot included) minus
B's, per deal, averaged over its two plays.

    python bench/arena.py --a normal --b greedy --deals 300 --preset belote
    python bench/arena.py --pairs normal:greedy,hard:greedy --deals 200 --jobs 2
    python bench/arena.py --a hard --b plain --auction --bid-a heuristic --bid-b heuristic
    python bench/arena.py --a hard --b colver-isdd --deals 100 --json build/arena.jsonl
    python bench/arena.py --a hard --b hard --auction --bid-a hard --bid-b colver-improved
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import math
import os
import platform
import random
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import colver_table  # bench/ is this script's sys.path[0]

from service.engine.cards import mask_of
from service.engine.deal import Deal, deal_round
from service.engine.round import Round
from service.engine.rulesets import get_ruleset
from service.engine.scoring import ContractBid
from service.players import bidding, reading, table
from service.players.driver import player


def _bidder(name: str):
    if colver_table.is_bidder(name):
        return ColverSeat(name)
    if name == "strong":
        return bidding.strong_trumps_bid
    if name == "heuristic":
        return bidding.heuristic_bid

    def bid(view, rng):
        return bidding.suggest_bid(view, name, rng.randrange(1 << 30)).bid

    return bid


def _card_player(name: str):
    return ColverSeat(name) if colver_table.is_card_player(name) else player(name)


class ColverSeat:
    """One of colver's card players or bidders at our table. Before each play the arena
    gives it the round's :class:`ColverTable` (card players) or the deal (bidders)."""

    def __init__(self, name: str):
        self.name = name
        self.table = None
        self.hands = None

    def __call__(self, view, rng):
        if colver_table.is_card_player(self.name):
            return self.table.decide(view.seat)
        return colver_table.colver_bid(self.name, self.hands, view.dealer, view.bids)


def fixed_contract(rules, hands):
    """The seat and suit with the best hand evaluation; Coinche: its value too."""
    best = None
    for seat in range(rules.players):
        for mode in rules.trump_modes:
            if mode not in "CDHS":
                continue
            value = reading.side_points(hands[seat], mode, rules)
            if best is None or value > best[0]:
                best = (value, seat, mode)
    value, seat, mode = best
    bid = None
    if rules.bidding == "coinche":
        bid = ContractBid(max(80, min(160, int(value - 10) // 10 * 10)), "none")
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


def shuffled(rules, seed: int, index: int) -> Deal:
    """Deal ``index`` of ``seed``: the engine's deal (:func:`deal.deal_round`, seeded, so
    the same on every run and machine), its dealer ``index % rules.players``."""
    return deal_round(rules, index % rules.players, seed=f"arena {seed} {index}")


def game_rng(seed: int, index: int) -> random.Random:
    """The generator the players of deal ``index`` of ``seed`` draw from, in each play."""
    return random.Random(seed * 7_919 + index)


def bid_deal(rules, seed: int, index: int, bidder: str):
    """Deal ``index`` of ``seed`` (:func:`shuffled`) bid by ``bidder`` at every seat: the
    round after its auction, the full hands (bit sets), the contract (None: a redeal)
    and the bids. The same on every call (the players' generator: :func:`game_rng`)."""
    dealt = shuffled(rules, seed, index)
    record = table.deal_record(dealt)
    hands = [mask_of(h) for h in record.hands]
    seat_bidder = _bidder(bidder)
    if isinstance(seat_bidder, ColverSeat):
        seat_bidder.hands = hands
    game = Round(rules, dealt.dealer, record)
    bidders = [seat_bidder] * rules.players
    contract, bids = table.bid_round(game, bidders, game_rng(seed, index))
    return game, hands, contract, bids


def play_deal(args) -> dict:
    preset, options, a, b, bid_a, bid_b, auction, seed, index, *rest = args
    silent = rest[0] if rest else ""
    rules = get_ruleset(preset, options)
    dealt = shuffled(rules, seed, index)
    dealer = dealt.dealer
    # Sides are "A" and "B" (the two may be the same player with different bidders).
    names = {"A": a, "B": b}
    timed = {"A": Timed(_card_player(a)), "B": Timed(_card_player(b))}
    timed_bid = {"A": Timed(_bidder(bid_a)), "B": Timed(_bidder(bid_b))}
    out = {
        "margin": 0.0,
        "cards": 0.0,
        "taken": {"A": 0, "B": 0},
        "made": {"A": 0, "B": 0},
        # Coinche: contracts each side coinched (surcoinched ones included), and of them
        # the ones the takers made anyway
        "coinched": {"A": 0, "B": 0},
        "coinched_made": {"A": 0, "B": 0},
        "redeal": 0,
        "checked": 0,
        "legal_differences": 0,
        "score_differences": [],
    }
    for swap in (False, True):
        first, second = ("B", "A") if swap else ("A", "B")
        seats = [first if s % 2 == 0 else second for s in range(rules.players)]
        rng = game_rng(seed, index)
        if auction:
            record = table.deal_record(dealt)
            full = [mask_of(h) for h in record.hands]
        else:
            size = rules.hand_size
            pack = dealt.pack
            full = [mask_of(pack[s * size : (s + 1) * size]) for s in range(rules.players)]
        cv = _colver_round(full, dealer, seats, names, timed, timed_bid, seed, index, swap)
        players = [timed[name] for name in seats]
        speaks = [name not in silent for name in seats]
        if auction:
            bidders = [timed_bid[name] for name in seats]
            if cv:
                cv.start()
            game = Round(rules, dealer, record)
            contract, bids = table.bid_round(game, bidders, rng)
            if cv:
                for made_bid in bids:
                    cv.bid(made_bid)
                cv.end_auction(contract)
            if contract is None:
                out["redeal"] += 1
                continue
            played = table.play_out(
                game,
                players,
                rng,
                bids,
                watch=cv.card if cv else None,
                announces=speaks,
                contract=contract,
            )
            taker = played.taker
        else:
            hands = full
            taker, trump, bid = fixed_contract(rules, hands)
            if cv:
                cv.set_contract(trump, int(bid.value), rules.team_of(taker), bid.coinche)
                cv.start()
            played = table.play_round(
                rules,
                hands,
                trump,
                taker,
                players,
                rng,
                dealer,
                bid,
                watch=cv.card if cv else None,
                announces=speaks,
            )
        score = played.score.score
        team_a = 1 if swap else 0
        out["margin"] += (score[team_a] - score[1 - team_a]) / 2
        cards = played.score.figures.cards
        out["cards"] += (cards[team_a] - cards[1 - team_a]) / 2
        takers = seats[taker]
        out["taken"][takers] += 1
        out["made"][takers] += int(played.score.outcome.made)
        if auction and contract.coinched_by is not None:
            coinchers = seats[contract.coinched_by]
            out["coinched"][coinchers] += 1
            out["coinched_made"][coinchers] += int(played.score.outcome.made)
        if cv:
            out["checked"] += cv.cards
            out["legal_differences"] += cv.legal_differences
            if tuple(cv.rewards()) != tuple(score):
                out["score_differences"].append([index, swap, list(score), list(cv.rewards())])
    out["times"] = {name: t.times for name, t in timed.items()}
    out["cpu"] = {name: t.cpu for name, t in timed.items()}
    out["bid_cpu"] = {name: t.cpu for name, t in timed_bid.items()}
    return out


def uses_colver(a: str, b: str, bid_a: str, bid_b: str, auction: bool) -> bool:
    """Whether a pairing seats one of colver's players or (in an auction) bidders."""
    if colver_table.is_card_player(a) or colver_table.is_card_player(b):
        return True
    return auction and (colver_table.is_bidder(bid_a) or colver_table.is_bidder(bid_b))


def _colver_round(hands, dealer, seats, names, timed, timed_bid, seed, index, swap):
    """colver's engine for one play of a deal, its players seated, its bidders given the
    deal; None when the pairing has none of colver's."""
    colver_seats = [s for s, side in enumerate(seats) if colver_table.is_card_player(names[side])]
    colver_bidders = [t.fn for t in timed_bid.values() if isinstance(t.fn, ColverSeat)]
    if not colver_seats and not colver_bidders:
        return None
    cv = colver_table.ColverTable(hands, dealer, seed=(seed * 1_000_003 + index) * 2 + swap)
    for s in colver_seats:
        cv.seat(s, names[seats[s]])
    for t in timed.values():
        if isinstance(t.fn, ColverSeat):
            t.fn.table = cv
    for fn in colver_bidders:
        fn.hands = hands
    return cv


def mean_ci(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    mean = sum(values) / len(values)
    var = sum((m - mean) ** 2 for m in values) / max(1, len(values) - 1)
    return mean, 1.96 * math.sqrt(var / len(values))


def commit() -> str:
    """The commit measured (with ``+dirty`` when the work tree has changes)."""
    root = Path(__file__).resolve().parent.parent
    run = functools.partial(subprocess.run, cwd=root, capture_output=True, text=True)
    head = run(["git", "rev-parse", "--short", "HEAD"]).stdout.strip()
    dirty = run(["git", "status", "--porcelain", "--untracked-files=no"]).stdout.strip()
    return head + ("+dirty" if dirty else "")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def match(
    preset, options, a, b, deals, seed, jobs, auction, bid_a, bid_b, partial=None, silent=""
) -> dict:
    """Play the deals and summarize them; every 10 deals the margin so far is printed and,
    with ``partial`` (a file name), the summary so far written there (a long run stopped
    early still has its figures). ``silent``: the sides ("A", "B") that never announce a
    declaration."""
    work = [(preset, options, a, b, bid_a, bid_b, auction, seed, i, silent) for i in range(deals)]
    started, measured = time.time(), commit()
    args = (preset, a, b, auction, bid_a, bid_b, started, measured, seed)
    results = []
    with ProcessPoolExecutor(jobs) if jobs > 1 else contextlib.nullcontext() as pool:
        done = pool.map(play_deal, work, chunksize=2) if pool else map(play_deal, work)
        for r in done:
            results.append(r)
            if len(results) % 10 == 0:
                row = summary(results, *args)
                line = f"{a} vs {b}: {len(results)} deals, {row['margin']:+.1f} ± {row['ci95']:.1f}"
                print(line, file=sys.stderr, flush=True)
                if partial:
                    Path(partial).write_text(json.dumps(row) + "\n")
    return summary(results, *args)


def summary(results, preset, a, b, auction, bid_a, bid_b, started, measured, seed) -> dict:
    """The row of a match over the deals played so far."""
    deals = len(results)
    margins = [r["margin"] for r in results]
    mean, half = mean_ci(margins)
    card_mean, card_half = mean_ci([r["cards"] for r in results])
    times = {"A": [], "B": []}
    cpu = {"A": [], "B": []}
    bid_cpu = {"A": [], "B": []}
    counts = {key: {"A": 0, "B": 0} for key in ("taken", "made", "coinched", "coinched_made")}
    for r in results:
        for name in ("A", "B"):
            times[name] += r["times"][name]
            cpu[name] += r["cpu"][name]
            bid_cpu[name] += r["bid_cpu"][name]
            for key, count in counts.items():
                count[name] += r[key][name]
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
        out = {q: percentile(values, x) for q, x in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99))}
        return out | {"mean": sum(values) / len(values) if values else float("nan")}

    cpu_latency = {name: quantiles(t) for name, t in cpu.items()}
    return {
        "preset": preset,
        "a": a,
        "b": b,
        "auction": auction,
        "bid_a": bid_a if auction else None,
        "bid_b": bid_b if auction else None,
        "seed": seed,
        "deals": deals,
        "margin": round(mean, 2),
        "ci95": round(half, 2),
        "card_margin": round(card_mean, 2),
        "card_ci95": round(card_half, 2),
        "taken": counts["taken"],
        "made": counts["made"],
        "coinched": counts["coinched"] if auction else None,
        "coinched_made": counts["coinched_made"] if auction else None,
        "redeals": sum(r["redeal"] for r in results),
        # colver pairings: cards checked legal in both engines, cards where the two legal
        # sets differed, rounds the two engines scored differently (deal, swap, ours, its)
        "colver_checked": sum(r["checked"] for r in results),
        "legal_differences": sum(r["legal_differences"] for r in results),
        "score_differences": [d for r in results for d in r["score_differences"]],
        "latency_ms": latency,
        "cpu_ms": cpu_latency,
        "bid_cpu_ms": {name: quantiles(t) for name, t in bid_cpu.items()} if auction else None,
        "load": os.getloadavg()[0],
        "seconds": round(time.time() - started, 1),
        "commit": measured,
        "margins": margins,  # per deal, in order: two runs on one seed pair (paired.py)
    }


def markdown(rows: list[dict]) -> str:
    lines = [
        "| preset | A vs B | bidding | deals | A's margin per deal (95% CI) "
        "| card points (95% CI) | contracts made A / B "
        "| A latency p50/p95/p99 ms (CPU p50/p95/p99, mean) "
        "| B latency p50/p95/p99 ms (CPU p50/p95/p99, mean) | commit |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lat = r["latency_ms"]

        def fmt(name, lat=lat, cpu=r["cpu_ms"]):
            x, c = lat[name], cpu[name]
            return (
                f"{x['p50']:.1f} / {x['p95']:.1f} / {x['p99']:.1f} "
                f"({c['p50']:.1f} / {c['p95']:.1f} / {c['p99']:.1f}, {c['mean']:.1f})"
            )

        a, b = r["a"], r["b"]
        bidding_cell = "fixed"
        if r["auction"]:
            bid_a = r["bid_cpu_ms"]["A"]
            coinched, made = r.get("coinched"), r.get("coinched_made")
            coinches = (
                f", coinched (made anyway) A {coinched['A']} ({made['A']}) / "
                f"B {coinched['B']} ({made['B']})"
                if coinched
                else ""
            )
            bidding_cell = (
                f"{r['bid_a']} vs {r['bid_b']}, {r['redeals']} redeals{coinches}, A's bid CPU "
                f"p50/p95 {bid_a['p50']:.1f} / {bid_a['p95']:.1f} ms"
            )
        lines.append(
            f"| {r['preset']} | {a} vs {b} | {bidding_cell} | {r['deals']} "
            f"| {r['margin']:+.1f} ± {r['ci95']:.1f} "
            f"| {r['card_margin']:+.1f} ± {r['card_ci95']:.1f} "
            f"| {r['made']['A']}/{r['taken']['A']} vs {r['made']['B']}/{r['taken']['B']} "
            f"| {fmt('A')} | {fmt('B')} | {r['commit']} |"
        )
        if r["colver_checked"]:
            lines.append(
                f"|  | colver: {r['colver_checked']} cards legal in both engines, "
                f"{r['legal_differences']} legal sets differ, "
                f"{len(r['score_differences'])} rounds scored differently |"
            )
    return "\n".join(lines)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--a", default="normal")
    parser.add_argument("--b", default="greedy")
    parser.add_argument("--pairs", help="a:b,c:d,... instead of --a/--b")
    parser.add_argument("--preset", help="default belote; with colver, coinche")
    parser.add_argument("--options", default=None, help="ruleset options as JSON")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--auction", action="store_true")
    parser.add_argument("--bid-a", default="hard")
    parser.add_argument("--bid-b", default="strong")
    parser.add_argument("--json", help="append the results as JSON lines to this file")
    parser.add_argument(
        "--silent", default="", help="the sides (A, B, AB) that never announce a declaration"
    )
    args = parser.parse_args(argv)
    options = json.loads(args.options) if args.options else None
    pairs = [p.split(":") for p in args.pairs.split(",")] if args.pairs else [(args.a, args.b)]
    rows = []
    for a, b in pairs:
        preset, opts = args.preset or "belote", options
        if uses_colver(a, b, args.bid_a, args.bid_b, args.auction):
            if args.preset not in (None, colver_table.PRESET) or options is not None:
                parser.error("colver plays the coinche preset with colver_table.OPTIONS only")
            preset, opts = colver_table.PRESET, colver_table.OPTIONS
        row = match(
            preset,
            opts,
            a,
            b,
            args.deals,
            args.seed,
            args.jobs,
            args.auction,
            args.bid_a,
            args.bid_b,
            args.json + ".partial" if args.json else None,
            args.silent,
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
