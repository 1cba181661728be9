"""Worker replacement without a gap: a worker is stopped only once its replacement serves.

gunicorn replaces a worker past ``BELOTE_MAX_REQUESTS`` by letting it stop accepting, wait
for its connections (slow bodies, queued suggestions: up to the graceful timeout) and exit;
only then does the master start the next one. With one worker nobody accepts meanwhile, and
with several, workers that reach the limit together leave none. Here instead:

1. a worker past its limit keeps serving and asks for a replacement (:func:`ask_to_retire`:
   a file ``<pid>.retire`` in :data:`DIRECTORY`, and a SIGCHLD that wakes the master);
2. the master (:func:`manage_workers`, installed over gunicorn's by :func:`install`)
   counts that worker as leaving and starts its replacement, one hand-over at a time, so
   that two workers are never replaced together;
3. the replacement writes ``<pid>.ready`` once its app and search processes are up
   (:func:`announce_ready`, from gunicorn's ``post_worker_init``);
4. then the master sends the old worker SIGTERM: it stops accepting, closes its idle and
   stalled connections at once, refuses its queued suggestions with a 503, finishes what
   it is computing and exits (service/api/server/worker.py).

A worker killed outright (``kill -9``, the worker timeout) is replaced at once, as before;
with one worker that leaves the boot time (about a second) in which requests wait in the
listen backlog. A worker whose replacement never comes (a boot that keeps failing) retires
the old way after :data:`ASK_TIMEOUT_S`.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import time
from pathlib import Path

#: The hand-over files (set by gunicorn.conf.py in the master, inherited by the workers).
DIRECTORY: str | None = None
#: Seconds a worker past its limit waits for the master before it retires on its own.
ASK_TIMEOUT_S = 60.0


def _path(pid: int, what: str) -> Path | None:
    return Path(DIRECTORY) / f"{pid}.{what}" if DIRECTORY else None


def _touch(pid: int, what: str) -> bool:
    path = _path(pid, what)
    if path is None:
        return False
    path.write_text(str(time.time()))
    return True


def _has(pid: int, what: str) -> bool:
    path = _path(pid, what)
    return path is not None and path.exists()


def ask_to_retire(pid: int, master: int) -> bool:
    """In a worker past its limit: ask the master for a replacement (False: no hand-over
    here, the caller retires the old way)."""
    if not _touch(pid, "retire"):
        return False
    with contextlib.suppress(OSError):
        os.kill(master, signal.SIGCHLD)  # wakes the master's loop; it reaps nothing
    return True


def announce_ready(pid: int, master: int) -> None:
    """In a new worker, once it can answer: the master may now stop the one it replaces."""
    if _touch(pid, "ready"):
        with contextlib.suppress(OSError):
            os.kill(master, signal.SIGCHLD)


def forget(pid: int) -> None:
    """In the master, when a worker has exited."""
    for what in ("retire", "ready"):
        path = _path(pid, what)
        if path is not None:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()


def install(arbiter) -> None:
    """Replace the arbiter's ``manage_workers`` (gunicorn's ``when_ready`` hook)."""
    arbiter.manage_workers = lambda: manage_workers(arbiter)
    arbiter._belote_stopping = set()


def manage_workers(arbiter) -> None:
    """gunicorn's ``Arbiter.manage_workers`` (keep ``num_workers`` workers: spawn the
    missing ones, stop the oldest beyond), with the workers that asked to retire counted
    as leaving: one at a time, each is replaced first and stopped once its replacement is
    ready."""
    workers = arbiter.WORKERS
    stopping: set[int] = arbiter._belote_stopping
    stopping &= set(workers)
    asking = sorted(
        (pid for pid in workers if pid not in stopping and _has(pid, "retire")),
        key=lambda pid: workers[pid].age,
    )
    # One hand-over at a time: the oldest worker that asked is the one leaving.
    leaving = asking[:1]
    serving = {pid: w for pid, w in workers.items() if pid not in stopping and pid not in leaving}
    for _ in range(arbiter.num_workers - len(serving)):
        pid = arbiter.spawn_worker()
        serving[pid] = workers[pid]
        time.sleep(0.1 * random.random())
    if leaving and all(_has(pid, "ready") for pid in serving):
        (pid,) = leaving
        arbiter.log.info("Worker %s replaced: stopping it", pid)
        stopping.add(pid)
        arbiter.kill_worker(pid, signal.SIGTERM)
    beyond = sorted(serving, key=lambda pid: workers[pid].age)
    while len(beyond) > arbiter.num_workers:  # fewer workers asked for (TTOU, HUP)
        pid = beyond.pop(0)
        stopping.add(pid)
        arbiter.kill_worker(pid, signal.SIGTERM)
