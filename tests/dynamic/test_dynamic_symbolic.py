"""Java arithmetic and substitution on Looper's symbolic expressions (seed 003 §3.3)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from jhalt.dynamic.symbolic import (
    INT,
    Arith,
    Cmp,
    Const,
    FieldLoc,
    Input,
    LocalLoc,
    evaluate,
    java_div,
    java_rem,
    locations,
    substitute,
    wrap,
)

ints = st.integers(-(2**31), 2**31 - 1)


def test_java_division_truncates_towards_zero() -> None:
    assert java_div(-7, 2) == -3 and java_rem(-7, 2) == -1
    assert java_div(7, -2) == -3 and java_rem(7, -2) == 1


@given(ints, ints.filter(lambda b: b != 0))
def test_division_identity(a: int, b: int) -> None:
    assert java_div(a, b) * b + java_rem(a, b) == a
    assert abs(java_rem(a, b)) < abs(b)


def test_wrap_is_twos_complement() -> None:
    assert wrap(2**31, INT) == -(2**31)
    assert wrap(-(2**31) - 1, INT) == 2**31 - 1


def test_machine_and_unbounded_evaluation_differ_only_on_overflow() -> None:
    y = LocalLoc(2)
    incremented = Arith("add", Input(y, INT), Const(1, INT), INT)
    assert evaluate(incremented, {y: 2**31 - 1}, machine=True) == -(2**31)
    assert evaluate(incremented, {y: 2**31 - 1}, machine=False) == 2**31


def test_substitution_replaces_inputs_by_their_updates() -> None:
    p, nxt = LocalLoc(3), FieldLoc(13, "Node", "next")
    phi = Cmp("eq", Input(p, "ref"), Const(13, "ref"))
    after = substitute(phi, lambda loc: Input(nxt, "ref") if loc == p else Input(loc, "ref"))
    assert after == Cmp("eq", Input(nxt, "ref"), Const(13, "ref"))
    assert locations(after) == {nxt}
