"""The meaning of an open-world corpus program, checked on the JVM: its header's ``input``.

Each program of ``tests/world_corpus`` names in its ``// input:`` line (JSON: ``args``,
``stdin``, ``env``, ``properties``) an invocation that shows the fault of the faulty program of
its pair; its look-alike carries the same line. `disagreement` runs the compiled program with
that invocation (``java -ea``, a fresh empty working directory, an environment holding ``PATH``
and the input's variables only) and says how the run contradicts the header's ``expect``:

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
import os
import re
import signal
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

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
    """Runs ``program``'s main with its header's invocation, for at most ``seconds``."""
    given = invocation(program.source)
    properties = given.get("properties", {})
    assert isinstance(properties, dict)
    command = ["java", "-ea", "-Xss1m", "-cp", str(classes)]
    command += [f"-D{k}={v}" for k, v in properties.items()]
    command += [program.name, *list(given.get("args", []))]  # type: ignore[call-overload]
    variables = given.get("env", {})
    assert isinstance(variables, dict)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), **variables}
    with tempfile.TemporaryDirectory(prefix="jhalt-world-run-") as cwd:
        process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            text=True, cwd=cwd, env=env, start_new_session=True,
        )  # fmt: skip
        try:
            _, stderr = process.communicate(str(given.get("stdin", "")), timeout=seconds)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            return Run(True, None, "")
    return Run(False, process.returncode, stderr)


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
