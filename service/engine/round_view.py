"""What one seat may see of a round record: the view a backend sends to a player's phone,
and the only thing a computer seat is given (:mod:`..players.record_view`).

A seat sees its own hand as it stands, how many cards every other seat holds and how many
are not dealt, the card turned up at the deal, every bid, every card played and the
tricks they made, what was shown or said aloud (declarations, belote and rebelote, the
trump seven exchanged, Klaberjass's comparison of sequences), the contract and, once the
last card is down, the score. It never sees another hand, the stock, the order the cards
were dealt in, nor the salt of the deal; the legal actions only when it is its turn (they
are made of its hand).

One reading, stated: in Klaberjass the seat that holds the trump seven is asked, at the
table, whether it exchanges it (``exchange`` phase, answered by an ``exchange`` action
with ``swap`` true or false, docs/api.md): that seat and its answer are public, so from
the exchange phase on the trump seven's place is seen by every seat.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .actions import Action, BidAction
from .bidding import AuctionResult, Call, start_auction
from .cards import count
from .phases import COMPLETE, REDEAL
from .play import check_seat
from .round_state import (
    Event,
    GameRecord,
    Legal,
    RoundState,
    TrickState,
    round_state,
)
from .scoring import RoundContract, RoundScore


@dataclass(frozen=True, slots=True)
class RoundView:
    """One seat's view of a round (``viewer``); the rest as :class:`.RoundState` has it.
    ``held``: the cards each seat holds now; ``stock``: the cards not dealt (yet);
    ``turned``: the card turned up at the deal; ``face_up``: the card face up on the
    table now (the turned card until the taker receives it; in Klaberjass after an
    exchange, the trump seven); ``bids``: the auction's bids, each with its seat."""

    viewer: int
    dealer: int
    phase: str
    seat: int | None
    legal: Legal
    hand: int
    held: tuple[int, ...]
    stock: int
    turned: int | None
    face_up: int | None
    bids: tuple[Call, ...]
    tricks: tuple[TrickState, ...]
    card_points: tuple[int, int]
    events: tuple[Event, ...]
    contract: RoundContract | None
    auction: AuctionResult
    score: RoundScore | None
    next_dealer: int | None
    actions: int
    commitment: str | None
    proposed: str | None = None  # klaverjas_proposed: the suits proposed, as dealt
    second_proposed: str | None = None
    #: Every action the viewer may append now, each as a record holds it.
    actions_open: tuple[Action, ...] = ()
    #: The seat to lead the trick in play (before its first card too); None out of play.
    leader: int | None = None
    #: The deal's salt, once the round is over and the record gives it.
    salt: bytes | None = None
    #: Once complete: the round's own score, without the points held in.
    own_score: RoundScore | None = None


def round_view(record: GameRecord, viewer: int, state: RoundState | None = None) -> RoundView:
    """What ``viewer`` may see of ``record`` (its state, ``state``, computed if not
    given); raises as :func:`.round_state` for an illegal or malformed record."""
    check_seat(viewer, record.ruleset, "seat")
    if state is None:
        state = round_state(record)
    deal = record.deal
    auction = start_auction(
        record.ruleset, record.dealer, deal.turned, deal.proposed, deal.second_proposed
    )
    bids = []
    for a in record.actions[: state.actions]:
        if isinstance(a, BidAction):
            bid = a.call if a.seat is None else replace(a.call, seat=a.seat)
            bids.append(replace(bid, seat=auction.caller(bid)))
            auction = auction.after(bid)
    assert state.auction is not None  # a record's round begins at its deal
    return RoundView(
        viewer=viewer,
        dealer=record.dealer,
        phase=state.phase,
        seat=state.seat,
        legal=state.legal_for(viewer),
        hand=state.hands[viewer],
        held=tuple(count(h) for h in state.hands),
        stock=len(state.stock),
        turned=record.deal.turned,
        face_up=state.turned,
        bids=tuple(bids),
        tricks=state.tricks,
        card_points=state.card_points,
        events=state.events,
        contract=state.contract,
        auction=state.auction,
        score=state.score,
        next_dealer=state.next_dealer,
        actions=state.actions,
        commitment=record.deal.commitment,
        proposed=deal.proposed,
        second_proposed=deal.second_proposed,
        actions_open=state.legal_actions(viewer),
        leader=state.leader,
        salt=deal.salt if state.phase in (COMPLETE, REDEAL) else None,
        own_score=state.own_score,
    )
