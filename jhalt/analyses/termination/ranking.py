"""Termination of integer transition systems by ranking functions (issue 6, back end).

`prove_termination(its)` answers whether the ITS has no infinite run (from any configuration;
variables are mathematical integers).  It works the way termination tools do:

1. drop transitions whose guard has no integer solution (`InfeasibleStep`);
2. repeat: drop transitions on no cycle of the location graph (`AcyclicStep`); for a cyclic SCC
   look for a linear ranking function — one affine function per location — that is bounded and
   decreasing by at least 1 on some transitions and non-increasing on all others of the SCC
   (Podelski–Rybalchenko via Farkas' lemma, `jhalt.smt.farkas`), and drop the decreasing ones
   (`RankingStep`).  The sequence of steps forms a lexicographic ranking function;
3. when no linear function makes progress on an SCC, try multiphase ranking functions
   (nested form, depth 2 and 3 by default) in the same way;
4. when no ranking function makes progress on any SCC, look for an SCC whose runs are short:
   no ``k`` consecutive transitions inside it are satisfiable together over the integers
   (``k`` up to `MAX_BOUNDED_RUN`, at most `MAX_BOUNDED_RUNS` sequences; `BoundedRunStep`),
   and drop all its transitions;
5. stop with "unknown" when an SCC resists, or when z3 answers unknown.

Every answer "proved" is backed by a `TerminationProof` that `verify` has re-checked
independently over the integers (each obligation "guard => goal" decided by z3 in QF_LIA):
the final YES relies on verified proofs only.  Searching uses the rational relaxation, which is
sound because integer points lie in it (see `jhalt.smt.farkas`).

Not done (documented limits): no invariants are inferred, so facts that hold only because of
how a location is reached (e.g. ``i >= 0`` after ``i = 0``) must be put into the guards by the
ITS builder; no non-linear ranking functions; no disjunctive/piecewise functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from jhalt.its.graph import Component, cyclic_components, strongly_connected_components
from jhalt.its.linear import LinearConstraint, const, ge
from jhalt.its.proof import (
    AcyclicStep,
    BoundedRunStep,
    InfeasibleStep,
    ProofStep,
    RankingStep,
    TerminationProof,
    compose_run,
    ranking_obligations,
    runs_inside,
    strict_goals,
)
from jhalt.its.system import ITS, Transition
from jhalt.smt.encode import Domain
from jhalt.smt.entailment import Validity, check_entailment, check_satisfiable
from jhalt.smt.farkas import synthesize_ranking
from jhalt.smt.session import SatAnswer, SmtConfig

MAX_BOUNDED_RUN = 6
"""The longest run length tried by a `BoundedRunStep` search (``x % k`` loops need ``k``)."""
MAX_BOUNDED_RUNS = 32
"""A `BoundedRunStep` is searched only while an SCC has at most this many runs of a length."""
MAX_VERIFIED_RUNS = 10_000
"""`verify` enumerates every run of a bounded-run step; a step with more runs is rejected."""

MAX_UNKNOWNS_PER_COMPONENT = 3
"""After this many solver give-ups on one SCC its search stops (the remaining candidate
problems are as large; trying them all only costs time)."""


@dataclass(frozen=True, slots=True)
class RankingConfig:
    """Search bounds: the deepest multiphase function tried and the solver budget per query."""

    max_depth: int = 3
    smt: SmtConfig = field(default_factory=SmtConfig)


@dataclass(frozen=True, slots=True)
class TerminationResult:
    """``proved`` only with a verified ``proof``; otherwise ``reason`` says what is missing."""

    proved: bool
    proof: TerminationProof | None
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {
            "proved": self.proved,
            "reason": self.reason,
            "proof": self.proof.to_json() if self.proof else None,
        }


@dataclass(frozen=True, slots=True)
class ProofCheck:
    """Outcome of `verify`: ``ok`` or the list of obligations that failed (or were unknown)."""

    ok: bool
    failures: tuple[str, ...] = ()


def _is_valid(
    premises: Sequence[LinearConstraint], goal: LinearConstraint, config: SmtConfig
) -> tuple[bool, str]:
    result = check_entailment(premises, goal, Domain.INTEGER, config)
    if result.validity is Validity.VALID:
        return True, ""
    if result.validity is Validity.UNKNOWN:
        return False, f"solver unknown ({result.reason})"
    return False, f"counterexample {result.counterexample}"


def verify(proof: TerminationProof, its: ITS, config: SmtConfig = SmtConfig()) -> ProofCheck:
    """Re-check every step of ``proof`` against ``its`` over the integers.

    Checks, step by step on the shrinking set of current transitions: removed transitions exist
    and are current; an infeasible guard is unsatisfiable; an acyclic transition joins two
    SCCs; a ranking step's locations are a union of SCCs, its functions are defined on them
    over ITS variables only, its removed transitions lie inside them, and every obligation of
    `ranking_obligations` is valid.  Finally no cycle may remain."""
    current: dict[str, Transition] = {t.name: t for t in its.transitions}
    failures: list[str] = []
    for number, step in enumerate(proof.steps, start=1):
        missing = [name for name in step.removed if name not in current]
        if missing or len(set(step.removed)) != len(step.removed):
            failures.append(
                f"step {number}: removes unknown, repeated or already removed "
                f"transitions {missing or list(step.removed)}"
            )
            break
        failures.extend(
            f"step {number}: {message}"
            for message in _check_step(step, list(current.values()), its, config)
        )
        for name in step.removed:
            del current[name]
    if not failures and cyclic_components(list(current.values())):
        failures.append("transitions on a cycle remain after the last step")
    return ProofCheck(not failures, tuple(failures))


def _check_step(
    step: ProofStep, current: list[Transition], its: ITS, config: SmtConfig
) -> list[str]:
    by_name = {t.name: t for t in current}
    if isinstance(step, InfeasibleStep):
        problems = []
        for name in step.removed:
            answer = check_satisfiable(by_name[name].guard, Domain.INTEGER, config)
            if answer is not SatAnswer.UNSAT:
                problems.append(f"guard of {name} is not shown infeasible ({answer.value})")
        return problems
    if isinstance(step, AcyclicStep):
        on_cycle = {t.name for c in cyclic_components(current) for t in c.transitions}
        return [f"{name} lies on a cycle" for name in step.removed if name in on_cycle]
    if isinstance(step, BoundedRunStep):
        return _check_bounded_run_step(step, current, its, config)
    return _check_ranking_step(step, current, its, config)


def _cut_components(locations: set[str], current: list[Transition], its: ITS) -> list[str]:
    """Complaints unless ``locations`` is a union of SCCs of the current location graph."""
    components = strongly_connected_components(
        list(its.locations), [(t.source, t.target) for t in current]
    )
    return [
        f"locations {sorted(locations)} cut the SCC {sorted(component)}"
        for component in components
        if component & locations and not component <= locations
    ]


def _removed_outside(
    removed: Sequence[str], inside: set[str], current: list[Transition]
) -> list[str]:
    """Complaints for removed transitions with an end outside the step's ``inside`` locations."""
    by_name = {t.name: t for t in current}
    return [
        f"removed {name} leaves the step's locations"
        for name in removed
        if by_name[name].source not in inside or by_name[name].target not in inside
    ]


