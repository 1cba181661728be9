"""How the card players should read a bidder's Coinche bids: the reading's fit.

A card player weighs its sampled deals by :func:`service.players.reading.bids_likelihood`:
a bid is likelier the further its bidder's hand evaluation clears the bid's value plus
``offset`` (a logistic of width ``scale``); a pass, the less the hand clears the next
value. This bench has a named bidder bid the auctions of the arena's deals (every seat
the same bidder, the cards the engine's seeded deals of ``bench/arena.py``), then prints
the mean log-likelihood a call of those auctions, given the real hands, over a grid of
offsets and scales: the best is the reading that fits that bidder (maximum likelihood).

    python bench/bid_reading.py --bidder colver-improved --deals 1000 --seed 23
    python bench/bid_reading.py --bidder heuristic --deals 1000 --seed 23
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import arena  # bench/ is this script's sys.path[0]
import colver_table

from service.engine.bidding import BID, PASS
from service.engine.rulesets import get_ruleset
from service.players import reading

RULES = get_ruleset(colver_table.PRESET, colver_table.OPTIONS)
OFFSETS = (0.0, 5.0, 10.0, 15.0, 20.0, 25.0, 30.0)
SCALES = (6.0, 9.0, 12.0, 16.0, 20.0)


def auctions(bidder: str, deals: int, seed: int) -> list[tuple[list[int], int, tuple]]:
    """Each deal's hands, dealer and the bids ``bidder`` made at every seat."""
    out = []
    for index in range(deals):
        game, hands, _, bids = arena.bid_deal(RULES, seed, index, bidder)
        out.append((hands, game.record.dealer, bids))
    return out


def fit(found: list[tuple[list[int], int, tuple]]) -> dict[tuple[float, float], float]:
    """The mean log-likelihood a call (bids and passes) for each (offset, scale)."""
    calls = sum(1 for _, _, bids in found for b in bids if b.action in (BID, PASS))
    out = {}
    for offset in OFFSETS:
        for scale in SCALES:
            total = 0.0
            for hands, dealer, bids in found:
                weigh = reading.bids_likelihood(
                    RULES, -1, dealer, bids, None, offset=offset, scale=scale
                )
                total += math.log(max(weigh(hands), 1e-300))
            out[offset, scale] = total / calls
    return out


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bidder", default="colver-improved")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=23)
    args = parser.parse_args(argv)
    found = auctions(args.bidder, args.deals, args.seed)
    table_ = fit(found)
    calls = sum(1 for _, _, bids in found for b in bids if b.action in (BID, PASS))
    bids = sum(1 for _, _, b_ in found for b in b_ if b.action == BID)
    print(f"{args.bidder}: {args.deals} deals (seed {args.seed}), {calls} calls, {bids} bids")
    print("| offset | " + " | ".join(f"scale {s:g}" for s in SCALES) + " |")
    print("|---|" + "---|" * len(SCALES))
    for offset in OFFSETS:
        row = " | ".join(f"{table_[offset, s]:.4f}" for s in SCALES)
        print(f"| {offset:g} | {row} |")
    best = max(table_, key=table_.get)
    print(f"best: offset {best[0]:g}, scale {best[1]:g} ({table_[best]:.4f} a call)")


if __name__ == "__main__":
    main()
