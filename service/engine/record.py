"""Validating a whole or partial round record: is it legal so far, who plays next, the score.

A game backend sends the record after every bid or play: the dealer, every seat's dealt
hand, the bids (or the contract stated directly), the declarations and the tricks so far.
:func:`validate_record` answers where the round stands, reusing the engine's own checks:

- the contract: :func:`bidding.run_auction` replays the bids (an illegal bid is reported,
  not raised), or the stated ``trump`` / ``taker`` / ``bid`` are used; both must agree;
- the plays: :func:`rounds.check_round` with the dealt hands (a card outside the hand is
  ``not_in_hand``), plus the first trick's leader: the seat after the dealer (docs/rules.md
  section 5: bidding and play start left of the dealer; Klaberjass: the non-dealer leads);
- the next play: :func:`play.legal_moves` on the next seat's remaining hand;
- the score, once every trick is played: :func:`scoring.score_checked` on the check
  already made (the round is not checked twice).

Malformed requests (hands that are not a deal, a contract stated twice differently, an
impossible declaration) raise :class:`play.PositionError` naming the field; rule
violations are returned.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .bidding import (
    AuctionResult,
    Call,
    IllegalBidError,
    check_proposed,
    check_turned,
    run_auction,
)
from .cards import SEVEN, SUITS, Card, card, mask_of, suit_of
from .declarations import check_hands, parse_declarations
from .play import (
    WRONG_LEADER,
    Position,
    PositionError,
    Verdict,
    check_seat,
    legal_moves,
)
from .rounds import Trick, Violation, check_round, check_shape
from .rulesets import Ruleset
from .scoring import ContractBid, RoundScore, check_contract, needs_bid, score_checked
from .text import N_, Listing, Text

# Where the round stands.
BIDDING = "bidding"  # the auction is not over
REDEAL = "redeal"  # everybody passed: the cards are dealt again
PLAY = "play"  # the contract is known, tricks remain to be played
COMPLETE = "complete"  # every trick has been played

FIRST_LEADER_MESSAGE = N_(
    "The first trick must be led by seat {seat}, the seat after the dealer (seat {dealer})."
)


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """A round as a client records it. ``hands``: ``(seat, cards)`` as dealt; ``bids``:
    ``None`` when the contract is stated directly by ``trump``, ``taker`` and ``bid``."""

    ruleset: Ruleset
    dealer: int
    hands: Sequence[tuple[int, Sequence[int]]]
    tricks: Sequence[Trick] = ()
    bids: Sequence[Call] | None = None
    turned: int | None = None
    trump: str | None = None
    taker: int | None = None
    bid: ContractBid | None = None
    declarations: Sequence[tuple[int, Sequence[int]]] = ()
    held_in: int = 0
    double: str | None = None  # doubling contra: none, contra or recontra (else from bids)
    proposed: str | None = None  # klaverjas_proposed bidding: the proposed suit
    second_proposed: str | None = None


@dataclass(frozen=True, slots=True)
class Contract:
    """What the round is played for: the taker, the trump mode, the Coinche bid, the
    contra level (``doubling: contra``)."""

    taker: int
    trump: str
    bid: ContractBid | None
    double: str = "none"


@dataclass(frozen=True, slots=True)
class NextPlay:
    """The play awaited: trick ``trick`` (from 0) in ``position``, by a seat holding
    ``hand`` (bit set of its remaining cards); a verdict for every card of it."""

    trick: int
    position: Position
    hand: int
    verdicts: tuple[Verdict, ...]

    @property
    def seat(self) -> int:
        return self.position.seat


@dataclass(frozen=True, slots=True)
class Validation:
    """The answer: ``phase``, the auction (when bids were given), the first illegal bid,
    the contract, every illegal play, the next play and the score."""

    phase: str
    auction: AuctionResult | None
    illegal_bid: IllegalBidError | None
    contract: Contract | None
    violations: tuple[Violation, ...]
    next: NextPlay | None
    score: RoundScore | None

    @property
    def valid(self) -> bool:
        return self.illegal_bid is None and not self.violations


def first_leader(ruleset: Ruleset, dealer: int) -> int:
    """The seat after the dealer leads the first trick."""
    return (dealer + 1) % ruleset.players


def validate_record(record: RoundRecord) -> Validation:
    """Check ``record``; raise :class:`PositionError` for a malformed one."""
    ruleset = record.ruleset
    check_seat(record.dealer, ruleset, "dealer")
    hands = dealt_hands(record.hands, ruleset)
    auction, illegal = _auction(record)
    if illegal is not None or (auction is not None and auction.contract is None):
        _no_tricks_yet(record, illegal is not None)
        phase = REDEAL if auction is not None and auction.redeal else BIDDING
        return Validation(phase, auction, illegal, None, (), None, None)
    contract = resolve_contract(record, auction)
    _check_turned(record, contract, hands)
    declared = (
        parse_declarations(record.declarations, contract.trump, ruleset, hands)
        if record.declarations
        else []
    )
    check_shape(record.tricks, ruleset, complete=False)
    checked = check_round(record.tricks, contract.trump, ruleset, hands)
    violations = _leader_violations(record) + checked.violations
    complete = _complete(record.tricks, ruleset)
    phase = COMPLETE if complete else PLAY
    if violations:
        return Validation(phase, auction, None, contract, violations, None, None)
    if complete:
        score = score_checked(
            checked,
            ruleset,
            contract.trump,
            contract.taker,
            declared,
            contract.bid,
            record.held_in,
            contract.double,
        )
        return Validation(phase, auction, None, contract, (), None, score)
    upcoming = next_play(record, contract.trump, hands, checked.winners)
    return Validation(phase, auction, None, contract, (), upcoming, None)


# --- the deal --------------------------------------------------------------------------


def dealt_hands(hands: Sequence[tuple[int, Sequence[int]]], ruleset: Ruleset) -> dict[int, int]:
    """The dealt hands as ``{seat: bit set}``: every seat once, exactly ``hand_size`` cards
    each, no card twice (:func:`declarations.check_hands` checks seats and repeats)."""
    out = check_hands(hands, ruleset)
    for i, (seat, cards) in enumerate(hands):
        if len(cards) != ruleset.hand_size:
            raise PositionError(
                f"hands.{i}.cards",
                Text(
                    N_(
                        "seat {seat} was dealt {count} card(s); {ruleset} deals {size} "
                        "to each player"
                    ),
                    seat=seat,
                    count=len(cards),
                    ruleset=ruleset.name,
                    size=ruleset.hand_size,
                ),
            )
    missing = [s for s in range(ruleset.players) if s not in out]
    if missing:
        raise PositionError(
            "hands",
            Text(
                N_("every seat's hand is needed ({players} players); missing: {seats}"),
                players=ruleset.players,
                seats=Listing(Text(N_("seat {seat}"), seat=s) for s in missing),
            ),
        )
    return out


# --- the contract ----------------------------------------------------------------------


def _auction(record: RoundRecord) -> tuple[AuctionResult | None, IllegalBidError | None]:
    """The auction replayed, or where it stood before its first illegal bid."""
    if record.bids is None:
        check_proposed(record.ruleset, record.proposed, record.second_proposed, required=False)
        return None, None
    given = (record.turned, record.proposed, record.second_proposed)
    try:
        return run_auction(record.ruleset, record.dealer, record.bids, *given), None
    except IllegalBidError as error:
        before = run_auction(record.ruleset, record.dealer, record.bids[: error.index], *given)
        return before, error


def _no_tricks_yet(record: RoundRecord, illegal_bid: bool) -> None:
    if record.tricks and not illegal_bid:
        raise PositionError(
            "tricks",
            Text(
                N_(
                    "the auction has not given a contract (it is not over, or everybody "
                    "passed): no card can be played yet"
                )
            ),
        )


def resolve_contract(record: RoundRecord, auction: AuctionResult | None) -> Contract:
    """Taker, trump and bid: from the auction, else as stated; stated values must agree
    with the auction's. The bid is kept only where the ruleset plays a bid contract."""
    ruleset = record.ruleset
    won = auction.contract if auction is not None else None
    if won is None:
        for name in ("trump", "taker"):
            if getattr(record, name) is None:
                raise PositionError(
                    name,
                    Text(
                        N_("give `{name}`, or the `bids` that decide it (with `dealer`)"), name=name
                    ),
                )
        trump, taker, bid = record.trump, record.taker, record.bid
        double = record.double or "none"
    else:
        auction_bid = ContractBid(won.value, won.coinche) if won.value is not None else None
        trump = _agree("trump", record.trump, won.trump)
        taker = _agree("taker", record.taker, won.taker)
        bid = _agree("bid", record.bid, auction_bid) if needs_bid(ruleset) else record.bid
        double = _agree("double", record.double, won.double) or "none"
    check_contract(ruleset, trump, taker, bid, record.held_in, double)
    return Contract(taker, trump, bid, double)


