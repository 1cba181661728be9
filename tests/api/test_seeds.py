"""One seed type: every operation that takes a seed takes a string; an integer seed (the
type of the players' seeds before) is still read, as its decimal string, and gives the
same answer as before (service/players/seeds.py)."""

from __future__ import annotations

import pytest

from service.players.seeds import MAX_NUMBER, seed_number
from tests.players.test_review import _body, complete_record

PLAY = {
    "ruleset": "belote",
    "trump": "H",
    "taker": 1,
    "hand": ["7H", "JH", "AS", "KD", "10C", "QS", "8D", "9D"],
    "tricks": [],
    "trick": {"leader": 1, "cards": ["8C", "9H", "AC"]},
    "level": "normal",
    "budget_ms": 5000,
}


@pytest.mark.parametrize("number", [0, 1, 42, 12345, MAX_NUMBER])
def test_a_decimal_seed_is_the_number_it_was(number):
    assert seed_number(str(number)) == number


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("abc", 293039359),
        ("table 7", 423939414),
        ("042", 253912968),  # not a number's decimal form: a leading zero
        ("-1", 1098731218),  # nor with a sign
        ("2147483648", 449306578),  # nor past the numbers seeds were
    ],
)
def test_any_other_text_is_hashed_the_same_everywhere(text, number):
    assert seed_number(text) == number
    assert 0 <= number <= MAX_NUMBER


def _without_seed(body: dict) -> dict:
    return {k: v for k, v in body.items() if k != "seed"}


def test_an_integer_seed_and_its_decimal_string_give_the_same_card(client):
    as_number = client.post("/v1/suggest/play", json=PLAY | {"seed": 42})
    as_text = client.post("/v1/suggest/play", json=PLAY | {"seed": "42"})
    assert as_number.status_code == as_text.status_code == 200, as_text.get_json()
    number, text = as_number.get_json(), as_text.get_json()
    assert number["complete"] and text["complete"]
    assert _without_seed(number) == _without_seed(text)
    assert number["seed"] == 42 and text["seed"] == "42"  # echoed as sent


def test_a_seed_left_out_is_zero(client):
    body = client.post("/v1/suggest/play", json=PLAY).get_json()
    zero = client.post("/v1/suggest/play", json=PLAY | {"seed": 0}).get_json()
    assert body["seed"] == "0" and zero["seed"] == 0  # the string the spec shows
    assert _without_seed(body) == _without_seed(zero)


def test_a_text_seed_answers_and_repeats(client):
    first = client.post("/v1/suggest/play", json=PLAY | {"seed": "table 7, round 3"})
    again = client.post("/v1/suggest/play", json=PLAY | {"seed": "table 7, round 3"})
    assert first.status_code == 200, first.get_json()
    assert first.get_json() == again.get_json()
    assert first.get_json()["seed"] == "table 7, round 3"


@pytest.mark.parametrize("seed", ["", "x" * 257, -1, 2**31, True, 1.5, []])
def test_a_seed_out_of_bounds_is_refused(client, seed):
    r = client.post("/v1/suggest/play", json=PLAY | {"seed": seed})
    assert r.status_code == 422, r.get_json()
    assert list(r.get_json()["errors"]) == ["seed"]


def test_batch_items_and_bids_read_both_forms(client):
    bid = {
        "ruleset": "belote",
        "dealer": 3,
        "turned": "JH",
        "hand": ["9H", "AH", "AS", "KD", "10C"],
        "bids": [],
        "level": "normal",
    }
    items = [
        {"operation": "suggestBid", "body": bid | {"seed": 7}},
        {"operation": "suggestBid", "body": bid | {"seed": "7"}},
    ]
    answer = client.post("/v1/batch", json={"items": items}).get_json()
    number, text = (item["body"] for item in answer["items"])
    assert number["seed"] == 7 and text["seed"] == "7"
    assert _without_seed(number) == _without_seed(text)


def test_a_review_reads_both_forms(client):
    record, _ = complete_record("belote", 11)
    body = _body(record, level="easy", par=False)
    number = client.post("/v1/rounds/review", json=body | {"seed": 2}).get_json()
    text = client.post("/v1/rounds/review", json=body | {"seed": "2"}).get_json()
    assert number["seed"] == 2 and text["seed"] == "2"
    assert _without_seed(number) == _without_seed(text)
