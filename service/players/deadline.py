"""The deadline: the safety net that stops a computer player's work, in CPU time.

A level's work is counted in deals and search nodes (:data:`.driver.LEVELS`), so one
request with one seed gives one answer. The deadline only guards against a request that
would cost far more than the level normally does; it counts the CPU time of the thread
doing the work (``time.thread_time``), not the wall clock, so a busy machine (other
processes taking the cores) does not bring it forward: the same work takes the same CPU
time whether the machine is idle or loaded, and the answer stays the same. Only a budget
set below the level's normal cost, or a much slower processor, makes it stop the work;
the answer then says ``complete: false``.
"""

from __future__ import annotations

import time


class Deadline:
    """``budget_ms`` milliseconds of this thread's CPU time from now (None: never)."""

    __slots__ = ("end", "hit")

    def __init__(self, budget_ms: float | None):
        self.end = None if budget_ms is None else time.thread_time() + budget_ms / 1000
        #: Whether :meth:`passed` ever answered True (the work was cut short).
        self.hit = False

    def passed(self) -> bool:
        if self.end is not None and time.thread_time() > self.end:
            self.hit = True
        return self.hit
