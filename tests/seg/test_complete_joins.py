"""Joins the explicit heap refutes after a write (`jhalt.seg.evaluate.complete_joins`): the
join is dropped only when both closures are complete, disjoint and not related by ``=?``;
rule 2: a join of overlapping complete closures, a self-join and ``!`` are dropped when no
``=?`` relates two references of the closures."""

from __future__ import annotations

from jhalt.domains.heap import Heap, HeapPredicates
from jhalt.domains.state import AbstractState, Frame
from jhalt.domains.values import NULL, InstanceValue, UnknownValue
from jhalt.ids import FieldId, MethodId, ProgramPosition
from jhalt.seg.evaluate.complete_joins import refuted_joins_dropped

NEXT = FieldId("Cell", "next", "LCell;")
POSITION = ProgramPosition(MethodId("Cell", "m", "()V"), 0)


def _fields_of(name: str) -> frozenset[FieldId] | None:
    return frozenset({NEXT}) if name == "Cell" else None


def _state(heap: dict, predicates: HeapPredicates) -> AbstractState:
    return AbstractState((Frame(POSITION, tuple(sorted(heap))),), Heap(heap), predicates)


def _cell(child: str) -> InstanceValue:
    return InstanceValue.of("Cell", {NEXT: child})


def test_a_join_between_two_complete_disjoint_lists_is_dropped():
    state = _state(
        {"o1": _cell("o2"), "o2": _cell(NULL), "o3": _cell(NULL)},
        HeapPredicates().with_join("o2", "o3").with_join("o1", "o3"),
    )
    after = refuted_joins_dropped(state, "o2", _fields_of)
    assert not after.predicates.may_join("o2", "o3")
    assert not after.predicates.may_join("o1", "o3")


def test_a_join_is_kept_when_a_closure_has_an_unknown_part():
    state = _state(
        {"o1": _cell("o2"), "o2": _cell(NULL), "o3": _cell("o4"), "o4": UnknownValue("Cell")},
        HeapPredicates().with_join("o2", "o3"),
    )
    assert refuted_joins_dropped(state, "o2", _fields_of).predicates.may_join("o2", "o3")


def test_a_join_is_kept_when_a_field_is_not_represented():
    state = _state(
        {"o2": _cell(NULL), "o3": InstanceValue.of("Cell", {})},
        HeapPredicates().with_join("o2", "o3"),
    )
    assert refuted_joins_dropped(state, "o2", _fields_of).predicates.may_join("o2", "o3")


def test_a_join_is_kept_when_the_closures_may_share_an_object():
    state = _state(
        {"o1": _cell("o2"), "o2": _cell(NULL), "o3": _cell("o4"), "o4": _cell(NULL)},
        HeapPredicates().with_join("o1", "o3").with_maybe_equal("o2", "o4"),
    )
    assert refuted_joins_dropped(state, "o1", _fields_of).predicates.may_join("o1", "o3")


def test_a_join_is_kept_for_a_class_with_library_fields():
    state = _state(
        {"o2": InstanceValue.of("Other", {}), "o3": _cell(NULL)},
        HeapPredicates().with_join("o2", "o3"),
    )
    assert refuted_joins_dropped(state, "o2", _fields_of).predicates.may_join("o2", "o3")


def test_stale_self_join_and_non_tree_of_a_complete_list_are_dropped():
    """``head.next = new Cell()`` after ``head`` led to a ring: the closure of ``o1`` is
    ``{o1, o2}``, all fields represented, so nothing below it is unrepresented."""
    state = _state(
        {"o1": _cell("o2"), "o2": _cell(NULL)},
        HeapPredicates().with_join("o1", "o1").with_non_tree("o1").with_join("o1", "o2"),
    )
    after = refuted_joins_dropped(state, "o1", _fields_of).predicates
    assert not after.may_join("o1", "o1")
    assert not after.may_be_non_tree("o1")
    assert not after.may_join("o1", "o2")  # overlapping closures, one reference per object


def test_self_join_and_non_tree_are_kept_below_an_unknown_part():
    state = _state(
        {"o1": _cell("o2"), "o2": UnknownValue("Cell")},
        HeapPredicates().with_join("o1", "o1").with_non_tree("o1"),
    )
    after = refuted_joins_dropped(state, "o1", _fields_of).predicates
    assert after.may_join("o1", "o1")
    assert after.may_be_non_tree("o1")


def test_non_tree_is_kept_when_two_references_below_may_be_one_object():
    """``o1 -> o2 -> o3`` with ``o1 =? o3``: the list may be a ring through o1 = o3."""
    state = _state(
        {"o1": _cell("o2"), "o2": _cell("o3"), "o3": _cell(NULL)},
        HeapPredicates().with_non_tree("o1").with_join("o1", "o1").with_maybe_equal("o1", "o3"),
    )
    after = refuted_joins_dropped(state, "o2", _fields_of).predicates
    assert after.may_be_non_tree("o1")
    assert after.may_join("o1", "o1")
