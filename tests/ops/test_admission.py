"""Admission control (service/api/server/admission.py, issue 22 item 2): first come first served,
a Retry-After computed from the line, refusals before the body is read, a retiring
worker's line drained, batch items paced in work units."""

from __future__ import annotations

import os
import threading
import time

import pytest

from service.api.app import create_app
from service.api.server import admission, search_pool
from service.api.server.admission import Busy, Line, Pace


def _line(running: int = 1, places: int = 3, mean_s: float = 1.0, max_wait_s: float = 60):
    return Line("{count} jobs are already waiting", running, places, mean_s, max_wait_s)


def test_jobs_start_in_the_order_they_arrived_not_the_order_they_ask():
    line = _line()
    first, second, third = line.admit(), line.admit(), line.admit()
    started: list[str] = []
    release = threading.Event()

    def job(name: str):
        started.append(name)
        if name == "first":
            release.wait(10)

    def run(ticket, name):
        ticket.run(lambda: job(name), wait_s=30)

    threads = [threading.Thread(target=run, args=(first, "first"))]
    threads[0].start()
    while not started:
        time.sleep(0.01)
    # The third asks for its turn before the second does: the second still goes first.
    threads.append(threading.Thread(target=run, args=(third, "third")))
    threads[1].start()
    time.sleep(0.1)
    threads.append(threading.Thread(target=run, args=(second, "second")))
    threads[2].start()
    time.sleep(0.1)
    release.set()
    for t in threads:
        t.join(10)
    assert started == ["first", "second", "third"]


def test_a_full_line_refuses_with_the_time_its_jobs_ahead_need():
    line = _line(running=2, places=6, mean_s=1.5)
    tickets = [line.admit() for _ in range(8)]
    with pytest.raises(Busy) as refused:
        line.admit()
    assert refused.value.retry_after == 6  # 8 jobs ahead, 2 at a time, 1.5 s each
    assert "8 jobs are already waiting" in str(refused.value.args[0])
    for ticket in tickets[:4]:  # four run, quickly: the mean falls, and so does the wait
        line.wait_turn(ticket, 1)
        line.done(ticket, 0.1)
    assert line.admit() is not None
    assert 1 <= line.retry_after() < 6


def test_a_job_that_would_wait_too_long_is_refused_at_once():
    line = _line(running=1, places=100, mean_s=2.0, max_wait_s=5)
    line.admit(), line.admit(), line.admit()  # 6 s of work ahead of a fourth
    with pytest.raises(Busy):
        line.admit()


def test_a_drained_line_refuses_its_waiting_jobs_and_every_new_one():
    line = _line()
    running, waiting = line.admit(), line.admit()
    line.wait_turn(running, 1)
    assert line.drain() == 1
    with pytest.raises(Busy, match="replaced"):
        waiting.run(lambda: None, wait_s=5)
    with pytest.raises(Busy, match="replaced"):
        line.admit()
    line.done(running, 0.5)  # the job already under way finishes


def test_a_place_left_unused_is_freed():
    line = _line(places=0)
    with line.admit(), pytest.raises(Busy):
        line.admit()
    line.admit()


@pytest.fixture()
def client():
    return create_app().test_client()


def _filled(line: Line) -> list:
    """Places taken until the line refuses (full, or the wait too long)."""
    held = []
    while True:
        try:
            held.append(line.admit())
        except Busy:
            return held


@pytest.mark.parametrize(
    ("path", "line"),
    [("/v1/suggest/play", search_pool.line), ("/v1/batch", lambda: admission.BATCHES)],
)
def test_a_refusal_comes_before_the_body_is_read(client, path, line):
    """With the line full, even a body that is not JSON gets the 503 (so it was not read,
    let alone validated); with a place free, the same body gets its 400."""
    body = b"{not json"
    held = _filled(line())
    try:
        refused = client.post(path, data=body, content_type="application/json")
    finally:
        for ticket in held:
            ticket.line.leave(ticket)
    assert refused.status_code == 503
    assert refused.mimetype == "application/problem+json"
    assert int(refused.headers["Retry-After"]) >= 1
    assert "already waiting" in refused.get_json()["detail"]
    assert client.post(path, data=body, content_type="application/json").status_code == 400


