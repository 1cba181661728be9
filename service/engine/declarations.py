"""Declarations ("annonces"), their ranking across seats, and belote (docs/rules.md section 3).

A :class:`Declaration` is a carré (four cards of one rank) or a sequence (three or more
consecutive cards of one suit in the natural order ``A K Q J 10 9 8 7``). The rank index
of :mod:`.cards` is that order, so a sequence is a run of consecutive rank indices.

- :func:`find_declarations`: the best declarations of one hand.
- :func:`parse_declaration` / :func:`parse_declarations`: claims as announced, checked.
- :func:`settle`: which side scores its declarations, and how many points.
- :func:`find_belotes` / :func:`seat_belotes`: belote-rebelote, never compared, never in
  declaration points.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from .cards import (
    ALL_TRUMP,
    KING,
    NO_TRUMP,
    QUEEN,
    SUIT_MASKS,
    TRUMP_STRENGTH,
    Card,
    Cards,
    Rank,
    bit,
    card,
    cards_in,
    is_trump_card,
    trump_suit,
)
from .play import PositionError, check_hand_size, check_seat
from .rulesets import Ruleset
from .text import N_, Text

CARRE = "carre"
SEQUENCE = "sequence"

_LABELS = {CARRE: N_("carré {cards}"), SEQUENCE: N_("sequence {cards}")}
RANK_MASKS = tuple(sum(bit(card(r, s)) for s in range(4)) for r in range(8))


class DeclarationError(PositionError):
    """A claimed declaration that is impossible: names the offending input ``field``."""


@dataclass(frozen=True, slots=True)
class Declaration:
    """One declaration of one seat.

    ``cards`` is the bit set of the cards shown. ``length`` is the length that counts
    (after ``sequence_cap``; 4 for a carré), ``top`` the highest card in sequence order
    (for a carré: any card of its rank), ``trump`` whether a sequence is in trump.
    """

    seat: int
    kind: str
    cards: int
    points: int
    length: int
    top: int
    trump: bool = False

    @property
    def rank(self) -> int:
        """Rank of the top card in sequence order (7 = 0 ... A = 7)."""
        return self.top & 7

    def strength(self, ruleset: Ruleset) -> tuple[int, int, int, int]:
        """Larger is better; equal strengths tie (then ``declaration_tie`` decides).

        ``declaration_compare`` ``value_pool``: points, then kind (a carré beats a sequence
        of equal points), then rank. Otherwise any carré beats any sequence; carrés by
        points, then rank; sequences by counted length, then top card. A carré's rank is
        read in ``carre_order``; a trump sequence beats an equal plain one when
        ``sequence_trump_tiebreak``.
        """
        trump = int(self.trump and ruleset.sequence_trump_tiebreak)
        if self.kind == CARRE:
            rank = TRUMP_STRENGTH[self.rank] if ruleset.carre_order == "trump" else self.rank
            if ruleset.declaration_compare == "value_pool":
                return (self.points, 1, rank, 0)
            return (1, self.points, rank, 0)
        if ruleset.declaration_compare == "value_pool":
            return (self.points, 0, self.rank, trump)
        return (0, self.length, self.rank, trump)

    def describe(self) -> Text:
        return Text(_LABELS[self.kind], cards=Cards(cards_in(self.cards)))


@dataclass(frozen=True, slots=True)
class Settlement:
    """Who scores the declarations: ``ranked`` best first (ties in playing order from the
    leader), the side holding the single best one (``None`` when nothing is declared or on
    a ``none_score`` tie) and the points per team (all of the winning side's declarations)."""

    ranked: tuple[Declaration, ...]
    winner_seat: int | None
    winner_team: int | None
    points: tuple[int, int]
    tie: bool = False


# --- one hand ---------------------------------------------------------------------------


def _carre(seat: int, rank: int, ruleset: Ruleset, trump: str | None = None) -> Declaration:
    mask = RANK_MASKS[rank]
    return Declaration(seat, CARRE, mask, ruleset.carre_value(rank, trump), 4, card(rank, 0))


def _sequence(seat: int, cards: int, trump: str, ruleset: Ruleset) -> Declaration:
    length = cards.bit_count()
    top = cards.bit_length() - 1
    counted = length if ruleset.sequence_cap is None else min(length, ruleset.sequence_cap)
    return Declaration(
        seat,
        SEQUENCE,
        cards,
        ruleset.sequence_value(length),
        counted,
        top,
        is_trump_card(top, trump),
    )


def runs(mask: int) -> Iterator[int]:
    """The maximal runs (bit sets of consecutive ranks in one suit) of a card set."""
    for s in range(4):
        suit = (mask & SUIT_MASKS[s]) >> (8 * s)
        rank = 0
        while rank < 8:
            if not suit >> rank & 1:
                rank += 1
                continue
            start = rank
            while rank < 8 and suit >> rank & 1:
                rank += 1
            yield ((1 << rank) - (1 << start)) << (8 * s)


def _shown(run: int, ruleset: Ruleset) -> int:
    """A run longer than the cap is shown as its top ``cap`` cards (seed 003)."""
    cap = ruleset.sequence_cap
    while cap is not None and run.bit_count() > cap:
        run &= run - 1  # drop the lowest card
    return run


def _pieces(run: int, ruleset: Ruleset) -> list[int]:
    """The sequences a run counts as: its top ``cap`` cards (:func:`_shown`), and with
    ``sequence_split`` the rest cut the same way (an A-7 run: A-10 and 9-7); pieces too
    short to score are left to the caller."""
    if not ruleset.sequence_split:
        return [_shown(run, ruleset)]
    pieces = []
    while run:
        top = _shown(run, ruleset)
        pieces.append(top)
        run &= ~top
    return pieces


def _carres_held(hand: int, ruleset: Ruleset, trump: str | None = None) -> list[int]:
    if ruleset.declarations != "all":
        return []
    held = [r for r in range(8) if hand & RANK_MASKS[r] == RANK_MASKS[r]]
    return [r for r in held if ruleset.carre_value(r, trump)]


def _choice(
    hand: int, carres: Sequence[int], trump: str, ruleset: Ruleset, seat: int
) -> list[Declaration]:
    """The carrés of ``carres`` plus the runs of what they leave (or of the whole hand when
    a card may be in two declarations), each run one sequence."""
    chosen = [_carre(seat, r, ruleset, trump) for r in carres]
    free = hand
    if not ruleset.card_in_two_declarations:
        for d in chosen:
            free &= ~d.cards
    for run in runs(free):
        for piece in _pieces(run, ruleset):
            if ruleset.sequence_value(piece.bit_count()):
                chosen.append(_sequence(seat, piece, trump, ruleset))
    return _best_first(chosen, ruleset)


def _best_first(declarations: Iterable[Declaration], ruleset: Ruleset) -> list[Declaration]:
    return sorted(declarations, key=lambda d: d.strength(ruleset), reverse=True)


def declared_in(trump: str, ruleset: Ruleset) -> bool:
    """Whether sequences and carrés are announced from the hands in this trump mode:
    ``declarations`` is not ``none``, they come from hands (``declarations_from``), and
    in sans atout only with ``declarations_in_no_trump``."""
    if ruleset.declarations == "none" or ruleset.declarations_from != "hand":
        return False
    return trump != NO_TRUMP or ruleset.declarations_in_no_trump


def find_declarations(hand: int, trump: str, ruleset: Ruleset, seat: int = 0) -> list[Declaration]:
    """The best declarations of one hand (bit set), strongest first.

    Each set of the carrés held is tried; the sequences are the maximal runs of the
    cards the carrés leave (all cards when ``card_in_two_declarations``), a run longer
    than ``sequence_cap`` shown as its top ``cap`` cards. The set worth the most points
    wins, ties broken by the strongest single declaration (then the next strongest).
    """
    if not declared_in(trump, ruleset):
        return []
    held = _carres_held(hand, ruleset, trump)
    options = (
        _choice(hand, subset, trump, ruleset, seat)
        for size in range(len(held) + 1)
        for subset in combinations(held, size)
    )
    return max(
        options,
        key=lambda ds: (sum(d.points for d in ds), [d.strength(ruleset) for d in ds]),
    )


def find_belotes(hand: int, trump: str, ruleset: Ruleset) -> list[int]:
    """Suits (indices) in which the hand holds belote: king and queen of trump.

    One suit in a suit mode; in ``all`` every suit with its king and queen (none with
    ``belote_in_all_trump`` false: bga-coinche); none in ``none``.
    """
    if trump == NO_TRUMP or (trump == ALL_TRUMP and not ruleset.belote_in_all_trump):
        return []
    suit = trump_suit(trump)
    suits = range(4) if suit is None else (suit,)  # None: tout atout (sans atout returned)
    return [s for s in suits if hand >> card(KING, s) & 1 and hand >> card(QUEEN, s) & 1]


def seat_belotes(hands: Mapping[int, int], trump: str, ruleset: Ruleset) -> list[tuple[int, int]]:
    """Every belote of the hands (seat to bit set) as ``(seat, suit)``, seats in order."""
    return [
        (seat, suit) for seat in sorted(hands) for suit in find_belotes(hands[seat], trump, ruleset)
    ]


def shown_cards(declared: Iterable[Declaration]) -> dict[int, int]:
    """Without hands, what each seat is known to hold: the cards it declared."""
    held: dict[int, int] = {}
    for d in declared:
        held[d.seat] = held.get(d.seat, 0) | d.cards
    return held


# --- claims -----------------------------------------------------------------------------


def _claim(seat: int, cards: Iterable[int]) -> Text:
    """``seat 1's JH QH KH``: the claim as refusals name it."""
    if not cards:
        return Text(N_("seat {seat}'s empty claim"), seat=seat)
    return Text(N_("seat {seat}'s {cards}"), seat=seat, cards=Cards(sorted(cards)))


def parse_declaration(
    seat: int,
    cards: Sequence[int],
    trump: str,
    ruleset: Ruleset,
    hand: int | None = None,
    field: str = "declarations",
) -> Declaration:
    """One announced declaration, checked; raises :class:`DeclarationError` at ``field``.

    The cards must be a carré or a sequence that scores in the ruleset and, when ``hand``
    (bit set) is given, all be in it.
    """
    check_seat(seat, ruleset, f"{field}.seat", DeclarationError)
    claim = _claim(seat, cards)
    if ruleset.declarations == "none":
        raise DeclarationError(
            field,
            Text(
                N_(
                    "{claim}: {ruleset} scores no declarations (declarations = none); "
                    "only belote counts"
                ),
                claim=claim,
                ruleset=ruleset.name,
            ),
        )
    if ruleset.declarations_from != "hand":
        raise DeclarationError(
            field,
            Text(
                N_(
                    "{claim}: nothing is announced in {ruleset} (declarations_from = {source}): "
                    "runs and fours are scored from each trick's cards; leave out `declarations`"
                ),
                claim=claim,
                ruleset=ruleset.name,
                source=ruleset.declarations_from,
            ),
        )
    if not declared_in(trump, ruleset):
        raise DeclarationError(
            field,
            Text(
                N_(
                    "{claim}: {ruleset} has no declarations in no trumps "
                    "(declarations_in_no_trump = false)"
                ),
                claim=claim,
                ruleset=ruleset.name,
            ),
        )
    mask = 0
    for i, c in enumerate(cards):
        if mask >> c & 1:
            raise DeclarationError(
                f"{field}.cards.{i}",
                Text(N_("{claim}: {card} appears twice"), claim=claim, card=Card(c)),
            )
        mask |= bit(c)
    declaration = _classify(seat, mask, trump, ruleset, claim, field)
    if hand is not None:
        for i, c in enumerate(cards):
            if not hand >> c & 1:
                raise DeclarationError(
                    f"{field}.cards.{i}",
                    Text(
                        N_("{claim}: {card} is not in seat {seat}'s hand"),
                        claim=claim,
                        card=Card(c),
                        seat=seat,
                    ),
                )
    return declaration


def _classify(
    seat: int, mask: int, trump: str, ruleset: Ruleset, claim: Text, field: str
) -> Declaration:
    ranks = {c & 7 for c in cards_in(mask)}
    if len(ranks) == 1 and mask.bit_count() == 4:
        rank = ranks.pop()
        if ruleset.declarations != "all":
            raise DeclarationError(
                field,
                Text(
                    N_(
                        "{claim}: carrés are not declarations in {ruleset} "
                        "(declarations = {declarations}); only sequences count"
                    ),
                    claim=claim,
                    ruleset=ruleset.name,
                    declarations=ruleset.declarations,
                ),
            )
        if not ruleset.carre_value(rank, trump):
            raise DeclarationError(
                field,
                Text(
                    N_("{claim}: a carré of {rank}s scores nothing, it is no declaration"),
                    claim=claim,
                    rank=Rank(rank),
                ),
            )
        return _carre(seat, rank, ruleset, trump)
    if next(runs(mask), None) == mask and mask.bit_count() >= 3:
        pieces = _pieces(mask, ruleset)
        if len(pieces) > 1:
            said: list[Cards | Text] = [Cards(cards_in(p)) for p in pieces]
            for piece in said[1:]:
                said[0] = Text(N_("{first} and {second}"), first=said[0], second=piece)
            raise DeclarationError(
                field,
                Text(
                    N_(
                        "{claim}: with sequence_split a run of {count} is declared as "
                        "its pieces: {pieces}"
                    ),
                    claim=claim,
                    count=mask.bit_count(),
                    pieces=said[0],
                ),
            )
        declaration = _sequence(seat, mask, trump, ruleset)
        if not declaration.points:
            raise DeclarationError(
                field,
                Text(
                    N_(
                        "{claim}: a run of {count} scores nothing in {ruleset} "
                        "(sequence_points starts at {shortest})"
                    ),
                    claim=claim,
                    count=mask.bit_count(),
                    ruleset=ruleset.name,
                    shortest=min(ruleset.sequence_points),
                ),
            )
        return declaration
    raise DeclarationError(
        field,
        Text(
            N_(
                "{claim} is not a declaration: a carré is the four cards of one rank, a "
                "sequence three or more consecutive cards of one suit in the order "
                "A K Q J 10 9 8 7"
            ),
            claim=claim,
        ),
    )


def parse_declarations(
    claims: Sequence[tuple[int, Sequence[int]]],
    trump: str,
    ruleset: Ruleset,
    hands: Mapping[int, int] | None = None,
    field: str = "declarations",
) -> list[Declaration]:
    """Every announced declaration ``(seat, cards)``, each checked by
    :func:`parse_declaration` and then together: no card claimed by two seats, no card in
    two sequences of one seat, nor in a carré and a sequence unless
    ``card_in_two_declarations``, and no two sequences of one seat that are one run.

    With ``hands`` (seat to bit set), a declaring seat must have a hand and hold its cards.
    """
    parsed: list[Declaration] = []
    owners: dict[int, list[tuple[int, Declaration]]] = {}
    for i, (seat, cards) in enumerate(claims):
        at = f"{field}.{i}"
        hand = None
        if hands is not None:
            check_seat(seat, ruleset, f"{at}.seat", DeclarationError)
            hand = hands.get(seat)
            if hand is None:
                raise DeclarationError(
                    f"{at}.seat",
                    Text(N_("hands are given, but none for seat {seat}, who declares"), seat=seat),
                )
        d = parse_declaration(seat, cards, trump, ruleset, hand, at)
        for c in cards_in(d.cards):
            for earlier in owners.get(c, ()):
                _check_shared(c, earlier, (i, d), ruleset, field)
            owners.setdefault(c, []).append((i, d))
        parsed.append(d)
    _check_splitruns(parsed, ruleset, hands, field)
    return parsed


def _check_shared(
    c: int,
    first: tuple[int, Declaration],
    second: tuple[int, Declaration],
    ruleset: Ruleset,
    field: str,
) -> None:
    (i, a), (j, b) = first, second
    both = Text(
        N_("{card} is in {first} ({a}) and {second} ({b})"),
        card=Card(c),
        first=f"{field}.{i}",
        a=a.describe(),
        second=f"{field}.{j}",
        b=b.describe(),
    )
    if a.seat != b.seat:
        raise DeclarationError(
            f"{field}.{j}",
            Text(
                N_("{both}: claimed by seats {a} and {b}, one card cannot"),
                both=both,
                a=a.seat,
                b=b.seat,
            ),
        )
    if a.kind == b.kind:
        template = (
            N_("{both}: one card can be in only one carre of a seat")
            if a.kind == CARRE
            else N_("{both}: one card can be in only one sequence of a seat")
        )
        raise DeclarationError(f"{field}.{j}", Text(template, both=both))
    if not ruleset.card_in_two_declarations:
        raise DeclarationError(
            f"{field}.{j}",
            Text(
                N_(
                    "{both}: in {ruleset} a card may not be in both a carré and a sequence "
                    "(card_in_two_declarations = false)"
                ),
                both=both,
                ruleset=ruleset.name,
            ),
        )


def _check_splitruns(
    parsed: Sequence[Declaration], ruleset: Ruleset, hands: Mapping[int, int] | None, field: str
) -> None:
    """Two sequences of one seat whose gap is empty, or (hand known) only cards the seat
    holds and may still use, are one run: it must be declared as one sequence."""
    for j, b in enumerate(parsed):
        for i, a in enumerate(parsed[:j]):
            if a.kind != SEQUENCE or b.kind != SEQUENCE or a.seat != b.seat:
                continue
            if a.top >> 3 != b.top >> 3:
                continue
            low, high = (a.cards, b.cards) if a.cards < b.cards else (b.cards, a.cards)
            gap = _between(low, high)
            usable = _usable(a.seat, parsed, ruleset, hands)
            if not gap and {a.cards, b.cards} <= set(_pieces(low | high, ruleset)):
                continue  # sequence_split: the pieces of one run
            if gap & ~usable == 0:
                run = low | gap | high
                raise DeclarationError(
                    f"{field}.{j}",
                    Text(
                        N_(
                            "{first} ({a}) and {second} ({b}) are one run of {count} cards of "
                            "seat {seat}: declare it as one sequence"
                        ),
                        first=f"{field}.{i}",
                        a=a.describe(),
                        second=f"{field}.{j}",
                        b=b.describe(),
                        count=run.bit_count(),
                        seat=a.seat,
                    ),
                )


def _between(low: int, high: int) -> int:
    """The cards strictly between two disjoint runs of one suit, ``low`` below ``high``."""
    above_low = 1 << low.bit_length()
    below_high = high & -high
    return below_high - above_low


def _usable(
    seat: int, parsed: Sequence[Declaration], ruleset: Ruleset, hands: Mapping[int, int] | None
) -> int:
    """Cards of ``seat`` that could join one of its sequences."""
    if hands is None:
        return 0
    usable = hands.get(seat, 0)
    if not ruleset.card_in_two_declarations:
        for d in parsed:
            if d.seat == seat and d.kind == CARRE:
                usable &= ~d.cards
    return usable


def check_hands(
    hands: Sequence[tuple[int, Sequence[int]]], ruleset: Ruleset, field: str = "hands"
) -> dict[int, int]:
    """Hands as a client sent them, as ``{seat: bit set}``: real seats, each seat once, at
    most ``hand_size`` cards, no card twice in one hand or in two hands."""
    out: dict[int, int] = {}
    where: dict[int, int] = {}
    for i, (seat, cards) in enumerate(hands):
        check_seat(seat, ruleset, f"{field}.{i}.seat", DeclarationError)
        if seat in out:
            raise DeclarationError(
                f"{field}.{i}.seat", Text(N_("seat {seat} has two hands"), seat=seat)
            )
        check_hand_size(cards, ruleset, f"{field}.{i}.cards", DeclarationError)
        mask = 0
        for k, c in enumerate(cards):
            if mask >> c & 1:
                raise DeclarationError(
                    f"{field}.{i}.cards.{k}",
                    Text(N_("{card} appears twice in seat {seat}'s hand"), card=Card(c), seat=seat),
                )
            if c in where:
                raise DeclarationError(
                    f"{field}.{i}.cards.{k}",
                    Text(
                        N_("{card} is in the hands of seats {a} and {b}"),
                        card=Card(c),
                        a=where[c],
                        b=seat,
                    ),
                )
            where[c] = seat
            mask |= bit(c)
        out[seat] = mask
    return out


# --- across seats -----------------------------------------------------------------------


def settle(
    declarations: Sequence[Declaration],
    leader: int,
    trump: str,
    ruleset: Ruleset,
    tricks_won_by_team: tuple[int, int] | None = None,
) -> Settlement:
    """Rank every declaration and give the points by ``declaration_compare``:

    - ``single_contest`` / ``value_pool``: one contest; the side holding the single best
      declaration (:meth:`Declaration.strength`) scores all of its own;
    - ``by_kind``: carrés against carrés and sequences against sequences, two contests
      settled on their own (a side may win one and the other side the other);
    - ``none``: each side scores all of its own.

    Equal best declarations of the two sides go by ``declaration_tie``:
    ``first_in_rotation`` (playing order from ``leader``, the leader included) or
    ``none_score`` (nobody scores in that contest). With ``tricks_won_by_team`` and
    ``declaration_needs_trick``, a side without a trick scores nothing.
    ``winner_seat`` / ``winner_team`` name the best declaration's side (``by_kind``: of
    the carré contest when carrés were declared, else of the sequences).
    """
    players = ruleset.players
    ranked = tuple(
        sorted(
            declarations,
            key=lambda d: (_neg(d.strength(ruleset)), (d.seat - leader) % players),
        )
    )
    if not ranked:
        return Settlement((), None, None, (0, 0))
    compare = ruleset.declaration_compare
    if compare == "none":
        contests = [[d] for d in ranked]  # every declaration scores for its own side
    elif compare == "by_kind":
        contests = [[d for d in ranked if d.kind == kind] for kind in (CARRE, SEQUENCE)]
    else:
        contests = [list(ranked)]
    points = [0, 0]
    winner: tuple[int, int] | None = None
    tied = False
    for contest in filter(None, contests):
        seat, team, tie = _contest(contest, ruleset, tricks_won_by_team, points)
        tied = tied or tie
        if winner is None and seat is not None and team is not None and compare != "none":
            winner = (seat, team)
    seat, team = winner if winner is not None else (None, None)
    return Settlement(ranked, seat, team, (points[0], points[1]), tie=tied)


def _contest(
    ranked: Sequence[Declaration],
    ruleset: Ruleset,
    tricks_won_by_team: tuple[int, int] | None,
    points: list[int],
) -> tuple[int | None, int | None, bool]:
    """One contest over ``ranked`` (best first): the side of the best declaration adds
    all of its declarations of the contest to ``points``; ``(seat, team, tie)``."""
    best = ranked[0]
    team = ruleset.team_of(best.seat)
    key = best.strength(ruleset)
    tied = any(d.strength(ruleset) == key and ruleset.team_of(d.seat) != team for d in ranked[1:])
    if tied and ruleset.declaration_tie == "none_score":
        return None, None, True
    if not (
        ruleset.declaration_needs_trick
        and tricks_won_by_team is not None
        and tricks_won_by_team[team] == 0
    ):
        points[team] += sum(d.points for d in ranked if ruleset.team_of(d.seat) == team)
    return best.seat, team, tied


def _neg(key: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(-k for k in key)
