"""Coinche decisions measured one by one: the bidders' calls where a coinche is legal,
each valued on the real hands.

The positions come from auctions that colver's ``bid_improved`` bids at every seat, on
``coinche`` with colver's options (``colver_table.OPTIONS``), deals seeded as the arena
deals them: every position where the seat to speak may coinche the other side's bid.
A call is valued by finishing the auction after it with ``bid_improved`` at every seat
and scoring the contract reached on the real hands, for the seat's side: double-dummy
(the compiled solver, ``driver.solved_round_margin``) and played out by ``normal`` at
every seat. Each bidder named is asked for its call at every position; its mean value
over passing there, against the best of pass and coinche (the oracle) and colver's own
call, says what its calls gain or lose on exactly these decisions, without the noise of
whole rounds. Not a test: colver is a benchmark dependency.

    .venv/bin/python bench/coinches.py --deals 300 --bidders hard,hard+candidates=40
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import arena
import colver_table

from service.engine.bidding import COINCHE, PASS, run_auction
from service.engine.cards import mask_of
from service.engine.round import Round
from service.engine.round_state import DealRecord
from service.engine.rulesets import get_ruleset
from service.players import bidding, table
from service.players.bidding import AuctionView
from service.players.driver import player, solved_round_margin

RULES = get_ruleset(colver_table.PRESET, colver_table.OPTIONS)
REFERENCE = "colver-improved"


def colver_bidder(hands) -> arena.ColverSeat:
    """``bid_improved`` at a seat, reading the deal ``hands``."""
    seat = arena.ColverSeat(REFERENCE)
    seat.hands = hands
    return seat


def dealt_of(seed: int, index: int):
    """The deal (bit sets as the auction sees them, the turned card, the record) and
    dealer the arena plays as deal ``index`` of ``seed``."""
    record = table.deal_record(arena.shuffled(RULES, seed, index))
    hands = [mask_of(h) for h in record.hands]
    return Dealt(hands, record.turned, record), index % RULES.players


@dataclass(frozen=True)
class Dealt:
    hands: list[int]
    turned: int | None
    record: DealRecord


def positions(seed: int, index: int) -> list[dict]:
    """The positions of deal ``index``'s auction (``bid_improved`` at every seat) where
    the seat to speak may coinche."""
    dealt, dealer = dealt_of(seed, index)
    bidder = colver_bidder(dealt.hands)
    made, found = [], []
    while True:
        result = run_auction(RULES, dealer, made, dealt.turned)
        if result.complete:
            return found
        seat = result.next_seat
        view = AuctionView(RULES, seat, dealt.hands[seat], dealer, tuple(made), dealt.turned)
        call = bidder(view, None)
        if any(b.action == COINCHE for b in bidding._legal(view)):
            found.append({"index": index, "bids": list(made), "seat": seat, "colver": call})
        made.append(call)


def value(seed: int, pos: dict, call, normal) -> dict:
    """The call's value for the seat's side on the real hands: the auction finished by
    ``bid_improved``, the contract double-dummy and played by ``normal``."""
    dealt, dealer = dealt_of(seed, pos["index"])
    rng = arena.game_rng(seed, pos["index"])
    game = Round(RULES, dealer, dealt.record)
    bidders = [colver_bidder(dealt.hands)] * 4
    contract, bids = table.bid_round(game, bidders, rng, (*pos["bids"], call))
    return scored(game, dealer, contract, bids, RULES.team_of(pos["seat"]), normal, rng)


def scored(game: Round, dealer: int, contract, bids, team: int, normal, rng) -> dict:
    """A contract reached on the deal, for ``team``: its double-dummy margin, its margin
    played out by ``normal`` at every seat, and whether it was made."""
    if contract is None:
        return {"dd": 0.0, "normal": 0.0, "made": None}
    hands = table.start_play(game)
    bid = table.contract_bid(contract)
    dd = solved_round_margin(RULES, hands, contract.trump, contract.taker, dealer, bid, team, {})
    played = table.play_out(game, [normal] * 4, rng, bids, contract=contract)
    score = played.score.score
    made = played.score.outcome.made
    return {"dd": dd, "normal": float(score[team] - score[1 - team]), "made": made}


def decide(job) -> dict:
    seed, pos, bidders = job
    dealt, dealer = dealt_of(seed, pos["index"])
    seat = pos["seat"]
    view = AuctionView(RULES, seat, dealt.hands[seat], dealer, tuple(pos["bids"]), dealt.turned)
    normal = player("normal")
    calls = {"pass": bidding.Call(PASS), "coinche": bidding.Call(COINCHE), "colver": pos["colver"]}
    for name in bidders:
        calls[name] = bidding.suggest_bid(view, name, seed * 31 + pos["index"]).bid
    values, cache = {}, {}
    for name, call in calls.items():
        if call not in cache:
            cache[call] = value(seed, pos, call, normal)
        values[name] = cache[call]
    return {
        "index": pos["index"],
        "seat": seat,
        "calls": {k: str(v) for k, v in calls.items()},
        "values": values,
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--bidders", default="hard")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", help="append the positions' values (JSON lines) here")
    args = parser.parse_args(argv)
    bidders = args.bidders.split(",")
    found = [p for i in range(args.deals) for p in positions(args.seed, i)]
    with mp.Pool(args.jobs) as pool:
        rows = pool.map(decide, [(args.seed, p, bidders) for p in found], chunksize=1)
    if args.json:
        with open(args.json, "a") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")
    n = len(rows)
    print(f"{n} positions where a coinche is legal, from {args.deals} deals (seed {args.seed})")
    print("| call by | coinches | of them made | mean over passing dd | normal |")
    print("|---|---|---|---|---|")
    for name in ["coinche", "colver", *bidders]:
        coinched = [r for r in rows if r["calls"][name] == str(bidding.Call(COINCHE))]
        made = sum(1 for r in coinched if r["values"]["coinche"]["made"])
        gain = {
            k: sum(r["values"][name][k] - r["values"]["pass"][k] for r in rows) / n
            for k in ("dd", "normal")
        }
        print(f"| {name} | {len(coinched)} | {made} | {gain['dd']:+.1f} | {gain['normal']:+.1f} |")
    oracle = {
        k: sum(max(0.0, r["values"]["coinche"][k] - r["values"]["pass"][k]) for r in rows) / n
        for k in ("dd", "normal")
    }
    print(f"| the better of pass and coinche | | | {oracle['dd']:+.1f} | {oracle['normal']:+.1f} |")


if __name__ == "__main__":
    main()
