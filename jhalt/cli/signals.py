"""jhalt's answer to SIGINT, SIGTERM and SIGHUP: kill what it started, keep what it found, exit.

`handling` (around the command in `jhalt.cli.main.main`) sets one handler for the three
signals, and on leaving — normally, by an exception or by a crash — kills whatever is still
registered and restores the previous handlers. On the
first signal it SIGKILLs every registered process group and removes every registered scratch
directory (`jhalt.witness.processes.kill_all`: replay JVMs, batch workers and the JVMs they
announced) and raises `Interrupted` in the main thread, a `KeyboardInterrupt`, so that every
``finally`` block runs and ``check --all`` can still print the findings so far
(`jhalt.cli.batch`). The exit code is ``128 + signal``: 130 for SIGINT, 143 for SIGTERM, 129
for SIGHUP (`exit_code`). A second signal while that first one is being handled kills again and
ends the process at once with the first signal's code (``os._exit``): nothing waits on it.

Assumption: Python runs the handler in the main thread between two bytecodes, so a signal that
arrives while the main thread is inside a long C call (a z3 check) is handled when that call
returns; no JVM runs during the analysis itself, only during replays, which wait in Python.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from jhalt.witness.processes import kill_all

__all__ = ["HANDLED", "Interrupted", "exit_code", "handling"]

HANDLED = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
_received: list[int] = []


class Interrupted(KeyboardInterrupt):
    """A run stopped by ``signum``: raised by the handler in the main thread."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def exit_code(interrupt: BaseException) -> int:
    """``128 + signal`` of an `Interrupted`; 130 (SIGINT) for any other `KeyboardInterrupt`."""
    signum = interrupt.signum if isinstance(interrupt, Interrupted) else signal.SIGINT
    return 128 + int(signum)


def _handle(signum: int, frame: FrameType | None) -> None:
    kill_all()
    if _received:
        sys.stderr.flush()
        os._exit(128 + _received[0])
    _received.append(signum)
    raise Interrupted(signum)


@contextmanager
def handling() -> Iterator[None]:
    """Handle SIGINT, SIGTERM and SIGHUP as the module docstring says while the block runs; on
    leaving it, `kill_all` and the previous handlers back. Outside the main thread (where
    Python cannot set handlers) only the `kill_all` on leaving. A signal ignored on entry, such
    as SIGHUP under ``nohup``, stays ignored."""
    previous: dict[signal.Signals, signal._HANDLER] = {}
    if threading.current_thread() is threading.main_thread():
        _received.clear()
        for signum in HANDLED:
            handler = signal.getsignal(signum)
            if handler is not signal.SIG_IGN:
                previous[signum] = handler
                signal.signal(signum, _handle)
    try:
        yield
    finally:
        kill_all()
        for signum, handler in previous.items():
            signal.signal(signum, signal.SIG_DFL if handler is None else handler)
