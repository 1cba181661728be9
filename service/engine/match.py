"""Match scoring (docs/rules.md section 4, "Match"): totals, target, held-over litige points.

The rounds are taken in order. After each round:

- points held over by earlier ``hold_over`` litiges go to the side that won this round
  (the takers if they made their contract, else the defenders), unless this round is
  itself a litige, whose held points then join them;
- a side whose total reaches the target wins; if both reach it in the same round the
  higher total wins, and on equal totals the match is not finished (another round);
- without a target (``target`` null, ``cardavia``) the match is a single deal: the higher
  score wins it, equal scores draw.

Klaberjass's "first to reach the target, with the higher total when the hand is counted"
is the same rule. A round after the match is decided is refused. A redeal (everybody
passed) scores nothing and leaves held points waiting for the next round played. The
result carries the sheet: after each round, the running totals, the held points it
credited to its winner and the points still held.

Match parameters of docs/rules-belot-klaverjas.md (sections 2.8 and 3.6):

- ``match_deals``: the match is exactly that many rounds (klaverjas: 16, no target); the
  higher total wins, equal totals draw;
- ``match_capot_cannot_finish`` (belot, "С капо не се излиза"): a round won by capot
  (``capot`` given) cannot end the match, nor can a passed-out round (score 0-0, nothing
  held): the match ends only after a later round that is neither;
- ``match_hanging_blocks_finish``: the match cannot end while points are held over;
- ``open_match`` (docs/house-rules.md, ScoreIt): without a target the rounds are summed
  and the match never ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .deal import next_dealer
from .play import PositionError
from .rulesets import Ruleset
from .text import N_, Text


@dataclass(frozen=True, slots=True)
class MatchRound:
    """One round's result: its own score (without points held in from earlier rounds),
    the points its litige held over (0 if none) and the team that won it (``None`` for a
    litige, or when no held points are waiting). A ``redeal`` (everybody passed) scores
    nothing and leaves held points waiting for the next round played."""

    score: tuple[int, int]
    held: int = 0
    winner: int | None = None
    capot: int | None = None  # the team that took every trick, if one did
    redeal: bool = False

    @property
    def passed_out(self) -> bool:
        return self.redeal or (self.score == (0, 0) and not self.held)


@dataclass(frozen=True, slots=True)
class SheetLine:
    """One round's line of the match sheet: the held points it credited (``credited``, to
    the round's ``winner``: those of earlier litiges, 0 if none) and, after it, the
    running totals and the points still held."""

    totals: tuple[int, int]
    credited: int
    held: int


@dataclass(frozen=True, slots=True)
class MatchResult:
    totals: tuple[int, int]
    finished: bool
    winner: int | None
    draw: bool
    held: int  # held-over points still waiting for a round winner
    rounds_counted: int
    sheet: tuple[SheetLine, ...] = ()  # one line per round, in order


def score_match(
    rounds: Sequence[MatchRound],
    target: int | None,
    *,
    deals: int | None = None,
    capot_cannot_finish: bool = False,
    hanging_blocks_finish: bool = False,
    open_match: bool = False,
) -> MatchResult:
    """Sum the rounds and decide the match; raises :class:`PositionError` naming the
    round at fault (a round after the end, a missing winner for held points).
    ``deals``, ``capot_cannot_finish`` and ``hanging_blocks_finish`` are the ruleset's
    ``match_deals``, ``match_capot_cannot_finish`` and ``match_hanging_blocks_finish``;
    ``open_match`` (no target, no number of deals): the match is never decided, the
    rounds are only summed (ScoreIt's score pad)."""
    if deals is not None and target is not None:
        raise PositionError(
            "target",
            Text(
                N_("a match of {deals} deals (match_deals) has no target: leave `target` out"),
                deals=deals,
            ),
        )
    totals = [0, 0]
    pending = 0
    decided: tuple[bool, int | None, bool] | None = None
    sheet: list[SheetLine] = []
    for k, r in enumerate(rounds):
        if decided is not None:
            raise PositionError(
                f"rounds.{k}",
                Text(
                    N_("the match was decided after round {round}; no round may follow it"),
                    round=k - 1,
                ),
            )
        _check_round(k, r)
        totals[0] += r.score[0]
        totals[1] += r.score[1]
        credited = 0
        if r.held:
            pending += r.held
        elif pending and not r.redeal:
            if r.winner is None:
                raise PositionError(
                    f"rounds.{k}.winner",
                    Text(
                        N_(
                            "{points} points are held over from a litige: they go to the side "
                            "that wins round {round}, so give its `winner` (the takers' team if "
                            "they made the contract, else the defenders')"
                        ),
                        points=pending,
                        round=k,
                    ),
                )
            totals[r.winner] += pending
            credited, pending = pending, 0
        sheet.append(SheetLine((totals[0], totals[1]), credited, pending))
        if deals is not None:
            decided = _decision(totals, None) if k + 1 >= deals else None
        else:
            blocked = (capot_cannot_finish and (r.capot is not None or r.passed_out)) or (
                hanging_blocks_finish and pending > 0
            )
            decided = (
                None if blocked or (open_match and target is None) else _decision(totals, target)
            )
    finished, winner, draw = decided or (False, None, False)
    return MatchResult(
        (totals[0], totals[1]), finished, winner, draw, pending, len(rounds), tuple(sheet)
    )


def _check_round(k: int, r: MatchRound) -> None:
    if r.held < 0:
        raise PositionError(f"rounds.{k}.held", Text(N_("held points cannot be negative")))
    if r.winner is not None and r.winner not in (0, 1):
        raise PositionError(f"rounds.{k}.winner", Text(N_("a team is 0 or 1")))
    if r.capot is not None and r.capot not in (0, 1):
        raise PositionError(f"rounds.{k}.capot", Text(N_("a team is 0 or 1")))


def _decision(totals: list[int], target: int | None) -> tuple[bool, int | None, bool] | None:
    """``(finished, winner, draw)`` once the match is decided, else ``None``."""
    high = 0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else None
    if target is None:  # a single deal
        return True, high, high is None
    reached = [t >= target for t in totals]
    if not any(reached):
        return None
    if all(reached):
        return None if high is None else (True, high, False)
    return True, reached.index(True), False


def dealers(ruleset: Ruleset, first: int, rounds: Sequence[MatchRound]) -> list[int]:
    """The dealer of each round from the first round's, by the ruleset's ``next_dealer``
    and ``redeal_dealer`` (:func:`.deal.next_dealer`), and last the next round's: one
    more than ``rounds``. Raises :class:`PositionError` for a round whose winner the
    rule needs (``round_winner``) and that gives none, unless it is a litige."""
    out = [first]
    for k, r in enumerate(rounds):
        needs_winner = ruleset.next_dealer == "round_winner" and not r.redeal
        if needs_winner and r.winner is None and not r.held:
            raise PositionError(
                f"rounds.{k}.winner",
                Text(
                    N_(
                        "the winner of a round deals the next one (next_dealer: "
                        "round_winner): give round {round}'s `winner`"
                    ),
                    round=k,
                ),
            )
        out.append(next_dealer(ruleset, out[-1], r.winner, r.redeal))
    return out


@dataclass(frozen=True, slots=True)
class MatchSituation:
    """Where a match stands before a round: each team's total (``totals[0]``: team 0,
    seats 0 and 2), the points litiges hold over for the next round's winner
    (``held_in``) and, in a match of a fixed number of deals (``match_deals``), the
    deals left with this one (``deals_left``; None in a match to a target). The target
    is the ruleset's. Checked by :func:`check_situation`."""

    totals: tuple[int, int]
    held_in: int = 0
    deals_left: int | None = None


def check_situation(ruleset: Ruleset, situation: MatchSituation, field: str = "match") -> None:
    """Raises :class:`PositionError` naming the member at fault of a situation no match of
    ``ruleset`` can be in before a round: a negative held-in, a match that has
    no situation (a single deal, a score pad), ``deals_left`` missing or beyond
    ``match_deals`` (or given in a match to a target), or a match already decided (a
    total at or beyond the target, unless the rules let such a match go on: equal
    totals, ``match_capot_cannot_finish``, points hanging under
    ``match_hanging_blocks_finish``)."""
    target, deals = ruleset.target, ruleset.match_deals
    if target is None and deals is None:
        raise PositionError(
            field,
            Text(
                N_(
                    "{ruleset}'s match is a single deal or a score pad (no target, no "
                    "number of deals): leave `match` out"
                ),
                ruleset=ruleset.name,
            ),
        )
    if situation.held_in < 0:
        raise PositionError(f"{field}.held_in", Text(N_("held points cannot be negative")))
    left = situation.deals_left
    if deals is not None:
        if left is None or not 1 <= left <= deals:
            raise PositionError(
                f"{field}.deals_left",
                Text(
                    N_("a match of {deals} deals (match_deals): give `deals_left`, 1 to {deals}"),
                    deals=deals,
                ),
            )
        return
    if left is not None:
        raise PositionError(
            f"{field}.deals_left",
            Text(
                N_(
                    "this match is played to {target} points, not a number of deals: leave "
                    "`deals_left` out"
                ),
                target=target,
            ),
        )
    decided = _decision(list(situation.totals), target)
    goes_on = ruleset.match_capot_cannot_finish or (
        ruleset.match_hanging_blocks_finish and situation.held_in > 0
    )
    if decided is not None and not goes_on:
        team = 0 if decided[1] is None else decided[1]  # a draw: equal totals
        raise PositionError(
            f"{field}.totals.{team}",
            Text(
                N_(
                    "team {team} has {total} points, at or beyond the target of {target}: "
                    "the match is over"
                ),
                team=team,
                total=situation.totals[team],
                target=target,
            ),
        )