def test_a_connection_that_asks_again_before_its_retry_after_is_refused_again(client, monkeypatch):
    """The place freed goes to a client that waited, not to one that ignored Retry-After;
    the early re-ask is held first (HOLD_S), so that such a client's flood is paced by the
    server instead of costing a refusal per round trip."""
    monkeypatch.setattr(admission, "HOLD_S", 0.2)

    class Connection:  # what service/api/server/worker.py hands the app as gunicorn.socket
        retry_at = 0.0

    impatient, other = Connection(), Connection()
    line = search_pool.line()
    held = _filled(line)
    refused = client.post(
        "/v1/suggest/play", data=b"{", environ_overrides={"gunicorn.socket": impatient}
    )
    for ticket in held:
        ticket.line.leave(ticket)
    assert refused.status_code == 503 and impatient.retry_at > time.monotonic()
    began = time.monotonic()
    again = client.post(
        "/v1/suggest/play", data=b"{", environ_overrides={"gunicorn.socket": impatient}
    )
    assert time.monotonic() - began >= 0.2  # held, then still early: refused again
    assert again.status_code == 503 and "before its Retry-After" in again.get_json()["detail"]
    assert 1 <= int(again.headers["Retry-After"]) <= int(refused.headers["Retry-After"])
    waited = client.post("/v1/suggest/play", json=[], environ_overrides={"gunicorn.socket": other})
    assert waited.status_code == 422  # a place: the body is read (and is not an object)
    impatient.retry_at = time.monotonic() + 0.1  # its time comes within the hold: admitted
    held = client.post(
        "/v1/suggest/play", json=[], environ_overrides={"gunicorn.socket": impatient}
    )
    assert held.status_code == 422 and impatient.retry_at <= time.monotonic()


def test_a_batch_whose_turn_does_not_come_is_a_503_problem(client, monkeypatch):
    monkeypatch.setattr(admission, "BATCH_WAIT_S", 0.05)
    line = admission.BATCHES
    ahead = line.admit()
    line.wait_turn(ahead, 1)  # a batch under way, which does not end
    try:
        items = [{"operation": "trickWinner", "body": {"trump": "H", "cards": ["7H"] * 4}}]
        answer = client.post("/v1/batch", json={"items": items})
    finally:
        line.done(ahead, 0.1)
    assert answer.status_code == 503, answer.get_json()
    assert "did not come in time" in answer.get_json()["detail"]
    assert int(answer.headers["Retry-After"]) >= 1


def test_a_refusal_needs_the_api_key_first():
    key = "k" * 20
    from service.api.server.config import Settings

    client = create_app(settings=Settings(api_keys=(key,))).test_client()
    held = _filled(search_pool.line())
    try:
        assert client.post("/v1/suggest/play", json={}).status_code == 401
    finally:
        for ticket in held:
            ticket.line.leave(ticket)


def test_batch_items_yield_between_each_other_and_keep_to_their_share():
    now = {"wall": 0.0, "cpu": 0.0}
    pace = Pace(share=0.5, burst_ms=5, poll_ms=5, clock=lambda: now["wall"], cpu=lambda: now["cpu"])
    pauses: list[float] = []

    def sleep(seconds: float) -> None:
        pauses.append(seconds)
        now["wall"] += seconds

    for _ in pace.items(range(10), sleep):
        now["wall"] += 0.002  # every item costs 2 ms of CPU, a valid or a refused one
        now["cpu"] += 0.002
    assert len(pauses) == 10  # a yield after every item
    # The burst (refilled at half speed meanwhile): a yield between items, and every 5 ms
    # of work a millisecond on a timer, in which the worker reads new requests.
    assert pauses[:4] == [0.0, 0.0, 0.001, 0.0]
    # Past it, a pause about as long as each item (half of the time).
    assert all(0.0009 <= p <= 0.0021 for p in pauses[4:]), pauses
    assert now["wall"] == pytest.approx(0.032, abs=0.002)


def test_the_grace_of_a_suggestion_is_the_operators_setting():
    """BELOTE_SUGGEST_GRACE (tests/conftest.py gives the suite 25 s): how long a suggestion
    may wait for its turn, and beyond its budget for its answer."""
    from service.api.server.config import Settings

    assert Settings().suggest_grace == 10
    assert Settings.from_env({"BELOTE_SUGGEST_GRACE": "40"}).suggest_grace == 40
    suite = float(os.environ["BELOTE_SUGGEST_GRACE"])
    assert search_pool.GRACE_S == suite == search_pool.line().max_wait_s
