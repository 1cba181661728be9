"""How often reading the match changes a call or a card (issue 35, "Playing to the match").

For ``--situations`` late-match situations drawn as ``bench/match_arena.py --start late``
draws them, the first seat of a fresh deal whose bidder reads the match (the end within
reach) is asked for its call twice, with the match situation and without it, with the
same seed. Reported: the calls that read the match, how many of them differ, and a few
of those. A match-winning rate can move only through the calls that differ, so their
share bounds what ``bench/match_arena.py`` can show.

With ``--cards LEVEL``: the round of each situation is bid by ``--level`` and played by
``LEVEL``; every card is asked twice, with the match and without it (the same seed),
and the card without it is played. Reported as for the calls, per card.

    python bench/match_calls.py --level hard --situations 150
    python bench/match_calls.py --cards hard --situations 60
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import match_arena  # bench/ is this script's sys.path[0]

from service.engine.cards import card_name
from service.engine.match import MatchSituation
from service.engine.round import Round
from service.engine.rulesets import get_ruleset
from service.players import bidding, driver, table


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="belote")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--situations", type=int, default=150)
    parser.add_argument("--seed", type=int, default=99)
    parser.add_argument("--cards", default=None, help="ask the card player instead")
    args = parser.parse_args(argv)
    rules = get_ruleset(args.preset)
    if args.cards:
        cards(rules, args)
        return
    read = differ = 0
    began = time.process_time()
    for m in range(args.situations):
        totals, held = match_arena.late_start(rules, args.seed, m)
        situation = MatchSituation(totals, held, None)
        dealer = m % rules.players
        game = Round(rules, dealer, table.deal(rules, dealer, f"calls {args.seed} {m}"))
        for k in range(rules.players):
            seat = (dealer + 1 + k) % rules.players
            view = table.auction_view(game, seat, ())
            seed = m * 10 + k
            aware = bidding.suggest_bid(view, args.level, seed, match=situation)
            if aware.chances is None:
                continue
            blind = bidding.suggest_bid(view, args.level, seed)
            read += 1
            if aware.bid != blind.bid:
                differ += 1
                if differ <= 6:
                    print(
                        f"  totals {totals}, seat of team {rules.team_of(seat)}: "
                        f"{aware.bid.action} {aware.bid.trump or ''} reading the match, "
                        f"{blind.bid.action} {blind.bid.trump or ''} without"
                    )
            break
    print(
        f"{args.preset}, {args.level}: {read} calls read the match, {differ} differ "
        f"({time.process_time() - began:.0f} s of CPU)"
    )


def cards(rules, args) -> None:
    """The ``--cards`` count (see the module's note)."""
    lv = driver.level_of(args.cards)
    counts = {"read": 0, "differ": 0}
    began = time.process_time()

    def ask(situation: MatchSituation):
        def play(view, rng):
            seed = rng.randrange(1 << 30)
            aware = driver.suggest_play(view, lv, seed, driver.MAX_BUDGET_MS, match=situation)
            blind = driver.suggest_play(view, lv, seed, driver.MAX_BUDGET_MS)
            if aware.chances is not None:
                counts["read"] += 1
                if aware.card != blind.card:
                    counts["differ"] += 1
                    if counts["differ"] <= 6:
                        print(
                            f"  totals {situation.totals}, seat of team {view.team}, "
                            f"{len(view.tricks)} tricks played: {card_name(aware.card)} "
                            f"reading the match, {card_name(blind.card)} without"
                        )
            return blind.card

        return play

    for m in range(args.situations):
        totals, held = match_arena.late_start(rules, args.seed, m)
        situation = MatchSituation(totals, held, None)
        dealer = m % rules.players
        dealt, rng = match_arena.shuffled(rules, args.seed, m, 0, dealer)
        bidder = match_arena.readers(args.level, args.cards, "")[0]
        players = [ask(situation)] * rules.players
        table.play_deal(rules, dealer, dealt, [bidder] * rules.players, players, rng)
    print(
        f"{args.preset}, {args.cards}: {counts['read']} cards read the match, "
        f"{counts['differ']} differ ({time.process_time() - began:.0f} s of CPU)"
    )


if __name__ == "__main__":
    main()
