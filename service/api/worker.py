"""The gunicorn worker of this service: gunicorn's gevent worker with read deadlines.

Each connection is a greenlet, not a thread, so connections that wait (idle keep-alive,
headers or a body trickling in) cost a few kilobytes each and never hold back the others;
the CPU-bound rules work runs one request at a time per worker, one worker per CPU. On top
of gunicorn's gevent worker, whose request head must arrive within ``BELOTE_KEEPALIVE``
seconds (gunicorn's ``keepalive``, applied to every request head, the first one included):

- once the head is in, every read (the body) and write gives up after
  ``BELOTE_READ_TIMEOUT`` seconds of silence (a stalled body gets a 400 problem if the
  client still listens; the over-limit body drain of a 413 is cut short);
- one request (body read, answer written) has ``BELOTE_TIMEOUT`` seconds in all: a body
  trickling in byte by byte is dropped then, with its connection.

A worker holds at most ``BELOTE_WORKER_CONNECTIONS`` connections; beyond that the kernel's
listen backlog queues them. docs/operations.md says what a proxy in front still adds.
"""

from __future__ import annotations

import gevent
from gunicorn.workers.ggevent import GeventWorker

from .config import Settings


class RequestDeadline(BaseException):
    """A request outlived BELOTE_TIMEOUT (a BaseException: no application handler takes it
    for an application error)."""


class Worker(GeventWorker):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        settings = Settings.from_env()
        self.read_timeout = settings.read_timeout
        self.request_timeout = settings.timeout

    def handle_request(self, listener_name, req, sock, addr):
        # The request head is in (gunicorn's keepalive deadline bounded it); from here on
        # every read (the body) and write gives up after BELOTE_READ_TIMEOUT seconds.
        sock.settimeout(self.read_timeout)
        deadline = gevent.Timeout(self.request_timeout, RequestDeadline)
        deadline.start()
        try:
            return super().handle_request(listener_name, req, sock, addr)
        except (RequestDeadline, TimeoutError) as error:
            reason = "passed its deadline" if isinstance(error, RequestDeadline) else "stalled"
            self.log.info("Request from %s %s; connection closed", _peer(addr), reason)
            raise StopIteration() from None
        finally:
            deadline.close()
            sock.settimeout(None)


def _peer(addr) -> str:
    return str(addr[0]) if isinstance(addr, tuple) and addr else "?"
