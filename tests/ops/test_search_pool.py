"""service/api/server/search_pool.py: a search process ends with the gunicorn worker that
started it, however the worker ends (here: killed outright, no shutdown of the pool), and
runs at the niceness the operator set."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from tests.support.gunicorn_process import ROOT, run_python

# A stand-in for a gunicorn worker: starts the pool, reports its search process's pid,
# then waits to be killed.
_WORKER = """
import os, sys, time
from service.api.server import search_pool
print(search_pool._executor().submit(os.getpid).result(timeout=60), flush=True)
time.sleep(120)
"""


# A stand-in worker that reports its niceness and its search process's.
_NICENESS = """
import os
from service.api.server import search_pool
search = search_pool._executor().submit(os.getpriority, os.PRIO_PROCESS, 0)
print(os.getpriority(os.PRIO_PROCESS, 0), search.result(timeout=60), flush=True)
search_pool._executor().shutdown()
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # a zombie has ended too
        return stat.read().rsplit(")", 1)[1].split()[0] != "Z"


def test_a_search_process_ends_when_its_worker_is_killed():
    worker = subprocess.Popen(
        [sys.executable, "-c", _WORKER], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        child = int(worker.stdout.readline())
        assert child != worker.pid and _alive(child)
        time.sleep(0.5)
        assert _alive(child), "the search process stays while its worker lives"
        worker.send_signal(signal.SIGKILL)
        worker.wait(timeout=10)
        deadline = time.monotonic() + 10
        while _alive(child) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _alive(child), "the search process outlived its worker"
    finally:
        worker.kill()
        worker.wait()


@pytest.mark.parametrize(("setting", "added"), [(None, 10), ("3", 3), ("0", 0)])
def test_a_search_process_runs_at_the_operators_niceness(setting, added):
    """BELOTE_SUGGEST_NICE (default 10) is added to the worker's niceness."""
    env = {k: v for k, v in os.environ.items() if k != "BELOTE_SUGGEST_NICE"}
    if setting is not None:
        env["BELOTE_SUGGEST_NICE"] = setting
    out = run_python(_NICENESS, env, timeout=120).stdout
    worker, search = map(int, out.split())
    assert search == min(19, worker + added)
