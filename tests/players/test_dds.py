"""The compiled solver (service/dds through service/players/dds.py) against the engine
and the pure Python solver: differential tests on seeded random positions.

- legal sets: the core's legal cards equal ``play.legal_mask`` (and its trick winner
  ``play.winning_index``) for every preset, every combination of the play parameters,
  every trump mode, 2 and 4 players;
- values: the core's exact value of each legal card equals the Python solver's
  (``Solver.root_values`` searched to the end) on positions small enough for it, for every
  preset and trump mode, every card-point and bonus parameter, and the play parameters.
"""

from __future__ import annotations

import itertools
import random

import belote_dds
import pytest

from service.engine.cards import TRUMP_MODES, cards_in
from service.engine.play import Position, legal_mask, trick_ranking, winning_index
from service.engine.rulesets import PRESETS, get_ruleset
from service.players import dds
from service.players.solver import Solver
from tests.support.play_helpers import dealt_full_hands

PLAY_PARAMETERS = {
    "trump_lead_overtrump": ("always", "unless_partner_winning"),
    "void_trump": ("always", "unless_partner_winning"),
    "partner_winning_trump": ("free", "overtrump_if_able", "no_undertrump"),
    "undertrump": ("must", "may", "forbidden"),
}
PLAY_COMBINATIONS = [
    dict(zip(PLAY_PARAMETERS, values, strict=True))
    for values in itertools.product(*PLAY_PARAMETERS.values())
]
POINT_PARAMETERS = [
    {},
    {"no_trump_points": "plain", "all_trump_points": "scaled"},
    {"no_trump_points": "ace_19", "capot_mode": "plus_last_trick"},
    {"capot_bonus": None, "last_trick_bonus": 0},
    {"capot_bonus": 250, "last_trick_bonus": 20},
]
#: Counted by the tests below, reported in docs/players.md.
LEGAL_POSITIONS_PER_RULESET = 8


def ruleset(preset: str, **options):
    return get_ruleset(preset, {"trump_modes": list(TRUMP_MODES), **options})


def random_position(rules, rng: random.Random, size: int):
    """Hands of ``size`` cards (one fewer for the seats that played in the trick), a
    trick in progress led by a random seat, and which teams took a trick before."""
    players = rules.players
    pack = list(range(32))
    rng.shuffle(pack)
    n = rng.randrange(players)
    trick = tuple(pack[:n])
    leader = rng.randrange(players)
    hands = [0] * players
    at = n
    for i in range(players):
        seat = (leader + i) % players
        take = size - 1 if i < n else size
        for c in pack[at : at + take]:
            hands[seat] |= 1 << c
        at += take
    return hands, leader, trick, rng.randrange(4)


# --- legal sets ------------------------------------------------------------------------


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_cores_legal_cards_are_the_engines(preset):
    rng = random.Random(preset)
    compared = 0
    for combination in PLAY_COMBINATIONS:
        for players in (2, 4):
            size = {"hand_size": 8} if players * PRESETS[preset].hand_size > 32 else {}
            rules = ruleset(preset, players=players, **combination, **size)
            for trump in TRUMP_MODES:
                for _ in range(LEGAL_POSITIONS_PER_RULESET):
                    hands, leader, trick, _ = random_position(rules, rng, rng.randint(1, 8))
                    seat = (leader + len(trick)) % players
                    position = Position(leader, trick, trump, rules)
                    expected = legal_mask(hands[seat], position)
                    assert dds.legal(rules, trump, hands[seat], leader, trick) == expected, (
                        combination,
                        players,
                        trump,
                        hands[seat],
                        leader,
                        trick,
                    )
                    if trick:
                        core = dds.core_rules(rules, trump)
                        assert core.winning_index(list(trick)) == winning_index(trick, trump)
                    compared += 1
    assert compared == len(PLAY_COMBINATIONS) * 2 * len(TRUMP_MODES) * LEGAL_POSITIONS_PER_RULESET


# --- values ----------------------------------------------------------------------------


def python_values(rules, trump, hands, leader, trick, taken, team) -> dict[int, float]:
    solver = Solver(rules, trump, team)
    values, _, exact = solver.root_values(tuple(hands), leader, tuple(trick), taken)
    assert exact
    return values


def compare(rules, trump, rng, size, shared, team=None) -> None:
    hands, leader, trick, taken = random_position(rules, rng, size)
    team = rng.randrange(2) if team is None else team
    expected = python_values(rules, trump, hands, leader, trick, taken, team)
    found = dds.solve(rules, trump, hands, leader, trick, team, taken, shared)
    assert found == expected, (rules.name, trump, hands, leader, trick, taken, team)


@pytest.mark.parametrize(
    ("preset", "trump"), [(p, t) for p in sorted(PRESETS) for t in PRESETS[p].trump_modes]
)
def test_the_cores_values_are_the_python_solvers(preset, trump):
    rng = random.Random(f"{preset} {trump}")
    shared = dds.Table(12)
    for options in POINT_PARAMETERS:
        rules = get_ruleset(preset, options)
        sizes = (1, 2, 3, 3) if rules.players == 4 else (1, 2, 4, 5)
        for size in sizes:
            compare(rules, trump, rng, size, shared)


