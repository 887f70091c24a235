"""The frame of a recursive call by types (`heap.call_frames`, issue 14: TermsCreateMatch): a call
whose code writes reference fields of one class only keeps the size of every object whose
structure cannot hold an instance of that class, even where the states' annotations let the
callee reach everything.

A program it proves and a look-alike it must not prove; expected outcomes come from the
programs' meaning (tests/programs headers; the look-alike's comment in java/)."""

from __future__ import annotations

from termination_kit import program_graph

from jhalt.analyses.termination import prove_graph_terminates
from jhalt.analyses.termination.extract import PathExtractor
from jhalt.analyses.termination.heap.call_frames import (
    NO_FRAME,
    TYPE_FRAME_FACT,
    TypeFrame,
    type_frame,
    written_fields,
)
from jhalt.analyses.termination.norms.marking import MarkingNorm
from jhalt.ids import FieldId, MethodId
from jhalt.seg.evaluate.recursion import summary_callee
from jhalt.seg.labels import EvalEdge


def _walk(name: str) -> MethodId:
    return MethodId(name, "walk", f"(L{name}$Node;L{name}$Log;)V")


def test_the_walk_writes_only_the_log() -> None:
    _, program = program_graph("RecWalkLogs")
    written = written_fields(program, _walk("RecWalkLogs"))
    assert written is not None
    assert {f.class_name for f in written} == {"RecWalkLogs$Log"}


def test_a_walk_whose_leaves_write_a_log_is_proved_by_types() -> None:
    graph, program = program_graph("RecWalkLogs")
    frame = TypeFrame.of(graph, program)
    assert frame.usable
    summaries = [
        (graph.states[s], label)
        for s, label, _ in graph.edges
        if isinstance(label, EvalEdge) and summary_callee(label.assumptions)
    ]
    assert any(frame.kept(state, label) for state, label in summaries)  # the nodes are kept
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.reason
    assert outcome.verify()
    assert TYPE_FRAME_FACT in [f for loop in outcome.loops for f in loop.heap_facts]


def test_a_walk_whose_leaves_insert_nodes_is_not_proved() -> None:
    graph, program = program_graph("RecStretchForever")
    frame = type_frame(graph, program)
    for source, label, _ in graph.edges:
        if isinstance(label, EvalEdge) and summary_callee(label.assumptions):
            state = graph.states[source]
            kept = frame.kept(state, label)
            nodes = {r for r, v in state.heap.items() if "$Node" in str(v)}
            assert not kept & nodes  # the callee writes Node.next: no node keeps its size
    assert not prove_graph_terminates(graph, program).proved


def test_lemmas_and_mark_counts_get_no_type_frame() -> None:
    graph, program = program_graph("RecWalkLogs")
    assert type_frame(graph, program, calls=False) is NO_FRAME
    nodes = frozenset(graph.states)
    mark = MarkingNorm(FieldId("RecWalkLogs$Node", "mark", "I"), 0)
    assert PathExtractor(graph, nodes, program=program, norm=mark).rules.types is NO_FRAME
    assert PathExtractor(graph, nodes, program=program).rules.types is not NO_FRAME
