"""The meaning of an open-world corpus program, checked on the JVM: its header's ``input``.

Each program of ``tests/world_corpus`` names in its ``// input:`` line (JSON: ``args``,
``stdin``, ``env``, ``properties``) an invocation that shows the fault of the faulty program of
its pair; its look-alike carries the same line. `disagreement` runs the compiled program with
that invocation (``java -ea``, contained as jhalt's replays are: in the OS sandbox, a fresh
empty working directory, the contained environment and the input's variables) and says how the run contradicts the header's ``expect``:

* hangs: still running after ``wait_s`` seconds, or ended by a ``StackOverflowError``
  (unbounded recursion);
* throws: an uncaught exception of an expected kind whose first frame in the program's own
  source file is a ``// THROWS`` line;
* terminates: ended within ``limit_s`` seconds; safe: ended within them without an uncaught
  exception.

This checks the corpus, not jhalt: one input per program shows the fault exists and that the
look-alike survives it (it cannot show that no other input breaks the look-alike; its ``why``
says why none does).
"""

from __future__ import annotations

import json
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from jhalt.witness.claim import find_jdk
from jhalt.witness.containment import cpu_limit_for, feeding
from jhalt.witness.invocation import Invocation
from jhalt.witness.output import BoundedOutput, exit_status
from jhalt.witness.processes import release, scratch_directory
from jhalt.witness.startup import start_replay_jvm

HEADER = re.compile(r"//\s*input:\s*(.*)$", re.MULTILINE)
UNCAUGHT = re.compile(r'Exception in thread "main" ([\w.$]+)')


class Expecting(Protocol):
    """What `disagreement` reads of a corpus program (``world_corpus.Program``)."""

    @property
    def name(self) -> str: ...
    @property
    def source(self) -> Path: ...
    @property
    def expect(self) -> str: ...
    @property
    def exceptions(self) -> tuple[str, ...]: ...
    @property
    def throw_lines(self) -> tuple[int, ...]: ...


@dataclass(frozen=True)
class Run:
    """How one JVM run went: still running at the deadline, or its exit and standard error."""

    running: bool
    returncode: int | None
    stderr: str


def invocation(source: Path) -> dict[str, object]:
    """The ``// input:`` JSON of ``source`` (empty: run without arguments or input)."""
    match = HEADER.search(source.read_text())
    return json.loads(match.group(1)) if match else {}


def run_java(program: Expecting, classes: Path, seconds: float) -> Run:
    """Runs ``program``'s main with its header's invocation, for at most ``seconds``, contained
    as jhalt's replays are (`jhalt.witness.startup.start_replay_jvm`: the OS sandbox, a scratch
    working directory, limits; the invocation fed by `jhalt.witness.containment.feeding`)."""
    given = invocation(program.source)
    fed = Invocation.from_json(given)
    jdk = find_jdk()
    if jdk is None:
        raise RuntimeError("no JDK found: the corpus's meaning cannot be checked")
    arguments = ["-ea", "-Xss1m", *fed.java_options(), "-cp", str(classes.resolve())]
    arguments += [program.name, *[str(arg) for arg in given.get("args", [])]]  # type: ignore[attr-defined]
    with scratch_directory("jhalt-world-run-") as scratch, feeding(fed):
        scratch.chmod(0o755)  # the jail's user reads the files the invocation creates there
        process = start_replay_jvm(
            jdk.java, arguments, scratch, cpu_limit_for(seconds), stdout=subprocess.DEVNULL
        )
        errors = BoundedOutput(process.stderr)
        try:
            code = exit_status(process, seconds)
        finally:
            release(process)
            errors.join(5)
            if process.stderr is not None:
                process.stderr.close()
    return Run(code is None, code, errors.text() if code is not None else "")


def _first_own_line(program: Expecting, stderr: str) -> int | None:
    match = re.search(rf"\({re.escape(program.name)}\.java:(\d+)\)", stderr)
    return int(match.group(1)) if match else None


def disagreement(
    program: Expecting, classes: Path, wait_s: float = 3.0, limit_s: float = 20.0
) -> str | None:
    """How the run with the header's input contradicts ``expect``; None when it agrees."""
    run = run_java(program, classes, wait_s if program.expect == "hangs" else limit_s)
    uncaught = UNCAUGHT.search(run.stderr)
    thrown = uncaught.group(1) if uncaught else None
    if program.expect == "hangs":
        if run.running or thrown == "java.lang.StackOverflowError":
            return None
        return f"ended (exit {run.returncode}) within {wait_s} s"
    if run.running:
        return f"still running after {limit_s} s"
    if program.expect == "terminates":
        return None
    if program.expect == "safe":
        return None if thrown is None else f"threw {thrown}"
    line = _first_own_line(program, run.stderr)
    if thrown in program.exceptions and line in program.throw_lines:
        return None
    return f"threw {thrown} at line {line}, expected {program.exceptions} at {program.throw_lines}"