@pytest.mark.parametrize("combination", PLAY_COMBINATIONS, ids=lambda c: "-".join(c.values()))
def test_the_cores_values_follow_every_play_parameter(combination):
    rng = random.Random(str(combination))
    shared = dds.Table(12)
    for players, trump in itertools.product((2, 4), TRUMP_MODES):
        rules = ruleset("belote", players=players, **combination)
        compare(rules, trump, rng, 3 if players == 4 else 4, shared)


def strong_lead(rules, trump, rng: random.Random, size: int, holder: int = 0, suit: bool = False):
    """A trick start whose leader (or the seat ``holder`` seats after it: 2, its partner)
    holds the strongest of the cards in play (by the engine's trick ranking, trumps
    first), or with ``suit`` the strongest of one suit and more of it (a long suit): sure
    winners, often every trick."""
    pack = rng.sample(range(32), size * rules.players)
    ranking = trick_ranking(trump)
    if suit:
        chosen = rng.randrange(4)
        pack.sort(key=lambda c: (c >> 3 == chosen, ranking[c], rng.random()), reverse=True)
    else:
        pack.sort(key=lambda c: (ranking[c], rng.random()), reverse=True)
    keep = rng.randrange(size + 1)  # the strong seat's strongest cards, the rest random
    leader = rng.randrange(rules.players)
    strong = (leader + holder) % rules.players
    mine, rest = pack[:keep], pack[keep:]
    rng.shuffle(rest)
    mine += rest[: size - keep]
    rest = rest[size - keep :]
    hands = [0] * rules.players
    for c in mine:
        hands[strong] |= 1 << c
    for i in range(1, rules.players):
        for c in rest[(i - 1) * size : i * size]:
            hands[(strong + i) % rules.players] |= 1 << c
    return hands, leader, (), rng.randrange(4)


def strong_side(rules, trump, rng: random.Random, size: int):
    """A trick start whose leader and partner (4 players) share the strongest cards of
    a suit or two at random, the rest dealt at random: sure winners of both, often every
    trick."""
    players = rules.players
    ranking = trick_ranking(trump)
    suits = rng.sample(range(4), rng.choice((1, 2)))
    strong = sorted(
        (c for c in range(32) if c >> 3 in suits), key=lambda c: ranking[c], reverse=True
    )[: rng.randrange(size + 1)]
    leader = rng.randrange(players)
    side = [leader, (leader + 2) % players]
    hands = [0] * players
    for c in strong:
        seat = rng.choice([s for s in side if hands[s].bit_count() < size])
        hands[seat] |= 1 << c
    rest = [c for c in range(32) if c not in strong]
    rng.shuffle(rest)
    for seat in range(players):
        while hands[seat].bit_count() < size:
            hands[seat] |= 1 << rest.pop()
    return hands, leader, (), rng.randrange(4)


def bounds_change_nothing(core, hands, leader, trick, taken, team) -> bool:
    """Whether the values with the sure-trick bounds equal the plain search's."""
    found = [
        belote_dds.solve(core, dds.Table(14), hands, leader, list(trick), taken, team, bounds=b)
        for b in (True, False)
    ]
    return found[0] == found[1]


def long_suit_lead(rules, trump, rng: random.Random, size: int):
    return strong_lead(rules, trump, rng, size, suit=True)


def strong_partner(rules, trump, rng: random.Random, size: int):
    return strong_lead(rules, trump, rng, size, holder=2 % rules.players, suit=rng.random() < 0.5)


@pytest.mark.parametrize(
    ("preset", "trump"), [(p, t) for p in sorted(PRESETS) for t in PRESETS[p].trump_modes]
)
def test_the_sure_winner_bounds_change_no_value(preset, trump):
    """The bounds of trick starts by the leader's sure winners (search.rs) against the
    plain search, on positions too big for the Python solver, every bonus parameter
    (capot bonus or none, the capot plus the last trick)."""
    rng = random.Random(f"bounds {preset} {trump}")
    for options in POINT_PARAMETERS:
        rules = get_ruleset(preset, options)
        core = dds.core_rules(rules, trump)
        sizes = (2, 4, 5, 6) if rules.players == 4 else (3, 6, 8, 9)
        for size in sizes:
            for position in (
                random_position,
                strong_lead,
                long_suit_lead,
                strong_partner,
                strong_side,
            ):
                if position is random_position:
                    hands, leader, trick, taken = random_position(rules, rng, size)
                else:
                    hands, leader, trick, taken = position(rules, trump, rng, size)
                team = rng.randrange(2)
                position = (hands, leader, trick, taken, team)
                assert bounds_change_nothing(core, *position), (options, position)


