"""What a replay is asked and what it answers (split from `jhalt.witness.replay`, which
re-exports every name): the JDK tools it uses (`Jdk`, `find_jdk`), the `Claim` of a finding
judged on the JVM, and the `ReplayResult` (`not_replayed`: one that did not run)."""

from __future__ import annotations

import dataclasses
import os
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from jhalt.findings import Finding, Replay, Shown, Witness, kind_of
from jhalt.ids import MethodId
from jhalt.witness.inputs import EnvironmentValues
from jhalt.witness.stacks import StackFrame

__all__ = [
    "NOT_REPLAYED",
    "Claim",
    "Jdk",
    "ReplayResult",
    "find_jdk",
    "jdk_at",
    "not_replayed",
    "skipped",
    "why_not_replayed",
    "with_injected",
]


@dataclass(frozen=True)
class Jdk:
    """The JDK tools replay uses; ``javac`` / ``jcmd`` / ``jstack`` may be missing (a JRE)."""

    java: str
    javac: str | None = None
    jcmd: str | None = None
    jstack: str | None = None


def find_jdk(java: str | None = None) -> Jdk | None:
    """The JDK of ``java`` when given (``--java``: `jdk_at`), else the one in
    ``$JAVA_HOME/bin`` if it has ``java``, else the tools on ``PATH``; None when there is no
    ``java`` at all (or none at ``java``)."""
    if java is not None:
        return jdk_at(java)
    java_home = os.environ.get("JAVA_HOME")
    if java_home and _executable(Path(java_home) / "bin" / "java"):
        return _next_to(Path(java_home) / "bin" / "java")
    on_path = shutil.which("java")
    if on_path is None:
        return None
    return Jdk(on_path, shutil.which("javac"), shutil.which("jcmd"), shutil.which("jstack"))


def jdk_at(path: str) -> Jdk | None:
    """The JDK that ``path`` names: a JDK (or JRE) home with ``bin/java``, a ``bin``
    directory holding ``java``, or a ``java`` executable (a bare name is looked up on
    ``PATH``). Its ``javac``, ``jcmd`` and ``jstack`` are the ones next to that ``java`` (or
    next to the file a symbolic link to it leads to), never others from ``PATH``: tools of
    another JDK would compile or examine for the wrong JVM. None when there is no ``java``."""
    given = Path(path)
    if given.is_dir():
        for java in (given / "bin" / "java", given / "java"):
            if _executable(java):
                return _next_to(java)
        return None
    found = shutil.which(path)
    return _next_to(Path(found)) if found is not None and not Path(found).is_dir() else None


def _executable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def _next_to(java: Path) -> Jdk:
    """``java`` and the tools next to it, or next to the file its symbolic links lead to."""
    places = (java.parent, Path(os.path.realpath(java)).parent)

    def tool(name: str) -> str | None:
        return next((str(p / name) for p in places if _executable(p / name)), None)

    return Jdk(str(java), tool("javac"), tool("jcmd"), tool("jstack"))


@dataclass(frozen=True)
class Claim:
    """What a finding says will happen: ``kind`` names its kind (`jhalt.findings.kind_of`: an
    exception class, dotted, or ``non-termination``); ``method`` is where (the thrower, or the method holding the loop);
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
        """Its kind shows by still running (`Shown.LOOPING`): the replay judges a hang."""
        return kind_of(self.kind).shown is Shown.LOOPING

    @classmethod
    def of_finding(cls, finding: Finding, loop_lines: tuple[int, int] | None = None) -> Claim:
        """The claim of a finding: an exception at the location's line; a non-termination in
        the location's method (``loop_lines``: the loop's line range, if known)."""
        method = finding.location.method
        if kind_of(finding.kind).shown is Shown.LOOPING:
            return cls(finding.kind, method, loop_lines)
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
    """A `Replay.NOT_RUN` result with ``reason`` as its detail, as it is (`not_replayed`
    words it as every replay of jhalt does)."""
    return ReplayResult(Replay.NOT_RUN, reason)


NOT_REPLAYED = "not replayed: "
"""The start of the detail of every replay that did not run (``--no-validate``, no JDK, the
entry's time spent, no sandbox, a JVM that refused its options or the class, inputs that
cannot be replayed): such a witness is neither confirmed nor refuted."""
_OLDER_WORDINGS = ("replay skipped: ", "replay not run: ")


def not_replayed(why: str) -> ReplayResult:
    """The `Replay.NOT_RUN` result of a replay that did not run, because ``why``."""
    return skipped(f"{NOT_REPLAYED}{why}")


def why_not_replayed(detail: str) -> str:
    """What follows "not replayed, because" in text output: ``detail`` without its
    `NOT_REPLAYED` start (or an older wording's: results cached by an earlier version)."""
    for start in (NOT_REPLAYED, *_OLDER_WORDINGS):
        if detail.startswith(start):
            return detail[len(start) :]
    return detail


def with_injected(result: ReplayResult, injected: Sequence[EnvironmentValues]) -> ReplayResult:
    """``result`` of a run whose ``injected`` call sites were rewritten to return the witness's
    values (`jhalt.witness.inject`): a run that showed the claim only *reproduced* it
    (`Replay.REPRODUCED`), naming the calls, since the program that ran was not the user's
    (issue 33); other results unchanged."""
    if not injected or result.status is not Replay.CONFIRMED:
        return result
    calls = ", ".join(
        sorted({f"{e.callee.class_name.replace('/', '.')}.{e.callee.name}" for e in injected})
    )
    detail = f"{calls} rewritten to return the witness's values; {result.detail}"
    return dataclasses.replace(result, status=Replay.REPRODUCED, detail=detail)
