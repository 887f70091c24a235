"""The acyclicity rule for size variables (jhalt.analyses.termination.sizes) on hand-built
states: a reference gets a size only when no concrete state of the abstract state can make
the data it reaches cyclic."""

from __future__ import annotations

from jhalt.analyses.termination.sizes import analyse_sizes
from jhalt.domains.heap import Heap, HeapPredicates, pair
from jhalt.domains.state import AbstractState, Frame
from jhalt.domains.values import NULL, InstanceValue, UnknownValue
from jhalt.ids import FieldId, MethodId, ProgramPosition

NEXT = FieldId("Node", "next", "LNode;")
HERE = ProgramPosition(MethodId("Main", "main", "([Ljava/lang/String;)V"), 0)


def state(
    heap: dict, locals_: tuple, predicates: HeapPredicates = HeapPredicates()
) -> AbstractState:
    return AbstractState((Frame(HERE, locals_, ()),), Heap(heap), predicates)


def node(next_ref: str | None = None) -> InstanceValue:
    return InstanceValue.of("Node", {NEXT: next_ref} if next_ref is not None else {})


def test_a_represented_list_ending_in_null_has_sizes_that_shrink_along_next():
    s = state({"o1": node("o2"), "o2": node(NULL)}, ("o1",))
    sizes = analyse_sizes(s)
    assert sizes.tracked == {"o1", "o2"}
    assert ("o2", "o1") in sizes.smaller
    assert sizes.non_null == {"o1", "o2"}


def test_an_unknown_tail_without_annotations_is_a_tree_and_may_be_null():
    s = state({"o1": node("o2"), "o2": UnknownValue("Node")}, ("o1",))
    sizes = analyse_sizes(s)
    assert sizes.tracked == {"o1", "o2"}
    assert "o2" not in sizes.non_null


def test_an_explicit_cycle_has_no_size():
    s = state({"o1": node("o2"), "o2": node("o1")}, ("o1",))
    assert analyse_sizes(s).tracked == frozenset()


def test_a_possibly_cyclic_unknown_part_removes_the_size_of_everything_reaching_it():
    s = state(
        {"o1": node("o2"), "o2": UnknownValue("Node"), "o3": node(NULL)},
        ("o1", "o3"),
        HeapPredicates(non_tree=frozenset({"o2"})),
    )
    assert analyse_sizes(s).tracked == {"o3"}


def test_a_child_that_may_equal_its_parent_is_a_possible_cycle():
    s = state(
        {"o1": node("o2"), "o2": UnknownValue("Node")},
        ("o1",),
        HeapPredicates(maybe_equal=frozenset({pair("o1", "o2")})),
    )
    assert analyse_sizes(s).tracked == frozenset()


def test_possible_equality_with_an_unrelated_list_keeps_sizes():
    # cur =? head, where head -> tail: if cur is head, it still reaches an acyclic list
    s = state(
        {"o1": node("o2"), "o2": UnknownValue("Node"), "o3": UnknownValue("Node")},
        ("o1", "o3"),
        HeapPredicates(maybe_equal=frozenset({pair("o3", "o1"), pair("o3", "o2")})),
    )
    assert analyse_sizes(s).tracked == {"o1", "o2", "o3"}


def test_sharing_alone_keeps_the_longest_path_finite():
    s = state(
        {"o1": node("o2"), "o2": UnknownValue("Node")},
        ("o1",),
        HeapPredicates(joins=frozenset({pair("o2", "o2"), pair("o1", "o2")})),
    )
    assert analyse_sizes(s).tracked == {"o1", "o2"}
