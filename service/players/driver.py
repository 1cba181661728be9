"""The driver: a card for one seat, from its view, at a level, within a safety net of time.

For ``normal`` and ``hard`` (and the arena's ``plain``), :func:`suggest_play` deals the
unseen cards many times (:mod:`.sampler`), searches each deal with every hand open
(:mod:`.solver`), turns each legal card's result into the round's score margin with the
engine's own scoring (:func:`scoring.settle_figures`: contract made or failed, capot,
declarations and the deal's belote), and plays the card with the best average margin.
``easy`` plays the greedy baseline's card (:func:`baselines.greedy_card`) and estimates
the values with a few shallow searches.

Levels differ in samples, nodes per search and inference (:data:`LEVELS`); ``beginner``
and ``casual`` also err, as people do (:mod:`.mistakes`), and miss what the plays say of
the trumps and of the partner's hand (``Level.trumps``, ``Level.signals``). The work is
counted in deals and nodes, never in time, so one request with one seed gives one answer
on any machine, idle or busy; the time budget is a safety net in CPU time
(:mod:`.deadline`), far above the level's normal cost, that stops sampling early only when
the work costs many times more than it should (the answer then says ``complete: false``
and how many deals it used).
"""

from __future__ import annotations

import math
import random
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..engine.cards import cards_in
from ..engine.chances import MatchOutlook, outlook
from ..engine.declarations import Declaration, find_belotes, find_declarations, settle
from ..engine.match import MatchRound, MatchSituation
from ..engine.play import card_points, legal_mask, trick_points, winning_index
from ..engine.rounds import Trick, first_leader
from ..engine.rulesets import Ruleset
from ..engine.scoring import ContractBid, Figures, end_bonus, mode_total, settle_figures
from . import dds
from .baselines import greedy_card, random_card
from .deadline import Deadline
from .inference import Weight, between, combine, play_weight, taker_weight
from .mistakes import err
from .reading import READING_OFFSET, auction_weight
from .sampler import Knowledge, knowledge, resample, sample
from .solver import Solver
from .view import SeatView, check_view


@dataclass(frozen=True)
class Level:
    """How hard a player thinks: deals sampled, search nodes per deal, what it infers."""

    name: str
    samples: int
    nodes: int
    inference: bool = True  # every deduction of the sampler (False: voids only)
    auction: bool = False  # weigh the deals by the auction
    greedy: bool = False  # play the greedy card; the search only estimates the values
    plays: bool = False  # weigh the deals by the other seats' plays and the taker's take
    oversample: int = 3  # deals drawn per deal kept, when the deals are weighed
    # The play inference's weight of a deal where another seat's card is not the greedy
    # model's (an opponent's; the partner's): :func:`.inference.play_weight`.
    miss: float = 0.25
    partner_miss: float = 0.5
    # Read a Coinche contract's value (without an auction in the view) as the taker's
    # last bid (it bid that, not more): :func:`.inference.taker_weight`.
    bid_value: bool = False
    # Coinche: how far a bid's value is read below its bidder's evaluation, in the
    # reading of the auction (:func:`.reading.coinche_bid_likelihood`).
    offset: float = READING_OFFSET
    # Solve every deal exactly with the compiled solver (:mod:`.dds`): ``samples`` is then
    # the most deals and ``nodes`` the decision's budget of search nodes over all its
    # deals: deals are solved until it is spent, ``min_samples`` at least (only these
    # with a single legal card).
    exact: bool = False
    min_samples: int = 1
    # Spend the search on the cards still in question (0: every card on every deal):
    # once ``stop_after`` deals are solved, a card behind the best by more than
    # ``stop_sigmas`` standard errors of their paired difference (the same deals value
    # both) is no longer searched, and the search stops when one card is left:
    # :func:`_still_open`.
    stop_sigmas: float = 0.0
    stop_after: int = 4
    stop_ties: int = 48
    # Probe instead of solving, where a solve is dear (the seat holds at least
    # ``probe_cards`` cards): after ``probe_after`` deals solved exactly (0: never probe),
    # each further deal tests each card once at the score's largest step (a made or failed
    # contract), a sixth of a solve's nodes; what the step leaves is taken from the exact
    # deals (:func:`_probed`).
    probe_after: int = 0
    probe_cards: int = 7
    # The round's first lead (0: as any decision): its node budget, every card solved
    # on every deal (no probes, no stop rule). The first lead decides the most and is
    # seen the least: :func:`suggest_play`.
    lead_nodes: int = 0
    # The error model (:mod:`.mistakes`): choose by a softmax over the cards' values at
    # this temperature (points; 0: always the best card), never a card whose regret (the
    # best value minus its value) exceeds ``ceiling`` (points; ``None``: no ceiling).
    temperature: float = 0.0
    ceiling: float | None = None
    # Blind spots, as information the level's search leaves out (docs/players.md):
    # ``trumps``: read from the plays which seats have no trump left (a seat that shows
    # out of trumps, discards instead of trumping, or under-trumps); False: a beginner
    # who does not count trumps deals trumps to such seats too.
    trumps: bool = True
    # ``signals``: read the partner's plays (:func:`.inference.play_weight`); False: only
    # the opponents' plays and the take are read.
    signals: bool = True
    # Play to the match (with a match situation in the request, where its end is in
    # reach, :func:`.chances.outlook`): choose by the side's chance to win the match
    # after the round instead of the round's margin. Only levels without an error model
    # (their temperature is in points of margin).
    match: bool = False


