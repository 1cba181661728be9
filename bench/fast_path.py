"""Is the hot path (service/api/http/hot_path.py) still needed? ``POST /v1/legal-moves``
throughput relative to ``GET /healthz`` through a real gunicorn, with the hot path and
with marshmallow alone (flask-smorest's ordinary views), measured as ``make bench``
measures it (bench.py: server CPU per request, each block of legal-moves paired with a
block of healthz, the median ratio). Target (issue 10): >= 0.85.

    .venv/bin/python bench/fast_path.py [--pairs 2]

The two servers run one after the other, ``--pairs`` times, alternating. The app without
the hot path is :func:`without_hot_path` (``bench.fast_path:without_hot_path()`` for
gunicorn): the app of ``make run`` with every view the hot path replaced put back. Both
serve each connection for an hour (``BELOTE_KEEPALIVE_MAX_AGE``): one connection does all.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def without_hot_path():
    """The WSGI app with flask-smorest's and marshmallow's views only (gunicorn imports
    this module as the app's, so the service is imported here, not at the top)."""
    from service.api.app import create_app
    from service.api.http.hot_path import operations

    app = create_app()
    fast = {op.view_class: op.slow_endpoint for op in operations(app).values()}
    for endpoint, view in list(app.view_functions.items()):
        slow = fast.get(getattr(view, "view_class", None))
        if slow is not None and view is not slow:
            app.view_functions[endpoint] = slow
    return app


def main() -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    import yaml

    import bench

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=2)
    args = parser.parse_args()
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    body = json.dumps(bench._example(spec, "/v1/legal-moves")).encode()
    calls = {"POST /v1/legal-moves": bench.Connection.request("POST", "/v1/legal-moves", body)}
    print(bench._versions())
    print(
        f"{bench.ROTATIONS} rotations of {bench.PER_BLOCK} requests, each paired with "
        f"{bench.PER_BLOCK} GET /healthz"
    )
    results: dict[str, list[float]] = {"hot path": [], "marshmallow alone": []}
    for _ in range(args.pairs):
        for name, app in (
            ("hot path", None),
            ("marshmallow alone", "bench.fast_path:without_hot_path()"),
        ):
            server = bench.Server(app, {"BELOTE_KEEPALIVE_MAX_AGE": "3600"})
            try:
                pinning = server.pin()
                rows = bench.paired_rotations(server, calls)
            finally:
                server.unpin()  # (the next server's pinning starts from every CPU)
                server.stop()
            row = rows["POST /v1/legal-moves"]
            ratio = statistics.median(row["ratio"])
            results[name].append(ratio)
            health = statistics.median(rows["GET /healthz"]["cpu"]) * 1e6
            print(
                f"  {name:18} legal-moves {statistics.median(row['cpu']) * 1e6:7.1f} us, "
                f"healthz {health:7.1f} us: x{ratio:.3f} of healthz ({pinning})",
                flush=True,
            )
    for name, ratios in results.items():
        print(f"{name:18} median x{statistics.median(ratios):.3f} of healthz ({ratios})")


if __name__ == "__main__":
    main()
