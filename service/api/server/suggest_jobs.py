"""The suggestion jobs: typed values in, plain data out, so they can cross to the search
processes (:mod:`.search_pool`). The route parses the validated request once into a
:class:`PlayJob` or :class:`BidJob` (plain values: the ruleset by name, cards as indices)
and calls :func:`play_view` / :func:`auction_view` itself first, so an impossible request
is refused (422) before any search is queued; the job rebuilds the same view in the child
(a seat's view holds its ruleset, which does not pickle).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...engine.bidding import Call, check_proposed, check_turned, run_auction
from ...engine.cards import Card, cards_in, mask_of
from ...engine.declarations import parse_declarations
from ...engine.match import MatchSituation
from ...engine.play import PositionError, check_hand_size, check_seat
from ...engine.round_state import check_playable
from ...engine.rounds import Trick
from ...engine.rulesets import Ruleset, get_ruleset
from ...engine.scoring import ContractBid
from ...engine.text import N_, Text
from ...players.bidding import MAX_BID_BUDGET_MS, suggest_bid
from ...players.driver import DEFAULT_BUDGET_MS, MAX_BUDGET_MS, announcements, suggest_play
from ...players.sampler import knowledge
from ...players.seeds import seed_number
from ...players.table import AuctionView, first_hand_size
from ...players.view import SeatView, ViewError, check_view

#: A trick as the jobs carry it: the leader and the cards played, in order.
TrickCards = tuple[int, tuple[int, ...]]
#: An auction's bid as the jobs carry it: action, value, trump, seat.
BidTuple = tuple[str, int | str | None, str | None, int | None]


@dataclass(frozen=True, slots=True)
class Asked:
    """What every search is asked with: the ruleset (by name and options: the search
    process rebuilds it), the player's level, the seed (text: :func:`...players.seeds.seed_number`
    reads it) and the budget asked (None: the default)."""

    ruleset: str
    options: Mapping[str, Any] | None
    level: str
    seed: str
    budget_ms: int | None

    def rules(self) -> Ruleset:
        return get_ruleset(self.ruleset, self.options)


@dataclass(frozen=True, slots=True)
class PlayJob:
    """A card to choose: the seat's view as the request states it (or as the record
    gives it), checked by :func:`play_view`."""

    asked: Asked
    trump: str
    taker: int
    bid: tuple[int | str, int] | None  # Coinche's contract: value, coinche
    hand: tuple[int, ...]
    trick: TrickCards
    tricks: tuple[TrickCards, ...]
    declarations: tuple[tuple[int, tuple[int, ...]], ...]
    belotes: tuple[tuple[int, int], ...]  # seat, suit index
    turned: int | None
    exchanged_by: int | None
    dealer: int | None
    bids: tuple[BidTuple, ...]
    #: Where the match stands (checked at the edge); None: the round's margin decides.
    match: MatchSituation | None = None

    @property
    def budget_ms(self) -> float:
        return min(self.asked.budget_ms or DEFAULT_BUDGET_MS[self.asked.level], MAX_BUDGET_MS)


@dataclass(frozen=True, slots=True)
class BidJob:
    """A call to choose: the bidding seat's view, checked by :func:`auction_view`."""

    asked: Asked
    dealer: int
    turned: int | None
    proposed: str | None
    second_proposed: str | None
    hand: tuple[int, ...]
    bids: tuple[BidTuple, ...]
    #: Where the match stands (checked at the edge); None: the round's margin decides.
    match: MatchSituation | None = None

    @property
    def budget_ms(self) -> float:
        return min(self.asked.budget_ms or MAX_BID_BUDGET_MS, MAX_BID_BUDGET_MS)


def play_view(job: PlayJob) -> SeatView:
    """The seat's view of the job, checked (:class:`PositionError` names the field),
    and its unseen cards known to admit a deal."""
    rules = job.asked.rules()
    trick = Trick(job.trick[0], job.trick[1])
    tricks = tuple(Trick(leader, cards) for leader, cards in job.tricks)
    trump = job.trump
    for i, (seat, _) in enumerate(job.belotes):
        check_seat(seat, rules, f"belotes.{i}.seat")
    declared = tuple(parse_declarations(job.declarations, trump, rules))
    bid = ContractBid(*job.bid) if job.bid else None
    bids = tuple(Call(*b) for b in job.bids)
    dealer = job.dealer
    if bids and dealer is None:
        raise PositionError("dealer", Text(N_("the bids are given: give the `dealer` too")))
    if job.exchanged_by is not None:
        check_seat(job.exchanged_by, rules, "exchanged_by")
    hand = job.hand
    check_hand_size(hand, rules, "hand")
    seat = (trick.leader + len(trick.cards)) % rules.players
    view = SeatView(
        rules,
        seat,
        mask_of(hand),
        trump,
        job.taker,
        trick,
        tricks,
        declared,
        job.belotes,
        job.turned,
        job.exchanged_by,
        bid,
        dealer,
        bids,
    )
    check_view(view)
    if bids:
        check_seat(dealer, rules, "dealer")
        result = run_auction(rules, dealer, bids, view.turned)
        if result.contract is None:
            raise PositionError(
                "bids", Text(N_("these bids give no contract: the round is not in play"))
            )
        if (result.contract.taker, result.contract.trump) != (view.taker, trump):
            raise PositionError(
                "bids",
                Text(
                    N_(
                        "the bids give seat {taker} the contract in {trump}, not seat {seat} "
                        "in {stated}"
                    ),
                    taker=result.contract.taker,
                    trump=result.contract.trump,
                    seat=view.taker,
                    stated=trump,
                ),
            )
    knowledge(view, inference=job.asked.level != "plain")
    return view


