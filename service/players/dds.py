"""The compiled solver: the exact value of every legal card, every hand known.

The search is in Rust (``service/dds``, the ``belote_dds`` extension module built by
``make``): alpha-beta to the end of the round with a transposition table at trick starts,
move ordering and equivalent cards merged (``service/dds/src/search.rs``). It decides no
rule: :func:`core_rules` hands it the engine's own tables for a ruleset and trump mode
(the obligation steps of every situation from :mod:`..engine.play`, each card's key in a
trick, its points, the last-trick and capot bonuses from :mod:`..engine.scoring`, the
teams and partners), so its legal cards are the engine's (tests/players/test_dds.py compares them,
and its values with the pure Python :class:`.solver.Solver`, the reference).

The value of a card is what :meth:`.solver.Solver.search` computes to the end: the card
points the side takes from here on (the trick in progress included) minus the other
side's, with the last-trick bonus, or the capot bonus instead when one side takes every
trick of the round (``taken`` says which sides took a trick before this one).

A :class:`Table` keeps bounds between searches: pass one to every :func:`solve` of a
decision (its deals share the round and trump mode; a table used with other rules empties
itself). The values never depend on the table, only the time.
"""

from __future__ import annotations

from collections.abc import Sequence

import belote_dds

from ..engine.cards import ALL_CARDS
from ..engine.play import ruleset_tables, trick_ranking
from ..engine.rulesets import Ruleset
from ..engine.scoring import end_bonus
from .view import SeatView

Table = belote_dds.Table
#: Entries of the table :func:`solve` uses when given none (2**20, 24 MiB).
DEFAULT_TABLE_BITS = 20

_RULES: dict[tuple[int, str], tuple[Ruleset, belote_dds.Rules]] = {}
_RULES_KEPT = 64
_default_table: belote_dds.Table | None = None


def core_rules(ruleset: Ruleset, trump: str) -> belote_dds.Rules:
    """The core's parameters for one ruleset and trump mode, all from the engine: the
    only place a :class:`Ruleset` becomes the solver's rules (kept per ruleset)."""
    key = (id(ruleset), trump)
    found = _RULES.get(key)
    if found is not None and found[0] is ruleset:
        return found[1]
    tables = ruleset_tables(ruleset)
    # The engine's masks are Python integers, some negative (``~trumps | higher``): the
    # same cards as their low 32 bits.
    steps = [
        [
            (applies_if & ALL_CARDS, keep & ALL_CARDS)
            for applies_if, keep in tables.rules(
                trump, slot >> 6, slot >> 1 & 31, bool(slot & 1)
            ).masks
        ]
        for slot in range(256)
    ]
    capot = None if ruleset.capot_bonus is None else end_bonus(trump, ruleset, True)
    rules = belote_dds.Rules(
        ruleset.players,
        [ruleset.team_of(s) for s in range(ruleset.players)],
        [ruleset.partner_of(s) for s in range(ruleset.players)],
        list(tables.points(trump)),
        list(trick_ranking(trump)),
        steps,
        end_bonus(trump, ruleset, False),
        capot,
    )
    if len(_RULES) >= _RULES_KEPT:
        _RULES.clear()
    _RULES[key] = (ruleset, rules)
    return rules


def default_table() -> belote_dds.Table:
    """The table of this process's searches that bring none."""
    global _default_table
    if _default_table is None:
        _default_table = Table(DEFAULT_TABLE_BITS)
    return _default_table


def solve(
    ruleset: Ruleset,
    trump: str,
    hands: Sequence[int],
    leader: int,
    trick: Sequence[int],
    team: int,
    taken: int = 0,
    table: belote_dds.Table | None = None,
    moves: Sequence[int] | None = None,
    node_limit: int | None = None,
    threshold: int | None = None,
) -> dict[int, int] | None:
    """The exact value for ``team`` of each legal card of the seat to play.

    ``hands``: every seat's cards (bit sets, seat order; a stock of undealt cards after
    them is ignored); ``trick``: the cards of the trick in progress, led by ``leader``;
    ``taken``: bit ``t`` set when team ``t`` took a trick earlier in the round;
    ``moves``: only these cards (and the cards equivalent to them) are searched;
    ``node_limit``: give up past that many search nodes and answer ``None`` (the nodes a
    search needs depend on what the table already holds: for a limit that gives the same
    answer on every run, start each decision with a new or cleared table);
    ``threshold``: one null-window test per card instead of its exact value, a fraction of
    the nodes: a value at least ``threshold`` is a lower bound of the card's value, a value
    below it an upper bound.
    Raises ``ValueError`` for hands that cannot be a position of the round."""
    wanted = ALL_CARDS
    if moves is not None:
        wanted = 0
        for c in moves:
            wanted |= 1 << c
    found = belote_dds.solve(
        core_rules(ruleset, trump),
        table if table is not None else default_table(),
        list(hands[: ruleset.players]),
        leader,
        list(trick),
        taken,
        team,
        wanted,
        node_limit or 0,
        True,
        threshold,
    )
    return None if found is None else dict(found)


def solve_view(
    view: SeatView,
    hands: Sequence[int],
    taken: int,
    table: belote_dds.Table,
    moves: Sequence[int],
    threshold: int | None = None,
) -> dict[int, int]:
    """:func:`solve` for the seat of ``view`` on one deal of its position (``hands``:
    every seat's cards), with no node limit: the values of ``moves`` for the seat's team,
    or their bounds at ``threshold``."""
    found = solve(
        view.ruleset,
        view.trump,
        hands,
        view.trick.leader,
        view.trick.cards,
        view.team,
        taken,
        table=table,
        moves=moves,
        threshold=threshold,
    )
    assert found is not None  # no node limit: answered
    return found


def legal(ruleset: Ruleset, trump: str, hand: int, leader: int, trick: Sequence[int]) -> int:
    """The core's legal cards of ``hand`` (a bit set): the engine's ``legal_mask``, as the
    core applies the engine's tables (for the differential tests)."""
    return core_rules(ruleset, trump).legal(hand, leader, list(trick))