LEVELS: dict[str, Level] = {
    # Steps of about 8 to 12 points a deal from each level to the next one up, tuned in
    # the arena (docs/arena-log.md, "Levels, even steps"). The two weakest levels search
    # as little (at most 6 deals within 150 thousand nodes) and differ by how they err
    # and what they miss; ``normal`` searches as before and errs a little.
    "beginner": Level(
        "beginner",
        samples=6,
        nodes=150_000,
        plays=True,
        exact=True,
        temperature=75.0,
        ceiling=200.0,
        trumps=False,
        signals=False,
    ),
    "casual": Level(
        "casual",
        samples=6,
        nodes=150_000,
        plays=True,
        exact=True,
        temperature=30.0,
        ceiling=90.0,
        signals=False,
    ),
    "easy": Level("easy", samples=2, nodes=60, greedy=True),
    "normal": Level(
        "normal",
        samples=24,
        nodes=400_000,
        plays=True,
        exact=True,
        temperature=10.0,
        ceiling=40.0,
    ),
    # ``hard`` rules out a card 3 standard errors behind the best (docs/players.md): at
    # 800 thousand nodes and 120 deals it gives up 0.9 +- 1.6 points a decision to the
    # 3 million nodes and 200 deals it had, at 48 ms of CPU a decision instead of 129
    # (docs/arena-log.md, "Equal CPU"). In the first two tricks it probes after one
    # exact deal: -8 points of regret a lead there, at less CPU (the arena log, "Probes").
    "hard": Level(
        "hard",
        samples=120,
        nodes=800_000,
        auction=True,
        plays=True,
        exact=True,
        min_samples=2,
        bid_value=True,
        stop_sigmas=3.0,
        probe_after=1,
        lead_nodes=2_000_000,
        match=True,
    ),
}
#: The levels as they were before the compiled solver (Python search, shallow early in
#: the round), for the arena: ``python-normal``, ``python-hard``.
PYTHON_LEVELS: dict[str, Level] = {
    "python-normal": Level("python-normal", samples=14, nodes=500, plays=True),
    "python-hard": Level("python-hard", samples=32, nodes=1200, auction=True, plays=True),
}
#: The arena's reference sampler: voids only, no auction, 20 deals.
PLAIN = Level("plain", samples=20, nodes=1200, inference=False)
#: Server-side cap and default of the time budget per suggestion (milliseconds of the
#: search's CPU time, :mod:`.deadline`). The defaults are the safety net, far above each
#: level's normal cost (on random positions of belote, coinche and klaberjass on a 2-core
#: x86_64: ``easy`` at most 10 ms, ``normal`` 105, ``hard`` 461, and ``hard``'s first
#: lead at most 846 on 3,000 Coinche first leads; docs/players.md), so the deadline stops
#: the work (``complete: false``) only on a machine at least twice slower.
MAX_BUDGET_MS = 2000
DEFAULT_BUDGET_MS = {
    "beginner": 1000,
    "casual": 1000,
    "easy": 250,
    "normal": 1000,
    "hard": 2000,
    "plain": 2000,
}


