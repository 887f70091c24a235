"""The Loop program of seed 000 (Fig. 1–4): states B, M, their merge N, instance edges;
and the thesis' instance examples (Fig. 1.11, 1.12)."""

from __future__ import annotations

from jhalt.domains.heap import Heap, HeapPredicates, pair
from jhalt.domains.instance import check_instance, is_instance
from jhalt.domains.intervals import Interval
from jhalt.domains.merge import merge
from jhalt.domains.state import LENGTH, AbstractState, Frame, LocalRoot, StatePosition
from jhalt.domains.values import NULL, ArrayValue, InstanceValue, IntValue, UnknownValue
from jhalt.ids import FieldId, MethodId, ProgramPosition

MAIN = MethodId("Loop", "main", "([Ljava/lang/String;)V")
AT_05 = ProgramPosition(MAIN, 5)
STRING_ARRAY = "[Ljava/lang/String;"


def loop_state(i_value: Interval, length: Interval) -> AbstractState:
    """Loop.main at pc 05 with locals a:a1, i, j where j is the array length (seed Fig. 4)."""
    heap = Heap(
        {
            "a1": ArrayValue(STRING_ARRAY, "i1"),
            "i1": IntValue(length),
            "i9": IntValue(i_value),
        }
    )
    return AbstractState((Frame(AT_05, ("a1", "i9", "i1")),), heap)


STATE_B = loop_state(Interval.const(0), Interval.at_least(0))
STATE_M = loop_state(Interval.at_least(0), Interval.at_least(1))


def test_b_and_m_are_not_instances_of_each_other() -> None:
    # seed 000 §2.3: [0,∞) ⊄ [1,∞) at LV0,2 and [0,∞) ⊄ {0} at LV0,1
    assert not is_instance(STATE_B, STATE_M)
    assert not is_instance(STATE_M, STATE_B)


def test_merge_of_b_and_m_is_state_n() -> None:
    result = merge(STATE_B, STATE_M)
    merged = result.state
    i_ref = merged.local(1)
    j_ref = merged.local(2)
    assert merged.int_value(i_ref).interval == Interval.at_least(0)
    assert merged.int_value(j_ref).interval == Interval.at_least(0)
    # j and the array length stay the same reference (both inputs share it)
    array = merged.value(merged.local(0))
    assert isinstance(array, ArrayValue) and array.length == j_ref
    assert merged.value_at(StatePosition(LocalRoot(0, 0), (LENGTH,))) == j_ref
    assert merged.predicates.is_empty
    assert is_instance(STATE_B, merged) and is_instance(STATE_M, merged)
    # N represents more than B: not an instance of it
    assert not is_instance(merged, STATE_B)
    assert result.from_first[j_ref] == "i1" and result.from_second[i_ref] == "i9"


def test_instance_renaming_maps_abstract_to_instance_refs() -> None:
    merged = merge(STATE_B, STATE_M).state
    check = check_instance(STATE_M, merged)
    assert check.holds
    assert check.renaming[merged.local(0)] == "a1"
    assert check.renaming[merged.local(2)] == "i1"


def test_lost_equality_is_not_an_instance() -> None:
    # seed 000 Def. 9 (g): if j and the length are different refs in s, s' with one ref
    # is an instance, but not the other way round.
    split = AbstractState(
        (Frame(AT_05, ("a1", "i9", "i2")),),
        Heap(
            {
                "a1": ArrayValue(STRING_ARRAY, "i1"),
                "i1": IntValue(Interval.at_least(0)),
                "i2": IntValue(Interval.at_least(0)),
                "i9": IntValue(Interval.const(0)),
            }
        ),
    )
    assert is_instance(STATE_B, split)
    assert not is_instance(split, STATE_B)


LIST = "List"
NEXT = FieldId(LIST, "next", "LList;")
VALUE = FieldId(LIST, "value", "I")
POS = ProgramPosition(MethodId(LIST, "m", "(I)V"), 0)


