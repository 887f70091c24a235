"""Which candidate facts hold after a transition, decided by z3 over the integers (the
consecution and initiation checks of Houdini-style invariant inference,
`jhalt.analyses.termination.invariants`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

import z3

from jhalt.its.congruence import Candidate, candidate_variables
from jhalt.its.linear import LinearConstraint, eq, var
from jhalt.smt.encode import Domain, LinearEncoder
from jhalt.smt.session import SatAnswer, SmtConfig, SmtSession

MAX_CHECKS = 1500
"""Solver calls per inference before giving up (then no invariant is used)."""


class InductivenessChecker:
    """Drops candidates violated after a transition (one solver call per counterexample)."""

    def __init__(self, config: SmtConfig) -> None:
        self.config = config
        self.calls = 0
        self.gave_up = False
        self._fresh = 0

    def _premise_terms(self, encoder: LinearEncoder, facts: Iterable[Candidate]) -> list[z3.BoolRef]:
        terms = []
        for fact in facts:
            if isinstance(fact, LinearConstraint):
                terms.append(encoder.constraint(fact))
            else:
                self._fresh += 1
                quotient = var(f"_inv_q{self._fresh}")
                terms.append(encoder.constraint(eq(fact.expr, quotient * fact.modulus + fact.remainder)))
        return terms

    def _negation(self, encoder: LinearEncoder, fact: Candidate) -> z3.BoolRef:
        if isinstance(fact, LinearConstraint):
            return z3.Not(encoder.constraint(fact))
        self._fresh += 1
        quotient = var(f"_inv_q{self._fresh}")
        others = [r for r in range(fact.modulus) if r != fact.remainder]
        return z3.Or(*[encoder.constraint(eq(fact.expr, quotient * fact.modulus + r)) for r in others])

    def surviving(
        self, guard: Sequence[LinearConstraint], assumed: Sequence[Candidate], goals: list[Candidate]
    ) -> list[Candidate] | None:
        """The goals (over primed variables) that every solution of guard ∧ assumed satisfies
        as far as the counterexamples show, ending with an unsat check; None on give-up."""
        remaining = list(goals)
        while remaining:
            if self.calls >= MAX_CHECKS:
                self.gave_up = True
                return None
            self.calls += 1
            encoder = LinearEncoder(Domain.INTEGER)
            session = SmtSession(self.config, "QF_LIA")
            session.add(*[encoder.constraint(c) for c in guard])
            session.add(*self._premise_terms(encoder, assumed))
            session.add(z3.Or(*[self._negation(encoder, g) for g in remaining]))
            answer = session.check()
            if answer is SatAnswer.UNSAT:
                return remaining
            if answer is not SatAnswer.SAT:
                self.gave_up = True
                return None
            valuation = encoder.valuation(session.model())
            kept = [g for g in remaining if _holds(g, valuation)]
            if len(kept) == len(remaining):  # the model must violate one goal; be safe
                self.gave_up = True
                return None
            remaining = kept
        return remaining


def _holds(fact: Candidate, valuation: dict[str, Fraction]) -> bool:
    complete = {name: valuation.get(name, Fraction(0)) for name in candidate_variables(fact)}
    return fact.holds(complete)