@dataclass(frozen=True)
class Suggestion:
    """The card to play and each legal card's estimated margin (the seat's side's round
    score minus the opponents'), averaged over ``samples`` deals; ``exact``: every search
    reached the end of the round; ``complete``: all the level's deals were searched."""

    card: int
    values: dict[int, float]
    samples: int
    exact: bool
    complete: bool
    level: str
    #: Where the level read the match (:attr:`Level.match`): each legal card's estimated
    #: chance for the seat's side to win the match after the round, which it chose by;
    #: else None (the margin chose).
    chances: dict[int, float] | None = None


def announcements(view: SeatView) -> tuple[list[Declaration], list[int]]:
    """What the seat should announce with its first card: its best declarations (the set
    worth most, as the ruleset allows) and the suits of its belote."""
    start = view.hand | view.played_by()[view.seat]
    declared = find_declarations(start, view.trump, view.ruleset, view.seat)
    return declared, find_belotes(start, view.trump, view.ruleset)


class _RoundScorer:
    """Turns a searched margin of card points into the round's score margin, and, with
    ``match`` (:func:`.chances.outlook`), into the side's chance to win the match after
    the round (:meth:`value`: the one a level chooses by)."""

    def __init__(self, view: SeatView, match: MatchOutlook | None = None):
        rules, trump = view.ruleset, view.trump
        self.view = view
        self.match = match
        self.team = view.team
        self.taker_team = rules.team_of(view.taker)
        points = [0, 0]
        taken = 0
        for t in view.tricks:
            winner = (t.leader + winning_index(t.cards, trump)) % rules.players
            points[rules.team_of(winner)] += trick_points(t.cards, trump, rules)
            taken |= 1 << rules.team_of(winner)
        self.so_far = points[self.team] - points[1 - self.team]
        self.taken = taken
        first = view.tricks[0].leader if view.tricks else view.trick.leader
        settled = settle(view.declarations, first, trump, rules)
        self.declarations = settled.points
        self.played_by = view.played_by()
        self.last_bonus = end_bonus(trump, rules, capot=False)
        #: What the last trick brings with a capot (``None``: the ruleset has no capot).
        self.capot_bonus = None if rules.capot_bonus is None else end_bonus(trump, rules, True)

    def deal_context(self, hands: list[int]) -> tuple[int, int, tuple[int, int]]:
        """For one deal: all card points of the round, the mode total, belote per team."""
        view, rules = self.view, self.view.ruleset
        in_play = view.played
        belote = [0, 0]
        for seat in range(rules.players):
            in_play |= hands[seat]
            start = hands[seat] | self.played_by[seat]
            found = find_belotes(start, view.trump, rules)
            belote[rules.team_of(seat)] += rules.belote_points * len(found)
        cards = sum(card_points(c, view.trump, rules) for c in cards_in(in_play))
        return cards, mode_total(view.trump, rules, in_play), (belote[0], belote[1])

    def margin(self, future: float, context: tuple[int, int, tuple[int, int]]) -> float:
        score = self.settle(self.figures(future, context))
        return score[self.team] - score[1 - self.team]

    def value(self, future: float, context: tuple[int, int, tuple[int, int]]) -> float:
        """What the level chooses by: the margin, or with ``match`` the side's chance to
        win the match after the round (the round's score, litige and capot as the match
        sheet takes them)."""
        if self.match is None:
            return self.margin(future, context)
        figures = self.figures(future, context)
        rules = self.view.ruleset
        _, score, held, winner = settle_figures(
            rules, self.view.trump, figures, self.taker_team, self.view.bid
        )
        capot = None if rules.capot_bonus is None else figures.sweep
        whole = (round(score[0]), round(score[1]))  # a played round's score: whole points
        return self.match.win(self.team, MatchRound(whole, held, winner, capot))

    def figures(self, future: float, context: tuple[int, int, tuple[int, int]]) -> Figures:
        """The round's figures per team when the searched card points from here are
        ``future``."""
        cards, total, belote = context
        diff = self.so_far + future
        sweep = None
        capot = self.capot_bonus
        ours: float
        theirs: float
        if capot is not None and self.taken != 3 and abs(diff) == cards + capot:
            ours = cards + capot if diff > 0 else 0
            sweep = self.team if diff > 0 else 1 - self.team
            theirs = cards + capot - ours
        else:
            ours = (diff + cards + self.last_bonus) / 2
            theirs = cards + self.last_bonus - ours
        by_team = (ours, theirs) if self.team == 0 else (theirs, ours)
        # The search's margins are floats (half points, estimates): Figures' sums and
        # comparisons hold for them as for the integers it is declared with.
        return Figures(by_team, self.declarations, belote, total, sweep)  # type: ignore[arg-type]

    def settle(self, figures: Figures) -> tuple[int, int]:
        """The round's score for ``figures`` (the review settles with the record's
        held-in points and contra: :class:`.review._ReviewScorer`)."""
        _, score, _, _ = settle_figures(
            self.view.ruleset, self.view.trump, figures, self.taker_team, self.view.bid
        )
        return score


