"""A table: deal, auction and play of whole rounds by computer players, scored by the engine.

Used by the arena (``bench/arena.py``), by the tests, and by the bidding player's
look-ahead. The deal follows docs/rules.md section 5: Coinche deals every card before the
auction; turned-card games deal ``hand_size - 3`` cards each and turn one up, then the taker
receives the turned card plus two and the others three (Klaberjass: three each, the turned
card stays on the table unless the holder of the trump 7 exchanges it). Every card a
player chooses is checked with :func:`play.check_card`; every bid by the engine's auction.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine.bidding import (
    KLAVERJAS_BIDDING,
    TURNED_CARD_BIDDING,
    AuctionResult,
    Call,
    Contract,
    run_auction,
)
from ..engine.cards import SEVEN, bit, card, cards_in, mask_of, suit_of
from ..engine.deal import proposed_suits
from ..engine.declarations import find_belotes, find_declarations
from ..engine.play import Position, check_card, winning_index
from ..engine.rounds import Trick
from ..engine.rulesets import Ruleset
from ..engine.scoring import ContractBid, RoundScore, score_round
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


@dataclass(frozen=True)
class Deal:
    """The cards as dealt for the auction, the rest of the pack in dealing order and
    (``klaverjas_proposed``) the suits proposed."""

    hands: tuple[int, ...]
    turned: int | None
    rest: tuple[int, ...]
    proposed: str | None = None
    second_proposed: str | None = None


def first_hand_size(ruleset: Ruleset) -> int:
    """Cards each seat holds during the auction: all of them in Coinche and klaverjas, 3
    fewer where the rest are dealt after it (turned-card games, Bulgarian belot)."""
    full = ruleset.bidding == "coinche" or ruleset.bidding in KLAVERJAS_BIDDING
    return ruleset.hand_size if full else ruleset.hand_size - 3


def deal(ruleset: Ruleset, rng: random.Random) -> Deal:
    pack = list(range(32))
    rng.shuffle(pack)
    return deal_from(ruleset, pack, *propose(ruleset, rng))


def propose(ruleset: Ruleset, rng: random.Random) -> tuple[str | None, str | None]:
    """The suits ``klaverjas_proposed`` bidding proposes, drawn apart from the pack by the
    engine's rule (:func:`deal.proposed_suits`) with ``rng``; ``(None, None)`` for the
    other procedures."""
    return proposed_suits(ruleset, rng.randrange)


def deal_from(
    ruleset: Ruleset,
    pack: Sequence[int],
    proposed: str | None = None,
    second_proposed: str | None = None,
) -> Deal:
    size = first_hand_size(ruleset)
    hands = tuple(mask_of(pack[s * size : (s + 1) * size]) for s in range(ruleset.players))
    at = ruleset.players * size
    if ruleset.bidding not in TURNED_CARD_BIDDING:  # no card is turned up
        return Deal(hands, None, tuple(pack[at:]), proposed, second_proposed)
    return Deal(hands, pack[at], tuple(pack[at + 1 :]), proposed, second_proposed)


def complete(ruleset: Ruleset, dealt: Deal, taker: int) -> list[int]:
    """Every seat's full hand once the contract is known (the taker first gets the turned
    card in ``turned_card`` games), and the undealt cards last when the game leaves some."""
    hands = list(dealt.hands)
    rest = list(dealt.rest)
    if ruleset.bidding == "turned_card" and dealt.turned is not None:
        hands[taker] |= bit(dealt.turned)
    for seat in range(ruleset.players):
        while hands[seat].bit_count() < ruleset.hand_size:
            hands[seat] |= bit(rest.pop(0))
    stock = mask_of(rest)
    if ruleset.bidding == "klaberjass" and dealt.turned is not None:
        stock |= bit(dealt.turned)
    return [*hands, stock] if stock else hands


def seven_exchange(ruleset: Ruleset, contract: Contract, hands: list[int]) -> int | None:
    """The seat that exchanges the trump 7 for the turned card (always worth it), if any."""
    if not contract.seven_exchange_allowed or contract.turned is None:
        return None
    seven = card(SEVEN, suit_of(contract.turned))
    for seat in range(ruleset.players):
        if hands[seat] >> seven & 1:
            hands[seat] ^= bit(seven) | bit(contract.turned)
            if len(hands) > ruleset.players:
                hands[-1] ^= bit(seven) | bit(contract.turned)
            return seat
    return None


def run_bidding(
    ruleset: Ruleset,
    dealt: Deal,
    dealer: int,
    bidders: Sequence[BidPlayer],
    rng: random.Random,
    bids: Sequence[Call] = (),
    auction: Callable[..., AuctionResult] = run_auction,
) -> tuple[Contract | None, tuple[Call, ...]]:
    """Complete an auction (from ``bids``) with each seat's bidder; the contract or None.
    ``auction`` is the engine's :func:`run_auction` or a function answering the same."""
    made = list(bids)
    offered = (dealt.proposed, dealt.second_proposed)
    while True:
        result = auction(ruleset, dealer, made, dealt.turned, *offered)
        if result.complete:
            return result.contract, tuple(made)
        seat = result.next_seat
        view = AuctionView(
            ruleset, seat, dealt.hands[seat], dealer, tuple(made), dealt.turned, *offered
        )
        made.append(bidders[seat](view, rng))


