"""The marking norm of issue 16 (`jhalt.analyses.termination.norms.marking`): loops that mark the
nodes they visit on a cyclic list.  A terminating program it proves and non-terminating
look-alikes it must not prove; expected outcomes come from the programs' meaning (comments
in the Java sources)."""

from __future__ import annotations

from termination_kit import heap_facts, java_graph

from jhalt.analyses.termination import prove_graph_terminates
from jhalt.analyses.termination.cutpoints import graph_components
from jhalt.analyses.termination.norms.marking import MarkingNorm, candidate_markings
from jhalt.program import Program
from jhalt.seg.graph import SymbolicExecutionGraph


def _visit_norms(graph: SymbolicExecutionGraph, program: Program) -> list[MarkingNorm]:
    (visit,) = [
        nodes
        for nodes in graph_components(graph)
        if graph.states[min(nodes)].position.method.name == "visit"
    ]
    return candidate_markings(graph, visit, program)


def test_a_walk_that_marks_each_node_of_a_ring_is_ranked_by_the_marking_count():
    graph, program = java_graph("MarkRing")
    assert [(n.field.name, n.slot) for n in _visit_norms(graph, program)] == [("mark", 1)]
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.describe()
    assert outcome.verify()
    facts = heap_facts(outcome)
    assert any("marking count" in fact and "MarkRing.mark" in fact for fact in facts), facts


def test_a_walk_that_unmarks_the_node_ahead_is_not_proved():
    graph, program = java_graph("MarkRingUndone")
    assert _visit_norms(graph, program)  # the norm is tried, and fails
    outcome = prove_graph_terminates(graph, program)
    assert not outcome.proved, outcome.describe()


def test_a_walk_that_writes_the_expected_mark_is_not_proved():
    graph, program = java_graph("MarkRingSame")
    assert _visit_norms(graph, program)
    outcome = prove_graph_terminates(graph, program)
    assert not outcome.proved, outcome.describe()