def suggest_play(
    view: SeatView,
    level: str | Level = "normal",
    seed: int = 0,
    budget_ms: float | None = None,
    weight: Weight | None = None,
    match: MatchSituation | None = None,
) -> Suggestion:
    """The card for ``view.seat`` to play; raises :class:`ViewError` for an impossible view.

    ``weight``: the likelihood of the auction given a deal (``hard`` passes the one of
    :func:`.reading.auction_weight` when the view carries the bids). ``match`` (checked
    by :func:`.match.check_situation`): where the match stands before the round; a level
    that plays to the match (:attr:`Level.match`) chooses by the side's chance to win it
    where its end is in reach (:func:`.chances.outlook`), by the margin elsewhere."""
    lv = LEVELS[level] if isinstance(level, str) else level
    if lv.lead_nodes and not view.tricks and not view.trick.cards:
        lv = replace(lv, nodes=lv.lead_nodes, stop_sigmas=0.0, probe_after=0)
    deadline = Deadline(min(budget_ms or DEFAULT_BUDGET_MS.get(lv.name, 1000), MAX_BUDGET_MS))
    check_view(view)
    rng = random.Random(seed)
    rules = view.ruleset
    legal = list(cards_in(legal_mask(view.hand, view.position)))
    k = knowledge(view, lv.inference, lv.trumps)
    if weight is None and lv.auction and view.bids:
        weight = auction_weight(view, lv.offset)
    weigh = weight if lv.auction else None
    if lv.plays:
        weigh = combine(
            weigh,
            taker_weight(view, bid_value=lv.bid_value),
            play_weight(view, lv.miss, lv.partner_miss, lv.signals),
        )
    reads = match is not None and lv.match and lv.exact
    scorer = _RoundScorer(view, outlook(rules, match, dealer_of(view)) if reads else None)
    if lv.exact:
        return _err(_exact_play(view, lv, k, weigh, legal, scorer, rng, deadline), lv, legal, rng)
    # Without weights the deals are drawn one by one, so a cut budget draws no more.
    deals = (
        resample(k, lv.samples, rng, weigh, lv.oversample, deadline)
        if weigh
        else (sample(k, rng) for _ in range(lv.samples))
    )
    totals = dict.fromkeys(legal, 0.0)
    caches: tuple[dict, dict, dict] = ({}, {}, {})
    used, exact = 0, True
    # A deal drawn twice (resampling keeps likely deals more than once) is searched once;
    # keyed by the cards, not the list's identity (a freed list's id is reused).
    searched: dict[tuple[int, ...], dict[int, float]] = {}
    for deal in deals:
        if used and deadline.passed():
            break
        key = tuple(deal)
        margins = searched.get(key)
        if margins is None:
            hands = tuple(deal[: rules.players])
            solver = Solver(rules, view.trump, view.team, lv.nodes, caches)
            found, _, deal_exact = solver.root_values(
                hands, view.trick.leader, view.trick.cards, scorer.taken, legal, deadline, not used
            )
            if not found:  # the time ran out before this deal's first trick was searched
                break
            exact &= deal_exact
            context = scorer.deal_context(deal)
            margins = {c: scorer.margin(f, context) for c, f in found.items()}
            searched[key] = margins
        for c, m in margins.items():
            totals[c] += m
        used += 1
    chosen = _choose(view, lv, legal, totals, used, exact, used == lv.samples and not deadline.hit)
    return _err(chosen, lv, legal, rng)


