"""Pins that jhalt.domains.instance follows thesis Def. 1.10(m) where seed 000 Def. 9(j)
is stricter (the soundness sweeps no longer need simulation.with_shared_self_joins).

Thesis Def. 1.10(m) demands ``s|π̄ ⋀ s|π̄'`` for two positions π ≠ π' of the instance that
reach one object outside SPos(s) only if ``s|π̄ ≠ s|π̄'`` *or π, π' have different suffixes*.
An array held in a local and on the operand stack (after ``aload``) whose entries the
instance realizes but the general state does not: both positions reach the entry through
the same reference with the same suffix ``[0]``, so no annotation is needed. seed 000 Def.
9(j) lacks that exception; jhalt.domains.correspondence follows the thesis (it counts the
suffixes below an anchor, not the positions).
"""

from __future__ import annotations

from jhalt.domains.heap import Heap
from jhalt.domains.instance import check_instance
from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState, Frame
from jhalt.domains.values import ArrayValue, IntValue
from jhalt.ids import MethodId, ProgramPosition

POSITION = ProgramPosition(MethodId("A", "main", "([Ljava/lang/String;)V"), 1)


def _instance() -> AbstractState:
    heap = Heap(
        {
            "a1": ArrayValue("[Ljava/lang/Object;", "i1", ("o1",)),
            "i1": IntValue.const(1),
            "o1": ArrayValue("[I", "i2", ()),
            "i2": IntValue.const(0),
        }
    )
    return AbstractState((Frame(POSITION, ("a1",), ("a1",)),), heap)


def _general() -> AbstractState:
    heap = Heap(
        {"a9": ArrayValue("[Ljava/lang/Object;", "i9"), "i9": IntValue(Interval.at_least(0))}
    )
    return AbstractState((Frame(POSITION, ("a9",), ("a9",)),), heap)


def test_the_general_state_with_a_self_join_is_accepted() -> None:
    general = _general()
    joined = general.with_predicates(general.predicates.with_join("a9", "a9"))
    assert check_instance(_instance(), joined)


def test_a_single_holder_needs_no_annotation() -> None:
    instance = _instance()
    single = AbstractState((Frame(POSITION, ("a1",), ("null",)),), instance.heap)
    general = AbstractState((Frame(POSITION, ("a9",), ("null",)),), _general().heap)
    assert check_instance(single, general)


def test_same_anchor_same_suffix_needs_no_join() -> None:
    assert check_instance(_instance(), _general())
