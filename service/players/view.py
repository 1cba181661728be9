"""What one seat has seen of a round: the only input of a computer player.

A :class:`SeatView` holds the seat's own hand and the public record (contract, tricks,
declarations, belote, the turned card, the auction). Nothing in it says where the other
cards are; the sampler (:mod:`.sampler`) imagines that, so no suggestion can depend on a
card the seat cannot see. :func:`check_view` refuses a view that cannot occur, naming
the field, like every engine check (:class:`ViewError` is a :class:`PositionError`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.bidding import Call
from ..engine.cards import ALL_CARDS, Card, bit, cards_in, count, mask_of
from ..engine.declarations import Declaration
from ..engine.play import Position, PositionError, check_seat, check_trump
from ..engine.record import check_round
from ..engine.rounds import Trick, check_shape
from ..engine.rulesets import Ruleset
from ..engine.scoring import ContractBid, check_bid
from ..engine.text import N_, Text


class ViewError(PositionError):
    """A view no real round can produce (or whose unseen cards no deal can fit)."""


@dataclass(frozen=True)
class SeatView:
    """One seat's view of a round in play.

    ``tricks``: every complete trick so far, in order; ``trick``: the trick in progress
    (possibly empty, led by ``trick.leader``); ``declarations``: the announced ones, any
    seat; ``belotes``: ``(seat, suit)`` of the belotes announced so far; ``turned``: the
    card turned up in the auction (``turned_card`` bidding: the taker received it;
    ``klaberjass``: it stays on the table unless ``exchanged_by`` swapped the trump 7 for
    it); ``bids`` with ``dealer``: the auction, when the client sends it (the sampler
    weighs the deals by it); ``bid``: the Coinche contract.
    """

    ruleset: Ruleset
    seat: int
    hand: int
    trump: str
    taker: int
    trick: Trick
    tricks: tuple[Trick, ...] = ()
    declarations: tuple[Declaration, ...] = ()
    belotes: tuple[tuple[int, int], ...] = ()
    turned: int | None = None
    exchanged_by: int | None = None
    bid: ContractBid | None = None
    dealer: int | None = None
    bids: tuple[Call, ...] = field(default=())

    @property
    def position(self) -> Position:
        return Position(self.trick.leader, self.trick.cards, self.trump, self.ruleset)

    @property
    def all_tricks(self) -> tuple[Trick, ...]:
        """The complete tricks and the one in progress (when it has a card)."""
        return (*self.tricks, self.trick) if self.trick.cards else self.tricks

    @property
    def played(self) -> int:
        return mask_of(c for t in self.all_tricks for c in t.cards)

    def played_by(self) -> list[int]:
        """Each seat's cards played so far (bit sets)."""
        out = [0] * self.ruleset.players
        for t in self.all_tricks:
            for i, c in enumerate(t.cards):
                out[(t.leader + i) % self.ruleset.players] |= bit(c)
        return out

    def cards_left(self) -> list[int]:
        """How many cards each seat still holds."""
        return [self.ruleset.hand_size - count(m) for m in self.played_by()]

    @property
    def team(self) -> int:
        return self.ruleset.team_of(self.seat)

    @property
    def first_card(self) -> bool:
        """Whether this seat has not played yet (the moment declarations are announced)."""
        return not self.played_by()[self.seat]


def check_view(view: SeatView) -> None:
    """Refuse a view that cannot occur: bad seats, a record that is not a legal round
    in progress, a trick not led by the previous winner, a hand that clashes with it,
    or a seat asked to play out of turn."""
    rules = view.ruleset
    check_trump(view.trump, rules)
    check_seat(view.seat, rules, "seat")
    check_seat(view.taker, rules, "taker")
    check_bid(view.bid, rules)
    check_shape(view.tricks, rules, complete=False)
    for i, t in enumerate(view.tricks):
        if len(t.cards) != rules.players:
            raise ViewError(
                f"tricks.{i}.cards",
                Text(
                    N_(
                        "`tricks` holds the complete tricks ({players} cards each); "
                        "the trick in progress goes in `trick`"
                    ),
                    players=rules.players,
                ),
            )
    if len(view.tricks) >= rules.hand_size:
        raise ViewError(
            "tricks", Text(N_("every trick has been played: there is no card to choose"))
        )
    check_seat(view.trick.leader, rules, "trick.leader")
    if len(view.trick.cards) >= rules.players:
        raise ViewError("trick.cards", Text(N_("this trick is complete: give it in `tricks`")))
    checked = check_round(view.all_tricks, view.trump, rules)
    if checked.violations:
        v = checked.violations[0]
        raise ViewError(
            "tricks",
            Text(
                N_(
                    "the tricks are not a legal round: trick {trick}, seat {seat}, {card}: "
                    "{message}"
                ),
                trick=v.trick,
                seat=v.seat,
                card=Card(v.card),
                message=v.message,
            ),
        )
    winners = checked.winners[: len(view.tricks)]  # the walk's (:func:`rounds.check_round`)
    leaders = [t.leader for t in view.tricks[1:]] + [view.trick.leader]
    for i, (leader, winner) in enumerate(zip(leaders, winners, strict=False)):
        where = "trick.leader" if i + 1 == len(view.tricks) else f"tricks.{i + 1}.leader"
        if leader != winner:
            raise ViewError(
                where,
                Text(
                    N_("seat {seat} won trick {trick} and leads the next one"), seat=winner, trick=i
                ),
            )
    if view.position.seat != view.seat:
        raise ViewError(
            "seat",
            Text(
                N_("it is seat {turn}'s turn in this trick, not seat {seat}'s"),
                turn=view.position.seat,
                seat=view.seat,
            ),
        )
    if view.hand & view.played:
        clash = next(cards_in(view.hand & view.played))
        raise ViewError(
            "hand", Text(N_("{card} is in the hand but has already been played"), card=Card(clash))
        )
    left = view.cards_left()[view.seat]
    if count(view.hand) != left:
        raise ViewError(
            "hand",
            Text(
                N_(
                    "seat {seat} has played {played} of {size} cards, so it holds {left}, "
                    "not {count}"
                ),
                seat=view.seat,
                played=rules.hand_size - left,
                size=rules.hand_size,
                left=left,
                count=count(view.hand),
            ),
        )
    if view.hand & ~ALL_CARDS:
        raise ViewError("hand", Text(N_("not a set of cards")))
