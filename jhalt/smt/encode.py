"""Encoders from `jhalt.its` linear expressions and constraints to z3 terms.

Variables are encoded either as z3 ``Int`` (the real semantics: mathematical integers) or as
``Real`` (the rational relaxation, used for Farkas-based synthesis).  The rational relaxation
of a conjunction contains all of its integer solutions, so "unsat over the rationals" and
"entailed over the rationals" carry over to the integers, never the other way round.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import Enum
from fractions import Fraction

import z3

from jhalt.its.linear import LinearConstraint, LinearExpr, Relation
from jhalt.smt.session import fraction_of


class Domain(Enum):
    INTEGER = "integer"
    RATIONAL = "rational"


def rational_value(value: Fraction) -> z3.ArithRef:
    return z3.RealVal(f"{value.numerator}/{value.denominator}")


class LinearEncoder:
    """Maps variable names to z3 constants of one sort (cached) and encodes expressions."""

    def __init__(self, domain: Domain, prefix: str = "") -> None:
        self.domain = domain
        self._prefix = prefix
        self._variables: dict[str, z3.ArithRef] = {}

    def variable(self, name: str) -> z3.ArithRef:
        if name not in self._variables:
            full_name = self._prefix + name
            self._variables[name] = (
                z3.Int(full_name) if self.domain is Domain.INTEGER else z3.Real(full_name)
            )
        return self._variables[name]

    def variables(self) -> Mapping[str, z3.ArithRef]:
        return dict(self._variables)

    def expr(self, expr: LinearExpr) -> z3.ArithRef:
        """``expr`` as a z3 term; over the integers coefficients must be integral or the
        term is built over the reals (z3 coerces the integer variables)."""
        integral = all(c.denominator == 1 for _, c in expr.terms) and expr.constant.denominator == 1
        parts: list[z3.ArithRef] = []
        for name, coefficient in expr.terms:
            if self.domain is Domain.INTEGER and integral:
                parts.append(z3.IntVal(int(coefficient)) * self.variable(name))
            else:
                parts.append(rational_value(coefficient) * self.variable(name))
        if self.domain is Domain.INTEGER and integral:
            parts.append(z3.IntVal(int(expr.constant)))
        else:
            parts.append(rational_value(expr.constant))
        return z3.Sum(parts) if len(parts) > 1 else parts[0]

    def constraint(self, constraint: LinearConstraint) -> z3.BoolRef:
        term = self.expr(constraint.expr)
        return term <= 0 if constraint.relation is Relation.LE else term == 0

    def conjunction(self, constraints: Iterable[LinearConstraint]) -> z3.BoolRef:
        return z3.And([self.constraint(c) for c in constraints])

    def valuation(self, model: z3.ModelRef) -> dict[str, Fraction]:
        """The model's values of every variable encoded so far (unconstrained ones are 0)."""
        return {
            name: fraction_of(model.eval(term, model_completion=True))
            for name, term in self._variables.items()
        }


def integral_constraints(constraints: Iterable[LinearConstraint]) -> bool:
    """Whether every coefficient and constant is an integer (true in normal form) and every
    variable name can be written as a quoted SMT-LIB symbol (`integer_smtlib`)."""
    return all(
        c.expr.constant.denominator == 1
        and all(k.denominator == 1 and "|" not in n and "\\" not in n for n, k in c.expr.terms)
        for c in constraints
    )


def _integer_expr(expr: LinearExpr, names: set[str]) -> str:
    parts = []
    for name, coefficient in expr.terms:
        names.add(name)
        value = int(coefficient)
        symbol = "|" + name + "|"
        parts.append(symbol if value == 1 else f"(* {_integer_numeral(value)} {symbol})")
    if expr.constant != 0 or not parts:
        parts.append(_integer_numeral(int(expr.constant)))
    return parts[0] if len(parts) == 1 else f"(+ {' '.join(parts)})"


def _integer_numeral(value: int) -> str:
    return str(value) if value >= 0 else f"(- {-value})"


def integer_smtlib(
    constraints: Iterable[LinearConstraint], negated: LinearConstraint | None = None
) -> tuple[list[str], list[str], set[str]]:
    """Integral ``constraints`` (and the negation of ``negated``) over integer variables as
    SMT-LIB text: declarations, assertions, and the variable names (symbols are quoted, so
    ``z3.Int(name)`` denotes the same constant).  Parsing the text is much faster than
    building the terms through z3's Python API; the meaning is the same as `LinearEncoder`'s."""
    names: set[str] = set()
    asserts = []
    for constraint in constraints:
        op = "<=" if constraint.relation is Relation.LE else "="
        asserts.append(f"(assert ({op} {_integer_expr(constraint.expr, names)} 0))")
    if negated is not None:
        op = "<=" if negated.relation is Relation.LE else "="
        asserts.append(f"(assert (not ({op} {_integer_expr(negated.expr, names)} 0)))")
    decls = [f"(declare-fun |{name}| () Int)" for name in sorted(names)]
    return decls, asserts, names


MAX_PARSED = 100_000
"""Constraints kept by `integer_terms` before its cache is emptied (bounded memory)."""
_PARSED: dict[LinearConstraint, z3.BoolRef] = {}


def integer_terms(constraints: Iterable[LinearConstraint]) -> list[z3.BoolRef]:
    """Integral ``constraints`` as z3 terms over integer variables, the same terms as the
    text of `integer_smtlib` parses to. Each constraint is parsed once per process (a cache:
    the transitions of a loop are checked again and again by the ranking search and its
    verification; parsing was about half of the solver time)."""
    constraints = list(constraints)
    missing = list(dict.fromkeys(c for c in constraints if c not in _PARSED))
    if missing:
        if len(_PARSED) + len(missing) > MAX_PARSED:
            _PARSED.clear()
        decls, asserts, _ = integer_smtlib(missing)
        parsed = z3.parse_smt2_string("\n".join(decls + asserts))
        if len(parsed) != len(missing):  # z3 keeps every assertion as written; be safe
            raise ValueError("z3 parsed a different number of constraints")
        for constraint, term in zip(missing, parsed):
            _PARSED[constraint] = term
    return [_PARSED[c] for c in constraints]
