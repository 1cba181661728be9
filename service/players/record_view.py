"""A computer seat's view from a round record, built from what that seat may see only.

:func:`seat_view` and :func:`auction_view` read nothing but a :class:`.RoundView` (the
seat's own hand and the public record, :mod:`..engine.round_view`), so a suggestion from a
record cannot depend on a card the seat does not see, whatever the record holds.
"""

from __future__ import annotations

from ..engine.cards import suit_of
from ..engine.declarations import parse_declarations
from ..engine.phases import AUCTION, PLAY
from ..engine.play import PositionError
from ..engine.round_view import RoundView
from ..engine.rounds import Trick, first_leader
from ..engine.rulesets import Ruleset
from ..engine.text import N_, Text
from .table import AuctionView
from .view import SeatView


def round_over(phase: str) -> PositionError:
    """No suggestion for a round that is over (complete, or passed out)."""
    return PositionError(
        "record",
        Text(
            N_(
                "the round is over (phase `{phase}`): nobody acts; its score and the "
                "summary for POST /v1/match are in POST /v1/rounds/state's answer"
            ),
            phase=phase,
        ),
    )


def _not_to(view: RoundView, play: bool) -> PositionError:
    """Why the seat of ``view`` gets no suggestion now (``play``: a card, else a bid)."""
    if view.seat is None:
        return round_over(view.phase)
    if view.seat != view.viewer:
        return PositionError(
            "seat",
            Text(
                N_("it is seat {seat}'s turn, not seat {viewer}'s"),
                seat=view.seat,
                viewer=view.viewer,
            ),
        )
    template = (
        N_("seat {viewer} is to act in the `{phase}` phase, but not to play a card")
        if play
        else N_("seat {viewer} is to act in the `{phase}` phase, not to bid")
    )
    return PositionError("record", Text(template, viewer=view.viewer, phase=view.phase))


def seat_view(view: RoundView, ruleset: Ruleset) -> SeatView:
    """The card player's view of the seat to play; :class:`PositionError` (at ``seat``
    or ``record``) when the seat is not about to play a card."""
    if view.seat != view.viewer or view.phase != PLAY or not view.legal.cards:
        raise _not_to(view, play=True)
    contract = view.contract
    assert contract is not None  # play: the contract is made
    tricks = tuple(Trick(t.leader, t.cards) for t in view.tricks if t.winner is not None)
    current = next((t for t in view.tricks if t.winner is None), None)
    if current is not None:
        trick = Trick(current.leader, current.cards)
    elif tricks:
        winner = view.tricks[-1].winner
        assert winner is not None  # a complete trick
        trick = Trick(winner, ())
    else:
        trick = Trick(first_leader(ruleset, view.dealer), ())
    claims = [(e.seat, e.cards) for e in view.events if e.type == "declaration"]
    declarations = tuple(parse_declarations(claims, contract.trump, ruleset))
    belotes = tuple((e.seat, suit_of(e.cards[0])) for e in view.events if e.type == "belote")
    exchanged_by = next((e.seat for e in view.events if e.type == "exchange" and e.swap), None)
    return SeatView(
        ruleset,
        view.viewer,
        view.hand,
        contract.trump,
        contract.taker,
        trick,
        tricks,
        declarations,
        belotes,
        view.turned,
        exchanged_by,
        contract.bid,
        view.dealer,
        view.bids,
    )


def auction_view(view: RoundView, ruleset: Ruleset) -> AuctionView:
    """The bidder's view of the seat to bid; :class:`PositionError` when the seat is not
    about to bid."""
    if view.seat != view.viewer or view.phase != AUCTION:
        raise _not_to(view, play=False)
    return AuctionView(
        ruleset,
        view.viewer,
        view.hand,
        view.dealer,
        view.bids,
        view.turned,
        view.proposed,
        view.second_proposed,
    )
