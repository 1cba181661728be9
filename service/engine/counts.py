"""A round scored from what the players count at the table (issue 33: a score pad).

At the end of a round played with a real pack nobody writes the tricks down: one side
counts the card points in its tricks, says who took the last trick (or that a side took
every trick), which declarations were announced and who said belote. :func:`round_counts`
checks what is told and turns it into the :class:`scoring.Counts` the tricks give, and
:func:`score_told` scores it with the same core (:func:`scoring.score_counts`) as
POST /v1/round-score.

What is told:

- ``points``: each side's card points in its tricks, **raw** (as counted from the cards:
  before ``card_points_scale``, without the last-trick or capot bonus: 152 in a suit,
  240 sans atout doubled, 248 tout atout raw); one side's may be left out (None) when
  every card is dealt, it is the rest of the mode's total. A count no set of the mode's
  cards is worth (1 in a suit, any odd count sans atout doubled) is refused;
- ``last_trick``: the team that took the last trick; ``every_trick``: the team that took
  every trick (then the other side counted nothing);
- ``declarations``: ``(seat, cards)`` as announced (a "tierce to the king" becomes its
  cards with :func:`declared_cards`), checked as POST /v1/declarations/rank checks them
  (no hands known). With ``declarations_from: trick`` (klaverjas roem) each is a run or a
  four won in one trick, ``seat`` any seat of the team that won it;
- ``belotes``: ``(seat, suit)`` for each belote said (``belote_from: trick``: the stuk, a
  seat of the team that won its trick); its king and queen are that seat's;
- ``leader``: the seat that led the first trick, needed only when equal declarations of
  the two sides are decided by ``declaration_tie: first_in_rotation``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .cards import (
    ALL_CARDS,
    ALL_TRUMP,
    KING,
    NO_TRUMP,
    QUEEN,
    Card,
    Cards,
    Mode,
    Rank,
    bit,
    card,
    cards_in,
    mask_of,
    trump_suit,
)
from .declarations import (
    RANK_MASKS,
    DeclarationError,
    Settlement,
    parse_declarations,
    runs,
    settle,
)
from .play import PositionError, card_points, check_seat, set_points
from .roem import _runs_and_fours
from .rulesets import Ruleset
from .scoring import ContractBid, Counts, RoundScore, check_contract, score_counts
from .text import N_, Text

CARRE, SEQUENCE = "carre", "sequence"


def _error(field: str, template: str, **values) -> PositionError:
    return PositionError(field, Text(template, **values))


@lru_cache(maxsize=64)
def _reachable(values: tuple[int, ...]) -> int:
    """Bit set of every sum of a subset of ``values`` (bit ``n``: ``n`` is a sum)."""
    sums = 1
    for v in values:
        sums |= sums << v
    return sums


def deck_points(trump: str, ruleset: Ruleset) -> int:
    """The raw card points of the whole pack in this mode (152 in a suit)."""
    return set_points(ALL_CARDS, trump, ruleset)


def counted_points(points: Sequence[int | None], trump: str, ruleset: Ruleset) -> tuple[int, int]:
    """Both sides' raw card points from what is told: refuses a count above the pack's, a
    count no set of cards makes, two counts that do not add up to the pack (every card
    dealt), and one count alone when part of the pack is not dealt (klaberjass)."""
    deck = deck_points(trump, ruleset)
    sums = _reachable(tuple(card_points(c, trump, ruleset) for c in range(32)))
    for team, p in enumerate(points):
        if p is None:
            continue
        if p > deck:
            raise _error(
                f"points.{team}",
                N_("{points} card points: the cards of {mode} are worth {total} in all"),
                points=p,
                mode=Mode(trump),
                total=deck,
            )
        if not sums >> p & 1:
            raise _error(
                f"points.{team}",
                N_("no set of cards is worth {points} card points in {mode}"),
                points=p,
                mode=Mode(trump),
            )
    dealt = ruleset.players * ruleset.hand_size
    known = [p for p in points if p is not None]
    if not known:
        raise _error("points", N_("give the card points one side counted at least"))
    if dealt < 32 and len(known) < 2:
        raise _error(
            "points",
            N_("{dealt} of the 32 cards are dealt: give both sides' card points"),
            dealt=dealt,
        )
    if len(known) == 1:
        a = known[0]
        return (a, deck - a) if points[0] is not None else (deck - a, a)
    a, b = known
    if (dealt == 32 and a + b != deck) or a + b > deck or not sums >> (a + b) & 1:
        raise _error(
            "points",
            N_("the two counts add up to {sum}; the cards of {mode} are worth {total}"),
            sum=a + b,
            mode=Mode(trump),
            total=deck,
        )
    return a, b


def tricks_told(
    points: tuple[int, int], last_trick: int | None, every_trick: int | None
) -> tuple[int, int | None]:
    """``(last_trick, sweep)``: the side that took every trick took the last one and left
    the other side no card point."""
    if every_trick is not None:
        if last_trick is not None and last_trick != every_trick:
            raise _error(
                "last_trick",
                N_("team {team} took every trick, the last one too"),
                team=every_trick,
            )
        if points[1 - every_trick]:
            raise _error(
                f"points.{1 - every_trick}",
                N_("team {team} took every trick: the other side has no card points"),
                team=every_trick,
            )
        return every_trick, every_trick
    if last_trick is None:
        raise _error(
            "last_trick",
            N_("give the team that took the last trick, or `every_trick` for a capot"),
        )
    return last_trick, None


def declared_cards(
    kind: str,
    trump: str,
    *,
    length: int | None = None,
    top: int | None = None,
    rank: int | None = None,
    suit: int | None = None,
    taken: int = 0,
    field: str = "declarations",
) -> tuple[int, ...]:
    """The cards of a declaration said by its kind: a carré of ``rank``, or a sequence of
    ``length`` cards up to ``top`` in ``suit`` (a "tierce to the king"); with no suit the
    first suit, plain ones first, whose cards are not ``taken`` (bit set) already."""
    if kind == CARRE:
        if rank is None:
            raise _error(f"{field}.rank", N_("a carré is said by its rank"))
        return tuple(cards_in(RANK_MASKS[rank]))
    if length is None or top is None:
        raise _error(f"{field}.top", N_("a sequence is said by its length and its top card"))
    if length > top + 1:
        raise _error(
            f"{field}.length",
            N_("no sequence of {length} cards ends at the {rank}"),
            length=length,
            rank=Rank(top),
        )
    ranks = range(top - length + 1, top + 1)
    if suit is not None:
        return tuple(card(r, suit) for r in ranks)
    trumps = trump_suit(trump)
    order = sorted(range(4), key=lambda s: s == trumps)
    for s in order:
        cards = tuple(card(r, s) for r in ranks)
        if not mask_of(cards) & taken:
            return cards
    return tuple(card(r, order[0]) for r in ranks)


def _belote_cards(
    belotes: Sequence[tuple[int, int | None]], trump: str, ruleset: Ruleset
) -> list[tuple[int, int]]:
    """The belotes said, ``(seat, suit)``: king and queen of a trump suit, once a suit."""
    out: list[tuple[int, int]] = []
    for i, (seat, suit) in enumerate(belotes):
        check_seat(seat, ruleset, f"belote.{i}.seat")
        if trump == NO_TRUMP or (trump == ALL_TRUMP and not ruleset.belote_in_all_trump):
            raise _error(f"belote.{i}", N_("there is no belote in {mode}"), mode=Mode(trump))
        if suit is None:
            suit = trump_suit(trump)
            if suit is None:
                raise _error(f"belote.{i}.suit", N_("in all trumps say the belote's suit"))
        if trump != ALL_TRUMP and suit != trump_suit(trump):
            raise _error(
                f"belote.{i}.suit",
                N_("belote is the king and queen of trump, {mode}"),
                mode=Mode(trump),
            )
        if any(s == suit for _, s in out):
            raise _error(
                f"belote.{i}.suit",
                N_("one king and one queen of each suit: {card} is in two belotes"),
                card=Card(card(KING, suit)),
            )
        out.append((seat, suit))
    return out


def _roem(
    claims: Sequence[tuple[int, Sequence[int]]], trump: str, ruleset: Ruleset
) -> tuple[int, int]:
    """Roem won in tricks (``declarations_from: trick``), per team: each claim a run of
    the longest scoring length a trick can hold or a scoring four, no card in two."""
    points = [0, 0]
    used = 0
    for i, (seat, cards) in enumerate(claims):
        at = f"declarations.{i}"
        check_seat(seat, ruleset, f"{at}.seat")
        mask = mask_of(cards)
        ranks = {c & 7 for c in cards}
        value = 0
        if _runs_and_fours(trump, ruleset) and len(cards) == mask.bit_count():
            if len(cards) == 4 and len(ranks) == 1 and ruleset.declarations == "all":
                value = ruleset.carre_value(ranks.pop(), trump)
            elif len(cards) <= ruleset.players and next(runs(mask), None) == mask:
                value = ruleset.sequence_value(len(cards))
        if not value:
            raise _error(
                at,
                N_("{cards} is no roem a trick of {mode} can score"),
                cards=Cards(sorted(cards)),
                mode=Mode(trump),
            )
        if mask & used:
            raise _error(
                at,
                N_("{card} is in two of the declarations"),
                card=Card((mask & used).bit_length() - 1),
            )
        used |= mask
        points[ruleset.team_of(seat)] += value
    return points[0], points[1]


def round_counts(
    ruleset: Ruleset,
    trump: str,
    points: Sequence[int | None],
    last_trick: int | None = None,
    every_trick: int | None = None,
    declarations: Sequence[tuple[int, Sequence[int]]] = (),
    belotes: Sequence[tuple[int, int | None]] = (),
    leader: int | None = None,
) -> Counts:
    """What is told, checked, as the :class:`scoring.Counts` its tricks would give.
    Raises :class:`play.PositionError` naming the field at fault."""
    raw = counted_points(points, trump, ruleset)
    last, sweep = tricks_told(raw, last_trick, every_trick)
    if leader is not None:
        check_seat(leader, ruleset, "leader")
    said = _belote_cards(belotes, trump, ruleset)
    belote_points = [0, 0]
    for seat, _ in said:
        belote_points[ruleset.team_of(seat)] += ruleset.belote_points
    if ruleset.declarations_from == "trick":
        roem = _roem(declarations, trump, ruleset)
        if sweep is not None and roem[1 - sweep]:
            raise _error(
                "declarations",
                N_("team {team} took every trick: the other side won no roem"),
                team=sweep,
            )
        settlement = Settlement((), None, None, roem)
    else:
        parsed = parse_declarations(declarations, trump, ruleset) if declarations else []
        _check_seats(parsed, said, ruleset)
        size = ruleset.hand_size
        won = (size, 0) if sweep == 0 else (0, size) if sweep == 1 else (1, 1)
        settlement = settle(parsed, 0 if leader is None else leader, trump, ruleset, won)
        if settlement.tie and leader is None and ruleset.declaration_tie == "first_in_rotation":
            raise _error(
                "leader",
                N_("equal declarations of both sides: give the seat that led the first trick"),
            )
    for seat, _ in said:
        if sweep is not None and ruleset.belote_from == "trick" and ruleset.team_of(seat) != sweep:
            raise _error(
                "belote",
                N_("team {team} took every trick: the other side won no roem"),
                team=sweep,
            )
    return Counts(raw, last, sweep, settlement, tuple(said), (belote_points[0], belote_points[1]))


def _check_seats(parsed, said: Sequence[tuple[int, int]], ruleset: Ruleset) -> None:
    """No seat shows more cards than it holds; a belote's king and queen are its seat's."""
    held: dict[int, int] = {}
    for d in parsed:
        held[d.seat] = held.get(d.seat, 0) | d.cards
    if ruleset.belote_from == "hand":
        for seat, suit in said:
            pair = bit(card(KING, suit)) | bit(card(QUEEN, suit))
            for other, cards in held.items():
                if other != seat and cards & pair:
                    raise DeclarationError(
                        "belote",
                        Text(
                            N_("{card} is in seat {seat}'s belote and seat {other}'s declaration"),
                            card=Card((cards & pair).bit_length() - 1),
                            seat=seat,
                            other=other,
                        ),
                    )
            held[seat] = held.get(seat, 0) | pair
    for seat, cards in held.items():
        if cards.bit_count() > ruleset.hand_size:
            raise DeclarationError(
                "declarations",
                Text(
                    N_("seat {seat} shows {count} cards; a hand holds {size}"),
                    seat=seat,
                    count=cards.bit_count(),
                    size=ruleset.hand_size,
                ),
            )


def score_told(
    ruleset: Ruleset,
    trump: str,
    taker: int,
    points: Sequence[int | None],
    last_trick: int | None = None,
    every_trick: int | None = None,
    declarations: Sequence[tuple[int, Sequence[int]]] = (),
    belotes: Sequence[tuple[int, int | None]] = (),
    leader: int | None = None,
    bid: ContractBid | None = None,
    held_in: int = 0,
    double: str = "none",
) -> RoundScore:
    """Score a round from what the players count (:func:`round_counts`), the contract
    checked as for a round of tricks (:func:`scoring.check_contract`)."""
    check_contract(ruleset, trump, taker, bid, held_in, double)
    counts = round_counts(
        ruleset, trump, points, last_trick, every_trick, declarations, belotes, leader
    )
    return score_counts(ruleset, trump, taker, counts, bid, held_in, double)
