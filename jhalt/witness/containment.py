"""Contained JVMs (issue 20): how jhalt starts the JVMs that run the analysed program or a
library's code — a replay, a reproducer, the public-API search, an observed run.

A contained JVM runs in a fresh scratch directory that is its working directory, ``HOME``,
``TMPDIR``, ``java.io.tmpdir`` and ``user.home``; with ``-Xmx`` (`REPLAY_HEAP`); with a
CPU-time limit (``RLIMIT_CPU``, set in the child before ``exec``) and, on Linux, a SIGKILL
when the thread that started it ends (``PR_SET_PDEATHSIG``); with an environment holding only
what the JVM needs (`contained_environment`: no ``CLASSPATH``, ``JAVA_TOOL_OPTIONS``,
``_JAVA_OPTIONS``, credentials); in the OS sandbox (`jhalt.witness.isolation`: namespaces and
Landlock), with the Security Manager (`jhalt.witness.sandbox`) inside where the JDK accepts
it; without the attach mechanism and performance-data files (nothing in ``/tmp``; thread dumps
are asked for with SIGQUIT); and as the leader of its own process group, registered in
`jhalt.witness.processes` until released.

A replay whose witness is a whole invocation (issue 33: standard input, environment variables;
`jhalt.witness.invocation`) runs its JVMs inside `feeding`: every contained JVM of the analysed
program started in that context (by this thread) — the run judged, the overflow runs, the
observed run — gets the witness's standard input instead of /dev/null, its variables on
top of the minimal environment and its files in its working directory (the scratch
directory, made before the jail is entered). jhalt's own helpers (``sandbox`` None: the compile server)
never do.
"""

from __future__ import annotations

import functools
import os
import resource
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import IO

from jhalt.witness.invocation import Invocation
from jhalt.witness.isolation import (
    Isolation,
    SandboxUnavailable,
    allow_unsafe_replay,
    chosen,
    jailed,
    prepare_scratch,
    probes,
    unenterable,
    unreadable,
    unsafe_replay_allowed,
)
from jhalt.witness.jail.launch import Spec
from jhalt.witness.processes import die_with_parent, start_group
from jhalt.witness.sandbox import Sandbox, sandbox_options

__all__ = [
    "QUIET_JVM",
    "REPLAY_HEAP",
    "allow_unsafe_replay",
    "contained_command",
    "contained_environment",
    "contained_popen",
    "cpu_limit_for",
    "feeding",
]

REPLAY_HEAP = "256m"
# CPU seconds of a replay: twice its wall-clock wait (a witness may keep two cores busy) plus
# the JVM's start-up and JIT work. Only a backstop: the wait kills the replay long before.
CPU_FACTOR = 2.0
CPU_EXTRA_S = 30
_ENVIRONMENT_KEPT = ("PATH", "JAVA_HOME", "LANG", "LC_ALL")
QUIET_JVM = ("-XX:+DisableAttachMechanism", "-XX:-UsePerfData")
"""No attach listener (no ``/tmp/.java_pid*`` socket: jhalt never attaches to a contained JVM,
it asks for thread dumps with SIGQUIT) and no ``hsperfdata`` files."""
_CLASS_PATH_OPTIONS = ("-cp", "-classpath", "--class-path")
_PATH_PREFIXES = ("-Xbootclasspath/a:", "-javaagent:", "-agentpath:")


def contained_environment(scratch: Path) -> dict[str, str]:
    """What the JVM needs of the environment: ``PATH``, ``JAVA_HOME`` (if set), the locale
    (``LANG``, ``LC_ALL``), and ``HOME`` and ``TMPDIR`` pointing into ``scratch``."""
    kept = {name: os.environ[name] for name in _ENVIRONMENT_KEPT if name in os.environ}
    return {**kept, "HOME": str(scratch), "TMPDIR": str(scratch)}


_FED: ContextVar[Invocation | None] = ContextVar("jhalt_fed_invocation", default=None)


@contextmanager
def feeding(invocation: Invocation | None) -> Iterator[None]:
    """Within it, the contained JVMs of the analysed program this thread starts get
    ``invocation``'s standard input and variables (module docstring)."""
    token = _FED.set(invocation)
    try:
        yield
    finally:
        _FED.reset(token)


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
    die_with_parent(signal.SIGKILL, parent)


def contained_command(
    java: str, arguments: Sequence[str], scratch: Path, sandbox: Sandbox | None = Sandbox.REFUSE
) -> list[str]:
    """``java -Xmx… -Djava.io.tmpdir=SCRATCH -Duser.home=SCRATCH SANDBOX… ARGUMENTS…``: the
    heap bound, the temporary and home directories and the file-system sandbox
    (`jhalt.witness.sandbox`; None: none, for the JDK's own compiler only) come first, so the
    arguments (class path, main class, program arguments) are unchanged. ``user.home``
    matters: the JVM reads it from the password database, not from ``HOME``. Raises
    `SandboxUnavailable` (an `OSError`) when the sandbox cannot be built."""
    sandboxed = [] if sandbox is None else [*QUIET_JVM, *sandbox_options(java, scratch, sandbox)]
    return [
        java,
        f"-Xmx{REPLAY_HEAP}",
        f"-Djava.io.tmpdir={scratch}",
        f"-Duser.home={scratch}",
        *sandboxed,
        *arguments,
    ]


