"""Scoring a complete round (docs/rules.md sections 4 and 5, and the Coinche subsection).

:func:`score_round` checks the round record (:mod:`.rounds`), then works out, in order:

1. each trick's winner and card points (:func:`_trick_results`);
2. each side's card points with the last-trick bonus, or the capot bonus instead of it
   (:func:`card_points_by_team`: where the capot bonus is);
3. declaration points (:mod:`.declarations`: the side holding the single best one scores
   all of its own) and belote points, read from the hand that played king and queen;
4. whether the contract is made, failed, or a litige (:data:`CONTRACTS`, keyed by the
   ruleset's ``contract`` parameter);
5. the score: made (:func:`_made_score`), failed (:data:`FAILED`, keyed by ``failed``),
   litige (:func:`_litige_score`), Coinche multipliers (:class:`ContractBid`), and the points
   held over by an earlier litige (``held_in``).

Every rule is read from a ruleset parameter; nothing asks which preset it is running.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from .bidding import CAPOT, COINCHE, NO_COINCHE, SURCOINCHE, bid_values, describe_ladder
from .cards import ALL_CARDS, KING, NO_TRUMP, QUEEN, card, trump_suit
from .declarations import Declaration, Settlement, parse_declarations, seat_belotes, settle
from .play import (
    PositionError,
    bonus_multiplier,
    check_seat,
    check_trump,
    set_points,
    trick_points,
)
from .roem import FOUR, RUN, STUK, Roem, from_tricks, trick_roem
from .rounds import CheckedRound
from .rulesets import Ruleset
from .score_units import held_share, split, whole
from .text import N_, Text

#: Coinche levels and their multipliers by default (``coinche_multiplier`` and
#: ``surcoinche_multiplier`` set the last two: :func:`priced`).
MULTIPLIERS = {NO_COINCHE: 1, COINCHE: 2, SURCOINCHE: 4}
#: What card points are scaled to with ``card_points_scale: to_152`` (one trump suit's).
SUIT_CARD_POINTS = 152
#: What a ``capot`` bid is worth in the Coinche formula.
CAPOT_BID_POINTS = 250
#: ``doubling: contra`` levels of a round (round-score ``double``) and their multipliers.
DOUBLES = {"none": 1, "contra": 2, "recontra": 4}


@dataclass(frozen=True, slots=True)
class ContractBid:
    """A Coinche contract: a value (80..160) or ``capot``, and its coinche level.
    ``worth`` is set by :func:`priced` when a house rule prices the bid otherwise."""

    value: int | str
    coinche: str = "none"
    worth: int | None = None
    factor: int | None = None  # the ruleset's multiplier for ``coinche`` (:func:`priced`)

    @property
    def capot(self) -> bool:
        return self.value == CAPOT

    @property
    def points(self) -> int:
        """The bid's worth in the score: its value, or 250 for ``capot``."""
        if self.worth is not None:
            return self.worth
        return CAPOT_BID_POINTS if self.capot else int(self.value)

    @property
    def points_needed(self) -> int:
        """What the takers must make: the bid's own value, however it is priced."""
        return CAPOT_BID_POINTS if self.capot else int(self.value)

    @property
    def multiplier(self) -> int:
        return MULTIPLIERS[self.coinche] if self.factor is None else self.factor

    @property
    def coinched(self) -> bool:
        return self.coinche != NO_COINCHE


@dataclass(frozen=True, slots=True)
class RoundContract:
    """What the round is played for: the taker, the trump mode, the Coinche bid, the
    contra level (``doubling: contra``)."""

    taker: int
    trump: str
    bid: ContractBid | None
    double: str = "none"


@dataclass(frozen=True, slots=True)
class TrickResult:
    leader: int
    cards: tuple[int, ...]
    winner: int
    team: int
    points: int  # card points, never the last-trick bonus
    roem: Roem | None = None  # what its cards score, where rules score from tricks (roem)


@dataclass(frozen=True, slots=True)
class Figures:
    """Per-team figures a contract is judged on (index = team)."""

    cards: tuple[int, int]  # card points incl. last-trick or capot bonus
    declarations: tuple[int, int]
    belote: tuple[int, int]
    mode_total: int  # the mode's card points without capot (162, 260, 258...)
    sweep: int | None = None  # the team that took every trick, if one did

    def total(self, team: int) -> int:
        return self.cards[team] + self.declarations[team] + self.belote[team]

    @property
    def all_cards(self) -> int:
        """All card points of the round (252 with one trump suit when a side took capot)."""
        return self.cards[0] + self.cards[1]


@dataclass(frozen=True, slots=True)
class Outcome:
    made: bool
    litige: bool
    tie: bool  # the contract's comparison came out exactly equal


@dataclass(frozen=True, slots=True)
class RoundScore:
    tricks: tuple[TrickResult, ...]
    taker: int
    taker_team: int
    last_trick: int  # team that won the last trick
    capot: int | None  # team that took every trick, when the ruleset has a capot
    figures: Figures
    declarations: tuple[Declaration, ...]  # every announced one, best first
    belotes: tuple[tuple[int, int], ...]  # (seat, suit)
    outcome: Outcome
    score: tuple[int, int]  # in ``score_units``
    held: int  # points held over for the next round (litige), in ``score_units``
    held_in_to: int | None  # team that received the held-in points
    winner: int | None  # team that won the round: takers if made, defenders if failed
    raw: tuple[int, int] = (0, 0)  # each team's total before any rounding or transfer
    double: str = "none"  # doubling contra: none, contra or recontra


