"""State intersection (thesis §1.5): sound on concrete states, and complete where the
construction succeeds."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from state_strategies import POSITION, states

from jhalt.domains.heap import Heap
from jhalt.domains.instance import is_instance
from jhalt.domains.intersection import IntersectionFailure, intersect
from jhalt.domains.intervals import Interval
from jhalt.domains.merge import merge
from jhalt.domains.state import AbstractState, Frame
from jhalt.domains.values import IntValue

FAST = settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)


def int_state(interval: Interval) -> AbstractState:
    return AbstractState((Frame(POSITION, ("i1",)),), Heap({"i1": IntValue(interval)}))


def test_interval_intersection() -> None:
    result = intersect(int_state(Interval(0, 10)), int_state(Interval(5, None)))
    assert isinstance(result, AbstractState)
    assert result.int_value(result.local(0)).interval == Interval(5, 10)
    empty = intersect(int_state(Interval(0, 3)), int_state(Interval(5, 9)))
    assert isinstance(empty, IntersectionFailure) and empty.empty


@FAST
@given(states(), states(), states(concrete=True))
def test_intersection_contains_exactly_the_common_instances(
    first: AbstractState, second: AbstractState, concrete: AbstractState
) -> None:
    result = intersect(first, second)
    if isinstance(result, AbstractState):
        assert is_instance(result, first) and is_instance(result, second)
        in_both = is_instance(concrete, first) and is_instance(concrete, second)
        assert is_instance(concrete, result) == in_both
    elif result.empty:
        assert not (is_instance(concrete, first) and is_instance(concrete, second))


@FAST
@given(states(concrete=True), states(concrete=True))
def test_intersection_with_a_merge_gives_back_the_concrete_state(
    a: AbstractState, b: AbstractState
) -> None:
    merged = merge(a, b).state
    result = intersect(a, merged)
    assert isinstance(result, AbstractState), result
    assert is_instance(a, result) and is_instance(result, a)
