"""The graphs of seed 000's two examples have the shape the paper describes (§2.2-2.3,
Fig. 4 for ``Loop``, Fig. 11 for ``nonLoop``)."""

from __future__ import annotations

import shutil

from javac import compile_java
from seg_testkit import PROGRAMS, graph_of, string_length_registry

from jhalt.domains.values import ArrayValue, IntValue
from jhalt.ids import MethodId
from jhalt.seg.labels import EvalEdge, InstanceEdge, RefineEdge


def _loop_graph(tmp_path):
    source = tmp_path / "Loop.java"
    shutil.copy(PROGRAMS / "Loop.java", source)
    return graph_of(compile_java(source), "Loop", registry=string_length_registry())


def test_loop_graph_is_complete_and_cycles_contain_evaluation(tmp_path):
    graph = _loop_graph(tmp_path)
    assert graph.is_complete, graph.incomplete
    assert graph.cycles_have_eval_edges()
    assert graph.instance_edges(), "a cycle must be closed by an instance edge"


def test_loop_head_state_has_merged_intervals(tmp_path):
    """State N of Fig. 4: at the loop head (pc 5), i ∈ [0, ∞) and j is the array's length."""
    graph = _loop_graph(tmp_path)
    closing = [
        (source, target)
        for source, label, target in graph.instance_edges()
        if graph.states[target].frames
        and graph.states[target].position.pc == 5
        and any(
            isinstance(l, EvalEdge) and l.mnemonic == "goto" for _, l in graph.predecessors(source)
        )
    ]
    assert closing, "the back edge (goto 5) must end in an instance edge to the loop head"
    head = graph.states[closing[0][1]]
    i_value = head.heap[head.local(1)]
    assert (
        isinstance(i_value, IntValue) and i_value.interval.lo == 0 and i_value.interval.hi is None
    )
    array = head.heap[head.local(0)]
    assert isinstance(array, ArrayValue) and array.length == head.local(2)
    # the loop head is expanded: it has an evaluation successor (iload_1)
    assert any(isinstance(l, EvalEdge) for l, _ in graph.successors(closing[0][1]))


def test_loop_has_no_null_pointer_end_after_length_call(tmp_path):
    """States I, J of Fig. 4 are gone: seed 000 state A lets a[i] be null, but a JVM launch
    passes non-null Strings (the competition's semantics, README; issue 21), so the entry's
    array says its entries are non-null and length() cannot throw."""
    graph = _loop_graph(tmp_path)
    assert "java/lang/NullPointerException" not in graph.ends.values()
    assert "return" in graph.ends.values()


def test_loop_labels_record_relations_and_computations(tmp_path):
    graph = _loop_graph(tmp_path)
    relation_splits = [l for _, l, _ in graph.refine_edges() if l.refinement == "relation"]
    assert {l.case for l in relation_splits} >= {"T", "F"}
    additions = [
        c
        for _, l, _ in graph.eval_edges()
        if l.mnemonic == "iadd"
        for c in l.constraints
        if c.op == "+"
    ]
    assert additions and all(c.result is not None and len(c.args) == 2 for c in additions)
    accesses = [
        l
        for _, l, _ in graph.eval_edges()
        if l.mnemonic == "aaload" and any(c.op == "<" for c in l.constraints)
    ]
    assert accesses and all(
        any(c.op == ">=" and c.args[1] == 0 for c in l.constraints) for l in accesses
    )
    existence = [l for _, l, _ in graph.refine_edges() if l.refinement == "existence"]
    assert existence == []  # a[i] is a non-null String (see the test above)


def test_nonloop_graph_shape(tmp_path):
    """Fig. 11: the loop of nonLoop(x, y) is closed by an instance edge; the edges carry
    z = x - y, the check z > 0 (or its negation), x' = 2x + 1 and y' = y + 1."""
    source = tmp_path / "NonLoop.java"
    shutil.copy(PROGRAMS / "NonLoop.java", source)
    graph = graph_of(compile_java(source), "NonLoop", "nonLoop", "(II)V")
    assert graph.is_complete, graph.incomplete
    assert graph.cycles_have_eval_edges()
    assert graph.instance_edges()
    ops = {c.op for _, l, _ in graph.eval_edges() for c in l.constraints}
    assert {"-", "*", "+"} <= ops
    checks = {
        (c.op, c.args[1]) for _, l, _ in graph.eval_edges() for c in l.constraints if c.is_check
    }
    assert (">", 0) in checks or ("<=", 0) in checks
    assert set(graph.ends.values()) == {"return"}
    assert graph.entry_method == MethodId("NonLoop", "nonLoop", "(II)V")
    assert any(isinstance(l, RefineEdge) for _, l, _ in graph.edges)
    assert all(isinstance(l, InstanceEdge) for s, l, t in graph.instance_edges())