def _in_jail(command: list[str], scratch: Path, ports: Sequence[int]) -> list[str]:
    """``command`` (a contained ``java`` command line) in the OS sandbox chosen here
    (`jhalt.witness.isolation`); unchanged without one when ``--unsafe-replay`` allows it.
    Raises `SandboxUnavailable` saying why it cannot run."""
    layer = chosen()
    if layer is Isolation.NONE:
        if unsafe_replay_allowed():
            return command
        why = "; ".join(f"{probe.layer.value}: {probe.detail}" for probe in probes())
        raise SandboxUnavailable(f"no sandbox works here ({why}; see `jhalt doctor`)")
    java = os.path.realpath(shutil.which(command[0]) or command[0])
    visible = [*_jdk_paths(java), *_paths_in(command[1:])]
    prepare_scratch(scratch, layer)
    blocked = unreadable(visible, layer) or unenterable(str(scratch), layer)
    if blocked:
        raise SandboxUnavailable(
            f"the sandbox's user (nobody) cannot read {blocked}: make it readable by others "
            "or run jhalt as an ordinary user"
        )
    spec = Spec(str(scratch), tuple(visible), layer.value, tuple(ports))
    return jailed([java, *command[1:]], spec)


def _jdk_paths(java: str) -> list[str]:
    """What of the JDK the jail must see: its home when ``java`` sits in one (``bin/java`` next
    to ``lib``), else the executable alone."""
    home = Path(java).parent.parent
    return [str(home)] if (home / "lib").is_dir() else [java]


def _paths_in(arguments: Sequence[str]) -> list[str]:
    """The absolute files and directories ``java``'s options name: class path entries, the boot
    class path's additions, agents."""
    found: list[str] = []
    for index, argument in enumerate(arguments):
        if argument in _CLASS_PATH_OPTIONS and index + 1 < len(arguments):
            found.extend(arguments[index + 1].split(os.pathsep))
        for prefix in _PATH_PREFIXES:
            if argument.startswith(prefix):
                value = argument.removeprefix(prefix).split("=", 1)[0]
                found.extend(value.split(os.pathsep) if prefix.startswith("-X") else [value])
        if not argument.startswith("-"):
            break  # the main class: what follows are the program's own arguments
    return [os.path.abspath(path) for path in found if path and os.path.exists(path)]


def contained_popen(
    java: str,
    arguments: Sequence[str],
    scratch: Path,
    cpu_s: int,
    stdout: int | IO[bytes] | None = subprocess.PIPE,
    stderr: int | IO[bytes] | None = subprocess.PIPE,
    sandbox: Sandbox | None = Sandbox.REFUSE,
    ports: Sequence[int] = (),
    stdin: int | IO[bytes] | None = subprocess.DEVNULL,
) -> subprocess.Popen[bytes]:
    """Start `contained_command` contained (module docstring): working directory ``scratch``
    (which must exist), environment `contained_environment`, at most ``cpu_s`` CPU seconds,
    stdin from /dev/null unless ``stdin`` says otherwise (the compile server reads its secret
    there) or the run is `feeding` a witness's invocation, in its own registered process group; with ``sandbox`` (analysed code) in the OS
    sandbox, whose loopback the TCP ``ports`` of the host's loopback reach (a debug agent's).
    ``sandbox`` None: jhalt's own helper (the compile server), no sandbox. Raises `OSError`
    when it cannot start (`SandboxUnavailable` when the sandbox cannot be had)."""
    command = contained_command(java, arguments, scratch, sandbox)
    environment = contained_environment(scratch)
    invocation = _FED.get() if sandbox is not None else None
    if invocation is not None:
        invocation.create_files(scratch)
    if sandbox is not None:
        command = _in_jail(command, scratch, ports)
    with ExitStack() as opened:
        if invocation is not None:
            environment = invocation.environment(environment)
            data = invocation.stdin_bytes()
            if data is not None and stdin is subprocess.DEVNULL:
                stdin = opened.enter_context(tempfile.TemporaryFile())  # unlinked: no name
                stdin.write(data)
                stdin.seek(0)
        return start_group(
            command,
            "java replay",
            cwd=str(scratch),
            env=environment,
            stdin=stdin,
            stdout=stdout,
            stderr=stderr,
            preexec_fn=functools.partial(_in_the_child, cpu_s, os.getpid()),
        )
