"""Walk pointers and dropped roots in forests (issue 36).

* The unique-parent rule narrowed by must-reach pairs (`heap.forest_paths`): ``hang(t.left,
  t.right)`` walks from the left child down the right spine and stores the right child there;
  ``R(left, last)`` along ``right`` places the walk pointer below the left child, which the
  right child cannot reach in a tree, so the write closes no cycle.
* Released garbage (`heap.garbage`): the old root still holds the right subtree after it was
  hung elsewhere, but once no live local (`bytecode.liveness`), stack entry or static reaches
  the old root its fields no longer count — unless a static field still holds it (KeepRoot).
* Term sizes above a written node (`termsize`): the left child's tree grows by exactly the
  tree hung under its rightmost node, so the new root is one node smaller than the old.

Expected outcomes come from the programs' meaning (tests/programs headers, the comments of
tests/analyses/termination/java)."""

from __future__ import annotations

from pathlib import Path

from corpus import compile_program
from javac import compile_java, run_java
from termination_kit import JAVA, heap_facts, main_graph

from jhalt.analyses.termination import prove_graph_terminates
from jhalt.analyses.termination.heap.forest import heap_stays_forest
from jhalt.analyses.termination.heap.forest_check import LIVE_FOREST_FACT
from jhalt.analyses.termination.heap.forest_paths import MustPaths
from jhalt.analyses.termination.heap.forest_reach import ForestReach
from jhalt.bytecode.body import analyze_method
from jhalt.bytecode.liveness import live_locals
from jhalt.program import Program


def _corpus(name: str):
    graph, program = main_graph(compile_program(name).classes_dir, name)
    assert graph.is_complete
    return graph, program


def test_the_right_child_does_not_reach_the_end_of_the_left_spine() -> None:
    """At ``last.right = tree`` in DropRoots' ``hang``: ``tree`` (the root's right child) is
    among the references that may reach ``last`` by the plain rule, not once the walk's
    must-reach pair is known."""
    graph, program = _corpus("DropRoots")
    paths = MustPaths(graph, program)
    writes = [
        node
        for node, state in graph.states.items()
        if state.frames and state.position.method.name == "hang" and state.position.pc == 25
    ]
    assert writes
    for node in writes:
        state = graph.states[node]
        stored, written = state.peek(0), state.peek(1)
        assert stored in ForestReach(state).reaching(written)
        assert stored not in ForestReach(state, None, paths.pairs(node)).reaching(written)


def test_dropping_roots_by_hanging_one_subtree_under_the_other_is_proved() -> None:
    """DropRoots: ``t = hang(t.left, t.right)`` loses one node per round; the old root, which
    still holds the right subtree, is garbage once ``t`` is overwritten."""
    graph, program = _corpus("DropRoots")
    forest = heap_stays_forest(graph, program)
    assert forest.holds, forest.reason
    assert not forest.strict
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.reason
    assert outcome.verify()
    assert LIVE_FOREST_FACT in heap_facts(outcome)


def test_two_trees_shrinking_in_turn_are_proved() -> None:
    """FewerNodes (after LessLeaves): both trees drop their roots in every round."""
    outcome = prove_graph_terminates(*_corpus("FewerNodes"))
    assert outcome.proved, outcome.reason
    assert outcome.verify()


def test_a_dropped_root_kept_in_a_static_field_is_no_garbage() -> None:
    """KeepRoot: the old root stays reachable from ``saved``, so its right subtree is held
    twice by objects the run may still read — no forest."""
    graph, program = main_graph(compile_java(JAVA / "KeepRoot.java"), "KeepRoot")
    assert graph.is_complete
    assert not heap_stays_forest(graph, program).holds


def test_a_tree_rehung_under_its_own_right_subtree_is_not_proved() -> None:
    """RehangRoot runs forever (every node stays in the tree); the JVM is still running it
    when killed."""
    classes = compile_java(JAVA / "RehangRoot.java")
    assert run_java(classes, "RehangRoot", ["a", "b", "c"], timeout=3).status == "timeout"
    graph, program = main_graph(classes, "RehangRoot")
    assert graph.is_complete
    assert not prove_graph_terminates(graph, program).proved


def test_locals_read_after_a_call_are_live_there_and_others_are_dead(tmp_path: Path) -> None:
    """`live_locals`: ``a`` is read after the first call, ``b`` never again."""
    source = tmp_path / "Live.java"
    source.write_text(
        "public class Live {\n"
        "    static int f(Object o) { return 1; }\n"
        "    static int g(Object a, Object b) { int r = f(b); return r + f(a); }\n"
        "}\n"
    )
    program = Program.from_spec(str(compile_java(source)))
    classfile = program.find("Live")
    assert classfile is not None
    method = classfile.method("g", "(Ljava/lang/Object;Ljava/lang/Object;)I")
    assert method is not None
    body = analyze_method(method, classfile)
    first_call = min(i.pc for i in body.instructions if i.mnemonic == "invokestatic")
    live = live_locals(body)[first_call]
    assert 0 in live and 1 not in live
