"""The concrete interpreter agrees with the real JVM (the oracle) on corpus programs whose
runs need no choice: the same uncaught exception type, or normal termination, for the same
arguments (issue 3 item 10)."""

from __future__ import annotations

import re

import pytest
from corpus import compile_program
from javac import run_java
from soundness_kit import MAIN, random_inputs, registry

from jhalt.ids import MethodId
from jhalt.program import Program
from jhalt.seg.concrete_run import run_concrete
from jhalt.seg.graph import RETURN

PROGRAMS = (
    "ThrowsArithDiv",
    "ThrowsClassCast",
    "ThrowsNpeField",
    "ThrowsAioobeArgs",
    "ThrowsIllegalState",
    "ThrowsNegativeArraySize",
    "ThrowsNpeThroughMethod",
    "SafeDivGuard",
    "BubbleSort",
)
_UNCAUGHT = re.compile(r'Exception in thread "main" ([\w.$]+)')


def _jvm_outcome(status: object, stderr: str) -> str:
    if status == 0:
        return RETURN
    match = _UNCAUGHT.search(stderr)
    assert match is not None, f"JVM ended with {status} and no uncaught exception:\n{stderr}"
    return match.group(1).replace(".", "/")


@pytest.mark.jvm
@pytest.mark.parametrize("name", PROGRAMS)
def test_concrete_run_ends_like_the_jvm(name: str) -> None:
    compiled = compile_program(name)
    program = Program.from_spec(str(compiled.classes_dir))
    inputs = [tuple(compiled.expectation.args or ("ab",))] + [
        tuple("x" * length for length in lengths) for lengths in random_inputs(name, 2)
    ]
    for arguments in inputs:
        run = run_concrete(program, MethodId(name, "main", MAIN), arguments, registry())
        assert run.is_exact, f"{name}{list(arguments)}: the run needed choices {run.choices}"
        assert run.outcome in (RETURN, "exception"), run.describe()
        ours = RETURN if run.outcome == RETURN else run.exception_class
        jvm = run_java(compiled.classes_dir, name, arguments, timeout=30)
        assert jvm.status != "timeout", f"{name}{list(arguments)} did not end on the JVM"
        assert ours == _jvm_outcome(jvm.status, jvm.stderr), (
            f"{name}{list(arguments)}: {run.describe()}"
        )