def dealer_of(view: SeatView) -> int:
    """The round's dealer: the seat before the first trick's leader."""
    first = view.tricks[0].leader if view.tricks else view.trick.leader
    return next(d for d in range(view.ruleset.players) if first_leader(view.ruleset, d) == first)


def _err(s: Suggestion, lv: Level, legal: list[int], rng: random.Random) -> Suggestion:
    """The level's error model (:mod:`.mistakes`) applied to the searched card, drawing
    from the request's generator after the search (temperature 0: the card unchanged)."""
    if lv.temperature <= 0:
        return s
    return replace(s, card=err(legal, s.values, s.card, lv.temperature, lv.ceiling, rng))


#: Deals drawn (and weighed) at a time by the exact levels, between checks of the budget.
BATCH = 4
#: Entries of an exact level's transposition table (2**18: 6 MiB, cleared per decision so
#: that the nodes counted, hence the deals solved, depend on the request alone).
TABLE_BITS = 18


def _exact_play(
    view: SeatView,
    lv: Level,
    k: Knowledge,
    weigh: Weight | None,
    legal: list[int],
    scorer: _RoundScorer,
    rng: random.Random,
    deadline: Deadline,
) -> Suggestion:
    """Deals solved exactly by the compiled solver, ``BATCH`` at a time (weighed deals
    resampled in each batch), until the level's node budget is spent: few deals at the
    first trick (a full deal costs about half a million nodes), many once the hands are
    short. One transposition table serves every deal of the decision. With
    ``lv.probe_after`` and long hands, the deals after the first exact ones are probed
    (:func:`_probed`)."""
    table = dds.Table(TABLE_BITS)
    totals = dict.fromkeys(legal, 0.0)
    # The card points too (the solver's margin of card points from here), to choose
    # between cards of equal score: see :func:`_choose`.
    points = dict.fromkeys(legal, 0.0)
    # Each deal's values (what the level chooses by: the margins, or the match chances),
    # card points and margins.
    searched: dict[tuple[int, ...], tuple[dict[int, float], Mapping[int, float], dict[int, float]]]
    searched = {}
    most = lv.samples if len(legal) > 1 else lv.min_samples
    used = 0
    # The cards still searched, each card's deals, and each deal's values and points,
    # in order, for ``lv.stop_sigmas``. The open cards only narrow, so each was searched
    # on every deal so far (a deal drawn again holds them all).
    live = list(legal)
    counts = dict.fromkeys(legal, 0)
    seen: list[tuple[dict[int, float], Mapping[int, float]]] = []
    same = _same_card(view)
    # Where the match is read, ``totals`` are of the match chances, these of the margins.
    margins = dict.fromkeys(legal, 0.0)
    # Probing (``lv.probe_after``): each deal context's step, the exact deals, and what
    # they measured besides the steps.
    probing = lv.probe_after > 0 and view.hand.bit_count() >= lv.probe_cards
    steps: dict[tuple[int, int, tuple[int, int]], Step] = {}

    def step_of(context: tuple[int, int, tuple[int, int]]) -> Step:
        if context not in steps:
            steps[context] = _step(scorer, context)
        return steps[context]

    exact_deals: list[Exact] = []
    rest: Rest | None = None
    while used < most:
        n = min(BATCH, most - used)
        # The deadline is checked once a batch (reading a thread's CPU time is a system
        # call of some 25 us here; resample would read it once per deal drawn).
        batch = (
            resample(k, n, rng, weigh, lv.oversample)
            if weigh
            else [sample(k, rng) for _ in range(n)]
        )
        for deal in batch:
            key = tuple(deal)
            known = searched.get(key)
            if known is None and probing and len(exact_deals) >= lv.probe_after:
                if rest is None:
                    rest = _rest_of_steps(exact_deals, live)
                step = step_of(scorer.deal_context(deal))
                known = searched[key] = _probed(view, deal, scorer, table, live, step, rest)
            if known is None:
                found = dds.solve_view(view, deal, scorer.taken, table, live)
                context = scorer.deal_context(deal)
                values = {c: scorer.value(found[c], context) for c in live}
                margin = (
                    values
                    if scorer.match is None
                    else {c: scorer.margin(found[c], context) for c in live}
                )
                known = searched[key] = (values, found, margin)
                if probing:
                    exact_deals.append(Exact(values, margin, found, step_of(context)))
            values, deal_points, margin = known
            for c in live:
                totals[c] += values[c]
                points[c] += deal_points[c]
                margins[c] += margin[c]
                counts[c] += 1
            seen.append((values, deal_points))
            used += 1
            if used >= lv.min_samples and table.nodes >= lv.nodes:
                most = used
                break
        if deadline.passed():
            break
        if lv.stop_sigmas and used >= lv.stop_after:
            live = _still_open(seen, live, totals, points, lv, same)
            if len(live) == 1:
                break
    by_chance = margins if scorer.match is not None else None
    return _choose(view, lv, legal, totals, counts, True, not deadline.hit, points, by_chance)


