"""The ITS termination techniques as processors (issue 13 item 4, after AProVE's processors):
each finds a proof step on the current transitions (`Technique.try_`), re-checks a step of
its kind over the integers (`Technique.verify`) and says what it does (`Technique.describe`).

`jhalt.analyses.termination.processors.ranking.prove_termination` applies `INFEASIBLE` once, then in
every round `ACYCLIC` and the first of `TECHNIQUES` (in this order: ranking functions, then
bounded runs) that removes something from a cyclic SCC; `verify` finds a step's checker by
the step's type (`checker`). A new technique is one more entry with its own step type
(`jhalt.its.proof.ProofStep`). The proof obligations are those of `jhalt.its.proof`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from jhalt.analyses.termination.processors.counters import counter_step
from jhalt.graphs import edge_components
from jhalt.its.graph import Component, cyclic_components
from jhalt.its.linear import LinearConstraint, const, ge
from jhalt.its.proof import (
    AcyclicStep,
    BoundedRunStep,
    InfeasibleStep,
    ProofStep,
    RankingStep,
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

COUNTER_MIN_TRANSITIONS = 16
"""From this many transitions on, an SCC is first tried with the ranking functions of its
counter chains (`counters`), which cost an entailment per transition, before any Farkas
problem (whose size grows with the transitions; one per strict candidate)."""

MAX_UNKNOWNS_PER_COMPONENT = 3
"""After this many solver give-ups on one SCC its search stops (the remaining candidate
problems are as large; trying them all only costs time)."""


@dataclass(frozen=True, slots=True)
class RankingConfig:
    """Search bounds: the deepest multiphase function tried and the solver budget per query."""

    max_depth: int = 3
    smt: SmtConfig = field(default_factory=SmtConfig)


class Search:
    """The state of one proof search: the ITS, the current transitions, the steps found so
    far, the solver's give-ups (for the reason of a failure) and the ranking problems known
    to have no solution."""

    def __init__(self, its: ITS, config: RankingConfig) -> None:
        self.its = its
        self.config = config
        self.current: list[Transition] = list(its.transitions)
        self.steps: list[ProofStep] = []
        self.solver_unknowns: list[str] = []
        self.failed: set[tuple[frozenset[str], str, int]] = set()

    def remove(self, step: ProofStep) -> None:
        self.steps.append(step)
        removed = set(step.removed)
        self.current = [t for t in self.current if t.name not in removed]


class Technique(Protocol):
    """A processor: ``try_`` a step on the cyclic SCCs of the search's current transitions
    (None when it makes no progress), ``verify`` a step of type ``step_type`` against the
    current transitions (the list of failed obligations), ``describe`` itself."""

    @property
    def step_type(self) -> type: ...

    def try_(self, search: Search, components: Sequence[Component]) -> ProofStep | None: ...

    def verify(
        self, step: Any, current: list[Transition], its: ITS, config: SmtConfig
    ) -> list[str]: ...

    def describe(self) -> str: ...


def is_valid(
    premises: Sequence[LinearConstraint],
    goal: LinearConstraint,
    config: SmtConfig,
    explain: bool = True,
) -> tuple[bool, str]:
    """Whether ``premises => goal`` over the integers, else why not (with a counterexample
    when ``explain``)."""
    result = check_entailment(premises, goal, Domain.INTEGER, config, explain)
    if result.validity is Validity.VALID:
        return True, ""
    if result.validity is Validity.UNKNOWN:
        return False, f"solver unknown ({result.reason})"
    return False, f"counterexample {result.counterexample}"


def _cut_components(locations: set[str], current: list[Transition], its: ITS) -> list[str]:
    """Complaints unless ``locations`` is a union of SCCs of the current location graph."""
    components = edge_components(list(its.locations), [(t.source, t.target) for t in current])
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


class InfeasibleGuards:
    """Transitions whose guard has no integer solution are never taken."""

    step_type = InfeasibleStep

    def try_(self, search: Search, components: Sequence[Component]) -> InfeasibleStep | None:
        infeasible = []
        for transition in search.current:
            if search.config.smt.deadline.expired():
                break  # the rest stay (feasible as far as known)
            answer = check_satisfiable(transition.guard, Domain.INTEGER, search.config.smt)
            if answer is SatAnswer.UNSAT:
                infeasible.append(transition.name)
            elif answer is SatAnswer.UNKNOWN:
                search.solver_unknowns.append(f"feasibility of {transition.name}")
        return InfeasibleStep(tuple(infeasible)) if infeasible else None

    def verify(
        self, step: InfeasibleStep, current: list[Transition], its: ITS, config: SmtConfig
    ) -> list[str]:
        by_name = {t.name: t for t in current}
        problems = []
        for name in step.removed:
            answer = check_satisfiable(by_name[name].guard, Domain.INTEGER, config)
            if answer is not SatAnswer.UNSAT:
                problems.append(f"guard of {name} is not shown infeasible ({answer.value})")
        return problems

    def describe(self) -> str:
        return "infeasible guards: drop transitions without an integer solution"


class AcyclicTransitions:
    """Transitions between two SCCs of the location graph are taken finitely often."""

    step_type = AcyclicStep

    def try_(self, search: Search, components: Sequence[Component]) -> AcyclicStep | None:
        on_cycle = {t.name for c in cyclic_components(search.current) for t in c.transitions}
        acyclic = tuple(t.name for t in search.current if t.name not in on_cycle)
        return AcyclicStep(acyclic) if acyclic else None

    def verify(
        self, step: AcyclicStep, current: list[Transition], its: ITS, config: SmtConfig
    ) -> list[str]:
        on_cycle = {t.name for c in cyclic_components(current) for t in c.transitions}
        return [f"{name} lies on a cycle" for name in step.removed if name in on_cycle]

    def describe(self) -> str:
        return "acyclic transitions: drop transitions on no cycle"


class RankingFunctions:
    """Linear ranking functions (a sequence of them is lexicographic) and, when no linear one
    makes progress on an SCC, multiphase ones of depth 2 .. ``max_depth`` (Farkas' lemma,
    `jhalt.smt.farkas`); per SCC the depths are tried in order, all transitions strict first,
    then each transition alone. An SCC of `COUNTER_MIN_TRANSITIONS` or more is first tried
    with the functions of its counter chains (`counters`): the same kind of step, found
    without a Farkas problem and re-checked by the same `verify`."""

    step_type = RankingStep

    def try_(self, search: Search, components: Sequence[Component]) -> RankingStep | None:
        for component in components:
            step = self._rank(search, component)
            if step is not None:
                return step
        return None

    def _rank(self, search: Search, component: Component) -> RankingStep | None:
        """A ranking step removing at least one transition of ``component``, or None."""
        locations = tuple(sorted(component.locations))
        transitions = component.transitions
        key = component.transition_names()
        smt = search.config.smt
        counted = self._counter(search, component)
        if counted is not None:
            return counted
        unknowns = 0
        for depth in range(1, search.config.max_depth + 1):
            candidates: list[tuple[str, frozenset[str]]] = [("*all*", key)]
            if len(transitions) > 1:
                candidates += [(t.name, frozenset({t.name})) for t in transitions]
            for label, strict in candidates:
                if (key, label, depth) in search.failed:
                    continue
                if smt.deadline.expired():
                    return None  # out of time: every further query would be unknown
                result = synthesize_ranking(
                    transitions, locations, search.its.variables, strict, depth, smt
                )
                if result.phases is None:
                    search.failed.add((key, label, depth))
                    if result.answer is SatAnswer.UNKNOWN:
                        search.solver_unknowns.append(
                            f"ranking of {len(key)} transition(s) from {min(key)}: {result.reason}"
                        )
                        unknowns += 1
                        if unknowns >= MAX_UNKNOWNS_PER_COMPONENT:
                            return None  # the problems are beyond the solver budget
                    continue
                provisional = RankingStep(locations, result.phases, tuple(sorted(strict)))
                return _with_strictly_ranked(provisional, component, smt)
        return None

    @staticmethod
    def _counter(search: Search, component: Component) -> RankingStep | None:
        """The step of a counter chain of a big ``component`` (`counters`; once per SCC)."""
        key = component.transition_names()
        if len(key) < COUNTER_MIN_TRANSITIONS or (key, "*counter*", 1) in search.failed:
            return None
        search.failed.add((key, "*counter*", 1))
        smt = search.config.smt
        step = counter_step(component, lambda p, g: is_valid(p, g, smt, explain=False)[0])
        return None if step is None else _with_strictly_ranked(step, component, smt)

    def verify(
        self, step: RankingStep, current: list[Transition], its: ITS, config: SmtConfig
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
            valid, why = is_valid(obligation.premises, obligation.goal, config)
            if not valid:
                problems.append(
                    f"{obligation.transition}: {obligation.description}: "
                    f"{obligation.goal} not entailed, {why}"
                )
        return problems

    def describe(self) -> str:
        return "ranking functions: linear (lexicographic in sequence), then multiphase"


def _with_strictly_ranked(step: RankingStep, component: Component, smt: SmtConfig) -> RankingStep:
    """``step`` removing also the transitions of ``component`` its functions make strict."""
    strict = set(step.removed)
    removed = tuple(
        t.name for t in component.transitions if t.name in strict or _strictly_ranked(step, t, smt)
    )
    return RankingStep(step.locations, step.phases, removed)


def _strictly_ranked(step: RankingStep, transition: Transition, config: SmtConfig) -> bool:
    """Whether the found functions also make ``transition`` strict (checked over integers)."""
    return all(
        is_valid(transition.guard, ge(expr, const(0)), config, explain=False)[0]
        for expr, _ in strict_goals(step, transition)
    )


class BoundedRuns:
    """An SCC none of whose runs of ``k`` consecutive transitions is satisfiable over the
    integers (``k`` from 2 to `MAX_BOUNDED_RUN`) loses all its transitions."""

    step_type = BoundedRunStep

    def try_(self, search: Search, components: Sequence[Component]) -> BoundedRunStep | None:
        for component in components:
            step = self._bound(search, component)
            if step is not None:
                return step
        return None

    def _bound(self, search: Search, component: Component) -> BoundedRunStep | None:
        """A bounded-run step removing every transition of ``component``, or None."""
        locations = tuple(sorted(component.locations))
        for length in range(2, MAX_BOUNDED_RUN + 1):
            runs = runs_inside(locations, component.transitions, length, MAX_BOUNDED_RUNS)
            if runs is None:
                return None
            for run in runs:
                if search.config.smt.deadline.expired():
                    return None
                answer = check_satisfiable(
                    compose_run(run, search.its.variables), Domain.INTEGER, search.config.smt
                )
                if answer is SatAnswer.UNKNOWN:
                    search.solver_unknowns.append(f"runs of length {length} from {run[0].name}")
                    return None  # longer runs only make harder problems
                if answer is SatAnswer.SAT:
                    break  # a run of this length exists: try a longer one
            else:
                return BoundedRunStep(
                    locations, length, tuple(sorted(component.transition_names()))
                )
        return None

    def verify(
        self, step: BoundedRunStep, current: list[Transition], its: ITS, config: SmtConfig
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

    def describe(self) -> str:
        return f"bounded runs: no {MAX_BOUNDED_RUN} or fewer consecutive steps stay in the SCC"


INFEASIBLE = InfeasibleGuards()
ACYCLIC = AcyclicTransitions()
TECHNIQUES: tuple[Technique, ...] = (RankingFunctions(), BoundedRuns())
"""The techniques tried on the cyclic SCCs of each round, in this order."""
ALL: tuple[Technique, ...] = (INFEASIBLE, ACYCLIC, *TECHNIQUES)


def checker(step: ProofStep) -> Technique:
    """The technique that re-checks ``step`` (by the step's type)."""
    for technique in ALL:
        if type(step) is technique.step_type:
            return technique
    raise TypeError(f"no technique checks a {type(step).__name__}")
