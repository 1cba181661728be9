"""The suggestion jobs: plain data in, plain data out, so they can cross to the search
processes (:mod:`.search_pool`). The route builds the payload from the validated request
and calls :func:`play_view` / :func:`auction_view` itself first, so an impossible request
is refused (422) before any search is queued; the job rebuilds the same view in the child.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.bidding import Call, check_proposed, check_turned, run_auction
from ..engine.cards import Card, cards_in, mask_of
from ..engine.declarations import parse_declarations
from ..engine.play import PositionError, check_hand_size, check_seat
from ..engine.round_state import check_playable
from ..engine.rounds import Trick
from ..engine.rulesets import get_ruleset
from ..engine.scoring import ContractBid
from ..engine.text import N_, Text
from ..players.bidding import MAX_BID_BUDGET_MS, suggest_bid
from ..players.driver import DEFAULT_BUDGET_MS, MAX_BUDGET_MS, announcements, suggest_play
from ..players.sampler import knowledge
from ..players.table import AuctionView, first_hand_size
from ..players.view import SeatView, ViewError, check_view


def play_budget_ms(payload: Mapping[str, Any]) -> float:
    asked = payload.get("budget_ms") or DEFAULT_BUDGET_MS[payload["level"]]
    return min(asked, MAX_BUDGET_MS)


def bid_budget_ms(payload: Mapping[str, Any]) -> float:
    return min(payload.get("budget_ms") or MAX_BID_BUDGET_MS, MAX_BID_BUDGET_MS)


def play_view(payload: Mapping[str, Any]) -> SeatView:
    """The seat's view from the payload, checked (:class:`PositionError` names the field),
    and its unseen cards known to admit a deal."""
    rules = get_ruleset(payload["ruleset"], payload.get("options"))
    trick = Trick(payload["trick"][0], tuple(payload["trick"][1]))
    tricks = tuple(Trick(leader, tuple(cards)) for leader, cards in payload["tricks"])
    trump = payload["trump"]
    for i, (seat, _) in enumerate(payload["belotes"]):
        check_seat(seat, rules, f"belotes.{i}.seat")
    declared = tuple(parse_declarations(payload["declarations"], trump, rules))
    bid = ContractBid(*payload["bid"]) if payload.get("bid") else None
    bids = tuple(Call(*b) for b in payload["bids"])
    dealer = payload.get("dealer")
    if bids and dealer is None:
        raise PositionError("dealer", Text(N_("the bids are given: give the `dealer` too")))
    if payload.get("exchanged_by") is not None:
        check_seat(payload["exchanged_by"], rules, "exchanged_by")
    hand = payload["hand"]
    check_hand_size(hand, rules, "hand")
    seat = (trick.leader + len(trick.cards)) % rules.players
    view = SeatView(
        rules,
        seat,
        mask_of(hand),
        trump,
        payload["taker"],
        trick,
        tricks,
        declared,
        tuple(payload["belotes"]),
        payload.get("turned"),
        payload.get("exchanged_by"),
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
    level = payload["level"]
    knowledge(view, inference=level != "plain")
    return view


def _guarded(job, payload: Mapping[str, Any]) -> dict[str, Any]:
    """A job's refusal as data, any other exception as a plain ``RuntimeError``: an
    engine exception may not survive the trip back from the search process (its
    constructor takes other arguments), which would break the pool."""
    try:
        return job(payload)
    except PositionError as error:
        return {"error": (error.field, str(error))}
    except Exception as error:
        raise RuntimeError(f"{type(error).__name__}: {error}") from None


def play_job(payload: Mapping[str, Any]) -> dict[str, Any]:
    """Runs in a search process: the suggestion as plain data (cards as indices)."""
    return _guarded(_play_job, payload)


def bid_job(payload: Mapping[str, Any]) -> dict[str, Any]:
    """Runs in a search process: the call as plain data."""
    return _guarded(_bid_job, payload)


def _play_job(payload: Mapping[str, Any]) -> dict[str, Any]:
    view = play_view(payload)
    s = suggest_play(view, payload["level"], payload["seed"], play_budget_ms(payload))
    declared, belotes = announcements(view) if view.first_card else ([], [])
    return {
        "seat": view.seat,
        "card": s.card,
        "values": sorted(s.values.items(), key=lambda cv: (-cv[1], cv[0])),
        "samples": s.samples,
        "exact": s.exact,
        "complete": s.complete,
        "declarations": [
            {"kind": d.kind, "cards": list(cards_in(d.cards)), "points": d.points} for d in declared
        ],
        "belote": ["CDHS"[suit] for suit in belotes],
    }


def auction_view(payload: Mapping[str, Any]) -> AuctionView:
    """The bidding seat's view, checked: the auction replays legally and is not over,
    the hand holds the cards dealt before bidding and not the turned card."""
    rules = get_ruleset(payload["ruleset"], payload.get("options"))
    check_playable(rules)
    dealer = payload["dealer"]
    check_seat(dealer, rules, "dealer")
    turned = payload.get("turned")
    check_turned(rules, turned)
    offered = (payload.get("proposed"), payload.get("second_proposed"))
    check_proposed(rules, *offered)
    bids = tuple(Call(*b) for b in payload["bids"])
    result = run_auction(rules, dealer, bids, turned, *offered)
    if result.complete:
        raise PositionError("bids", Text(N_("the auction is over: there is no call to make")))
    hand = payload["hand"]
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


def _bid_job(payload: Mapping[str, Any]) -> dict[str, Any]:
    view = auction_view(payload)
    s = suggest_bid(view, payload["level"], payload["seed"], bid_budget_ms(payload))
    return {
        "seat": view.seat,
        "bid": _bid(s.bid),
        "options": [{"bid": _bid(b), "value": v} for b, v in s.options],
        "samples": s.samples,
    }


def _bid(b: Call) -> dict[str, Any]:
    return {"action": b.action, "value": b.value, "trump": b.trump}
