"""A busy machine, for tests that an answer does not depend on how loaded the host is."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time


@contextlib.contextmanager
def busy_machine():
    """Processes that burn every core (twice over) while the block runs."""
    burners = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"])
        for _ in range(2 * (os.cpu_count() or 2))
    ]
    try:
        time.sleep(0.2)  # let them take the cores
        yield
    finally:
        for p in burners:
            p.kill()
            p.wait()
