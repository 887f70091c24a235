"""The distance norm of issue 16 (`jhalt.analyses.termination.norms.distance`) and the must-reach
facts it relies on (`jhalt.analyses.termination.heap.must_reach`): a walk round a ring back to
its start is proved; look-alikes whose start is not on the ring (a panhandle, a start
unlinked from the ring, a walk that turns its node into a self-loop) are not.  Expected
outcomes come from the programs' meaning (comments in the Java sources)."""

from __future__ import annotations

from termination_kit import heap_facts, java_graph, prove_java

from jhalt.analyses.termination import prove_graph_terminates
from jhalt.analyses.termination.cutpoints import graph_components
from jhalt.analyses.termination.heap.must_reach import reach_facts
from jhalt.analyses.termination.norms.distance import candidate_distances
from jhalt.analyses.termination.pathfacts import WriteKinds
from jhalt.budget import NEVER
from jhalt.ids import FieldId
from jhalt.seg.labels import InstanceEdge


def _walk_reaches_start(name: str) -> bool:
    """Whether the must-reach facts at every head of ``around``'s loop (instance-edge
    targets; the builder may keep the first iteration apart) say that ``current`` (local 1)
    reaches ``this`` (local 0) along ``next``."""
    graph, program = java_graph(name)
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
    graph, program = java_graph("RingReturn")
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
    facts = heap_facts(outcome)
    assert any("distance along RingReturn.next" in fact for fact in facts), facts


def test_a_walk_from_a_panhandle_into_a_ring_is_not_proved():
    assert not _walk_reaches_start("RingPanhandle")
    graph, program = java_graph("RingPanhandle")
    assert not prove_graph_terminates(graph, program).proved


def test_a_walk_from_a_start_unlinked_from_its_ring_is_not_proved():
    assert not _walk_reaches_start("RingUnlinked")
    graph, program = java_graph("RingUnlinked")
    assert not prove_graph_terminates(graph, program).proved


def test_a_walk_that_makes_each_node_a_self_loop_is_not_proved():
    assert not _walk_reaches_start("RingSelfLoop")  # the write inside the loop kills it
    outcome = prove_java("RingSelfLoop")
    assert not outcome.proved, outcome.describe()


def test_unlinking_nodes_behind_the_walk_keeps_its_distance_to_the_start():
    outcome = prove_java("RingPrune")
    assert outcome.proved, outcome.describe()
    assert outcome.verify()
    facts = heap_facts(outcome)
    assert any("distance along RingPrune.next" in fact for fact in facts), facts


def test_turning_the_walked_node_into_a_self_loop_is_not_proved():
    outcome = prove_java("RingPruneSelf")
    assert not outcome.proved, outcome.describe()


def test_a_search_round_a_list_with_a_sentinel_header_is_ranked_to_the_header():
    outcome = prove_java("SentinelList")
    assert outcome.proved, outcome.describe()
    assert outcome.verify()
    facts = heap_facts(outcome)
    assert any("field header of the object in local variable 0" in f for f in facts), facts


def test_a_search_that_waits_for_another_lists_header_is_not_proved():
    outcome = prove_java("SentinelOther")
    assert not outcome.proved, outcome.describe()


def test_a_walk_to_null_of_a_fresh_list_beside_a_ring_is_ranked_by_its_length():
    outcome = prove_java("FreshAfterRing")
    assert outcome.proved, outcome.describe()
    assert outcome.verify()
    # since `complete_joins` rule 2 drops the ring's stale annotations once t.field holds
    # a fresh list, plain sizes may rank the walk before the distance to null is tried
    # (the distance to null keeps its own test: ReverseList below)


def test_a_walk_to_null_round_a_ring_is_not_proved():
    outcome = prove_java("RingAfterFresh")
    assert not outcome.proved, outcome.describe()


def test_in_place_reversal_of_a_list_built_from_null_is_ranked_by_its_length():
    # the head merges the first iteration (y null) with the later ones, as without
    # `BuildLimits.peel_first_null`; with the peel, plain sizes prove it (next test)
    outcome = prove_java("ReverseList", peel_first_null=False)
    assert outcome.proved, outcome.describe()
    assert outcome.verify()
    facts = heap_facts(outcome)
    assert any("ReverseNode.n" in fact and "to null" in fact for fact in facts), facts


def test_in_place_reversal_with_its_first_iteration_kept_apart_is_proved():
    outcome = prove_java("ReverseList")
    assert outcome.proved, outcome.describe()
    assert outcome.verify()


def test_turning_each_next_node_back_is_not_proved():
    outcome = prove_java("ReverseIntoItself")
    assert not outcome.proved, outcome.describe()


def test_a_search_for_the_self_looped_root_of_a_chain_is_ranked_by_its_length():
    outcome = prove_java("RootChain")
    assert outcome.proved, outcome.describe()
    assert outcome.verify()
    facts = heap_facts(outcome)
    assert any("to null or to a self-loop" in fact for fact in facts), facts


def test_a_search_for_a_root_in_a_chain_ending_in_a_two_cycle_is_not_proved():
    outcome = prove_java("RootPair")
    assert not outcome.proved, outcome.describe()
