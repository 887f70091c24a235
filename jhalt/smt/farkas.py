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

The conditions are written as SMT-LIB text and parsed by z3 in one go (building them term by
term through z3's Python API dominated the run time on ITSs with many variables).

The synthesised coefficients are scaled by one common positive integer so that every function
has integer coefficients; scaling by a factor ``>= 1`` preserves all obligations.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import z3

from jhalt.its.linear import LinearConstraint, LinearExpr, Relation
from jhalt.its.proof import RankingFunction
from jhalt.its.system import Transition, primed
from jhalt.smt.session import SatAnswer, SmtConfig, SmtSession, fraction_of


@dataclass(frozen=True, slots=True)
class SynthesisResult:
    """``phases`` when a function was found; otherwise the solver answer and why."""

    phases: tuple[RankingFunction, ...] | None
    answer: SatAnswer
    reason: str = ""


@lru_cache(maxsize=4096)
def _number(value: Fraction | int) -> str:
    """An SMT-LIB real numeral (cached: the same few coefficients recur everywhere)."""
    value = Fraction(value)
    magnitude = (
        f"{abs(value.numerator)}.0"
        if value.denominator == 1
        else f"(/ {abs(value.numerator)}.0 {value.denominator}.0)"
    )
    return f"(- {magnitude})" if value < 0 else magnitude


class _Affine:
    """An affine function of program variables whose coefficients are sums of signed
    template unknowns (by SMT-LIB name) and integer constants."""

    def __init__(self) -> None:
        self.coefficients: dict[str, list[tuple[int, str]]] = defaultdict(list)
        self.constant: list[tuple[int, str]] = []
        self.offset = 0

    def add(self, other: _Affine, sign: int = 1) -> _Affine:
        for name, terms in other.coefficients.items():
            self.coefficients[name].extend((s * sign, t) for s, t in terms)
        self.constant.extend((s * sign, t) for s, t in other.constant)
        self.offset += sign * other.offset
        return self

    def add_constant(self, value: int) -> _Affine:
        self.offset += value
        return self


def _signed(sign: int, name: str) -> str:
    return name if sign > 0 else f"(- {name})"


class _Template:
    """Unknown coefficients ``c_{i,l,v}`` and constants ``d_{i,l}`` of every phase."""

    def __init__(
        self,
        depth: int,
        locations: Sequence[str],
        variables: Sequence[str],
        at: dict[str, frozenset[str]] | None = None,
    ) -> None:
        self.depth = depth
        self.locations = list(locations)
        self.variables = list(variables)
        self.at = {
            loc: [v for v in self.variables if at is None or v in at.get(loc, frozenset(variables))]
            for loc in self.locations
        }
        """The variables that may get a non-zero coefficient at each location."""
        allowed = {loc: frozenset(vs) for loc, vs in self.at.items()}
        self.coefficient = {
            (i, loc, v): f"c_{i}_{li}_{vi}"
            for i in range(depth)
            for li, loc in enumerate(self.locations)
            for vi, v in enumerate(self.variables)
            if v in allowed[loc]
        }
        self.constant = {
            (i, loc): f"d_{i}_{li}" for i in range(depth) for li, loc in enumerate(self.locations)
        }

    def declarations(self) -> list[str]:
        return [
            f"(declare-fun {n} () Real)"
            for n in list(self.coefficient.values()) + list(self.constant.values())
        ]

    def function(self, phase: int, location: str, post: bool) -> _Affine:
        affine = _Affine()
        for variable in self.at[location]:
            name = primed(variable) if post else variable
            affine.coefficients[name].append((1, self.coefficient[(phase, location, variable)]))
        affine.constant.append((1, self.constant[(phase, location)]))
        return affine

    def extract(self, model: z3.ModelRef) -> tuple[RankingFunction, ...]:
        values: dict[tuple[int, str, str], Fraction] = {
            key: fraction_of(model.eval(z3.Real(term), model_completion=True))
            for key, term in self.coefficient.items()
        }
        constants: dict[tuple[int, str], Fraction] = {
            key: fraction_of(model.eval(z3.Real(term), model_completion=True))
            for key, term in self.constant.items()
        }
        scale = 1
        for value in list(values.values()) + list(constants.values()):
            scale = math.lcm(scale, value.denominator)
        phases: list[RankingFunction] = []
        for i in range(self.depth):
            phases.append(
                RankingFunction.of(
                    {
                        location: LinearExpr.of(
                            {v: values[(i, location, v)] * scale for v in self.at[location]},
                            constants[(i, location)] * scale,
                        )
                        for location in self.locations
                    }
                )
            )
        return tuple(phases)


def _sum(terms: list[str]) -> str:
    if not terms:
        return "0.0"
    return terms[0] if len(terms) == 1 else f"(+ {' '.join(terms)})"


class _Problem:
    """The Farkas conditions of all obligations, as SMT-LIB text (fast to build and parse)."""

    def __init__(self, template: _Template) -> None:
        self.lines = template.declarations()

    def require_nonnegative(
        self,
        transition: Transition,
        goal: _Affine,
        tag: str,
        rows: Sequence[LinearConstraint] | None = None,
    ) -> None:
        """The Farkas conditions for ``guard(transition) => goal >= 0``; ``rows`` (default: the
        guard) may replace the guard by an equivalent conjunction (`essential_rows`)."""
        variable_sums: dict[str, list[str]] = defaultdict(list)
        constant_sum: list[str] = []
        for row, constraint in enumerate(transition.guard if rows is None else rows):
            multiplier = f"{tag}_m{row}"
            self.lines.append(f"(declare-fun {multiplier} () Real)")
            if constraint.relation is Relation.LE:
                self.lines.append(f"(assert (>= {multiplier} 0.0))")
            for name, coefficient in constraint.expr.terms:
                variable_sums[name].append(f"(* {_number(coefficient)} {multiplier})")
            if constraint.expr.constant != 0:
                constant_sum.append(f"(* {_number(constraint.expr.constant)} {multiplier})")
        for name in set(variable_sums) | set(goal.coefficients):
            terms = [_signed(s, t) for s, t in goal.coefficients.get(name, [])] + variable_sums.get(
                name, []
            )
            if terms:
                self.lines.append(f"(assert (= {_sum(terms)} 0.0))")
        terms = [_signed(s, t) for s, t in goal.constant] + constant_sum
        if goal.offset:
            terms.append(_number(goal.offset))
        self.lines.append(f"(assert (>= {_sum(terms)} 0.0))")

    def text(self) -> str:
        return "\n".join(self.lines)


def essential_rows(guard: Sequence[LinearConstraint]) -> tuple[LinearConstraint, ...]:
    """``guard`` without the inequalities that its variable bounds imply: the same set of
    rational (and integer) points, with fewer Farkas multipliers.

    The bounds are the single-variable constraints (``a*x + b <= 0``, ``a*x + b = 0``).  Kept:
    every equality, for each variable and direction the first single-variable inequality with
    the tightest bound (unless an equality implies it), and every inequality over
    several variables whose maximum over the box of the bounds is not ``<= 0``.  (Each bound of
    the box is that of a kept constraint.)  A dropped
    inequality is implied by kept ones, so the conjunction is equivalent."""
    low: dict[str, Fraction] = {}
    high: dict[str, Fraction] = {}
    fixed: dict[str, set[Fraction]] = defaultdict(set)
    for constraint in guard:
        if len(constraint.expr.terms) != 1:
            continue
        ((name, coefficient),) = constraint.expr.terms
        bound = -constraint.expr.constant / coefficient
        if constraint.relation is Relation.EQ:
            fixed[name].add(bound)
        if constraint.relation is Relation.EQ or coefficient < 0:  # x >= bound
            low[name] = max(low.get(name, bound), bound)
        if constraint.relation is Relation.EQ or coefficient > 0:  # x <= bound
            high[name] = min(high.get(name, bound), bound)
    kept: list[LinearConstraint] = []
    bounded: set[tuple[str, bool]] = set()
    for constraint in guard:
        terms = constraint.expr.terms
        if constraint.relation is Relation.EQ or not terms:
            kept.append(constraint)
            continue
        if len(terms) == 1:
            ((name, coefficient),) = terms
            upper = coefficient > 0
            bound = -constraint.expr.constant / coefficient
            values = fixed.get(name, ())
            if any(bound >= v if upper else bound <= v for v in values):
                continue  # implied by an equality, which is kept
            if (name, upper) in bounded or bound != (high if upper else low)[name]:
                continue  # implied by the tightest bound, which is kept
            bounded.add((name, upper))
            kept.append(constraint)
            continue
        maximum: Fraction = constraint.expr.constant
        unbounded = False
        for name, coefficient in terms:
            limit = (high if coefficient > 0 else low).get(name)
            if limit is None:
                unbounded = True
                break
            maximum += coefficient * limit
        if unbounded or maximum > 0:
            kept.append(constraint)
    return tuple(kept)


@lru_cache(maxsize=4096)
def _cached_rows(guard: tuple[LinearConstraint, ...]) -> tuple[LinearConstraint, ...]:
    """`essential_rows`, once per guard: a search asks for the same transitions' rows in
    every one of its candidate problems."""
    return essential_rows(guard)


def _location_variables(
    transitions: Sequence[Transition],
    rows: dict[str, tuple[LinearConstraint, ...]],
    locations: Sequence[str],
    variables: Sequence[str],
) -> dict[str, frozenset[str]]:
    """For each location, the variables that can have a non-zero coefficient there.

    A variable ``v`` that some guard of a transition leaving ``l`` does not mention (or whose
    post-state ``v'`` some guard of a transition entering ``l`` does not mention) is free in
    that transition, so every Farkas condition of the transition forces the coefficient of
    ``v`` at ``l`` to 0 (phase by phase: the goal of phase ``i`` adds phase ``i - 1`` at the
    source, already 0).  Leaving such coefficients out of the template is therefore exact."""
    result = {loc: frozenset(variables) for loc in locations}
    for transition in transitions:
        mentioned: set[str] = set()
        for constraint in rows[transition.name]:
            mentioned |= constraint.variables()
        if transition.source in result:
            result[transition.source] = frozenset(
                v for v in result[transition.source] if v in mentioned
            )
        if transition.target in result:
            result[transition.target] = frozenset(
                v for v in result[transition.target] if primed(v) in mentioned
            )
    return result


def _relevant_variables(transitions: Sequence[Transition], variables: Sequence[str]) -> list[str]:
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
    rows = {t.name: _cached_rows(tuple(t.guard)) for t in transitions}
    relevant = _relevant_variables(transitions, variables)
    template = _Template(
        depth, locations, relevant, _location_variables(transitions, rows, locations, relevant)
    )
    problem = _Problem(template)
    for index, transition in enumerate(transitions):
        source, target = transition.source, transition.target
        if transition.name in strict:
            for phase in range(depth):
                goal = template.function(phase, source, post=False)
                goal.add(template.function(phase, target, post=True), sign=-1).add_constant(-1)
                if phase > 0:
                    goal.add(template.function(phase - 1, source, post=False))
                problem.require_nonnegative(
                    transition, goal, f"s{index}_{phase}", rows[transition.name]
                )
            bounded = template.function(depth - 1, source, post=False)
            problem.require_nonnegative(transition, bounded, f"b{index}", rows[transition.name])
        else:
            for phase in range(depth):
                goal = template.function(phase, source, post=False)
                goal.add(template.function(phase, target, post=True), sign=-1)
                problem.require_nonnegative(
                    transition, goal, f"w{index}_{phase}", rows[transition.name]
                )
    session = SmtSession(config, "QF_LRA")
    session.add_smtlib(problem.text())
    answer = session.check()
    if answer is SatAnswer.SAT:
        return SynthesisResult(template.extract(session.model()), answer)
    if answer is SatAnswer.UNKNOWN:
        return SynthesisResult(None, answer, f"z3: {session.reason_unknown()}")
    return SynthesisResult(None, answer, "no such ranking function over the rationals")
