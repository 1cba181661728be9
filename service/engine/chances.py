"""Each side's chance to win a match, from the running totals (issue 33).

The model: the rounds of a match are independent draws from the preset's distribution of
round outcomes between two sides of equal strength, measured from the computer players'
own play by ``bench/round_outcomes.py`` (``data/round_outcomes.json``: its seed, commit and
round count per preset). An outcome is seen from the dealer's team: its score, the other
team's, the points a litige held over, who won the round, whether the round cannot end
the match (a capot or a passed-out round under ``match_capot_cannot_finish``) and whether
the dealer's team deals the next round (``next_dealer``, ``redeal_dealer``).

The chance is computed exactly over that model by dynamic programming, not simulated:

- a match to a ``target``: the probability that side 0 wins from every pair of points
  still needed (in units of ``q`` points: ``ceil(target / 50)``, at least the biggest
  round over 70; the outcomes rounded to them), for each dealer's team, by value
  iteration until it changes by less than 1e-12
  (the match rules of :func:`match.score_match`: a side reaching the target wins; both in
  one round, the higher total, equal totals play on; a round that cannot finish does not;
  over the target after such a round, the next round that can decides). Points a litige
  holds over go, in the model, half the time to each side (the next round's winner of
  two equal sides); on the sheet the points actually waiting are followed exactly one
  round ahead;
- ``match_deals``: win and draw probabilities by the rounds left and the difference of
  the totals (units of 10 points; 1 in ``bg_tens``), backward over the rounds;
- a single deal (no target): the chance the one round ends higher for a side.

The tables are built once per preset and target and kept (:func:`_table`); a sheet's
chances are then look-ups. Only the presets as they are have a model: with ``options``
changing a rule (the target apart) there is no chance to give (None).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from pathlib import Path

import numpy as np

from .deal import next_dealer
from .match import MatchResult, MatchRound, MatchSituation, _decision, dealers, score_match
from .rulesets import PRESETS, Ruleset

DATA = Path(__file__).with_name("data") / "round_outcomes.json"
#: Units of the points still needed: about this many per target, and never fewer points
#: than the biggest round outcome over this many (so that a table stays small whatever
#: the target: a target of 1 is not a table of points).
TARGET_STEPS = 50
ROUND_STEPS = 70
TOLERANCE = 1e-12
MAX_ITERATIONS = 5000


@dataclass(frozen=True, slots=True)
class Outcome:
    """One kind of round, from the dealer's team: ``mine`` its score, ``theirs`` the
    other's, ``held`` a litige's points, ``winner`` 0 (the dealer's team), 1 or None,
    ``blocked``: cannot end the match, ``again``: the dealer's team deals next."""

    mine: int
    theirs: int
    held: int
    winner: int | None
    blocked: bool
    again: bool
    p: float


@dataclass(frozen=True, slots=True)
class Model:
    preset: str
    outcomes: tuple[Outcome, ...]
    rounds: int
    seed: int
    commit: str


@dataclass(frozen=True, slots=True)
class Chance:
    """Each side's chance to win the match, and of a draw (they add up to 1)."""

    win: tuple[float, float]
    draw: float


@lru_cache(maxsize=1)
def _data() -> dict:
    return json.loads(DATA.read_text())


@cache
def _model(preset: str) -> Model | None:
    run = _data().get(preset)
    if run is None:
        return None
    total = sum(row[-1] for row in run["outcomes"])
    outcomes = tuple(
        Outcome(m, t, h, w, bool(b), bool(a), n / total) for m, t, h, w, b, a, n in run["outcomes"]
    )
    return Model(preset, outcomes, total, run["seed"], run["commit"])


def _preset_model(preset: str) -> Model:
    """The model of a preset that has one: the tables are built only for those."""
    model = _model(preset)
    assert model is not None, preset
    return model


def model_for(ruleset: Ruleset) -> Model | None:
    """The measured model of the ruleset's preset, if the ruleset is that preset (its
    target apart); None for a ruleset whose options change a rule."""
    preset = PRESETS.get(ruleset.name)
    if preset is None or replace(ruleset, target=preset.target) != preset:
        return None
    return _model(ruleset.name)


# --- a match to a target -----------------------------------------------------------------


def _unit(target: int, model: Model) -> int:
    biggest = max(o.mine + o.theirs + 2 * o.held for o in model.outcomes)
    return max(1, math.ceil(target / TARGET_STEPS), math.ceil(biggest / ROUND_STEPS))


def _units(points: int, q: int) -> int:
    return math.floor(points / q + 0.5)


@lru_cache(maxsize=64)
def _table(preset: str, target: int) -> tuple[np.ndarray, int, int, int]:
    """``(V, q, top, low)``: ``V[d, i, j]`` the chance side 0 wins when it still needs
    ``i + low`` units and side 1 ``j + low`` (``<= 0``: reached), team ``d`` dealing."""
    model = _preset_model(preset)
    q = _unit(target, model)
    top = math.ceil(target / q)
    reach = max(_units(o.mine + o.held, q) + _units(o.theirs + o.held, q) for o in model.outcomes)
    low = -(reach + 1)
    n = top - low + 1
    needs = np.arange(n) + low
    ii, jj = np.meshgrid(needs, needs, indexing="ij")
    terms = [np.zeros((n, n)), np.zeros((n, n))]
    moves: list[list[tuple[np.ndarray, int, int, int]]] = [[], []]
    merged: dict[tuple, float] = {}
    for o in _split(model.outcomes):
        key = (_units(o.mine, q), _units(o.theirs, q), o.blocked, o.again)
        merged[key] = merged.get(key, 0.0) + o.p
    for (mine, theirs, blocked, again), p in merged.items():
        for d in (0, 1):
            g0, g1 = (mine, theirs) if d == 0 else (theirs, mine)
            won0, won1 = _decided(np.maximum(ii - g0, low), np.maximum(jj - g1, low), blocked)
            terms[d] += p * won0
            moves[d].append((p * ~(won0 | won1), g0, g1, d if again else 1 - d))
    # The successor of index k after a gain g is max(k - g, 0): a slice of the table padded
    # below with copies of its first row and column.
    pad = reach + 1
    values = np.full((2, n, n), 0.5)
    for _ in range(MAX_ITERATIONS):
        padded = [np.pad(values[x], ((pad, 0), (pad, 0)), mode="edge") for x in (0, 1)]
        new = np.empty_like(values)
        for d in (0, 1):
            acc = terms[d].copy()
            for going, g0, g1, nxt in moves[d]:
                acc += going * padded[nxt][pad - g0 : pad - g0 + n, pad - g1 : pad - g1 + n]
            new[d] = acc
        change = float(np.max(np.abs(new - values)))
        values = new
        if change < TOLERANCE:
            break
    return values, q, top, low


def _split(outcomes: Sequence[Outcome]) -> list[Outcome]:
    """A litige's held points go to either side with even chances (the model's sides are
    equal); the other outcomes as they are."""
    out = []
    for o in outcomes:
        if not o.held:
            out.append(o)
            continue
        half = o.p / 2
        out.append(replace(o, mine=o.mine + o.held, held=0, p=half))
        out.append(replace(o, theirs=o.theirs + o.held, held=0, p=half))
    return out


def _decided(i: np.ndarray, j: np.ndarray, blocked: bool) -> tuple[np.ndarray, np.ndarray]:
    """Where the match ends with side 0 or side 1 winning (:func:`match._decision`)."""
    if blocked:
        none = np.zeros(i.shape, dtype=bool)
        return none, none
    r0, r1 = i <= 0, j <= 0
    won0 = (r0 & ~r1) | (r0 & r1 & (i < j))
    won1 = (r1 & ~r0) | (r0 & r1 & (j < i))
    return won0, won1


def _target_chance(model: Model, target: int, totals: Sequence[int], dealer_team: int) -> float:
    values, q, top, low = _table(model.preset, target)
    need = [math.ceil((target - t) / q) for t in totals]
    i, j = (min(max(x, low), top) - low for x in need)
    return float(values[dealer_team, i, j])


# --- a match of a fixed number of deals --------------------------------------------------


@lru_cache(maxsize=32)
def _deals_table(preset: str, deals: int, q: int) -> tuple[np.ndarray, np.ndarray, int]:
    """``(W, D, span)``: ``W[r, d, k]`` side 0's chance to win and ``D`` to draw with
    ``r`` rounds left, team ``d`` dealing, side 0 ahead by ``k - span`` units."""
    model = _preset_model(preset)
    biggest = max(
        abs(_units(o.mine + o.held, q)) + abs(_units(o.theirs + o.held, q)) for o in model.outcomes
    )
    span = biggest * deals + 1
    diff = np.arange(-span, span + 1)
    win = np.zeros((deals + 1, 2, diff.size))
    draw = np.zeros_like(win)
    win[0, :, :] = diff > 0
    draw[0, :, :] = diff == 0
    merged: dict[tuple[int, bool], float] = {}
    for o in _split(model.outcomes):
        key = (_units(o.mine, q) - _units(o.theirs, q), o.again)
        merged[key] = merged.get(key, 0.0) + o.p
    at = np.arange(diff.size)
    steps = [
        (p, np.clip(at + (delta if d == 0 else -delta), 0, diff.size - 1), d, again)
        for (delta, again), p in merged.items()
        for d in (0, 1)
    ]
    for r in range(1, deals + 1):
        for p, idx, d, again in steps:
            nxt = d if again else 1 - d
            win[r, d] += p * win[r - 1, nxt][idx]
            draw[r, d] += p * draw[r - 1, nxt][idx]
    return win, draw, span


# --- the sheet ---------------------------------------------------------------------------


def chance_now(
    ruleset: Ruleset,
    target: int | None,
    model: Model,
    totals: Sequence[int],
    dealer: int,
    rounds_played: int,
    pending: int = 0,
) -> Chance:
    """The chance before a round that ``dealer`` deals, the totals and the points held
    over so far, the match not decided yet."""
    if pending and target is not None and ruleset.match_deals is None:
        return _one_ahead_target(ruleset, target, model, totals, dealer, pending)
    if pending:
        return _one_ahead(ruleset, target, model, totals, dealer, rounds_played, pending)
    d = ruleset.team_of(dealer)
    if ruleset.match_deals is not None:
        q = 1 if ruleset.score_units == "bg_tens" else 10
        win, draw, span = _deals_table(model.preset, ruleset.match_deals, q)
        left = max(0, ruleset.match_deals - rounds_played)
        k = min(max(_units(totals[0] - totals[1], q) + span, 0), 2 * span)
        w, dr = float(win[left, d, k]), float(draw[left, d, k])
        return Chance((w, 1 - w - dr), dr)
    if target is None:
        w = lose = 0.0
        for o in model.outcomes:
            mine, theirs = (o.mine, o.theirs) if d == 0 else (o.theirs, o.mine)
            w += o.p * (mine > theirs)
            lose += o.p * (theirs > mine)
        return Chance((w, lose), 1 - w - lose)
    w = _target_chance(model, target, totals, d)
    return Chance((w, 1 - w), 0.0)


@lru_cache(maxsize=16)
def _credited(preset: str) -> tuple[np.ndarray, ...]:
    """The model's outcomes as arrays, a litige's split in two halves: ``(mine, theirs,
    held, to, blocked, again, p)``, ``to`` the team (0: the dealer's) credited with the
    points held over."""
    rows = []
    for o in _preset_model(preset).outcomes:
        shares = ((1.0, o.winner),) if o.winner is not None else ((0.5, 0), (0.5, 1))
        rows += [(o.mine, o.theirs, o.held, to, o.blocked, o.again, o.p * s) for s, to in shares]
    columns = list(zip(*rows, strict=True))
    return tuple(np.array(c) for c in columns)


def _one_ahead_target(
    ruleset: Ruleset, target: int, model: Model, totals: Sequence[int], dealer: int, pending: int
) -> Chance:
    """:func:`_one_ahead` for a match to a target, over arrays (every outcome at once)."""
    mine, theirs, held, to, blocked, again, p = _credited(model.preset)
    d = ruleset.team_of(dealer)
    credit = pending + held
    gains = (mine + (to == 0) * credit, theirs + (to == 1) * credit)
    t0 = totals[0] + gains[d]
    t1 = totals[1] + gains[1 - d]
    won0, won1 = _decided(target - t0, target - t1, False)
    if ruleset.match_capot_cannot_finish:
        won0, won1 = won0 & ~blocked, won1 & ~blocked
    values, q, top, low = _table(model.preset, target)
    i = np.clip(np.ceil((target - t0) / q), low, top).astype(int) - low
    j = np.clip(np.ceil((target - t1) / q), low, top).astype(int) - low
    nxt = np.where(again, d, 1 - d)
    going = ~(won0 | won1)
    w = float(np.sum(p * (won0 + going * values[nxt, i, j])))
    return Chance((w, 1 - w), 0.0)


def _one_ahead(
    ruleset: Ruleset,
    target: int | None,
    model: Model,
    totals: Sequence[int],
    dealer: int,
    rounds_played: int,
    pending: int,
) -> Chance:
    """With points held over: every next round, the held points credited to its winner
    (split evenly if it is a litige too), then the chance from there."""
    d = ruleset.team_of(dealer)
    win = [0.0, 0.0]
    draw = 0.0
    for o in model.outcomes:
        shares = ((1.0, o.winner),) if o.winner is not None else ((0.5, 0), (0.5, 1))
        for share, to in shares:
            gains = [o.mine, o.theirs]
            gains[to] += pending + o.held
            if d == 1:
                gains.reverse()
            new = (totals[0] + gains[0], totals[1] + gains[1])
            nxt = dealer if o.again else (dealer + 1) % ruleset.players
            c = _finished(ruleset, target, new, o.blocked, rounds_played + 1)
            if c is None:
                c = chance_now(ruleset, target, model, new, nxt, rounds_played + 1)
            p = o.p * share
            win[0] += p * c.win[0]
            win[1] += p * c.win[1]
            draw += p * c.draw
    return Chance((win[0], win[1]), draw)


def _finished(
    ruleset: Ruleset, target: int | None, totals: Sequence[int], blocked: bool, rounds_played: int
) -> Chance | None:
    """The result if a round leaving ``totals`` ends the match (:func:`match.score_match`)."""
    if ruleset.match_deals is not None:
        if rounds_played < ruleset.match_deals:
            return None
        decided = _decision(list(totals), None)
    elif blocked and ruleset.match_capot_cannot_finish:
        return None
    else:
        decided = _decision(list(totals), target)
    if decided is None:
        return None
    _, winner, draw = decided
    return Chance((0.0, 0.0), 1.0) if draw else _won(winner)


def _won(winner: int | None) -> Chance:
    return Chance((1.0, 0.0) if winner == 0 else (0.0, 1.0), 0.0)


def _final(result: MatchResult) -> Chance:
    return Chance((0.0, 0.0), 1.0) if result.draw else _won(result.winner)


def match_chances(
    ruleset: Ruleset,
    target: int | None,
    rounds: Sequence[MatchRound],
    first_dealer: int,
    model: Model,
) -> list[Chance]:
    """The chance before the first round and after every round of a sheet (one more
    than ``rounds``); once the match is decided, its result."""
    seats = dealers(ruleset, first_dealer, rounds)
    result = score_match(
        rounds,
        target,
        deals=ruleset.match_deals,
        capot_cannot_finish=ruleset.match_capot_cannot_finish,
        hanging_blocks_finish=ruleset.match_hanging_blocks_finish,
    )
    out = [chance_now(ruleset, target, model, (0, 0), seats[0], 0)]
    for k, line in enumerate(result.sheet, start=1):
        if k == len(rounds) and result.finished:
            out.append(_final(result))
        else:
            out.append(chance_now(ruleset, target, model, line.totals, seats[k], k, line.held))
    return out


# --- a round's outcome seen from the match (the bidders' utility, issue 35) -----------------

#: Rounds ahead within which the bidder reads the match: a side needs at most this many
#: typical rounds (the model's median score of a round's higher side) to reach the
#: target, or at most this many deals are left. Farther from the end the chance to win
#: the match is nearly linear in the round's margin, and the margin decides alone.
HORIZON = 3


@lru_cache(maxsize=32)
def typical_round(preset: str) -> float:
    """The model's median score of the higher side of a round (points, with the held)."""
    model = _model(preset)
    assert model is not None, preset  # outlook() reads the match only with a model
    ranked = sorted(model.outcomes, key=lambda o: max(o.mine, o.theirs) + o.held)
    acc = 0.0
    for o in ranked:
        acc += o.p
        if acc >= 0.5:
            return float(max(o.mine, o.theirs) + o.held)
    return float(max(o.mine, o.theirs) + o.held)


def in_reach(ruleset: Ruleset, situation: MatchSituation, model: Model) -> bool:
    """Whether the match's end is within :data:`HORIZON` rounds (see there)."""
    if ruleset.match_deals is not None:
        return situation.deals_left is not None and situation.deals_left <= HORIZON
    assert ruleset.target is not None  # a match to a target (check_situation)
    need = min(ruleset.target - t for t in situation.totals) - situation.held_in
    return need <= HORIZON * typical_round(model.preset)


class MatchOutlook:
    """One team's chance to win the match after a round of the situation ``situation``
    dealt by ``dealer`` (the round's :class:`MatchRound`: its own score, its litige's held
    points, its winner, capot, redeal), the model's chance from there (:func:`chance_now`);
    a draw counts half. Built by :func:`outlook`."""

    def __init__(self, ruleset: Ruleset, situation: MatchSituation, model: Model, dealer: int):
        self.ruleset, self.situation, self.model, self.dealer = ruleset, situation, model, dealer
        self._seen: dict[tuple, Chance] = {}

    def chance(self, r: MatchRound) -> Chance:
        key = (r.score, r.held, r.winner, r.capot, r.redeal)
        hit = self._seen.get(key)
        if hit is None:
            hit = self._seen[key] = self._after(r)
        return hit

    def win(self, team: int, r: MatchRound) -> float:
        c = self.chance(r)
        return c.win[team] + c.draw / 2

    def before(self, team: int) -> float:
        """The team's chance before the round."""
        rules, s = self.ruleset, self.situation
        played = 0
        if rules.match_deals is not None:
            assert s.deals_left is not None  # check_situation: given in a match of deals
            played = rules.match_deals - s.deals_left
        c = chance_now(rules, rules.target, self.model, s.totals, self.dealer, played, s.held_in)
        return c.win[team] + c.draw / 2

    def _after(self, r: MatchRound) -> Chance:
        rules, s = self.ruleset, self.situation
        totals = [s.totals[0] + r.score[0], s.totals[1] + r.score[1]]
        pending = s.held_in
        if r.held:
            pending += r.held
        elif pending and not r.redeal and r.winner is not None:
            totals[r.winner] += pending
            pending = 0
        nxt = next_dealer(rules, self.dealer, r.winner, r.redeal)
        if rules.match_deals is not None:
            assert s.deals_left is not None  # check_situation: given in a match of deals
            left = s.deals_left - 1
            if left <= 0:
                last = _decision(totals, None)
                assert last is not None  # without a target the last deal decides
                return _final_chance(last)
            played = rules.match_deals - left
            return chance_now(rules, None, self.model, totals, nxt, played, pending)
        blocked = (rules.match_capot_cannot_finish and (r.capot is not None or r.passed_out)) or (
            rules.match_hanging_blocks_finish and pending > 0
        )
        decided = None if blocked else _decision(totals, rules.target)
        if decided is not None:
            return _final_chance(decided)
        return chance_now(rules, rules.target, self.model, totals, nxt, 0, pending)


def _final_chance(decided: tuple[bool, int | None, bool]) -> Chance:
    _, winner, draw = decided
    return Chance((0.0, 0.0), 1.0) if draw else _won(winner)


def outlook(ruleset: Ruleset, situation: MatchSituation | None, dealer: int) -> MatchOutlook | None:
    """The outlook a player weighs a round's outcomes by, or None where the round's
    margin decides alone: no situation given, no model of the ruleset (its options
    change a rule, :func:`model_for`), or the end of the match beyond :data:`HORIZON`."""
    if situation is None:
        return None
    model = model_for(ruleset)
    if model is None or not in_reach(ruleset, situation, model):
        return None
    return MatchOutlook(ruleset, situation, model, dealer)
