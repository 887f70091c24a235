"""Self-joins of merged states count suffixes, not positions (thesis Def. 1.10(m),
jhalt.domains.correspondence): an object below one merged reference that the fine state
reaches by two positions through one object and one suffix (a tree held by two locals)
needs no ``r ⋀ r``; one reached by two different suffixes (a DAG) does."""

from __future__ import annotations

from jhalt.domains.heap import Heap, HeapPredicates
from jhalt.domains.intervals import Interval
from jhalt.domains.merge import merge
from jhalt.domains.state import AbstractState, Frame
from jhalt.domains.values import NULL, InstanceValue, IntValue
from jhalt.ids import FieldId, MethodId, ProgramPosition

LEFT = FieldId("Tree", "left", "LTree;")
RIGHT = FieldId("Tree", "right", "LTree;")
HERE = ProgramPosition(MethodId("Tree", "create", "()LTree;"), 16)


def _tree(left: str, right: str) -> InstanceValue:
    return InstanceValue.of("Tree", {LEFT: left, RIGHT: right})


def _state(locals_: tuple[str, ...], heap: dict) -> AbstractState:
    heap = {"i1": IntValue(Interval(0, 5), "I"), **heap}
    return AbstractState((Frame(HERE, ("i1",) + locals_, ()),), Heap(heap), HeapPredicates())


def _self_joins(state: AbstractState) -> set[str]:
    return {next(iter(p)) for p in state.predicates.joins if len(p) == 1}


def test_a_tree_held_by_two_locals_stays_a_tree_when_merged():
    empty = _state(("o1", "o1"), {"o1": _tree(NULL, NULL)})
    grown = _state(
        ("o1", "o1"), {"o1": _tree(NULL, "o2"), "o2": _tree(NULL, "o3"), "o3": _tree(NULL, NULL)}
    )
    merged = merge(empty, grown).state
    assert _self_joins(merged) == set()


def test_a_dag_below_a_merged_reference_joins_itself():
    absent = _state(("null",), {})
    shared = _state(("o1",), {"o1": _tree("o2", "o2"), "o2": _tree(NULL, NULL)})
    merged = merge(absent, shared).state
    (root,) = [r for r in merged.frames[0].locals if r is not None and merged.is_object(r)]
    assert root in _self_joins(merged)
