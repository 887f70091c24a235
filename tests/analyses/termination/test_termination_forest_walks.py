"""Walk pointers in forests (issue 36): the unique-parent rule narrowed by must-reach pairs
(`heap.forest_paths`).  ``hang(t.left, t.right)`` walks from the left child down the right
spine and stores the right child there; the states only say that the walk pointer may be
anything the root may share with, but ``R(left, last)`` along ``right`` places it below the
left child, which the right child cannot reach in a tree — so the write closes no cycle.

Expected outcomes come from the programs' meaning (tests/programs/DropRoots.java,
tests/analyses/termination/java/RehangRoot.java)."""

from __future__ import annotations

from corpus import compile_program
from javac import compile_java, run_java
from termination_kit import JAVA, main_graph

from jhalt.analyses.termination import prove_graph_terminates
from jhalt.analyses.termination.heap.forest import heap_stays_forest
from jhalt.analyses.termination.heap.forest_paths import MustPaths
from jhalt.analyses.termination.heap.forest_reach import ForestReach


def _drop_roots():
    graph, program = main_graph(compile_program("DropRoots").classes_dir, "DropRoots")
    assert graph.is_complete
    return graph, program


def test_the_right_child_does_not_reach_the_end_of_the_left_spine() -> None:
    """At ``last.right = tree`` in ``hang``: ``tree`` (the root's right child) is among the
    references that may reach ``last`` by the plain rule, and not once the must-reach pair
    of the walk is known."""
    graph, program = _drop_roots()
    paths = MustPaths(graph, program)
    writes = [
        node
        for node, state in graph.states.items()
        if state.frames
        and state.position.method.name == "hang"
        and state.position.pc == 25  # putfield right: last.right = tree
    ]
    assert writes
    for node in writes:
        state = graph.states[node]
        stored, written = state.peek(0), state.peek(1)
        assert stored in ForestReach(state).reaching(written)
        assert stored not in ForestReach(state, None, paths.pairs(node)).reaching(written)


def test_the_dropped_root_still_holds_the_subtree_it_gave_away() -> None:
    """The forest check passes the write but not the loop head: the old root, which only a
    dead local held, still holds the right subtree now hung under the left one — an object
    held twice, which the check cannot yet call garbage (DropRoots stays unproved)."""
    graph, program = _drop_roots()
    forest = heap_stays_forest(graph, program)
    assert not forest.holds
    assert "left open" in forest.reason


def test_a_tree_rehung_under_its_own_right_subtree_is_not_proved() -> None:
    """RehangRoot runs forever (every node stays in the tree); the JVM is still running it
    when killed."""
    classes = compile_java(JAVA / "RehangRoot.java")
    assert run_java(classes, "RehangRoot", ["a", "b", "c"], timeout=3).status == "timeout"
    graph, program = main_graph(classes, "RehangRoot")
    assert graph.is_complete
    assert not prove_graph_terminates(graph, program).proved
