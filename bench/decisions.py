"""Decisions against colver's IS-DD, valued by the real deal double-dummy.

The arena's margin of a duplicate deal is decided by a handful of cards (a contract made
or lost), so it needs hundreds of deals to tell two players apart. This bench looks at
single decisions instead:

``collect`` plays duplicate deals of ``hard`` against colver's IS-DD (the arena's fixed
contracts on ``coinche`` with colver's options, ``colver_table.OPTIONS``) and, at every
card with a choice, of either side, asks both ``hard`` and colver what they would play;
it keeps the seat's view, the real hands, both cards and the seed ``hard`` was given.

``evaluate`` values every legal card of each kept position with the real hands open (the
compiled solver, the round's score margin by the engine's scoring for the seat's side,
as the players value a sampled deal) and reports, per player, the mean *regret* of its
card (the best card's value minus its card's) with a 95% interval, and its difference
from colver's and from the recorded ``hard`` card on the same positions. Other players
(level variants, ``hard+samples=100``) are asked again on the kept views with the kept
seeds. The regrets add up to the game: in one play of a deal the side's score margin is
the deal's double-dummy value minus the regrets of its own cards plus those of the
other side's, so the arena's duplicate margin is the mean over the two plays of the
other side's regrets minus one's own.

    python bench/decisions.py collect --deals 40 --seed 21 --out build/decisions-21.pkl
    python bench/decisions.py evaluate build/decisions-21.pkl --players hard,normal
"""

from __future__ import annotations

import argparse
import dataclasses
import pickle
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import arena  # bench/ is this script's sys.path[0]
import colver_table

from service.engine.cards import cards_in
from service.engine.play import legal_mask
from service.engine.rulesets import get_ruleset
from service.players import dds, driver, table
from service.players.view import SeatView

RULES = get_ruleset(colver_table.PRESET, colver_table.OPTIONS)


def collect(
    deals: int,
    seed: int,
    out: Path | None,
    level: str = "hard",
    colver: str = "colver-isdd",
    bidder: str | None = None,
) -> dict:
    """Play the deals and keep their decisions (``level`` stands for hard, ``colver`` for
    colver's IS-DD: the tests play cheaper ones); written to ``out`` after each deal.
    ``bidder``: every seat bids with it (the arena's ``--auction``, the same bids in both
    plays, which the card players then read) instead of the fixed contract."""
    hard = driver.level_of(level)
    kept: list[dict] = []
    plays: list[dict] = []
    found = {"positions": kept, "plays": plays}
    for index in range(deals):
        if bidder is None:
            rng = random.Random(seed * 1_000_003 + index)
            pack = list(range(32))
            rng.shuffle(pack)
            full = [sum(1 << c for c in pack[s * 8 : (s + 1) * 8]) for s in range(4)]
            taker, trump, bid = arena.fixed_contract(RULES, full)
            dealer = index % 4
        else:  # one auction for both plays; each plays on its own copy of the round
            bid_game, full, contract, bids = arena.bid_deal(RULES, seed, index, bidder)
            dealer = bid_game.record.dealer
        for swap in (False, True):
            if bidder is not None:
                game = bid_game.copy()
            cv = colver_table.ColverTable(full, dealer, seed=(seed * 1_000_003 + index) * 2 + swap)
            for s in range(4):  # colver's player at every seat, to ask it everywhere
                cv.seat(s, colver)
            if bidder is None:
                cv.set_contract(trump, int(bid.value), RULES.team_of(taker), bid.coinche)
                cv.start()
            else:
                cv.start()
                for made in bids:
                    cv.bid(made)
                cv.end_auction(contract)
                if contract is None:
                    break  # a redeal: no play in either seat arrangement
            colver_seats = {0, 2} if swap else {1, 3}

            def seat_player(
                seat, cv=cv, colver_seats=colver_seats, full=full, index=index, swap=swap
            ):
                def play(view, r):
                    legal = list(cards_in(legal_mask(view.hand, view.position)))
                    theirs = cv.decide(seat)
                    hard_seed = r.randrange(1 << 30)
                    if len(legal) == 1:
                        return legal[0]
                    ours = driver.suggest_play(view, hard, hard_seed, driver.MAX_BUDGET_MS).card
                    played = view.played_by()
                    hands = [full[s] & ~played[s] for s in range(4)]
                    kept.append(
                        _position(view, hands, theirs, ours, hard_seed, index, swap)
                        | {"colver_seat": seat in colver_seats}
                    )
                    return theirs if seat in colver_seats else ours

                return play

            game_rng = arena.game_rng(seed, index)
            players = [seat_player(s) for s in range(4)]
            if bidder is None:
                played = table.play_round(
                    RULES, full, trump, taker, players, game_rng, dealer, bid, watch=cv.card
                )
            else:
                played = table.play_out(
                    game, players, game_rng, bids, watch=cv.card, contract=contract
                )
            ours = 1 if swap else 0  # hard's team
            score = played.score.score
            plays.append({"play": 2 * index + swap, "hard_margin": score[ours] - score[1 - ours]})
        if out is not None:
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(pickle.dumps(found))
            print(f"{index + 1} deals, {len(kept)} positions", flush=True)
    return found