def _agree(name: str, stated, from_bids):
    if stated is None or from_bids is None:
        return from_bids if from_bids is not None else stated
    if stated != from_bids:
        raise PositionError(
            name,
            Text(
                N_(
                    "the bids give {name} {from_bids} but the request states {stated}: "
                    "leave `{name}` out or make them agree"
                ),
                name=name,
                from_bids=_show(from_bids),
                stated=_show(stated),
            ),
        )
    return stated


def _show(value) -> str:
    if isinstance(value, ContractBid):
        return f"{value.value} ({value.coinche})"
    return str(value)


def _check_turned(record: RoundRecord, contract: Contract, hands: dict[int, int]) -> None:
    """Turned-card bidding (``bidding: turned_card``): the taker receives the turned card
    (docs/rules.md section 5), so it is in the taker's hand. Klaberjass deals it to nobody
    (only a trump-7 exchange brings it into play), so it is not checked there."""
    turned, ruleset = record.turned, record.ruleset
    check_turned(ruleset, turned, required=False)
    if turned is not None and ruleset.bidding != "turned_card":
        _check_exchange(ruleset, turned, contract, hands)
    if (
        ruleset.bidding == "turned_card"
        and turned is not None
        and not hands[contract.taker] >> turned & 1
    ):
        raise PositionError(
            "turned",
            Text(
                N_(
                    "{card} was turned up and seat {taker} took the contract: the taker "
                    "receives the turned card, but it is not in seat {taker}'s hand"
                ),
                card=Card(turned),
                taker=contract.taker,
            ),
        )


