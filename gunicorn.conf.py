"""gunicorn settings for `make run`, the container and Kubernetes: every one from an
environment variable (service/api/server/config.py lists them; docs/operations.md explains them).
An invalid variable stops the start with a message naming it."""

import os
import shutil
import sys
import tempfile

from service.api.server.config import ConfigError, Settings

try:
    settings = Settings.from_env()
except ConfigError as error:
    sys.stderr.write(f"belote-rules: {error}\n")
    sys.exit(2)

wsgi_app = "service.api.app:create_app()"
bind = [settings.bind]
workers = settings.web_concurrency
# gevent with read deadlines: waiting connections cost no thread (service/api/server/worker.py)
GEVENT = "service.api.server.worker.Worker"
worker_class = GEVENT if settings.worker_class == "gevent" else "gthread"
threads = settings.threads
worker_connections = settings.worker_connections
timeout = settings.timeout
graceful_timeout = settings.graceful_timeout
keepalive = settings.keepalive
max_requests = settings.max_requests
max_requests_jitter = settings.max_requests_jitter
# Request lines and headers are bounded by gunicorn; bodies by BELOTE_MAX_BODY_BYTES.
limit_request_line = 4094
limit_request_fields = 100
limit_request_field_size = 8190
# No control socket: two instances on one host would fight over ~/.gunicorn/gunicorn.ctl.
control_socket_disable = True
# gunicorn's own access lines are off; the app writes one JSON line per request
# (BELOTE_ACCESS_LOG), and gunicorn's error log is JSON too.
accesslog = None
errorlog = "-"
loglevel = settings.log_level
from service.api.server.logs import logging_config  # noqa: E402

logconfig_dict = logging_config(settings.log_level)

# Prometheus multiprocess mode: every worker writes its samples to one directory, which
# a scrape of any worker adds up. A fresh directory per server unless one is given.
_own_metrics_dir = None
if settings.metrics and not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    _own_metrics_dir = tempfile.mkdtemp(prefix="belote-metrics-")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = _own_metrics_dir


# Worker replacement without a gap (service/api/server/handover.py): the hand-over files of this
# server, in a directory of its own that the workers inherit.
from service.api.server import handover  # noqa: E402

handover.DIRECTORY = tempfile.mkdtemp(prefix="belote-handover-")


def on_starting(server):
    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if directory and os.path.isdir(directory):
        for name in os.listdir(directory):  # samples of an earlier run on the same dir
            if name.endswith(".db"):
                os.remove(os.path.join(directory, name))


def when_ready(server):
    handover.install(server)
    if settings.metrics and settings.metrics_bind:
        from service.api.server.metrics import serve_separately

        serve_separately(settings.metrics_bind)


def child_exit(server, worker):
    from service.api.server.metrics import worker_exited

    worker_exited(worker.pid, {server.pid, *server.WORKERS})
    handover.forget(worker.pid)


def on_exit(server):
    shutil.rmtree(handover.DIRECTORY, ignore_errors=True)
    if _own_metrics_dir:
        shutil.rmtree(_own_metrics_dir, ignore_errors=True)


# gunicorn's own refusals (request line or headers too large, malformed HTTP) are written
# as application/problem+json too, like every error of the application.
from service.api.server.server_errors import install  # noqa: E402

install()


#: Allocations (net) between two young-generation garbage collections in a worker;
#: Python's default, 700, collects several times during one large request (a batch).
GC_THRESHOLD = 7000


def post_worker_init(worker):
    # Start the suggestion processes before serving: starting them blocks the worker
    # (half a second), which should not happen in the middle of requests.
    from service.api.server.search_pool import warm

    warm()
    # What the start made (the app, its schemas and spec, the engine's tables) lives as
    # long as the worker: frozen out of the collector, so that a full collection no longer
    # goes over it (some 60 000 objects, 30 ms); the young generation collected less
    # often. Requests make few reference cycles; those wait a little longer.
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_THRESHOLD, *gc.get_threshold()[1:])
    # Ready to answer: the worker this one replaces, if any, may stop now.
    handover.announce_ready(worker.pid, worker.ppid)
