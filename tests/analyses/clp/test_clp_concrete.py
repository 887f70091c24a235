"""Differential test of the CLP translation against the JVM (issue 15): the concrete reading
of the CLP program (`jhalt.analyses.clp.concrete`) on small command lines never succeeds
where the JVM hangs or throws, never has two applicable clauses, and succeeds on the
programs without refused instructions whenever the JVM returns (within 20 steps)."""

from __future__ import annotations

from pathlib import Path

import pytest
from corpus import compile_program, read_program
from javac import compile_java, run_java

from jhalt.analyses.clp import translate_program
from jhalt.analyses.clp.concrete import AMBIGUOUS, SUCCESS, derive
from jhalt.classfile import ClassPath
from jhalt.ids import MethodId

PROGRAMS = Path(__file__).parent / "programs"
OWN = ["ClpLoopHalving", "ClpTermHalvingToZero", "ClpTermRemainderHit", "ClpLoopRemainder",
       "ClpTermRecDown", "ClpRecOddStep", "ClpTermArgsAdvance", "ClpLoopAnyArgStuck"]  # fmt: skip
CORPUS = ["NontermGcdZero", "GcdModulo", "ThrowsAioobeArgs", "RemainderRound"]
EXACT = {"ClpTermHalvingToZero", "ClpTermRemainderHit", "ClpTermRecDown", "ClpTermArgsAdvance"}
"""Terminating programs every instruction of which has an exact abstraction: on these small
inputs their runs are short, so the derivation must succeed within the step bound."""
INPUTS = [(), ("",), ("a",), ("", ""), ("ab", "ab", "ab")]


def _classes(name: str) -> Path:
    if name in CORPUS:
        return compile_program(name).classes_dir
    return compile_java(read_program(PROGRAMS / f"{name}.java").source)


def _inputs(ghosts: tuple[str, ...], args: tuple[str, ...]) -> dict[str, int] | None:
    values = {"l0": len(args) + 1}
    if "gu" in ghosts:
        if len({len(a) for a in args}) > 1:
            return None  # the translation only covers strings of one length
        values["gu"] = (len(args[0]) if args else 0) + 1
    for ghost in ghosts:
        if ghost != "gu":
            index = int(ghost[1:])
            values[ghost] = len(args[index]) + 1 if index < len(args) else 1
    return values


@pytest.mark.parametrize("name", OWN + CORPUS)
def test_concrete_reading_agrees_with_the_jvm(name: str) -> None:
    classes = _classes(name)
    program = translate_program(
        ClassPath.from_spec(str(classes)), MethodId(name, "main", "([Ljava/lang/String;)V")
    )
    for args in INPUTS:
        values = _inputs(program.ghosts, args)
        if values is None:
            continue
        derivation = derive(program, values, max_steps=20)
        assert derivation.outcome != AMBIGUOUS, (args, derivation)
        if name in EXACT:  # terminating programs (their meaning) without refused paths
            assert derivation.outcome == SUCCESS, (args, derivation)
        if derivation.outcome == SUCCESS:
            run = run_java(classes, name, args, timeout=10.0)
            assert run.status == 0, (args, run.status, run.stderr[-300:])
