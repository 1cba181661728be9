"""The review job (POST /v1/rounds/review): a typed value in, plain data out, run in the
players' process pool (:mod:`.search_pool`) as the suggestions are.

The route checks the record first (its 422s are POST /v1/rounds/state's) and hands over
a :class:`ReviewJob`: its parts (the ruleset by name and options, the deal and the actions
as the engine reads them); the job rebuilds the record in the search process and reviews
it (:func:`...players.review.review_round`). Cards stay engine indices: the response
schema names them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from ...engine.round_state import Action, DealRecord, GameRecord
from ...players.review import REVIEW_BUDGET_MS, Par, Review, review_round
from ...players.seeds import seed_number
from .suggest_jobs import Asked, _guarded

#: Server-side cap and default of a review's CPU budget (milliseconds): the safety net.
MAX_REVIEW_BUDGET_MS = REVIEW_BUDGET_MS
DEFAULT_REVIEW_BUDGET_MS = 20_000


@dataclass(frozen=True, slots=True)
class ReviewJob:
    """A checked record to review, and whether to find the deal's par."""

    asked: Asked
    par: bool
    dealer: int
    deal: DealRecord
    actions: tuple[Action, ...]
    held_in: int

    @classmethod
    def of(cls, record: GameRecord, asked: Asked, par: bool) -> ReviewJob:
        return cls(asked, par, record.dealer, record.deal, tuple(record.actions), record.held_in)

    @property
    def budget_ms(self) -> float:
        return min(self.asked.budget_ms or DEFAULT_REVIEW_BUDGET_MS, MAX_REVIEW_BUDGET_MS)

    @property
    def wait_ms(self) -> float:
        """How long the worker waits for the review (before its grace): ``budget_ms``
        bounds the information-set part only; the double-dummy part and the par have no
        budget (they are exact), so a small budget does not shorten the wait below the
        default."""
        return max(self.budget_ms, DEFAULT_REVIEW_BUDGET_MS)


def review_job(job: ReviewJob) -> dict[str, Any]:
    """Runs in a search process: the review as plain data."""
    return _guarded(_review_job, job)


def _review_job(job: ReviewJob) -> dict[str, Any]:
    record = GameRecord(job.asked.rules(), job.dealer, job.deal, job.actions, job.held_in)
    review = review_round(
        record, job.asked.level, seed_number(job.asked.seed), job.budget_ms, with_par=job.par
    )
    return as_data(review)


def _bid(b) -> dict[str, Any]:
    return {"action": b.action, "value": b.value, "trump": b.trump, "seat": b.seat}


def _values(values: Mapping[int, float]) -> list[dict[str, Any]]:
    return [
        {"card": c, "value": v} for c, v in sorted(values.items(), key=lambda cv: (-cv[1], cv[0]))
    ]


def as_data(review: Review) -> dict[str, Any]:
    """The review as the response body has it (cards as indices)."""
    return {
        "level": review.level,
        "seed": review.seed,
        "stake": review.stake,
        "complete": review.complete,
        "totals": {"start": review.start, "margin": review.margin},
        "cards": [
            {
                "index": c.index,
                "trick": c.trick,
                "seat": c.seat,
                "card": c.card,
                "dd": {
                    "values": _values(c.dd),
                    "best": max(c.dd.values()),
                    "played": c.dd[c.card],
                    "cost": c.dd_cost,
                },
                "info": {
                    "values": _values(c.info),
                    "best": max(c.info.values()),
                    "played": c.info[c.card],
                    "cost": c.info_cost,
                    "samples": c.samples,
                },
                "class": c.verdict,
                "accuracy": c.accuracy,
            }
            for c in review.cards
        ],
        "calls": [
            {
                "index": c.index,
                "seat": c.seat,
                "bid": _bid(c.bid),
                "options": [{"bid": _bid(b), "value": v} for b, v in c.options],
                "best": _bid(c.best),
                "value": c.value,
                "cost": c.cost,
            }
            for c in review.calls
        ],
        "seats": [asdict(s) for s in review.seats],
        "par": None if review.par is None else par_data(review.par),
    }


def par_data(par: Par) -> dict[str, Any]:
    def cell(e) -> dict[str, Any]:
        return {
            "trump": e.trump,
            "taker": e.taker,
            "team": e.team,
            "points": list(e.points),
            "contracts": [{"value": v, "made": made, "margin": m} for v, made, m in e.contracts],
        }

    return {
        "table": [cell(e) for e in par.table],
        "best": [
            {"team": e.team, "trump": e.trump, "taker": e.taker, "value": v, "margin": m}
            for e, v, m in par.best
        ],
    }
