"""The child processes jhalt starts, contained, and the registry of the live ones (issue 20).

Every JVM jhalt starts (a replay, a reproducer run, a `watch`ed program) is the leader of its
own session and process group, registered here until it is released. A replay runs
*contained* (`contained_popen`): in a fresh scratch directory that is its working directory,
``HOME``, ``TMPDIR`` and ``java.io.tmpdir``; with ``-Xmx`` (`REPLAY_HEAP`); with a CPU-time
limit (``RLIMIT_CPU``, set in the child before ``exec``) and, on Linux, a SIGKILL when the
thread that started it ends (``PR_SET_PDEATHSIG``); and with an environment holding only what
the JVM needs (`contained_environment`). Nothing else of the user's environment reaches
it (no ``CLASSPATH``, ``JAVA_TOOL_OPTIONS``, ``_JAVA_OPTIONS``, credentials).

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
import functools
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Literal

__all__ = [
    "REPLAY_HEAP",
    "TEAR_DOWN_SIGNALS",
    "Observer",
    "contained_command",
    "contained_environment",
    "contained_popen",
    "cpu_limit_for",
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

REPLAY_HEAP = "256m"
# CPU seconds of a replay: twice its wall-clock wait (a witness may keep two cores busy) plus
# the JVM's start-up and JIT work. Only a backstop: the wait kills the replay long before.
CPU_FACTOR = 2.0
CPU_EXTRA_S = 30
_ENVIRONMENT_KEPT = ("PATH", "JAVA_HOME", "LANG", "LC_ALL")
_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
_LIBC = ctypes.CDLL(None, use_errno=True) if sys.platform.startswith("linux") else None

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
    forget_group(process.pid)


def hand_over(process: subprocess.Popen[bytes]) -> None:
    """Unregister a process that is meant to outlive jhalt (``watch --keep-running``)."""
    forget_group(process.pid)


def contained_environment(scratch: Path) -> dict[str, str]:
    """What the JVM needs of the environment: ``PATH``, ``JAVA_HOME`` (if set), the locale
    (``LANG``, ``LC_ALL``), and ``HOME`` and ``TMPDIR`` pointing into ``scratch``."""
    kept = {name: os.environ[name] for name in _ENVIRONMENT_KEPT if name in os.environ}
    return {**kept, "HOME": str(scratch), "TMPDIR": str(scratch)}


def cpu_limit_for(wall_s: float) -> int:
    """The CPU-time limit (seconds) of a replay allowed ``wall_s`` seconds of wall time."""
    return int(CPU_FACTOR * max(0.0, wall_s)) + CPU_EXTRA_S


def _in_the_child(cpu_s: int, parent: int) -> None:
    """Run in the child between fork and exec. The CPU limit: the soft limit sends SIGXCPU,
    the hard one SIGKILL a few seconds later. On Linux also SIGKILL when the thread that
    started it ends (``PR_SET_PDEATHSIG``) — even a SIGKILL of jhalt then ends the replay;
    assumption: the starting thread waits for the replay (`release`) before it ends, as
    `jhalt.witness.replay` does. A parent already gone before that was set: die now."""
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_s, cpu_s + 5))
    if _LIBC is not None:
        _LIBC.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent:
            os.kill(os.getpid(), signal.SIGKILL)


def contained_command(java: str, arguments: Sequence[str], scratch: Path) -> list[str]:
    """``java -Xmx… -Djava.io.tmpdir=SCRATCH -Duser.home=SCRATCH ARGUMENTS…``: the heap bound,
    the temporary directory and the home directory come first, so the arguments (class path,
    main class, program arguments) are unchanged. ``user.home`` matters: the JVM reads it from
    the password database, not from ``HOME``, and the public-API search runs library methods
    with arbitrary arguments (a library's "user home" must be the scratch directory — on
    2026-11-26 a whole-library run of commons-lang3 coincided three times with the user's home
    being emptied; a file-system sandbox for these JVMs is still to be built)."""
    return [
        java,
        f"-Xmx{REPLAY_HEAP}",
        f"-Djava.io.tmpdir={scratch}",
        f"-Duser.home={scratch}",
        *arguments,
    ]


def contained_popen(
    java: str,
    arguments: Sequence[str],
    scratch: Path,
    cpu_s: int,
    stdout: int | IO[bytes] | None = subprocess.PIPE,
    stderr: int | IO[bytes] | None = subprocess.PIPE,
) -> subprocess.Popen[bytes]:
    """Start `contained_command` contained (module docstring): working directory ``scratch`` (which must exist), environment `contained_environment`, at
    most ``cpu_s`` CPU seconds, stdin from /dev/null, in its own registered process group.
    Raises `OSError` when it cannot start."""
    return start_group(
        contained_command(java, arguments, scratch),
        "java replay",
        cwd=str(scratch),
        env=contained_environment(scratch),
        stdin=subprocess.DEVNULL,
        stdout=stdout,
        stderr=stderr,
        preexec_fn=functools.partial(_in_the_child, cpu_s, os.getpid()),
    )