def _position(view: SeatView, hands, colver: int, hard: int, seed: int, deal: int, swap: bool):
    """A kept position: the seat's view (its fields but the ruleset), the real hands left,
    both players' cards, the seed ``hard`` was given, the deal and the play."""
    return {
        "view": {
            f.name: getattr(view, f.name) for f in dataclasses.fields(view) if f.name != "ruleset"
        },
        "hands": hands,
        "colver": colver,
        "hard": hard,
        "seed": seed,
        "deal": deal,
        "play": 2 * deal + swap,
    }


def openings(
    deals: int,
    seed: int,
    out: Path | None,
    bidder: str,
    level: str = "hard",
    colver: str = "colver-isdd",
) -> dict:
    """The opening lead of each deal whose auction (every seat bidding with ``bidder``)
    ends in a contract, kept as :func:`collect` keeps a position (``level``'s card as
    hard's, colver's player's card): many first leads, where the players differ most,
    without playing the rounds out. Written to ``out`` at the end."""
    hard = driver.level_of(level)
    kept: list[dict] = []
    for index in range(deals):
        game, full, contract, bids = arena.bid_deal(RULES, seed, index, bidder)
        if contract is None:
            continue
        state = game.state()
        leader = state.seat
        view = table._seat_view(state, leader, bids, None, None)
        cv = colver_table.ColverTable(full, game.record.dealer, seed=seed * 1_000_003 + index)
        cv.seat(leader, colver)
        cv.start()
        for made in bids:
            cv.bid(made)
        cv.end_auction(contract)
        hard_seed = arena.game_rng(seed, index).randrange(1 << 30)
        ours = driver.suggest_play(view, hard, hard_seed, driver.MAX_BUDGET_MS).card
        position = _position(view, list(full), cv.decide(leader), ours, hard_seed, index, False)
        kept.append(position | {"colver_seat": False})
    found = {"positions": kept, "plays": []}
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(pickle.dumps(found))
    print(f"{len(kept)} opening leads from {deals} deals", flush=True)
    return found


def card_values(view: SeatView, hands: list[int]) -> dict[int, float]:
    """Every legal card's score margin for the seat's side with the real hands open."""
    scorer = driver._RoundScorer(view)
    found = dds.solve(
        RULES, view.trump, hands, view.trick.leader, view.trick.cards, view.team, scorer.taken
    )
    context = scorer.deal_context(hands)
    return {c: scorer.margin(v, context) for c, v in found.items()}


def regrets(found: dict) -> dict[int, float]:
    """Per play (``2 * deal + swap``): the regrets of colver's cards played minus those of
    hard's, which is hard's score margin in that play less the deal's double-dummy value
    for hard's side (the tests check that the two plays of a deal add up)."""
    out = {p["play"]: 0.0 for p in found["plays"]}
    for p in found["positions"]:
        values = card_values(SeatView(RULES, **p["view"]), p["hands"])
        played = p["colver"] if p["colver_seat"] else p["hard"]
        regret = max(values.values()) - values[played]
        out[p["play"]] += regret if p["colver_seat"] else -regret
    return out


def select(positions: list[dict], tricks: set[int] | None, leads: bool) -> list[dict]:
    """The kept positions of these tricks (1 to 8; ``None`` or empty: every trick), only
    the leads where ``leads``."""
    return [
        p
        for p in positions
        if (not tricks or len(p["view"]["tricks"]) + 1 in tricks)
        and not (leads and p["view"]["trick"].cards)
    ]


