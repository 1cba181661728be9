"""gunicorn settings for `make run` (override with GUNICORN_CMD_ARGS or BIND)."""

import os

bind = os.environ.get("BIND", "127.0.0.1:8000")
worker_class = "gthread"
workers = int(os.environ.get("WORKERS", "2"))
threads = int(os.environ.get("THREADS", "4"))
wsgi_app = "service.api.app:create_app()"
accesslog = os.environ.get("ACCESS_LOG", "-") or None
# Request lines and headers are bounded by gunicorn; bodies by MAX_CONTENT_LENGTH.
limit_request_line = 4094
timeout = 30

# gunicorn's own refusals (request line or headers too large, malformed HTTP) are written
# as application/problem+json too, like every error of the application.
from service.api.server_errors import install  # noqa: E402

install()