# --- 1 and 2: tricks and card points ----------------------------------------------------


def _trick_results(checked: CheckedRound, trump: str, ruleset: Ruleset) -> list[TrickResult]:
    roem = from_tricks(ruleset)
    return [
        TrickResult(
            trick.leader,
            trick.cards,
            winner,
            ruleset.team_of(winner),
            trick_points(trick.cards, trump, ruleset),
            trick_roem(trick.cards, trump, ruleset) if roem else None,
        )
        for trick, winner in zip(checked.tricks, checked.winners, strict=True)
    ]


def sweep_team(tricks: Sequence[TrickResult]) -> int | None:
    """The team that took every trick, if one did."""
    teams = {t.team for t in tricks}
    return teams.pop() if len(teams) == 1 else None


def capot_team(tricks: Sequence[TrickResult], ruleset: Ruleset, trump: str) -> int | None:
    """The team that is capot, if the ruleset knows capot (``capot_bonus``): the team that
    took every trick, or with ``capot_when: no_points`` (bga-coinche ``stEndHand``: "If a
    team scored zero points, it's a capot") the team whose opponents end with 0 trick
    points and without the last trick."""
    raw = _raw_points(tricks)
    return counted_capot(
        scale_points(raw, trump, ruleset), tricks[-1].team, sweep_team(tricks), ruleset
    )


def counted_capot(
    points: Sequence[int], last_trick: int, sweep: int | None, ruleset: Ruleset
) -> int | None:
    """:func:`capot_team` from what is counted: each team's (scaled) trick points, the
    team that took the last trick and the team that took every trick (None: neither)."""
    if ruleset.capot_bonus is None:
        return None
    if ruleset.capot_when == "no_points":
        return last_trick if points[1 - last_trick] == 0 else None
    return sweep


def card_points_by_team(
    tricks: Sequence[TrickResult], trump: str, ruleset: Ruleset
) -> tuple[int, int]:
    """Each team's card points: its tricks, plus the last-trick bonus ("dix de der") to
    the last trick's winner, or, where a team took every trick, the **capot bonus**
    instead of the last-trick bonus (docs/rules.md section 4: 152 + 100 = 252). Sans atout
    ``doubled`` doubles both bonuses (:func:`play.bonus_multiplier`). With ``capot_mode``
    ``plus_last_trick`` the capot bonus is added to the last-trick bonus and is not
    doubled (belot: 162 + 90 = 252; sans atout 260 + 90 = 350)."""
    return counted_card_points(
        _raw_points(tricks), tricks[-1].team, sweep_team(tricks), trump, ruleset
    )


def counted_card_points(
    raw: Sequence[int], last_trick: int, sweep: int | None, trump: str, ruleset: Ruleset
) -> tuple[int, int]:
    """:func:`card_points_by_team` from what is counted: each team's raw trick points, the
    team that took the last trick, the team that took every trick (None: neither)."""
    points = scale_points(raw, trump, ruleset)
    capot = counted_capot(points, last_trick, sweep, ruleset)
    points[last_trick] += end_bonus(trump, ruleset, capot is not None)
    return points[0], points[1]


def _raw_points(tricks: Sequence[TrickResult]) -> tuple[int, int]:
    points = [0, 0]
    for t in tricks:
        points[t.team] += t.points
    return points[0], points[1]


def scaled_trick_points(tricks: Sequence[TrickResult], trump: str, ruleset: Ruleset) -> list[int]:
    """Each team's trick points; with ``card_points_scale: to_152`` scaled to a total of
    152 where the mode's cards total otherwise (bga-coinche ``stEndHand``: ``round(points
    x 152 / 120)`` sans atout, ``x 152 / 248`` tout atout, PHP's round: half away from 0)."""
    return scale_points(_raw_points(tricks), trump, ruleset)


