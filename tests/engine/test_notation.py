"""The round record notation (service/engine/notation.py, docs/notation.md): every record
round-trips through its text and its URL-safe form."""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.engine.actions import BeloteAction, BidAction, PlayAction
from service.engine.cfn import from_cfn, to_cfn
from service.engine.notation import NotationError, from_text, from_url, to_text, to_url
from service.engine.round_state import round_state
from service.engine.rulesets import PRESETS, get_ruleset
from tests.support.record_play import random_record

sys.path.append(str(Path(__file__).resolve().parents[2] / "bench"))
import colver_table


def _with_seats(record, rng):
    """The record with some actions naming their seat (as a client may)."""
    seats = [
        round_state(replace(record, actions=record.actions[:n])).seat
        for n in range(len(record.actions))
    ]
    actions = tuple(
        replace(a, seat=s) if rng.random() < 0.3 else a
        for a, s in zip(record.actions, seats, strict=True)
    )
    return replace(record, actions=actions)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(sorted(PRESETS)),
    st.integers(0, 2**32),
    st.sampled_from([None, 0, 3, 40]),
    st.booleans(),
)
def test_every_record_round_trips(name, seed, stop, seats):
    options = colver_table.OPTIONS if name == "coinche" and seed % 2 else None
    rules = get_ruleset(name, options)
    rng = random.Random(seed)
    record, _ = random_record(rules, rng, dealer=seed % rules.players, stop=stop)
    if seats:
        record = _with_seats(record, rng)
    if seed % 3 == 0:
        record = replace(record, held_in=7)
    text = to_text(record, options)
    assert "\n" not in text
    assert from_text(text) == (record, options)
    url = to_url(record, options)
    assert all(c.isalnum() or c in "-_." for c in url)
    assert from_url(url) == (record, options)


def test_a_record_in_text():
    record, _ = random_record(PRESETS["belote"], random.Random(1), dealer=3, stop=6)
    text = to_text(record)
    assert text.startswith("belote/3 ")
    first = text.split(" : ")[1].split()[0]  # "0@take/C": the seat, the bid, its suit
    assert first.split("@")[-1].split("/")[0] in ("pass", "take")
    assert any(isinstance(a, BidAction) for a in from_text(text)[0].actions)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "belote",
        "nope/0 7H|8H",
        "belote/0 7H.ZZ|8H",
        "belote{x/0 7H",
        "belote/0 7H|8H %what",
        "belote/0 7H|8H : bid/ninety",
        "belote/0 7H|8H : cmp:state,Q9",
        "belote[1]/0 7H",
        'belote{"trump_modes":7}/0 7H',
        'belote{"no_such_option":1}/0 7H',
    ],
)
def test_other_texts_are_refused_at_text(text):
    with pytest.raises(NotationError):
        from_text(text)


def test_a_bad_url_form_is_refused():
    for token in ("r2.abc", "r1.!!!", "r1.AAAA", "r1." + "A" * 5):
        with pytest.raises(NotationError):
            from_url(token)


def test_the_examples_of_the_docs_are_records():
    page = (Path(__file__).resolve().parents[2] / "docs" / "notation.md").read_text()
    lines = [line for line in page.splitlines() if line.split("/")[0].split("{")[0] in PRESETS]
    names = {line.split("/")[0].split("{")[0] for line in lines}
    assert names == set(PRESETS)
    for line in lines:
        record, options = from_text(line)
        round_state(record)  # a legal record
        assert to_text(record, options) == line
    url = next(line for line in page.splitlines() if line.startswith("r1."))
    assert to_text(*from_url(url)) == lines[0]


# --- colver's CFN (Coinche) ------------------------------------------------------------------


def _colver_env(record):
    hands = [0] * 4
    for seat, cards in enumerate(record.deal.hands):
        for c in cards:
            hands[seat] |= 1 << c
    return colver_table.colver.Env.deal_with_hands(record.dealer, colver_table._hands(hands))


def test_cfn_is_written_as_colver_writes_it():
    rules = get_ruleset("coinche", colver_table.OPTIONS)
    compared = 0
    for seed in range(24):
        record, _ = random_record(rules, random.Random(seed), dealer=seed % 4)
        env = _colver_env(record)
        for n, action in enumerate(record.actions):
            assert to_cfn(replace(record, actions=record.actions[:n])) == env.to_cfn()
            if isinstance(action, BidAction):
                env.step(colver_table.bid_to_colver(action.call))
            elif isinstance(action, PlayAction | BeloteAction) and action.card is not None:
                env.step(colver_table.to_colver(action.card))  # alone or said with its belote
            compared += 1
        assert to_cfn(record) == env.to_cfn()
    assert compared > 500


def test_cfn_is_read_as_colver_reads_it():
    rules = get_ruleset("coinche", colver_table.OPTIONS)
    read = 0
    for seed in range(24):
        record, state = random_record(rules, random.Random(100 + seed), dealer=seed % 4)
        if state.contract is None:
            continue
        env = _colver_env(record)
        for action in record.actions:
            if isinstance(action, BidAction):
                env.step(colver_table.bid_to_colver(action.call))
            elif isinstance(action, PlayAction | BeloteAction) and action.card is not None:
                env.step(colver_table.to_colver(action.card))
            else:
                continue  # belote alone: colver says it itself
            cfn = env.to_cfn()
            if " bid:" in cfn and seed % 2:
                continue  # half the rounds: the auction's CFNs too
            theirs = colver_table.colver.Env.from_cfn(cfn)
            mine = from_cfn(cfn, colver_table.OPTIONS)
            assert to_cfn(mine) == cfn
            hands = [sorted(colver_table.to_colver(c) for c in h) for h in mine.deal.hands]
            assert hands == [sorted(h) for h in theirs.get_initial_hands()]
            read += 1
    assert read > 300


@pytest.mark.parametrize(
    "cfn", ["", "N:-/-/- - 80sNS", "N:J7.AK.AJ.Q8/K.QJ9.T9.KJ/A9.8.KQ8.A7/TQ8.T7.7.T9 - 80zNS"]
)
def test_other_cfns_are_refused(cfn):
    with pytest.raises(NotationError):
        from_cfn(cfn)


def test_the_cfn_examples_of_the_docs_are_read_and_written_back():
    page = (Path(__file__).resolve().parents[2] / "docs" / "notation.md").read_text()
    lines = [line for line in page.splitlines() if line[:2] in ("N:", "E:", "S:", "W:")]
    assert len(lines) == 2
    for line in lines:
        assert to_cfn(from_cfn(line, colver_table.OPTIONS)) == line
        assert colver_table.colver.Env.from_cfn(line).to_cfn() == line
