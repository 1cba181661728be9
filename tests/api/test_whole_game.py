"""Whole matches of every preset through the API alone, over HTTP (issue 19, item 6).

Random matches are played as a table backend would (tests/support/api_game.py): POST /v1/deal,
POST /v1/rounds/state after every action, an action drawn from the answer's legal
actions, two computer seats (one in Klaberjass) asking POST /v1/suggest/bid and
/v1/suggest/play with the record and their seat, and POST /v1/match after each round.
Each round and each match is checked against the operations that judge it independently:

- every card is dealt once (the hands, the turned card and the stock are the 32 cards);
- the tricks' card points sum to the trump mode's total (where every card is played), and
  the round's card points add the last-trick or capot bonus to them;
- the final state's score is the answer of POST /v1/round-score and of POST
  /v1/rounds/validate on the same round;
- each round is dealt by the dealer the previous state and the match sheet name (the
  ruleset's ``next_dealer``, ``redeal_dealer`` after a redeal); the sheet's totals are the
  rounds' scores and the credited held points, the same with every round as its summary,
  and the match ends by its rule (target, ``match_deals``, a single deal).

``make test`` plays one match per preset, shortened by the ruleset's own options (a lower
``target``, 4 deals of klaverjas): about half a minute. ``BELOTE_WHOLE_GAMES=N`` plays N
matches per preset at the preset's own length.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from service.engine.rulesets import PRESETS
from tests.support.api_game import Calls, call, play_match, summary

pytestmark = pytest.mark.http

MATCHES = int(os.environ.get("BELOTE_WHOLE_GAMES", "0"))
#: The shortened matches of ``make test``: a target of about three rounds, 4 deals.
SHORT = {
    "belote": {"target": 301},
    "klob": {"target": 301},
    "klaberjass": {"target": 201},
    "belote-ffb": {"target": 301},
    "coinche": {"target": 501},
    "belot": {"target": 51},
    "klaverjas-rotterdam": {"match_deals": 4},
    "klaverjas-amsterdam": {"match_deals": 4},
}
_TOTALS: dict[tuple[str, str], int] = {}


def _pack_total(server, table: dict, trump: str) -> int:
    """The trump mode's points over the 32 cards, by POST /v1/trick-winner on eight tricks
    that hold them all (a trick's points are the sum of its cards')."""
    key = (table["ruleset"], trump)
    if key not in _TOTALS:
        cards = [r + s for s in "CDHS" for r in ("7", "8", "9", "10", "J", "Q", "K", "A")]
        _TOTALS[key] = sum(
            call(
                server,
                "/v1/trick-winner",
                table | {"trump": trump, "trick": {"leader": 0, "cards": cards[i : i + 4]}},
            )["points"]
            for i in range(0, 32, 4)
        )
    return _TOTALS[key]


def _check_deal(dealt) -> None:
    deal = dealt["deal"]
    cards = [c for h in deal["hands"] for c in h["cards"]] + deal["stock"]
    cards += [deal["turned"]] if deal["turned"] else []
    assert len(cards) == 32 and len(set(cards)) == 32
    assert sorted(dealt["pack"]) == sorted(cards)


def _declarations(state) -> list[dict]:
    return [
        {"seat": e["seat"], "cards": e["cards"]}
        for e in state["events"]
        if e["type"] == "declaration"
    ]


def _round_score_request(table: dict, state) -> dict:
    contract = state["contract"]
    body = table | {
        "trump": contract["trump"],
        "taker": contract["taker"],
        "tricks": [{"leader": t["leader"], "cards": t["cards"]} for t in state["tricks"]],
        "declarations": _declarations(state),
        "double": contract["double"],
    }
    return body | ({"bid": contract["bid"]} if contract["bid"] is not None else {})


def _validate_request(table: dict, record, state) -> dict:
    """The round as POST /v1/rounds/validate takes it: the hands at the start of play (the
    cards each seat played), the deal's turned card and proposed suits, the bids."""
    played = [[] for _ in record["deal"]["hands"]]
    for t in state["tricks"]:
        for i, c in enumerate(t["cards"]):
            played[(t["leader"] + i) % len(played)].append(c)
    deal = record["deal"]
    body = table | {
        "dealer": record["dealer"],
        "hands": [{"seat": s, "cards": cards} for s, cards in enumerate(played)],
        "bids": [a["bid"] for a in record["actions"] if a["type"] == "bid"],
        "tricks": [{"leader": t["leader"], "cards": t["cards"]} for t in state["tricks"]],
        "declarations": _declarations(state),
    }
    return body | {k: deal[k] for k in ("turned", "proposed", "second_proposed") if deal.get(k)}


