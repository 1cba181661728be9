"""A round scored from what the players count (issue 33): the same score as its tricks.

The property: a random legal round of every preset (random or one-sided play, so capots
happen), scored from its tricks by :func:`scoring.score_round` and from the counts those
tricks lead to by :func:`counts.score_told`, gives the same figures, contract, score,
held points and winner. Then the counts no round can give, each refused naming its field.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.engine.cards import bit, cards_in, mask_of, parse_card, strength
from service.engine.counts import declared_cards, score_told
from service.engine.declarations import find_declarations
from service.engine.play import Position, PositionError, legal_mask, winning_index
from service.engine.record import score_round
from service.engine.roem import STUK
from service.engine.rounds import Trick
from service.engine.rulesets import PRESETS, get_ruleset
from service.engine.scoring import ContractBid, needs_bid, sweep_team

CASES = [(name, trump) for name, r in PRESETS.items() for trump in r.trump_modes]


def _play(ruleset, trump, hands, leader, draw, bias):
    """A legal round; ``bias`` 0/1: that team plays its strongest card, the other its
    weakest (capots), None: every card drawn at random."""
    hands = list(hands)
    tricks = []
    for _ in range(ruleset.hand_size):
        played: list[int] = []
        for i in range(ruleset.players):
            seat = (leader + i) % ruleset.players
            position = Position(leader, tuple(played), trump, ruleset)
            legal = list(cards_in(legal_mask(hands[seat], position)))
            if bias is None:
                c = draw(st.sampled_from(legal))
            else:
                pick = max if ruleset.team_of(seat) == bias else min
                c = pick(legal, key=lambda x: (strength(x, trump), x))
            played.append(c)
            hands[seat] &= ~bit(c)
        tricks.append(Trick(leader, tuple(played)))
        leader = (leader + winning_index(played, trump)) % ruleset.players
    return tricks


@st.composite
def scored_rounds(draw):
    name, trump = draw(st.sampled_from(CASES))
    ruleset = get_ruleset(name)
    order = draw(st.permutations(range(32)))
    n = ruleset.hand_size
    hands = [mask_of(order[s * n : (s + 1) * n]) for s in range(ruleset.players)]
    leader = draw(st.integers(0, ruleset.players - 1))
    bias = draw(st.sampled_from([None, None, 0, 1]))
    tricks = _play(ruleset, trump, hands, leader, draw, bias)
    taker = draw(st.integers(0, ruleset.players - 1))
    bid = None
    if needs_bid(ruleset):
        value = draw(st.sampled_from([*range(80, 161, 10), "capot"]))
        bid = ContractBid(value, draw(st.sampled_from(["none", "coinche", "surcoinche"])))
    double = "none"
    if ruleset.doubling == "contra":
        double = draw(st.sampled_from(["none", "contra", "recontra"]))
    held_in = draw(st.sampled_from([0, 0, 16, 81]))
    claims = [
        (d.seat, list(cards_in(d.cards)))
        for s in range(ruleset.players)
        for d in find_declarations(hands[s], trump, ruleset, s)
    ]
    if ruleset.declarations_from != "hand":
        claims = []
    return ruleset, trump, taker, tricks, claims, bid, held_in, double


def _told(result, tricks, ruleset):
    """What the players count from a scored round: points, tricks, declarations, belotes."""
    points = [0, 0]
    for t in result.tricks:
        points[t.team] += t.points
    declarations = [(d.seat, list(cards_in(d.cards))) for d in result.declarations]
    belotes = list(result.belotes)
    if ruleset.declarations_from == "trick" or ruleset.belote_from == "trick":
        declarations, belotes = [], []
        for t in result.tricks:
            for item in t.roem.items:
                if item.kind == STUK:
                    belotes.append((t.winner, (item.cards.bit_length() - 1) >> 3))
                else:
                    declarations.append((t.winner, list(cards_in(item.cards))))
    sweep = sweep_team(result.tricks)
    return {
        "points": points,
        "last_trick": None if sweep is not None else result.last_trick,
        "every_trick": sweep,
        "declarations": declarations,
        "belotes": belotes,
        "leader": tricks[0].leader,
    }


def _same(a, b):
    assert a.figures == b.figures
    assert (a.outcome, a.score, a.held, a.held_in_to, a.winner) == (
        b.outcome,
        b.score,
        b.held,
        b.held_in_to,
        b.winner,
    )
    assert (a.capot, a.last_trick, a.raw, a.taker_team) == (
        b.capot,
        b.last_trick,
        b.raw,
        b.taker_team,
    )
    assert a.declarations == b.declarations
    assert sorted(a.belotes) == sorted(b.belotes)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scored_rounds(), st.data())
def test_counts_score_as_the_tricks_do(round_, data):
    ruleset, trump, taker, tricks, claims, bid, held_in, double = round_
    by_tricks = score_round(ruleset, trump, taker, tricks, claims, bid, held_in, double)
    told = _told(by_tricks, tricks, ruleset)
    contract = {"bid": bid, "held_in": held_in, "double": double}
    _same(by_tricks, score_told(ruleset, trump, taker, **told, **contract))
    if ruleset.players * ruleset.hand_size == 32:  # one side's count is enough
        team = data.draw(st.integers(0, 1))
        told["points"][1 - team] = None
        _same(by_tricks, score_told(ruleset, trump, taker, **told, **contract))


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_is_exercised(name):
    assert any(case[0] == name for case in CASES)


def _refused(field, name="belote", trump="H", **told):
    told.setdefault("points", [100, None])
    if "every_trick" not in told:
        told.setdefault("last_trick", 0)
    ruleset = get_ruleset(name)
    bid = ContractBid(80) if needs_bid(ruleset) else None
    with pytest.raises(PositionError) as error:
        score_told(ruleset, trump, 0, bid=bid, **told)
    assert error.value.field == field, str(error.value)
    return str(error.value)


def test_impossible_counts_are_refused_naming_the_field():
    assert "152" in _refused("points.0", points=[153, None])
    assert "worth 1" in _refused("points.1", points=[None, 1])
    assert _refused(
        "points.0", name="klob", trump="none", points=[101, None]
    )  # sans atout doubled: even
    assert "add up" in _refused("points", points=[100, 53])
    assert _refused("points", points=[None, None])
    assert "both" in _refused("points", name="klaberjass", points=[60, None])
    assert "no card points" in _refused("points.1", points=[150, 2], every_trick=0)
    assert _refused("last_trick", points=[152, 0], every_trick=0, last_trick=1)
    assert _refused("last_trick", points=[100, 52], last_trick=None)


def test_impossible_declarations_and_belotes_are_refused():
    hearts = [parse_card(c) for c in ("QH", "KH", "AH")]
    assert _refused(
        "declarations.0", declarations=[(0, [parse_card(c) for c in ("7H", "9H", "10H")])]
    )
    two = [(0, hearts), (1, hearts)]
    assert "claimed by seats" in _refused("declarations.1", declarations=two)
    assert _refused("belote.0", name="klob", trump="none", belotes=[(0, None)])
    assert "king and queen of trump" in _refused("belote.0.suit", belotes=[(0, 3)])
    assert _refused("belote", belotes=[(1, None)], declarations=[(0, hearts)])
    assert _refused("belote.1.suit", belotes=[(0, None), (2, None)])
    assert _refused(
        "leader",
        declarations=[
            (0, [parse_card(c) for c in ("QC", "KC", "AC")]),
            (1, [parse_card(c) for c in ("QS", "KS", "AS")]),
        ],
    )
    assert _refused("declarations.0", name="cardavia", declarations=[(0, hearts)])


def test_a_tierce_to_the_king_and_a_carre_of_jacks_by_their_kind():
    assert declared_cards("sequence", "H", length=3, top=6, suit=2) == tuple(
        parse_card(c) for c in ("JH", "QH", "KH")
    )
    plain = declared_cards("sequence", "H", length=3, top=6)
    assert {c >> 3 for c in plain} == {0}  # a plain suit when none is said
    taken = mask_of(plain)
    assert {c >> 3 for c in declared_cards("sequence", "H", length=3, top=6, taken=taken)} == {1}
    assert len(declared_cards("carre", "H", rank=4)) == 4
    with pytest.raises(PositionError):
        declared_cards("sequence", "H", length=5, top=2)


def test_a_made_belote_round_from_its_count():
    ruleset = get_ruleset("belote")
    result = score_told(ruleset, "H", 0, [92, None], last_trick=0, belotes=[(0, None)])
    assert result.score == (92 + 10 + 20, 60)
    capot = score_told(ruleset, "H", 1, [0, 152], every_trick=1)
    assert capot.score == (0, 252) and capot.capot == 1
