"""The distance norm of issue 16 (`jhalt.analyses.termination.distance`) and the must-reach
facts it relies on (`jhalt.analyses.termination.reachfacts`): a walk round a ring back to
its start is proved; look-alikes whose start is not on the ring (a panhandle, a start
unlinked from the ring, a walk that turns its node into a self-loop) are not.  Expected
outcomes come from the programs' meaning (comments in the Java sources)."""

from __future__ import annotations

from pathlib import Path

from javac import compile_java

from jhalt.analyses.termination import prove_graph_terminates
from jhalt.analyses.termination.cutpoints import graph_components
from jhalt.analyses.termination.distance import candidate_distances
from jhalt.analyses.termination.pathfacts import WriteKinds
from jhalt.analyses.termination.reachfacts import reach_facts
from jhalt.budget import NEVER
from jhalt.ids import FieldId, MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import InstanceEdge

JAVA = Path(__file__).parent / "java"


def _graph(name: str, peel_first_null: bool = True) -> tuple[SymbolicExecutionGraph, Program]:
    program = Program.from_spec(str(compile_java(JAVA / f"{name}.java")))
    graph = build_graph(
        program,
        MethodId(name, "main", "([Ljava/lang/String;)V"),
        default_registry(),
        limits=BuildLimits(timeout_s=20, peel_first_null=peel_first_null),
    )
    return graph, program


def _walk_reaches_start(name: str) -> bool:
    """Whether the must-reach facts at every head of ``around``'s loop (instance-edge
    targets; the builder may keep the first iteration apart) say that ``current`` (local 1)
    reaches ``this`` (local 0) along ``next``."""
    graph, program = _graph(name)
    facts = reach_facts(graph, FieldId(name, "next", f"L{name};"), WriteKinds(program))
    heads = {
        target
        for _, label, target in graph.edges
        if isinstance(label, InstanceEdge) and graph.states[target].position.method.name == "around"
    }
    assert heads
    return all(
        (graph.states[head].local(1), graph.states[head].local(0)) in facts[head] for head in heads
    )


def test_a_walk_round_a_ring_back_to_its_start_is_ranked_by_the_distance():
    assert _walk_reaches_start("RingReturn")
    graph, program = _graph("RingReturn")
    (loop,) = [
        nodes
        for nodes in graph_components(graph)
        if graph.states[min(nodes)].position.method.name == "around"
    ]
    norms = candidate_distances(graph, loop, program, NEVER)
    assert (norms[0].field.name, norms[0].slot, norms[0].via) == ("next", 0, None)
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.describe()
    assert outcome.verify()
    facts = [fact for loop in outcome.loops for fact in loop.heap_facts]
    assert any("distance along RingReturn.next" in fact for fact in facts), facts


def test_a_walk_from_a_panhandle_into_a_ring_is_not_proved():
    assert not _walk_reaches_start("RingPanhandle")
    graph, program = _graph("RingPanhandle")
    assert not prove_graph_terminates(graph, program).proved


def test_a_walk_from_a_start_unlinked_from_its_ring_is_not_proved():
    assert not _walk_reaches_start("RingUnlinked")
    graph, program = _graph("RingUnlinked")
    assert not prove_graph_terminates(graph, program).proved


def test_a_walk_that_makes_each_node_a_self_loop_is_not_proved():
    assert not _walk_reaches_start("RingSelfLoop")  # the write inside the loop kills it
    graph, program = _graph("RingSelfLoop")
    outcome = prove_graph_terminates(graph, program)
    assert not outcome.proved, outcome.describe()


def test_unlinking_nodes_behind_the_walk_keeps_its_distance_to_the_start():
    graph, program = _graph("RingPrune")
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.describe()
    assert outcome.verify()
    facts = [fact for loop in outcome.loops for fact in loop.heap_facts]
    assert any("distance along RingPrune.next" in fact for fact in facts), facts


def test_turning_the_walked_node_into_a_self_loop_is_not_proved():
    graph, program = _graph("RingPruneSelf")
    outcome = prove_graph_terminates(graph, program)
    assert not outcome.proved, outcome.describe()


def test_a_search_round_a_list_with_a_sentinel_header_is_ranked_to_the_header():
    graph, program = _graph("SentinelList")
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.describe()
    assert outcome.verify()
    facts = [fact for loop in outcome.loops for fact in loop.heap_facts]
    assert any("field header of the object in local variable 0" in f for f in facts), facts


def test_a_search_that_waits_for_another_lists_header_is_not_proved():
    graph, program = _graph("SentinelOther")
    outcome = prove_graph_terminates(graph, program)
    assert not outcome.proved, outcome.describe()


def test_a_walk_to_null_of_a_fresh_list_beside_a_ring_is_ranked_by_its_length():
    graph, program = _graph("FreshAfterRing")
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.describe()
    assert outcome.verify()
    facts = [fact for loop in outcome.loops for fact in loop.heap_facts]
    assert any("to null" in fact for fact in facts), facts


def test_a_walk_to_null_round_a_ring_is_not_proved():
    graph, program = _graph("RingAfterFresh")
    outcome = prove_graph_terminates(graph, program)
    assert not outcome.proved, outcome.describe()


def test_in_place_reversal_of_a_list_built_from_null_is_ranked_by_its_length():
    # the head merges the first iteration (y null) with the later ones, as without
    # `BuildLimits.peel_first_null`; with the peel, plain sizes prove it (next test)
    graph, program = _graph("ReverseList", peel_first_null=False)
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.describe()
    assert outcome.verify()
    facts = [fact for loop in outcome.loops for fact in loop.heap_facts]
    assert any("ReverseNode.n" in fact and "to null" in fact for fact in facts), facts


def test_in_place_reversal_with_its_first_iteration_kept_apart_is_proved():
    graph, program = _graph("ReverseList")
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.describe()
    assert outcome.verify()


def test_turning_each_next_node_back_is_not_proved():
    graph, program = _graph("ReverseIntoItself")
    outcome = prove_graph_terminates(graph, program)
    assert not outcome.proved, outcome.describe()


def test_a_search_for_the_self_looped_root_of_a_chain_is_ranked_by_its_length():
    graph, program = _graph("RootChain")
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.describe()
    assert outcome.verify()
    facts = [fact for loop in outcome.loops for fact in loop.heap_facts]
    assert any("to null or to a self-loop" in fact for fact in facts), facts


def test_a_search_for_a_root_in_a_chain_ending_in_a_two_cycle_is_not_proved():
    graph, program = _graph("RootPair")
    outcome = prove_graph_terminates(graph, program)
    assert not outcome.proved, outcome.describe()
