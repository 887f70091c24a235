"""Congruences ``expr ≡ r (mod m)`` over the integers, next to the linear constraints of
`jhalt.its.linear`; together they are the candidate facts of invariant inference
(`jhalt.analyses.termination.invariants`)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from jhalt.its.linear import LinearConstraint, LinearExpr


@dataclass(frozen=True)
class Congruence:
    """``expr ≡ remainder (mod modulus)`` over the integers."""

    expr: LinearExpr
    modulus: int
    remainder: int

    def holds(self, valuation: dict[str, Fraction]) -> bool:
        value = self.expr.evaluate(valuation)
        return value.denominator == 1 and int(value) % self.modulus == self.remainder

    def rename(self, renaming: dict[str, str]) -> Congruence:
        return Congruence(self.expr.rename(renaming), self.modulus, self.remainder)

    def __str__(self) -> str:
        return f"{self.expr} ≡ {self.remainder} (mod {self.modulus})"


Candidate = LinearConstraint | Congruence
"""A fact an invariant may consist of."""


def candidate_variables(fact: Candidate) -> frozenset[str]:
    return fact.variables() if isinstance(fact, LinearConstraint) else fact.expr.variables()
