"""The heap facts and norms of issue 16: the global acyclicity rule
(`jhalt.analyses.termination.heap.acyclicity`), the same rule for the writes before a loop, and the weighted term-size norm
(`jhalt.analyses.termination.norms.termsize`).  Each measure has a terminating program it proves
and a non-terminating look-alike it must not prove; expected outcomes come from the
programs' meaning (comments in the Java sources)."""

from __future__ import annotations

from termination_kit import heap_facts, java_graph, prove_java

from jhalt.analyses.termination import prove_graph_terminates
from jhalt.analyses.termination.heap.acyclicity import heap_stays_acyclic


def test_appending_fresh_nodes_never_closes_a_cycle():
    graph, program = java_graph("ListWalk")
    assert heap_stays_acyclic(graph, program).holds
    assert prove_graph_terminates(graph, program).proved


def test_closing_a_list_into_a_ring_is_a_possible_cycle_and_its_walk_is_not_proved():
    graph, program = java_graph("CycleWalk")
    check = heap_stays_acyclic(graph, program)
    assert not check.holds
    assert "putfield" in check.reason
    assert not prove_graph_terminates(graph, program).proved


def test_a_walk_before_the_ring_is_closed_is_proved_with_the_writes_before_it():
    graph, program = java_graph("WalkThenRing")
    assert not heap_stays_acyclic(graph, program).holds  # the ring is closed at the end
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.describe()
    assert outcome.verify()
    facts = heap_facts(outcome)
    assert any("before the loop" in fact and "along the fields next" in fact for fact in facts)


def test_a_walk_after_the_ring_is_closed_is_not_proved():
    outcome = prove_java("RingThenWalk")
    assert not outcome.proved, outcome.describe()


def test_a_rotation_that_keeps_the_longest_path_is_ranked_by_weighted_term_size():
    outcome = prove_java("RotateTree")
    assert outcome.proved, outcome.describe()
    assert outcome.verify()
    facts = heap_facts(outcome)
    assert any("term sizes" in fact and "left = 2" in fact for fact in facts), facts


def test_rebuilding_the_same_shape_is_not_proved():
    outcome = prove_java("RebuildTree")
    assert not outcome.proved, outcome.describe()


def test_a_walk_along_next_of_a_doubly_linked_list_is_ranked_along_next_only():
    graph, program = java_graph("DoublyWalk")
    assert not heap_stays_acyclic(graph, program).holds  # pred and next close cycles
    assert heap_stays_acyclic(graph, program, frozenset({"next"})).holds
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.describe()
    assert outcome.verify()
    facts = heap_facts(outcome)
    assert any("along next" in fact for fact in facts), facts


def test_bouncing_forward_and_back_in_a_doubly_linked_list_is_not_proved():
    graph, program = java_graph("DoublyBounce")
    assert heap_stays_acyclic(graph, program, frozenset({"next"})).holds
    outcome = prove_graph_terminates(graph, program)
    assert not outcome.proved, outcome.describe()


def test_inserting_a_copy_after_each_node_keeps_the_list_acyclic_and_is_proved():
    graph, program = java_graph("DuplicateList")
    assert heap_stays_acyclic(graph, program, frozenset({"next"})).holds
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.describe()
    assert outcome.verify()


def test_walking_onto_each_inserted_copy_is_not_proved():
    outcome = prove_java("DuplicateForever")
    assert not outcome.proved, outcome.describe()


def test_a_copy_from_a_cut_off_list_to_its_detached_tail_is_proved():
    """The join between the list and the tail built below it is refuted once the link is
    cut and both parts are completely represented (`jhalt.seg.evaluate.complete_joins`)."""
    outcome = prove_java("CutThenCopy")
    assert outcome.proved, outcome.describe()
    assert outcome.verify()


def test_a_copy_onto_the_end_of_the_list_it_walks_is_not_proved():
    outcome = prove_java("CopyIntoItself")
    assert not outcome.proved, outcome.describe()


def test_reversing_a_ring_whose_first_iteration_cuts_it_is_proved():
    """The loop head keeps the first iteration (``y`` null) apart from the later ones
    (`BuildLimits.peel_first_null`), so the path from ``x`` ends at null on every run into
    the loop's SCC and the distance to null ranks it."""
    outcome = prove_java("ReverseRing")
    assert outcome.proved, outcome.describe()
    assert outcome.verify()
    facts = heap_facts(outcome)
    assert any("to null" in fact for fact in facts), facts


def test_reversing_a_ring_without_cutting_it_is_not_proved():
    outcome = prove_java("ReverseRingKeep")
    assert not outcome.proved, outcome.describe()


def test_two_entry_states_kept_apart_decide_the_guard_at_once():
    """The loop header keeps the state where ``one.next`` is null apart from the one where
    it is a self-loop (`BuildLimits.peel_first_null`): the guard is decided in each and the
    graph has no cycle."""
    graph, program = java_graph("SelfLoopPair")
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.describe()
    assert outcome.verify()


def test_a_pair_of_self_loops_restored_by_the_body_is_not_proved():
    outcome = prove_java("SelfLoopPairBoth")
    assert not outcome.proved, outcome.describe()


def test_a_walk_up_a_type_hierarchy_keeps_one_state_per_class_and_is_proved():
    """The loop header keeps a state per exact class of ``x`` (`BuildLimits.peel_classes`):
    C steps to B, B to A, A leaves — the graph has no cycle."""
    graph, program = java_graph("TypeChain")
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.describe()
    assert outcome.verify()


def test_a_walk_between_two_classes_that_step_to_each_other_is_not_proved():
    outcome = prove_java("TypeCycle")
    assert not outcome.proved, outcome.describe()


def test_flattening_a_list_of_trees_is_ranked_with_weight_on_the_linking_field():
    """``Queue.value`` links the list to its trees; the node count with weight 2 on it
    shrinks (`termsize.linking_fields`), though it sorts after three fields of ``Node``."""
    outcome = prove_java("FlattenTrees")
    assert outcome.proved, outcome.describe()
    assert outcome.verify()
    facts = heap_facts(outcome)
    assert any("Queue.value = 2" in fact for fact in facts), facts


def test_pushing_a_tree_back_with_its_subtree_is_not_proved():
    outcome = prove_java("FlattenTreesAgain")
    assert not outcome.proved, outcome.describe()


def test_replacing_a_cells_tree_by_its_subtree_in_place_is_ranked_by_term_size():
    """``cell.value = tree.right`` on an existing cell: its term size after the write is its
    size before, minus the old tree's, plus the subtree's (`termsize.written_size`)."""
    outcome = prove_java("FlattenInPlace")
    assert outcome.proved, outcome.describe()
    assert outcome.verify()
    facts = heap_facts(outcome)
    assert any("term sizes" in fact for fact in facts), facts


def test_keeping_the_cells_tree_in_place_is_not_proved():
    outcome = prove_java("FlattenInPlaceKeep")
    assert not outcome.proved, outcome.describe()