def evaluate(
    path: Path,
    players: list[str],
    dump: Path | None = None,
    tricks: set[int] | None = None,
    leads: bool = False,
) -> None:
    """Print the table; ``dump``: also write each player's cards and CPU per decision;
    ``tricks``: only the decisions of these tricks (1 to 8); ``leads``: only leads."""
    kept = select(pickle.loads(path.read_bytes())["positions"], tricks, leads)
    views = [SeatView(RULES, **p["view"]) for p in kept]
    values = [card_values(v, p["hands"]) for v, p in zip(views, kept, strict=True)]
    best = [max(v.values()) for v in values]
    cards = {"colver": [p["colver"] for p in kept], "hard (recorded)": [p["hard"] for p in kept]}
    cpu: dict[str, list[float]] = {}
    for name in players:
        lv = driver.level_of(name)
        cards[name], cpu[name] = [], []
        for v, p in zip(views, kept, strict=True):
            start = time.thread_time()
            cards[name].append(driver.suggest_play(v, lv, p["seed"], driver.MAX_BUDGET_MS).card)
            cpu[name].append((time.thread_time() - start) * 1000)
    if dump is not None:
        dump.write_bytes(pickle.dumps({"cards": cards, "cpu": cpu, "values": values}))
    # Paired against the first player asked again (``--players``' first), where there is one.
    first = players[0] if players else "hard (recorded)"
    deals = len({p["deal"] for p in kept})
    print(f"{len(kept)} decisions with a choice, from {deals} duplicate deals ({path})")
    print(
        f"| player | regret a decision | minus colver's | minus {first}'s "
        "| differs from colver | CPU a decision (mean; p50 / p95) |"
    )
    print("|---|---|---|---|---|---|")
    for name, chosen in cards.items():
        got = [v[c] for v, c in zip(values, chosen, strict=True)]
        regret = arena.mean_ci([b - g for b, g in zip(best, got, strict=True)])
        vs = {}
        for other in ("colver", first):
            theirs = [v[c] for v, c in zip(values, cards[other], strict=True)]
            vs[other] = arena.mean_ci([g - t for g, t in zip(got, theirs, strict=True)])
        differ = sum(a != b for a, b in zip(chosen, cards["colver"], strict=True))
        ms = "-"
        if name in cpu:
            xs = sorted(cpu[name])
            ms = (
                f"{sum(xs) / len(xs):.0f} ms; {xs[len(xs) // 2]:.0f} / "
                f"{xs[int(0.95 * (len(xs) - 1))]:.0f}"
            )
        print(
            f"| {name} | {regret[0]:.2f} ± {regret[1]:.2f} | {vs['colver'][0]:+.2f} ± "
            f"{vs['colver'][1]:.2f} | {vs[first][0]:+.2f} ± "
            f"{vs[first][1]:.2f} | {differ} | {ms} |"
        )
    # The cards played: who played them (the other side's were asked, not played).
    for side in (True, False):
        own = "colver" if side else "hard (recorded)"
        regrets = [
            best[i] - values[i][cards[own][i]]
            for i, p in enumerate(kept)
            if p["colver_seat"] == side
        ]
        print(f"played by {own}: {len(regrets)} cards, regrets summed {sum(regrets):.0f}")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name, deals, auction in (("collect", 40, None), ("openings", 1000, "colver-improved")):
        c = sub.add_parser(name)
        c.add_argument("--deals", type=int, default=deals)
        c.add_argument("--seed", type=int, default=21)
        c.add_argument("--out", type=Path, default=Path(f"build/{name}.pkl"))
        c.add_argument("--level", default="hard", help="our player (a level or a variant)")
        c.add_argument("--colver", default="colver-isdd", help="colver's player")
        c.add_argument(
            "--auction",
            metavar="BIDDER",
            default=auction,
            help="every seat bids with it (colver-improved, hard...)",
        )
    e = sub.add_parser("evaluate")
    e.add_argument("path", type=Path)
    e.add_argument("--players", default="", help="levels to ask again, comma-separated")
    e.add_argument("--dump", type=Path, help="write the cards and CPU per decision here")
    e.add_argument("--tricks", default="", help="only these tricks' decisions, e.g. 1,2")
    e.add_argument("--leads", action="store_true", help="only the leads")
    args = parser.parse_args(argv)
    if args.command == "collect":
        collect(args.deals, args.seed, args.out, args.level, args.colver, args.auction)
    elif args.command == "openings":
        openings(args.deals, args.seed, args.out, args.auction, args.level, args.colver)
    else:
        tricks = {int(t) for t in args.tricks.split(",") if t}
        players = [p for p in args.players.split(",") if p]
        evaluate(args.path, players, args.dump, tricks, args.leads)


if __name__ == "__main__":
    main()
