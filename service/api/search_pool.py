"""Where the computer players think: a process pool beside the gunicorn workers.

A search is pure Python and CPU-bound: run in a gunicorn thread it would hold the
interpreter lock for up to the time budget and stall every request of that worker,
legal-moves included. So a suggestion is handed to a small pool of separate processes
(``SUGGEST_PROCESSES``, default 1 per gunicorn worker, niced so the workers answering the
rules endpoints keep priority) and the request thread waits for the answer without the
lock. Each search stops itself at its time budget; the wait has a deadline too (the budget
plus ``GRACE_S``), and at most ``SUGGEST_QUEUE`` suggestions may wait per worker: beyond
that, or past the deadline, the client gets a 503 problem with ``Retry-After`` instead of
a stalled connection.

The pool starts on the first suggestion (``forkserver``: the children do not inherit the
worker's threads) and is rebuilt if a child dies.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from typing import Any

PROCESSES = int(os.environ.get("SUGGEST_PROCESSES", "1"))
QUEUE = int(os.environ.get("SUGGEST_QUEUE", "8"))
#: Seconds allowed beyond the budget for the queue and the hand-over.
GRACE_S = 2.0
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
        raise Busy(f"{QUEUE} suggestions are already waiting in this worker")
    try:
        executor = _executor()
        try:
            future = executor.submit(function, *args)
            return future.result(timeout=budget_s + GRACE_S)
        except FutureTimeout as error:
            future.cancel()
            raise Busy("the search did not finish in time") from error
        except BrokenProcessPool as error:
            _reset(executor)
            raise Busy("the search process stopped; it is being restarted") from error
    finally:
        _slots.release()
