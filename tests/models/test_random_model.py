"""``java.util.Random.nextInt(n)`` (`jhalt.models.random`): the result is in ``[0, n)`` and
``n ≤ 0`` throws IllegalArgumentException. Its outcomes' constraints name the fresh result,
which only the outcome's state knows; judging them on the call's state raised a KeyError
(commons-lang3's ``ArrayUtils.shuffle``: "internal error: KeyError" in graph construction)."""

from __future__ import annotations

import pytest
from model_testkit import Builder, represented

from jhalt.domains.intervals import Interval
from jhalt.domains.values import InstanceValue
from jhalt.models import random as random_model
from jhalt.seg.library import Returns, Throws

RANDOM = "java/util/Random"


@pytest.mark.parametrize(
    ("bound", "results", "throws"),
    [(Interval(1, 10), True, False), (Interval(-5, 0), False, True), (Interval(-3, 3), True, True)],
)
def test_next_int_with_a_bound(bound: Interval, results: bool, throws: bool) -> None:
    builder = Builder()
    receiver = builder.value(InstanceValue.of(RANDOM, {}))
    argument = builder.int(bound)
    call = builder.call(RANDOM, "nextInt", "(I)I", receiver, argument)
    outcomes = random_model.next_int(call)
    assert any(isinstance(o, Returns) for o in outcomes) is results
    assert any(isinstance(o, Throws) for o in outcomes) is throws
    if results:
        # nextInt(n) for the largest n allowed may return n - 1, never n
        largest = bound.hi
        assert represented(outcomes, {argument: largest}, ("returns", largest - 1))
        assert not represented(outcomes, {argument: largest}, ("returns", largest))
        assert not represented(outcomes, {argument: largest}, ("returns", -1))
