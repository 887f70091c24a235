"""Tree rotations in a loop (TPDB AProVE_11_iterative/TreeLeftmostDepth): the forest check
(`jhalt.analyses.termination.heap.forest`) follows a rotation at the root — the pivot held
twice while it moves, the old children detached and hung again — which needs two of its
rules: an orphan that reaches none of an object's known holders (or nothing on a path below
it) does not reach that object, and the *equal* case of ``t =? t.left`` is no forest. With
the forest, the root's leftmost path is a size that each turn shortens.

Expected outcomes come from the programs' meaning (the comments in their sources); the
look-alike that keeps the pivot as the root's left child runs forever on the JVM and must
not be proved."""

from __future__ import annotations

from javac import compile_java, run_java
from termination_kit import JAVA, MAIN

from jhalt.analyses.termination import prove_graph_terminates
from jhalt.analyses.termination.heap.forest import heap_stays_forest
from jhalt.analyses.termination.heap.forest_check import FOREST_FACT, forest_along_fact
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph


def _graph(name: str):
    """The complete graph of ``name.main`` (up to 120 s: with the log, about 500 states)."""
    program = Program.from_spec(str(compile_java(JAVA / f"{name}.java")))
    entry = MethodId(name, "main", MAIN)
    graph = build_graph(program, entry, default_registry(), limits=BuildLimits(timeout_s=120))
    assert graph.is_complete
    return graph, program


def _ends_on_the_jvm(name: str) -> None:
    """A few trees with several left and right nodes: every run ends normally."""
    classes = compile_java(JAVA / f"{name}.java")
    for args in (["a", "bb", "bb", "bb", "c", "bb"], ["abcd", "ab", "abc", "ab", "abcdef"]):
        assert run_java(classes, name, args, timeout=10).status == 0


def test_rotating_the_left_spine_away_is_a_forest_and_ranked() -> None:
    _ends_on_the_jvm("RotateLeftSpine")
    graph, program = _graph("RotateLeftSpine")
    check = heap_stays_forest(graph, program)
    assert check.holds, check.reason
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.reason
    assert outcome.verify()
    assert f"heap fact: {FOREST_FACT}" in "\n".join(outcome.text_lines())


def test_rotating_the_right_spine_away_is_ranked() -> None:
    _ends_on_the_jvm("RotateRightSpine")
    graph, program = _graph("RotateRightSpine")
    assert heap_stays_forest(graph, program).holds
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.reason
    assert outcome.verify()


def test_a_rotation_that_keeps_the_pivot_runs_forever_and_is_not_proved() -> None:
    classes = compile_java(JAVA / "RotateKeepsPivot.java")
    assert run_java(classes, "RotateKeepsPivot", ["a", "bb"], timeout=3).status == "timeout"
    graph, program = _graph("RotateKeepsPivot")
    assert not heap_stays_forest(graph, program).holds
    assert not prove_graph_terminates(graph, program).proved


def test_rotating_while_logging_shared_payloads_is_ranked_along_the_tree_fields() -> None:
    """The payloads are held twice (no forest), the fields of the tree and of the log are one
    (``left``, ``right``, ``older``: the fields of their own class's type); the proof says so."""
    _ends_on_the_jvm("RotateAndLog")
    graph, program = _graph("RotateAndLog")
    assert not heap_stays_forest(graph, program).holds
    along = frozenset({"left", "right", "older"})
    assert heap_stays_forest(graph, program, fields=along).holds
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.reason
    assert outcome.verify()
    assert f"heap fact: {forest_along_fact(along)}" in "\n".join(outcome.text_lines())


def test_logging_a_rotation_that_keeps_the_pivot_is_not_proved() -> None:
    classes = compile_java(JAVA / "RotateAndLogKeepsPivot.java")
    assert run_java(classes, "RotateAndLogKeepsPivot", ["a"], timeout=3).status == "timeout"
    graph, program = _graph("RotateAndLogKeepsPivot")
    along = frozenset({"left", "right", "older"})
    assert not heap_stays_forest(graph, program, fields=along).holds
    assert not prove_graph_terminates(graph, program).proved
