"""The CLP engine (issue 15) on Java programs whose verdict follows from their meaning: the
non-terminating ones (loops, and infinite and mutual recursion that the graph engine cannot
prove) are NO with a witness that runs forever on a JVM (or ends in StackOverflowError), and
the terminating look-alikes never get NO."""

from __future__ import annotations

from pathlib import Path

import pytest
from corpus import Verdict, all_programs, compile_program, read_program
from javac import compile_java, run_java

from jhalt.analyses.clp import ClpConfig, find_clp_nontermination
from jhalt.analyses.clp.result import LOOP, RECURSION
from jhalt.classfile import ClassPath
from jhalt.ids import MethodId

PROGRAMS = sorted((Path(__file__).parent / "programs").glob("*.java"))
OWN = [read_program(path) for path in PROGRAMS]
NONTERM = [p for p in OWN if p.expectation.verdict is Verdict.NONTERM]
TERMINATING = [p for p in OWN if p.expectation.verdict is Verdict.TERMINATES]
CORPUS_PROVED = [
    "Loop",
    "NontermBothFlagsZero",
    "NontermContinue",
    "NontermCountUp",
    "NontermCounterStuck",
    "NontermGcdZero",
    "NontermNestedInner",
    "NontermOddNeverZero",
    "NontermStringLength",
    "NontermSwap",
    "NontermThroughMethod",
    "RecForever",
]
CORPUS_TERMINATING = [
    p.name
    for p in all_programs()
    if p.expectation.verdict is Verdict.TERMINATES and p.expectation.twin is not None
]
MAIN = "([Ljava/lang/String;)V"
QUICK = ClpConfig(timeout_s=1.0)


def _search(classes: Path, name: str, config: ClpConfig = ClpConfig(timeout_s=8.0)):
    classpath = ClassPath.from_spec(str(classes))
    return find_clp_nontermination(classpath, MethodId(name, "main", MAIN), config)


def test_enough_programs() -> None:
    assert len(NONTERM) >= 20 and len(TERMINATING) >= 10


@pytest.mark.parametrize("program", NONTERM, ids=lambda p: p.name)
def test_nonterminating_program_is_no_and_its_witness_does_not_end(program) -> None:
    classes = compile_java(program.source)
    search = _search(classes, program.name)
    assert search.result is not None, search.reasons
    result = search.result
    assert result.kind == (RECURSION if program.expectation.stackoverflow else LOOP)
    assert result.verify()
    args = result.witness.args
    assert args is not None
    stack_overflow = program.expectation.stackoverflow
    run = run_java(classes, program.name, args, timeout=10.0 if stack_overflow else 1.2)
    if stack_overflow:
        assert "java.lang.StackOverflowError" in run.stderr
        assert {m.name for m in result.cycle} <= {"f", "a", "b", "g", "go", "spin", "walk"}
    else:
        assert run.status == "timeout", run.stderr


@pytest.mark.parametrize("program", TERMINATING, ids=lambda p: p.name)
def test_terminating_look_alike_never_gets_no(program) -> None:
    search = _search(compile_java(program.source), program.name, QUICK)
    assert search.result is None, search.result.explanation()


@pytest.mark.parametrize("name", CORPUS_PROVED)
def test_corpus_nonterminating_program_is_no(name: str) -> None:
    compiled = compile_program(name)
    assert compiled.program.expectation.verdict is Verdict.NONTERM
    search = _search(compiled.classes_dir, name)
    assert search.result is not None, search.reasons


@pytest.mark.parametrize("name", CORPUS_TERMINATING)
def test_corpus_terminating_program_never_gets_no(name: str) -> None:
    search = _search(compile_program(name).classes_dir, name, QUICK)
    assert search.result is None, search.result.explanation()
