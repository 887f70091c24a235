"""Synthesis of (multiphase) linear ranking functions by Farkas' lemma, solved as LRA by z3.

Method (Podelski & Rybalchenko, "A complete method for the synthesis of linear ranking
functions", VMCAI 2004, extended to several locations and to the nested multiphase template of
Leike & Heizmann 2014): each phase ``i`` and location ``l`` gets an unknown affine function
``f_i(l, x) = c_{i,l} . x + d_{i,l}``.  Every obligation of `jhalt.its.proof` has the form
"guard of t => g(z) >= 0" where the coefficients of ``g`` are linear in the unknowns.  By the
affine form of Farkas' lemma it suffices that there are multipliers ``lambda >= 0`` (free for
equalities) with::

    G_v + sum_r lambda_r * a_{r,v} = 0   for every variable v
    G_0 + sum_r lambda_r * b_r    >= 0

where the guard rows are ``a_r . z + b_r <= 0`` (or ``= 0``) and ``g = G . z + G_0``.  The
resulting problem is linear in (unknowns, multipliers) and solved over the reals.

Soundness over the integers: the multipliers certify ``g >= 0`` on the whole *rational*
polyhedron of the guard, which contains every integer point (guards are already tightened to
their integer normal form, `jhalt.its.linear`).  Completeness is only relative to the rational
relaxation: a loop that terminates over the integers but not over the rationals gets no
function here.  Guards must be satisfiable (infeasible transitions are removed before).

The synthesised coefficients are scaled by one common positive integer so that every function
has integer coefficients; scaling by a factor ``>= 1`` preserves all obligations.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from typing import Collection, Sequence

import z3

from jhalt.its.linear import LinearExpr, Relation
from jhalt.its.proof import RankingFunction
from jhalt.its.system import Transition, primed
from jhalt.smt.encode import rational_value
from jhalt.smt.session import SatAnswer, SmtConfig, SmtSession, fraction_of


@dataclass(frozen=True, slots=True)
class SynthesisResult:
    """``phases`` when a function was found; otherwise the solver answer and why."""

    phases: tuple[RankingFunction, ...] | None
    answer: SatAnswer
    reason: str = ""


class _Affine:
    """An affine function of program variables whose coefficients are z3 terms."""

    def __init__(self) -> None:
        self.coefficients: dict[str, list[z3.ArithRef]] = defaultdict(list)
        self.constant: list[z3.ArithRef] = []

    def add(self, other: _Affine, sign: int = 1) -> _Affine:
        for name, terms in other.coefficients.items():
            self.coefficients[name].extend(t if sign > 0 else -t for t in terms)
        self.constant.extend(t if sign > 0 else -t for t in other.constant)
        return self

    def add_constant(self, value: int) -> _Affine:
        self.constant.append(z3.RealVal(value))
        return self


class _Template:
    """Unknown coefficients ``c_{i,l,v}`` and constants ``d_{i,l}`` of every phase."""

    def __init__(self, depth: int, locations: Sequence[str], variables: Sequence[str]) -> None:
        self.depth = depth
        self.locations = list(locations)
        self.variables = list(variables)
        self.coefficient = {
            (i, l, v): z3.Real(f"c_{i}_{li}_{vi}")
            for i in range(depth) for li, l in enumerate(self.locations)
            for vi, v in enumerate(self.variables)
        }
        self.constant = {
            (i, l): z3.Real(f"d_{i}_{li}") for i in range(depth)
            for li, l in enumerate(self.locations)
        }

    def function(self, phase: int, location: str, post: bool) -> _Affine:
        affine = _Affine()
        for variable in self.variables:
            name = primed(variable) if post else variable
            affine.coefficients[name].append(self.coefficient[(phase, location, variable)])
        affine.constant.append(self.constant[(phase, location)])
        return affine

    def extract(self, model: z3.ModelRef) -> tuple[RankingFunction, ...]:
        values: dict[tuple[int, str, str], Fraction] = {
            key: fraction_of(model.eval(term, model_completion=True))
            for key, term in self.coefficient.items()
        }
        constants: dict[tuple[int, str], Fraction] = {
            key: fraction_of(model.eval(term, model_completion=True))
            for key, term in self.constant.items()
        }
        scale = 1
        for value in list(values.values()) + list(constants.values()):
            scale = math.lcm(scale, value.denominator)
        phases: list[RankingFunction] = []
        for i in range(self.depth):
            phases.append(RankingFunction.of({
                location: LinearExpr.of(
                    {v: values[(i, location, v)] * scale for v in self.variables},
                    constants[(i, location)] * scale,
                )
                for location in self.locations
            }))
        return tuple(phases)


def _require_nonnegative(session: SmtSession, transition: Transition, goal: _Affine,
                         tag: str) -> None:
    """Assert the Farkas conditions for ``guard(transition) => goal >= 0``."""
    variable_sums: dict[str, list[z3.ArithRef]] = defaultdict(list)
    constant_sum: list[z3.ArithRef] = []
    for row, constraint in enumerate(transition.guard):
        multiplier = z3.Real(f"{tag}_m{row}")
        if constraint.relation is Relation.LE:
            session.add(multiplier >= 0)
        for name, coefficient in constraint.expr.terms:
            variable_sums[name].append(rational_value(coefficient) * multiplier)
        if constraint.expr.constant != 0:
            constant_sum.append(rational_value(constraint.expr.constant) * multiplier)
    for name in set(variable_sums) | set(goal.coefficients):
        terms = goal.coefficients.get(name, []) + variable_sums.get(name, [])
        if terms:
            session.add(z3.Sum(terms) == 0)
    terms = goal.constant + constant_sum
    session.add((z3.Sum(terms) if terms else z3.RealVal(0)) >= 0)


def _relevant_variables(transitions: Sequence[Transition],
                        variables: Sequence[str]) -> list[str]:
    """Variables that some guard mentions (pre or post); others must get coefficient 0."""
    mentioned: set[str] = set()
    for transition in transitions:
        mentioned |= transition.variables()
    return [v for v in variables if v in mentioned or primed(v) in mentioned]


def synthesize_ranking(
    transitions: Sequence[Transition],
    locations: Sequence[str],
    variables: Sequence[str],
    strict: Collection[str],
    depth: int = 1,
    config: SmtConfig = SmtConfig(),
) -> SynthesisResult:
    """A ``depth``-phase nested ranking function over ``locations`` that is strict (and
    bounded) on the transitions named in ``strict`` and non-increasing on the others, as
    stated by `jhalt.its.proof.ranking_obligations`; ``transitions`` are the current
    transitions with both ends in ``locations``."""
    if depth < 1:
        raise ValueError("depth must be at least 1")
    template = _Template(depth, locations, _relevant_variables(transitions, variables))
    session = SmtSession(config, "QF_LRA")
    for index, transition in enumerate(transitions):
        source, target = transition.source, transition.target
        if transition.name in strict:
            for phase in range(depth):
                goal = template.function(phase, source, post=False)
                goal.add(template.function(phase, target, post=True), sign=-1).add_constant(-1)
                if phase > 0:
                    goal.add(template.function(phase - 1, source, post=False))
                _require_nonnegative(session, transition, goal, f"s{index}_{phase}")
            bounded = template.function(depth - 1, source, post=False)
            _require_nonnegative(session, transition, bounded, f"b{index}")
        else:
            for phase in range(depth):
                goal = template.function(phase, source, post=False)
                goal.add(template.function(phase, target, post=True), sign=-1)
                _require_nonnegative(session, transition, goal, f"w{index}_{phase}")
    answer = session.check()
    if answer is SatAnswer.SAT:
        return SynthesisResult(template.extract(session.model()), answer)
    if answer is SatAnswer.UNKNOWN:
        return SynthesisResult(None, answer, f"z3: {session.reason_unknown()}")
    return SynthesisResult(None, answer, "no such ranking function over the rationals")
