"""A readable text form of linear expressions, constraints, transitions and ITSs.

Constraints are printed with positive terms on the side where they are positive, e.g. the
normal form ``x - y + 1 <= 0`` prints as ``x + 1 <= y``.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

from jhalt.its.relation import Relation

if TYPE_CHECKING:
    from jhalt.its.linear import LinearConstraint, LinearExpr
    from jhalt.its.system import ITS, Transition


def _format_number(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def _format_terms(terms: Iterable[tuple[str, Fraction]], constant: Fraction) -> str:
    pieces: list[str] = []
    for name, coefficient in terms:
        magnitude = abs(coefficient)
        text = name if magnitude == 1 else f"{_format_number(magnitude)}*{name}"
        if not pieces:
            pieces.append(text if coefficient > 0 else f"-{text}")
        else:
            pieces.append(f"+ {text}" if coefficient > 0 else f"- {text}")
    if constant != 0 or not pieces:
        magnitude_text = _format_number(abs(constant))
        if not pieces:
            pieces.append(_format_number(constant))
        else:
            pieces.append(f"+ {magnitude_text}" if constant > 0 else f"- {magnitude_text}")
    return " ".join(pieces)


def format_expr(expr: LinearExpr) -> str:
    """``2*x - y + 3`` style."""
    return _format_terms(expr.terms, expr.constant)


def format_constraint(constraint: LinearConstraint) -> str:
    """``x + 1 <= y`` style: each side holds only positive coefficients."""
    expr = constraint.expr
    if expr.is_constant():
        return "true" if constraint.holds({}) else "false"
    if constraint.relation is Relation.EQ:
        assignment = _as_assignment(expr)
        if assignment is not None:
            return assignment
    left = [(n, c) for n, c in expr.terms if c > 0]
    right = [(n, -c) for n, c in expr.terms if c < 0]
    left_constant = expr.constant if expr.constant > 0 else Fraction(0)
    right_constant = -expr.constant if expr.constant < 0 else Fraction(0)
    symbol = "<=" if constraint.relation is Relation.LE else "="
    return f"{_format_terms(left, left_constant)} {symbol} {_format_terms(right, right_constant)}"


def _as_assignment(expr: LinearExpr) -> str | None:
    """``x' = x - 1`` for an equality with exactly one primed variable of coefficient +-1."""
    primed_terms = [(n, c) for n, c in expr.terms if n.endswith("'")]
    if len(primed_terms) != 1 or abs(primed_terms[0][1]) != 1:
        return None
    name, coefficient = primed_terms[0]
    rest = [(n, -c * coefficient) for n, c in expr.terms if n != name]
    return f"{name} = {_format_terms(rest, -expr.constant * coefficient)}"


def format_transition(transition: Transition) -> str:
    """``t0: l0 -> l1 [x >= 1, x' = x - 1]`` (plus the origin, when known)."""
    guard = ", ".join(format_constraint(c) for c in transition.guard) or "true"
    origin = f"   # {transition.origin}" if transition.origin else ""
    return f"{transition.name}: {transition.source} -> {transition.target} [{guard}]{origin}"


def format_its(its: ITS) -> str:
    """A header with variables and start location, then one line per transition."""
    lines = [f"ITS start={its.start} variables=({', '.join(its.variables)})"]
    lines.extend("  " + format_transition(t) for t in its.transitions)
    return "\n".join(lines)
