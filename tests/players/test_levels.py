"""The levels from ``beginner`` to ``hard``: the error model (a softmax over the cards'
values with a temperature, a ceiling on the regret) and the beginner's blind spots."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.engine.cards import SUIT_MASKS, bit, parse_card
from service.engine.rounds import Trick
from service.engine.rulesets import get_ruleset
from service.players import table
from service.players.baselines import random_card
from service.players.driver import LEVELS, suggest_play
from service.players.inference import play_weight
from service.players.mistakes import err, regrets
from service.players.sampler import knowledge, sample
from service.players.view import SeatView
from tests.players.test_players import _coinche_contract, played_view

#: The levels that err (a temperature above 0); ``easy`` and ``hard`` play their argmax.
NEW = ["beginner", "casual", "normal"]


def cards(text: str) -> int:
    return sum(bit(parse_card(c)) for c in text.split())


# --- the error model ----------------------------------------------------------------------


@settings(max_examples=200, derandomize=True)
@given(
    values=st.lists(st.floats(-300, 300, allow_nan=False), min_size=1, max_size=8),
    temperature=st.floats(0, 100),
    ceiling=st.one_of(st.none(), st.floats(0, 100)),
    seed=st.integers(0, 10**6),
)
def test_the_chosen_cards_regret_never_exceeds_the_ceiling(values, temperature, ceiling, seed):
    by_card = {c: round(v, 2) for c, v in enumerate(values)}
    best = max(by_card, key=lambda c: (by_card[c], -c))
    chosen = err(list(by_card), by_card, best, temperature, ceiling, random.Random(seed))
    assert chosen in by_card
    if ceiling is not None:
        assert regrets(by_card)[chosen] <= ceiling
    if temperature == 0:
        assert chosen == best


def test_errors_are_drawn_in_proportion_to_their_cost():
    values = {1: 10.0, 2: 0.0, 3: -5.0, 4: -200.0}
    rng = random.Random(3)
    drawn = [err([1, 2, 3, 4], values, 1, 10.0, 30.0, rng) for _ in range(4000)]
    weights = {1: 1.0, 2: math.exp(-1.0), 3: math.exp(-1.5)}
    total = sum(weights.values())
    for c, w in weights.items():
        assert drawn.count(c) / len(drawn) == pytest.approx(w / total, abs=0.03)
    assert 4 not in drawn  # a regret of 210 is above the ceiling of 30


def test_temperature_zero_is_the_argmax_of_the_level_without_the_model():
    # The same search, the same deals: only the last step, the choice, differs.
    for seed in range(6):
        view, _ = played_view(trump="S", plays=5 + seed, seed=seed)
        for name in NEW:
            cold = replace(LEVELS[name], temperature=0.0)
            s = suggest_play(view, cold, seed=seed)
            assert s.values[s.card] == max(s.values.values())
            warm = suggest_play(view, LEVELS[name], seed=seed)
            assert warm.values == s.values


def test_easy_and_hard_play_their_argmax_and_the_others_err_less_level_by_level():
    for name in ("easy", "hard"):
        lv = LEVELS[name]
        assert lv.temperature == 0 and lv.ceiling is None and lv.trumps and lv.signals
    erring = [LEVELS[name] for name in NEW]  # weakest first
    assert all(lv.temperature > 0 and lv.ceiling is not None for lv in erring)
    assert [lv.temperature for lv in erring] == sorted(
        (lv.temperature for lv in erring), reverse=True
    )
    assert LEVELS["normal"].trumps and LEVELS["normal"].signals  # it misses nothing


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
@given(
    preset=st.sampled_from(["belote", "coinche", "klaberjass", "belot"]),
    seed=st.integers(0, 10**6),
    plays=st.integers(0, 30),
    level=st.sampled_from(NEW),
)
def test_a_level_never_plays_a_card_above_its_ceiling(preset, seed, plays, level):
    rules = get_ruleset(preset)
    rng = random.Random(seed)
    trump = rng.choice(list(rules.trump_modes))
    taker = rng.randrange(rules.players)
    hands = table.full_hands(rules, 0, table.deal(rules, 0, str(rng.getrandbits(64))), taker)
    bid = (
        table.contract_bid(_coinche_contract(rules, taker, trump)) if preset == "coinche" else None
    )
    lv = LEVELS[level]
    counter = {"n": 0}

    def chooser(view, r):
        if counter["n"] == plays:
            s = suggest_play(view, lv, seed=seed)
            assert regrets(s.values)[s.card] <= lv.ceiling
        counter["n"] += 1
        return random_card(view, r)

    table.play_round(rules, hands, trump, taker, [chooser] * rules.players, rng, bid=bid)


def test_the_same_seed_gives_the_same_card_and_the_levels_err():
    missed = dict.fromkeys(NEW, 0)
    for seed in range(12):
        view, _ = played_view(trump="D", plays=seed % 9 + 2, seed=40 + seed)
        for name in NEW:
            first = suggest_play(view, name, seed=seed)
            again = suggest_play(view, name, seed=seed)
            assert (first.card, first.values) == (again.card, again.values)
            if first.values[first.card] < max(first.values.values()):
                missed[name] += 1
    assert missed["beginner"] > 0  # it does err, now and then


# --- the blind spots ------------------------------------------------------------------------


def test_a_beginner_who_does_not_count_trumps_deals_trumps_to_a_seat_out_of_them():
    rules = get_ruleset("belote")  # undertrump: must
    # Seat 3, void in clubs, discards a diamond under seat 2's trump: it holds no trump.
    trick = Trick(1, (parse_card("AC"), parse_card("9H"), parse_card("7D")))
    view = SeatView(rules, 0, cards("7C 8C JS QS KS AS 10S 9S"), "H", 1, trick)
    hearts = SUIT_MASKS[2]
    counted = knowledge(view)
    assert counted.forbidden[3] & hearts
    forgot = knowledge(view, trumps=False)
    assert not forgot.forbidden[3] & hearts
    assert forgot.forbidden[3] == counted.forbidden[3] & ~hearts  # the voids stay
    rng = random.Random(2)
    assert any(sample(forgot, rng)[3] & hearts for _ in range(30))


def test_counting_trumps_decides_the_card():
    # Seat 2 holds JC QH AH, void in diamonds: it must trump the 9D led by seat 1. Seat 3
    # (next, an opponent) has shown it holds no trump, so the queen is enough; a player
    # who does not count trumps fears seat 3's over-trump and spends the ace.
    rules = get_ruleset("belote")
    tricks = (
        Trick(1, tuple(map(parse_card, ["AC", "7C", "KC", "8C"]))),
        Trick(1, tuple(map(parse_card, ["10C", "9C", "QC", "7H"]))),
        Trick(0, tuple(map(parse_card, ["AD", "7D", "KD", "9H"]))),
        Trick(3, tuple(map(parse_card, ["7S", "8S", "QS", "8H"]))),
        Trick(2, tuple(map(parse_card, ["8D", "9S", "JD", "10D"]))),
    )
    view = SeatView(rules, 2, cards("JC QH AH"), "H", 0, Trick(1, (parse_card("9D"),)), tricks)
    assert knowledge(view).forbidden[3] & SUIT_MASKS[2] == SUIT_MASKS[2]
    counts = replace(LEVELS["beginner"], temperature=0.0, trumps=True)
    forgets = replace(LEVELS["beginner"], temperature=0.0)
    assert not forgets.trumps
    assert suggest_play(view, counts, seed=1).card == parse_card("QH")
    assert suggest_play(view, forgets, seed=1).card == parse_card("AH")


def test_a_level_that_ignores_signals_reads_nothing_from_the_partner():
    # Without signals a deal weighs as if every play of the partner's were the model's.
    view, _ = played_view(trump="S", plays=14, seed=8)
    k = knowledge(view)
    rng = random.Random(4)
    deals = [sample(k, rng) for _ in range(40)]
    blind = play_weight(view, signals=False)
    forgiving = play_weight(view, partner_miss=1.0)
    reading = play_weight(view)
    assert [blind(d) for d in deals] == [forgiving(d) for d in deals]
    assert [blind(d) for d in deals] != [reading(d) for d in deals]
    assert not LEVELS["beginner"].signals and not LEVELS["casual"].signals


def test_the_driver_doctests_run():
    """The level variants of the arena (``driver.variant``) read each field as its type."""
    import doctest

    from service.players import driver

    failures, tried = doctest.testmod(driver, raise_on_error=False)
    assert tried >= 2 and failures == 0
