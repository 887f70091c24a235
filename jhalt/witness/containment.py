"""Contained JVMs (issue 20): how jhalt starts the JVMs that run the analysed program or a
library's code — a replay, a reproducer, the public-API search, an observed run.

A contained JVM runs in a fresh scratch directory that is its working directory, ``HOME``,
``TMPDIR``, ``java.io.tmpdir`` and ``user.home``; with ``-Xmx`` (`REPLAY_HEAP`); with a
CPU-time limit (``RLIMIT_CPU``, set in the child before ``exec``) and, on Linux, a SIGKILL
when the thread that started it ends (``PR_SET_PDEATHSIG``); with an environment holding only
what the JVM needs (`contained_environment`: no ``CLASSPATH``, ``JAVA_TOOL_OPTIONS``,
``_JAVA_OPTIONS``, credentials); in the file-system sandbox (`jhalt.witness.sandbox`); and as
the leader of its own process group, registered in `jhalt.witness.processes` until released.
"""

from __future__ import annotations

import ctypes
import functools
import os
import resource
import signal
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO

from jhalt.witness.processes import start_group
from jhalt.witness.sandbox import Sandbox, sandbox_options

__all__ = [
    "REPLAY_HEAP",
    "allow_unsafe_replay",
    "contained_command",
    "contained_environment",
    "contained_popen",
    "cpu_limit_for",
]

REPLAY_HEAP = "256m"
# CPU seconds of a replay: twice its wall-clock wait (a witness may keep two cores busy) plus
# the JVM's start-up and JIT work. Only a backstop: the wait kills the replay long before.
CPU_FACTOR = 2.0
CPU_EXTRA_S = 30
_ENVIRONMENT_KEPT = ("PATH", "JAVA_HOME", "LANG", "LC_ALL")
_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
_LIBC = ctypes.CDLL(None, use_errno=True) if sys.platform.startswith("linux") else None
_unsafe_replay = False
"""``--unsafe-replay``: the user accepts replays without OS isolation when none can be had."""


def allow_unsafe_replay(allowed: bool) -> None:
    """Whether replays may run without OS isolation when none can be had (``--unsafe-replay``);
    set once by the CLI before any replay, in the process that replays (a forked worker
    inherits it)."""
    global _unsafe_replay
    _unsafe_replay = allowed


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


def contained_command(
    java: str, arguments: Sequence[str], scratch: Path, sandbox: Sandbox | None = Sandbox.HALT
) -> list[str]:
    """``java -Xmx… -Djava.io.tmpdir=SCRATCH -Duser.home=SCRATCH SANDBOX… ARGUMENTS…``: the
    heap bound, the temporary and home directories and the file-system sandbox
    (`jhalt.witness.sandbox`; None: none, for the JDK's own compiler only) come first, so the
    arguments (class path, main class, program arguments) are unchanged. ``user.home``
    matters: the JVM reads it from the password database, not from ``HOME``. Raises
    `SandboxUnavailable` (an `OSError`) when the sandbox cannot be built."""
    sandboxed = [] if sandbox is None else sandbox_options(java, scratch, sandbox)
    return [
        java,
        f"-Xmx{REPLAY_HEAP}",
        f"-Djava.io.tmpdir={scratch}",
        f"-Duser.home={scratch}",
        *sandboxed,
        *arguments,
    ]


def contained_popen(
    java: str,
    arguments: Sequence[str],
    scratch: Path,
    cpu_s: int,
    stdout: int | IO[bytes] | None = subprocess.PIPE,
    stderr: int | IO[bytes] | None = subprocess.PIPE,
    sandbox: Sandbox | None = Sandbox.HALT,
) -> subprocess.Popen[bytes]:
    """Start `contained_command` contained (module docstring): working directory ``scratch``
    (which must exist), environment `contained_environment`, at most ``cpu_s`` CPU seconds,
    stdin from /dev/null, in its own registered process group, in ``sandbox``. Raises
    `OSError` when it cannot start."""
    return start_group(
        contained_command(java, arguments, scratch, sandbox),
        "java replay",
        cwd=str(scratch),
        env=contained_environment(scratch),
        stdin=subprocess.DEVNULL,
        stdout=stdout,
        stderr=stderr,
        preexec_fn=functools.partial(_in_the_child, cpu_s, os.getpid()),
    )
