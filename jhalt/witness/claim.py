"""What a replay is asked and what it answers (split from `jhalt.witness.replay`, which
re-exports every name): the JDK tools it uses (`Jdk`, `find_jdk`), the `Claim` of a finding
judged on the JVM, and the `ReplayResult` (`skipped`: one that did not run)."""

from __future__ import annotations

import dataclasses
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from jhalt.findings import Finding, Replay, Witness
from jhalt.ids import MethodId
from jhalt.witness.reproducer import NON_TERMINATION
from jhalt.witness.stacks import StackFrame

__all__ = ["Claim", "Jdk", "ReplayResult", "find_jdk", "skipped"]


@dataclass(frozen=True)
class Jdk:
    """The JDK tools replay uses; ``javac`` / ``jcmd`` / ``jstack`` may be missing (a JRE)."""

    java: str
    javac: str | None = None
    jcmd: str | None = None
    jstack: str | None = None


def find_jdk() -> Jdk | None:
    """The JDK in ``$JAVA_HOME/bin`` if it has ``java``, else the tools on ``PATH``; None when
    there is no ``java`` at all."""
    java_home = os.environ.get("JAVA_HOME")
    if java_home:
        bin_dir = Path(java_home) / "bin"
        if (bin_dir / "java").is_file():

            def tool(name: str) -> str | None:
                path = bin_dir / name
                return str(path) if path.is_file() and os.access(path, os.X_OK) else None

            return Jdk(str(bin_dir / "java"), tool("javac"), tool("jcmd"), tool("jstack"))
    java = shutil.which("java")
    if java is None:
        return None
    return Jdk(java, shutil.which("javac"), shutil.which("jcmd"), shutil.which("jstack"))


@dataclass(frozen=True)
class Claim:
    """What a finding says will happen: ``kind`` is an exception class (dotted) or
    `NON_TERMINATION`; ``method`` is where (the thrower, or the method holding the loop);
    ``lines`` the inclusive source-line range it must be observed in, when known."""

    kind: str
    method: MethodId
    lines: tuple[int, int] | None = None
    recursive: bool = False
    """A non-termination by infinite recursion: judged by its stack overflow
    (`jhalt.witness.overflow`)."""
    calls: tuple[MethodId, ...] = ()
    """A loop whose calls of these recursive methods get deeper with every iteration:
    judged by its stack overflows and a run with a huge stack (`jhalt.witness.deepening`)."""

    @property
    def is_non_termination(self) -> bool:
        return self.kind == NON_TERMINATION

    @classmethod
    def of_finding(cls, finding: Finding, loop_lines: tuple[int, int] | None = None) -> Claim:
        """The claim of a finding: an exception at the location's line; a non-termination in
        the location's method (``loop_lines``: the loop's line range, if known)."""
        method = finding.location.method
        if finding.kind == NON_TERMINATION:
            return cls(NON_TERMINATION, method, loop_lines)
        line = finding.location.line
        return cls(finding.kind.replace("/", "."), method, (line, line) if line else None)


@dataclass(frozen=True)
class ReplayResult:
    """The outcome of one replay: status, a one-paragraph explanation, and what was seen."""

    status: Replay
    detail: str
    exception: str | None = None  # the exception type the JVM reported
    top_frame: StackFrame | None = None  # first application frame (trace or main thread)
    thread_dump: str = ""  # the main thread's frames from the last dump
    command: tuple[str, ...] = ()

    @property
    def confirmed(self) -> bool:
        return self.status is Replay.CONFIRMED

    def applied_to(self, witness: Witness) -> Witness:
        """``witness`` with this result as its replay status and detail."""
        return dataclasses.replace(witness, replay=self.status, replay_detail=self.detail)


def skipped(reason: str) -> ReplayResult:
    """A `Replay.NOT_RUN` result (``--no-validate``, no JDK, inputs not replayable)."""
    return ReplayResult(Replay.NOT_RUN, reason)
