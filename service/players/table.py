"""A table: whole rounds by computer players on the engine's own round, scored by it.

Used by the arena (``bench/arena.py``), the bench, the review, the tests, and by the
bidding player's look-ahead. The table keeps no rule of its own: it drives a
:class:`..engine.round.Round` (the one walk of a round, the one behind POST
/v1/rounds/state), asking each seat for its action:

- the deal is the engine's (:func:`..engine.deal.deal_round`, or a
  :class:`..engine.round_state.DealRecord` given), with every deal parameter
  (``deal_packets``, ``completion``, the turned card); the round completes the hands
  after the auction;
- the auction (:func:`bid_round`): each seat's bidder, asked with an :class:`AuctionView`
  whenever the round says it is to bid;
- the exchange, the comparison, the declarations and belote (:func:`play_out`): the
  actions a computer seat takes without a search (:func:`.announce.ready_action`, what
  POST /v1/suggest/action answers), from the round's own open actions; belote is said with
  its card;
- the cards: each seat's card player, asked with a :class:`.view.SeatView` made of the
  round's state; the round refuses an illegal card (``AssertionError`` here: a player
  bug).

:func:`play_round` plays a round whose full hands and contract are given (a contract
decided elsewhere): :meth:`Round.playing`, from the first card.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine.actions import Action, BeloteAction, BidAction, ExchangeAction, PlayAction
from ..engine.bidding import Call, Contract
from ..engine.cards import mask_of, suit_of
from ..engine.deal import Deal, complete_hands, deal_round
from ..engine.phases import AUCTION, COMPLETE, EXCHANGE, PLAY
from ..engine.play import Position
from ..engine.round import Round
from ..engine.round_state import DealRecord, IllegalAction, RoundState
from ..engine.rounds import Trick
from ..engine.rulesets import Ruleset
from ..engine.scoring import ContractBid, RoundContract, RoundScore
from .announce import ready_action
from .view import SeatView

CardPlayer = Callable[[SeatView, random.Random], int]


@dataclass(frozen=True)
class AuctionView:
    """One seat's view of the auction: its cards so far, the dealer, the bids made,
    (turned-card games) the card turned up and (``klaverjas_proposed``) the suit proposed,
    with ``proposed_all_pass: new_proposal`` the second one."""

    ruleset: Ruleset
    seat: int
    hand: int
    dealer: int
    bids: tuple[Call, ...] = ()
    turned: int | None = None
    proposed: str | None = None
    second_proposed: str | None = None


BidPlayer = Callable[[AuctionView, random.Random], Call]


def first_hand_size(ruleset: Ruleset) -> int:
    """Cards each seat holds during the auction: the packets dealt before it
    (``deal_packets``, :func:`..engine.deal.deal_pack`)."""
    return sum(ruleset.packets())


def deal(ruleset: Ruleset, dealer: int, seed: str) -> DealRecord:
    """The engine's deal of a round (:func:`..engine.deal.deal_round`) from ``seed``: the
    same seed, the same deal, on every machine."""
    return deal_record(deal_round(ruleset, dealer, seed=seed))


def deal_record(dealt: Deal) -> DealRecord:
    """A deal of :func:`..engine.deal.deal_round` as a round's record holds it."""
    return DealRecord(
        dealt.hands,
        dealt.turned,
        dealt.stock,
        proposed=dealt.proposed,
        second_proposed=dealt.second_proposed,
    )


def full_hands(ruleset: Ruleset, dealer: int, dealt: DealRecord, taker: int) -> tuple[int, ...]:
    """Every seat's hand once ``taker`` holds the contract, completed by the engine's rule
    (:func:`..engine.deal.complete_hands`; bit sets), for a table that plays a deal with a
    contract of its own choosing (:func:`play_round`)."""
    full, _stock = complete_hands(ruleset, dealer, dealt.hands, dealt.turned, dealt.stock, taker)
    return tuple(mask_of(h) for h in full)


def auction_view(game: Round, seat: int, bids: Sequence[Call]) -> AuctionView:
    record = game.record
    deal = record.deal
    hand = game.state().hands[seat]
    return AuctionView(
        record.ruleset,
        seat,
        hand,
        record.dealer,
        tuple(bids),
        deal.turned,
        deal.proposed,
        deal.second_proposed,
    )


