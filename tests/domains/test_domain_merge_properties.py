"""Property tests: merge covers both inputs, ⊑ is reflexive and transitive (seed 000 Thm. 2,
thesis Thm. 1.4), and merging is idempotent up to the instance relation."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from state_strategies import states

from jhalt.domains.instance import check_instance, is_instance
from jhalt.domains.merge import merge
from jhalt.domains.state import AbstractState

FAST = settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)


@FAST
@given(states())
def test_instance_is_reflexive(state: AbstractState) -> None:
    state.check()
    assert is_instance(state, state), check_instance(state, state).reasons


@FAST
@given(states(), states())
def test_merge_covers_both_inputs(first: AbstractState, second: AbstractState) -> None:
    merged = merge(first, second).state
    merged.check()
    assert is_instance(first, merged), check_instance(first, merged).reasons
    assert is_instance(second, merged), check_instance(second, merged).reasons


@FAST
@given(states(), states())
def test_widening_merge_covers_both_inputs(first: AbstractState, second: AbstractState) -> None:
    merged = merge(first, second, widen=True).state
    assert is_instance(first, merged) and is_instance(second, merged)


@FAST
@given(states(), states(), states())
def test_instance_is_transitive_along_merges(
    a: AbstractState, b: AbstractState, c: AbstractState
) -> None:
    ab = merge(a, b).state
    abc = merge(ab, c).state
    assert is_instance(ab, abc)
    assert is_instance(a, abc), check_instance(a, abc).reasons


@FAST
@given(states(), states())
def test_merge_with_an_instance_keeps_the_abstract_state(
    first: AbstractState, second: AbstractState
) -> None:
    merged = merge(first, second).state
    again = merge(merged, first).state
    assert is_instance(again, merged) and is_instance(merged, again)


@FAST
@given(states(concrete=True), states())
def test_concrete_instance_of_merge_is_instance_of_merged_input(
    concrete: AbstractState, abstract: AbstractState
) -> None:
    # a concrete state that is an instance of one input is an instance of the merge
    if is_instance(concrete, abstract):
        merged = merge(abstract, concrete).state
        assert is_instance(concrete, merged)
