"""Round records for the scoring tests, legal by construction.

:func:`scripted_round` plays a deal whose plays are given trick by trick: each trick's
leader is the previous trick's winner, and every card is checked against
:func:`play.legal_mask` for the hand its seat holds at that moment (the cards it plays
in this and later tricks), so a test round that breaks a rule fails in the helper, not
in the code under test. :func:`random_round` plays a random legal round from dealt hands.

The deals below are used by the engine and the HTTP tests; each trick is commented with
its winner and card points worked by hand from docs/rules.md section 1 (plain A 11, 10 10,
K 4, Q 3, J 2; trump J 20, 9 14, A 11, 10 10, K 4, Q 3; seats play in order, team =
seat % 2 with four players).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from service.engine.cards import bit, card_name, cards_in, parse_card
from service.engine.play import Position, legal_mask, winning_index
from service.engine.rounds import Trick
from service.engine.rulesets import Ruleset, get_ruleset


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def scripted_round(
    ruleset: str | Ruleset, trump: str, first_leader: int, plays: Sequence[str], **options
) -> list[Trick]:
    """The tricks of ``plays`` (each a string of cards in playing order from its leader),
    leaders following the winners, every play asserted legal."""
    rules = ruleset if isinstance(ruleset, Ruleset) else get_ruleset(ruleset, options)
    tricks = [cards(p) for p in plays]
    hands = [0] * rules.players
    leader = first_leader
    leaders = []
    for trick in tricks:
        leaders.append(leader)
        for i, c in enumerate(trick):
            hands[(leader + i) % rules.players] |= bit(c)
        leader = (leader + winning_index(trick, trump)) % rules.players
    for t, (lead, trick) in enumerate(zip(leaders, tricks, strict=True)):
        for i, c in enumerate(trick):
            seat = (lead + i) % rules.players
            position = Position(lead, tuple(trick[:i]), trump, rules)
            assert legal_mask(hands[seat], position) >> c & 1, (
                f"test deal is illegal: trick {t}, seat {seat}, {card_name(c)}"
            )
            hands[seat] &= ~bit(c)
    return [Trick(lead, tuple(t)) for lead, t in zip(leaders, tricks, strict=True)]


def random_round(
    ruleset: Ruleset, trump: str, hands: Sequence[int], leader: int, choose: Callable
) -> list[Trick]:
    """Play dealt ``hands`` (bit sets) to the end; ``choose(legal_cards)`` picks each play."""
    hands = list(hands)
    tricks = []
    for _ in range(ruleset.hand_size):
        played: list[int] = []
        for i in range(ruleset.players):
            seat = (leader + i) % ruleset.players
            legal = list(
                cards_in(legal_mask(hands[seat], Position(leader, tuple(played), trump, ruleset)))
            )
            c = choose(legal)
            played.append(c)
            hands[seat] &= ~bit(c)
        tricks.append(Trick(leader, tuple(played)))
        leader = (leader + winning_index(played, trump)) % ruleset.players
    return tricks


def as_json(tricks: Sequence[Trick]) -> list[dict]:
    return [{"leader": t.leader, "cards": [card_name(c) for c in t.cards]} for t in tricks]


# --- four-player deals, trump hearts, first leader seat 0 --------------------------------

#: Team 0 94, team 1 68. No declarations, no belote (KH with seat 1, QH with seat 3).
DEAL_A = (
    "JH 7H 10H 8H",  # s0 leads; JH wins (s0): 20 + 0 + 10 + 0 = 30
    "9H KH AH QH",  # s0; 9H wins (s0): 14 + 4 + 11 + 3 = 32
    "AC 8C 9C JC",  # s0; AC (s0): 11 + 2 = 13
    "7C 10C KC QC",  # s0; 10C by s1: 10 + 4 + 3 = 17
    "AD 10D KD QD",  # s1 leads; AD (s1): 11 + 10 + 4 + 3 = 28
    "7D 8D 9D JD",  # s1; JD by s0: 2
    "10S 8S KS QS",  # s0; 10S (s0): 10 + 4 + 3 = 17
    "7S AS 9S JS",  # s0; AS by s1: 11 + 2 = 13, + 10 for the last trick
)  # team 0: 30 + 32 + 13 + 2 + 17 = 94; team 1: 17 + 28 + 13 + 10 = 68

#: Team 0 takes every trick: 152 card points + capot 100 = 252.
DEAL_CAPOT = (
    "JH 7H 10H 8H",  # s0: 30
    "9H KH AH QH",  # s0: 32
    "AC 7C KC 9C",  # s0: 15
    "10C 8C QC JC",  # s0: 15
    "AD 7D KD 9D",  # s0: 15
    "10D 8D QD JD",  # s0: 15
    "AS 7S KS 9S",  # s0: 15
    "10S 8S QS JS",  # s0: 15 (152 in all)
)

#: 81 - 81: team 0 81 card points, team 1 71 + 10 for the last trick.
DEAL_81 = (
    "JH 8H QH KH",  # s0; JH (s0): 20 + 3 + 4 = 27
    "7H 9H 10H AH",  # s0 leads 7H; 9H by s1: 14 + 10 + 11 = 35
    "7C AC 8C 10C",  # s1 leads; AC by s2: 11 + 10 = 21
    "9C KC QC JC",  # s2; KC by s3: 4 + 3 + 2 = 9
    "7D AD 8D 10D",  # s3; AD by s0: 11 + 10 = 21
    "9D KD QD JD",  # s0; KD by s1: 4 + 3 + 2 = 9
    "7S 10S 8S JS",  # s1; 10S by s2: 10 + 2 = 12
    "9S AS QS KS",  # s2; AS by s3: 11 + 3 + 4 = 18, + 10
)  # team 0: 27 + 21 + 21 + 12 = 81; team 1: 35 + 9 + 9 + 18 + 10 = 81

#: Team 0 90, team 1 72 with belote (seat 3 holds KH and QH).
DEAL_BELOTE = (
    "JH 8H AH QH",  # s0; JH (s0): 20 + 11 + 3 = 34
    "7H 9H 10H KH",  # s0; 9H by s1: 14 + 10 + 4 = 28
    "JC AC 8C 10C",  # s1; AC by s2: 2 + 11 + 10 = 23
    "9C KC QC 7C",  # s2; KC by s3: 4 + 3 = 7
    "7D AD 8D 10D",  # s3; AD by s0: 11 + 10 = 21
    "9D KD QD JD",  # s0; KD by s1: 4 + 3 + 2 = 9
    "7S 10S 8S JS",  # s1; 10S by s2: 10 + 2 = 12
    "9S AS QS KS",  # s2; AS by s3: 11 + 3 + 4 = 18, + 10
)  # team 0: 34 + 23 + 21 + 12 = 90; team 1: 28 + 7 + 9 + 18 + 10 = 72 (+ belote 20)

#: Team 0 117, team 1 45; seat 3 holds the tierce QS JS 10S (20).
DEAL_TIERCE = (
    "JH 7H 10H 8H",  # s0: 30
    "9H KH AH QH",  # s0: 32
    "AC 8C 9C JC",  # s0: 13
    "7C 10C KC QC",  # s0 leads; 10C by s1: 17
    "AD 10D KD QD",  # s1; AD (s1): 28
    "7D 8D 10S JD",  # s1; s3 has no diamond and no trump left: 10S; JD by s0: 10 + 2 = 12
    "9D 8S 9S JS",  # s0 leads the last diamond, nobody can follow or trump: 9D wins, 2
    "7S KS AS QS",  # s0; AS by s2: 4 + 11 + 3 = 18, + 10
)  # team 0: 30 + 32 + 13 + 12 + 2 + 18 + 10 = 117; team 1: 17 + 28 = 45
TIERCE_SPADES = {"seat": 3, "cards": ["QS", "JS", "10S"]}

#: The same with AS and KS exchanged between seats 1 and 2: team 0 89, team 1 73.
DEAL_TIERCE_CLOSE = (*DEAL_TIERCE[:7], "7S AS KS QS")  # last: AS by s1, 18 + 10

# --- four-player deals without a trump suit ------------------------------------------------
# Hands: s0 AC 10C KD QD KH QH KS QS; s1 KC QC AD 10D JH 9H JS 9S;
#        s2 JC 9C JD 9D AH 10H 8S 7S; s3 8C 7C 8D 7D 8H 7H AS 10S.

#: Sans atout: plain values. Team 0 wins the clubs and hearts, team 1 diamonds and spades.
DEAL_NO_TRUMP = (
    "AC KC JC 8C",  # s0; AC: 11 + 4 + 2 = 17 (doubled 34; ace_19: 25)
    "10C QC 9C 7C",  # s0; 10C: 10 + 3 = 13 (26; 13)
    "KD AD JD 8D",  # s0 leads KD; AD by s1: 17 (34; 25)
    "10D 9D 7D QD",  # s1; 10D: 13 (26; 13)
    "JH AH 8H KH",  # s1; AH by s2: 17 (34; 25)
    "10H 7H QH 9H",  # s2; 10H: 13 (26; 13)
    "8S AS KS JS",  # s2; AS by s3: 17 (34; 25)
    "10S QS 9S 7S",  # s3; 10S: 13 (26; 13) + last trick (20 doubled, 10 with ace_19)
)  # doubled: team 0 120, team 1 140 (260). ace_19: team 0 76, team 1 86 (162).

#: Tout atout, the same hands: every suit ranks J 9 A 10 K Q 8 7 and you must beat.
DEAL_ALL_TRUMP = (
    "AC QC 9C 7C",  # s0; s2 must beat AC: 9C wins. raw 11+3+14 = 28; scaled 6+1+9 = 16
    "JC 8C 10C KC",  # s2; JC: raw 20+10+4 = 34; scaled 14+5+3 = 22
    "JD 7D QD 10D",  # s2; JD: raw 20+3+10 = 33; scaled 14+1+5 = 20
    "9D 8D KD AD",  # s2; 9D: raw 14+4+11 = 29; scaled 9+3+6 = 18
    "AH 8H KH 9H",  # s2; s1 must beat AH: 9H. raw 11+4+14 = 29; scaled 6+3+9 = 18
    "JH 10H 7H QH",  # s1; JH: raw 20+10+3 = 33; scaled 14+5+1 = 20
    "JS 7S 10S QS",  # s1; JS: raw 20+10+3 = 33; scaled 14+5+1 = 20
    "9S 8S AS KS",  # s1; 9S: raw 14+11+4 = 29; scaled 9+6+3 = 18, + last 10
)  # raw: team 0 124, team 1 134 (258). scaled: team 0 76, team 1 86 (162).
# Belotes in tout atout: s0 KD QD, KH QH, KS QS (3 x 20 = 60); s1 KC QC (20).

#: Sans atout capot: s0 holds every ace and ten and leads them.
DEAL_ACES = (
    "AC 7C KC JC",
    "10C 8C QC 9C",
    "AD 7D KD JD",
    "10D 8D QD 9D",
    "AH 7H KH JH",
    "10H 8H QH 9H",
    "AS 7S KS JS",
    "10S 8S QS 9S",
)  # 4 x 30 = 120 plain card points, all to team 0

# --- Klaberjass: two players, nine tricks of two cards, trump hearts --------------------

#: Seat 0 46 trick points + bela 20 (+ tierce 7D 8D 9D, 20, if announced); seat 1 66.
KLAB_DEAL = (
    "AC KC",  # s0; AC: 11 + 4 = 15
    "10C QC",  # s0; 10C: 10 + 3 = 13
    "7D AD",  # s0; AD by s1: 11
    "JH QH",  # s1; JH: 20 + 3 = 23 (s0 cannot beat the jack)
    "9H KH",  # s1; 9H: 14 + 4 = 18
    "KD 8D",  # s1; KD: 4
    "KS AS",  # s1 leads KS; AS by s0: 4 + 11 = 15
    "9D QS",  # s0; s1 has no diamond, no trump: 9D wins, 3
    "7S 8S",  # s0; 8S by s1: 0, + 10 for the last trick
)  # seat 0: 15 + 13 + 15 + 3 = 46; seat 1: 11 + 23 + 18 + 4 + 10 = 66
KLAB_TIERCE = {"seat": 0, "cards": ["7D", "8D", "9D"]}

#: Seat 0 takes all nine tricks; seat 1 holds the tierce 7C 8C 9C.
KLAB_SWEEP = (
    "JH 7H",  # 20
    "9H 8H",  # 14
    "AC 7C",  # 11
    "10C 8C",  # 10
    "AD 7D",  # 11
    "10D 8D",  # 10
    "AS 7S",  # 11
    "10S 8S",  # 10
    "KS 9C",  # 4, + 10 for the last trick
)  # seat 0: 101 + 10 = 111
KLAB_SWEEP_TIERCE = {"seat": 1, "cards": ["7C", "8C", "9C"]}

#: Seat 0 holds the tierce 7D 8D 9D and bela but takes only 28 trick points; seat 1 73.
KLAB_LOW = (
    "AC KC",  # s0; AC: 15
    "10C QC",  # s0; 10C: 13
    "7D AD",  # s0; AD by s1: 11
    "JH QH",  # s1; JH: 23
    "9H KH",  # s1; 9H: 18
    "KD 8D",  # s1; KD: 4
    "KS 9S",  # s1; KS: 4 (s0 must follow with 9S)
    "QS 7S",  # s1; QS: 3
    "8S 9D",  # s1; s0 has no spade and no trump: 8S wins, 0 + 10 for the last trick
)  # seat 0: 15 + 13 = 28; seat 1: 11 + 23 + 18 + 4 + 4 + 3 + 10 = 73

#: Sans atout; seat 1 holds 7C 8C 9C and seat 2 7D 8D 9D: equal sequences of both teams.
#: Seat 0 takes every trick: 120 plain card points (doubled 240, + capot 200 = 440).
TWIN_TIERCES = [{"seat": 1, "cards": ["7C", "8C", "9C"]}, {"seat": 2, "cards": ["7D", "8D", "9D"]}]
_TWIN_REST = (
    "AD KD 7D JD",
    "10D 7H 8D QD",  # seat 1 has no diamond left: 7H
    "AH KH QH JH",
    "10H 9C 9D 9H",  # seats 1 and 2 have no heart left
    "AS 7S 8S 9S",
    "10S KS QS JS",
)
#: First trick led by seat 0: in playing order from the leader, seat 1 comes before seat 2.
DEAL_TWINS_FROM_0 = ("AC 7C KC JC", "10C 8C 8H QC", *_TWIN_REST)
#: The same hands, first trick led by seat 2: now seat 2 comes first.
DEAL_TWINS_FROM_2 = ("KC QC AC 7C", "10C 8C 8H JC", *_TWIN_REST)