@dataclass(frozen=True)
class Step:
    """Where a deal's value jumps most as the searched card points grow (a contract made
    or failed; with the match, the match won or lost): at ``t`` card points, by
    ``jump`` (the value at ``t`` less the value at ``t - 1``), the margin by
    ``margin_jump`` (the same as ``jump`` without the match)."""

    t: int
    jump: float
    margin_jump: float


@dataclass(frozen=True)
class Exact:
    """A deal solved exactly, for the probes: its values, margins, card points, step."""

    values: dict[int, float]
    margins: dict[int, float]
    found: Mapping[int, float]
    step: Step


@dataclass(frozen=True)
class Rest:
    """Over the deals solved exactly, each card's mean value and margin less its step
    (the part the probes do not see), and its mean card points."""

    values: dict[int, float]
    margins: dict[int, float]
    points: dict[int, float]


def _step(scorer: _RoundScorer, context: tuple[int, int, tuple[int, int]]) -> Step:
    """The deal's :class:`Step`: the value's largest jump. The capot's jump, at the very
    end, is left out."""
    reach = context[0] + scorer.last_bonus
    low, high = -reach - scorer.so_far, reach - scorer.so_far
    best, at = -math.inf, 0
    before = scorer.value(low, context)
    for f in range(low + 1, high + 1):
        now = scorer.value(f, context)
        if now - before > best:
            best, at = now - before, f
        before = now
    if scorer.match is None:
        return Step(at, best, best)
    return Step(at, best, scorer.margin(at, context) - scorer.margin(at - 1, context))


def _rest_of_steps(exact: list[Exact], live: list[int]) -> Rest:
    """The :class:`Rest` of the deals solved exactly."""
    values = dict.fromkeys(live, 0.0)
    margins = dict.fromkeys(live, 0.0)
    points = dict.fromkeys(live, 0.0)
    for deal in exact:
        t = deal.step.t
        for c in live:
            up = deal.found[c] >= t
            values[c] += deal.values[c] - (deal.step.jump if up else 0.0)
            margins[c] += deal.margins[c] - (deal.step.margin_jump if up else 0.0)
            points[c] += deal.found[c]
    n = len(exact)
    return Rest(
        {c: v / n for c, v in values.items()},
        {c: v / n for c, v in margins.items()},
        {c: v / n for c, v in points.items()},
    )


