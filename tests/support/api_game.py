"""Whole rounds and matches played through the API alone, as a table backend would:
deal (POST /v1/deal), ask (POST /v1/rounds/state), act (an action drawn from the answer's
legal actions, or for a computer seat from POST /v1/suggest/bid and /v1/suggest/play with
the record and the seat), and the match sheet (POST /v1/match)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

Json = dict[str, Any]


@dataclass
class Calls:
    """The calls made, by path."""

    by_path: dict[str, int] = field(default_factory=dict)

    def count(self, path: str) -> None:
        self.by_path[path] = self.by_path.get(path, 0) + 1

    @property
    def total(self) -> int:
        return sum(self.by_path.values())


def call(server, path: str, body: Json, calls: Calls | None = None) -> Json:
    response = server.post(path, json=body)
    if calls is not None:
        calls.count(path)
    assert response.status_code == 200, (path, response.status_code, response.text, body)
    return response.json()


def legal_actions(state: Json) -> list[Json]:
    """Every action the seat to act may take now, as record actions (a coinche out of
    turn left out)."""
    legal, seat = state["legal"], state["seat"]
    out: list[Json] = []
    for b in legal["bids"]:
        action = b["action"]
        if action == "bid":
            # Coinche: each number and the capot; Bulgarian: a trump mode, no value
            values = [{"value": v} for v in b.get("values") or ()]
            values += [{"capot": True}] if b.get("capot") else []
            for value in values or [{}]:
                for trump in b["trumps"]:
                    out.append({"type": "bid", "bid": {"action": "bid", "trump": trump} | value})
        elif action == "name":
            out += [{"type": "bid", "bid": {"action": "name", "trump": t}} for t in b["trumps"]]
        elif b.get("seats") is None or seat in b["seats"]:
            out.append({"type": "bid", "bid": {"action": action}})
    if legal["exchange"]:
        out += [{"type": "exchange", "swap": True}, {"type": "exchange", "swap": False}]
    out += [{"type": "play", "card": c} for c in legal["legal"]]
    out += [{"type": "declare", "cards": d["cards"]} for d in legal["declarations"]]
    for step in legal["compare"]:
        compare = {"type": "compare", "step": step["step"]}
        compare |= {k: step[k] for k in ("length", "top") if step[k] is not None}
        out.append(compare)
    return out


def _random_action(state: Json, rng: random.Random) -> Json:
    legal = state["legal"]
    if legal["belote"]:  # said whenever it may be: then a king or queen of trump follows
        return {"type": "belote"}
    options = legal_actions(state)
    weights = [3.0 if a.get("bid", {}).get("action") == "pass" else 1.0 for a in options]
    return rng.choices(options, weights)[0]


def _computer_actions(server, table: Json, record: Json, state: Json, level: str, calls):
    """A computer seat's next actions: its call, or its announcements and its card; None:
    a random one."""
    seat, legal = state["seat"], state["legal"]
    request = table | {"record": _bare(record), "seat": seat, "level": level}
    if state["phase"] == "auction":
        bid = call(server, "/v1/suggest/bid", request, calls)["bid"]
        return [{"type": "bid", "bid": {k: v for k, v in bid.items() if v is not None}}]
    if state["phase"] != "play" or not legal["legal"]:  # the exchange, the comparison
        return None
    card = call(server, "/v1/suggest/play", request, calls)["card"]
    actions = [{"type": "declare", "cards": d["cards"]} for d in legal["declarations"]]
    if legal["belote"] and card[:-1] in ("K", "Q") and card[-1] == state["contract"]["trump"]:
        actions.append({"type": "belote"})
    return [*actions, {"type": "play", "card": card}]


def play_round(
    server,
    table: Json,
    dealer: int,
    rng: random.Random,
    computers: frozenset[int] = frozenset(),
    level: str = "easy",
    calls: Calls | None = None,
    previous: Json | None = None,
) -> tuple[Json, Json, Json]:
    """One round from the deal to its end: (the deal's answer, the record, the last
    state). ``table``: the ``ruleset`` and its ``options``."""
    request = table | {"dealer": dealer, "seed": str(rng.getrandbits(64))}
    if previous is not None:
        request["previous"] = previous
    dealt = call(server, "/v1/deal", request, calls)
    record = table | {"dealer": dealer, "deal": dealt["deal"], "actions": []}
    state = call(server, "/v1/rounds/state", record, calls)
    while state["seat"] is not None:
        actions = None
        if state["seat"] in computers:
            actions = _computer_actions(server, table, record, state, level, calls)
        for action in actions or [_random_action(state, rng)]:
            record["actions"].append(action)
            state = call(server, "/v1/rounds/state", record, calls)
    return dealt, record, state


def _bare(record: Json) -> Json:
    """The record as a member of another request: without its ruleset."""
    return {k: v for k, v in record.items() if k not in ("ruleset", "options")}


def summary(state: Json) -> Json:
    """A finished round as a match record's scored summary (or its redeal)."""
    score = state["score"]
    if score is None:
        return {"type": "redeal"}
    figures = {k: score[k] for k in ("score", "held", "winner", "capot")}
    return {"type": "score", "summary": figures}


def play_match(
    server,
    table: Json,
    rng: random.Random,
    computers: frozenset[int] = frozenset(),
    level: str = "easy",
    calls: Calls | None = None,
    max_rounds: int = 60,
) -> tuple[list[tuple[Json, Json, Json]], Json]:
    """A match from its first deal to its end (or ``max_rounds``): every round (deal,
    record, last state) and the last answer of POST /v1/match, which is asked after each
    round with the earlier rounds as their summaries and the last one as its record."""
    dealer = 0
    rounds: list[tuple[Json, Json, Json]] = []
    sheet = call(server, "/v1/match", table | {"dealer": 0, "rounds": []}, calls)
    while not sheet["finished"] and len(rounds) < max_rounds:
        previous = _bare(rounds[-1][1]) if rounds else None
        played = play_round(server, table, dealer, rng, computers, level, calls, previous)
        rounds.append(played)
        body = table | {
            "dealer": 0,
            "rounds": [summary(state) for _, _, state in rounds[:-1]]
            + [{"type": "record", "record": _bare(played[1])}],
        }
        sheet = call(server, "/v1/match", body, calls)
        dealer = sheet["next_dealer"] if sheet["next_dealer"] is not None else dealer
    return rounds, sheet
