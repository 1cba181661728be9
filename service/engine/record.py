"""Validating a whole or partial round record: is it legal so far, who plays next, the score.

A game backend sends the record after every bid or play: the dealer, every seat's dealt
hand, the bids (or the contract stated directly), the declarations and the tricks so far.
:func:`validate_record` answers where the round stands, reusing the engine's own checks:

- the contract: :func:`bidding.run_auction` replays the bids (an illegal bid is reported,
  not raised), or the stated ``trump`` / ``taker`` / ``bid`` are used; both must agree;
- the plays: the one walk of a round (:func:`round_state.check_tricks`, the walk of POST
  /v1/rounds/state in its record mode: every violation reported, the stated leaders
  followed) from the dealt hands (a card outside the hand is ``not_in_hand``), the first
  trick led by the seat after the dealer (docs/rules.md section 5: bidding and play start
  left of the dealer; Klaberjass: the non-dealer leads);
- the next play: where that walk stands, :func:`play.legal_moves` on the next seat's
  remaining hand;
- the score, once every trick is played: :func:`scoring.score_checked` on the check
  already made (the round is not checked twice).

Malformed requests (hands that are not a deal, a contract stated twice differently, an
impossible declaration) raise :class:`play.PositionError` naming the field; rule
violations are returned.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .bidding import (
    AuctionResult,
    Call,
    IllegalBidError,
    check_proposed,
    check_turned,
    run_auction,
)
from .cards import SEVEN, SUITS, Card, card, suit_of
from .declarations import check_hands, parse_declarations
from .phases import AUCTION, COMPLETE, PLAY, REDEAL
from .play import (
    Position,
    PositionError,
    Verdict,
    check_seat,
    legal_moves,
)
from .round_state import check_tricks
from .rounds import (
    CheckedRound,
    IllegalRound,
    Trick,
    Violation,
    check_shape,
    rebuild_hands,
)
from .rulesets import Ruleset
from .scoring import (
    ContractBid,
    RoundContract,
    RoundScore,
    announced,
    check_contract,
    needs_bid,
    score_checked,
)
from .text import N_, Listing, Text

# Where the round stands: the engine's phases (:mod:`.phases`): ``auction`` (not over),
# ``redeal`` (everybody passed), ``play`` (tricks remain), ``complete`` (every trick played).


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
    contract: RoundContract | None
    violations: tuple[Violation, ...]
    next: NextPlay | None
    score: RoundScore | None

    @property
    def valid(self) -> bool:
        return self.illegal_bid is None and not self.violations


def validate_record(record: RoundRecord) -> Validation:
    """Check ``record``; raise :class:`PositionError` for a malformed one."""
    ruleset = record.ruleset
    check_seat(record.dealer, ruleset, "dealer")
    hands = dealt_hands(record.hands, ruleset)
    auction, illegal = _auction(record)
    if illegal is not None or (auction is not None and auction.contract is None):
        _no_tricks_yet(record, illegal is not None)
        phase = REDEAL if auction is not None and auction.redeal else AUCTION
        return Validation(phase, auction, illegal, None, (), None, None)
    contract = resolve_contract(record, auction)
    _check_turned(record, contract, hands)
    declared = (
        parse_declarations(record.declarations, contract.trump, ruleset, hands)
        if record.declarations
        else []
    )
    check_shape(record.tricks, ruleset, complete=False)
    start = tuple(hands.get(s, 0) for s in range(ruleset.players))
    checked, walk = check_tricks(
        ruleset, contract.trump, start, record.tricks, record.dealer, contract
    )
    violations = checked.violations
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
    position = Position(walk.leader, tuple(walk.cards), contract.trump, ruleset)
    hand = walk.hands[position.seat]
    upcoming = NextPlay(len(walk.tricks), position, hand, tuple(legal_moves(hand, position)))
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


def resolve_contract(record: RoundRecord, auction: AuctionResult | None) -> RoundContract:
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
        assert record.trump is not None and record.taker is not None  # refused above
        trump, taker, bid = record.trump, record.taker, record.bid
        double = record.double or "none"
    else:
        auction_bid = None
        if won.value is not None and won.coinche is not None:  # a coinche contract
            auction_bid = ContractBid(won.value, won.coinche)
        trump = _agree("trump", record.trump, won.trump)
        taker = _agree("taker", record.taker, won.taker)
        bid = _agree("bid", record.bid, auction_bid) if needs_bid(ruleset) else record.bid
        double = _agree("double", record.double, won.double) or "none"
    check_contract(ruleset, trump, taker, bid, record.held_in, double)
    return RoundContract(taker, trump, bid, double)


def _agree(name: str, stated: Any, from_bids: Any) -> Any:
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


def _show(value: object) -> str:
    if isinstance(value, ContractBid):
        return f"{value.value} ({value.coinche})"
    return str(value)


def _check_turned(record: RoundRecord, contract: RoundContract, hands: dict[int, int]) -> None:
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


def _check_exchange(
    ruleset: Ruleset, turned: int, contract: RoundContract, hands: dict[int, int]
) -> None:
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


def _complete(tricks: Sequence[Trick], ruleset: Ruleset) -> bool:
    return len(tricks) == ruleset.hand_size and len(tricks[-1].cards) >= ruleset.players


def check_round(
    tricks: Sequence[Trick],
    trump: str,
    ruleset: Ruleset,
    hands: Mapping[int, int] | None = None,
) -> CheckedRound:
    """Check every play of a round record (shape first: see :func:`rounds.check_shape`), on the
    one walk of a round (:func:`round_state.check_tricks`: the walk POST /v1/rounds/state
    plays actions on, following the stated record and reporting every violation).

    Without ``hands`` they are rebuilt from the plays (:func:`rounds.rebuild_hands`); with them
    (seat to bit set) a card outside the seat's hand is ``not_in_hand``.
    """
    tricks = tuple(tricks)
    if hands:
        start = tuple(hands.get(s, 0) for s in range(ruleset.players))
    else:
        start = rebuild_hands(tricks, ruleset)
    return check_tricks(ruleset, trump, start, tricks)[0]


def score_round(
    ruleset: Ruleset,
    trump: str,
    taker: int,
    tricks: Sequence[Trick],
    declarations: Sequence[tuple[int, Sequence[int]]] = (),
    bid: ContractBid | None = None,
    held_in: int = 0,
    double: str = "none",
) -> RoundScore:
    """Check a complete round record and score it under ``ruleset``.

    Raises :class:`play.PositionError` for a malformed request (naming the field) and
    :class:`rounds.IllegalRound` listing every illegal play.
    """
    check_contract(ruleset, trump, taker, bid, held_in, double)
    check_shape(tricks, ruleset)
    checked = check_round(tricks, trump, ruleset)
    if checked.violations:
        raise IllegalRound(checked.violations)
    parsed = announced(declarations, checked, trump, ruleset)
    return score_checked(checked, ruleset, trump, taker, parsed, bid, held_in, double)
