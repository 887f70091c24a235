"""Interval domain: lattice laws, widening, Java arithmetic (seed 000 §2.1, JVMS idiv/irem)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jhalt.domains.intervals import (
    Interval,
    java_div,
    java_rem,
    restrict_less,
    restrict_less_equal,
    type_range,
)

bounds = st.one_of(st.none(), st.integers(-50, 50))


@st.composite
def intervals(draw: st.DrawFn) -> Interval:
    lo = draw(bounds)
    hi = draw(bounds)
    if lo is not None and hi is not None and lo > hi:
        lo, hi = hi, lo
    return Interval(lo, hi)


@st.composite
def interval_with_member(draw: st.DrawFn) -> tuple[Interval, int]:
    interval = draw(intervals())
    lo = interval.lo if interval.lo is not None else -200
    hi = interval.hi if interval.hi is not None else 200
    return interval, draw(st.integers(lo, hi))


def test_java_division_truncates_toward_zero() -> None:
    assert java_div(7, 2) == 3
    assert java_div(-7, 2) == -3
    assert java_div(7, -2) == -3
    assert java_div(-7, -2) == 3
    assert java_rem(-7, 2) == -1
    assert java_rem(7, -2) == 1


def test_type_ranges() -> None:
    assert type_range("B") == (-128, 127)
    assert type_range("C") == (0, 65535)
    assert type_range("Z") == (0, 1)
    assert type_range("J") == (-(2**63), 2**63 - 1)
    assert Interval(0, 300).narrow_to_type("B") == Interval(-128, 127)
    assert Interval(0, 100).narrow_to_type("B") == Interval(0, 100)
    with pytest.raises(ValueError):
        type_range("F")


def test_seed_merge_example() -> None:
    # seed 000 §2.3: mergeVal([0,1], [10,15]) = [0,15]; {0} ∪ [0,∞) = [0,∞)
    assert Interval(0, 1).join(Interval(10, 15)) == Interval(0, 15)
    assert Interval.const(0).join(Interval.at_least(0)) == Interval.at_least(0)
    assert Interval.at_least(0).join(Interval.at_least(1)) == Interval.at_least(0)


def test_empty_meet_and_restrictions() -> None:
    assert Interval(0, 3).meet(Interval(5, 9)) is None
    assert restrict_less(Interval(5, 9), Interval(0, 5)) is None
    assert restrict_less(Interval(0, None), Interval(None, 10)) == (Interval(0, 9), Interval(1, 10))
    assert restrict_less_equal(Interval(3, 9), Interval(0, 5)) == (Interval(3, 5), Interval(3, 5))


def test_division_by_zero_only() -> None:
    assert Interval(1, 5).div(Interval.const(0)) is None
    assert Interval(1, 5).rem(Interval.const(0)) is None


@given(intervals(), intervals())
def test_join_is_commutative_upper_bound(a: Interval, b: Interval) -> None:
    joined = a.join(b)
    assert joined == b.join(a)
    assert a.is_subset_of(joined) and b.is_subset_of(joined)


@given(intervals())
def test_join_idempotent(a: Interval) -> None:
    assert a.join(a) == a


@given(intervals(), intervals(), intervals())
def test_join_associative(a: Interval, b: Interval, c: Interval) -> None:
    assert a.join(b).join(c) == a.join(b.join(c))


@given(intervals(), intervals())
def test_meet_is_greatest_lower_bound(a: Interval, b: Interval) -> None:
    met = a.meet(b)
    if met is None:
        assert not a.may_be_equal(b)
    else:
        assert met.is_subset_of(a) and met.is_subset_of(b)


@given(intervals(), st.lists(intervals(), min_size=1, max_size=30))
def test_widening_is_upper_bound_and_stabilises(start: Interval, sequence: list[Interval]) -> None:
    current = start
    strict_steps = 0
    for newer in sequence:
        widened = current.widen(newer)
        assert current.is_subset_of(widened) and newer.is_subset_of(widened)
        if widened != current:
            strict_steps += 1
        current = widened
    assert strict_steps <= 2


binary = st.sampled_from(["add", "sub", "mul", "div", "rem"])


@settings(max_examples=400)
@given(interval_with_member(), interval_with_member(), binary)
def test_arithmetic_is_sound(
    left: tuple[Interval, int], right: tuple[Interval, int], op: str
) -> None:
    (a, x), (b, y) = left, right
    concrete = {
        "add": lambda: x + y,
        "sub": lambda: x - y,
        "mul": lambda: x * y,
        "div": lambda: java_div(x, y),
        "rem": lambda: java_rem(x, y),
    }
    if op in ("div", "rem") and y == 0:
        return
    result = getattr(a, op)(b)
    assert result is not None
    assert result.contains(concrete[op]()), (a, b, op, x, y, result)


@given(interval_with_member())
def test_negation_is_sound(pair: tuple[Interval, int]) -> None:
    interval, x = pair
    assert interval.neg().contains(-x)


@given(interval_with_member(), interval_with_member())
def test_bit_and_is_sound(left: tuple[Interval, int], right: tuple[Interval, int]) -> None:
    (a, x), (b, y) = left, right
    assert a.bit_and(b).contains(x & y)


@given(interval_with_member(), interval_with_member())
def test_comparisons_are_sound(left: tuple[Interval, int], right: tuple[Interval, int]) -> None:
    (a, x), (b, y) = left, right
    sign = (x > y) - (x < y)
    assert sign in a.possible_signs(b)
    if x < y:
        restricted = restrict_less(a, b)
        assert restricted is not None
        assert restricted[0].contains(x) and restricted[1].contains(y)


def test_rem_is_exact_below_divisor() -> None:
    assert Interval(0, 4).rem(Interval.const(10)) == Interval(0, 4)
    assert Interval(0, None).rem(Interval(1, 10)) == Interval(0, 9)
    assert Interval(-20, -1).rem(Interval.const(7)) == Interval(-6, 0)  # -7 % 7 == 0
    assert Interval(-5, -1).rem(Interval.const(7)) == Interval(-5, -1)