def _guarded(run, job: Any) -> dict[str, Any]:
    """A job's refusal as data, any other exception as a plain ``RuntimeError``: an
    engine exception may not survive the trip back from the search process (its
    constructor takes other arguments), which would break the pool."""
    try:
        return run(job)
    except PositionError as error:
        return {"error": (error.field, str(error))}
    except Exception as error:
        raise RuntimeError(f"{type(error).__name__}: {error}") from None


def play_job(job: PlayJob) -> dict[str, Any]:
    """Runs in a search process: the suggestion as plain data (cards as indices)."""
    return _guarded(_play_job, job)


def bid_job(job: BidJob) -> dict[str, Any]:
    """Runs in a search process: the call as plain data."""
    return _guarded(_bid_job, job)


def _play_job(job: PlayJob) -> dict[str, Any]:
    view = play_view(job)
    seed = seed_number(job.asked.seed)
    s = suggest_play(view, job.asked.level, seed, job.budget_ms, match=job.match)
    declared, belotes = announcements(view) if view.first_card else ([], [])
    chances = s.chances or {}
    best_first = sorted(s.values, key=lambda c: (-chances.get(c, 0), -s.values[c], c))
    return {
        "seat": view.seat,
        "card": s.card,
        "values": [
            {"card": c, "value": s.values[c]} | ({"chance": chances[c]} if chances else {})
            for c in best_first
        ],
        "samples": s.samples,
        "exact": s.exact,
        "complete": s.complete,
        "declarations": [
            {"kind": d.kind, "cards": list(cards_in(d.cards)), "points": d.points} for d in declared
        ],
        "belote": ["CDHS"[suit] for suit in belotes],
    }


def auction_view(job: BidJob) -> AuctionView:
    """The bidding seat's view, checked: the auction replays legally and is not over,
    the hand holds the cards dealt before bidding and not the turned card."""
    rules = job.asked.rules()
    check_playable(rules)
    dealer = job.dealer
    check_seat(dealer, rules, "dealer")
    turned = job.turned
    check_turned(rules, turned)
    offered = (job.proposed, job.second_proposed)
    check_proposed(rules, *offered)
    bids = tuple(Call(*b) for b in job.bids)
    result = run_auction(rules, dealer, bids, turned, *offered)
    if result.complete:
        raise PositionError("bids", Text(N_("the auction is over: there is no call to make")))
    hand = job.hand
    size = first_hand_size(rules)
    if len(hand) != size:
        template = (
            N_("{ruleset} bids on {size} cards each; got {count}")
            if size == rules.hand_size
            else N_(
                "{ruleset} bids on {size} cards each, the rest are dealt after the auction; "
                "got {count}"
            )
        )
        raise PositionError("hand", Text(template, ruleset=rules.name, size=size, count=len(hand)))
    if turned is not None and turned in hand:
        raise ViewError(
            "hand", Text(N_("{card} is the turned card, not in a hand yet"), card=Card(turned))
        )
    if len(set(hand)) != len(hand):
        raise ViewError("hand", Text(N_("a card appears twice")))
    return AuctionView(rules, result.next_seat, mask_of(hand), dealer, bids, turned, *offered)


def _bid_job(job: BidJob) -> dict[str, Any]:
    view = auction_view(job)
    s = suggest_bid(view, job.asked.level, seed_number(job.asked.seed), job.budget_ms, job.match)
    options = [{"bid": _bid(b), "value": v} for b, v in s.options]
    if s.chances is not None:
        for option, chance in zip(options, s.chances, strict=True):
            option["chance"] = chance
    return {"seat": view.seat, "bid": _bid(s.bid), "options": options, "samples": s.samples}


def _bid(b: Call) -> dict[str, Any]:
    return {"action": b.action, "value": b.value, "trump": b.trump}
