"""Linear expressions and linear constraints over named integer variables.

All variables denote *mathematical integers* (issue 6: "Assumptions: mathematical integers").
Coefficients are exact (``int`` / ``Fraction``); nothing here is floating point.

A `LinearConstraint` is kept in one normal form, ``expr <= 0`` or ``expr == 0``, with integer
coefficients whose gcd is 1.  Normalisation uses integrality of the variables and is exact over
the integers (it never changes the set of integer solutions), while it usually shrinks the set of
*rational* solutions — which makes later rational reasoning (Farkas' lemma, LRA) more precise:

* strict inequalities: ``e < 0`` with an integer-valued ``e`` becomes ``e + 1 <= 0``;
* inequalities are tightened: ``sum(a_i x_i) + c <= 0`` with ``g = gcd(a_i)`` becomes
  ``sum(a_i/g x_i) + ceil(c/g) <= 0`` (a Chvátal–Gomory cut of a single row);
* an equality whose constant is not divisible by the gcd of its coefficients has no integer
  solution and becomes the constant-false constraint ``1 <= 0``.

Non-linear facts cannot be written here at all; whoever builds an ITS drops them, which is a
sound over-approximation for termination (see `jhalt.its.system`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Union

from jhalt.its.printer import format_constraint, format_expr
from jhalt.its.relation import Relation

Number = int | Fraction
ExprLike = Union["LinearExpr", int, Fraction, str]


def _as_fraction(value: Number) -> Fraction:
    kind = type(value)
    if kind is Fraction:
        return value  # type: ignore[return-value]
    if kind is int:
        return Fraction(value)
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise TypeError(f"coefficients must be int or Fraction, not {type(value).__name__}")
    return Fraction(value)


_ZERO = Fraction(0)
_ONE = Fraction(1)


@dataclass(frozen=True, slots=True)
class LinearExpr:
    """``sum(coefficient * variable) + constant`` with exact rational coefficients.

    ``terms`` is sorted by variable name and holds no zero coefficient, so equal expressions
    are equal as values and hash alike.  Build expressions with `var`, `const`, the arithmetic
    operators (``+``, ``-``, multiplication by a number) or `LinearExpr.of`."""

    terms: tuple[tuple[str, Fraction], ...] = ()
    constant: Fraction = Fraction(0)
    _hash: int | None = field(default=None, init=False, repr=False, compare=False)
    """The hash, computed once (hashing `Fraction` is slow and constraints are hashed
    often: duplicates are dropped by dictionary keys)."""

    def __hash__(self) -> int:
        if self._hash is None:
            object.__setattr__(self, "_hash", hash((self.terms, self.constant)))
        return self._hash  # type: ignore[return-value]

    @staticmethod
    def of(coefficients: Mapping[str, Number], constant: Number = 0) -> LinearExpr:
        """The expression with these coefficients (zeros dropped) and this constant."""
        terms = tuple(sorted((name, _as_fraction(c)) for name, c in coefficients.items() if c != 0))
        return LinearExpr(terms, _as_fraction(constant))

    @staticmethod
    def lift(value: ExprLike) -> LinearExpr:
        """A number becomes a constant, a string a variable, an expression stays."""
        if isinstance(value, LinearExpr):
            return value
        if isinstance(value, str):
            return var(value)
        return const(value)

    def coefficient(self, name: str) -> Fraction:
        for term_name, coefficient in self.terms:
            if term_name == name:
                return coefficient
        return Fraction(0)

    def coefficients(self) -> dict[str, Fraction]:
        return dict(self.terms)

    def variables(self) -> frozenset[str]:
        return frozenset(name for name, _ in self.terms)

    def is_constant(self) -> bool:
        return not self.terms

    def __add__(self, other: ExprLike) -> LinearExpr:
        other_expr = LinearExpr.lift(other)
        if not other_expr.terms:
            if not other_expr.constant:
                return self
            return LinearExpr(self.terms, self.constant + other_expr.constant)
        merged = self.coefficients()
        for name, coefficient in other_expr.terms:
            merged[name] = merged[name] + coefficient if name in merged else coefficient
        return _from_fractions(merged, self.constant + other_expr.constant)

    def __radd__(self, other: ExprLike) -> LinearExpr:
        return self + other

    def __neg__(self) -> LinearExpr:
        return self * -1

    def __sub__(self, other: ExprLike) -> LinearExpr:
        other_expr = LinearExpr.lift(other)
        if not other_expr.terms:
            if not other_expr.constant:
                return self
            return LinearExpr(self.terms, self.constant - other_expr.constant)
        merged = self.coefficients()
        for name, coefficient in other_expr.terms:
            merged[name] = merged[name] - coefficient if name in merged else -coefficient
        return _from_fractions(merged, self.constant - other_expr.constant)

    def __rsub__(self, other: ExprLike) -> LinearExpr:
        return LinearExpr.lift(other) - self

    def __mul__(self, factor: Number) -> LinearExpr:
        if isinstance(factor, LinearExpr):
            raise TypeError("the product of two linear expressions is not linear")
        scale = _as_fraction(factor)
        if scale == 1:
            return self
        if not scale:
            return LinearExpr((), _ZERO)
        return LinearExpr(tuple((n, c * scale) for n, c in self.terms), self.constant * scale)

    def __rmul__(self, factor: Number) -> LinearExpr:
        return self * factor

    def evaluate(self, valuation: Mapping[str, Number]) -> Fraction:
        """The value under ``valuation``; every variable of the expression must be bound."""
        total = self.constant
        for name, coefficient in self.terms:
            if name not in valuation:
                raise KeyError(f"variable {name!r} has no value")
            total += coefficient * valuation[name]
        return total

    def rename(self, renaming: Mapping[str, str]) -> LinearExpr:
        """Variables renamed by ``renaming`` (names not in it stay)."""
        merged: dict[str, Fraction] = {}
        for name, coefficient in self.terms:
            new_name = renaming.get(name, name)
            merged[new_name] = merged.get(new_name, Fraction(0)) + coefficient
        return LinearExpr.of(merged, self.constant)

    def substitute(self, values: Mapping[str, ExprLike]) -> LinearExpr:
        """Variables in ``values`` replaced by the given expressions."""
        if not any(name in values for name, _ in self.terms):
            return self
        merged: dict[str, Fraction] = {}
        constant = self.constant
        for name, coefficient in self.terms:
            if name in values:
                replacement = LinearExpr.lift(values[name])
                constant += replacement.constant * coefficient
                for inner, factor in replacement.terms:
                    merged[inner] = merged.get(inner, _ZERO) + factor * coefficient
            else:
                merged[name] = merged.get(name, _ZERO) + coefficient
        return _from_fractions(merged, constant)

    def denominator_lcm(self) -> int:
        """Least common multiple of the denominators of all coefficients and the constant."""
        lcm = self.constant.denominator
        for _, coefficient in self.terms:
            lcm = math.lcm(lcm, coefficient.denominator)
        return lcm

    def __str__(self) -> str:
        return format_expr(self)


def _from_fractions(coefficients: dict[str, Fraction], constant: Fraction) -> LinearExpr:
    """`LinearExpr.of` for coefficients that are already `Fraction` (the hot path)."""
    return LinearExpr(tuple(sorted((n, c) for n, c in coefficients.items() if c)), constant)


def var(name: str) -> LinearExpr:
    """The expression consisting of the single variable ``name``."""
    if not name:
        raise ValueError("variable names must not be empty")
    return LinearExpr(((name, Fraction(1)),), Fraction(0))


def const(value: Number) -> LinearExpr:
    """The constant expression ``value``."""
    return LinearExpr((), _as_fraction(value))


@dataclass(frozen=True, slots=True)
class LinearConstraint:
    """``expr <= 0`` or ``expr == 0`` in the integer normal form described in the module doc.

    Do not call the constructor directly; use `le`, `lt`, `ge`, `gt`, `eq` (or `normalize`),
    which normalise."""

    expr: LinearExpr
    relation: Relation

    def variables(self) -> frozenset[str]:
        return self.expr.variables()

    def is_trivially_true(self) -> bool:
        return self.expr.is_constant() and self.holds({})

    def is_trivially_false(self) -> bool:
        return self.expr.is_constant() and not self.holds({})

    def holds(self, valuation: Mapping[str, Number]) -> bool:
        value = self.expr.evaluate(valuation)
        return value <= 0 if self.relation is Relation.LE else value == 0

    def rename(self, renaming: Mapping[str, str]) -> LinearConstraint:
        return normalize(self.expr.rename(renaming), self.relation)

    def substitute(self, values: Mapping[str, ExprLike]) -> LinearConstraint:
        substituted = self.expr.substitute(values)
        if substituted is self.expr:
            return self  # no variable replaced: already in normal form
        return normalize(substituted, self.relation)

    def __str__(self) -> str:
        return format_constraint(self)


FALSE = LinearConstraint(const(1), Relation.LE)
TRUE = LinearConstraint(const(0), Relation.LE)


def normalize(expr: LinearExpr, relation: Relation) -> LinearConstraint:
    """``expr <= 0`` / ``expr == 0`` in integer normal form (exact over the integers)."""
    if expr.terms and expr.denominator_lcm() == 1:
        common = 0
        for _, term_coefficient in expr.terms:
            common = math.gcd(common, term_coefficient.numerator)
        if common == 1 and (relation is Relation.LE or expr.terms[0][1] > 0):
            return LinearConstraint(expr, relation)  # already in normal form
    scaled = expr * expr.denominator_lcm()
    coefficients = {name: int(c) for name, c in scaled.terms}
    constant = int(scaled.constant)
    if not coefficients:
        holds = constant <= 0 if relation is Relation.LE else constant == 0
        return TRUE if holds else FALSE
    divisor = 0
    for coefficient in coefficients.values():
        divisor = math.gcd(divisor, coefficient)
    if relation is Relation.EQ:
        if constant % divisor != 0:
            return FALSE
        # a canonical sign: the first coefficient (by name) is positive
        first = coefficients[min(coefficients)]
        sign = 1 if first > 0 else -1
        return LinearConstraint(
            LinearExpr.of(
                {n: sign * c // divisor for n, c in coefficients.items()},
                sign * constant // divisor,
            ),
            Relation.EQ,
        )
    # sum(a x) + c <= 0  <=>  sum(a/g x) <= -c/g  <=>  sum(a/g x) <= floor(-c/g)
    tightened_constant = -((-constant) // divisor)
    return LinearConstraint(
        LinearExpr.of({n: c // divisor for n, c in coefficients.items()}, tightened_constant),
        Relation.LE,
    )


def le(left: ExprLike, right: ExprLike) -> LinearConstraint:
    """``left <= right``."""
    return normalize(LinearExpr.lift(left) - LinearExpr.lift(right), Relation.LE)


def lt(left: ExprLike, right: ExprLike) -> LinearConstraint:
    """``left < right``, i.e. ``left + 1 <= right`` once both sides are integer-valued."""
    difference = LinearExpr.lift(left) - LinearExpr.lift(right)
    integral = difference * difference.denominator_lcm()
    return normalize(integral + 1, Relation.LE)


def ge(left: ExprLike, right: ExprLike) -> LinearConstraint:
    """``left >= right``."""
    return le(right, left)


def gt(left: ExprLike, right: ExprLike) -> LinearConstraint:
    """``left > right``."""
    return lt(right, left)


def eq(left: ExprLike, right: ExprLike) -> LinearConstraint:
    """``left == right``."""
    return normalize(LinearExpr.lift(left) - LinearExpr.lift(right), Relation.EQ)


def conjunction_holds(
    constraints: Iterable[LinearConstraint], valuation: Mapping[str, Number]
) -> bool:
    """Whether every constraint holds under ``valuation``."""
    return all(constraint.holds(valuation) for constraint in constraints)
