"""The public state of one round (OpenSpiel's ``State`` shape), on the one walk of
:mod:`.round_state`: everything that walks a round uses it (the players' table, the arena,
the bench, the tests' random rounds); the record operations read the same walk through
:func:`.round_state.round_state`."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action
from .play import PositionError
from .round_state import DealRecord, GameRecord, RoundState, Walk, walk_of
from .round_view import RoundView, round_view
from .rulesets import Ruleset
from .scoring import RoundContract


class Round:
    """One round as it stands, the public state every walk of a round uses (OpenSpiel's
    ``State`` shape): built from a ruleset, the dealer, the deal and the points held in;
    :attr:`phase`, :attr:`to_act`, :meth:`legal_actions`, :meth:`is_legal`, :meth:`apply`,
    :meth:`copy`, :meth:`state` (the whole state: tricks, running points, events, score);
    :meth:`view` (what one seat may see).

    >>> from service.engine.deal import deal_round
    >>> from service.engine.rulesets import get_ruleset
    >>> ruleset = get_ruleset("belote")
    >>> dealt = deal_round(ruleset, 3, seed="doc")
    >>> game = Round(ruleset, 3, DealRecord(dealt.hands, dealt.turned, dealt.stock))
    >>> game.phase, game.to_act
    ('auction', 0)
    >>> take = next(a for a in game.legal_actions() if a.call.action == "take")
    >>> game.apply(take)
    >>> game.phase, game.to_act, len(game.legal_actions()) > 0
    ('play', 0, True)
    >>> game.is_legal(take)
    False
    """

    __slots__ = ("_actions", "_walk")

    def __init__(self, ruleset: Ruleset, dealer: int, deal: DealRecord, held_in: int = 0):
        self._walk = Walk(GameRecord(ruleset, dealer, deal, (), held_in))
        self._actions: list[Action] = []

    @classmethod
    def of(cls, record: GameRecord) -> Round:
        """The round after every action of ``record`` (raises :class:`IllegalAction` at the
        first illegal one)."""
        game = cls.__new__(cls)
        game._walk, game._actions = walk_of(record), list(record.actions)
        return game

    @classmethod
    def playing(
        cls,
        ruleset: Ruleset,
        dealer: int,
        hands: Sequence[int],
        contract: RoundContract,
        held_in: int = 0,
    ) -> Round:
        """The round at its first card, its contract known (decided elsewhere: a table
        that bid apart, a record that states its contract): ``hands`` (bit sets) are
        every seat's full hand at the start of play. No deal is checked (none is given);
        the play is walked as :meth:`apply` walks it, from the seat after the dealer
        (:func:`record.first_leader`)."""
        game = cls.__new__(cls)
        game._walk, game._actions = Walk.at_play(ruleset, dealer, hands, contract, held_in), []
        return game

    @property
    def record(self) -> GameRecord:
        r = self._walk.record
        return GameRecord(r.ruleset, r.dealer, r.deal, tuple(self._actions), r.held_in)

    @property
    def phase(self) -> str:
        return self._walk.phase

    @property
    def to_act(self) -> int | None:
        """The seat to act (None once the round is over)."""
        return self._walk._seat_to_act()

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        """Every action that may be appended now, with its seat (only ``seat``'s)."""
        return self._walk.actions(seat)

    def is_legal(self, action: Action) -> bool:
        try:
            self._walk.copy(self._walk.record).apply(len(self._actions), action)
        except PositionError:
            return False
        return True

    def apply(self, action: Action) -> None:
        """Append ``action``; raises :class:`IllegalAction` (the round unchanged) if it is
        not legal."""
        walk = self._walk.copy(self._walk.record)
        walk.apply(len(self._actions), action)
        self._walk = walk
        self._actions.append(action)

    def copy(self) -> Round:
        other = Round.__new__(Round)
        other._walk, other._actions = self._walk.copy(self._walk.record), self._actions[:]
        return other

    def state(self) -> RoundState:
        return self._walk.state()

    def view(self, seat: int) -> RoundView:
        """What ``seat`` may see now: its own hand and the public record
        (:func:`.round_view.round_view`, the one place that decides it)."""
        return round_view(self.record, seat, self.state())
