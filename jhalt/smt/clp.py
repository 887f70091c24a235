"""The solver questions of the CLP engine (seed 001 §5; `jhalt.analyses.clp`), over
mathematical integers: satisfiability of a clause's constraint, the criterion of Prop. 4 for a
binary clause ``p(x) :- c(x, y, z), p(y)``, and a small model of a stem and a loop (Prop. 5).

Prop. 4 holds when ``∀x. (∃y z. c(x, y, z)) → ∃y z. c(x, y, z) ∧ ∃y' z'. c(y, y', z')``. Its
negation, ``∃x y0 z0. c(x, y0, z0) ∧ ∀y z y' z'. ¬(c(x, y, z) ∧ c(y, y', z'))``, is given to
z3 (quantified linear integer arithmetic: first the solver, then quantifier elimination);
*unsat* proves the criterion, anything else does not.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import z3

from jhalt.its.linear import LinearConstraint
from jhalt.smt.encode import Domain, LinearEncoder
from jhalt.smt.session import SatAnswer, SmtConfig, SmtSession

SMALL_BOUNDS = (4, 64, 4096, 1 << 20)
"""Bounds tried, in order, on the absolute values of a model's chosen variables."""


def satisfiable(constraints: Iterable[LinearConstraint], config: SmtConfig) -> SatAnswer:
    """Whether the conjunction has an integer solution."""
    encoder = LinearEncoder(Domain.INTEGER)
    session = SmtSession(config)
    session.add(encoder.conjunction(list(constraints)))
    return session.check()


def recurrent(
    constraint: Sequence[LinearConstraint],
    inputs: Sequence[str],
    outputs: Sequence[str],
    config: SmtConfig,
) -> SatAnswer:
    """Prop. 4 for ``p(inputs) :- constraint, p(outputs)`` (module doc): UNSAT of the negation
    means the criterion holds. ``inputs`` and ``outputs`` are disjoint lists of distinct
    variables of the same length; every other variable of ``constraint`` is local."""
    if len(inputs) != len(outputs):
        raise ValueError("a binary clause's atoms must have the same arity")
    local_names = sorted({n for c in constraint for n in c.variables()} - set(inputs))
    encoder = LinearEncoder(Domain.INTEGER)
    body = encoder.conjunction(list(constraint))
    xs = [encoder.variable(n) for n in inputs]
    first = {n: z3.Int(f"{n}!0") for n in local_names}
    again = {n: z3.Int(f"{n}!2") for n in local_names}
    step = z3.substitute(body, *[(encoder.variable(n), first[n]) for n in local_names])
    ys = [first[n] if n in first else encoder.variable(n) for n in outputs]
    renaming = [(x, y) for x, y in zip(xs, ys, strict=True)]
    renaming += [(encoder.variable(n), again[n]) for n in local_names]
    following = z3.substitute(body, *renaming)
    bound = list(first.values()) + list(again.values())
    stuck = (
        z3.ForAll(bound, z3.Not(z3.And(step, following)))
        if bound
        else z3.Not(z3.And(step, following))
    )
    negation = z3.And(body, stuck)
    session = SmtSession(config)
    session.add(negation)
    answer = session.check()
    if answer is SatAnswer.UNKNOWN:
        eliminated = z3.Then("qe", "smt").solver()
        eliminated.set("rlimit", config.rlimit)
        eliminated.add(negation)
        result = eliminated.check()
        if result == z3.unsat:
            return SatAnswer.UNSAT
        return SatAnswer.SAT if result == z3.sat else SatAnswer.UNKNOWN
    return answer


def small_model(
    constraints: Iterable[LinearConstraint], chosen: Sequence[str], config: SmtConfig
) -> Mapping[str, int] | None:
    """A model of ``constraints`` with the values of ``chosen`` as small as the bounds of
    `SMALL_BOUNDS` allow (then unbounded); None when there is none (or the solver gives up).
    The result holds the value of every variable of the constraints and of ``chosen``."""
    encoder = LinearEncoder(Domain.INTEGER)
    formula = encoder.conjunction(list(constraints))
    for name in chosen:
        encoder.variable(name)
    for bound in (*SMALL_BOUNDS, None):
        session = SmtSession(config)
        session.add(formula)
        if bound is not None:
            for name in chosen:
                term = encoder.variable(name)
                session.add(term <= bound, term >= -bound)
        if session.check() is SatAnswer.SAT:
            values = encoder.valuation(session.model())
            return {name: int(value) for name, value in values.items()}
    return None
