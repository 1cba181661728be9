"""POST /v1/match over HTTP: the sheet of a match record, round by round."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.http

MATCH_SCORE_KEYS = ("totals", "finished", "winner", "draw", "held", "target", "deals", "rounds")


def problem(response, status=422):
    assert response.status_code == status, response.text
    assert response.headers["Content-Type"].startswith("application/problem+json")
    return response.json()


def test_a_litige_is_carried_over_a_redeal_to_the_next_round_won(server):
    body = {
        "ruleset": "belote-ffb",
        "dealer": 3,
        "rounds": [
            {"type": "score", "summary": {"score": [0, 81], "held": 81}},
            {"type": "redeal"},
            {"type": "score", "summary": {"score": [94, 68], "winner": 0}},
        ],
    }
    r = server.post("/v1/match", json=body)
    assert r.status_code == 200, r.text
    answer = r.json()
    sheet = answer["sheet"]
    assert [line["dealer"] for line in sheet] == [3, 0, 1]  # belote-ffb: redeal_dealer next
    assert [line["totals"] for line in sheet] == [[0, 81], [0, 81], [175, 149]]
    assert [line["carried"] for line in sheet] == [81, 81, 0]
    assert [line["credited"] for line in sheet] == [0, 0, 81]
    assert sheet[1]["score"] == [0, 0]
    assert answer["totals"] == [175, 149] and answer["next_dealer"] == 2
    assert answer["finished"] is False and answer["held"] == 0


def test_cardavia_is_a_single_deal(server):
    body = {
        "ruleset": "cardavia",
        "dealer": 0,
        "rounds": [{"type": "score", "summary": {"score": [90, 72]}}],
    }
    answer = server.post("/v1/match", json=body).json()
    assert (answer["finished"], answer["winner"], answer["target"]) == (True, 0, None)
    assert answer["next_dealer"] is None
    again = problem(server.post("/v1/match", json=body | {"rounds": body["rounds"] * 2}))
    assert "rounds.1" in again["errors"]


def test_klaverjas_is_sixteen_deals(server):
    rounds = [{"type": "score", "summary": {"score": [100, 62]}}] * 15
    body = {"ruleset": "klaverjas-rotterdam", "dealer": 0, "rounds": rounds}
    answer = server.post("/v1/match", json=body).json()
    assert (answer["finished"], answer["deals"], answer["rounds"]) == (False, 16, 15)
    assert answer["next_dealer"] == 3  # the seat after dealer 0, fifteen times
    body["rounds"] = [*rounds, {"type": "score", "summary": {"score": [0, 162]}}]
    answer = server.post("/v1/match", json=body).json()
    assert (answer["finished"], answer["winner"], answer["totals"]) == (True, 0, [1500, 1092])


def test_klaberjass_the_winner_deals_and_must_be_given(server):
    body = {
        "ruleset": "klaberjass",
        "dealer": 1,
        "rounds": [{"type": "score", "summary": {"score": [100, 52], "winner": 0}}],
    }
    assert server.post("/v1/match", json=body).json()["next_dealer"] == 0
    del body["rounds"][0]["summary"]["winner"]
    assert "rounds.0.winner" in problem(server.post("/v1/match", json=body))["errors"]


@pytest.mark.parametrize(
    "change, field",
    [
        ({"rounds": [{"type": "score"}]}, "rounds.0.summary"),
        ({"rounds": [{"type": "score", "summary": {"held": 3}}]}, "rounds.0.summary.score"),
        ({"rounds": [{"type": "redeal", "summary": {"score": [0, 0]}}]}, "rounds.0.summary"),
        ({"rounds": [{"type": "redeal", "score": [0, 0]}]}, "rounds.0.score"),
        ({"rounds": [{"type": "deal"}]}, "rounds.0.type"),
        ({"dealer": 4}, "dealer"),
        ({"ruleset": "klaberjass", "dealer": 3}, "dealer"),
        (
            {
                "rounds": [
                    {"type": "score", "summary": {"score": [0, 10], "held": 10}},
                    {"type": "score", "summary": {"score": [1, 1]}},
                ]
            },
            "rounds.1.winner",
        ),
    ],
)
def test_bad_records_are_refused_naming_the_field(server, change, field):
    body = {"ruleset": "belote", "dealer": 0, "rounds": []} | change
    assert field in problem(server.post("/v1/match", json=body))["errors"]


def test_a_match_without_its_dealer_is_refused(server):
    assert "dealer" in problem(server.post("/v1/match", json={"rounds": []}))["errors"]


SUMMARY = st.fixed_dictionaries(
    {"score": st.tuples(st.integers(0, 300), st.integers(0, 300)).map(list)},
    optional={"held": st.integers(0, 200), "winner": st.integers(0, 1)},
)


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    ruleset=st.sampled_from(["belote", "belote-ffb", "coinche", "belot", "klaverjas-rotterdam"]),
    rounds=st.lists(SUMMARY, max_size=8),
)
def test_the_sheet_agrees_with_match_score(server, ruleset, rounds):
    # the same rounds, as match-score takes them and as a match record: the same result
    # or the same refusal; the sheet's last line is the result (klaberjass, whose dealer
    # rule needs each round's winner: above)
    score = server.post("/v1/match-score", json={"ruleset": ruleset, "rounds": rounds})
    record = [{"type": "score", "summary": r} for r in rounds]
    sheet = server.post("/v1/match", json={"ruleset": ruleset, "dealer": 0, "rounds": record})
    assert sheet.status_code == score.status_code, (score.text, sheet.text)
    if score.status_code != 200:
        assert problem(sheet)["errors"] == problem(score)["errors"]
        return
    answer = sheet.json()
    assert {k: answer[k] for k in MATCH_SCORE_KEYS} == score.json()
    assert len(answer["sheet"]) == len(rounds)
    if rounds:
        assert answer["sheet"][-1]["totals"] == answer["totals"]
        assert answer["sheet"][-1]["carried"] == answer["held"]
    assert sum(line["credited"] for line in answer["sheet"]) + sum(
        r["score"][0] + r["score"][1] for r in rounds
    ) == sum(answer["totals"])


def _record_round(record: dict) -> dict:
    return {"type": "record", "record": {k: v for k, v in record.items() if k != "ruleset"}}


def test_a_round_record_is_played_through_and_checked(server):
    from service.api.http.routes.round_state import STATE_EXAMPLE

    # a round still in play is not a round of the sheet; a record dealt by the wrong seat
    # neither; nor one that carries held points itself
    body = {"ruleset": "belote", "dealer": 3, "rounds": [_record_round(STATE_EXAMPLE)]}
    assert "rounds.0.record" in problem(server.post("/v1/match", json=body))["errors"]
    passes = [{"type": "bid", "bid": {"action": "pass"}}] * 8
    over = {
        "ruleset": "belote",
        "dealer": 0,
        "rounds": [_record_round(STATE_EXAMPLE | {"actions": passes})],
    }
    assert "rounds.0.record.dealer" in problem(server.post("/v1/match", json=over))["errors"]
    body["rounds"][0]["record"]["held_in"] = 10
    assert "rounds.0.record.held_in" in problem(server.post("/v1/match", json=body))["errors"]
    bad = _record_round(STATE_EXAMPLE)
    bad["record"]["actions"] = [{"type": "play", "card": "AD"}]  # a card in the auction
    body["rounds"] = [bad]
    refused = problem(server.post("/v1/match", json=body))
    assert "rounds.0.record.actions.0" in refused["errors"]
    both = {"type": "record", "summary": {"score": [1, 2]}, "record": bad["record"]}
    body["rounds"] = [both]
    assert "rounds.0.summary" in problem(server.post("/v1/match", json=body))["errors"]


def test_a_passed_out_record_is_a_redeal(server):
    from service.api.http.routes.round_state import STATE_EXAMPLE

    passes = [{"type": "bid", "bid": {"action": "pass"}}] * 8
    record = _record_round(STATE_EXAMPLE | {"actions": passes})
    body = {"ruleset": "belote", "dealer": 3, "rounds": [record]}
    answer = server.post("/v1/match", json=body)
    assert answer.status_code == 200, answer.text
    line = answer.json()["sheet"][0]
    assert (line["type"], line["score"], line["dealer"]) == ("record", [0, 0], 3)
    assert answer.json()["next_dealer"] == 3  # belote: redeal_dealer same


def test_a_match_too_large_for_the_body_limit_names_the_summary_form(server):
    # a long match of whole Coinche records passes the 64 KiB limit: the 413 says how to
    # send the rounds instead (the state's match_round, a few dozen bytes each)
    deal = server.post("/v1/deal", json={"ruleset": "coinche", "dealer": 0, "seed": "big"})
    record = {"dealer": 0, "deal": deal.json()["deal"], "actions": []}
    rounds = [{"type": "record", "record": record}] * 150
    answer = server.post("/v1/match", json={"ruleset": "coinche", "dealer": 0, "rounds": rounds})
    assert answer.status_code == 413, answer.text
    assert "match_round" in answer.json()["detail"] and "summary" in answer.json()["detail"]
    state = server.post("/v1/rounds/state", json={"ruleset": "coinche"} | record).json()
    assert state["match_round"] is None  # not over yet
