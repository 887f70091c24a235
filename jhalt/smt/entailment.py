"""Deciding "premises => goal" and satisfiability of linear constraints with z3.

These are the checks behind every proof obligation of `jhalt.its.proof`; by default they are
decided over the integers (the semantics of an ITS), with a deterministic resource limit.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

import z3

from jhalt.its.linear import LinearConstraint
from jhalt.smt.encode import Domain, LinearEncoder, integer_terms, integral_constraints
from jhalt.smt.session import SatAnswer, SmtConfig, SmtSession, fraction_of, scoped


class Validity(Enum):
    VALID = "valid"
    INVALID = "invalid"  # a counterexample exists
    UNKNOWN = "unknown"  # the solver gave up (resource limit)


@dataclass(frozen=True, slots=True)
class EntailmentResult:
    validity: Validity
    counterexample: dict[str, Fraction] | None = None
    reason: str = ""


def _logic(domain: Domain) -> str:
    return "QF_LIA" if domain is Domain.INTEGER else "QF_LRA"


def check_satisfiable(
    constraints: Iterable[LinearConstraint],
    domain: Domain = Domain.INTEGER,
    config: SmtConfig = SmtConfig(),
) -> SatAnswer:
    """Whether the conjunction has a solution in ``domain``."""
    constraints = list(constraints)
    if domain is Domain.INTEGER and integral_constraints(constraints):
        terms = integer_terms(constraints)
        with scoped(config, _logic(domain)) as session:
            session.add_terms(terms)
            answer = session.check()
        if answer is not SatAnswer.UNKNOWN or config.deadline.expired():
            return answer
        session = SmtSession(config, _logic(domain))  # the fresh solver's preprocessing
        session.add_terms(terms)
        return session.check()
    encoder = LinearEncoder(domain)
    session = SmtSession(config, _logic(domain))
    session.add(encoder.conjunction(constraints))
    return session.check()


def check_entailment(
    premises: Iterable[LinearConstraint],
    goal: LinearConstraint,
    domain: Domain = Domain.INTEGER,
    config: SmtConfig = SmtConfig(),
    counterexample: bool = True,
) -> EntailmentResult:
    """Whether every solution of ``premises`` in ``domain`` satisfies ``goal``; the
    counterexample of an invalid one only when asked (reading it costs more than the check
    of a small problem)."""
    premises = list(premises)
    if domain is Domain.INTEGER and integral_constraints(premises + [goal]):
        *terms, goal_term = integer_terms(premises + [goal])
        terms.append(z3.Not(goal_term))
        names = sorted(
            {n for c in premises + [goal] for n in c.variables()} if counterexample else ()
        )
        with scoped(config, _logic(domain)) as session:
            result = _entailment(session, terms, names)
        if result.validity is not Validity.UNKNOWN or config.deadline.expired():
            return result
        return _entailment(SmtSession(config, _logic(domain)), terms, names)
    encoder = LinearEncoder(domain)
    session = SmtSession(config, _logic(domain))
    session.add(encoder.conjunction(premises))
    session.add(z3.Not(encoder.constraint(goal)))
    answer = session.check()
    if answer is SatAnswer.UNSAT:
        return EntailmentResult(Validity.VALID)
    if answer is SatAnswer.SAT:
        found = encoder.valuation(session.model()) if counterexample else {}
        return EntailmentResult(Validity.INVALID, found)
    return EntailmentResult(Validity.UNKNOWN, reason=session.reason_unknown())


def _entailment(session: SmtSession, terms: list[z3.BoolRef], names: list[str]) -> EntailmentResult:
    """Decide ``terms`` (premises and the negated goal) in ``session``: unsat is valid."""
    session.add_terms(terms)
    answer = session.check()
    if answer is SatAnswer.UNSAT:
        return EntailmentResult(Validity.VALID)
    if answer is SatAnswer.SAT:
        model = session.model()
        return EntailmentResult(
            Validity.INVALID,
            {name: fraction_of(model.eval(z3.Int(name), model_completion=True)) for name in names},
        )
    return EntailmentResult(Validity.UNKNOWN, reason=session.reason_unknown())