def bid_round(
    game: Round,
    bidders: Sequence[BidPlayer],
    rng: random.Random,
    bids: Sequence[Call] = (),
) -> tuple[Contract | None, tuple[Call, ...]]:
    """Append ``bids``, then complete the auction with each seat's bidder; the contract
    (None: a redeal) and every bid made. The round is then in its exchange or play phase,
    or over (``redeal``)."""
    made: list[Call] = []
    for bid in bids:
        game.apply(BidAction(bid))
        made.append(bid)
    while game.phase == AUCTION:
        seat = game.to_act
        assert seat is not None  # the auction: a seat is to bid
        bid = bidders[seat](auction_view(game, seat, made), rng)
        game.apply(BidAction(bid))
        made.append(bid)
    result = game.state().auction
    return (result.contract if result is not None else None), tuple(made)


def start_play(game: Round) -> tuple[int, ...]:
    """Take the round through its exchange as a computer seat takes it (the trump 7 is
    always exchanged: :func:`.announce.ready_action`); every seat's hand at the first
    card (bit sets)."""
    while game.phase == EXCHANGE:
        seat = game.to_act
        assert seat is not None  # the exchange: the trump 7's holder
        swap = ready_action(seat, game.legal_actions(seat), ())
        assert swap is not None  # the holder's exchange is always ready
        game.apply(swap)
    state = game.state()
    return state.hands[: game.record.ruleset.players]


@dataclass(frozen=True)
class Played:
    """A round played out: its contract, its tricks and the engine's score (``bids``,
    ``contract``: the auction, when the table held it; ``exchanged_by``: the seat that
    exchanged the trump 7)."""

    trump: str
    taker: int
    bid: ContractBid | None
    tricks: tuple[Trick, ...]
    score: RoundScore
    bids: tuple[Call, ...] = ()
    contract: Contract | None = None
    exchanged_by: int | None = None


def _exchanged_by(state: RoundState) -> int | None:
    return next((e.seat for e in state.events if e.type == ExchangeAction.type and e.swap), None)


def _ready(state: RoundState, seat: int, speaks: bool) -> Action | None:
    """The action ``seat`` takes now without a search, or None."""
    legal = state.legal if seat == state.seat else state.legal_for(seat)
    if not (legal.exchange or legal.compare or legal.declarations):
        return None  # cards (and belote) only: nothing :func:`ready_action` takes
    open_ = state.legal_actions(seat)
    declarations = legal.declarations
    if not speaks:  # the arena's measure of announcing: this seat declares nothing
        open_ = tuple(a for a in open_ if a.type != "declare")
        declarations = ()
    return ready_action(seat, open_, declarations)


def play_out(
    game: Round,
    players: Sequence[CardPlayer],
    rng: random.Random,
    bids: tuple[Call, ...] = (),
    watch: Callable[[int, int, Position, int], None] | None = None,
    announces: Sequence[bool] | None = None,
    turned: int | None = None,
    exchanged_by: int | None = None,
    contract: Contract | None = None,
) -> Played:
    """Play ``game`` from its exchange or play phase to its end: each action a seat takes
    without a search first (any seat: Klaberjass's comparison winner shows its sequences
    while another is to play, as POST /v1/suggest/action finds it), else the card of the
    seat to play from ``players[seat]``. A seat whose ``announces`` is false declares
    nothing. ``watch(seat, card, position, hand)``, if given, sees every card once the
    round has found it legal, before it is played. ``turned`` / ``exchanged_by`` tell the
    players what the round cannot (a round begun at its first card)."""
    record = game.record
    ruleset = record.ruleset
    count = ruleset.players
    speaks = list(announces) if announces is not None else [True] * count
    if turned is None:
        turned = record.deal.turned
    while game.phase in (EXCHANGE, PLAY):
        state = game.state()
        seat = state.seat
        assert seat is not None  # the exchange or the play: a seat is to act
        if not state.cards_only:
            # Only Klaberjass's comparison lets a seat act out of turn (its winner shows
            # its sequences: Walk._may_declare); otherwise the seat to act is the only one
            # asked.
            comparing = state.walk is not None and state.walk.comparison is not None
            others = (s for s in range(count) if s != seat) if comparing else ()
            ready = next(((s, a) for s in others if (a := _ready(state, s, speaks[s]))), None)
            if ready is None:
                action = _ready(state, seat, speaks[seat])
                ready = (seat, action) if action is not None else None
            if ready is not None:
                game.apply(ready[1])
                continue
        view = _seat_view(state, seat, bids, turned, exchanged_by)
        c = players[seat](view, rng)
        try:  # the round judges the card (and belote said with it)
            game.apply(_card_action(state, seat, c))
        except IllegalAction as error:
            raise AssertionError(f"seat {seat} played an illegal card: {error}") from error
        if watch is not None:
            watch(seat, c, view.position, view.hand)
    state = game.state()
    if state.phase != COMPLETE:
        raise AssertionError(f"the round ended in its {state.phase} phase")
    played = state.contract
    assert played is not None and state.score is not None  # complete
    return Played(
        played.trump,
        played.taker,
        played.bid,
        tuple(Trick(t.leader, t.cards) for t in state.tricks),
        state.score,
        tuple(bids),
        contract,
        exchanged_by if exchanged_by is not None else _exchanged_by(state),
    )


