"""`JdwpClient` against a scripted fake agent: handshake, replies, errors, VM exit."""

from __future__ import annotations

import socket
import struct
import threading
from collections.abc import Callable

import pytest

from jhalt.dynamic.jdwp import JdwpClient
from jhalt.dynamic.jdwp_wire import HANDSHAKE, JdwpError, VmGoneError

Handler = Callable[[socket.socket, int, int, int, bytes], bool]  # False: stop serving


def _read_command(conn: socket.socket) -> tuple[int, int, int, bytes] | None:
    header = b""
    while len(header) < 11:
        try:
            chunk = conn.recv(11 - len(header))
        except OSError:
            return None
        if not chunk:
            return None
        header += chunk
    length, packet_id, _, command_set, command = struct.unpack(">iiBBB", header)
    body = b""
    while len(body) < length - 11:
        body += conn.recv(length - 11 - len(body))
    return packet_id, command_set, command, body


def _reply(conn: socket.socket, packet_id: int, data: bytes = b"", error: int = 0) -> None:
    conn.sendall(struct.pack(">iiBH", 11 + len(data), packet_id, 0x80, error) + data)


def _id_sizes(conn: socket.socket, packet_id: int) -> None:
    _reply(conn, packet_id, struct.pack(">iiiii", 8, 8, 8, 8, 8))


def _fake_agent(handler: Handler, handshake: bytes = HANDSHAKE) -> tuple[int, threading.Thread]:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    port = server.getsockname()[1]

    def serve() -> None:
        conn, _ = server.accept()
        with conn, server:
            conn.recv(len(HANDSHAKE))
            conn.sendall(handshake)
            while True:
                command = _read_command(conn)
                if command is None:
                    return
                packet_id, cset, cmd, body = command
                if (cset, cmd) == (1, 7):
                    _id_sizes(conn, packet_id)
                elif not handler(conn, packet_id, cset, cmd, body):
                    return

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    return port, thread


def test_replies_are_decoded() -> None:
    def handler(conn, packet_id, cset, cmd, body):  # type: ignore[no-untyped-def]
        assert (cset, cmd) == (1, 1)
        text = b"fake agent"
        _reply(conn, packet_id, struct.pack(">i", len(text)) + text + b"\x00" * 20)
        return True

    port, _ = _fake_agent(handler)
    client = JdwpClient.connect("127.0.0.1", port)
    assert client.version() == "fake agent"
    client.close()


def test_error_replies_name_the_error() -> None:
    def handler(conn, packet_id, cset, cmd, body):  # type: ignore[no-untyped-def]
        _reply(conn, packet_id, error=112)  # VM_DEAD
        return True

    port, _ = _fake_agent(handler)
    client = JdwpClient.connect("127.0.0.1", port)
    with pytest.raises(JdwpError, match="VM_DEAD") as info:
        client.all_threads()
    assert info.value.error_code == 112
    client.close()


def test_a_closed_connection_is_vm_gone() -> None:
    port, _ = _fake_agent(lambda *args: False)  # closes on the first command
    client = JdwpClient.connect("127.0.0.1", port)
    with pytest.raises(VmGoneError):
        client.all_threads()
    with pytest.raises(VmGoneError):
        client.next_event(0.1)
    client.close()


def test_silence_is_a_timeout() -> None:
    port, _ = _fake_agent(lambda *args: True)  # never answers
    client = JdwpClient.connect("127.0.0.1", port)
    client.timeout = 0.2
    with pytest.raises(JdwpError, match="timed out"):
        client.all_threads()
    client.close()


def test_a_wrong_handshake_is_rejected() -> None:
    port, _ = _fake_agent(lambda *args: True, handshake=b"SSH-2.0-OpenSSH")
    with pytest.raises(JdwpError, match="not a JDWP agent"):
        JdwpClient.connect("127.0.0.1", port)


def test_truncated_reply_is_a_clear_error() -> None:
    def handler(conn, packet_id, cset, cmd, body):  # type: ignore[no-untyped-def]
        _reply(conn, packet_id, struct.pack(">i", 3))  # says 3 threads, sends none
        return True

    port, _ = _fake_agent(handler)
    client = JdwpClient.connect("127.0.0.1", port)
    with pytest.raises(JdwpError, match="truncated"):
        client.all_threads()
    client.close()


def test_events_arrive_on_the_queue() -> None:
    def handler(conn, packet_id, cset, cmd, body):  # type: ignore[no-untyped-def]
        _reply(conn, packet_id, struct.pack(">i", 0))
        # a composite event: VM_DEATH (kind 99, request 0)
        event = struct.pack(">BiBi", 0, 1, 99, 0)
        conn.sendall(struct.pack(">iiBBB", 11 + len(event), 1, 0, 64, 100) + event)
        return True

    port, _ = _fake_agent(handler)
    client = JdwpClient.connect("127.0.0.1", port)
    assert client.all_threads() == []
    with pytest.raises(VmGoneError, match="exited"):
        client.next_event(2.0)
    client.close()
