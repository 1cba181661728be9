"""Where the computer players think: a process pool beside the gunicorn workers.

A search is CPU-bound, and much of it is Python (the deals drawn and weighed, each
deal's score; only the compiled solver's part releases the interpreter lock): run in a
gunicorn thread it would hold the lock for most of the time budget and stall every
request of that worker, legal-moves included. So a suggestion is handed to a small pool
of separate processes (``BELOTE_SUGGEST_PROCESSES``, default 1 per gunicorn worker,
niced by ``BELOTE_SUGGEST_NICE``, default 10, so the workers answering the rules
endpoints keep priority) and the request thread waits for the answer without the lock.
Each search stops itself at its time budget; the wait has a deadline too (the budget
plus ``GRACE_S``, ``BELOTE_SUGGEST_GRACE``), and at most ``BELOTE_SUGGEST_QUEUE``
suggestions may wait per worker: beyond that, or past the deadline, the client gets a 503
problem with ``Retry-After`` instead of a stalled connection. The waiting suggestions form
a first-come-first-served line (:func:`line`, service/api/server/admission.py) that a
suggestion joins before its body is read, and that a retiring worker refuses at once
(:func:`drain`).

The pool starts with the worker (:func:`warm`, from gunicorn's ``post_worker_init``; else on
the first suggestion), with ``forkserver``: the children do not inherit the worker's threads
or event loop. It is rebuilt if a child dies. It works under the gevent workers too: the
request's greenlet waits on the result without blocking the loop.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import select
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ...engine.text import N_, Text
from .admission import Busy, Line, Ticket
from .config import Settings

log = logging.getLogger(__name__)

_SETTINGS = Settings.from_env()
PROCESSES = _SETTINGS.suggest_processes
QUEUE = _SETTINGS.suggest_queue
#: Seconds allowed beyond the budget for the queue and the hand-over (BELOTE_SUGGEST_GRACE).
GRACE_S = float(_SETTINGS.suggest_grace)
#: Added to the worker's niceness in each search process (BELOTE_SUGGEST_NICE).
NICENESS = _SETTINGS.suggest_nice

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
#: The suggestions of this worker: PROCESSES searching, QUEUE waiting; a hard one takes
#: 2 s of CPU by default, which is the first guess of their mean duration.
_line = Line(
    N_("{count} suggestions are already waiting in this worker"),
    PROCESSES,
    QUEUE,
    mean_s=2.0,
    max_wait_s=GRACE_S,
)

__all__ = ["Busy", "drain", "line", "run", "warm"]


def line() -> Line:
    return _line


def drain() -> int:
    """The worker retires: the suggestions still waiting are refused (their number)."""
    return _line.drain()


def _start_child(worker_pid: int) -> None:
    if NICENESS:
        with contextlib.suppress(OSError):  # not allowed on some systems
            os.nice(NICENESS)
    threading.Thread(
        target=_exit_with, args=(worker_pid,), name="exit-with-worker", daemon=True
    ).start()


def _exit_with(worker_pid: int) -> None:
    """End this search process as soon as the gunicorn worker that started it is gone.

    A pool process waits on its call queue, whose pipe it holds both ends of, so a worker
    that dies without shutting the pool down (killed, timed out, or exiting under gevent,
    where the executor's exit hook does not run) would leave it, and the forkserver it
    keeps alive, behind for good: one pair per worker restart. Its parent is the
    forkserver, not the worker, so it watches the worker itself: with a pidfd (readable
    when that process ends, immune to pid reuse), else by polling the pid each second."""
    try:
        pidfd = os.pidfd_open(worker_pid)
    except (AttributeError, OSError):  # no pidfd here, or the worker is already gone
        pidfd = None
    if pidfd is not None:
        select.select([pidfd], [], [])
    else:
        while True:
            try:
                os.kill(worker_pid, 0)
            except ProcessLookupError:
                break
            except PermissionError:
                pass
            time.sleep(1.0)
    os._exit(0)


def _executor() -> ProcessPoolExecutor:
    global _pool
    with _lock:
        if _pool is None:
            context = multiprocessing.get_context("forkserver")
            _pool = ProcessPoolExecutor(
                PROCESSES,
                mp_context=context,
                initializer=_start_child,
                initargs=(os.getpid(),),
            )
        return _pool


def _ready() -> bool:
    return True


def warm() -> None:
    """Start the search processes now (gunicorn's ``post_worker_init``), not on the first
    suggestion: starting them blocks the worker for a moment."""
    try:
        _executor().submit(_ready).result(timeout=30)
    except Exception:  # a pool that cannot start is reported per request
        log.exception("the suggestion processes did not start")
        _reset_quietly()


def _reset_quietly() -> None:
    global _pool
    with _lock:
        broken, _pool = _pool, None
    if broken is not None:
        broken.shutdown(wait=False, cancel_futures=True)


def _reset(broken: ProcessPoolExecutor) -> None:
    global _pool
    with _lock:
        if _pool is broken:
            _pool = None
    broken.shutdown(wait=False, cancel_futures=True)


def run(
    ticket: Ticket,
    function: Callable[..., Any],
    *args: Any,
    budget_s: float,
    until: float | None = None,
) -> Any:
    """``function(*args)`` in the pool once ``ticket`` (a place in :func:`line`) comes to
    the front; :class:`Busy` when its turn does not come within ``GRACE_S``, or the answer
    is not back within ``budget_s + GRACE_S`` of its start (the budget is CPU time: on a
    busy machine a search takes longer on the clock), nor by ``until`` (a batch's own
    deadline, on the monotonic clock) when given."""

    def search() -> Any:
        deadline = time.monotonic() + budget_s + GRACE_S
        if until is not None:
            deadline = min(deadline, until)
        # A search process killed (or dead before this job) breaks the pool: the job is
        # pure, so it runs again, once, in a fresh pool, if the deadline allows.
        for attempt in (1, 2):
            executor = _executor()
            try:
                future = executor.submit(function, *args)
                return future.result(timeout=max(0.1, deadline - time.monotonic()))
            except FutureTimeout as error:
                future.cancel()
                raise Busy(Text(N_("the search did not finish in time"))) from error
            except BrokenProcessPool as error:
                log.warning("a suggestion process stopped; starting another")
                _reset(executor)
                if attempt == 2 or deadline - time.monotonic() < budget_s:
                    raise Busy(
                        Text(N_("the search process stopped; it is being restarted"))
                    ) from error
        raise AssertionError("unreachable")

    return ticket.run(search, GRACE_S)
