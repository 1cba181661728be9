"""Legal moves under every value of every play parameter (docs/rules.md section 2).

Each case is a position written by hand, with the parameter values that decide it and the
legal set and reason codes worked out from the rules text. The case is then checked under
EVERY combination of the other play parameters: a parameter the rules say does not matter
for a position must not change its answer.

Seats: the player to move is ``leader + len(trick)``; with 4 players the partner is two
seats away, so in a trick led by seat 0 with two cards down, seat 2 plays and seat 0 (the
leader) is the partner. Trump order J 9 A 10 K Q 8 7, plain order A 10 K Q J 9 8 7.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.engine.cards import card_name
from tests.support.play_helpers import (
    PLAY_PARAMETERS,
    B,
    F,
    N,
    O,
    T,
    U,
    check_position,
    parameter_combinations,
    play_ruleset,
)

TLO, VT, PWT, UT = "trump_lead_overtrump", "void_trump", "partner_winning_trump", "undertrump"
ALWAYS, UNLESS = "always", "unless_partner_winning"
FREE, OVER = "free", "overtrump_if_able"


def case(id_, trump, leader, trick, hand, legal, illegal=None, players=4, **fixed):
    return pytest.param(players, trump, fixed, leader, trick, hand, legal, illegal or {}, id=id_)


CASES = [
    # --- trump led (trump_lead_overtrump) --------------------------------------------------
    # Partner (seat 0) led 9H and wins; seat 2 holds JH (beats 9H), 8H (does not), AS.
    case("trump-led-partner-wins/always", "H", 0, "9H 7H", "JH 8H AS", "JH",
         {"8H": O, "AS": F}, trump_lead_overtrump=ALWAYS),
    case("trump-led-partner-wins/unless", "H", 0, "9H 7H", "JH 8H AS", "JH 8H",
         {"AS": F}, trump_lead_overtrump=UNLESS),
    # Partner is seat 2, second to play, winning with 9H over 7H and 8H; seat 0 to play.
    case("trump-led-partner-overtrumped/always", "H", 1, "7H 9H 8H", "JH QH 7C", "JH",
         {"QH": O, "7C": F}, trump_lead_overtrump=ALWAYS),
    case("trump-led-partner-overtrumped/unless", "H", 1, "7H 9H 8H", "JH QH 7C", "JH QH",
         {"7C": F}, trump_lead_overtrump=UNLESS),
    # Spades trump: partner's AS beats 10S; 9S beats the ace, KS does not.
    case("trump-led-partner-wins-spades/always", "S", 0, "AS 10S", "9S KS JD", "9S",
         {"KS": O, "JD": F}, trump_lead_overtrump=ALWAYS),
    case("trump-led-partner-wins-spades/unless", "S", 0, "AS 10S", "9S KS JD", "9S KS",
         {"JD": F}, trump_lead_overtrump=UNLESS),
    # Opponent (seat 1) wins with 9H over partner's 8H: beat it whatever the parameter.
    case("trump-led-opponent-wins", "H", 0, "8H 9H", "JH 7H AS", "JH", {"7H": O, "AS": F}),
    # Opponent's QH: K, 10, A, 9, J beat it; 7H does not.
    case("trump-led-opponent-queen", "H", 3, "QH", "KH 10H 7H 8D", "KH 10H",
         {"7H": O, "8D": F}),
    # Nobody can beat JH: any trump follows; undertrump rules are about being void.
    case("trump-led-unbeatable", "H", 0, "8H JH", "7H 9H AS", "7H 9H", {"AS": F}),
    case("trump-led-void-of-trumps", "H", 0, "9H", "AS 7C", "AS 7C"),
    # Two players: there is no partner, so the exception never applies.
    case("2p-trump-led", "H", 0, "9H", "JH 8H AS", "JH", {"8H": O, "AS": F}, players=2),
    case("2p-trump-led-unbeatable", "H", 1, "JH", "7H AS", "7H", {"AS": F}, players=2),
    case("2p-trump-led-void", "H", 1, "JH", "AS KD", "AS KD", players=2),
    # --- void, partner winning with a plain card (void_trump) ------------------------------
    # Partner (seat 0) wins with AC; seat 2 has no clubs.
    case("void-partner-plain/always", "H", 0, "AC 7C", "7H JH AS", "7H JH", {"AS": T},
         void_trump=ALWAYS),
    case("void-partner-plain/unless", "H", 0, "AC 7C", "7H JH AS", "7H JH AS",
         void_trump=UNLESS),
    # Partner is seat 2 (second to play) winning with AC; seat 0 to play.
    case("void-partner-plain-3rd/always", "H", 1, "KC AC 8C", "8H QS", "8H", {"QS": T},
         void_trump=ALWAYS),
    case("void-partner-plain-3rd/unless", "H", 1, "KC AC 8C", "8H QS", "8H QS",
         void_trump=UNLESS),
    case("void-partner-plain-no-trump-held", "H", 0, "AC 7C", "AS KD", "AS KD"),
    # Holding the led suit: follow, never trump.
    case("follow-before-trumping", "H", 0, "AC 7C", "8C JH AS", "8C", {"JH": F, "AS": F}),
    # Opponent (seat 1) wins with AC: must trump whatever void_trump says.
    case("void-opponent-plain", "H", 0, "7C AC", "7H AS", "7H", {"AS": T}),
    case("2p-void-opponent-plain", "H", 0, "AC", "7H AS", "7H", {"AS": T}, players=2),
    # --- void, partner winning with a trump (partner_winning_trump x void_trump) -----------
    # Seat 2 (partner of seat 0, who is to play) trumped AC with 9H.
    case("void-partner-trump/always-free", "H", 1, "AC 9H 7C", "JH 8H AS", "JH 8H",
         {"AS": T}, void_trump=ALWAYS, partner_winning_trump=FREE),
    case("void-partner-trump/always-over", "H", 1, "AC 9H 7C", "JH 8H AS", "JH",
         {"8H": O, "AS": T}, void_trump=ALWAYS, partner_winning_trump=OVER),
    case("void-partner-trump/unless-free", "H", 1, "AC 9H 7C", "JH 8H AS", "JH 8H AS",
         void_trump=UNLESS, partner_winning_trump=FREE),
    case("void-partner-trump/unless-over", "H", 1, "AC 9H 7C", "JH 8H AS", "JH AS",
         {"8H": O}, void_trump=UNLESS, partner_winning_trump=OVER),
    # Only lower trumps than the partner's: no overtrump possible, undertrump is not about
    # a partner, so a lower trump is always allowed and a discard only if not forced to trump.
    case("void-partner-trump-lower/always", "H", 1, "AC 9H 7C", "8H QH AS", "8H QH",
         {"AS": T}, void_trump=ALWAYS),
    case("void-partner-trump-lower/unless", "H", 1, "AC 9H 7C", "8H QH AS", "8H QH AS",
         void_trump=UNLESS),
    # Only trumps left.
    case("void-partner-trump-only-trumps/free", "H", 1, "AC 9H 7C", "JH 8H", "JH 8H",
         partner_winning_trump=FREE),
    case("void-partner-trump-only-trumps/over", "H", 1, "AC 9H 7C", "JH 8H", "JH", {"8H": O},
         partner_winning_trump=OVER),
    # Partner (seat 1) trumped with QH, opponent (seat 2) played a lower 8H; seat 3 to play.
    case("void-partner-trump-4th/always-free", "H", 0, "AC QH 8H", "9H 7H KD", "9H 7H",
         {"KD": T}, void_trump=ALWAYS, partner_winning_trump=FREE),
    case("void-partner-trump-4th/always-over", "H", 0, "AC QH 8H", "9H 7H KD", "9H",
         {"7H": O, "KD": T}, void_trump=ALWAYS, partner_winning_trump=OVER),
    case("void-partner-trump-4th/unless-free", "H", 0, "AC QH 8H", "9H 7H KD", "9H 7H KD",
         void_trump=UNLESS, partner_winning_trump=FREE),
    case("void-partner-trump-4th/unless-over", "H", 0, "AC QH 8H", "9H 7H KD", "9H KD",
         {"7H": O}, void_trump=UNLESS, partner_winning_trump=OVER),
    # --- void, opponent winning with a trump you can beat ----------------------------------
    # Opponent (seat 1) trumped with 9H; seat 2 holds JH: trump, and beat it.
    case("void-opponent-trump-beatable", "H", 0, "AC 9H", "JH 7H AS", "JH",
         {"7H": O, "AS": T}),
    case("void-opponent-trump-beatable-no-lower", "H", 0, "AC 9H", "JH AS KD", "JH",
         {"AS": T, "KD": T}),
    # Partner (seat 2) trumped 8H, opponent (seat 3) overtrumped 9H; seat 0 to play.
    case("void-opponent-overtrumped-partner", "H", 1, "AC 8H 9H", "JH 7H AS", "JH",
         {"7H": O, "AS": T}),
    # Spades trump: opponent (seat 0) trumped KD with 7S; seat 1 beats it with 8S.
    case("void-opponent-trump-spades", "S", 3, "KD 7S", "8S QC", "8S", {"QC": T}),
    case("void-opponent-trump-only-trumps", "H", 0, "AC 9H", "JH 7H", "JH", {"7H": O}),
    # --- void, opponent winning with a trump you cannot beat (undertrump) ------------------
    case("undertrump/must", "H", 0, "AC JH", "7H 9H AS KD", "7H 9H",
         {"AS": U, "KD": U}, undertrump="must"),
    case("undertrump/may", "H", 0, "AC JH", "7H 9H AS KD", "7H 9H AS KD", undertrump="may"),
    case("undertrump/forbidden", "H", 0, "AC JH", "7H 9H AS KD", "AS KD",
         {"7H": N, "9H": N}, undertrump="forbidden"),
    # Opponent (seat 3) overtrumped partner's 9H with JH; seat 0 holds 8H and QS.
    case("undertrump-over-partner/must", "H", 1, "AC 9H JH", "8H QS", "8H", {"QS": U},
         undertrump="must"),
    case("undertrump-over-partner/may", "H", 1, "AC 9H JH", "8H QS", "8H QS",
         undertrump="may"),
    case("undertrump-over-partner/forbidden", "H", 1, "AC 9H JH", "8H QS", "QS", {"8H": N},
         undertrump="forbidden"),
    # Partner (seat 2) led KC, opponent (seat 3) trumped 9H; seat 0 holds QH (lower) and AD.
    case("undertrump-after-partner-lead/must", "H", 2, "KC 9H", "QH AD", "QH", {"AD": U},
         undertrump="must"),
    case("undertrump-after-partner-lead/may", "H", 2, "KC 9H", "QH AD", "QH AD",
         undertrump="may"),
    case("undertrump-after-partner-lead/forbidden", "H", 2, "KC 9H", "QH AD", "AD",
         {"QH": N}, undertrump="forbidden"),
    # Only trumps left: a lower trump is the only possible card, even when forbidden.
    case("undertrump-only-trumps", "H", 0, "AC JH", "7H 9H", "7H 9H"),
    case("undertrump-no-trumps", "H", 0, "AC JH", "AS KD", "AS KD"),
    # --- the last card in hand is always legal ----------------------------------------------
    case("last-card/trump-led", "H", 0, "9H 7H", "AS", "AS"),
    case("last-card/undertrump", "H", 0, "AC JH", "7H", "7H"),
    case("last-card/discard", "H", 0, "AC JH", "KD", "KD"),
    case("last-card/partner-trump", "H", 1, "AC 9H 7C", "8H", "8H"),
    case("last-card/none", "none", 0, "KC", "JH", "JH"),
    case("last-card/all", "all", 0, "9C", "7C", "7C"),
    case("last-card/2p", "H", 0, "9H", "8H", "8H", players=2),
    # --- leading: every card ---------------------------------------------------------------
    case("lead/suit", "H", 2, "", "7H JH AS 10C", "7H JH AS 10C"),
    case("lead/none", "none", 0, "", "7H JH AS", "7H JH AS"),
    case("lead/all", "all", 3, "", "7H JH AS", "7H JH AS"),
    case("lead/2p", "S", 1, "", "7H JS AS 10C", "7H JS AS 10C", players=2),
    # --- sans atout: follow suit, otherwise any card; no obligation to beat -----------------
    case("none/follow", "none", 0, "KC", "AC 7C JH", "AC 7C", {"JH": F}),
    case("none/partner-winning", "none", 0, "KC AC", "7C 10C", "7C 10C"),
    case("none/void", "none", 0, "KC", "JH AS 7D", "JH AS 7D"),
    case("none/hearts-are-plain", "none", 0, "JH 9H", "7H AH QS", "7H AH", {"QS": F}),
    case("none/2p", "none", 0, "10S", "AS 7S JC", "AS 7S", {"JC": F}, players=2),
    # --- tout atout: follow and beat the led suit's highest card when able -----------------
    # 9C led: only JC is above 9 in trump order.
    case("all/beat", "all", 0, "9C", "JC AC 7C KH", "JC", {"AC": B, "7C": B, "KH": F}),
    # Partner (seat 0) wins with 9C: still beat it.
    case("all/partner-winning", "all", 0, "9C 7C", "JC 8C AD", "JC", {"8C": B, "AD": F}),
    # Partner (seat 2) wins with KD: 10, A, 9, J of diamonds beat it.
    case("all/partner-winning-3rd", "all", 1, "QD KD 7D", "8D AD 9D 7S", "AD 9D",
         {"8D": B, "7S": F}),
    case("all/cannot-beat", "all", 0, "JC", "9C 7C AH", "9C 7C", {"AH": F}),
    case("all/void", "all", 0, "JC", "JH 9D", "JH 9D"),
    # JH is another suit and never wins: the card to beat is AC, and only 9C does.
    case("all/other-suit-never-wins", "all", 0, "AC JH", "10C KC 9C", "9C",
         {"10C": B, "KC": B}),
    case("all/2p", "all", 0, "10C", "AC KC JD", "AC", {"KC": B, "JD": F}, players=2),
]  # fmt: skip


@pytest.mark.parametrize(
    ("players", "trump", "fixed", "leader", "trick", "hand", "legal", "illegal"), CASES
)
def test_position_under_every_relevant_parameter_combination(
    players, trump, fixed, leader, trick, hand, legal, illegal
):
    combos = list(parameter_combinations(fixed))
    assert combos, "the fixed parameters must be real values"
    for params in combos:
        ruleset = play_ruleset(players, params)
        check_position(ruleset, trump, leader, trick, hand, legal, illegal, label=str(params))


def test_every_parameter_value_decides_some_case():
    """Each value of each play parameter is pinned by at least one case above."""
    pinned = {(k, v) for param in CASES for k, v in param.values[2].items()}
    for name, values in (
        (TLO, (ALWAYS, UNLESS)),
        (VT, (ALWAYS, UNLESS)),
        (PWT, (FREE, OVER)),
        (UT, ("must", "may", "forbidden")),
    ):
        for value in values:
            assert (name, value) in pinned, (name, value)


def test_cases_cover_both_table_sizes_and_every_trump_kind():
    assert {p.values[0] for p in CASES} == {2, 4}
    assert {p.values[1] for p in CASES} >= {"H", "S", "none", "all"}


# --- property: the engine against a card-by-card reading of docs/rules.md section 2 ---------------

PLAIN = ("7", "8", "9", "J", "Q", "K", "10", "A")  # low to high
TRUMP = ("7", "8", "Q", "K", "10", "A", "9", "J")


def _rank(name: str, trump_like: bool) -> int:
    return (TRUMP if trump_like else PLAIN).index(name[:-1])


def rules_md(hand: list[str], trick: list[str], leader: int, trump: str, rules) -> dict:
    """{card: reason or None}, written straight from the rules text, one card at a time."""
    if not trick:
        return dict.fromkeys(hand)
    players = rules.players
    seat = (leader + len(trick)) % players
    led = trick[0][-1]

    def is_trump(name):
        return trump == "all" or name[-1] == trump

    def key(name):  # who wins: trumps above the led suit, other suits never
        if trump not in ("none", "all") and name[-1] == trump:
            return 100 + _rank(name, True)
        return _rank(name, is_trump(name)) if name[-1] == led else -1

    win = max(range(len(trick)), key=lambda i: key(trick[i]))
    best = trick[win]
    partner_wins = players == 4 and (leader + win) % 4 == (seat + 2) % 4
    follows = [c for c in hand if c[-1] == led]

    def beats(name):  # same suit as the best card and above it
        return name[-1] == best[-1] and _rank(name, is_trump(name)) > _rank(best, is_trump(best))

    out = {}
    for c in hand:
        reason = None
        if follows:
            if c[-1] != led:
                reason = "must_follow_suit"
            elif trump == "all" and any(beats(h) for h in follows) and not beats(c):
                reason = "must_beat"
            elif (
                trump == led
                and any(beats(h) for h in follows)
                and not beats(c)
                and not (partner_wins and rules.trump_lead_overtrump == "unless_partner_winning")
            ):
                reason = "must_overtrump"
        elif trump not in ("none", "all"):
            trumps = [h for h in hand if is_trump(h)]
            others = [h for h in hand if not is_trump(h)]
            higher = [h for h in trumps if is_trump(best) and beats(h)]
            if partner_wins:
                if rules.void_trump == "always" and trumps and not is_trump(c):
                    reason = "must_trump"
                elif (
                    rules.partner_winning_trump == "overtrump_if_able"
                    and is_trump(best)
                    and is_trump(c)
                    and higher
                    and c not in higher
                ):
                    reason = "must_overtrump"
            elif not is_trump(best):
                if trumps and not is_trump(c):
                    reason = "must_trump"
            elif higher:
                if not is_trump(c):
                    reason = "must_trump"
                elif c not in higher:
                    reason = "must_overtrump"
            elif rules.undertrump == "must" and trumps and not is_trump(c):
                reason = "must_undertrump"
            elif rules.undertrump == "forbidden" and others and is_trump(c):
                reason = "must_not_undertrump"
        out[c] = reason
    return out


@st.composite
def random_positions(draw):
    players = draw(st.sampled_from([2, 4]))
    params = {name: draw(st.sampled_from(values)) for name, values in PLAY_PARAMETERS.items()}
    trump = draw(st.sampled_from(["C", "D", "H", "S", "none", "all"]))
    deck = draw(st.permutations([card_name(c) for c in range(32)]))
    played = draw(st.integers(0, players - 1))
    size = draw(st.integers(1, 8))
    leader = draw(st.integers(0, players - 1))
    return players, params, trump, leader, deck[:played], deck[played : played + size]


@settings(max_examples=3000, deadline=None)
@given(random_positions())
def test_property_engine_matches_the_rules_text(position):
    players, params, trump, leader, trick, hand = position
    ruleset = play_ruleset(players, params)
    expected = rules_md(hand, trick, leader, trump, ruleset)
    legal = " ".join(c for c, reason in expected.items() if reason is None)
    illegal = {c: reason for c, reason in expected.items() if reason is not None}
    check_position(ruleset, trump, leader, " ".join(trick), " ".join(hand), legal, illegal)