def _probed(
    view: SeatView,
    deal: list[int],
    scorer: _RoundScorer,
    table: Any,
    live: list[int],
    step: Step,
    rest: Rest,
) -> tuple[dict[int, float], dict[int, float], dict[int, float]]:
    """One deal probed: each card tested once at the deal's step ``t``; its value there
    is the jump when its card points reach ``t``, plus the rest the exact deals measured
    (``rest``: the mean over them of the value less the jump). The mean of these over
    the deals is the regression estimate of the card's value: the step, which carries
    most of the spread, counted on every deal, the rest on the exact ones. The margins
    likewise (at the value's step), and the card points are the exact deals' mean."""
    found = dds.solve_view(view, deal, scorer.taken, table, live, threshold=step.t)
    up = {c: found[c] >= step.t for c in live}
    values = {c: (step.jump if up[c] else 0.0) + rest.values[c] for c in live}
    margins = (
        values
        if scorer.match is None
        else {c: (step.margin_jump if up[c] else 0.0) + rest.margins[c] for c in live}
    )
    return values, dict(rest.points), margins


def _still_open(
    seen: list[tuple[dict[int, float], Mapping[int, float]]],
    live: list[int],
    totals: dict[int, float],
    points: dict[int, float],
    lv: Level,
    same: Callable[[int, int], bool],
) -> list[int]:
    """The cards of ``live`` still in question: the best by (margin, card points) and
    each card it does not lead by more than ``lv.stop_sigmas`` standard errors of the
    mean paired difference over the deals ``seen`` (each deal's margins and card points,
    every card of ``live`` searched on each): in score margin, or, where the two cards'
    margins are equal on every deal, in card points (:func:`_choose`'s tie-break). Two
    cards of equal margins on every deal so far are told apart only by a rarer deal:
    both stay until ``lv.stop_ties`` deals are solved, unless they are the same card in
    effect (``same``: same suit and points, no live card between them)."""
    n = len(seen)
    if n < 2:  # no spread to judge by (a variant's ``stop_after`` below 2)
        return sorted(live)
    best = max(live, key=lambda c: (totals[c], points[c]))
    kept = [best]
    for c in live:
        if c == best:
            continue
        diffs = [m[best] - m[c] for m, _ in seen]
        if not any(diffs):
            if same(best, c):
                continue
            if n < lv.stop_ties:
                kept.append(c)
                continue
            diffs = [float(f[best] - f[c]) for _, f in seen]
            if not any(diffs):
                continue
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean <= lv.stop_sigmas * math.sqrt(var / n):
            kept.append(c)
    return sorted(kept)


def _same_card(view: SeatView) -> Callable[[int, int], bool]:
    """Whether two of the seat's cards are the same card in effect: one suit, the same
    points, and every card between them in strength played already or in the hand."""
    trump, rules = view.trump, view.ruleset
    gone = view.played | view.hand

    def same(a: int, b: int) -> bool:
        return (
            a >> 3 == b >> 3
            and card_points(a, trump, rules) == card_points(b, trump, rules)
            and not between(a, b, trump) & ~gone
        )

    return same


def _choose(
    view: SeatView,
    lv: Level,
    legal: list[int],
    totals: dict[int, float],
    used: int | dict[int, int],
    exact: bool,
    complete: bool,
    points: dict[int, float] | None = None,
    margins: dict[int, float] | None = None,
) -> Suggestion:
    """The card of best average score margin (with ``margins``, the margins' totals,
    ``totals`` are of the match chances: the card of best chance, then margin); between
    equal ones, the card of most card points (``points``, the searched card points'
    totals, when given): where the deals
    drawn all say the contract is lost whatever is played (or made), the score no longer
    tells cards apart, but the real deal may differ from them and the points still count
    there; then the card worth fewest points, then the lowest. ``used``: the deals
    searched, or each card's (a card ruled out early has fewer: its mean is over its own
    deals, and its points too)."""
    rules = view.ruleset
    counts = used if isinstance(used, dict) else dict.fromkeys(totals, used)
    values = {c: round(v / counts[c], 2) for c, v in totals.items()}
    chances = None
    if margins is not None:
        chances = {c: round(v / counts[c], 4) for c, v in totals.items()}
        values = {c: round(v / counts[c], 2) for c, v in margins.items()}
    if lv.greedy:
        choice = greedy_card(view)
    else:
        ahead = {c: p / counts[c] for c, p in points.items()} if points else {}
        first = chances or {}
        choice = max(
            legal,
            key=lambda c: (
                first.get(c, 0),
                values[c],
                ahead.get(c, 0),
                -card_points(c, view.trump, rules),
                -c,
            ),
        )
    # Past the deadline some search may have stopped at a shallower depth: not complete.
    return Suggestion(choice, values, max(counts.values()), exact, complete, lv.name, chances)


