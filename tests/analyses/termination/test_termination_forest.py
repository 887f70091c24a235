"""Heaps that are forests (issue 14): the check that no object is held twice and none
reaches itself (`jhalt.analyses.termination.heap.forest`, with moves such as a swap of two
fields), and the proofs it enables (the unique-parent rule of `heap.forest_reach`, reference fields
remembered across recursive calls, `heldfields`).

Each proof has a look-alike it must not prove; expected outcomes come from the programs'
meaning (tests/programs headers, comments in the sources)."""

from __future__ import annotations

from pathlib import Path

from corpus import compile_program
from javac import compile_java, run_java
from termination_kit import JAVA, main_graph

from jhalt.analyses.termination import prove_graph_terminates
from jhalt.analyses.termination.heap.forest import heap_stays_forest
from jhalt.analyses.termination.heap.forest_check import FOREST_FACT


def _graph(classes: Path, name: str):
    graph, program = main_graph(classes, name)
    assert graph.is_complete
    return graph, program


def _corpus(name: str):
    return _graph(compile_program(name).classes_dir, name)


def _look_alike(name: str, args: list[str]):
    """A non-terminating look-alike (tests/analyses/termination/java) whose run on ``args``
    the JVM ends with a stack overflow; its graph."""
    classes = compile_java(JAVA / f"{name}.java")
    assert "StackOverflowError" in run_java(classes, name, args, timeout=30).stderr
    return _graph(classes, name)


def test_a_tree_built_by_a_loop_and_mirrored_is_a_forest_with_a_move() -> None:
    """``tree.right = tree.left`` holds one node twice until ``tree.left = left``: the
    nodes in between are not clean, the others are."""
    graph, program = _corpus("RecMirrorBuilt")
    check = heap_stays_forest(graph, program)
    assert check.holds, check.reason
    assert graph.entry in check.clean
    assert 0 < len(check.clean) < len(graph.states)


def test_mirroring_a_tree_built_by_a_loop_is_ranked() -> None:
    graph, program = _corpus("RecMirrorBuilt")
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.reason
    assert outcome.verify()
    assert f"heap fact: {FOREST_FACT}" in "\n".join(outcome.text_lines())


def test_a_root_hung_under_itself_is_no_forest_and_not_proved() -> None:
    graph, program = _look_alike("RecMirrorLooped", [])
    check = heap_stays_forest(graph, program)
    assert not check.holds
    assert "into itself" in check.reason
    assert not prove_graph_terminates(graph, program).proved


def test_a_shared_child_is_no_forest() -> None:
    graph, program = _graph(compile_java(JAVA / "ShareChild.java"), "ShareChild")
    assert not heap_stays_forest(graph, program).holds


def test_children_wrapped_in_new_nodes_then_visited_are_ranked() -> None:
    """The old children share nothing with each other: the first call leaves the size of
    the second one's argument, and the root's fields, as they were."""
    graph, program = _corpus("RecWrapChildren")
    assert heap_stays_forest(graph, program).holds
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.reason
    assert outcome.verify()


def test_visiting_the_new_nodes_instead_is_not_proved() -> None:
    graph, program = _look_alike("RecWrapForever", ["a", "b"])
    assert heap_stays_forest(graph, program).holds  # a forest, but growing forever
    assert not prove_graph_terminates(graph, program).proved


def test_a_call_that_rewrites_its_callers_node_is_not_proved() -> None:
    """A forest, but each call gets the caller's node and hangs a new chain under it: the
    caller's ``tree.right`` read after the call is not the one read before (the call can
    reach its holder, `heldfields`)."""
    graph, program = _look_alike("GrowParent", [])
    assert heap_stays_forest(graph, program).holds
    assert not prove_graph_terminates(graph, program).proved
