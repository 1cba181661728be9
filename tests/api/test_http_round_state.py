"""POST /v1/deal and POST /v1/rounds/state through a real gunicorn: whole rounds of every
preset played from the answers alone, the final score equal to POST /v1/round-score's and
/v1/rounds/validate's on the same round, and a problem (never a 500) for bad records."""

from __future__ import annotations

import random

import pytest

from service.api.http.errors import ILLEGAL_ACTION, INVALID_INPUT
from service.engine.rulesets import PRESETS

pytestmark = pytest.mark.http


def _options(now: dict) -> list[dict]:
    """Every action the answer's `legal` allows (bids expanded)."""
    legal, out = now["legal"], []
    for b in legal["bids"]:
        if b["action"] == "bid":
            for trump in b["trumps"]:
                for value in b.get("values") or [None]:
                    bid = {"action": "bid", "trump": trump}
                    if value is not None:
                        bid["value"] = value
                    out.append({"type": "bid", "bid": bid})
        elif b["action"] == "name":
            out += [{"type": "bid", "bid": {"action": "name", "trump": t}} for t in b["trumps"]]
        elif b["action"] == "coinche":
            out.append({"type": "bid", "bid": {"action": "coinche", "seat": b["seats"][0]}})
        else:
            out.append({"type": "bid", "bid": {"action": b["action"]}})
    if legal["exchange"]:
        out.append({"type": "exchange", "swap": True})
    for step in legal["compare"]:
        out.append({"type": "compare", **{k: v for k, v in step.items() if v is not None}})
    for d in legal["declarations"]:
        out.append({"type": "declare", "cards": d["cards"]})
    out += [{"type": "play", "card": c, "seat": now["seat"]} for c in legal["legal"]]
    return out


def _play_round(server, name: str, seed: int) -> tuple[dict, dict]:
    rng = random.Random(seed)
    ruleset = PRESETS[name]
    dealer = seed % ruleset.players
    dealt = server.post("/v1/deal", json={"ruleset": name, "dealer": dealer, "seed": str(seed)})
    assert dealt.status_code == 200, dealt.text
    record = {"ruleset": name, "dealer": dealer, "deal": dealt.json()["deal"], "actions": []}
    while True:
        answer = server.post("/v1/rounds/state", json=record)
        assert answer.status_code == 200, answer.text
        now = answer.json()
        if now["phase"] in ("complete", "redeal"):
            return record, now
        if now["legal"]["belote"]:  # say it: FFB counts it only when said
            record["actions"].append({"type": "belote"})
            continue
        options = _options(now)
        pick = rng.choice(options)
        if pick["type"] == "bid" and pick["bid"]["action"] != "pass" and rng.random() < 0.7:
            pick = options[0]
        record["actions"].append(pick)


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_whole_round_through_the_api_scores_as_round_score_and_validate(server, name):
    for seed in range(6):
        record, now = _play_round(server, name, seed)
        if now["phase"] == "complete":
            break
    assert now["phase"] == "complete" and now["seat"] is None
    ruleset = PRESETS[name]
    played = [c for t in now["tricks"] for c in t["cards"]]
    assert len(set(played)) == ruleset.players * ruleset.hand_size
    assert now["card_points"] == now["score"]["card_points"]
    contract = now["contract"]
    declared = [
        {"seat": e["seat"], "cards": e["cards"]}
        for e in now["events"]
        if e["type"] == "declaration"
    ]
    body = {
        "ruleset": name,
        "trump": contract["trump"],
        "taker": contract["taker"],
        "tricks": [{"leader": t["leader"], "cards": t["cards"]} for t in now["tricks"]],
        "declarations": declared,
        "bid": contract["bid"],
        "double": contract["double"] if contract["double"] != "none" else None,
    }
    scored = server.post("/v1/round-score", json=body)
    assert scored.status_code == 200, scored.text
    assert now["score"] == scored.json()
    hands: dict[int, list[str]] = {}
    for t in now["tricks"]:
        for i, c in enumerate(t["cards"]):
            hands.setdefault((t["leader"] + i) % ruleset.players, []).append(c)
    validate = {
        **body,
        "dealer": record["dealer"],
        "hands": [{"seat": s, "cards": cs} for s, cs in sorted(hands.items())],
    }
    checked = server.post("/v1/rounds/validate", json=validate)
    assert checked.status_code == 200, checked.text
    assert checked.json()["valid"] and checked.json()["score"] == now["score"]
    assert now["next_dealer"] in range(ruleset.players)


def test_the_deal_answer_reproduces_and_the_commitment_checks(server):
    body = {"ruleset": "belote", "dealer": 3, "seed": "table 7, round 1"}
    first, again = (server.post("/v1/deal", json=body).json() for _ in range(2))
    assert first == again
    assert first["deal"]["commitment"].startswith("f59f9f42")
    unseeded = server.post("/v1/deal", json={"ruleset": "belote", "dealer": 3}).json()
    assert unseeded["deal"]["salt"] != first["deal"]["salt"] and unseeded["seed"] is None


def _record():
    deal = {"ruleset": "belote", "dealer": 3, "seed": "table 7, round 1"}
    return deal


@pytest.fixture(scope="module")
def belote_deal(server):
    answer = server.post("/v1/deal", json=_record())
    return answer.json()["deal"]