@dataclass(frozen=True)
class Played:
    """A round played out: its record and the engine's score."""

    trump: str
    taker: int
    bid: ContractBid | None
    tricks: tuple[Trick, ...]
    score: RoundScore


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
    """Play every trick with ``players[seat]`` choosing for each seat, and score it
    (``double``: the contract's contra level, with ``doubling: contra``).

    Every seat announces its best declarations (a seat whose ``announces`` is false
    none: the arena's measure of announcing); belote is announced as its first card is
    played. ``watch(seat, card, position, hand)``, if given, sees every card once the
    engine has found it legal, before it is played (the arena keeps a second engine in
    step with it)."""
    count = ruleset.players
    start = list(hands[:count])
    held = list(start)
    speaks = announces if announces is not None else [True] * count
    declared = [
        d for s in range(count) if speaks[s] for d in find_declarations(start[s], trump, ruleset, s)
    ]
    belote_suits = {s: find_belotes(start[s], trump, ruleset) for s in range(count)}
    belotes: list[tuple[int, int]] = []
    tricks: list[Trick] = []
    leader = (dealer + 1) % count
    for _ in range(ruleset.hand_size):
        cards: tuple[int, ...] = ()
        for i in range(count):
            seat = (leader + i) % count
            view = SeatView(
                ruleset,
                seat,
                held[seat],
                trump,
                taker,
                Trick(leader, cards),
                tuple(tricks),
                tuple(declared),
                tuple(belotes),
                turned,
                exchanged_by,
                bid,
                dealer,
                bids,
            )
            c = players[seat](view, rng)
            verdict = check_card(held[seat], c, view.position)
            if not verdict.legal:
                raise AssertionError(f"seat {seat} played an illegal card: {verdict}")
            if watch is not None:
                watch(seat, c, view.position, held[seat])
            held[seat] &= ~bit(c)
            cards = (*cards, c)
            for suit in belote_suits[seat]:
                if suit_of(c) == suit and (seat, suit) not in belotes:
                    belotes.append((seat, suit))
        trick = Trick(leader, cards)
        tricks.append(trick)
        leader = (leader + winning_index(cards, trump)) % count
    claims = [(d.seat, list(cards_in(d.cards))) for d in declared]
    score = score_round(ruleset, trump, taker, tricks, claims, bid, double=double)
    return Played(trump, taker, bid, tuple(tricks), score)


def contract_bid(contract: Contract) -> ContractBid | None:
    """The scoring bid of a Coinche contract."""
    if contract.value is None:
        return None
    return ContractBid(contract.value, contract.coinche)