def _check_bounded_run_step(
    step: BoundedRunStep, current: list[Transition], its: ITS, config: SmtConfig
) -> list[str]:
    inside = set(step.locations)
    if step.length < 1:
        return ["bounded-run step of length < 1"]
    problems = _cut_components(inside, current, its) + _removed_outside(
        step.removed, inside, current
    )
    if problems:
        return problems
    runs = runs_inside(inside, current, step.length, MAX_VERIFIED_RUNS)
    if runs is None:
        return [f"more than {MAX_VERIFIED_RUNS} runs of length {step.length} to check"]
    for run in runs:
        answer = check_satisfiable(compose_run(run, its.variables), Domain.INTEGER, config)
        if answer is not SatAnswer.UNSAT:
            names = " ".join(t.name for t in run)
            problems.append(f"the run {names} is not shown infeasible ({answer.value})")
    return problems


def _check_ranking_step(
    step: RankingStep, current: list[Transition], its: ITS, config: SmtConfig
) -> list[str]:
    inside = set(step.locations)
    if step.depth < 1:
        return ["ranking step without a function"]
    problems = _cut_components(inside, current, its)
    allowed = set(its.variables)
    for index, phase in enumerate(step.phases, start=1):
        if phase.locations() != inside:
            problems.append(f"phase {index} is not defined exactly on {sorted(inside)}")
            continue
        for location, expr in phase.by_location:
            if not expr.variables() <= allowed:
                problems.append(f"phase {index} at {location} uses non-ITS variables")
    problems += _removed_outside(step.removed, inside, current)
    if problems:
        return problems
    for obligation in ranking_obligations(step, current):
        valid, why = _is_valid(obligation.premises, obligation.goal, config)
        if not valid:
            problems.append(
                f"{obligation.transition}: {obligation.description}: "
                f"{obligation.goal} not entailed, {why}"
            )
    return problems


def _strictly_ranked(step: RankingStep, transition: Transition, config: SmtConfig) -> bool:
    """Whether the found functions also make ``transition`` strict (checked over integers)."""
    return all(
        _is_valid(transition.guard, ge(expr, const(0)), config)[0]
        for expr, _ in strict_goals(step, transition)
    )


