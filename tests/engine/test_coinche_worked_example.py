"""The worked example of docs/rules.md section 5, "Coinche", checked as written.

"Example: bid 120, takers 130 card points, no declarations: [250, 32]; the same round
coinched: [500, 0]; takers 110 instead: [0, 282], coinched [0, 564]."

Two legal rounds, trump hearts, first trick led by seat 0, seat 0 (team 0) the taker.
Neither has a declaration or a belote (KH and QH are with seats of one team but not in
one hand). Card points worked trick by trick (trump J 20, 9 14, A 11, 10 10, K 4, Q 3;
plain A 11, 10 10, K 4, Q 3, J 2); the leader of each trick is the previous winner.
"""

from __future__ import annotations

import pytest

from service.engine.record import score_round
from service.engine.rulesets import get_ruleset
from service.engine.scoring import ContractBid
from tests.support.rounds_helper import scripted_round

#: Team 0 130, team 1 32.
TAKERS_130 = (
    "7H AH 9H 8H",  # s0 leads; 9H by s2: 0 + 11 + 14 + 0 = 25 (team 0)
    "9S 7S JS QS",  # s2 leads; QS by s1: 0 + 0 + 2 + 3 = 5 (team 1)
    "JD 8D QD KD",  # s1 leads; KD by s0: 2 + 0 + 3 + 4 = 9 (team 0)
    "QH JH 7C KH",  # s0 leads; JH by s1: 3 + 20 + 0 + 4 = 27 (team 1)
    "10D 7D AD 10H",  # s1 leads; 10H (trump) by s0: 10 + 0 + 11 + 10 = 31 (team 0)
    "10S KS AS 8S",  # s0 leads; AS by s2: 10 + 4 + 11 + 0 = 25 (team 0)
    "AC QC 9C 10C",  # s2 leads; AC by s2: 11 + 3 + 0 + 10 = 24 (team 0)
    "9D 8C JC KC",  # s2 leads; 9D by s2: 0 + 0 + 2 + 4 = 6, + 10 last trick (team 0)
)  # team 0: 25 + 9 + 31 + 25 + 24 + 6 + 10 = 130; team 1: 5 + 27 = 32

#: Team 0 110, team 1 52.
TAKERS_110 = (
    "9C JC 8C AD",  # s0 leads; JC by s1: 0 + 2 + 0 + 11 = 13 (team 1)
    "10S AS 7S 9S",  # s1 leads; AS by s2: 10 + 11 + 0 + 0 = 21 (team 0)
    "7D JD 10D 8H",  # s2 leads; 8H (trump) by s1: 0 + 2 + 10 + 0 = 12 (team 1)
    "JS AH 8S KH",  # s1 leads; AH by s2 over KH: 2 + 11 + 0 + 4 = 17 (team 0)
    "QH JH 7H KC",  # s2 leads; JH by s3: 3 + 20 + 0 + 4 = 27 (team 1)
    "QD 10H KS 8D",  # s3 leads; 10H (trump) by s0: 3 + 10 + 4 + 0 = 17 (team 0)
    "AC 10C 7C 9D",  # s0 leads; AC by s0: 11 + 10 + 0 + 0 = 21 (team 0)
    "QC QS 9H KD",  # s0 leads; 9H (trump) by s2: 3 + 3 + 14 + 4 = 24, + 10 last trick
)  # team 0: 21 + 17 + 17 + 21 + 24 + 10 = 110; team 1: 13 + 12 + 27 = 52

CASES = [
    # "takers 130 card points": 130 >= 120 and 130 > 32, made; takers (130 + 120) x 1,
    # defenders their own 32; coinched: (130 + 120) x 2, defenders only their belote (0).
    (TAKERS_130, "none", (130, 32), (250, 32)),
    (TAKERS_130, "coinche", (130, 32), (500, 0)),
    # "takers 110 instead": 110 < 120, failed; takers only their belote (0), defenders
    # (162 + 120) x 1 = 282; coinched (162 + 120) x 2 = 564.
    (TAKERS_110, "none", (110, 52), (0, 282)),
    (TAKERS_110, "coinche", (110, 52), (0, 564)),
]


@pytest.mark.parametrize(("deal", "coinche", "cards", "expected"), CASES)
def test_the_rules_example_in_the_engine(deal, coinche, cards, expected):
    ruleset = get_ruleset("coinche")
    result = score_round(
        ruleset, "H", 0, scripted_round(ruleset, "H", 0, deal), (), ContractBid(120, coinche)
    )
    assert result.figures.cards == cards
    assert result.figures.declarations == (0, 0)
    assert result.figures.belote == (0, 0)
    assert result.score == expected
