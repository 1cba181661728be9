"""Admission control: the expensive operations (suggestions, batches) wait in a line of
their own per worker, in arrival order, and are refused before their body is read when
they could not start soon, so that the cheap ones (legal moves, scores) keep their speed.

- :class:`Line`: at most ``running`` jobs at once and ``places`` waiting, first come first
  served. :meth:`Line.admit` takes a place or refuses (:class:`Busy`) with a
  ``Retry-After`` computed from the line: the time its jobs ahead need, from the mean
  duration of the last ones. A retiring worker (service/api/server/worker.py) refuses its
  waiting jobs (:meth:`Line.drain`): its replacement is already serving.
- :func:`install`: before each request (after the API key check), a suggestion takes a
  place in the search line (service/api/server/search_pool.py) and a batch one in the batch line
  of its worker; a refusal is a 503 problem with ``Retry-After``, at the cost of the
  routing alone (no body read, no view built). A connection that asks again before its
  ``Retry-After`` has passed is held until then (at most :data:`HOLD_S`, sleeping, at no
  CPU cost) and refused again if it is still early, without a look at the line: a client
  that ignores ``Retry-After`` does not take the places freed for those that wait, and a
  flood of such re-asks costs the worker one refusal per client every 2 s, not one per
  round trip.
- :class:`Pace`: the batch work of a worker, in work units (a millisecond of the worker's
  CPU, whatever the item: an invalid item costs what its refusal costs), bounded to a
  share of the worker: a batch yields between items, and past its burst it sleeps long
  enough that the other requests of the worker keep the rest.
"""

from __future__ import annotations

import collections
import math
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import flask

from ...engine.text import N_, Text
from ..http.errors import problem


class Busy(Exception):  # noqa: N818 - a state, reported as a 503
    """No place for this job now; ``retry_after`` (seconds) says when to try again."""

    def __init__(self, reason: Text | str, retry_after: int = 1):
        super().__init__(reason)
        self.retry_after = retry_after


class Ticket:
    """A job's place in a line, from its arrival (:meth:`Line.admit`) to its end."""

    __slots__ = ("began", "line", "refused", "started")

    def __init__(self, line: Line):
        self.line, self.refused, self.started = line, False, False
        self.began = 0.0

    def __enter__(self) -> Ticket:
        return self

    def __exit__(self, *exc: object) -> None:
        self.line.leave(self)

    def run(self, job: Callable[[], Any], wait_s: float) -> Any:
        """``job()`` once this ticket's turn comes (:class:`Busy` if it does not within
        ``wait_s``, or the line is drained meanwhile)."""
        self.line.wait_turn(self, wait_s)
        try:
            return job()
        finally:
            self.line.done(self, time.monotonic() - self.began)


class Line:
    """First come, first served: ``running`` jobs at once, ``places`` more waiting."""

    def __init__(self, full: str, running: int, places: int, mean_s: float, max_wait_s: float):
        self.full, self.running, self.places = full, running, places  # full: N_("{count} ...")
        self.max_wait_s = max_wait_s  # a job expected to wait longer is refused at once
        self.mean_s = mean_s  # moving mean of the last jobs' durations
        self.busy = 0
        self.waiting: collections.deque[Ticket] = collections.deque()
        self.draining = False
        self.condition = threading.Condition()

    def expected_wait_s(self) -> float:
        """Seconds until the jobs now in the line are expected to have started."""
        return (self.busy + len(self.waiting)) * self.mean_s / self.running

    def retry_after(self) -> int:
        return max(1, math.ceil(self.expected_wait_s()))

    def admit(self) -> Ticket:
        with self.condition:
            if self.draining:
                raise Busy(Text(N_("this worker is being replaced")), 1)
            full = self.busy + len(self.waiting) >= self.running + self.places
            if full or (self.waiting and self.expected_wait_s() > self.max_wait_s):
                raise Busy(Text(self.full, count=len(self.waiting)), self.retry_after())
            ticket = Ticket(self)
            self.waiting.append(ticket)
            return ticket

    def wait_turn(self, ticket: Ticket, wait_s: float) -> None:
        deadline = time.monotonic() + wait_s
        with self.condition:
            while not (self.waiting and self.waiting[0] is ticket and self.busy < self.running):
                left = deadline - time.monotonic()
                if ticket.refused:
                    raise Busy(Text(N_("this worker is being replaced")), 1)
                if left <= 0:
                    raise Busy(Text(N_("its turn did not come in time")), self.retry_after())
                self.condition.wait(left)
            self.waiting.popleft()
            self.busy += 1
            ticket.started, ticket.began = True, time.monotonic()
            self.condition.notify_all()

    def done(self, ticket: Ticket, seconds: float) -> None:
        with self.condition:
            self.busy -= 1
            ticket.started = False
            self.mean_s = 0.8 * self.mean_s + 0.2 * seconds
            self.condition.notify_all()

    def leave(self, ticket: Ticket) -> None:
        """A ticket's request is over: its place freed (its turn ended if it had come)."""
        if ticket.started:
            self.done(ticket, time.monotonic() - ticket.began)
            return
        with self.condition:
            if ticket in self.waiting:
                self.waiting.remove(ticket)
                self.condition.notify_all()

    def drain(self) -> int:
        """Refuse every waiting job from now on; the number refused."""
        with self.condition:
            self.draining = True
            refused = len(self.waiting)
            for ticket in self.waiting:
                ticket.refused = True
            self.waiting.clear()
            self.condition.notify_all()
            return refused


