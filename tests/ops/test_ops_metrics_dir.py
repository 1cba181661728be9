"""The Prometheus multiprocess directory stays bounded however many workers are replaced,
and keeps their totals (issue 22, item 4): each worker that exits is merged into one
archive file per metric type by the master's ``child_exit`` hook (service/api/server/metrics.py).
Through a real gunicorn: tests/ops/test_ops_overload.py."""

from __future__ import annotations

import os
import subprocess
import textwrap

from tests.support.gunicorn_process import run_python

#: 300 worker processes that each answered some requests, then exited, one after the other.
SCRIPT = textwrap.dedent(
    """
    import os, sys
    from service.api.server import metrics
    directory = os.environ["PROMETHEUS_MULTIPROC_DIR"]
    sizes = []
    for worker in range(300):
        pid = os.fork()
        if pid == 0:
            for _ in range(worker % 7 + 1):
                metrics.observe("GET", "/healthz", 200, 0.002)
            metrics.observe("POST", "/v1/legal-moves", 422, 0.3)
            os._exit(0)
        os.waitpid(pid, 0)
        metrics.worker_exited(pid, {os.getpid()})
        sizes.append(len(os.listdir(directory)))
    print(sizes[9], sizes[-1])
    sys.stdout.write(metrics.exposition()[0].decode())
    """
)


def _run(script: str, directory) -> subprocess.CompletedProcess[str]:
    return run_python(script, dict(os.environ, PROMETHEUS_MULTIPROC_DIR=str(directory)), 360)


def _sample(text: str, prefix: str) -> float:
    line = next(x for x in text.splitlines() if x.startswith(prefix))
    return float(line.rsplit(" ", 1)[1])


def test_dead_workers_are_merged_into_an_archive_and_their_counts_kept(tmp_path):
    result = _run(SCRIPT, tmp_path)
    first, *exposition = result.stdout.splitlines()
    after_10, after_300 = map(int, first.split())
    # The lock file and one archive per type: the same after 10 exits as after 300.
    assert after_300 == after_10 <= 3, os.listdir(tmp_path)
    text = "\n".join(exposition)
    expected = sum(w % 7 + 1 for w in range(300))
    assert _sample(text, 'belote_http_requests_total{method="GET",route="/healthz"') == expected
    legal = 'belote_http_requests_total{method="POST",route="/v1/legal-moves",status="422"}'
    assert _sample(text, legal) == 300
    # Histograms too: every observation of 0.3 s is in the 0.5 s bucket, none in 0.25 s.
    bucket = 'belote_http_request_duration_seconds_bucket{le="%s",method="POST"'
    assert _sample(text, bucket % "0.25") == 0
    assert _sample(text, bucket % "0.5") == 300
    assert _sample(text, 'belote_http_request_duration_seconds_count{method="POST"') == 300


def test_a_scrape_during_merges_sees_every_count_once(tmp_path):
    """Scrapes in another process while workers exit and are merged: each scrape's total is
    one of the true running totals, never a dead worker counted twice or not at all."""
    script = textwrap.dedent(
        """
        import os, sys, time
        from service.api.server import metrics
        directory = os.environ["PROMETHEUS_MULTIPROC_DIR"]
        reader = os.fork()
        if reader == 0:
            seen = []
            deadline = time.monotonic() + 300
            while time.monotonic() < deadline:
                done = os.path.exists(os.path.join(directory, "done"))
                text = metrics.exposition()[0].decode()
                lines = [x for x in text.splitlines() if x.startswith("belote_http_requests_total")]
                seen.append(sum(float(x.rsplit(" ", 1)[1]) for x in lines))
                if done:  # (the last scrape after the last merge)
                    break
            print(" ".join(str(int(x)) for x in seen))
            os._exit(0)
        for worker in range(100):
            pid = os.fork()
            if pid == 0:
                metrics.observe("GET", "/healthz", 200, 0.001)
                os._exit(0)
            os.waitpid(pid, 0)
            metrics.worker_exited(pid, {os.getpid(), reader})
        open(os.path.join(directory, "done"), "w").close()
        os.waitpid(reader, 0)
        """
    )
    result = _run(script, tmp_path)
    seen = [int(x) for x in result.stdout.split()]
    assert seen and seen[-1] == 100, result.stderr
    assert seen == sorted(seen), "a total went down: some count was missed or doubled"
