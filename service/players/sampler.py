"""The sampler: deals of the unseen cards consistent with everything one seat has seen.

:func:`knowledge` reads a :class:`~.view.SeatView` into, for every other holder (each
other seat, and the undealt stock when the game leaves cards out, as Klaberjass does):
the cards it is known to hold and the unseen cards it may still hold. What it uses:

- **play**: every card played is replayed through the engine's own obligation list
  (:func:`play.obligations`). A step whose kept cards exclude the card played cannot have
  applied, so the player held none of the cards it applies to: not following suit shows a
  void; discarding under ``undertrump: must`` shows no trump at all; a low trump under an
  opponent's trump shows no higher trump; in tout atout, not beating shows no higher card of
  the suit; ``undertrump: forbidden`` shows the hand held trumps only. (Only steps that
  certainly narrowed the hand are used, so the deduction is sound for every ruleset.)
- **declarations and belote**: the cards shown stay with their seat until played;
- **the turned card**: the taker received it (``turned_card``); in Klaberjass it stays on
  the table, or the seat that exchanged the trump 7 holds it and the 7 lies on the table.

The *plain* reading (``inference=False``, the arena's baseline) keeps only the voids.
:func:`sample` then deals the unseen cards to fit: each card goes to a holder that may
hold it, chosen so that Hall's condition still holds for the rest (no dead end), so a
view that admits a deal always yields one; :func:`knowledge` raises :class:`ViewError`
(a 422 over HTTP) when none exists. The auction's weight is applied by the caller
(:func:`resample`), with likelihoods from :mod:`.bidding`.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine.cards import (
    ALL_CARDS,
    KING,
    QUEEN,
    SEVEN,
    SUIT_MASKS,
    Card,
    bit,
    card,
    cards_in,
    count,
    trump_suit,
)
from ..engine.play import Position, obligations
from ..engine.rounds import Trick
from ..engine.rulesets import Ruleset
from ..engine.text import N_, Text
from .deadline import Deadline
from .memo import RulesMemo
from .view import SeatView, ViewError


@dataclass(frozen=True)
class Knowledge:
    """Holders ``0..players-1`` are the seats; holder ``players`` (when present) is the
    stock of undealt cards. ``known``: cards a holder certainly holds (unplayed);
    ``allowed``: unseen cards it may hold; ``need``: how many unseen cards it gets."""

    known: tuple[int, ...]
    allowed: tuple[int, ...]
    need: tuple[int, ...]
    unseen: int
    forbidden: tuple[int, ...]


def play_constraints(view: SeatView, inference: bool = True) -> list[int]:
    """For each seat, the cards it cannot hold now, read from the cards it played (the
    complete tricks' part is kept: :func:`_after_tricks`)."""
    forbid = list(_after_tricks(view.ruleset, view.trump, inference, view.tricks))
    if view.trick.cards:
        _read_trick(forbid, view.trick, view.ruleset, view.trump, inference)
    return forbid


#: The constraints after a round's complete tricks, by (ruleset, trump, inference, tricks);
#: a deal's later cards extend an earlier key, so each trick is read once.
_AFTER: RulesMemo[tuple[int, ...]] = RulesMemo(4096)


def _after_tricks(
    ruleset: Ruleset, trump: str, inference: bool, tricks: tuple[Trick, ...]
) -> tuple[int, ...]:
    if not tricks:
        return (0,) * ruleset.players

    def read() -> tuple[int, ...]:
        forbid = list(_after_tricks(ruleset, trump, inference, tricks[:-1]))
        _read_trick(forbid, tricks[-1], ruleset, trump, inference)
        return tuple(forbid)

    return _AFTER.get(ruleset, (trump, inference, tricks), read)


def _read_trick(forbid: list[int], t: Trick, ruleset: Ruleset, trump: str, inference: bool) -> None:
    """Add to ``forbid`` what the cards of trick ``t`` say each seat cannot hold."""
    players = ruleset.players
    for i, c in enumerate(t.cards):
        seat = (t.leader + i) % players
        steps = obligations(Position(t.leader, t.cards[:i], trump, ruleset))
        if not inference:
            steps = steps[:1]  # following suit only: the voids
        restrict = ALL_CARDS  # a lower bound of what the hand was narrowed to
        for step in steps:
            if step.keep >> c & 1:
                restrict &= step.keep
            else:
                forbid[seat] |= restrict & step.applies_if


def trump_cards(trump: str) -> int:
    """The trump suit's cards in a suit contract (none in no trumps and all trumps, where
    no suit stands apart to be counted)."""
    suit = trump_suit(trump)
    return 0 if suit is None else SUIT_MASKS[suit]


def _known(view: SeatView, inference: bool) -> list[int]:
    rules, played = view.ruleset, view.played
    holders = rules.players + (1 if rules.players * rules.hand_size < 32 else 0)
    known = [0] * holders
    claims: list[tuple[int, int, str]] = [(view.seat, view.hand, "hand")]
    if inference:
        for i, d in enumerate(view.declarations):
            claims.append((d.seat, d.cards & ~played, f"declarations.{i}"))
        for i, (seat, suit) in enumerate(view.belotes):
            pair = (bit(card(KING, suit)) | bit(card(QUEEN, suit))) & ~played
            claims.append((seat, pair, f"belotes.{i}"))
    if view.turned is not None and not played >> view.turned & 1:
        if rules.bidding == "turned_card":
            claims.append((view.taker, bit(view.turned), "turned"))
        elif rules.bidding == "klaberjass" and holders > rules.players:
            exchanged = view.exchanged_by
            claims.append(
                (rules.players if exchanged is None else exchanged, bit(view.turned), "turned")
            )
    if rules.bidding == "klaberjass" and view.turned is not None and holders > rules.players:
        by = view.exchanged_by
        if by is None:
            by = next((s for s, m in enumerate(view.played_by()) if m >> view.turned & 1), None)
        trumps = trump_suit(view.trump)
        if by is not None and trumps is not None:
            seven = card(SEVEN, trumps)
            if not played >> seven & 1 and seven != view.turned:
                claims.append((rules.players, bit(seven), "exchanged_by"))
    owner: dict[int, int] = {}
    for holder, cards, where in claims:
        for c in cards_in(cards):
            if owner.get(c, holder) != holder:
                raise ViewError(
                    where,
                    Text(
                        N_("{card} cannot be both with seat {a} and seat {b}"),
                        card=Card(c),
                        a=owner[c],
                        b=holder,
                    ),
                )
            owner[c] = holder
            known[holder] |= bit(c)
    mine = known[view.seat] & ~view.hand
    if mine:
        raise ViewError(
            "hand",
            Text(
                N_("the view says seat {seat} holds {card}, but it is not in the hand"),
                seat=view.seat,
                card=Card(next(cards_in(mine))),
            ),
        )
    return known


def knowledge(view: SeatView, inference: bool = True, trumps: bool = True) -> Knowledge:
    """What the seat knows of the other holders; :class:`ViewError` when no deal fits.

    ``trumps=False`` is the beginner who does not count trumps (``Level.trumps``): what
    the plays say of a seat's trumps (shown out of trumps, a discard instead of a trump,
    an under-trump) is forgotten, so the deals may give that seat the trumps still out."""
    rules = view.ruleset
    known = _known(view, inference)
    forbid = play_constraints(view, inference) + [0] * (len(known) - rules.players)
    if not trumps:
        forbid = [mask & ~trump_cards(view.trump) for mask in forbid]
    for seat, mask in enumerate(forbid[: rules.players]):
        clash = known[seat] & mask
        if clash:
            raise ViewError(
                "tricks",
                Text(
                    N_("seat {seat} is shown to hold {card}, but its plays say it cannot hold it"),
                    seat=seat,
                    card=Card(next(cards_in(clash))),
                ),
            )
    taken = 0
    for mask in known:
        taken |= mask
    unseen = ALL_CARDS & ~view.played & ~taken
    left = view.cards_left()
    if len(known) > rules.players:
        left.append(32 - rules.players * rules.hand_size)
    need = tuple(n - count(k) for n, k in zip(left, known, strict=True))
    if any(n < 0 for n in need):
        seat = next(h for h, n in enumerate(need) if n < 0)
        raise ViewError(
            "declarations",
            Text(N_("more cards are shown for seat {seat} than it holds"), seat=seat),
        )
    allowed = tuple(0 if h == view.seat else unseen & ~forbid[h] for h in range(len(known)))
    result = Knowledge(tuple(known), allowed, need, unseen, tuple(forbid))
    if not _feasible(unseen, list(need), allowed):
        raise ViewError(
            "tricks",
            Text(
                N_(
                    "no deal of the unseen cards fits this view: what the other seats played "
                    "(suits not followed, trumps not played) leaves too few cards they can hold"
                )
            ),
        )
    return result


def _feasible(rest: int, cap: Sequence[int], allowed: Sequence[int]) -> bool:
    """Hall's condition: every set of holders can take all the cards only they may hold."""
    holders = len(cap)
    if sum(cap) != count(rest):
        return False
    reach = [allowed[h] if cap[h] else 0 for h in range(holders)]
    for subset in range(1 << holders):
        outside = 0
        room = 0
        for h in range(holders):
            if subset >> h & 1:
                room += cap[h]
            else:
                outside |= reach[h]
        if count(rest & ~outside) > room:
            return False
    return True


def _free(rest: int, cap: Sequence[int], allowed: Sequence[int]) -> bool:
    """Whether every card of ``rest`` may go to every holder with room left: then any
    split fits (the rooms add up to the cards), and Hall's condition needs no check."""
    common = rest
    for h, room in enumerate(cap):
        if room:
            common &= allowed[h]
    return common == rest


@functools.lru_cache(maxsize=256)
def _holders_per_card(allowed: tuple[int, ...]) -> tuple[int, ...]:
    """For each card, how many holders may hold it."""
    return tuple(sum(a >> c & 1 for a in allowed) for c in range(32))


def sample(k: Knowledge, rng: random.Random) -> list[int]:
    """One deal: each holder's cards (its known ones plus a share of the unseen ones).

    Each card, the most constrained first, goes to a holder that may hold it, drawn in
    proportion to the room each has left (as ``rng.choices`` would, written out: this is
    the players' inner loop), again when that holder would leave no fit for the rest."""
    hands = list(k.known)
    cap = list(k.need)
    allowed = k.allowed
    holders = range(len(cap))
    cards = list(cards_in(k.unseen))
    rng.shuffle(cards)
    cards.sort(key=_holders_per_card(allowed).__getitem__)
    draw = rng.random
    rest = k.unseen
    for c in cards:
        b = 1 << c
        rest &= ~b
        options = [h for h in holders if cap[h] and allowed[h] & b]
        while True:
            x = draw() * sum(cap[h] for h in options)
            acc, last = 0, len(options) - 1
            for i, h in enumerate(options):
                acc += cap[h]
                if x < acc or i == last:
                    break
            cap[h] -= 1
            if not last or _free(rest, cap, allowed) or _feasible(rest, cap, allowed):
                break
            cap[h] += 1
            options.remove(h)
        hands[h] |= b
    return hands


def resample(
    k: Knowledge,
    n: int,
    rng: random.Random,
    weight: Callable[[list[int]], float] | None = None,
    oversample: int = 3,
    deadline: Deadline | None = None,
) -> list[list[int]]:
    """``n`` deals; with ``weight`` (the likelihood of what was seen, such as the auction,
    given a deal), ``oversample * n`` are drawn and ``n`` kept in proportion to it. Past
    the ``deadline`` (the safety net, :mod:`.deadline`) no more deals are drawn: the deals kept
    come from those drawn so far (one at least)."""
    if weight is None:
        return [sample(k, rng) for _ in range(n)]
    drawn: list[list[int]] = []
    weights: list[float] = []
    while len(drawn) < oversample * n:
        drawn.append(sample(k, rng))
        weights.append(weight(drawn[-1]))
        if deadline is not None and deadline.passed():
            break
    if sum(weights) <= 0:
        return drawn[:n]
    # Systematic resampling, then unique deals first (a deal drawn twice is searched once
    # per copy: its weight).
    step = sum(weights) / n
    point = rng.random() * step
    out: list[list[int]] = []
    acc = 0.0
    for deal, w in zip(drawn, weights, strict=True):
        acc += w
        while point < acc and len(out) < n:
            out.append(deal)
            point += step
    while len(out) < n and len(out) < len(drawn):
        out.append(drawn[len(out)])
    return out