def _check_exchange(ruleset: Ruleset, turned: int, contract: Contract, hands: dict[int, int]):
    """Klaberjass: the turned card stays on the table; only the trump-seven exchange
    (``trump_seven_exchange``: the turned suit is trump, the holder of its 7 exchanges it
    for the turned card before the first trick) brings it into a hand, and the 7 is then
    face up, in no hand."""
    holder = next((s for s, hand in hands.items() if hand >> turned & 1), None)
    if holder is None:
        return
    seven = card(SEVEN, suit_of(turned))
    exchanged = (
        ruleset.trump_seven_exchange
        and contract.trump == SUITS[suit_of(turned)]
        and turned != seven
        and not any(hand >> seven & 1 for hand in hands.values())
    )
    if not exchanged:
        raise PositionError(
            "turned",
            Text(
                N_(
                    "{card} was turned up and stays on the table, but it is in seat {seat}'s "
                    "hand: only the trump-seven exchange brings it there (the turned suit "
                    "trump, its 7 given for it, so the 7 is in no hand)"
                ),
                card=Card(turned),
                seat=holder,
            ),
        )


# --- the plays ---------------------------------------------------------------------------


def _leader_violations(record: RoundRecord) -> tuple[Violation, ...]:
    """A first trick led by another seat than the one after the dealer."""
    if not record.tricks:
        return ()
    first, seat = record.tricks[0], first_leader(record.ruleset, record.dealer)
    if first.leader == seat or not first.cards:
        return ()
    message = Text(FIRST_LEADER_MESSAGE, seat=seat, dealer=record.dealer)
    return (Violation(0, first.leader, first.cards[0], WRONG_LEADER, message),)


def _complete(tricks: Sequence[Trick], ruleset: Ruleset) -> bool:
    return len(tricks) == ruleset.hand_size and len(tricks[-1].cards) >= ruleset.players


def next_play(
    record: RoundRecord, trump: str, hands: dict[int, int], winners: Sequence[int]
) -> NextPlay:
    """The position of the next card of a legal, unfinished round, and its seat's choices."""
    ruleset, tricks = record.ruleset, record.tricks
    if not tricks:
        index, position = 0, Position(first_leader(ruleset, record.dealer), (), trump, ruleset)
    elif len(tricks[-1].cards) < ruleset.players:
        last = tricks[-1]
        index, position = len(tricks) - 1, Position(last.leader, last.cards, trump, ruleset)
    else:
        index, position = len(tricks), Position(winners[-1], (), trump, ruleset)
    played = mask_of([c for trick in tricks for c in trick.cards])
    hand = hands[position.seat] & ~played
    return NextPlay(index, position, hand, tuple(legal_moves(hand, position)))
