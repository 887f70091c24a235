"""The instance check keeps ``⊑`` transitive when one object of the instance lies at two
positions that the general state holds in two different references (the cause of
``test_known_soundness_bugs.py::test_an_argument_array_stored_in_a_field_next_to_fresh_objects``).

The instance ``s'`` holds the argument array ``a1`` (entries not represented) in local 0 and
in the field ``H.obj``; the general state ``s`` holds ``a9`` in local 0 and an unknown ``o9``
in the field, with ``a9 =? o9``. Every concrete state of ``s'`` realizes the entries of
``a1`` once, so they are reached from both positions with the same suffix — fine for
``s'`` (thesis Def. 1.10(m)), but ``s`` reaches them from two different anchors and needs
``a9 ⋀ o9`` for those concrete states. ``s' ⊑ s`` must therefore demand the join.
"""

from __future__ import annotations

from jhalt.domains.heap import Heap
from jhalt.domains.instance import check_instance
from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState, Frame
from jhalt.domains.values import ArrayValue, InstanceValue, IntValue, UnknownValue
from jhalt.ids import FieldId, MethodId, ProgramPosition
from jhalt.seg.simulation import with_shared_self_joins

POSITION = ProgramPosition(MethodId("A", "main", "([Ljava/lang/String;)V"), 1)
OBJ = FieldId("H", "obj", "Ljava/lang/Object;")
VAL = FieldId("V", "val", "I")
NEXT = FieldId("V", "next", "LV;")


class FieldsKnown:
    """A hierarchy that knows the fields of ``H`` and ``V`` (as the program's does)."""

    def is_subtype(self, sub: str, sup: str) -> bool:
        return sub == sup or sup == "java/lang/Object"

    def common_supertype(self, first: str, second: str) -> str:
        return first if first == second else "java/lang/Object"

    def instance_fields(self, class_name: str) -> tuple[FieldId, ...] | None:
        return {"H": (OBJ,), "V": (NEXT, VAL)}.get(class_name)


def _instance(value: object) -> AbstractState:
    heap = Heap(
        {
            "a1": value,
            "i1": IntValue(Interval.at_least(1)),
            "o1": InstanceValue.of("H", {OBJ: "a1"}),
        }
    )
    return AbstractState((Frame(POSITION, ("a1", "o1")),), heap)


def _general(joined: bool) -> AbstractState:
    heap = Heap(
        {
            "a9": ArrayValue("[Ljava/lang/String;", "i9"),
            "i9": IntValue(Interval.at_least(1)),
            "o8": InstanceValue.of("H", {OBJ: "o9"}),
            "o9": UnknownValue(nullable=False),
        }
    )
    state = AbstractState((Frame(POSITION, ("a9", "o8")),), heap)
    predicates = state.predicates.with_maybe_equal("a9", "o9")
    if joined:
        predicates = predicates.with_join("a9", "o9")
    return state.with_predicates(predicates)


def _concrete() -> AbstractState:
    """A concrete state of the instance: ``a1`` with one realized entry."""
    heap = Heap(
        {
            "a1": ArrayValue("[Ljava/lang/String;", "i1", ("o4",)),
            "i1": IntValue.const(1),
            "o1": InstanceValue.of("H", {OBJ: "a1"}),
            "o4": InstanceValue.of(
                "java/lang/String", {FieldId("java/lang/String", "count", "I"): "i4"}
            ),
            "i4": IntValue.const(3),
        }
    )
    return AbstractState((Frame(POSITION, ("a1", "o1")),), heap)


def test_an_object_held_by_two_general_references_needs_their_join() -> None:
    instance = _instance(ArrayValue("[Ljava/lang/String;", "i1"))
    answer = check_instance(instance, _general(joined=False), FieldsKnown())
    assert not answer and "missing a9 ⋀ o9" in answer.reasons
    assert check_instance(instance, _general(joined=True), FieldsKnown())


def test_the_join_is_what_the_concrete_states_need() -> None:
    # transitivity: a concrete state of the instance is an instance of the joined state only
    # (with the self-joins the soundness sweeps tolerate, see test_instance_relation_gap.py)
    instance = with_shared_self_joins(_instance(ArrayValue("[Ljava/lang/String;", "i1")))
    assert check_instance(_concrete(), instance, FieldsKnown())
    assert not check_instance(_concrete(), _general(joined=False), FieldsKnown())
    assert check_instance(_concrete(), _general(joined=True), FieldsKnown())


def test_nothing_unrepresented_needs_no_join() -> None:
    # an int array has no object successors to share
    ints = _instance(ArrayValue("[I", "i1"))
    general = _general(joined=False)
    general = general.with_value("a9", ArrayValue("[I", "i9"))
    assert check_instance(ints, general, FieldsKnown())
    # an instance listing all its fields shares only what the realization graph sees
    full = _instance(InstanceValue.of("V", {NEXT: "null", VAL: "i1"}))
    general = general.with_value("a9", UnknownValue(nullable=False))
    assert check_instance(full, general, FieldsKnown())
    # ... but one that lacks a reference field may hide a shared successor there
    partial = _instance(InstanceValue.of("V", {VAL: "i1"}))
    assert not check_instance(partial, general, FieldsKnown())
    # and without field information every instance is assumed to hide something
    assert not check_instance(full, general)
