"""Starting the JVM of a replay, and the ways a replay ends without running the program
(issue 32): no sandbox to run it in, a JVM that refuses its own options, a class the JVM
refuses. None of these says anything about the witness: each is `Replay.NOT_RUN` ("not
replayed, because …"), never unconfirmed.

* No sandbox: `contained_popen` raises `SandboxUnavailable` when no isolation can be had and
  the user did not pass ``--unsafe-replay``. `start_replay_jvm` raises it on as
  `NotReplayed`, which is not an `OSError`: it passes the handlers of a JVM that failed to
  start for another reason and reaches the replay, which answers NOT_RUN with its reason.
* Options refused: a JVM that stops before running anything because of its command line
  (``Unrecognized VM option``, ``Could not create the Java Virtual Machine``, a JDK that no
  longer lets a security manager be set) says so and exits with a non-zero code:
  `refused_options` recognises it. Where it says so depends on the complaint: the launcher's
  (``Unrecognized option``) go to standard error, the VM's initialisation errors (``Error
  occurred during initialization of VM``, the security manager refused) to standard output;
  both streams are read.
* The class refused: ``UnsupportedClassVersionError`` (class files newer than the JVM) is
  NOT_RUN too; the launcher's own complaint (``Error: Main method not found …``) is an
  unconfirmed result that `jhalt.witness.replay` retries through a reproducer.

Assumption: the JVM's complaints about its start come before any output of the program, so
only the first `_HEAD_LINES` lines of each stream are read: a program that prints such a line
itself, later, is not taken for a refusal.
"""

from __future__ import annotations

import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import IO

from jhalt.findings import Replay
from jhalt.witness.claim import ReplayResult, not_replayed
from jhalt.witness.containment import contained_popen
from jhalt.witness.sandbox import SandboxUnavailable

__all__ = [
    "LAUNCHER_REFUSED",
    "NOT_STARTED",
    "NotReplayed",
    "could_not_start",
    "launch_refusal",
    "refused_options",
    "start_replay_jvm",
]

LAUNCHER_REFUSED = "the java launcher refused the class"
NOT_STARTED = "java could not be started"
_OPTIONS_REFUSED = "the JVM refused its options"
_VERSION_REFUSAL = "java.lang.UnsupportedClassVersionError: "
_HEAD_LINES = 12
_NOT_CREATED = "Error: Could not create the Java Virtual Machine"
"""The launcher's last word when the JVM would not start (after an unrecognised option)."""
_INIT_FAILED = "Error occurred during initialization of VM"
"""The VM's first word when its initialisation failed (the security manager refused, a heap
too small): the first line of standard output."""
_GENERIC = (_NOT_CREATED, _INIT_FAILED, "Error: A fatal exception has occurred")
_TELLING = (
    "Enabling a Security Manager is not supported",
    "attempted to allow or enable the Security Manager",
    "Unrecognized VM option",
    "Unrecognized option",
)
"""Lines that say best what was refused, most telling first."""


class NotReplayed(Exception):
    """A replay that cannot run, because `why` (module docstring): the replay answers
    `Replay.NOT_RUN` with it."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def start_replay_jvm(
    java: str,
    arguments: Sequence[str],
    scratch: Path,
    cpu_s: int,
    stdout: int | IO[bytes] | None = subprocess.PIPE,
    stderr: int | IO[bytes] | None = subprocess.PIPE,
    ports: Sequence[int] = (),
) -> subprocess.Popen[bytes]:
    """`contained_popen` in the sandbox that ends the JVM at a refused operation (``ports``:
    TCP ports carried into the OS sandbox, a debug agent's); raises
    `NotReplayed` when there is no sandbox (module docstring), `OSError` when the JVM cannot
    start for another reason."""
    try:
        return contained_popen(java, arguments, scratch, cpu_s, stdout, stderr, ports=ports)
    except SandboxUnavailable as error:
        why = str(error)
        raise NotReplayed(why if "sandbox" in why else f"no sandbox ({why})") from error


def refused_options(code: int | None, *outputs: str) -> str | None:
    """Why a JVM that ended with exit code ``code`` did not run the program because of its
    options ("the JVM refused its options (LINE)"), or None. ``outputs``: what it printed
    (standard error, standard output: module docstring). A refusal is known by the JVM's own
    words only — the launcher's "Could not create the Java Virtual Machine" in the head of an
    output, or "Error occurred during initialization of VM" as its first line — not by a
    program that prints "Unrecognized option" about its own arguments. LINE is the most
    telling line (`_TELLING`), else the first that is not one of those two."""
    if not code:
        return None
    heads = [
        [line.strip() for line in output.splitlines()[:_HEAD_LINES] if line.strip()]
        for output in outputs
    ]
    created = not any(line.startswith(_NOT_CREATED) for head in heads for line in head)
    if created and not any(head[:1] == [_INIT_FAILED] for head in heads):
        return None
    lines = [line for head in heads for line in head]
    telling = (line for mark in _TELLING for line in lines if mark in line)
    specific = (line for line in lines if not line.startswith(_GENERIC))
    shown = next(telling, None) or next(specific, None) or lines[0]
    return f"{_OPTIONS_REFUSED} ({shown})"


def launch_refusal(code: int, stderr: str, stdout: str = "") -> ReplayResult | None:
    """The JVM's or the launcher's refusal to run the program (module docstring), or None
    when it ran."""
    refused = refused_options(code, stderr, stdout)
    if refused is not None:
        return not_replayed(refused)
    at = stderr.find(_VERSION_REFUSAL)
    if code != 0 and at >= 0:
        line = stderr[at:].splitlines()[0].removeprefix("java.lang.")
        return not_replayed(f"the local JVM cannot load the class ({line})")
    if code == 1 and stderr.startswith("Error: "):
        first = stderr.splitlines()[0]
        return ReplayResult(Replay.UNCONFIRMED, f"{LAUNCHER_REFUSED}: {first}")
    return None


def could_not_start(detail: str) -> bool:
    """Whether a replay's detail says its JVM could not start here — no sandbox, its options
    refused, ``java`` not started: a state of this machine and JDK at the time, which a later
    run may not meet (the results cache does not keep such an answer)."""
    return any(mark in detail for mark in ("sandbox", _OPTIONS_REFUSED, NOT_STARTED))