def solved_round_margin(
    rules: Ruleset,
    hands: Sequence[int],
    trump: str,
    taker: int,
    dealer: int,
    bid: ContractBid | None,
    team: int,
    solved: dict[tuple[tuple[int, ...], str], int],
) -> float:
    """The round's score margin for ``team`` when the first lead is the greedy player's
    and every card after it is played perfectly, every hand open (the compiled solver;
    one lead instead of all costs a seventh: 9 ms a deal instead of 65), each seat
    announcing its best declarations: what a contract is worth double-dummy, for the
    bidding look-ahead. ``solved`` keeps the solver's answer per deal and trump mode (the
    contracts of one deal in one mode differ only in taker and bid: the scoring's part)."""
    leader = (dealer + 1) % rules.players
    declared = tuple(
        d for s in range(rules.players) for d in find_declarations(hands[s], trump, rules, s)
    )
    view = SeatView(
        rules, leader, hands[leader], trump, taker, Trick(leader, ()), (), declared, bid=bid
    )
    scorer = _RoundScorer(view)
    key = (tuple(hands), trump)
    value = solved.get(key)
    if value is None:
        lead = greedy_card(view)
        found = dds.solve(rules, trump, hands, leader, (), scorer.team, moves=[lead])
        assert found is not None  # no node limit: solved
        value = solved[key] = found[lead]
    margin = scorer.margin(value, scorer.deal_context(list(hands)))
    return margin if team == scorer.team else -margin


def level_of(spec: str) -> Level:
    """A level by name, or a variant for experiments: ``name+field=value+...`` (for
    example ``normal+samples=16+plays=1``)."""
    name, *changes = spec.split("+")
    lv = PLAIN if name == "plain" else PYTHON_LEVELS.get(name) or LEVELS[name]
    return variant(lv, spec, changes)


def variant(base: Any, spec: str, changes: list[str]) -> Any:
    """A level (a frozen dataclass with a ``name``: :class:`Level`, the bidder's
    :class:`.bidding.BidLevel`) with the fields of ``changes`` (``field=value``, a bool
    as 0 or 1, a tuple of names as its items separated by ``/``, empty for none, an
    optional field's absence as ``none``) set, named ``spec``; ``base`` itself without
    changes. Each value is read as the field's declared type.

    >>> level_of("normal+temperature=10+ceiling=40").ceiling
    40.0
    >>> level_of("casual+ceiling=none").ceiling is None
    True
    """
    fields: dict[str, Any] = {}
    hints = typing.get_type_hints(type(base))
    for change in changes:
        key, value = change.split("=")
        hint = hints[key]
        optional = isinstance(hint, types.UnionType)  # ``float | None``
        if optional:
            hint = next(k for k in typing.get_args(hint) if k is not type(None))
        kind = typing.get_origin(hint) or hint
        if optional and value == "none":
            fields[key] = None  # an optional field (a level's ``ceiling``): none
        elif kind is tuple:
            fields[key] = tuple(v for v in value.split("/") if v)
        else:
            fields[key] = bool(int(value)) if kind is bool else kind(value)
    return replace(base, name=spec, **fields) if fields else base


#: Card players by name, for the arena and tests: ``f(view, rng) -> card``.
def player(name: str) -> Callable[[SeatView, random.Random], int]:
    if name == "random":
        return random_card
    if name == "greedy":
        return greedy_card
    lv = level_of(name)

    def play(view: SeatView, rng: random.Random) -> int:
        return suggest_play(view, lv, rng.randrange(1 << 30), budget_ms=MAX_BUDGET_MS).card

    return play
