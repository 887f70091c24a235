"""Which candidate facts hold after a transition, decided by z3 over the integers (the
consecution and initiation checks of Houdini-style invariant inference,
`jhalt.analyses.termination.invariants`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

import z3

from jhalt.its.congruence import Candidate, Congruence, candidate_variables
from jhalt.its.linear import LinearConstraint, LinearExpr, Relation, eq, var
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

    def _premise_terms(
        self, encoder: LinearEncoder, facts: Iterable[Candidate]
    ) -> list[z3.BoolRef]:
        terms = []
        for fact in facts:
            if isinstance(fact, LinearConstraint):
                terms.append(encoder.constraint(fact))
            else:
                self._fresh += 1
                quotient = var(f"_inv_q{self._fresh}")
                terms.append(
                    encoder.constraint(eq(fact.expr, quotient * fact.modulus + fact.remainder))
                )
        return terms

    def _negation(self, encoder: LinearEncoder, fact: Candidate) -> z3.BoolRef:
        if isinstance(fact, LinearConstraint):
            return z3.Not(encoder.constraint(fact))
        self._fresh += 1
        quotient = var(f"_inv_q{self._fresh}")
        others = [r for r in range(fact.modulus) if r != fact.remainder]
        return z3.Or(
            *[encoder.constraint(eq(fact.expr, quotient * fact.modulus + r)) for r in others]
        )

    def surviving(
        self,
        guard: Sequence[LinearConstraint],
        assumed: Sequence[Candidate],
        goals: list[Candidate],
    ) -> list[Candidate] | None:
        """The goals (over primed variables) that every solution of guard ∧ assumed satisfies
        as far as the counterexamples show, ending with an unsat check; None on give-up.

        One solver per call: guard and assumptions are asserted once (as SMT-LIB text), each
        goal ``g`` gets an indicator ``b => not g``, and each round asks for a model with
        one of the remaining indicators set (an activation literal per round)."""
        if not _integral(guard, assumed, goals):
            return self._surviving_terms(guard, assumed, goals)
        remaining = list(goals)
        if not remaining:
            return remaining
        text = _TextEncoder(self)
        body = [f"(assert {text.constraint(c)})" for c in guard]
        body += [f"(assert {text.fact(f)})" for f in assumed]
        indicator = {}
        for index, goal in enumerate(goals):
            indicator[id(goal)] = f"goal{index}"
            body.append(f"(declare-const goal{index} Bool)")
            body.append(f"(assert (=> goal{index} {text.negation(goal)}))")
        session = SmtSession(self.config, "QF_LIA")
        session.add_smtlib("\n".join(text.declarations() + body))
        goal_names = {name for goal in goals for name in candidate_variables(goal)}
        variables = {name: z3.Int(name) for name in text.names if name in goal_names}
        round_number = 0
        while remaining:
            if self.calls >= MAX_CHECKS:
                self.gave_up = True
                return None
            self.calls += 1
            round_number += 1
            active = f"round{round_number}"
            choice = " ".join(indicator[id(g)] for g in remaining)
            session.add_smtlib(
                f"(declare-const {active} Bool)(assert (=> {active} (or {choice} false)))"
            )
            answer = session.check(z3.Bool(active))
            if answer is SatAnswer.UNSAT:
                return remaining
            if answer is not SatAnswer.SAT:
                self.gave_up = True
                return None
            model = session.model()
            valuation = {
                name: model.eval(term, model_completion=True).as_long()
                for name, term in variables.items()
            }
            kept = [g for g in remaining if _holds_integral(g, valuation)]
            if len(kept) == len(remaining):  # the model must violate one goal; be safe
                self.gave_up = True
                return None
            remaining = kept
        return remaining

    def _surviving_terms(
        self,
        guard: Sequence[LinearConstraint],
        assumed: Sequence[Candidate],
        goals: list[Candidate],
    ) -> list[Candidate] | None:
        """`surviving` through z3 terms (for non-integral coefficients)."""
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


def _expr_integral(expr: LinearExpr) -> bool:
    known = _INTEGRAL.get(expr)
    if known is None:
        known = expr.constant.denominator == 1 and all(
            c.denominator == 1 and "|" not in n and "\\" not in n for n, c in expr.terms
        )
        _remember(_INTEGRAL, expr, known)
    return known


MAX_CACHED = 200_000
"""Expressions kept by the caches of this module before they are emptied (bounded memory).
The same candidate facts are encoded again in every consecution check of a run."""
_INTEGRAL: dict[LinearExpr, bool] = {}
_TEXT: dict[LinearExpr, tuple[str, tuple[str, ...]]] = {}


def _remember(cache: dict[LinearExpr, Any], expr: LinearExpr, value: Any) -> None:
    if len(cache) >= MAX_CACHED:
        cache.clear()
    cache[expr] = value


def _integral(
    guard: Sequence[LinearConstraint], assumed: Sequence[Candidate], goals: Sequence[Candidate]
) -> bool:
    facts: list[Candidate] = list(guard) + list(assumed) + list(goals)
    return all(_expr_integral(f.expr) for f in facts)


class _TextEncoder:
    """Linear integer facts as SMT-LIB text over quoted symbols (``|sz(o1)'|``)."""

    def __init__(self, checker: InductivenessChecker) -> None:
        self.checker = checker
        self.names: set[str] = set()

    def _symbol(self, name: str) -> str:
        self.names.add(name)
        return f"|{name}|"

    def expr(self, expr: LinearExpr) -> str:
        known = _TEXT.get(expr)
        if known is None:
            parts = []
            for name, coefficient in expr.terms:
                value = int(coefficient)
                symbol = f"|{name}|"
                parts.append(symbol if value == 1 else f"(* {_int(value)} {symbol})")
            if expr.constant != 0 or not parts:
                parts.append(_int(int(expr.constant)))
            text = parts[0] if len(parts) == 1 else f"(+ {' '.join(parts)})"
            known = (text, tuple(name for name, _ in expr.terms))
            _remember(_TEXT, expr, known)
        self.names.update(known[1])
        return known[0]

    def constraint(self, constraint: LinearConstraint) -> str:
        op = "<=" if constraint.relation is Relation.LE else "="
        return f"({op} {self.expr(constraint.expr)} 0)"

    def _congruence(self, fact: Congruence, remainder: int) -> str:
        """``expr = modulus * q + remainder`` for a fresh integer ``q``."""
        self.checker._fresh += 1
        quotient = self._symbol(f"_inv_q{self.checker._fresh}")
        shifted = f"(+ (* {_int(fact.modulus)} {quotient}) {_int(remainder)})"
        return f"(= {self.expr(fact.expr)} {shifted})"

    def fact(self, fact: Candidate) -> str:
        if isinstance(fact, LinearConstraint):
            return self.constraint(fact)
        return self._congruence(fact, fact.remainder)

    def negation(self, fact: Candidate) -> str:
        if isinstance(fact, LinearConstraint):
            return f"(not {self.constraint(fact)})"
        others = [self._congruence(fact, r) for r in range(fact.modulus) if r != fact.remainder]
        return f"(or {' '.join(others)} false)"

    def declarations(self) -> list[str]:
        return [f"(declare-fun |{name}| () Int)" for name in sorted(self.names)]


def _int(value: int) -> str:
    return str(value) if value >= 0 else f"(- {-value})"


def _holds_integral(fact: Candidate, valuation: dict[str, int]) -> bool:
    """`_holds` for a fact with integer coefficients (`_expr_integral`) under integer
    values, in integer arithmetic (unbound variables are 0)."""
    value = fact.expr.constant.numerator
    for name, coefficient in fact.expr.terms:
        value += coefficient.numerator * valuation.get(name, 0)
    if isinstance(fact, Congruence):
        return value % fact.modulus == fact.remainder
    return value <= 0 if fact.relation is Relation.LE else value == 0


def _holds(fact: Candidate, valuation: dict[str, Fraction]) -> bool:
    complete = {name: valuation.get(name, Fraction(0)) for name in candidate_variables(fact)}
    return fact.holds(complete)
