"""The deal: the shuffle (or Klob's cut), the packets, the turned card, the completion of
the hands after the auction, the commitment, and who deals next.

A pack is a tuple of the 32 cards, the top card first (dealt first). :func:`deal_round`
makes one for a round and deals it as the ruleset says:

- ``deal_packets`` ("3-2", "3-3", "3-2-3" ...): each packet size in turn to every seat
  from the seat after the dealer, the dealer last; then, where the bidding turns a card up
  (``turned_card``, ``klaberjass``), the next card is the turned card; the rest is the
  ``stock``, in order;
- after the auction :func:`complete_hands` deals the stock: from the seat after the
  dealer, each seat its packet at once, the rest of a hand (``hand_size`` less the cards
  dealt before); with ``completion: taker_gets_turned`` the taker receives the turned card
  and one card fewer from the stock (docs/rules.md section 5: "the taker receives the turned
  card plus 2, the others 3"); with ``equal`` every seat the same and the turned card
  stays on the table (Klaberjass, where only the trump-7 exchange brings it into play).

The pack comes from a seeded stream (reproducible on every machine and in every release)
or from the operating system's secure generator (:mod:`secrets`); with ``deal_shuffle:
cut`` (Klob: "the cards are never shuffled") it is the previous round's cards gathered
(:func:`gather`) and cut. The algorithm, step by step for a client to verify, is in
docs/api.md ("The deal"); :data:`DEAL_VERSION` names it, and changes only with a new name.

Every deal has a commitment: SHA-256 of the version, a 16-byte salt and the pack
(:func:`commitment`). The table keeps the salt private until the round ends; anyone can
then check that the pack was not changed.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from .bidding import PROPOSED_BIDDING, TURNED_CARD_BIDDING
from .cards import SUITS, Card, card_name
from .play import PositionError
from .rulesets import Ruleset
from .text import N_, Text

#: The name of the deal algorithm (stream, shuffle, salt, commitment) documented in
#: docs/api.md; a different algorithm gets a different name.
DEAL_VERSION = "belote-deal-1"
SALT_BYTES = 16


@dataclass(frozen=True, slots=True)
class Deal:
    """A dealt round. ``hands[seat]``: the cards dealt before the auction, in the order
    dealt; ``stock``: the rest of the pack in order (the turned card not included);
    ``pack``: all 32 cards as dealt, top first; ``cut``: the number of cards the cutter
    lifted (``deal_shuffle: cut``), else None."""

    dealer: int
    hands: tuple[tuple[int, ...], ...]
    turned: int | None
    stock: tuple[int, ...]
    pack: tuple[int, ...]
    salt: bytes
    commitment: str
    proposed: str | None = None
    second_proposed: str | None = None
    cut: int | None = None
    cutter: int | None = None
    shuffled: bool = True


# --- the random draws --------------------------------------------------------------------


class SeededDraw:
    """Uniform integers from a seed: the stream is SHA-256(seed UTF-8 || counter as 8
    bytes big-endian) for counter 0, 1, 2 ..., read as 32-bit big-endian words; a number
    below ``n`` is a word ``x`` below the largest multiple of ``n`` under 2**32, ``x % n``
    (other words are skipped: rejection sampling)."""

    def __init__(self, seed: str):
        self._seed = seed.encode("utf-8")
        self._words = self._stream()

    def _stream(self) -> Iterator[int]:
        counter = 0
        while True:
            block = hashlib.sha256(self._seed + counter.to_bytes(8, "big")).digest()
            for i in range(0, 32, 4):
                yield int.from_bytes(block[i : i + 4], "big")
            counter += 1

    def below(self, n: int) -> int:
        limit = (1 << 32) - (1 << 32) % n
        while True:
            word = next(self._words)
            if word < limit:
                return word % n


class SecureDraw:
    """Uniform integers from the operating system's secure generator."""

    def below(self, n: int) -> int:
        return secrets.randbelow(n)


