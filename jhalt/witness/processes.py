"""The child processes jhalt starts and the registry of the live ones (issue 20).

Every JVM jhalt starts (a replay, a reproducer run, a `watch`ed program) is the leader of its
own session and process group (`start_group`), registered here until it is released; how the
JVMs that run the analysed program are contained is `jhalt.witness.containment`.

The registry also holds the scratch directories (`scratch_directory`). `kill_all` sends
SIGKILL to every registered group and removes every registered directory: the CLI's signal
handlers and its crash path call it, so that nothing jhalt started outlives it. A batch worker
sets an `Observer` so that its parent learns the groups and directories it must tear down if it
kills the worker (`jhalt.cli.batch`).

Assumptions, stated where they matter: a group is killed while its leader is alive or an
unreaped zombie (our child), so its id cannot have been reused; the registry is a plain dict
changed by single, GIL-atomic operations, so a signal handler running between two bytecodes of
the main thread sees a consistent snapshot. A SIGKILL of jhalt itself cannot be caught: then the
parent-death signal (Linux) or else the CPU-time limit ends a replay that would otherwise run
forever, and its scratch directory stays.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Literal

__all__ = [
    "TEAR_DOWN_SIGNALS",
    "Observer",
    "die_with_parent",
    "forget_all",
    "forget_directory",
    "forget_group",
    "hand_over",
    "kill_all",
    "kill_group",
    "live_groups",
    "register_directory",
    "register_group",
    "release",
    "scratch_directory",
    "set_observer",
    "signals_blocked",
    "start_group",
]


_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
_LIBC = ctypes.CDLL(None, use_errno=True) if sys.platform.startswith("linux") else None


def die_with_parent(signum: int, parent: int) -> None:
    """Linux: receive ``signum`` when the thread that started this process ends
    (``PR_SET_PDEATHSIG``); a ``parent`` already gone before that was set: ``signum`` now.
    Elsewhere nothing (the CPU-time limits are the backstop)."""
    if _LIBC is None:
        return
    _LIBC.prctl(_PR_SET_PDEATHSIG, signum)
    if os.getppid() != parent:
        os.kill(os.getpid(), signum)


Kind = Literal["group", "directory"]
# (event, kind, value): ("add" | "remove", "group" | "directory", pgid or path)
Observer = Callable[[str, Kind, "int | str"], None]

_groups: dict[int, str] = {}  # process group id → what it runs (for messages)
_directories: dict[str, str] = {}  # scratch directory → itself (an ordered set)
_observer: list[Observer] = []


def set_observer(observer: Observer | None) -> None:
    """Tell ``observer`` of every group and directory added or removed (None: nobody)."""
    _observer.clear()
    if observer is not None:
        _observer.append(observer)


def _notify(event: str, kind: Kind, value: int | str) -> None:
    for observer in list(_observer):
        try:
            observer(event, kind, value)
        except (OSError, ValueError):
            pass  # the parent is gone; the registry itself still holds the entry


def register_group(pgid: int, what: str = "") -> None:
    """Track the process group ``pgid`` until `release` or `kill_all`."""
    _groups[pgid] = what
    _notify("add", "group", pgid)


def register_directory(path: str | Path) -> None:
    """Track the scratch directory ``path``: `kill_all` removes it."""
    _directories[str(path)] = str(path)
    _notify("add", "directory", str(path))


def forget_group(pgid: int) -> None:
    """Stop tracking the group ``pgid`` (released, or handed over)."""
    _groups.pop(pgid, None)
    _notify("remove", "group", pgid)


def forget_directory(path: str) -> None:
    """Stop tracking the directory ``path`` (removed)."""
    _directories.pop(path, None)
    _notify("remove", "directory", path)


def live_groups() -> list[int]:
    """The registered process group ids, oldest first."""
    return list(_groups.copy())


def kill_group(pgid: int) -> None:
    """SIGKILL the whole group ``pgid``; silent when it is gone."""
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def kill_all() -> None:
    """SIGKILL every registered group and remove every registered directory, and forget them
    (safe in a signal handler and on any exit path; callable any number of times). The
    leaders are not reaped here: whoever holds their `Popen` does (`release`)."""
    for pgid in _groups.copy():
        kill_group(pgid)
        _groups.pop(pgid, None)
    for path in _directories.copy():
        shutil.rmtree(path, ignore_errors=True)
        _directories.pop(path, None)


def forget_all() -> None:
    """Drop every entry without touching it: a forked worker's copy of its parent's registry,
    whose entries are the parent's to tear down."""
    _groups.clear()
    _directories.clear()
    _observer.clear()


@contextmanager
def scratch_directory(prefix: str) -> Iterator[Path]:
    """A fresh directory under the temporary root, registered while it exists and removed on
    leaving the block (whatever happens)."""
    path = tempfile.mkdtemp(prefix=prefix)
    register_directory(path)
    try:
        yield Path(path)
    finally:
        shutil.rmtree(path, ignore_errors=True)
        forget_directory(path)


TEAR_DOWN_SIGNALS = frozenset({signal.SIGINT, signal.SIGTERM, signal.SIGHUP})


@contextmanager
def signals_blocked() -> Iterator[None]:
    """`TEAR_DOWN_SIGNALS` held back in this thread for the block (a critical section: a fork
    and its registration, a debugger's detach); one that arrived meanwhile is delivered when
    the block ends. A process forked inside the block starts with them blocked too."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, TEAR_DOWN_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def start_group(command: Sequence[str], what: str = "", **popen: object) -> subprocess.Popen[bytes]:
    """``subprocess.Popen(command, **popen)`` as the leader of a new session (its own process
    group), registered. Raises `OSError` when it cannot start."""
    process: subprocess.Popen[bytes] = subprocess.Popen(  # type: ignore[call-overload]
        list(command), start_new_session=True, **popen
    )
    register_group(process.pid, what or os.path.basename(command[0]))
    return process


def release(process: subprocess.Popen[bytes]) -> None:
    """Kill the process's whole group (its own children too), reap the leader, unregister it.

    The leader is alive or an unreaped zombie until ``wait`` here, so the group id is still
    ours when it is killed."""
    kill_group(process.pid)
    process.wait()
    _wait_for_group_end(process.pid)
    forget_group(process.pid)


GROUP_END_WAIT_S = 2.0
"""How long `release` waits for the rest of a killed group to be gone (its members are reaped
by their own parents, or by init when those died first: an OS sandbox's processes)."""


def _wait_for_group_end(pgid: int) -> None:
    """Return once every process of group ``pgid`` has ended (at most `GROUP_END_WAIT_S`). An
    ended process whose parent died first may wait a while to be reaped by init: it runs
    nothing any more, so it counts as ended."""
    deadline = time.monotonic() + GROUP_END_WAIT_S
    while _running_in_group(pgid) and time.monotonic() < deadline:
        time.sleep(0.005)


def _running_in_group(pgid: int) -> bool:
    """Whether a process of group ``pgid`` is alive and not a zombie (``/proc``; on a system
    without it, whether the group has any member at all)."""
    try:
        os.killpg(pgid, 0)
    except (ProcessLookupError, PermissionError):
        return False
    try:
        entries = os.listdir("/proc")
    except OSError:
        return True
    for name in entries:
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat", "rb") as handle:
                    fields = handle.read().rsplit(b")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] not in (b"Z", b"X"):
                return True
    return False


def hand_over(process: subprocess.Popen[bytes]) -> None:
    """Unregister a process that is meant to outlive jhalt (``watch --keep-running``)."""
    forget_group(process.pid)