class _Search:
    """The state of one proof search: current transitions and steps found so far."""

    def __init__(self, its: ITS, config: RankingConfig) -> None:
        self.its = its
        self.config = config
        self.current: list[Transition] = list(its.transitions)
        self.steps: list[ProofStep] = []
        self.solver_unknowns: list[str] = []
        self._failed: set[tuple[frozenset[str], str, int]] = set()

    def remove(self, step: ProofStep) -> None:
        self.steps.append(step)
        removed = set(step.removed)
        self.current = [t for t in self.current if t.name not in removed]

    def drop_infeasible(self) -> None:
        infeasible = []
        for transition in self.current:
            answer = check_satisfiable(transition.guard, Domain.INTEGER, self.config.smt)
            if answer is SatAnswer.UNSAT:
                infeasible.append(transition.name)
            elif answer is SatAnswer.UNKNOWN:
                self.solver_unknowns.append(f"feasibility of {transition.name}")
        if infeasible:
            self.remove(InfeasibleStep(tuple(infeasible)))

    def drop_acyclic(self) -> None:
        on_cycle = {t.name for c in cyclic_components(self.current) for t in c.transitions}
        acyclic = tuple(t.name for t in self.current if t.name not in on_cycle)
        if acyclic:
            self.remove(AcyclicStep(acyclic))

    def rank_component(self, component: Component) -> RankingStep | None:
        """A ranking step removing at least one transition of ``component``, or None."""
        locations = tuple(sorted(component.locations))
        transitions = component.transitions
        key = component.transition_names()
        unknowns = 0
        for depth in range(1, self.config.max_depth + 1):
            candidates: list[tuple[str, frozenset[str]]] = [("*all*", key)]
            if len(transitions) > 1:
                candidates += [(t.name, frozenset({t.name})) for t in transitions]
            for label, strict in candidates:
                if (key, label, depth) in self._failed:
                    continue
                result = synthesize_ranking(
                    transitions, locations, self.its.variables, strict, depth, self.config.smt
                )
                if result.phases is None:
                    self._failed.add((key, label, depth))
                    if result.answer is SatAnswer.UNKNOWN:
                        self.solver_unknowns.append(
                            f"ranking of {len(key)} transition(s) from {min(key)}: {result.reason}"
                        )
                        unknowns += 1
                        if unknowns >= MAX_UNKNOWNS_PER_COMPONENT:
                            return None  # the problems are beyond the solver budget
                    continue
                provisional = RankingStep(locations, result.phases, tuple(sorted(strict)))
                removed = tuple(
                    t.name
                    for t in transitions
                    if t.name in strict or _strictly_ranked(provisional, t, self.config.smt)
                )
                return RankingStep(locations, result.phases, removed)
        return None

    def bound_component(self, component: Component) -> BoundedRunStep | None:
        """A bounded-run step removing every transition of ``component``, or None."""
        locations = tuple(sorted(component.locations))
        for length in range(2, MAX_BOUNDED_RUN + 1):
            runs = runs_inside(locations, component.transitions, length, MAX_BOUNDED_RUNS)
            if runs is None:
                return None
            for run in runs:
                answer = check_satisfiable(
                    compose_run(run, self.its.variables), Domain.INTEGER, self.config.smt
                )
                if answer is SatAnswer.UNKNOWN:
                    self.solver_unknowns.append(f"runs of length {length} from {run[0].name}")
                    return None  # longer runs only make harder problems
                if answer is SatAnswer.SAT:
                    break  # a run of this length exists: try a longer one
            else:
                return BoundedRunStep(
                    locations, length, tuple(sorted(component.transition_names()))
                )
        return None


def prove_termination(its: ITS, config: RankingConfig = RankingConfig()) -> TerminationResult:
    """Try to prove that ``its`` has no infinite run; see the module doc for the method."""
    search = _Search(its, config)
    search.drop_infeasible()
    while True:
        search.drop_acyclic()
        components = cyclic_components(search.current, its.locations)
        if not components:
            break
        step: ProofStep | None = None
        for component in components:
            step = search.rank_component(component)
            if step is not None:
                break
        for component in components if step is None else ():
            step = search.bound_component(component)
            if step is not None:
                break
        if step is None:
            stuck = "; ".join(
                "{" + ", ".join(t.name for t in c.transitions) + "}" for c in components
            )
            reason = f"no (multiphase) linear ranking function for the SCC(s) {stuck}"
            if search.solver_unknowns:
                reason += f"; solver gave up on: {', '.join(search.solver_unknowns)}"
            return TerminationResult(False, None, reason)
        search.remove(step)
    proof = TerminationProof(tuple(search.steps))
    check = verify(proof, its, config.smt)
    if not check.ok:
        failures = "; ".join(check.failures)
        return TerminationResult(False, None, f"proof not confirmed by verification: {failures}")
    return TerminationResult(True, proof, "verified ranking proof")
