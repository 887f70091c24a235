"""Linear expressions and the integer normal form of constraints (jhalt.its.linear)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jhalt.its import FALSE, TRUE, LinearExpr, Relation, const, eq, ge, gt, le, lt, var

x, y = var("x"), var("y")


def test_arithmetic_collects_terms_and_drops_zeros() -> None:
    expr = 2 * x + y - x - y + 3
    assert expr == LinearExpr.of({"x": 1}, 3)
    assert expr.variables() == frozenset({"x"})
    assert (x - x).is_constant()


def test_evaluate_substitute_rename() -> None:
    expr = 3 * x - 2 * y + 1
    assert expr.evaluate({"x": 2, "y": 5}) == -3
    assert expr.substitute({"x": y + 1}) == y + 4
    assert expr.rename({"x": "x'"}) == 3 * var("x'") - 2 * y + 1
    with pytest.raises(KeyError):
        expr.evaluate({"x": 1})


def test_product_of_expressions_is_rejected() -> None:
    with pytest.raises(TypeError):
        x * x  # type: ignore[operator]


def test_strict_inequality_becomes_non_strict_over_integers() -> None:
    assert lt(x, y) == le(x + 1, y)
    assert gt(x, 0) == ge(x, 1)


def test_inequalities_are_tightened_by_the_gcd() -> None:
    # 2x <= 3 has the integer solutions x <= 1
    assert le(2 * x, 3) == le(x, 1)
    # 2x >= 1 means x >= 1 over the integers
    assert ge(2 * x, 1) == ge(x, 1)
    # fractional coefficients are scaled first: x/2 < 1 means x <= 1
    assert lt(Fraction(1, 2) * x, 1) == le(x, 1)


def test_equality_without_integer_solution_is_false() -> None:
    assert eq(2 * x, 2 * y + 1) == FALSE
    assert eq(4 * x, 2 * y + 6) == eq(2 * x, y + 3)


def test_constant_constraints() -> None:
    assert le(const(1), 2) == TRUE
    assert lt(const(2), 2) == FALSE
    assert TRUE.is_trivially_true() and FALSE.is_trivially_false()


def test_normal_form_shape() -> None:
    constraint = ge(x, y)
    assert constraint.relation is Relation.LE
    assert constraint.expr == y - x


@settings(max_examples=200, deadline=None)
@given(
    st.integers(-6, 6),
    st.integers(-6, 6),
    st.integers(-20, 20),
    st.integers(-10, 10),
    st.integers(-10, 10),
    st.sampled_from(["le", "lt", "eq"]),
)
def test_normalisation_keeps_exactly_the_integer_solutions(a, b, c, vx, vy, kind) -> None:
    expr = a * x + b * y + c
    value = a * vx + b * vy + c
    truth = {"le": value <= 0, "lt": value < 0, "eq": value == 0}[kind]
    constraint = {"le": le, "lt": lt, "eq": eq}[kind](expr, 0)
    assert constraint.holds({"x": vx, "y": vy}) == truth
