"""``ArrayValue.non_null_entries`` (issue 21: ``main``'s command line holds non-null Strings):
a merge keeps the mark only when both arrays have it, and an array that may hold null is no
instance of one that may not (the graph would otherwise lose the null case)."""

from __future__ import annotations

from jhalt.domains.heap import Heap, HeapPredicates
from jhalt.domains.instance import is_instance
from jhalt.domains.intervals import Interval
from jhalt.domains.merge import merge
from jhalt.domains.state import AbstractState, Frame
from jhalt.domains.values import ArrayValue, IntValue
from jhalt.ids import MethodId, ProgramPosition

HERE = ProgramPosition(MethodId("Main", "main", "([Ljava/lang/String;)V"), 4)
STRINGS = "[Ljava/lang/String;"


def _state(non_null: bool, length: Interval = Interval(0, None)) -> AbstractState:
    heap = {"i1": IntValue(length, "I"), "a1": ArrayValue(STRINGS, "i1", None, non_null)}
    return AbstractState((Frame(HERE, ("a1",), ()),), Heap(heap), HeapPredicates())


def _array(state: AbstractState) -> ArrayValue:
    (reference,) = state.frames[0].locals
    assert reference is not None
    value = state.heap[reference]
    assert isinstance(value, ArrayValue)
    return value


def test_merge_keeps_the_mark_only_when_both_have_it() -> None:
    assert _array(merge(_state(True), _state(True, Interval(2, 3))).state).non_null_entries
    assert not _array(merge(_state(True), _state(False)).state).non_null_entries
    assert not _array(merge(_state(False), _state(True)).state).non_null_entries


def test_an_array_that_may_hold_null_is_no_instance_of_a_marked_one() -> None:
    assert is_instance(_state(True), _state(True))
    assert is_instance(_state(True), _state(False))
    assert not is_instance(_state(False), _state(True))