def scale_points(raw: Sequence[int], trump: str, ruleset: Ruleset) -> list[int]:
    """Raw trick points per team as :func:`scaled_trick_points` scales them."""
    points = list(raw)
    deck = set_points(ALL_CARDS, trump, ruleset)
    if ruleset.card_points_scale == "to_152" and deck != SUIT_CARD_POINTS:
        points = [(2 * p * SUIT_CARD_POINTS + deck) // (2 * deck) for p in points]
    return points


def end_bonus(trump: str, ruleset: Ruleset, capot: bool) -> int:
    """What the last trick's winner adds to its card points: the last-trick bonus, or for
    a capot the capot bonus instead (``capot_mode: instead_of_last_trick``, doubled with
    the last-trick bonus in sans atout ``doubled``) or on top of it, never doubled
    (``plus_last_trick``)."""
    multiplier = bonus_multiplier(trump, ruleset)
    bonus = ruleset.capot_bonus if capot else None  # capot_bonus null: no capot
    if bonus is not None and ruleset.capot_mode == "instead_of_last_trick":
        return bonus * multiplier
    return ruleset.last_trick_bonus * multiplier + (bonus or 0)


def mode_total(trump: str, ruleset: Ruleset, played: int) -> int:
    """The card points of the cards played plus the last-trick bonus (no capot): 162 with
    one trump suit, 260 sans atout doubled, 258 tout atout raw..."""
    return counted_mode_total(set_points(played, trump, ruleset), trump, ruleset)


def counted_mode_total(cards: int, trump: str, ruleset: Ruleset) -> int:
    """:func:`mode_total` from the raw card points of the cards played (both sides')."""
    if ruleset.card_points_scale == "to_152" and cards == set_points(ALL_CARDS, trump, ruleset):
        cards = SUIT_CARD_POINTS
    return cards + ruleset.last_trick_bonus * bonus_multiplier(trump, ruleset)


# --- 3: declarations and belote ---------------------------------------------------------


def announced(
    claims: Sequence[tuple[int, Sequence[int]]],
    checked: CheckedRound,
    trump: str,
    ruleset: Ruleset,
) -> list[Declaration]:
    """Announced declarations checked against the hands of a checked round."""
    hands = dict(enumerate(checked.hands))
    return parse_declarations(claims, trump, ruleset, hands) if claims else []


def _declarations(
    parsed: Sequence[Declaration],
    checked: CheckedRound,
    tricks: Sequence[TrickResult],
    trump: str,
    ruleset: Ruleset,
) -> Settlement:
    """``declarations_from: hand``: the announced declarations, checked, settled by
    ``declaration_compare`` (:func:`declarations.settle`; with ``declaration_needs_trick``
    a side scores only if it took a trick). ``trick``: the runs and fours of each trick
    (:mod:`.roem`) to the team that won it; nothing is announced."""
    if ruleset.declarations_from == "trick":
        return Settlement((), None, None, _roem_by_team(tricks, (RUN, FOUR)))
    won = [0, 0]
    for t in tricks:
        won[t.team] += 1
    leader = checked.tricks[0].leader
    return settle(parsed, leader, trump, ruleset, (won[0], won[1]))


def _roem_by_team(tricks: Sequence[TrickResult], kinds: Sequence[str]) -> tuple[int, int]:
    points = [0, 0]
    for t in tricks:
        points[t.team] += t.roem.points_of(kinds) if t.roem is not None else 0
    return points[0], points[1]


def _belotes(
    checked: CheckedRound,
    tricks: Sequence[TrickResult],
    trump: str,
    ruleset: Ruleset,
    said: frozenset[tuple[int, int]] | None = None,
) -> tuple[tuple[tuple[int, int], ...], tuple[int, int]]:
    """``belote_from: hand``: belote is credited to the side whose one player held (so
    played) king and queen of trump; in tout atout every suit counts (up to four); none
    in sans atout. With ``belote_on_discard: lost`` it counts only if the first of the two
    cards played was led, followed the led suit or was a trump of a suit contract.
    ``trick`` (stuk): king and queen of trump in one trick, to the trick winner's team
    (listed as the winning seat's)."""
    if ruleset.belote_from == "trick":
        found = [
            (t.winner, (item.cards.bit_length() - 1) >> 3)
            for t in tricks
            for item in (t.roem.items if t.roem is not None else ())
            if item.kind == STUK
        ]
    else:
        found = seat_belotes(dict(enumerate(checked.hands)), trump, ruleset)
        if ruleset.belote_on_discard == "lost":
            found = [(s, suit) for s, suit in found if _announced_in_suit(checked, suit, trump)]
        if said is not None:
            found = [pair for pair in found if pair in said]
    points = [0, 0]
    for seat, _ in found:
        points[ruleset.team_of(seat)] += ruleset.belote_points
    return tuple(found), (points[0], points[1])


def _announced_in_suit(checked: CheckedRound, suit: int, trump: str) -> bool:
    """Whether the first of the king and queen of ``suit`` played was led, followed the
    led suit, or was played as the trump of a suit contract (not a discard)."""
    pair = (card(KING, suit), card(QUEEN, suit))
    for trick in checked.tricks:
        for i, c in enumerate(trick.cards):
            if c in pair:
                return i == 0 or c >> 3 == trick.cards[0] >> 3 or suit == trump_suit(trump)
    return False


# --- 4: the contract ---------------------------------------------------------------------


def _compare(takers: int, defenders: int, *, strict: bool) -> Outcome:
    made = takers > defenders if strict else takers >= defenders
    return Outcome(made, False, takers == defenders)


def _trick_points_at_least_defenders(
    f: Figures, t: int, d: int, bid: ContractBid | None, sweep: int | None
) -> Outcome:
    return _compare(f.cards[t], f.cards[d], strict=False)


def _trick_points_more_than_half(
    f: Figures, t: int, d: int, bid: ContractBid | None, sweep: int | None
) -> Outcome:
    return _compare(2 * f.cards[t], f.mode_total, strict=True)


def _cards_and_belote_at_least_defenders(
    f: Figures, t: int, d: int, bid: ContractBid | None, sweep: int | None
) -> Outcome:
    return _compare(f.cards[t] + f.belote[t], f.cards[d] + f.belote[d], strict=False)


def _total_more_than_defenders(
    f: Figures, t: int, d: int, bid: ContractBid | None, sweep: int | None
) -> Outcome:
    return _compare(f.total(t), f.total(d), strict=True)


def _bid(f: Figures, t: int, d: int, bid: ContractBid, sweep: int | None) -> Outcome:
    """Coinche: the takers' points (cards + declarations if best + belote) reach the bid
    and beat the defenders'; a ``capot`` bid is made only by taking every trick."""
    tie = f.total(t) == f.total(d)
    if bid.capot:
        return Outcome(sweep == t, False, tie)
    return Outcome(f.total(t) >= bid.points_needed and f.total(t) > f.total(d), False, tie)


#: ``contract`` parameter -> how the takers make it.
CONTRACTS: dict[str, Callable[..., Outcome]] = {
    "trick_points_at_least_defenders": _trick_points_at_least_defenders,
    "trick_points_more_than_half": _trick_points_more_than_half,
    "cards_and_belote_at_least_defenders": _cards_and_belote_at_least_defenders,
    "total_more_than_opponent": _total_more_than_defenders,
    "total_more_than_defenders": _total_more_than_defenders,
    "bid": _bid,
}


# --- 5: the score -------------------------------------------------------------------------


def _by_team(t: int, takers: int, defenders: int) -> tuple[int, int]:
    return (takers, defenders) if t == 0 else (defenders, takers)


def _made_score(
    f: Figures, t: int, d: int, bid: ContractBid | None, ruleset: Ruleset
) -> tuple[int, int]:
    """Made: each side scores its own total (cards + declarations if best + belote).
    With a bid (Coinche), as the ruleset's ``made`` says (:data:`MADE`)."""
    if bid is None:
        return _by_team(t, f.total(t), f.total(d))
    if bid.coinched and ruleset.coinched_made == "takers_take_all":
        # FFB 2016 scoring table, note 1 (Cannes 2016), colver: everything to the takers.
        everything = Figures(
            _by_team(t, f.all_cards, 0),
            _by_team(t, sum(f.declarations), 0),
            _by_team(t, sum(f.belote), 0),
            f.mode_total,
            f.sweep,
        )
        return _by_team(t, MADE[ruleset.made](everything, t, d, bid)[t], 0)
    score = MADE[ruleset.made](f, t, d, bid)
    if bid.coinched and ruleset.coinched_made == "defenders_keep":
        return _by_team(t, score[t], f.total(d))
    return score


def _cards_and_bid(f: Figures, t: int, d: int, bid: ContractBid) -> tuple[int, int]:
    """docs/rules.md Coinche: takers (cards + declarations + bid) x m + belote; defenders
    their own total when m = 1, only their belote when coinched."""
    m = bid.multiplier
    takers = (f.cards[t] + f.declarations[t] + bid.points) * m + f.belote[t]
    defenders = f.total(d) if m == 1 else f.belote[d]
    return _by_team(t, takers, defenders)


def _defenders_take_trick_points(
    f: Figures, t: int, d: int, bid: ContractBid | None, tie: bool
) -> tuple[int, int]:
    """Defenders score all card points of the round; declarations still to the best
    side; belote to its holder."""
    takers = f.declarations[t] + f.belote[t]
    defenders = f.all_cards + f.declarations[d] + f.belote[d]
    return _by_team(t, takers, defenders)


def _defenders_take_cards_and_declarations(
    f: Figures, t: int, d: int, bid: ContractBid | None, tie: bool
) -> tuple[int, int]:
    """Defenders score all card points + the declarations that score (whichever side
    held them); belote stays with its holder."""
    takers = f.belote[t]
    defenders = f.all_cards + sum(f.declarations) + f.belote[d]
    return _by_team(t, takers, defenders)


def _defenders_take_cards_and_belotes(
    f: Figures, t: int, d: int, bid: ContractBid | None, tie: bool
) -> tuple[int, int]:
    """Takers 0; defenders all card points + both sides' belote (+ their own
    declarations, should the ruleset score any)."""
    return _by_team(t, 0, f.all_cards + sum(f.belote) + f.declarations[d])


def _opponent_takes_both_totals(
    f: Figures, t: int, d: int, bid: ContractBid | None, tie: bool
) -> tuple[int, int]:
    """The opponent scores both totals; on a tie the maker 0 and the opponent its own."""
    return _by_team(t, 0, f.total(d) if tie else f.total(t) + f.total(d))


def _defenders_take_all(
    f: Figures, t: int, d: int, bid: ContractBid | None, tie: bool
) -> tuple[int, int]:
    """Takers 0; defenders everything scored in the round: all card points (with the
    last-trick and capot bonuses), both sides' declarations and both sides' belotes,
    on a tie too (belot "вкарана", klaverjas "nat")."""
    return _by_team(t, 0, f.total(t) + f.total(d))


def _coinche_failed(f: Figures, t: int, d: int, bid: ContractBid, tie: bool) -> tuple[int, int]:
    """Takers only their belote; defenders (all card points + bid) x m + the declarations
    that score (whichever side held them) + their belote."""
    defenders = (f.all_cards + bid.points) * bid.multiplier + sum(f.declarations) + f.belote[d]
    return _by_team(t, f.belote[t], defenders)


#: ``failed`` parameter -> what each side scores when the takers fail (the house rules'
#: values are added below, :data:`HOUSE_FAILED`).
FAILED: dict[str, Callable[..., tuple[int, int]]] = {
    "defenders_take_trick_points": _defenders_take_trick_points,
    "defenders_take_cards_and_declarations": _defenders_take_cards_and_declarations,
    "defenders_take_cards_and_belotes": _defenders_take_cards_and_belotes,
    "opponent_takes_both_totals": _opponent_takes_both_totals,
    "coinche": _coinche_failed,
    "defenders_take_all": _defenders_take_all,
}


def _litige_score(f: Figures, t: int, d: int) -> tuple[tuple[int, int], int]:
    """``hold_over`` litige: the defenders score their total now, the takers only their
    belote; the takers' other points are held for the next round."""
    return _by_team(t, f.belote[t], f.total(d)), f.cards[t] + f.declarations[t]


# --- the whole round -----------------------------------------------------------------------


def needs_bid(ruleset: Ruleset) -> bool:
    """Whether rounds are scored against a Coinche bid: a contract judged against the bid
    (``bid``, ``bid_at_least_defenders``, ``bid_reached``) or a ``failed`` formula that
    scores it (``coinche`` and the house rules' ``coinche_*``, ``flat``)."""
    return ruleset.contract in BID_CONTRACTS or ruleset.failed in BID_FAILED


def check_bid(bid: ContractBid | None, ruleset: Ruleset) -> None:
    if needs_bid(ruleset) and bid is None:
        raise PositionError(
            "bid",
            Text(
                N_(
                    "{ruleset} plays a bid contract: give the bid "
                    '({{"value": 80..160 or "capot": true, '
                    '"coinche": "none"|"coinche"|"surcoinche"}})'
                ),
                ruleset=ruleset.name,
            ),
        )
    if bid is not None and not needs_bid(ruleset):
        raise PositionError(
            "bid",
            Text(
                N_("{ruleset} has no bid contract (contract = {contract}); leave out `bid`"),
                ruleset=ruleset.name,
                contract=ruleset.contract,
            ),
        )
    if bid is None:
        return
    ladder = bid_values(ruleset)
    if bid.value not in ladder:
        raise PositionError(
            "bid.value",
            Text(
                N_("a bid is {ladder}; got {value}"),
                ladder=describe_ladder(ladder),
                value=bid.value,
            ),
        )
    if bid.coinche not in MULTIPLIERS:
        raise PositionError("bid.coinche", Text(N_("coinche is none, coinche or surcoinche")))


def score_checked(
    checked: CheckedRound,
    ruleset: Ruleset,
    trump: str,
    taker: int,
    declarations: Sequence[Declaration] = (),
    bid: ContractBid | None = None,
    held_in: int = 0,
    double: str = "none",
    said: frozenset[tuple[int, int]] | None = None,
) -> RoundScore:
    """Score a complete round that :func:`rounds.check_round` found legal, its contract
    checked by :func:`check_contract` and its announced declarations by
    :func:`parse_declarations` against its hands (:func:`score_round` does all three).
    ``said``: the belotes ``(seat, suit)`` said as played, when only those count
    (``belote_said: required``, a record with announcements); None: every belote held."""
    results = _trick_results(checked, trump, ruleset)
    won = [0, 0]
    for r in results:
        won[r.team] += 1
    settlement = _declarations(declarations, checked, results, trump, ruleset)
    belotes, belote_points = _belotes(checked, results, trump, ruleset, said)
    counts = Counts(
        _raw_points(results),
        results[-1].team,
        sweep_team(results),
        settlement,
        belotes,
        belote_points,
    )
    return score_counts(ruleset, trump, taker, counts, bid, held_in, double, tuple(results))


@dataclass(frozen=True, slots=True)
class Counts:
    """What the players count at the table when a round ends, from which it is scored
    (:func:`score_counts`): each team's card points in its tricks (raw: before
    ``card_points_scale``, without the last-trick bonus), the team that took the last
    trick, the team that took every trick (None: neither), the declarations settled and
    the belotes that count with their points per team. :func:`score_checked` reads them
    from the tricks; :mod:`.counts` from what a score pad is told."""

    points: tuple[int, int]
    last_trick: int
    sweep: int | None
    settlement: Settlement
    belotes: tuple[tuple[int, int], ...] = ()
    belote_points: tuple[int, int] = (0, 0)


def score_counts(
    ruleset: Ruleset,
    trump: str,
    taker: int,
    counts: Counts,
    bid: ContractBid | None = None,
    held_in: int = 0,
    double: str = "none",
    tricks: tuple[TrickResult, ...] = (),
) -> RoundScore:
    """Score a round from its :class:`Counts`, the core both the tricks
    (:func:`score_checked`) and a score pad's counts (:mod:`.counts`) end in: card points
    with the last-trick or capot bonus (:func:`counted_card_points`), the figures, then
    :func:`settle_figures`. ``tricks``: the scored tricks, when they are known."""
    capot = counted_capot(
        scale_points(counts.points, trump, ruleset), counts.last_trick, counts.sweep, ruleset
    )
    figures = Figures(
        counted_card_points(counts.points, counts.last_trick, counts.sweep, trump, ruleset),
        counts.settlement.points,
        counts.belote_points,
        counted_mode_total(sum(counts.points), trump, ruleset),
        capot if ruleset.capot_when == "no_points" else counts.sweep,
    )
    t = ruleset.team_of(taker)
    settled = settle_figures(ruleset, trump, figures, t, bid, held_in, double)
    outcome, score, held, winner = settled
    return RoundScore(
        tricks=tricks,
        taker=taker,
        taker_team=t,
        last_trick=counts.last_trick,
        capot=capot,
        figures=figures,
        declarations=counts.settlement.ranked,
        belotes=counts.belotes,
        outcome=outcome,
        score=score,
        held=held,
        held_in_to=winner if held_in else None,
        winner=winner,
        raw=(figures.total(0), figures.total(1)),
        double=double,
    )


def settle_figures(
    ruleset: Ruleset,
    trump: str,
    figures: Figures,
    taker_team: int,
    bid: ContractBid | None = None,
    held_in: int = 0,
    double: str = "none",
) -> tuple[Outcome, tuple[int, int], int, int | None]:
    """``(outcome, score, held, winner)`` of a round from its per-team figures: the bid
    priced (:func:`priced`), the contract judged (:data:`CONTRACTS`), the score settled
    (:func:`_settle`). The house-rules tests feed it other programs' point counts."""
    bid = priced(bid, trump, ruleset)
    t = taker_team
    outcome = CONTRACTS[ruleset.contract](figures, t, 1 - t, bid, figures.sweep)
    capot = None if ruleset.capot_bonus is None else figures.sweep
    return _settle(figures, t, outcome, bid, held_in, ruleset, trump, double, capot)


def check_contract(
    ruleset: Ruleset,
    trump: str,
    taker: int,
    bid: ContractBid | None,
    held_in: int,
    double: str = "none",
) -> None:
    """What a round is played and scored for: an allowed trump mode, a real taker, the
    bid where (and only where) the ruleset needs one, no negative held-in points, a
    double only where the ruleset doubles (``doubling: contra``)."""
    check_trump(trump, ruleset)
    check_seat(taker, ruleset, "taker")
    if held_in < 0:
        raise PositionError("held_in", Text(N_("held points cannot be negative")))
    check_bid(bid, ruleset)
    check_double(double, ruleset)


def check_double(double: str, ruleset: Ruleset) -> None:
    """``none``, ``contra`` or ``recontra``; the last two only with ``doubling: contra``."""
    if double not in DOUBLES:
        raise PositionError("double", Text(N_("double is none, contra or recontra")))
    if double != "none" and ruleset.doubling != "contra":
        raise PositionError(
            "double",
            Text(
                N_("{ruleset} has no contra (doubling = {doubling}); leave out `double`"),
                ruleset=ruleset.name,
                doubling=ruleset.doubling,
            ),
        )


def _settle(
    f: Figures,
    t: int,
    outcome: Outcome,
    bid: ContractBid | None,
    held_in: int,
    ruleset: Ruleset,
    trump: str,
    double: str = "none",
    capot: int | None = None,
) -> tuple[Outcome, tuple[int, int], int, int | None]:
    """``(outcome, score, held, winner)`` in ``score_units``: made, failed or (on an exact
    tie, ``hold_over`` / ``hold_over_all``) litige; a doubled round (:func:`_doubled`).
    Points held in from earlier litiges go to the round's winner, or stay held with the
    new ones on another litige; they are never multiplied again."""
    d = 1 - t
    if DOUBLES[double] > 1:
        return _doubled(f, t, outcome, held_in, ruleset, trump, double, capot)
    if outcome.tie and ruleset.litige == "hold_over":
        score, held = _litige_score(f, t, d)
        held = held_share(held, trump, ruleset, fewer=True)
        return Outcome(False, True, True), split(score, trump, ruleset), held + held_in, None
    if outcome.tie and ruleset.litige == "hold_over_all":
        # The defenders score their own total now (rounded as the larger side), the
        # takers' whole total is held (rounded as the smaller): 106/106 -> 10 and 11 held.
        defenders = held_share(f.total(d), trump, ruleset, fewer=False)
        held = held_share(f.total(t), trump, ruleset, fewer=True)
        return Outcome(False, True, True), _by_team(t, 0, defenders), held + held_in, None
    if outcome.made:
        score, winner = _made_score(f, t, d, bid, ruleset), t
    else:
        if capot == d and ruleset.failed_capot == "mode_total":
            # colver, ScoreIt: the defenders' capot on a failed contract counts 162.
            f = replace(f, cards=_by_team(t, 0, f.mode_total))
        score, winner = FAILED[ruleset.failed](f, t, d, bid, outcome.tie), d
    return outcome, _add(split(score, trump, ruleset), winner, held_in), 0, winner


def _doubled(
    f: Figures,
    t: int,
    outcome: Outcome,
    held_in: int,
    ruleset: Ruleset,
    trump: str,
    double: str,
    capot: int | None,
) -> tuple[Outcome, tuple[int, int], int, int | None]:
    """Contra / recontra (``doubling: contra``): whoever took the contract, the side with
    the higher total scores the whole round (both totals) x2 or x4, declarations included,
    the capot bonus too when ``capot_multiplied``; the other side nothing. Equal totals
    with ``hold_over_all``: the whole multiplied round is held and nobody scores now
    (otherwise the tie is judged by the contract: failed, the defenders take it)."""
    m = DOUBLES[double]
    unmultiplied = capot is not None and not ruleset.capot_multiplied
    bonus = ruleset.capot_bonus if unmultiplied and ruleset.capot_bonus is not None else 0
    round_total = whole(f.total(0) + f.total(1) - bonus, ruleset) * m + whole(bonus, ruleset)
    takers, defenders = f.total(t), f.total(1 - t)
    if takers == defenders and ruleset.litige == "hold_over_all":
        return Outcome(False, True, True), (0, 0), round_total + held_in, None
    if takers != defenders:
        winner = t if takers > defenders else 1 - t
    else:
        winner = t if outcome.made else 1 - t
    score = _add((0, 0), winner, round_total + held_in)
    return Outcome(winner == t, False, outcome.tie), score, 0, winner


def _add(score: tuple[int, int], team: int, points: int) -> tuple[int, int]:
    out = list(score)
    out[team] += points
    return out[0], out[1]


# --- house rules (docs/house-rules.md) ---------------------------------------------------
# Other programs' Coinche scoring, each a value of ``contract``, ``made`` or ``failed``
# (or ``no_trump_bid`` / ``opening_bid_points``), its source named in the docstring.
# "Total" is a side's cards (with the last-trick or capot bonus) + declarations (when it
# holds the best) + belote, as everywhere (:meth:`Figures.total`).


def priced(bid: ContractBid | None, trump: str, ruleset: Ruleset) -> ContractBid | None:
    """The bid with its worth in the score: ``opening_bid_points`` for a bid of
    ``bid_minimum`` (bga-coinche: 82 scores as 80), doubled in sans atout with
    ``no_trump_bid: doubled`` (Oliboy50/coinche). Unchanged under every preset."""
    if bid is None:
        return None
    worth = bid.points
    if ruleset.opening_bid_points is not None and bid.value == ruleset.bid_minimum:
        worth = ruleset.opening_bid_points
    if ruleset.no_trump_bid == "doubled" and trump == NO_TRUMP:
        worth *= 2
    factor = {
        NO_COINCHE: 1,
        COINCHE: ruleset.coinche_multiplier,
        SURCOINCHE: ruleset.surcoinche_multiplier,
    }[bid.coinche]
    if worth == bid.points and factor == bid.multiplier:
        return bid
    return replace(bid, worth=worth, factor=factor)


def _bid_at_least_defenders(
    f: Figures, t: int, d: int, bid: ContractBid, sweep: int | None
) -> Outcome:
    """Oliboy50/coinche (client/src/shared/coinche/service/pointsCounter.ts): the takers'
    total reaches the bid and is **at least** the defenders' (a tie is made); a ``capot``
    bid only by taking every trick."""
    tie = f.total(t) == f.total(d)
    if bid.capot:
        return Outcome(sweep == t, False, tie)
    return Outcome(f.total(t) >= bid.points_needed and f.total(t) >= f.total(d), False, tie)


def _bid_reached(f: Figures, t: int, d: int, bid: ContractBid, sweep: int | None) -> Outcome:
    """gyscos/libcoinche (src/bid.rs ``Target::victory``), sebastien-perpignane/cardgame
    (DealScoreCalculator.contractIsReached), drasill/bga-coinche (coinche.game.php
    ``$bidSuccessful``): the takers' total reaches the bid, whatever the defenders made;
    a ``capot`` bid only by taking every trick."""
    tie = f.total(t) == f.total(d)
    if bid.capot:
        return Outcome(sweep == t, False, tie)
    return Outcome(f.total(t) >= bid.points_needed, False, tie)


def _total_at_least_defenders(
    f: Figures, t: int, d: int, bid: ContractBid | None, sweep: int | None
) -> Outcome:
    """StephaneBg/ScoreIt (BeloteSolver ``isWon``): the takers' total (belote and
    declarations included) is at least the defenders'; an exact tie is a litige where
    ``litige`` holds one."""
    return _compare(f.total(t), f.total(d), strict=False)


HOUSE_CONTRACTS: dict[str, Callable[..., Outcome]] = {
    "bid_at_least_defenders": _bid_at_least_defenders,
    "bid_reached": _bid_reached,
    "total_at_least_defenders": _total_at_least_defenders,
}
CONTRACTS.update(HOUSE_CONTRACTS)
#: Contracts judged against a bid.
BID_CONTRACTS = ("bid", "bid_at_least_defenders", "bid_reached")


def _cards_and_bid_defenders_keep(f: Figures, t: int, d: int, bid: ContractBid) -> tuple[int, int]:
    """StephaneBg/ScoreIt (CoincheSolver ``getResults``): as ``cards_and_bid``, but the
    defenders keep their own total when the contract is coinched too."""
    takers, _ = _by_team(t, *_cards_and_bid(f, t, d, bid))
    return _by_team(t, takers, f.total(d))


def _total_and_bid_multiplied(f: Figures, t: int, d: int, bid: ContractBid) -> tuple[int, int]:
    """drasill/bga-coinche (coinche.game.php ``stEndHand``, counting points): takers
    (total + bid) x m, their belote multiplied too; defenders their own total when
    m = 1, nothing when coinched (their belote included)."""
    m = bid.multiplier
    return _by_team(t, (f.total(t) + bid.points) * m, f.total(d) if m == 1 else 0)


def _total_plus_multiplied_bid(f: Figures, t: int, d: int, bid: ContractBid) -> tuple[int, int]:
    """Oliboy50/coinche (pointsCounter.ts): only the bid is multiplied: takers their total
    + bid x m; defenders their own total, coinched or not."""
    return _by_team(t, f.total(t) + bid.points * bid.multiplier, f.total(d))


def _bid_only(f: Figures, t: int, d: int, bid: ContractBid) -> tuple[int, int]:
    """gyscos/libcoinche (src/game.rs ``get_game_result``: the winners score the target)
    and drasill/bga-coinche (``scoreType`` bid only): takers (bid + their belote) x m;
    defenders only their belote."""
    return _by_team(t, (bid.points + f.belote[t]) * bid.multiplier, f.belote[d])


def flat_points(f: Figures, winner: int, bid: ContractBid) -> int:
    """sebastien-perpignane/cardgame (DealScoreCalculator
    ``computeDoubledOrRedoubledOrCapotDeal``): 500 for a capot bid, 250 when the winning
    side took every trick, else 160; times the coinche multiplier."""
    base = 2 * CAPOT_BID_POINTS if bid.capot else 250 if f.sweep == winner else 160
    return base * bid.multiplier


def _points_only(f: Figures, t: int, d: int, bid: ContractBid) -> tuple[int, int]:
    """sebastien-perpignane/cardgame (DealScoreCalculator ``computeDealScores``): the bid
    is never added. Not coinched, no capot bid, nobody took every trick: each side its own
    total. Otherwise the takers :func:`flat_points`, the defenders nothing."""
    if bid.multiplier == 1 and not bid.capot and f.sweep is None:
        return _by_team(t, f.total(t), f.total(d))
    return _by_team(t, flat_points(f, t, bid), 0)


#: ``made`` parameter -> what each side scores when the takers make a bid contract.
MADE: dict[str, Callable[..., tuple[int, int]]] = {
    "cards_and_bid": _cards_and_bid,
    "cards_and_bid_defenders_keep": _cards_and_bid_defenders_keep,
    "total_and_bid_multiplied": _total_and_bid_multiplied,
    "total_plus_multiplied_bid": _total_plus_multiplied_bid,
    "bid_only": _bid_only,
    "points_only": _points_only,
}


def _coinche_both_totals(
    f: Figures, t: int, d: int, bid: ContractBid, tie: bool
) -> tuple[int, int]:
    """Oliboy50/coinche (pointsCounter.ts): takers nothing; defenders both sides' totals
    (belote and declarations included) + bid x m."""
    return _by_team(t, 0, f.total(t) + f.total(d) + bid.points * bid.multiplier)


def _coinche_mode_total(f: Figures, t: int, d: int, bid: ContractBid, tie: bool) -> tuple[int, int]:
    """drasill/bga-coinche (coinche.game.php ``stEndHand``, counting points): takers their
    belote; defenders (the mode's card total, 162 in a suit, + bid + their belote) x m."""
    return _by_team(t, f.belote[t], (f.mode_total + bid.points + f.belote[d]) * bid.multiplier)


def _coinche_bid_only(f: Figures, t: int, d: int, bid: ContractBid, tie: bool) -> tuple[int, int]:
    """drasill/bga-coinche (``scoreType`` bid only): takers their belote; defenders
    (bid + their belote) x m."""
    return _by_team(t, f.belote[t], (bid.points + f.belote[d]) * bid.multiplier)


def _flat(f: Figures, t: int, d: int, bid: ContractBid, tie: bool) -> tuple[int, int]:
    """sebastien-perpignane/cardgame (DealScoreCalculator): takers nothing; defenders
    :func:`flat_points` (160, 250 if they took every trick, 500 for a failed capot bid,
    times the coinche multiplier)."""
    return _by_team(t, 0, flat_points(f, d, bid))


def _flat_160(f: Figures, t: int, d: int, bid: ContractBid, tie: bool) -> tuple[int, int]:
    """gyscos/libcoinche (src/game.rs ``get_game_result``: ``scores[winners] = 160``):
    takers nothing; defenders 160 x m, a failed capot bid too."""
    return _by_team(t, 0, 160 * bid.multiplier)


def _flat_plus_bid(f: Figures, t: int, d: int, bid: ContractBid, tie: bool) -> tuple[int, int]:
    """StephaneBg/ScoreIt, later solver (CoincheSolver.kt, commit 360828e ``getResults``):
    takers nothing, their belote included; defenders (160 + bid) x m, 500 x m for a
    failed capot bid, their own declarations and belote not added."""
    base = 2 * CAPOT_BID_POINTS if bid.capot else 160 + bid.points
    return _by_team(t, 0, base * bid.multiplier)


HOUSE_FAILED: dict[str, Callable[..., tuple[int, int]]] = {
    "coinche_both_totals": _coinche_both_totals,
    "coinche_mode_total": _coinche_mode_total,
    "coinche_bid_only": _coinche_bid_only,
    "flat": _flat,
    "flat_160": _flat_160,
    "flat_plus_bid": _flat_plus_bid,
}
FAILED.update(HOUSE_FAILED)
#: ``failed`` formulas that score the bid.
BID_FAILED = ("coinche", *HOUSE_FAILED)
