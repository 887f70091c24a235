"""Exact sizes of objects (issue 14): instances whose every reference field is represented
(`jhalt.analyses.termination.facts.fully_represented`) and the lower-bound result lemma
``sz(result) >= sz(argument)`` (`lemmas.longest_paths`, `result_bounds.SIZE_AT_LEAST`).

Each has a program it proves and a look-alike it must not prove; expected outcomes come
from the programs' meaning (tests/programs headers, comments in the sources)."""

from __future__ import annotations

from pathlib import Path

from corpus import compile_program
from javac import compile_java, run_java
from termination_kit import JAVA, main_graph

from jhalt.analyses.termination import prove_graph_terminates
from jhalt.analyses.termination.lemmas.longest_paths import result_lemmas
from jhalt.analyses.termination.lemmas.result_bounds import (
    SIZE_AT_LEAST,
    SIZE_AT_MOST,
    ResultBound,
    integer_bounds_only,
)


def _graph(classes: Path, name: str):
    graph, program = main_graph(classes, name)
    assert graph.is_complete
    return graph, program


def _prove(name: str):
    graph, program = _graph(compile_program(name).classes_dir, name)
    return prove_graph_terminates(graph, program)


def _look_alike(name: str, args: list[str]):
    """A non-terminating look-alike (tests/analyses/termination/java): the JVM overflows
    its stack on ``args``; jhalt's outcome."""
    classes = compile_java(JAVA / f"{name}.java")
    assert "StackOverflowError" in run_java(classes, name, args, timeout=30).stderr
    graph, program = _graph(classes, name)
    return prove_graph_terminates(graph, program)


def test_a_zero_argument_reset_to_a_non_zero_one_is_ranked() -> None:
    """``y.pred == null`` leaves a ``Nat`` with its only field represented: its size is 1,
    and ``z`` with ``z.pred != null`` has size at least 2."""
    outcome = _prove("RecResetCount")
    assert outcome.proved, outcome.reason
    assert outcome.verify()


def test_a_reset_to_a_possibly_zero_argument_is_not_proved() -> None:
    assert not _look_alike("RecResetForever", []).proved


def test_a_copy_is_no_smaller_than_its_receiver() -> None:
    outcome = _prove("RecCopyDiv")
    assert outcome.proved, outcome.reason
    assert "the result of RecCopyDiv$Nat.copy()LRecCopyDiv$Nat; is no smaller than its " in (
        "\n".join(outcome.text_lines())
    )
    assert outcome.verify()


def test_a_reset_to_a_shorter_copy_is_not_proved() -> None:
    assert not _look_alike("RecTrimDiv", []).proved


def test_a_shorter_copy_gets_the_upper_bound_only() -> None:
    graph, program = _graph(compile_java(JAVA / "TrimLemma.java"), "TrimLemma")
    lemmas = result_lemmas(graph, program)
    trim = [lemma.bound for lemma in lemmas if "trim" in lemma.method]
    assert ResultBound(SIZE_AT_MOST, 0) in trim
    assert ResultBound(SIZE_AT_LEAST, 0) not in trim
    assert all(lemma.verify() for lemma in lemmas)


def test_term_size_extractions_get_no_lower_size_bound() -> None:
    """A longest-path bound from below says nothing of term sizes either."""
    bounds = {"T.copy(LT;)LT;": (1, (ResultBound(SIZE_AT_LEAST, 0),))}
    assert integer_bounds_only(bounds) == {}
