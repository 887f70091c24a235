"""Networking inside the jail: its own loopback brought up, and `Relay`, which carries the TCP
connections made to a port of the host's loopback to the same port of the jail's loopback (a
debugger outside talking to a JVM's debug agent inside: `jhalt.dynamic.confirm`)."""

from __future__ import annotations

import fcntl
import select
import socket
import struct
import threading
import time

__all__ = ["Relay", "loopback_up"]

_SIOCGIFFLAGS, _SIOCSIFFLAGS, _IFF_UP = 0x8913, 0x8914, 0x1
_CONNECT_WITHIN_S = 30.0
_CHUNK = 65536


def loopback_up() -> None:
    """Bring up the ``lo`` interface of this (new) network namespace."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        request = struct.pack("16sH22x", b"lo", 0)
        flags = struct.unpack("16sH22x", fcntl.ioctl(probe, _SIOCGIFFLAGS, request))[1]
        fcntl.ioctl(probe, _SIOCSIFFLAGS, struct.pack("16sH22x", b"lo", flags | _IFF_UP))


class Relay(threading.Thread):
    """Accepts connections on ``listener`` (bound on the host's side) and joins each to
    ``127.0.0.1:port`` in the jail, retried until the jail's program listens
    (`_CONNECT_WITHIN_S`). A daemon thread: it ends with the process that holds it."""

    def __init__(self, listener: socket.socket, port: int) -> None:
        super().__init__(daemon=True)
        self.listener = listener
        self.port = port

    def run(self) -> None:
        while True:
            try:
                outside, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._join, args=(outside,), daemon=True).start()

    def _join(self, outside: socket.socket) -> None:
        inside = self._connect()
        if inside is None:
            outside.close()
            return
        _pump(outside, inside)

    def _connect(self) -> socket.socket | None:
        deadline = time.monotonic() + _CONNECT_WITHIN_S
        while time.monotonic() < deadline:
            inside = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            try:
                inside.connect(("127.0.0.1", self.port))  # a numeric address: no name lookup
                return inside
            except OSError:
                inside.close()
                time.sleep(0.02)
        return None


def _pump(first: socket.socket, second: socket.socket) -> None:
    """Copy bytes both ways until either side closes."""
    peers = {first: second, second: first}
    for end in peers:
        end.settimeout(None)
        # a debugger's small request-reply packets: no Nagle delay against delayed ACKs
        end.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        while True:
            readable, _, _ = select.select(list(peers), [], [])
            for end in readable:
                data = end.recv(_CHUNK)
                if not data:
                    return
                peers[end].sendall(data)
    except OSError:
        return
    finally:
        first.close()
        second.close()
