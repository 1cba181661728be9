"""Score units: what a round's score is written in (the ``score_units`` parameter).

- ``points``: the points as counted (every preset of docs/rules.md).
- ``bg_tens``: Bulgarian Belot writes scores in tens (docs/rules-belot-klaverjas.md section 2.7).
  A whole round of ``T`` raw points is worth ``tens(T) = floor((T + 5) / 10)``; one side's
  share ``x`` (``q, u = divmod(x, 10)``) rounds up when

  - suit contract: ``u >= 7``, or ``u == 6`` and this side has **fewer** points;
  - all trumps: ``u >= 5``, or ``u == 4`` and this side has fewer points;
  - no trumps: ``u >= 5``;

  else down. These thresholds are what make the two sides' tens add up to ``tens(T)``
  for every split of every reachable total (162 + 10k, 258 + 10k, 260 + 10k).

- ``rounded_tens``: points, each side's round score rounded to the nearest ten, a 5 up
  (house rules, docs/house-rules.md: StephaneBg/ScoreIt ``roundPoint``,
  sebastien-perpignane/cardgame ``roundScores``): 116 -> 120, 46 -> 50, 162 -> 160.

Held-over points and the match target are in the same units as the scores.
"""

from __future__ import annotations

from .cards import ALL_TRUMP, NO_TRUMP
from .rulesets import Ruleset

POINTS = "points"
BG_TENS = "bg_tens"
ROUNDED_TENS = "rounded_tens"

#: Trump mode kind -> (units digit from which a side always rounds up, the digit at
#: which the side with fewer points rounds up; None: no tie-break digit).
_THRESHOLDS = {"suit": (7, 6), ALL_TRUMP: (5, 4), NO_TRUMP: (5, None)}


def tens(total: int) -> int:
    """A whole round's raw points in Bulgarian tens: 162 -> 16, 258 -> 26, 252 -> 25."""
    return (total + 5) // 10


def side_tens(points: int, fewer: bool, trump: str) -> int:
    """One side's raw points in tens; ``fewer``: this side has fewer points than the other
    (section 2.7: at exactly .6 in a suit, .4 in all trumps, the smaller side rounds up)."""
    q, u = divmod(points, 10)
    up, tie_digit = _THRESHOLDS.get(trump, _THRESHOLDS["suit"])
    return q + 1 if u >= up or (u == tie_digit and fewer) else q


def rounded_ten(points: int) -> int:
    """Points to the nearest ten, a 5 up: ``((points + 5) // 10) * 10``."""
    return (points + 5) // 10 * 10


def whole(total: int, ruleset: Ruleset) -> int:
    """A whole round (both sides' points, going to one side) in the ruleset's units."""
    if ruleset.score_units == ROUNDED_TENS:
        return rounded_ten(total)
    return tens(total) if ruleset.score_units == BG_TENS else total


def split(score: tuple[int, int], trump: str, ruleset: Ruleset) -> tuple[int, int]:
    """Two sides' raw scores in the ruleset's units. A side scoring nothing leaves the
    other the whole (:func:`whole`); otherwise each side rounds by :func:`side_tens`."""
    if ruleset.score_units == ROUNDED_TENS:
        return rounded_ten(score[0]), rounded_ten(score[1])
    if ruleset.score_units != BG_TENS:
        return score
    a, b = score
    if not a or not b:
        return whole(a, ruleset), whole(b, ruleset)
    return side_tens(a, a < b, trump), side_tens(b, b < a, trump)


def held_share(points: int, trump: str, ruleset: Ruleset, *, fewer: bool) -> int:
    """One side's points of an exact tie in units: the defenders' share rounds as the
    larger side, the held share as the smaller (section 2.7, "висяща")."""
    if ruleset.score_units == ROUNDED_TENS:
        return rounded_ten(points)
    if ruleset.score_units != BG_TENS:
        return points
    return side_tens(points, fewer, trump)