class Pace:
    """A token bucket of work units (milliseconds of this worker's CPU) for batch items:
    ``share`` of each second, ``burst_ms`` at once (``clock`` and ``cpu``: the wall clock
    and the CPU time of this thread, in seconds).

    Between two items a batch always yields (``sleep(0)``: the other greenlets that are
    ready run); at least every ``poll_ms`` of its work it sleeps ``poll_s`` on a timer, so
    that the event loop also reads the requests that arrived meanwhile (gevent runs the
    ready greenlets of ``sleep(0)`` without polling for input, and ``gevent.idle()`` would
    wait for a moment without input, which a flood never leaves)."""

    def __init__(
        self,
        share: float,
        burst_ms: float,
        poll_ms: float = 5.0,
        poll_s: float = 0.001,
        clock: Callable[[], float] = time.monotonic,
        cpu: Callable[[], float] = time.thread_time,
    ):
        self.share, self.burst_ms, self.clock, self.cpu = share, burst_ms, clock, cpu
        self.poll_ms, self.poll_s = poll_ms, poll_s
        self.tokens, self.updated = burst_ms, clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst_ms, self.tokens + (now - self.updated) * 1000 * self.share)
        self.updated = now

    def items(self, items: Iterable[Any], sleep: Callable[[float], None]) -> Iterator[Any]:
        """``items`` one by one, each charged its CPU time; between two, a yield to the
        worker's other requests, and a pause while the bucket is empty."""
        unpolled_ms = 0.0
        for item in items:
            started = self.cpu()
            yield item
            self._refill()
            spent = (self.cpu() - started) * 1000
            self.tokens -= spent
            unpolled_ms += spent
            pause = max(0.0, -self.tokens / 1000 / self.share)
            if pause == 0.0 and unpolled_ms >= self.poll_ms:
                pause = self.poll_s
            if pause:
                unpolled_ms = 0.0
            sleep(pause)


#: The batches of a worker: one at a time (its items take turns with the worker's other
#: requests), 8 more waiting, none asked to wait more than 2 s.
BATCHES = Line(
    N_("{count} batches are already waiting in this worker"), 1, 8, mean_s=0.1, max_wait_s=2.0
)
#: Batch items may take half of their worker's CPU, a quarter of a second of it at once;
#: the worker reads the requests that arrived at least every millisecond of their work.
BATCH_PACE = Pace(share=0.5, burst_ms=250, poll_ms=1.0)
#: Seconds a batch that took a place may wait for its turn.
BATCH_WAIT_S = 5.0
#: At most this long, a connection that asks again before its Retry-After is held before
#: its answer: then admitted if its time has come, else refused again.
HOLD_S = 2.0


def batch(items: Iterable[Any], answer: Callable[[Any], Any]) -> list[Any]:
    """``answer(item)`` for each item of a batch, paced by :data:`BATCH_PACE`, in its turn
    of the batch line (:func:`install` waited for it before the body was read)."""
    return [answer(item) for item in BATCH_PACE.items(items, time.sleep)]


def refusal(busy: Busy) -> Text:
    return Text(
        N_("The service is busy: {reason}. Try again in {seconds} s."),
        reason=busy.args[0],
        seconds=busy.retry_after,
    )


def install(
    app: flask.Flask,
    lines: dict[str, Callable[[], Line]],
    turn_first: dict[str, Callable[[], float]] | None = None,
) -> None:
    """Before each request to an endpoint of ``lines`` (endpoint -> its line), a place in
    that line, in ``flask.g.ticket``; a 503 problem when there is none. For an endpoint of
    ``turn_first`` (endpoint -> the seconds it may wait), also its turn, before its body is
    read: a batch's body (a few milliseconds to read and check, in one piece) is read in
    its turn, not beside the batch under way (its own turn ends with its request)."""
    turn_first = turn_first or {}

    @app.before_request
    def admit() -> flask.Response | None:
        endpoint = flask.request.endpoint or ""
        line = lines.get(endpoint)
        if line is None:
            return None
        # A client told to come back in N s that asks again sooner, on the same connection,
        # does not get the place a client that waited is owed (service/api/server/worker.py).
        connection = flask.request.environ.get("gunicorn.socket")
        early = getattr(connection, "retry_at", 0.0) - time.monotonic()
        if early > 0:  # held first, at no CPU cost: an impatient client's flood is paced
            time.sleep(min(early, HOLD_S))  # (a greenlet's sleep under gevent)
            early = connection.retry_at - time.monotonic()
        try:
            if early > 0:
                raise Busy(Text(N_("asked again before its Retry-After")), math.ceil(early))
            flask.g.ticket = line().admit()
            wait_s = turn_first.get(endpoint)
            if wait_s is not None:
                flask.g.ticket.line.wait_turn(flask.g.ticket, wait_s())
        except Busy as busy:
            if hasattr(connection, "retry_at"):
                connection.retry_at = max(connection.retry_at, time.monotonic() + busy.retry_after)
            headers = {"Retry-After": str(busy.retry_after)}
            return problem(503, refusal(busy), headers=headers)
        return None

    @app.teardown_request
    def leave(_error: BaseException | None) -> None:
        ticket = flask.g.pop("ticket", None)
        if ticket is not None:
            ticket.line.leave(ticket)