def test_thesis_example_1_1() -> None:
    # thesis Fig. 1.11: a two-element list is an instance of "a list of length ≥ 1"
    s1 = AbstractState(
        (Frame(POS, ("r1", "i1")),),
        Heap(
            {
                "r1": InstanceValue.of(LIST, {NEXT: "r2", VALUE: "i2"}),
                "r2": InstanceValue.of(LIST, {NEXT: NULL, VALUE: "i3"}),
                "i1": IntValue(Interval.at_least(10)),
                "i2": IntValue(Interval.const(7)),
                "i3": IntValue(Interval.at_most(0)),
            }
        ),
    )
    s2 = AbstractState(
        (Frame(POS, ("r3", "i4")),),
        Heap(
            {
                "r3": InstanceValue.of(LIST, {NEXT: "r4", VALUE: "i5"}),
                "r4": UnknownValue(LIST),
                "i4": IntValue(Interval.at_least(0)),
                "i5": IntValue(Interval.top()),
            }
        ),
    )
    assert is_instance(s1, s2)
    assert not is_instance(s2, s1)


CYCLE_POS = ProgramPosition(MethodId(LIST, "m", "()V"), 1)


def two_element_cycle() -> AbstractState:
    # thesis Fig. 1.12a (s3): this → r1, r1.next = r2, r2.next = r1, operand stack r1
    return AbstractState(
        (Frame(CYCLE_POS, ("r1",), ("r1",)),),
        Heap(
            {
                "r1": InstanceValue.of(LIST, {NEXT: "r2", VALUE: "i1"}),
                "r2": InstanceValue.of(LIST, {NEXT: "r1", VALUE: "i1"}),
                "i1": IntValue(Interval.top()),
            }
        ),
    )


def test_thesis_example_1_2_distinct_refs_must_stay_distinct() -> None:
    s5 = AbstractState(
        (Frame(CYCLE_POS, ("r5",), ("r5",)),),
        Heap({"r5": InstanceValue.of(LIST, {NEXT: "r5"})}),
    )
    assert not is_instance(two_element_cycle(), s5)  # Def. 1.10(k)


def test_cycle_needs_annotations_in_abstract_state() -> None:
    s3 = two_element_cycle()
    bare = AbstractState(
        (Frame(CYCLE_POS, ("r3",), ("r4",)),),
        Heap({"r3": UnknownValue(LIST, False), "r4": UnknownValue(LIST, False)}),
    )
    check = check_instance(s3, bare)
    assert not check.holds
    annotated = bare.with_predicates(
        HeapPredicates(
            maybe_equal=frozenset({pair("r3", "r4")}),
            joins=frozenset({pair("r3", "r4"), pair("r3", "r3"), pair("r4", "r4")}),
            non_tree=frozenset({"r3", "r4"}),
        )
    )
    assert is_instance(s3, annotated)
    # each annotation is needed: dropping any one breaks the instance relation
    predicates = annotated.predicates
    for smaller in (
        HeapPredicates(frozenset(), predicates.joins, predicates.non_tree),
        HeapPredicates(
            predicates.maybe_equal, predicates.joins - {pair("r3", "r4")}, predicates.non_tree
        ),
        HeapPredicates(predicates.maybe_equal, predicates.joins, frozenset({"r4"})),
    ):
        assert not is_instance(s3, bare.with_predicates(smaller))


def test_merge_of_cyclic_and_acyclic_lists_covers_both() -> None:
    cyclic = two_element_cycle()
    acyclic = AbstractState(
        (Frame(CYCLE_POS, ("r1",), ("r1",)),),
        Heap(
            {
                "r1": InstanceValue.of(LIST, {NEXT: NULL, VALUE: "i1"}),
                "i1": IntValue(Interval.const(3)),
            }
        ),
    )
    merged = merge(cyclic, acyclic).state
    assert is_instance(cyclic, merged) and is_instance(acyclic, merged)
    top = merged.local(0)
    assert merged.peek() == top
    next_ref = merged.value(top).field(NEXT)
    assert merged.value(next_ref) == UnknownValue(LIST, nullable=True)
    # the cycle back to r1 is no longer explicit, so r1's next may be non-tree / join
    assert next_ref in merged.predicates.non_tree
