"""Roem: declarations scored from the cards of each trick (docs/rules-belot-klaverjas.md 1.2).

With ``declarations_from: trick`` nothing is announced: the four cards of every complete
trick are examined, whoever played them, and what they hold scores for the team of the
trick's winner. With ``belote_from: trick`` the king and queen of trump in one trick
("stuk") score there too. Items add up:

- **run**: cards of one suit consecutive in the natural order ``7 8 9 10 J Q K A``, worth
  ``sequence_points`` of its length (klaverjas: 3 cards 20, 4 cards 50);
- **four**: the four cards of one rank, worth ``carre_points[rank]``;
- **stuk**: king and queen of trump, ``belote_points`` (added to a run they sit in:
  Q-K-A of trump = 20 + 20).

There is no contest between the teams: each keeps all the roem of the tricks it won.
:func:`trick_roem` reads one trick; :mod:`.scoring` adds them up per team.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import KING, NO_TRUMP, QUEEN, card, mask_of
from .declarations import RANK_MASKS, find_belotes, runs
from .rulesets import Ruleset

RUN, FOUR, STUK = "run", "four", "stuk"


@dataclass(frozen=True, slots=True)
class RoemItem:
    """One scoring combination of a trick: its kind, its cards (bit set), its points."""

    kind: str
    cards: int
    points: int


@dataclass(frozen=True, slots=True)
class Roem:
    """Everything one trick's cards score (possibly nothing)."""

    items: tuple[RoemItem, ...] = ()

    @property
    def points(self) -> int:
        return sum(item.points for item in self.items)

    def points_of(self, kinds: Iterable[str]) -> int:
        kinds = set(kinds)
        return sum(item.points for item in self.items if item.kind in kinds)


def from_tricks(ruleset: Ruleset) -> bool:
    """Whether anything is scored from the tricks' cards under this ruleset."""
    return ruleset.declarations_from == "trick" or ruleset.belote_from == "trick"


def trick_roem(cards: Iterable[int], trump: str, ruleset: Ruleset) -> Roem:
    """The roem of one trick's cards in trump mode ``trump``."""
    mask = mask_of(cards)
    items: list[RoemItem] = []
    if _runs_and_fours(trump, ruleset):
        scoring = [run for run in runs(mask) if ruleset.sequence_value(run.bit_count())]
        if scoring:
            run = max(scoring, key=int.bit_count)
            items.append(RoemItem(RUN, run, ruleset.sequence_value(run.bit_count())))
        if ruleset.declarations == "all":
            for rank, four in enumerate(RANK_MASKS):
                if mask & four == four and ruleset.carre_value(rank, trump):
                    items.append(RoemItem(FOUR, four, ruleset.carre_value(rank, trump)))
    if ruleset.belote_from == "trick":
        for suit in find_belotes(mask, trump, ruleset):
            stuk = mask_of((card(KING, suit), card(QUEEN, suit)))
            items.append(RoemItem(STUK, stuk, ruleset.belote_points))
    return Roem(tuple(items))


def _runs_and_fours(trump: str, ruleset: Ruleset) -> bool:
    if ruleset.declarations_from != "trick" or ruleset.declarations == "none":
        return False
    return trump != NO_TRUMP or ruleset.declarations_in_no_trump
