"""The gunicorn worker of this service: gunicorn's gevent worker with read deadlines, and
a retirement that leaves no gap.

Each connection is a greenlet, not a thread, so connections that wait (idle keep-alive,
headers or a body trickling in) cost a few kilobytes each and never hold back the others;
the CPU-bound rules work runs one request at a time per worker, one worker per CPU. On top
of gunicorn's gevent worker, whose request head must arrive within ``BELOTE_KEEPALIVE``
seconds (gunicorn's ``keepalive``, applied to every request head, the first one included):

- once the head is in, every read (the body) and write gives up after
  ``BELOTE_READ_TIMEOUT`` seconds of silence (a stalled body gets a 400 problem if the
  client still listens; the over-limit body drain of a 413 is cut short);
- one request (body read, answer written) has ``BELOTE_TIMEOUT`` seconds in all: a body
  trickling in byte by byte is dropped then, with its connection;
- a keep-alive connection older than ``BELOTE_KEEPALIVE_MAX_AGE`` gets ``Connection:
  close`` on its next answer, so that clients spread again over the workers after one is
  replaced (they would all stay on the survivors of a crash otherwise);
- past ``BELOTE_MAX_REQUESTS`` the worker keeps serving and asks the master for its
  replacement (service/api/server/handover.py); on SIGTERM it stops accepting, closes the
  connections that wait for their client (idle, or a head or a body still arriving) for
  :data:`STALLED_S` at once, refuses the suggestions
  still queued with a 503 (service/api/server/search_pool.py), finishes what it computes, and
  exits.

A worker holds at most ``BELOTE_WORKER_CONNECTIONS`` connections; beyond that the kernel's
listen backlog queues them. docs/operations.md says what a proxy in front still adds.
"""

from __future__ import annotations

import contextlib
import socket
import sys
import time

import gevent
from gunicorn.workers.ggevent import GeventWorker

from . import handover
from .config import Settings

#: A retiring worker closes a connection whose request head or body has been arriving for
#: this long (a request under way that reads faster finishes).
STALLED_S = 0.5
#: Seconds between two sweeps of a retiring worker's connections.
SWEEP_S = 0.25


class RequestDeadline(BaseException):
    """A request outlived BELOTE_TIMEOUT (a BaseException: no application handler takes it
    for an application error)."""


class Connection:
    """A client socket as gunicorn uses it, which knows whether it waits for the client
    (a ``recv`` under way), whether a request is under way, and since when."""

    __slots__ = ("idle_since", "opened", "reading", "request_since", "retry_at", "sock")

    def __init__(self, sock: socket.socket):
        self.sock = sock
        self.opened = self.idle_since = time.monotonic()
        self.reading = False
        self.request_since: float | None = None
        self.retry_at = 0.0  # the last Retry-After given on it (service/api/server/admission.py)

    def recv(self, *args):
        self.reading = True
        try:
            return self.sock.recv(*args)
        finally:
            self.reading = False

    def __getattr__(self, name):
        return getattr(self.sock, name)

    def begin(self) -> None:
        self.request_since = time.monotonic()

    def end(self) -> None:
        self.request_since, self.idle_since = None, time.monotonic()

    def stalled(self, now: float) -> bool:
        """Waiting for the client for STALLED_S: idle (no byte of a next request in), a
        head still arriving, or a body still arriving. A connection between two quick
        requests is left alone: its next answer closes it."""
        if not self.reading:
            return False
        if self.request_since is not None:  # a body still arriving
            return now - self.request_since >= STALLED_S
        return now - self.idle_since >= STALLED_S and not self._bytes_waiting()

    def _bytes_waiting(self) -> bool:
        raw = getattr(self.sock, "_sock", None)  # gevent's socket: the one it wraps
        if raw is None:
            return False
        try:
            return bool(raw.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT))
        except OSError:  # nothing in (EAGAIN), or the connection is gone already
            return False

    def cut(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)  # the pending recv returns b"": no EBADF


class Worker(GeventWorker):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        settings = Settings.from_env()
        self.read_timeout = settings.read_timeout
        self.request_timeout = settings.timeout
        self.connection_max_age = settings.keepalive_max_age
        # gunicorn stops a worker past max_requests; this one asks for a replacement.
        self.retire_after, self.max_requests = self.max_requests, sys.maxsize
        self.asked_at: float | None = None
        self.connections: set[Connection] = set()

    def handle(self, listener, client, addr):
        connection = Connection(client)
        self.connections.add(connection)
        try:
            super().handle(listener, connection, addr)
        finally:
            self.connections.discard(connection)

    def handle_request(self, listener_name, req, sock, addr):
        # The request head is in (gunicorn's keepalive deadline bounded it); from here on
        # every read (the body) and write gives up after BELOTE_READ_TIMEOUT seconds.
        sock.settimeout(self.read_timeout)
        now = time.monotonic()
        if isinstance(sock, Connection):
            sock.begin()
            if now - sock.opened > self.connection_max_age:
                req.must_close = True
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
            if isinstance(sock, Connection):
                sock.end()
            self._maybe_ask_to_retire()

    def _maybe_ask_to_retire(self) -> None:
        if self.nr < self.retire_after or not self.alive:
            return
        if self.asked_at is None:
            self.asked_at = time.monotonic()
            if handover.ask_to_retire(self.pid, self.ppid):
                self.log.info("Served %s requests: asked for a replacement", self.nr)
                return
        elif time.monotonic() - self.asked_at < handover.ASK_TIMEOUT_S:
            return
        self.log.info("Autorestarting worker after current request.")
        self.alive = False
        gevent.spawn(self._retire)

    def handle_exit(self, sig, frame):
        first = self.alive
        super().handle_exit(sig, frame)
        if first:
            gevent.spawn(self._retire)

    def _retire(self) -> None:
        """Stop taking work: refuse the queued suggestions, then until the worker exits
        close every idle or stalled connection (gunicorn's loop stops accepting within a
        second and closes the others after their answer)."""
        # Imported here, in the worker after gevent patched it, not with this module: the
        # arbiter imports the worker class before any patching, and the pool's modules
        # (concurrent.futures, multiprocessing) make their locks when first imported.
        from . import search_pool

        refused = search_pool.drain()
        cut = 0
        while True:
            now = time.monotonic()
            for connection in list(self.connections):
                if connection.stalled(now):
                    self.connections.discard(connection)
                    connection.cut()
                    cut += 1
            if refused or cut:
                self.log.info(
                    "Retiring: refused %s queued suggestions, closed %s idle or stalled "
                    "connections",
                    refused,
                    cut,
                )
                refused = cut = 0
            gevent.sleep(SWEEP_S)


def _peer(addr) -> str:
    return str(addr[0]) if isinstance(addr, tuple) and addr else "?"
