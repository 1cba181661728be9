"""Round outcomes of each preset, measured from the computer players' own play, and the
calibration of the chance to win a match built on them (issue 33).

Whole matches are played per preset by four (klaberjass: two) players of the same level
(cards ``greedy``, bids ``heuristic``: the cheap ones), every deal dealt, bid and played
through ``service.players.table`` and scored by the engine; the match is scored by the
engine's ``score_match`` after every round (target, both over the target, capot cannot
finish, ``match_deals``), the dealer moved by the engine's ``next_dealer``.

Matches of even index are the *model*: their rounds make the distribution of the round
outcome written to ``service/engine/data/round_outcomes.json`` (per preset, seen from the
dealer's side: the dealer's team's score, the other team's, the points held over, who won
the round, whether it cannot end a match, whether the dealer's team deals again, and how
many rounds came out so). Matches of odd index are the *test*: with ``--calibrate`` the
chance the engine gives (:mod:`service.engine.chances`, from the model) before every
round of every test match is compared with who won the match: a reliability table and
the Brier score, beside the naive rule "the side ahead wins" (ahead 1, behind 0, level
0.5), written to ``docs/chances.md``.

    nice python bench/round_outcomes.py --matches 2000 --seed 33
    nice python bench/round_outcomes.py --calibrate --seed 33
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena import commit  # bench/ is this script's sys.path[0]

from service.engine.deal import next_dealer
from service.engine.match import MatchRound, score_match
from service.engine.rulesets import PRESETS, get_ruleset
from service.players import bidding, table
from service.players.driver import player

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "service" / "engine" / "data" / "round_outcomes.json"
PLAYED = ROOT / "build" / "round_outcomes_matches.json"
DOC = ROOT / "docs" / "chances.md"
CARDS, BIDS = "greedy", "heuristic"
MAX_ROUNDS = 400


def play_match(rules, rng: random.Random, first_dealer: int) -> dict:
    """One match to its end: each round's dealer and its :class:`MatchRound` fields."""
    card = player(CARDS)
    rounds: list[MatchRound] = []
    dealers = [first_dealer]
    result = None
    while len(rounds) < MAX_ROUNDS:
        dealer = dealers[-1]
        dealt = table.deal(rules, dealer, str(rng.getrandbits(64)))
        bidders = [bidding.heuristic_bid] * rules.players
        played = table.play_deal(rules, dealer, dealt, bidders, [card] * rules.players, rng)
        if played is None:
            r = MatchRound((0, 0), redeal=True)
        else:
            s = played.score
            r = MatchRound(s.score, s.held, s.winner, s.capot)
        rounds.append(r)
        dealers.append(next_dealer(rules, dealer, r.winner, r.redeal))
        result = score_match(
            rounds,
            rules.target,
            deals=rules.match_deals,
            capot_cannot_finish=rules.match_capot_cannot_finish,
            hanging_blocks_finish=rules.match_hanging_blocks_finish,
            open_match=rules.open_match,
        )
        if result.finished:
            break
    return {
        "dealers": dealers,
        "rounds": [[*r.score, r.held, r.winner, r.capot, r.redeal] for r in rounds],
        "winner": result.winner,
        "draw": result.draw,
        "finished": result.finished,
    }


def outcome_key(rules, dealer: int, next_: int, r: list) -> tuple:
    """A round seen from its dealer's team ``d``: (d's score, the other's, held, winner
    (0: d's team, 1: the other, None), cannot finish, d's team deals next)."""
    a, b, held, winner, capot, redeal = r
    d = rules.team_of(dealer)
    mine, theirs = (a, b) if d == 0 else (b, a)
    won = None if winner is None else int(winner != d)
    blocked = capot is not None or redeal or ((a, b) == (0, 0) and not held)
    return (mine, theirs, held, won, bool(blocked), rules.team_of(next_) == d)


