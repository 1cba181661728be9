"""Slow and idle client connections, for tests/ops/test_ops_slow_clients.py and bench/ops.py."""

from __future__ import annotations

import contextlib
import errno
import socket
import threading

#: A request whose head never finishes, and one whose body never finishes.
SLOW_HEAD = b"POST /v1/trick-winner HTTP/1.1\r\nHost: localhost\r\n"
SLOW_BODY = (
    b"POST /v1/trick-winner HTTP/1.1\r\nHost: localhost\r\n"
    b"Content-Type: application/json\r\nContent-Length: 5000\r\n\r\n"
    b'{"ruleset": '
)


def connect(port: int, first: bytes = b"") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    if first:
        sock.sendall(first)
    sock.setblocking(False)
    return sock


def is_open(sock: socket.socket) -> bool:
    """True while the server has neither closed nor answered this connection."""
    try:
        sock.recv(1, socket.MSG_PEEK)
    except BlockingIOError:
        return True
    except OSError as error:
        if error.errno not in (errno.ECONNRESET, errno.EPIPE):
            raise
    return False


class Trickle(threading.Thread):
    """Sends one more byte on each of its connections every half second."""

    def __init__(self, socks: list[socket.socket], payload: bytes):
        super().__init__(daemon=True)
        self.socks, self.payload, self.stop = socks, payload, threading.Event()

    def run(self) -> None:
        sent = 0
        while not self.stop.wait(0.5):
            byte = self.payload[sent % len(self.payload) :][:1]
            sent += 1
            for sock in self.socks:
                with contextlib.suppress(OSError):
                    sock.send(byte)


class Attack:
    """``each`` idle connections, ``each`` whose headers trickle in and ``each`` whose
    bodies trickle in, held open until :meth:`close`."""

    def __init__(self, port: int, each: int = 50):
        self.idle = [connect(port) for _ in range(each)]
        self.slow_head = [connect(port, SLOW_HEAD) for _ in range(each)]
        self.slow_body = [connect(port, SLOW_BODY) for _ in range(each)]
        self.trickles = [
            Trickle(self.slow_head, b"X-Padding: aaaaaaaa\r\n"),
            Trickle(self.slow_body, b" "),
        ]
        for trickle in self.trickles:
            trickle.start()

    @property
    def held(self) -> list[socket.socket]:
        return self.idle + self.slow_head + self.slow_body

    def open_counts(self) -> dict[str, int]:
        return {
            "idle": sum(map(is_open, self.idle)),
            "slow headers": sum(map(is_open, self.slow_head)),
            "slow bodies": sum(map(is_open, self.slow_body)),
        }

    def close(self) -> None:
        for trickle in self.trickles:
            trickle.stop.set()
        for sock in self.held:
            sock.close()