@pytest.mark.parametrize(
    ("actions", "field", "rule"),
    [
        ([{"type": "play", "card": "AD"}], "actions.0", "wrong_phase"),  # skips the auction
        ([{"type": "bid", "seat": 2, "bid": {"action": "pass"}}], "actions.0", "not_your_turn"),
        (
            [{"type": "bid", "bid": {"action": "take"}}, {"type": "play", "card": "JD"}],
            "actions.1",
            "not_in_hand",
        ),
        (
            [{"type": "bid", "bid": {"action": "take"}}, {"type": "play", "card": "AD", "seat": 2}],
            "actions.1",
            "not_your_turn",
        ),
    ],
)
def test_an_illegal_action_is_a_problem_naming_its_index(server, belote_deal, actions, field, rule):
    record = {"ruleset": "belote", "dealer": 3, "deal": belote_deal, "actions": actions}
    answer = server.post("/v1/rounds/state", json=record)
    assert answer.status_code == 422
    assert answer.headers["Content-Type"].startswith("application/problem+json")
    problem = answer.json()
    assert problem["type"] == ILLEGAL_ACTION and field in problem["errors"]
    assert problem["violations"][0]["rule"] == rule
    assert problem["violations"][0]["index"] == int(field.split(".")[1])
    card = actions[-1].get("card") if rule == "not_in_hand" else None
    assert problem["violations"][0]["card"] == card


def test_bad_records_are_problems_never_500(server, belote_deal):
    swapped = dict(belote_deal)
    swapped["hands"] = [
        {"seat": 1, "cards": belote_deal["hands"][0]["cards"]},
        {"seat": 0, "cards": belote_deal["hands"][1]["cards"]},
        *belote_deal["hands"][2:],
    ]
    base = {"ruleset": "belote", "dealer": 3}
    cases = [
        ({**base, "deal": swapped}, "deal.commitment"),
        ({**base, "deal": {**belote_deal, "turned": None}}, "deal.turned"),
        ({**base, "deal": {**belote_deal, "stock": belote_deal["stock"][:-1]}}, "deal.stock"),
        (
            {**base, "deal": belote_deal, "actions": [{"type": "play", "card": "AD", "bid": None}]},
            None,
        ),
        ({**base, "deal": belote_deal, "actions": [{"type": "play"}]}, "actions.0.card"),
        (
            {**base, "deal": belote_deal, "actions": [{"type": "belote", "cards": ["AD"]}]},
            "actions.0.cards",
        ),
        (
            {
                **base,
                "deal": belote_deal,
                "actions": [{"type": "belote"}] * 201,
            },
            "actions",
        ),
        ({**base, "deal": {**belote_deal, "salt": "zz"}}, "deal.salt"),
        ({**base, "dealer": 7, "deal": belote_deal}, "dealer"),
        ({"ruleset": "klaberjass", "dealer": 1, "deal": belote_deal}, "deal.hands.2.seat"),
    ]
    for body, field in cases:
        answer = server.post("/v1/rounds/state", json=body)
        assert answer.status_code == 422, (field, answer.text)
        problem = answer.json()
        if field is not None:
            assert field in problem.get("errors", {}), (field, problem)
        assert problem["type"] in (INVALID_INPUT, ILLEGAL_ACTION)
    # A record of 10,000 actions is far beyond the body limit: 413, a problem too.
    huge = {**base, "deal": belote_deal, "actions": [{"type": "belote"}] * 10000}
    answer = server.post("/v1/rounds/state", json=huge)
    assert answer.status_code == 413 and answer.json()["status"] == 413


def test_klob_cuts_the_previous_round(server):
    previous, now = _play_round(server, "klob", 1)
    assert now["phase"] in ("complete", "redeal")
    body = {
        "ruleset": "klob",
        "dealer": now["next_dealer"],
        "seed": "cut",
        "previous": {k: previous[k] for k in ("dealer", "deal", "actions")},
    }
    answer = server.post("/v1/deal", json=body)
    assert answer.status_code == 200, answer.text
    dealt = answer.json()
    assert not dealt["shuffled"] and 2 <= dealt["cut"] <= 30
    assert dealt["cutter"] == (body["dealer"] - 1) % 4
    if now["phase"] == "complete":
        gathered = [c for t in now["tricks"] for c in t["cards"]]
        cut = dealt["cut"]
        assert dealt["pack"] == gathered[cut:] + gathered[:cut]
    unfinished = {**body, "previous": {**body["previous"], "actions": previous["actions"][:3]}}
    assert server.post("/v1/deal", json=unfinished).status_code == 422
    # A previous record is checked whatever the ruleset: a bad one is a 422, not ignored.
    bad = {"dealer": 0, "deal": previous["deal"], "actions": [{"type": "bid", "cards": ["7C"]}]}
    answer = server.post("/v1/deal", json={"ruleset": "belote", "dealer": 0, "previous": bad})
    assert answer.status_code == 422 and "previous.actions.0.cards" in answer.json()["errors"]


def test_round_state_in_a_batch(server, belote_deal):
    record = {"ruleset": "belote", "dealer": 3, "deal": belote_deal, "actions": []}
    answer = server.post(
        "/v1/batch",
        json={
            "items": [
                {"operation": "roundState", "body": record},
                {"operation": "deal", "body": _record()},
            ]
        },
    )
    assert answer.status_code == 200
    items = answer.json()["items"]
    assert [i["status"] for i in items] == [200, 200]
    assert items[0]["body"]["phase"] == "auction" and items[1]["body"]["deal"] == belote_deal