def play(args) -> None:
    out = json.loads(DATA.read_text()) if DATA.exists() else {}
    played = json.loads(PLAYED.read_text()) if PLAYED.exists() else {}
    measured = commit()
    for preset in args.presets.split(","):
        rules = get_ruleset(preset)
        start = time.process_time()
        counts: Counter = Counter()
        matches = []
        for m in range(args.matches):
            rng = random.Random(args.seed * 1_000_003 + m)
            match = play_match(rules, rng, m % rules.players)
            matches.append(match)
            if m % 2 == 0:
                dealers = match["dealers"]
                for k, r in enumerate(match["rounds"]):
                    counts[outcome_key(rules, dealers[k], dealers[k + 1], r)] += 1
        cpu = time.process_time() - start
        rounds = sum(counts.values())
        out[preset] = {
            "seed": args.seed,
            "commit": measured,
            "players": f"cards {CARDS}, bids {BIDS}, the same on both sides",
            "matches": (args.matches + 1) // 2,
            "rounds": rounds,
            "cpu_seconds": round(cpu, 1),
            "fields": [
                "dealer_team",
                "other_team",
                "held",
                "winner",
                "cannot_finish",
                "dealer_team_deals_next",
                "count",
            ],
            "outcomes": [[*k, n] for k, n in sorted(counts.items(), key=str)],
        }
        played[preset] = {"seed": args.seed, "commit": measured, "matches": matches[1::2]}
        print(
            f"{preset}: {args.matches} matches, {rounds} model rounds, {cpu:.1f} s CPU",
            file=sys.stderr,
            flush=True,
        )
        DATA.parent.mkdir(parents=True, exist_ok=True)
        DATA.write_text(json.dumps(out, separators=(",", ":")) + "\n")
        PLAYED.parent.mkdir(parents=True, exist_ok=True)
        PLAYED.write_text(json.dumps(played, separators=(",", ":")) + "\n")


def calibrate(args) -> None:
    from service.engine import chances

    played = json.loads(PLAYED.read_text())
    bins = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0001]
    lines = [
        "# The chance to win a match: calibration",
        "",
        "Generated by `bench/round_outcomes.py --calibrate` (issue 33). The model is the",
        "distribution of round outcomes in `service/engine/data/round_outcomes.json`, measured",
        f"from matches of computer players of equal strength ({CARDS} cards, {BIDS} bids);",
        "it is tested here on *other* matches of the same players (odd-numbered seeds). For",
        "every test match the chance of side 0 before each round (the first included) is",
        "compared with the match's result (win 1, loss 0, draw 0.5). Brier: the mean squared",
        'error of that chance; *leader*: the naive rule "the side ahead wins" (ahead 1,',
        "behind 0, level 0.5). Lower is better.",
        "",
        "| preset | commit | test matches | predictions | Brier (model) | Brier (leader) |",
        "|---|---|---:|---:|---:|---:|",
    ]
    tables = []
    for preset, run in played.items():
        rules = get_ruleset(preset)
        model = chances.model_for(rules)
        preds: list[tuple[float, float, float]] = []
        start = time.process_time()
        calls = 0
        for match in run["matches"]:
            if not match["finished"]:
                continue
            result = 0.5 if match["draw"] else 1.0 if match["winner"] == 0 else 0.0
            rounds = [MatchRound((r[0], r[1]), r[2], r[3], r[4], r[5]) for r in match["rounds"]]
            line = chances.match_chances(rules, rules.target, rounds, match["dealers"][0], model)
            calls += 1
            for k, c in enumerate(line[: len(rounds)]):
                totals = [sum(r.score[0] for r in rounds[:k]), sum(r.score[1] for r in rounds[:k])]
                leader = 1.0 if totals[0] > totals[1] else 0.0 if totals[1] > totals[0] else 0.5
                p = c.win[0] + c.draw / 2
                preds.append((p, result, leader))
        cpu = (time.process_time() - start) / max(1, calls) * 1000
        n = len(preds)
        brier = sum((p - o) ** 2 for p, o, _ in preds) / n
        naive = sum((lead - o) ** 2 for _, o, lead in preds) / n
        lines.append(f"| {preset} | {run['commit']} | {calls} | {n} | {brier:.4f} | {naive:.4f} |")
        rows = [
            f"#### {preset}",
            "",
            "| predicted | rounds | mean predicted | observed |",
            "|---|---:|---:|---:|",
        ]
        for lo, hi in itertools.pairwise(bins):
            inside = [(p, o) for p, o, _ in preds if lo <= p < hi]
            if inside:
                mp = sum(p for p, _ in inside) / len(inside)
                mo = sum(o for _, o in inside) / len(inside)
                rows.append(f"| {lo:.1f}-{min(hi, 1):.1f} | {len(inside)} | {mp:.3f} | {mo:.3f} |")
        rows.append("")
        rows.append(f"CPU per match sheet (every round's chance): {cpu:.2f} ms.")
        rows.append("")
        tables += rows
    lines += [
        "",
        f"Seed {args.seed}; the model's commit above, calibrated at commit {commit()}.",
        "Reliability per preset (predictions binned by chance):",
        "",
    ]
    DOC.write_text("\n".join(lines + tables) + "\n")
    print(DOC.read_text())


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--calibrate", action="store_true")
    args = parser.parse_args(argv)
    calibrate(args) if args.calibrate else play(args)


if __name__ == "__main__":
    main()