def _check_round(server, table: dict, options: dict, dealt, record, state) -> None:
    _check_deal(dealt)
    assert state["phase"] in ("complete", "redeal")
    if state["phase"] == "redeal":
        assert state["score"] is None and state["tricks"] == []
        return
    score = state["score"]
    trump = state["contract"]["trump"]
    tricks = sum(t["points"] for t in state["tricks"])
    if options["players"] * options["hand_size"] == 32:
        assert tricks == _pack_total(server, table, trump)
    # docs/rules.md: sans atout `doubled` doubles the last-trick and capot bonuses too
    factor = 2 if trump == "none" and options["no_trump_points"] == "doubled" else 1
    last = options["last_trick_bonus"] * factor
    capot = (options["capot_bonus"] or 0) * factor
    bonus = sum(state["card_points"]) - tricks
    assert bonus == last if score["capot"] is None else bonus in (capot, capot + last)
    assert state["card_points"] == score["card_points"]
    assert call(server, "/v1/round-score", _round_score_request(table, state)) == score
    validated = call(server, "/v1/rounds/validate", _validate_request(table, record, state))
    assert validated["valid"] and validated["score"] == score


def _untyped(sheet: dict) -> dict:
    lines = [{k: v for k, v in line.items() if k != "type"} for line in sheet["sheet"]]
    return sheet | {"sheet": lines}


def _check_match(server, table: dict, options: dict, rounds, sheet) -> None:
    assert sheet["finished"], "a match ends"
    lines = sheet["sheet"]
    assert len(lines) == len(rounds)
    dealer, totals = 0, [0, 0]
    for (_dealt, record, state), line in zip(rounds, lines, strict=True):
        assert record["dealer"] == dealer == line["dealer"]
        assert state["next_dealer"] is not None
        dealer = state["next_dealer"]
        if state["score"] is not None:
            assert line["score"] == state["score"]["score"]
        totals = [t + s for t, s in zip(totals, line["score"], strict=True)]
        if line["credited"]:
            totals[line["winner"]] += line["credited"]
        assert line["totals"] == totals
    assert sheet["totals"] == totals
    if sheet["winner"] is not None:
        assert totals[sheet["winner"]] > totals[1 - sheet["winner"]]
    if options["match_deals"] is not None:
        assert len(rounds) == options["match_deals"]
    elif options["target"] is None:
        assert all(r[2]["score"] is None for r in rounds[:-1])  # a single deal
    else:
        assert max(totals) >= options["target"]
    # the same match with every round given as its summary: the same sheet
    body = table | {"dealer": 0, "rounds": [summary(r[2]) for r in rounds]}
    assert _untyped(call(server, "/v1/match", body)) == _untyped(sheet)


@pytest.mark.parametrize("ruleset", list(PRESETS))
@settings(
    max_examples=max(MATCHES, 1),
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=not MATCHES,  # make test: the same matches every run
    phases=(Phase.explicit, Phase.generate),  # a match is too long to shrink
)
@given(seed=st.integers(0, 2**32))
def test_a_whole_match_through_the_api(server, ruleset, seed):
    overrides = {} if MATCHES else SHORT.get(ruleset, {})
    table = {"ruleset": ruleset, "options": overrides}
    options = server.get(f"/v1/rulesets/{ruleset}").json()["options"] | overrides
    computers = frozenset({1}) if options["players"] == 2 else frozenset({1, 3})
    calls = Calls()
    rounds, sheet = play_match(server, table, random.Random(seed), computers, calls=calls)
    for dealt, record, state in rounds:
        _check_round(server, table, options, dealt, record, state)
    _check_match(server, table, options, rounds, sheet)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_readme_loop_plays_a_match(server, preset):
    # README.md's quick start, run as it is against this server for every preset (a
    # shorter match): deal, ask, let the person or the computer seat act, append, to the
    # end of the match
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    code = readme.split("```python\n", 1)[1].split("```", 1)[0]
    assert code.count("\n") <= 26, "about twenty lines"
    game = 'game, person, dealer, match = {"ruleset": "belote"}, '
    assert game in code
    table = {"ruleset": preset, "options": SHORT.get(preset, {})}
    code = code.replace(game, f"game, person, dealer, match = {table!r}, ")
    code = code.replace("http://127.0.0.1:8000", server.base_url)
    random.seed(list(PRESETS).index(preset))
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, "README.md", "exec"), {})
    _totals, winner = printed.getvalue().rsplit("]", 1)
    assert winner.strip() in ("0", "1", "None")