def _seat_view(
    state: RoundState,
    seat: int,
    bids: tuple[Call, ...],
    turned: int | None,
    exchanged_by: int | None,
) -> SeatView:
    """What ``seat``'s card player is shown: its hand and the public record."""
    assert state.walk is not None and state.contract is not None  # the play
    assert state.leader is not None
    record = state.walk.record
    played = state.contract
    tricks = state.tricks
    current = tricks[-1] if tricks and tricks[-1].winner is None else None
    done = tricks[:-1] if current is not None else tricks
    trick = Trick(state.leader, current.cards if current is not None else ())
    belotes = tuple((e.seat, suit_of(e.cards[0])) for e in state.events if e.type == "belote")
    return SeatView(
        record.ruleset,
        seat,
        state.hands[seat],
        played.trump,
        played.taker,
        trick,
        tuple(Trick(t.leader, t.cards) for t in done),
        state.declarations,
        belotes,
        turned,
        exchanged_by if exchanged_by is not None else _exchanged_by(state),
        played.bid,
        record.dealer,
        bids,
    )


def _card_action(state: RoundState, seat: int, c: int) -> Action:
    """Card ``c`` as the action the round takes: belote said with it when it is one."""
    if state.belote_with(seat) >> c & 1:
        return BeloteAction(c, seat)
    return PlayAction(c, seat)


def play_deal(
    ruleset: Ruleset,
    dealer: int,
    dealt: DealRecord,
    bidders: Sequence[BidPlayer],
    players: Sequence[CardPlayer],
    rng: random.Random,
    bids: Sequence[Call] = (),
    announces: Sequence[bool] | None = None,
) -> Played | None:
    """A whole round of ``dealt``: the auction (from ``bids``) by ``bidders``, then the
    play by ``players``; None for a redeal."""
    game = Round(ruleset, dealer, dealt)
    contract, made = bid_round(game, bidders, rng, bids)
    if contract is None:
        return None
    return play_out(game, players, rng, made, announces=announces, contract=contract)


def play_round(
    ruleset: Ruleset,
    hands: Sequence[int],
    trump: str,
    taker: int,
    players: Sequence[CardPlayer],
    rng: random.Random,
    dealer: int = 0,
    bid: ContractBid | None = None,
    turned: int | None = None,
    exchanged_by: int | None = None,
    bids: tuple[Call, ...] = (),
    watch: Callable[[int, int, Position, int], None] | None = None,
    double: str = "none",
    announces: Sequence[bool] | None = None,
) -> Played:
    """Play a round whose full ``hands`` and contract are given (``double``: the contract's
    contra level, with ``doubling: contra``) on :meth:`Round.playing`, as :func:`play_out`
    plays it: every seat announces its best declarations at its turn (a seat whose
    ``announces`` is false none), belote is said with its card."""
    count = ruleset.players
    game = Round.playing(ruleset, dealer, hands[:count], RoundContract(taker, trump, bid, double))
    return play_out(game, players, rng, bids, watch, announces, turned, exchanged_by)


def contract_bid(contract: Contract) -> ContractBid | None:
    """The scoring bid of a Coinche contract."""
    if contract.value is None or contract.coinche is None:  # both or neither: Coinche
        return None
    return ContractBid(contract.value, contract.coinche)
