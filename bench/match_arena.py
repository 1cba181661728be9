"""Whole matches to the target: a player that reads the match against the same player
that ignores it (issue 35, docs/players.md "Playing to the match").

Side A's bidder (``--read bids``), card player (``--read cards``) or both (``--read
both``) is given the match situation before each round (both totals, the points held
over, the deals left: :class:`service.engine.match.MatchSituation`); side B's, the same
level with the same seeds, is not, nor (but with ``both``) is side A's other player.
Both sides bid at ``--level`` and play their cards at ``--cards`` (default ``easy``).
The rounds are dealt, bid, played and scored by the engine, the match sheet kept by
:func:`service.engine.match.score_match` and the dealer passed by the ruleset's rule,
until the match is decided.

Duplicate pairs: match ``m`` is played twice, A on team 0 and then on team 1, with the
same deal for round ``k`` of both plays (the same pack and players' seeds; the matches
part only where A's decisions differ). Reported: A's match-winning rate (a draw counts
half) with its 95% interval over the pairs (normal approximation; each pair's mean is
one observation), N matches, the rounds played, the decisions where A's reader read the
match and both sides' CPU a decision of that player.

``--start late``: instead of 0-0, each pair starts from a late-match situation drawn
from the preset's round-outcome model (``service/engine/data/round_outcomes.json``):
rounds drawn from the model and added to 0-0 until a side is within two typical rounds
of the target (the match undecided), the same start for both plays of the pair. These
are the situations where the bidder reads the match; the figure is theirs, not a whole
match's.

    python bench/match_arena.py --preset belote --matches 40 --seed 35
    python bench/match_arena.py --start late --matches 100 --minutes 30 --json build/m.jsonl
    python bench/match_arena.py --start late --read cards --cards hard --matches 400
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import arena  # bench/ is this script's sys.path[0]

from service.engine.chances import _model, _split, typical_round
from service.engine.deal import next_dealer
from service.engine.match import MatchRound, MatchSituation, score_match
from service.engine.rulesets import get_ruleset
from service.players import bidding, table
from service.players.driver import MAX_BUDGET_MS, level_of, suggest_play

#: A match longer than this many rounds is stopped (none comes near it).
MAX_ROUNDS = 60


def shuffled(rules, seed: int, match: int, k: int, dealer: int):
    """Round ``k`` of match ``match``: the engine's deal (seeded: the same in both plays
    of a pair) and the generator its players draw from."""
    dealt = table.deal(rules, dealer, f"match {seed} {match} {k}")
    return dealt, random.Random((seed * 1_000_003 + match) * 1_009 + k)


def late_start(rules, seed: int, match: int) -> tuple[tuple[int, int], int]:
    """Totals and held-over points of a late-match situation (see the module's note)."""
    model = _model(rules.name)
    rng = random.Random(seed * 7_919 + match)
    outcomes = _split(model.outcomes)
    weights = [o.p for o in outcomes]
    reach = rules.target - 2 * typical_round(rules.name)
    while True:
        totals = [0, 0]
        while max(totals) < reach:
            o = rng.choices(outcomes, weights)[0]
            first = rng.randrange(2)  # the dealer's team
            totals[first] += o.mine
            totals[1 - first] += o.theirs
        if max(totals) < rules.target:
            return (totals[0], totals[1]), 0


class Reader:
    """A seat's bidder (``bidding.suggest_bid``) or card player (``suggest_play``) at
    ``level``, given the match situation when ``aware``; counts its decisions, those
    that read the match and its CPU time."""

    def __init__(self, suggest, level, aware: bool, pick: str, budget_ms: float | None):
        self.suggest, self.level, self.aware, self.pick = suggest, level, aware, pick
        self.budget_ms = budget_ms
        self.situation: MatchSituation | None = None
        self.read = 0
        self.calls = 0
        self.cpu = 0.0

    def __call__(self, view, rng):
        start = time.process_time()
        match = self.situation if self.aware else None
        s = self.suggest(view, self.level, rng.randrange(1 << 30), self.budget_ms, match=match)
        self.calls += 1
        self.read += s.chances is not None
        self.cpu += time.process_time() - start
        return getattr(s, self.pick)


def readers(level: str, cards: str, read: str) -> tuple[Reader, Reader]:
    """One side's bidder and card player; the one ``read`` names (or both) reads the
    match."""
    return (
        Reader(bidding.suggest_bid, level, read in ("bids", "both"), "bid", None),
        Reader(suggest_play, level_of(cards), read in ("cards", "both"), "card", MAX_BUDGET_MS),
    )


def play_match(
    rules, seed: int, m: int, a_team: int, level: str, cards: str, start, read: str
) -> dict:
    """One play of match ``m`` with side A on ``a_team``: A's result (1, 0.5 or 0).
    ``read``: whose decisions on side A read the match, the bidder's, the card
    player's or both (``bids``, ``cards``, ``both``); side B's never do. The counts and
    CPU reported are the bidder's with ``bids``, else the card player's."""
    a_bids, a_cards = readers(level, cards, read)
    b_bids, b_cards = readers(level, cards, "")
    ours = [rules.team_of(s) == a_team for s in range(rules.players)]
    bidders = [a_bids if mine else b_bids for mine in ours]
    card_players = [a_cards if mine else b_cards for mine in ours]
    aware, blind = (a_bids, b_bids) if read == "bids" else (a_cards, b_cards)
    (totals, held), rounds = start, []
    dealer = m % rules.players
    first_totals = totals
    for k in range(MAX_ROUNDS):
        sheet = score_match(
            rounds,
            rules.target,
            deals=rules.match_deals,
            capot_cannot_finish=rules.match_capot_cannot_finish,
            hanging_blocks_finish=rules.match_hanging_blocks_finish,
        )
        now = (first_totals[0] + sheet.totals[0], first_totals[1] + sheet.totals[1])
        if sheet.finished or (rounds and _decided(rules, now, rounds[-1], sheet.held + held)):
            break
        left = None if rules.match_deals is None else rules.match_deals - k
        a_bids.situation = a_cards.situation = MatchSituation(now, sheet.held + held, left)
        dealt, rng = shuffled(rules, seed, m, k, dealer)
        played = table.play_deal(rules, dealer, dealt, bidders, card_players, rng)
        if played is None:
            r = MatchRound((0, 0), redeal=True)
        else:
            s = played.score
            r = MatchRound(s.score, s.held, s.winner, s.capot)
        if held and not r.held and not r.redeal and r.winner is not None:
            # The start's held points go to this round's winner (the sheet's own rule).
            first_totals = _credit(first_totals, r.winner, held)
            held = 0
        rounds.append(r)
        dealer = next_dealer(rules, dealer, r.winner, r.redeal)
    final = score_match(rounds, rules.target, deals=rules.match_deals)
    totals = (first_totals[0] + final.totals[0], first_totals[1] + final.totals[1])
    winner = 0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else None
    result = 0.5 if winner is None else float(winner == a_team)
    return {
        "result": result,
        "rounds": len(rounds),
        "totals": totals,
        "read": aware.read,
        "calls": aware.calls,
        "calls_blind": blind.calls,
        "cpu_aware": aware.cpu,
        "cpu_blind": blind.cpu,
    }


def _credit(totals, team, points):
    out = list(totals)
    out[team] += points
    return (out[0], out[1])


def _decided(rules, totals, last: MatchRound, held: int) -> bool:
    """Whether a match begun from a late start is decided (the target reached), with the
    ruleset's blocking rules as :func:`score_match` applies them."""
    if rules.match_deals is not None:
        return False
    if rules.match_capot_cannot_finish and (last.capot is not None or last.passed_out):
        return False
    if rules.match_hanging_blocks_finish and held > 0:
        return False
    reached = [t >= rules.target for t in totals]
    return any(reached) and not (all(reached) and totals[0] == totals[1])


def summary(pairs: list[list[dict]], args, started: float, measured: str) -> dict:
    scores = [sum(p["result"] for p in pair) / 2 for pair in pairs]
    n = len(scores)
    mean, half = arena.mean_ci(scores)
    plays = [p for pair in pairs for p in pair]
    calls = sum(p["calls"] for p in plays)
    # The two plays of a pair are the same match, A's team apart, unless A's calls differ.
    differ = sum(1 for pair in pairs if pair[0]["totals"] != pair[1]["totals"])
    return {
        "preset": args.preset,
        "start": args.start,
        "read": args.read,
        "bidder": args.level,
        "cards": args.cards,
        "seed": args.seed,
        "pairs": n,
        "matches": 2 * n,
        "win_rate": round(mean, 4),
        "ci95": round(half, 4),
        "rounds": sum(p["rounds"] for p in plays),
        "aware_calls": calls,
        "calls_read": sum(p["read"] for p in plays),
        "pairs_that_differ": differ,
        "cpu_ms_per_call_aware": round(1000 * sum(p["cpu_aware"] for p in plays) / max(1, calls)),
        "cpu_ms_per_call_blind": round(
            1000 * sum(p["cpu_blind"] for p in plays) / max(1, sum(p["calls_blind"] for p in plays))
        ),
        "minutes": round((time.time() - started) / 60, 1),
        "commit": measured,
    }


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", default="belote")
    ap.add_argument("--level", default="normal", help="both sides' bidding level")
    ap.add_argument("--cards", default="easy", help="both sides' card player (a level)")
    ap.add_argument("--matches", type=int, default=40, help="pairs of matches")
    ap.add_argument("--seed", type=int, default=35)
    ap.add_argument("--start", choices=("zero", "late"), default="zero")
    ap.add_argument(
        "--read",
        choices=("bids", "cards", "both"),
        default="bids",
        help="side A's bidder reads the match, its card player (`--cards`), or both",
    )
    ap.add_argument("--minutes", type=float, default=None, help="stop after this many")
    ap.add_argument("--json", default=None, help="append the summary (JSON line) here")
    args = ap.parse_args(argv)
    rules = get_ruleset(args.preset)
    started, measured = time.time(), arena.commit()
    pairs: list[list[dict]] = []
    for m in range(args.matches):
        if args.minutes is not None and time.time() - started > args.minutes * 60:
            break
        start = late_start(rules, args.seed, m) if args.start == "late" else ((0, 0), 0)
        pair = [
            play_match(rules, args.seed, m, team, args.level, args.cards, start, args.read)
            for team in (0, 1)
        ]
        pairs.append(pair)
        if len(pairs) % 5 == 0:
            row = summary(pairs, args, started, measured)
            print(
                f"{len(pairs)} pairs: A wins {row['win_rate']:.3f} ± {row['ci95']:.3f}"
                f" ({row['minutes']} min)",
                file=sys.stderr,
                flush=True,
            )
    row = summary(pairs, args, started, measured)
    print(json.dumps(row))
    if args.json:
        with open(args.json, "a") as out:
            out.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
