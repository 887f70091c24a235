"""Reading a contained child process (`jhalt.witness.processes`): its output, bounded, and its
exit status without reaping it (so that its process group stays ours until it is killed)."""

from __future__ import annotations

import os
import subprocess
import threading
import time
from typing import IO

from jhalt.witness.sandbox import without_notice

_OUTPUT_HEAD = 64 * 1024
_OUTPUT_TAIL = 256 * 1024


class BoundedOutput:
    """Drains a pipe on a thread, keeping its head and tail (a chatty program cannot fill the
    pipe and block, nor fill memory)."""

    def __init__(self, stream: IO[bytes] | None) -> None:
        self._stream = stream
        self._head = bytearray()
        self._tail = bytearray()
        self._dropped = 0
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._drain, daemon=True)
        self._thread.start()

    def _drain(self) -> None:
        if self._stream is None:
            return
        descriptor = self._stream.fileno()
        while chunk := os.read(descriptor, 65536):
            with self._lock:
                room = _OUTPUT_HEAD - len(self._head)
                self._head += chunk[:room]
                self._tail += chunk[room:] if room > 0 else chunk
                if len(self._tail) > _OUTPUT_TAIL:
                    excess = len(self._tail) - _OUTPUT_TAIL
                    self._dropped += excess
                    del self._tail[:excess]

    def text(self) -> str:
        with self._lock:
            gap = f"\n[… {self._dropped} bytes dropped …]\n".encode() if self._dropped else b""
            data = bytes(self._head) + gap + bytes(self._tail)
        return without_notice(data.decode("utf-8", "replace"))

    def size(self) -> int:
        with self._lock:
            return len(self._head) + len(self._tail) + self._dropped

    def join(self, timeout: float) -> None:
        self._thread.join(timeout)


def exit_status(process: subprocess.Popen[bytes], timeout_s: float) -> int | None:
    """Wait up to ``timeout_s`` for the process to end *without reaping it*, so that its process
    group id stays ours until the caller has killed the group (`jhalt.witness.processes.release`); None if still running."""
    deadline = time.monotonic() + timeout_s
    while True:
        info = os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        if info is not None:
            if info.si_code == os.CLD_EXITED:
                return info.si_status
            return -info.si_status  # killed by a signal, as subprocess reports it
        if time.monotonic() >= deadline:
            return None
        time.sleep(0.02)
