"""The review of a played round: every card's cost, mistakes told from bad luck, the par.

:func:`review_round` walks a round record (:func:`..engine.round_state.round_state`, one
action at a time) and, before every card played, values every legal card of the seat to
play two ways, both in the ruleset's round points, as a margin for the seat's side (its
round score minus the other side's, the contract made or failed, capot, declarations and
belote as the ruleset scores them: :class:`_ReviewScorer`, the players' own
:class:`.driver._RoundScorer` with the record's announcements fixed):

- **double-dummy** (``dd``): every hand open, solved exactly by the compiled solver
  (:mod:`.dds`) from the real hands;
- **information-set** (``info``): the value the card player of ``level`` gives each card
  from the seat's own view (:func:`.driver.suggest_play`: deals consistent with the view,
  weighed by the inference of the auction and plays, each solved exactly), reproducible
  with ``seed``.

A card's costs are the best value minus the value of the card played. Its class comes
from the information-set cost (:func:`verdict`): ``best``, ``inaccuracy``, ``mistake``,
``blunder``, or ``unlucky`` where the information-set cost is below an inaccuracy but the
double-dummy cost is a mistake's. The thresholds are fractions of the :func:`stake`, what
a round of a trump suit is worth in the ruleset (162 points in most rulesets).

Every call of the auction is valued by the bidder of ``level`` (:func:`.bidding.suggest_bid`:
each option's estimate); :func:`par` gives the deal's double-dummy table and the best
contract for each side. docs/review.md defines every figure.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

import belote_dds

from ..engine.actions import Action, BeloteAction, BidAction, PlayAction
from ..engine.bidding import Call, bid_values
from ..engine.cards import ALL_CARDS, mask_of
from ..engine.deal import complete_hands
from ..engine.declarations import find_declarations, parse_declarations, settle
from ..engine.round_state import GameRecord, RoundState, round_state
from ..engine.round_view import round_view
from ..engine.rounds import Trick, first_leader
from ..engine.rulesets import Ruleset
from ..engine.score_units import whole
from ..engine.scoring import ContractBid, Figures, mode_total, needs_bid, settle_figures
from . import dds
from .bidding import READ_BIDDING, suggest_bid
from .deadline import Deadline
from .driver import DEFAULT_BUDGET_MS, _RoundScorer, suggest_play
from .record_view import auction_view, seat_view
from .view import SeatView

#: The classes of a card, by its information-set cost (and ``unlucky``).
BEST, INACCURACY, MISTAKE, BLUNDER, UNLUCKY = "best", "inaccuracy", "mistake", "blunder", "unlucky"
CLASSES = (BEST, INACCURACY, MISTAKE, BLUNDER, UNLUCKY)
#: The thresholds, as fractions of the :func:`stake`: a cost at least this large.
THRESHOLDS = {INACCURACY: 0.05, MISTAKE: 0.15, BLUNDER: 0.35}
#: The default level of a review (its information-set values).
DEFAULT_LEVEL = "normal"
#: CPU budget of a whole review (milliseconds): the safety net, as a suggestion's.
REVIEW_BUDGET_MS = 60_000
#: Entries of the review's transposition table (shared by its double-dummy solves).
TABLE_BITS = 20


def stake(ruleset: Ruleset) -> int:
    """What a contract is worth in the ruleset: the whole round of a trump suit (all the
    card points and the last-trick bonus) in its score units: 162 (16 in Bulgarian tens)."""
    mode = next((m for m in ruleset.trump_modes if m in "CDHS"), ruleset.trump_modes[0])
    return whole(mode_total(mode, ruleset, ALL_CARDS), ruleset)


def verdict(info_cost: float, dd_cost: float, stake_: float) -> str:
    """The class of a card from its two costs (docs/review.md)."""
    if info_cost >= THRESHOLDS[BLUNDER] * stake_:
        return BLUNDER
    if info_cost >= THRESHOLDS[MISTAKE] * stake_:
        return MISTAKE
    if info_cost >= THRESHOLDS[INACCURACY] * stake_:
        return INACCURACY
    if dd_cost >= THRESHOLDS[MISTAKE] * stake_:
        return UNLUCKY
    return BEST


def card_accuracy(info_cost: float, stake_: float) -> float:
    """A card's accuracy (0 to 100), lichess's curve of a move's accuracy with the cost in
    hundredths of the stake for the drop of winning chances."""
    loss = 100.0 * max(0.0, info_cost) / stake_
    return round(max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * loss) - 3.1669)), 1)


@dataclass(frozen=True)
class Fixed:
    """What the card play does not change, fixed from the record: each team's declaration
    and belote points (None: as the players' scorer finds them), held-in points, contra."""

    declarations: tuple[int, int] | None
    belote: tuple[int, int] | None
    held_in: int = 0
    double: str = "none"


class _ReviewScorer(_RoundScorer):
    """The players' scorer (:class:`.driver._RoundScorer`) with the record's declarations
    and belote fixed (a seat announces its declarations with its first card: the values
    of the first trick count the ones announced after them too, so that the value of the
    card played is the value of the position after it) and the held-in points and contra
    of the record's contract."""

    def __init__(self, view: SeatView, fixed: Fixed):
        super().__init__(view)
        self.fixed = fixed
        if fixed.declarations is not None:
            self.declarations = fixed.declarations

    def deal_context(self, hands: list[int]) -> tuple[int, int, tuple[int, int]]:
        cards, total, belote = super().deal_context(hands)
        return cards, total, belote if self.fixed.belote is None else self.fixed.belote

    def settle(self, figures: Figures) -> tuple[int, int]:
        _, score, _, _ = settle_figures(
            self.view.ruleset,
            self.view.trump,
            figures,
            self.taker_team,
            self.view.bid,
            self.fixed.held_in,
            self.fixed.double,
        )
        return score


@dataclass(frozen=True)
class CardReview:
    """One card played: action ``index``, trick ``trick``, by ``seat``; each legal card's
    double-dummy (``dd``) and information-set (``info``) value for the seat's side."""

    index: int
    trick: int
    seat: int
    card: int
    dd: dict[int, float]
    info: dict[int, float]
    samples: int
    dd_cost: float
    info_cost: float
    verdict: str
    accuracy: float


@dataclass(frozen=True)
class CallReview:
    """One call of the auction: each option's estimate (``None``: not estimated, ``easy``),
    the best option, the call made and its estimate (None when the bidder did not
    consider it), and the cost (best minus made; None without both). A coinche said out
    of turn has no options (the bidder answers the seat whose turn it is)."""

    index: int
    seat: int
    bid: Call
    options: tuple[tuple[Call, float | None], ...]
    best: Call
    value: float | None
    cost: float | None


@dataclass(frozen=True)
class SeatReview:
    seat: int
    cards: int
    dd_cost: float
    info_cost: float
    accuracy: float | None
    classes: dict[str, int]
    call_cost: float


@dataclass(frozen=True)
class ParEntry:
    """The double-dummy table's cell: ``team`` takes in ``trump`` (seat ``taker``): the
    points each team makes (card points, bonuses, declarations, belote, before scoring),
    and per contract value (``None``: the ruleset's single contract) whether it is made
    and the score margin for ``team``."""

    trump: str
    taker: int
    team: int
    points: tuple[float, float]
    contracts: tuple[tuple[int | str | None, bool, float], ...]


@dataclass(frozen=True)
class Par:
    table: tuple[ParEntry, ...]
    best: tuple[tuple[ParEntry, int | str | None, float], ...]  # per team: cell, value, margin


@dataclass(frozen=True)
class Review:
    level: str
    seed: int
    stake: int
    cards: tuple[CardReview, ...]
    calls: tuple[CallReview, ...]
    seats: tuple[SeatReview, ...]
    start: float | None  # team 0's double-dummy value before the first card
    margin: float | None  # team 0's final score margin (a complete round)
    par: Par | None
    complete: bool  # every decision got its level's full work (no deadline hit)


def _prefix(record: GameRecord, n: int) -> GameRecord:
    return replace(record, actions=tuple(record.actions[:n]))


def _fixed(record: GameRecord, final: RoundState) -> Fixed:
    """The record's announcements, settled as the round scores them (complete) or as
    announced by the record's end (partial: belote as held)."""
    contract = final.contract
    held_in, double = record.held_in, contract.double if contract else "none"
    if final.score is not None:
        f = final.score.figures
        return Fixed(f.declarations, f.belote, held_in, double)
    rules = record.ruleset
    if contract is None:
        return Fixed(None, None, held_in, double)
    claims = [(e.seat, e.cards) for e in final.events if e.type == "declaration"]
    declared = parse_declarations(claims, contract.trump, rules) if claims else []
    leader = final.tricks[0].leader if final.tricks else first_leader(rules, record.dealer)
    return Fixed(settle(declared, leader, contract.trump, rules).points, None, held_in, double)


def _dd_values(
    view: SeatView,
    hands: Sequence[int],
    scorer: _ReviewScorer,
    legal: list[int],
    table: belote_dds.Table,
) -> dict[int, float]:
    found = dds.solve_view(view, hands, scorer.taken, table, legal)
    context = scorer.deal_context(list(hands))
    return {c: scorer.margin(found[c], context) for c in legal}


def decision_seed(seed: int, index: int) -> int:
    """The seed of the information-set search of action ``index``."""
    return (seed * 1_000_003 + index * 7919) % (1 << 31)


def _said_alone(action: Action) -> bool:
    """A belote said before its card, in an action of its own."""
    return isinstance(action, BeloteAction) and action.card is None


def review_round(
    record: GameRecord,
    level: str = DEFAULT_LEVEL,
    seed: int = 0,
    budget_ms: float | None = None,
    with_par: bool = True,
    info: bool = True,
    calls: bool = True,
) -> Review:
    """The review of ``record`` (complete or partial; raises as :func:`round_state` for an
    illegal one). ``info``/``calls`` False: the double-dummy part alone (benches)."""
    rules = record.ruleset
    deadline = Deadline(budget_ms or REVIEW_BUDGET_MS)
    final = round_state(record)
    fixed = _fixed(record, final)
    s = stake(rules)
    table = dds.Table(TABLE_BITS)
    cards: list[CardReview] = []
    call_reviews: list[CallReview] = []
    complete = True
    start = None
    for index, action in enumerate(record.actions):
        # a card: played alone, or said with its belote in one action
        plays = isinstance(action, PlayAction) or (
            isinstance(action, BeloteAction) and action.card is not None
        )
        if not plays and not isinstance(action, BidAction):
            continue
        # A card is judged where its seat chose it: before the belote it said just before
        # it (saying belote binds the seat to play the king or queen of trump).
        at = index
        if isinstance(action, PlayAction):
            while at and _said_alone(record.actions[at - 1]):
                at -= 1
        prefix = _prefix(record, at)
        state = round_state(prefix)
        seat = state.seat
        assert seat is not None  # an action follows: a seat is to act
        if isinstance(action, BidAction):
            if not calls:
                continue
            caller = action.seat if action.seat is not None else action.call.seat
            if caller is not None and caller != seat:  # a coinche out of turn: no view
                made = replace(action.call, seat=caller)
                call_reviews.append(CallReview(index, caller, made, (), made, None, None))
                continue
            calling = auction_view(round_view(prefix, seat, state), rules)
            made = replace(action.call, seat=seat)
            s_bid = suggest_bid(calling, level, decision_seed(seed, index))
            options = tuple((replace(b, seat=seat), v) for b, v in s_bid.options)
            value = next((v for b, v in options if _same_bid(b, made)), None)
            known = [v for _, v in options if v is not None]
            best = max(known) if known else None
            call_reviews.append(
                CallReview(
                    index,
                    seat,
                    made,
                    options,
                    replace(s_bid.bid, seat=seat),
                    value,
                    None if value is None or best is None else round(best - value, 2),
                )
            )
            continue
        view = seat_view(round_view(prefix, seat, state), rules)
        legal = [v.card for v in state.legal.cards if v.legal]
        scorer = _ReviewScorer(view, fixed)
        dd_values = _dd_values(view, state.hands, scorer, legal, table)
        if start is None:
            best_dd = max(dd_values.values())
            start = best_dd if view.team == 0 else -best_dd
        if info:
            seen = view if rules.bidding in READ_BIDDING else replace(view, bids=(), dealer=None)
            end = math.inf if deadline.end is None else deadline.end
            left = 1000 * (end - time.thread_time())
            per = min(DEFAULT_BUDGET_MS.get(level, 1000), max(1.0, left))
            suggestion = suggest_play(seen, level, decision_seed(seed, index), per)
            complete &= suggestion.complete
            info_values = dict(suggestion.values)
            samples = suggestion.samples
        else:
            info_values, samples = dict(dd_values), 0
        assert isinstance(action, (PlayAction, BeloteAction))  # a card (see plays above)
        played = action.card
        assert played is not None  # a card action holds its card
        dd_cost = round(max(dd_values.values()) - dd_values[played], 2)
        info_cost = round(max(info_values.values()) - info_values[played], 2)
        cards.append(
            CardReview(
                index,
                len(view.tricks),
                seat,
                played,
                dd_values,
                info_values,
                samples,
                dd_cost,
                info_cost,
                verdict(info_cost, dd_cost, s),
                card_accuracy(info_cost, s) if len(legal) > 1 else 100.0,
            )
        )
    margin = None
    if final.score is not None:
        margin = final.score.score[0] - final.score.score[1]
    seats = tuple(_seat_summary(seat, cards, call_reviews) for seat in range(rules.players))
    the_par = par(record, table) if with_par else None
    return Review(
        level,
        seed,
        s,
        tuple(cards),
        tuple(call_reviews),
        seats,
        start,
        margin,
        the_par,
        complete and not deadline.hit,
    )


def _same_bid(option: Call, made: Call) -> bool:
    """Whether the bidder's ``option`` is the call ``made`` (a record's ``take`` names no
    trump: the turned suit; the bidder's names it)."""
    if (option.action, option.value) != (made.action, made.value):
        return False
    return made.trump is None or option.trump == made.trump


def _seat_summary(seat: int, cards: list[CardReview], calls: list[CallReview]) -> SeatReview:
    mine = [c for c in cards if c.seat == seat]
    chosen = [c for c in mine if len(c.dd) > 1]  # the cards with a choice
    classes = dict.fromkeys(CLASSES, 0)
    for c in mine:
        classes[c.verdict] += 1
    accuracy = round(sum(c.accuracy for c in chosen) / len(chosen), 1) if chosen else None
    return SeatReview(
        seat,
        len(mine),
        round(sum(c.dd_cost for c in mine), 2),
        round(sum(c.info_cost for c in mine), 2),
        accuracy,
        classes,
        round(sum(c.cost for c in calls if c.seat == seat and c.cost is not None), 2),
    )


# --- the par ------------------------------------------------------------------------------


def _contract_values(rules: Ruleset) -> tuple[int | str | None, ...]:
    return tuple(bid_values(rules)) if needs_bid(rules) else (None,)


def par(record: GameRecord, table: belote_dds.Table | None = None) -> Par:
    """The double-dummy table of the record's deal and the best contract for each side.

    For each trump mode of the ruleset and each seat as taker (the hands as the deal
    completes them for that taker: the turned card and the stock), the round solved
    exactly from the first lead, every seat announcing its best declarations and belote
    counted where held: the points each team makes, and for each contract value whether
    it is made and the taker's side's score margin. A team's best contract is the cell
    and value of its best margin. Kept per deal (:data:`PARS_KEPT`)."""
    rules = record.ruleset
    deal = record.deal
    key = (repr(rules), record.dealer, deal.hands, deal.turned, deal.stock)
    kept = _PARS.get(key)
    if kept is not None:
        return kept
    found = _par(record, table)
    if len(_PARS) >= PARS_KEPT:
        del _PARS[next(iter(_PARS))]
    _PARS[key] = found
    return found


#: The pars kept per process (a deal is reviewed again and again as its round goes on).
PARS_KEPT = 64
_PARS: dict[tuple, Par] = {}


def _par(record: GameRecord, table: belote_dds.Table | None = None) -> Par:
    rules = record.ruleset
    deal = record.deal
    leader = first_leader(rules, record.dealer)
    table = table if table is not None else dds.Table(TABLE_BITS)
    solved: dict[tuple[tuple[int, ...], str], int] = {}
    entries: list[ParEntry] = []
    for trump in rules.trump_modes:
        for taker in range(rules.players):
            full, _ = complete_hands(
                rules, record.dealer, deal.hands, deal.turned, deal.stock, taker
            )
            hands = [mask_of(h) for h in full]
            if sum(len(h) for h in full) != rules.players * rules.hand_size:
                continue  # a deal that is not completed this way (no such contract)
            entries.append(_cell(rules, trump, taker, hands, leader, table, solved))
    best = []
    for team in range(2):
        options = [(e, value, m) for e in entries if e.team == team for value, _, m in e.contracts]
        if options:
            best.append(max(options, key=lambda o: o[2]))
    return Par(tuple(entries), tuple(best))


def _cell(
    rules: Ruleset,
    trump: str,
    taker: int,
    hands: Sequence[int],
    leader: int,
    table: belote_dds.Table,
    solved: dict[tuple[tuple[int, ...], str], int],
) -> ParEntry:
    players = rules.players
    declared = tuple(
        d for s in range(players) for d in find_declarations(hands[s], trump, rules, s)
    )
    team = rules.team_of(taker)
    key = (tuple(hands), trump)
    value = solved.get(key)  # team 0's margin of card points, the best first lead
    if value is None:
        found = dds.solve(rules, trump, hands, leader, (), 0, table=table)
        assert found is not None  # no node limit: solved
        value = solved[key] = max(found.values())
    contracts = []
    points: tuple[float, float] = (0.0, 0.0)
    for v in _contract_values(rules):
        bid = ContractBid(v) if v is not None else None
        view = SeatView(rules, leader, hands[leader], trump, taker, Trick(leader, ()), (), declared)
        view = replace(view, bid=bid, seat=leader)
        scorer = _RoundScorer(view)
        context = scorer.deal_context(list(hands))
        mine = value if scorer.team == 0 else -value
        margin = scorer.margin(mine, context)
        margin = margin if scorer.team == team else -margin
        made = _made(scorer, mine, context, team)
        contracts.append((v, made, round(margin, 2)))
        points = _points(scorer, mine, context)
    return ParEntry(trump, taker, team, points, tuple(contracts))


def _points(
    scorer: _RoundScorer, future: float, context: tuple[int, int, tuple[int, int]]
) -> tuple[float, float]:
    """Each team's points (cards, bonuses, declarations, belote) for the solved margin."""
    cards, _, belote = context
    diff = scorer.so_far + future
    capot = scorer.capot_bonus
    ours: float
    theirs: float
    if capot is not None and abs(diff) == cards + capot:
        ours = cards + capot if diff > 0 else 0
        theirs = cards + capot - ours
    else:
        ours = (diff + cards + scorer.last_bonus) / 2
        theirs = cards + scorer.last_bonus - ours
    by_team = [ours, theirs] if scorer.team == 0 else [theirs, ours]
    return (
        by_team[0] + scorer.declarations[0] + belote[0],
        by_team[1] + scorer.declarations[1] + belote[1],
    )


def _made(
    scorer: _RoundScorer, future: int, context: tuple[int, int, tuple[int, int]], team: int
) -> bool:
    cards, total, belote = context
    rules, view = scorer.view.ruleset, scorer.view
    diff = scorer.so_far + future
    capot = scorer.capot_bonus
    sweep = None
    if capot is not None and abs(diff) == cards + capot:
        ours = cards + capot if diff > 0 else 0
        sweep = scorer.team if diff > 0 else 1 - scorer.team
        theirs = cards + capot - ours
    else:
        ours = (diff + cards + scorer.last_bonus) // 2  # diff and cards + bonus: same parity
        theirs = cards + scorer.last_bonus - ours
    by_team = (ours, theirs) if scorer.team == 0 else (theirs, ours)
    figures = Figures(by_team, scorer.declarations, belote, total, sweep)
    outcome, _, _, _ = settle_figures(rules, view.trump, figures, team, view.bid)
    return outcome.made


__all__ = [
    "CLASSES",
    "THRESHOLDS",
    "CallReview",
    "CardReview",
    "Par",
    "ParEntry",
    "Review",
    "SeatReview",
    "card_accuracy",
    "par",
    "review_round",
    "stake",
    "verdict",
]