def shuffle(draw) -> tuple[int, ...]:
    """Fisher-Yates over the canonical order (card index 0..31: 7C 8C ... AC 7D ... AS):
    for i from 31 down to 1, swap position i with position ``draw.below(i + 1)``."""
    pack = list(range(32))
    for i in range(31, 0, -1):
        j = draw.below(i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    return tuple(pack)


def cut_pack(pack: Sequence[int], lifted: int) -> tuple[int, ...]:
    """The cutter lifts the top ``lifted`` cards; the rest is put on top of them."""
    return tuple(pack[lifted:]) + tuple(pack[:lifted])


def salt_for(seed: str | None) -> bytes:
    """A seeded deal's salt is SHA-256("belote-deal-1 salt\\n" + seed) cut to 16 bytes (the
    same seed, the same answer); without a seed 16 secure random bytes."""
    if seed is None:
        return secrets.token_bytes(SALT_BYTES)
    text = f"{DEAL_VERSION} salt\n{seed}".encode()
    return hashlib.sha256(text).digest()[:SALT_BYTES]


def commitment(pack: Sequence[int], salt: bytes) -> str:
    """SHA-256, in lower-case hex, of the UTF-8 text ``belote-deal-1``, a newline, the
    salt in lower-case hex, a newline and the pack's cards (``10H`` notation) separated by
    single spaces, top first."""
    text = f"{DEAL_VERSION}\n{salt.hex()}\n" + " ".join(card_name(c) for c in pack)
    return hashlib.sha256(text.encode()).hexdigest()


# --- dealing -------------------------------------------------------------------------------


def turns_card(ruleset: Ruleset) -> bool:
    """Whether the bidding turns a card up (turned-card games and Klaberjass)."""
    return ruleset.bidding in TURNED_CARD_BIDDING


def seat_order(ruleset: Ruleset, dealer: int) -> tuple[int, ...]:
    """The seats in dealing order: from the seat after the dealer, the dealer last."""
    return tuple((dealer + 1 + i) % ruleset.players for i in range(ruleset.players))


def check_deal_fits(ruleset: Ruleset) -> None:
    """The ruleset's deal fits the pack: the packets dealt before the auction are at most
    a hand (and, where the taker receives the turned card, leave it room), and the cards
    dealt are at most 32 (the turned card too where it stays on the table)."""
    before = sum(ruleset.packets())
    rest = ruleset.hand_size - before
    turned = turns_card(ruleset)
    gets_turned = turned and ruleset.completion == "taker_gets_turned"
    if rest < (1 if gets_turned else 0):
        raise PositionError(
            "options.deal_packets",
            Text(
                N_(
                    "deal_packets {packets} deal {count} cards before the auction: "
                    "hand_size {size} leaves no room for the rest of the hand"
                ),
                packets=ruleset.deal_packets,
                count=before,
                size=ruleset.hand_size,
            ),
        )
    dealt = ruleset.players * ruleset.hand_size + (1 if turned and not gets_turned else 0)
    if dealt > 32:
        raise PositionError(
            "options.hand_size",
            Text(
                N_("{players} players with {size} cards each need more than 32 cards"),
                players=ruleset.players,
                size=ruleset.hand_size,
            ),
        )


def deal_pack(
    ruleset: Ruleset, dealer: int, pack: Sequence[int]
) -> tuple[tuple[tuple[int, ...], ...], int | None, tuple[int, ...]]:
    """``(hands, turned, stock)``: the pack dealt in ``deal_packets``."""
    hands: list[list[int]] = [[] for _ in range(ruleset.players)]
    at = 0
    for size in ruleset.packets():
        for seat in seat_order(ruleset, dealer):
            hands[seat].extend(pack[at : at + size])
            at += size
    turned = None
    if turns_card(ruleset):
        turned = pack[at]
        at += 1
    return tuple(map(tuple, hands)), turned, tuple(pack[at:])


def pack_of(
    ruleset: Ruleset,
    dealer: int,
    hands: Sequence[Sequence[int]],
    turned: int | None,
    stock: Sequence[int],
    field: str = "deal",
) -> tuple[int, ...]:
    """The pack a deal was dealt from (the inverse of :func:`deal_pack`); raises
    :class:`PositionError` when the deal is not one of the ruleset's deals."""
    packets = ruleset.packets()
    before = sum(packets)
    for seat, hand in enumerate(hands):
        if len(hand) != before:
            raise PositionError(
                f"{field}.hands.{seat}.cards",
                Text(
                    N_(
                        "seat {seat} holds {count} card(s) before the auction; {ruleset} "
                        "deals {before} ({packets})"
                    ),
                    seat=seat,
                    count=len(hand),
                    ruleset=ruleset.name,
                    before=before,
                    packets=ruleset.deal_packets,
                ),
            )
    if (turned is not None) != turns_card(ruleset):
        template = (
            N_("{ruleset} bids on a card turned up: the deal needs `turned`")
            if turned is None
            else N_("{ruleset} turns no card up: leave `turned` out of the deal")
        )
        raise PositionError(f"{field}.turned", Text(template, ruleset=ruleset.name))
    pack: list[int] = []
    taken = [0] * ruleset.players
    for size in packets:
        for seat in seat_order(ruleset, dealer):
            pack.extend(hands[seat][taken[seat] : taken[seat] + size])
            taken[seat] += size
    if turned is not None:
        pack.append(turned)
    pack.extend(stock)
    if len(pack) != 32 or len(set(pack)) != 32:
        seen: set[int] = set()
        repeated = next((c for c in pack if c in seen or seen.add(c)), None)
        if repeated is not None:
            raise PositionError(field, Text(N_("{card} is dealt twice"), card=Card(repeated)))
        raise PositionError(
            f"{field}.stock",
            Text(
                N_(
                    "a deal holds the 32 cards (the hands, the turned card and the stock); "
                    "got {count}"
                ),
                count=len(pack),
            ),
        )
    return tuple(pack)


def deal_round(
    ruleset: Ruleset,
    dealer: int,
    seed: str | None = None,
    previous: Sequence[int] | None = None,
    proposed: str | None = None,
) -> Deal:
    """Deal a round: shuffle (with ``seed`` from :class:`SeededDraw`, else
    :class:`SecureDraw`), or with ``deal_shuffle: cut`` cut ``previous`` (the previous
    round's pack as gathered, :func:`gather`; a match's first round has none and is
    shuffled). ``klaverjas_proposed`` bidding draws the proposed suit (and with
    ``new_proposal`` the second one) after the pack, unless ``proposed`` is given."""
    check_deal_fits(ruleset)
    draw = SeededDraw(seed) if seed is not None else SecureDraw()
    lifted = cutter = None
    if ruleset.deal_shuffle == "cut" and previous is not None:
        low = ruleset.cut_minimum
        lifted = low + draw.below(32 - 2 * low + 1)
        pack = cut_pack(previous, lifted)
        cutter = cutter_of(ruleset, dealer)
    else:
        pack = shuffle(draw)
    hands, turned, stock = deal_pack(ruleset, dealer, pack)
    proposed, second = proposed_suits(ruleset, draw.below, proposed)
    salt = salt_for(seed)
    return Deal(
        dealer=dealer,
        hands=hands,
        turned=turned,
        stock=stock,
        pack=pack,
        salt=salt,
        commitment=commitment(pack, salt),
        proposed=proposed,
        second_proposed=second,
        cut=lifted,
        cutter=cutter,
        shuffled=lifted is None,
    )


def proposed_suits(
    ruleset: Ruleset, below: Callable[[int], int], proposed: str | None = None
) -> tuple[str | None, str | None]:
    """The suits ``klaverjas_proposed`` bidding proposes, drawn with ``below(n)`` (a
    number from 0 to n - 1): the proposed suit unless given, and with ``proposed_all_pass:
    new_proposal`` a second one, another suit; the other procedures draw nothing and
    propose no second suit."""
    if ruleset.bidding != PROPOSED_BIDDING:
        return proposed, None
    if proposed is None:
        proposed = SUITS[below(4)]
    if ruleset.proposed_all_pass != "new_proposal":
        return proposed, None
    others = [s for s in SUITS if s != proposed]
    return proposed, others[below(3)]


def cutter_of(ruleset: Ruleset, dealer: int) -> int:
    """The seat that cuts (``cutter``): the one before the dealer in playing order (Klob:
    "the player to the left of the dealer", play turning to the right), or after it."""
    step = -1 if ruleset.cutter == "before_dealer" else 1
    return (dealer + step) % ruleset.players


def completion_packets(ruleset: Ruleset, taker: int, dealer: int, turned: int | None):
    """Per seat in dealing order, ``(seat, cards from the stock, receives the turned card)``."""
    rest = ruleset.hand_size - sum(ruleset.packets())
    out = []
    for seat in seat_order(ruleset, dealer):
        gets_turned = (
            turned is not None and ruleset.completion == "taker_gets_turned" and seat == taker
        )
        out.append((seat, rest - 1 if gets_turned else rest, gets_turned))
    return out


def complete_hands(
    ruleset: Ruleset,
    dealer: int,
    hands: Sequence[Sequence[int]],
    turned: int | None,
    stock: Sequence[int],
    taker: int,
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The hands after the auction and what is left of the stock: from the seat after the
    dealer, each seat its packet (the taker the turned card first, then its cards)."""
    full = [list(h) for h in hands]
    at = 0
    for seat, count, gets_turned in completion_packets(ruleset, taker, dealer, turned):
        if gets_turned:
            full[seat].append(turned)
        full[seat].extend(stock[at : at + count])
        at += count
    return tuple(map(tuple, full)), tuple(stock[at:])


def gather(tricks: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """A played round's cards picked up without shuffling (ruling, docs/api.md: the seed
    says only "the cards are never shuffled"): the tricks in the order played, each trick's
    cards in the order played, the first trick on top."""
    return tuple(c for trick in tricks for c in trick)


# --- the next dealer -----------------------------------------------------------------------


def next_dealer(ruleset: Ruleset, dealer: int, winner: int | None, redeal: bool = False) -> int:
    """Who deals the next round. After a redeal (everybody passed): ``redeal_dealer``
    (the same dealer, or the next seat). Otherwise ``next_dealer``: ``after_dealer`` the
    seat after the dealer (the deal passes in the direction of play); ``round_winner``
    (Klaberjass, seed 002: "the winner of the hand deals the next hand") the first seat of
    the winning team ``winner`` from the seat after the dealer, and on a round without a
    winner (a litige) the same dealer."""
    players = ruleset.players
    if redeal:
        return dealer if ruleset.redeal_dealer == "same" else (dealer + 1) % players
    if ruleset.next_dealer == "after_dealer":
        return (dealer + 1) % players
    if winner is None:
        return dealer
    return next(s for s in seat_order(ruleset, dealer) if ruleset.team_of(s) == winner)