def test_one_table_serves_many_deals_and_both_teams():
    """Values do not depend on what the table holds: a table reused over deals, teams and
    rules gives what fresh tables give."""
    rng = random.Random(3)
    shared = dds.Table(10)
    for preset, trump in (("belote", "H"), ("coinche", "all"), ("klaberjass", "S")):
        rules = get_ruleset(preset)
        for _ in range(6):
            hands, leader, trick, taken = random_position(rules, rng, 4)
            for team in (0, 1):
                alone = dds.solve(rules, trump, hands, leader, trick, team, taken, dds.Table(10))
                again = dds.solve(rules, trump, hands, leader, trick, team, taken, shared)
                assert alone == again
                assert set(alone) == set(
                    cards_in(
                        legal_mask(
                            hands[(leader + len(trick)) % rules.players],
                            Position(leader, trick, trump, rules),
                        )
                    )
                )


def test_a_full_deal_has_the_value_of_its_best_card_for_both_teams():
    rules = get_ruleset("belote")
    hands = dealt_full_hands(rules, random.Random(5), 0)
    assert [h.bit_count() for h in hands] == [8] * 4
    mine = dds.solve(rules, "S", hands, 0, (), 0)
    theirs = dds.solve(rules, "S", hands, 0, (), 1)
    assert mine == {c: -v for c, v in theirs.items()}
    assert -162 - 100 <= min(mine.values()) <= max(mine.values()) <= 162 + 100


def test_the_core_refuses_impossible_positions():
    rules = get_ruleset("belote")
    with pytest.raises(ValueError):
        dds.solve(rules, "S", [0b11, 0b10, 0b1100, 0b110000], 0, (), 0)  # a card twice
    with pytest.raises(ValueError):
        dds.solve(rules, "S", [0b11, 0b100, 0b1000, 0b110000], 0, (), 0)  # uneven hands
    with pytest.raises(ValueError):
        dds.solve(rules, "S", [0b1, 0b10, 0b100], 0, (), 0)  # three hands for four seats


@pytest.mark.parametrize("combination", PLAY_COMBINATIONS, ids=lambda c: "-".join(c.values()))
def test_the_sure_trick_bounds_follow_every_play_parameter(combination):
    """The sure tricks rest on obligations the core checks on the engine's tables (a
    seat follows suit, may play above the winning card, discards freely when it holds
    neither the suit led nor a trump): the bounds against the plain search under every
    combination of the play parameters, 2 and 4 players, every trump mode."""
    rng = random.Random(f"bounds {combination}")
    for players, trump in itertools.product((2, 4), TRUMP_MODES):
        rules = ruleset("belote", players=players, **combination)
        core = dds.core_rules(rules, trump)
        for size in (4, 6) if players == 4 else (6, 9):
            for position in (strong_lead, long_suit_lead, strong_partner, strong_side):
                hands, leader, trick, taken = position(rules, trump, rng, size)
                position = (hands, leader, trick, taken, rng.randrange(2))
                assert bounds_change_nothing(core, *position), position


def test_the_core_takes_the_trumps_as_one_suit_or_none():
    """The sure tricks count a suit's cards beaten by any other seat's trump: the core
    refuses keys that make trumps of part of a suit or of two suits."""

    def rules(trumps):
        key = [(c & 7) + (16 if trumps >> c & 1 else 0) for c in range(32)]
        return belote_dds.Rules(4, [0, 1, 0, 1], [2, 3, 0, 1], [0] * 32, key, [[]] * 256, 10, 90)

    for trumps in (0, 0xFF, 0xFF << 24):
        rules(trumps)
    for trumps in (0x0F, 0xFF | 1 << 8, 0xFFFF):
        with pytest.raises(ValueError, match="one suit or none"):
            rules(trumps)


def test_a_node_limit_gives_up_and_leaves_the_table_sound():
    rules = get_ruleset("belote")
    hands = dealt_full_hands(rules, random.Random(8), 0)
    shared = dds.Table(16)
    assert dds.solve(rules, "H", hands, 0, (), 0, table=shared, node_limit=500) is None
    assert shared.nodes >= 500
    found = dds.solve(rules, "H", hands, 0, (), 0, table=shared, node_limit=10**9)
    assert found == dds.solve(rules, "H", hands, 0, (), 0, table=dds.Table(16))


@pytest.mark.parametrize("preset", ["belote", "coinche", "klaberjass"])
def test_a_threshold_test_bounds_each_value_on_its_side(preset):
    """``threshold``: one null-window test per card, at thresholds around the exact
    values, for both teams: an answer at least the threshold is a lower bound of the
    card's value, one below it an upper bound."""
    rng = random.Random(f"threshold {preset}")
    rules = get_ruleset(preset)
    for size in (3, 5, 8):
        for _ in range(3):
            hands, leader, trick, taken = random_position(rules, rng, size)
            trump = rng.choice(rules.trump_modes)
            team = rng.randrange(2)
            position = (rules, trump, hands, leader, trick, team, taken)
            exact = dds.solve(*position, dds.Table(14))
            assert exact is not None
            for t in sorted({v + d for v in exact.values() for d in (-1, 0, 1)}):
                probed = dds.solve(*position, dds.Table(14), threshold=t)
                assert probed is not None and probed.keys() == exact.keys()
                for c, v in probed.items():
                    assert exact[c] >= v >= t or exact[c] <= v < t, (position, t, c)
