"""The solver: perfect-information search of the rest of a round (every hand known).

:class:`Solver` is alpha-beta minimax over the cards still to play, the legal cards
coming from the engine (:func:`play.legal_filter`, the same obligation list that answers
``/v1/legal-moves``), trick winners from :func:`play.winning_index`, card values from
:func:`play.card_points`, the last-trick and capot bonuses as :mod:`.scoring` counts them.

- **Value**: the card points the maximizing team takes from here to the end minus the
  other team's (last-trick bonus, or the capot bonus instead of it when one team takes
  every trick). The round's score is a non-decreasing function of a team's card points
  (the deal's declarations and belote fixed), so minimax on card points is minimax on the
  score (:func:`.driver` turns it into the score with :func:`scoring.settle_figures`).
- **Transposition table** at trick starts: the hands, the leader, which teams have taken a
  trick (capot) and the depth left; entries are lower/upper bounds.
- **Move ordering**: leads from the strongest card down; following, the partner winning:
  most points first; else the cheapest card that wins, then discards from the lowest value.
- **Equivalent cards merged**: cards of one suit adjacent in strength among the cards still
  live (in hands or in the trick) and worth the same points are one move.
- **Depth**: ``depth`` tricks from the position; beyond it a static evaluation shares the
  points left by the strength of each side's cards. :meth:`Solver.root_values` deepens
  one trick at a time until the round's end (exact) or the node budget, and keeps the
  deepest complete answer. The budget counts nodes, not time, so results are the same on
  every machine.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..engine.cards import SUIT_MASKS, cards_in, strength, trump_suit
from ..engine.play import Position, card_points, legal_filter, winning_index
from ..engine.rulesets import Ruleset
from ..engine.scoring import end_bonus
from .deadline import Deadline

INFINITY = 10**6


class OutOfNodes(Exception):  # noqa: N818 - a control-flow signal, not an error
    """The node budget ran out in the middle of a depth."""


@lru_cache(maxsize=64)
def _tables(
    points: tuple[int, ...], trump: str
) -> tuple[
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, ...], ...],
    tuple[int, ...],
]:
    """Per trump mode and card values: each suit's cards weakest first, the points of any
    set of one suit's cards (by its byte), the static evaluation's card weights, and the
    strength of every card."""
    by_strength = tuple(
        tuple(sorted(cards_in(SUIT_MASKS[s]), key=lambda c: strength(c, trump))) for s in range(4)
    )
    suit_points = tuple(
        tuple(sum(points[8 * s + r] for r in range(8) if b >> r & 1) for b in range(256))
        for s in range(4)
    )
    suit = trump_suit(trump)
    weight = tuple(
        (strength(c, trump) + 1) ** 2 * (3 if suit is not None and c >> 3 == suit else 1)
        for c in range(32)
    )
    suit_weight = tuple(
        tuple(sum(weight[8 * s + r] for r in range(8) if b >> r & 1) for b in range(256))
        for s in range(4)
    )
    return by_strength, suit_points, suit_weight, tuple(strength(c, trump) for c in range(32))


class Solver:
    """Search positions of one round (ruleset and trump mode) for the team ``team``."""

    def __init__(
        self,
        ruleset: Ruleset,
        trump: str,
        team: int,
        node_limit: int | None = None,
        caches: tuple[dict, dict, dict] | None = None,
    ):
        self.ruleset = ruleset
        self.trump = trump
        self.team = team
        self.players = ruleset.players
        self.team_of = tuple(ruleset.team_of(s) for s in range(ruleset.players))
        self.points = tuple(card_points(c, trump, ruleset) for c in range(32))
        self.last_bonus = end_bonus(trump, ruleset, capot=False)
        #: What the last trick brings with a capot (``None``: the ruleset has no capot).
        self.capot_bonus = None if ruleset.capot_bonus is None else end_bonus(trump, ruleset, True)
        self.node_limit = node_limit
        #: The safety net (:mod:`.deadline`): past it a search gives up like an exhausted
        #: node budget.
        self.deadline: Deadline | None = None
        self.nodes = 0
        self.table: dict[tuple, tuple[float, float, int]] = {}
        # Legal filters per (leader, trick), winners per trick and runs of equivalent
        # cards per suit do not depend on the deal: one position's deals share them.
        self._filters, self._winners, self._runs = caches or ({}, {}, {})
        (
            self._by_strength,
            self._suit_points,
            self._weight,
            self._strength,
        ) = _tables(self.points, trump)

    # --- helpers ----------------------------------------------------------------------

    def _legal(self, hand: int, leader: int, trick: tuple[int, ...]) -> int:
        key = (leader, trick)
        f = self._filters.get(key)
        if f is None:
            f = legal_filter(Position(leader, trick, self.trump, self.ruleset))
            self._filters[key] = f
        return f(hand)

    def _winner(self, trick: tuple[int, ...]) -> int:
        """:func:`play.winning_index`, remembered per trick."""
        index = self._winners.get(trick)
        if index is None:
            index = self._winners[trick] = winning_index(trick, self.trump)
        return index

    def _left_points(self, cards: int) -> int:
        sp = self._suit_points
        return (
            sp[0][cards & 255]
            + sp[1][cards >> 8 & 255]
            + sp[2][cards >> 16 & 255]
            + sp[3][cards >> 24 & 255]
        )

    def bonus_bound(self, taken: int) -> int:
        """The largest end-of-round bonus one team can still get."""
        if self.capot_bonus is not None and taken != 3:
            return max(self.capot_bonus, self.last_bonus)
        return self.last_bonus

    def static(self, hands: tuple[int, ...], taken: int) -> float:
        """Estimate of the rest: the points left (and the bonus) shared by card strength."""
        power = [0, 0]
        everything = 0
        w0, w1, w2, w3 = self._weight
        for seat, hand in enumerate(hands):
            everything |= hand
            power[self.team_of[seat]] += (
                w0[hand & 255] + w1[hand >> 8 & 255] + w2[hand >> 16 & 255] + w3[hand >> 24 & 255]
            )
        left = self._left_points(everything) + self.last_bonus
        mine, theirs = power[self.team], power[1 - self.team]
        if mine + theirs == 0:
            return 0.0
        return left * (mine - theirs) / (mine + theirs)

    def moves(self, hands: tuple[int, ...], leader: int, trick: tuple[int, ...]) -> list[int]:
        """The legal cards of the seat to play, equivalent cards merged, best-first order."""
        return [group[0] for group in self.groups(hands, leader, trick)]

    def _suit_runs(self, s: int, legal: int, live: int) -> list[list[int]]:
        """The legal cards of suit ``s`` in groups of equivalent ones: adjacent in strength
        among the live cards and worth the same points."""
        points = self.points
        out: list[list[int]] = []
        previous = -1  # the last live card of the suit, when it is a legal one
        for c in self._by_strength[s]:
            if not live >> c & 1:
                continue
            if legal >> c & 1:
                if previous < 0 or points[previous] != points[c]:
                    out.append([c])
                else:
                    out[-1].append(c)
                previous = c
            else:
                previous = -1
        return out

    def groups(
        self, hands: tuple[int, ...], leader: int, trick: tuple[int, ...]
    ) -> list[list[int]]:
        """The legal cards of the seat to play in groups of equivalent cards (the first of
        each stands for the group), the groups in the order the search tries them."""
        seat = (leader + len(trick)) % self.players
        legal = self._legal(hands[seat], leader, trick)
        live = 0
        for hand in hands:
            live |= hand
        for c in trick:
            live |= 1 << c
        out: list[list[int]] = []
        for s in range(4):
            shift = 8 * s
            mine = legal >> shift & 255
            if mine:
                key = (s, mine, live >> shift & 255)
                runs = self._runs.get(key)
                if runs is None:
                    runs = self._runs[key] = self._suit_runs(s, legal, live)
                out += runs
        if len(out) < 2:
            return out
        points = self.points
        power = self._strength
        if not trick:
            out.sort(key=lambda g: (-power[g[0]], points[g[0]]))
            return out
        win = self._winner(trick)
        partner = self.team_of[(leader + win) % self.players] == self.team_of[seat]
        if partner:
            out.sort(key=lambda g: -points[g[0]])
            return out
        n = len(trick)

        def order(group: list[int]) -> tuple[int, int, int]:
            c = group[0]
            wins = self._winner((*trick, c)) == n
            return (0, points[c], power[c]) if wins else (1, points[c], 0)

        out.sort(key=order)
        return out

    # --- search ---------------------------------------------------------------------

    def search(
        self,
        hands: tuple[int, ...],
        leader: int,
        trick: tuple[int, ...],
        taken: int,
        alpha: float,
        beta: float,
        depth: int,
    ) -> float:
        """Minimax value (maximizing team's points minus the other's, from here on)."""
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise OutOfNodes
        if self.deadline is not None and not self.nodes & 63 and self.deadline.passed():
            raise OutOfNodes
        players = self.players
        if len(trick) == players:
            winner = (leader + self._winner(trick)) % players
            team = self.team_of[winner]
            points = 0
            for c in trick:
                points += self.points[c]
            taken |= 1 << team
            if not hands[winner]:  # the last trick
                capot = self.capot_bonus
                points += capot if capot is not None and taken != 3 else self.last_bonus
                return points if team == self.team else -points
            gain = points if team == self.team else -points
            return gain + self.trick_start(
                hands, winner, taken, alpha - gain, beta - gain, depth - 1
            )
        seat = (leader + len(trick)) % players
        hand = hands[seat]
        maximizing = self.team_of[seat] == self.team
        best: float = -INFINITY if maximizing else INFINITY
        for group in self.groups(hands, leader, trick):
            c = group[0]
            after = (*hands[:seat], hand & ~(1 << c), *hands[seat + 1 :])
            value = self.search(after, leader, (*trick, c), taken, alpha, beta, depth)
            if maximizing:
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
            elif value < best:
                best = value
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        return best

    def trick_start(
        self, hands: tuple[int, ...], leader: int, taken: int, alpha: float, beta: float, depth: int
    ) -> float:
        if depth <= 0:
            return self.static(hands, taken)
        everything = 0
        for hand in hands:
            everything |= hand
        bound = self._left_points(everything) + self.bonus_bound(taken)
        if bound <= alpha:
            return bound
        if -bound >= beta:
            return -bound
        key = (hands, leader, taken if self.capot_bonus is not None else 3, depth)
        entry = self.table.get(key)
        low: float = -bound
        high: float = bound
        if entry is not None:
            low, high = max(low, entry[0]), min(high, entry[1])
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low
            alpha, beta = max(alpha, low), min(beta, high)
        value = self.search(hands, leader, (), taken, alpha, beta, depth)
        if value <= alpha:
            high = min(high, value)
        elif value >= beta:
            low = max(low, value)
        else:
            low = high = value
        self.table[key] = (low, high, 0)
        return value

    def root_values(
        self,
        hands: tuple[int, ...],
        leader: int,
        trick: tuple[int, ...],
        taken: int,
        moves: Sequence[int] | None = None,
        deadline: Deadline | None = None,
        required: bool = True,
    ) -> tuple[dict[int, float], int, bool]:
        """The value of each legal card of the seat to play (equivalent cards share one),
        the depth reached in tricks, and whether it is exact (to the end of the round).

        Deepens one trick at a time within the node budget and the ``deadline``; a
        ``required`` answer always completes its first depth (at most one trick), else an
        empty answer means the time ran out before it."""
        seat = (leader + len(trick)) % self.players
        groups = self.groups(hands, leader, trick)
        if moves is not None:
            wanted = set(moves)
            groups = [g for g in groups if wanted & set(g)]
        full = hands[seat].bit_count()  # tricks to the end, this one included
        values: dict[int, float] = {}
        reached = 0
        limit = self.node_limit
        if required:
            self.node_limit = None
        else:
            self.deadline = deadline
        for depth in range(1, full + 1):
            try:
                found = {}
                for group in groups:
                    c = group[0]
                    after = (*hands[:seat], hands[seat] & ~(1 << c), *hands[seat + 1 :])
                    window = (-INFINITY, INFINITY)
                    value = self.search(after, leader, (*trick, c), taken, *window, depth)
                    for same in group:
                        found[same] = value
            except OutOfNodes:
                break
            values, reached = found, depth
            self.node_limit, self.deadline = limit, deadline  # only the first depth may overrun
            if self.node_limit is not None and self.nodes >= self.node_limit:
                break
        self.node_limit, self.deadline = limit, None
        return values, reached, reached == full
