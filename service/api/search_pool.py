"""Where the computer players think: a process pool beside the gunicorn workers.

A search is pure Python and CPU-bound: run in a gunicorn thread it would hold the
interpreter lock for up to the time budget and stall every request of that worker,
legal-moves included. So a suggestion is handed to a small pool of separate processes
(``BELOTE_SUGGEST_PROCESSES``, default 1 per gunicorn worker, niced so the workers
answering the rules endpoints keep priority) and the request thread waits for the answer without the
lock. Each search stops itself at its time budget; the wait has a deadline too (the budget
plus ``GRACE_S``), and at most ``BELOTE_SUGGEST_QUEUE`` suggestions may wait per worker: beyond
that, or past the deadline, the client gets a 503 problem with ``Retry-After`` instead of
a stalled connection.

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
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ..engine.text import N_, Text
from .config import Settings

log = logging.getLogger(__name__)

_SETTINGS = Settings.from_env()
PROCESSES = _SETTINGS.suggest_processes
QUEUE = _SETTINGS.suggest_queue
#: Seconds allowed beyond the budget for the queue and the hand-over.
GRACE_S = 10.0
NICENESS = 10

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
_slots = threading.BoundedSemaphore(QUEUE)


class Busy(Exception):  # noqa: N818 - a state, reported as a 503
    """Too many suggestions waiting, or one did not finish in time."""


def _start_child() -> None:
    with contextlib.suppress(OSError):  # not allowed on some systems
        os.nice(NICENESS)


def _executor() -> ProcessPoolExecutor:
    global _pool
    with _lock:
        if _pool is None:
            context = multiprocessing.get_context("forkserver")
            _pool = ProcessPoolExecutor(PROCESSES, mp_context=context, initializer=_start_child)
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


def run(function: Callable[..., Any], *args: Any, budget_s: float) -> Any:
    """``function(*args)`` in the pool; :class:`Busy` when the queue is full or the
    answer is not back within ``budget_s + GRACE_S``."""
    if not _slots.acquire(blocking=False):
        raise Busy(Text(N_("{count} suggestions are already waiting in this worker"), count=QUEUE))
    try:
        executor = _executor()
        try:
            future = executor.submit(function, *args)
            return future.result(timeout=budget_s + GRACE_S)
        except FutureTimeout as error:
            future.cancel()
            raise Busy(Text(N_("the search did not finish in time"))) from error
        except BrokenProcessPool as error:
            log.exception("a suggestion process stopped")
            _reset(executor)
            raise Busy(Text(N_("the search process stopped; it is being restarted"))) from error
    finally:
        _slots.release()
