"""Termination proofs for ITSs: the proof object and the proof obligations it stands for.

A `TerminationProof` is a sequence of steps; each step removes transitions from the current
ITS, and the proof is complete when what is left has no cycle.  Each step justifies that, in
every infinite run, the transitions it removes are taken only finitely often, *given* that the
transitions removed by earlier steps are (issue 6: "removal of transitions already proved, as
termination tools do").  An infinite run takes some transition infinitely often, so once every
transition on a cycle is removed, no infinite run exists.

Kinds of steps:

* `InfeasibleStep`: the guard has no integer solution; the transition is never taken.
* `AcyclicStep`: the transition joins two different SCCs of the current location graph; an
  infinite run eventually stays in one SCC, so it takes the transition finitely often.
* `RankingStep`: a multiphase ranking function ``(f_1, ..., f_k)`` in nested form (Leike &
  Heizmann, "Ranking templates for linear loops", 2014; the multiphase functions of
  Ben-Amram & Genaim, CAV 2017), with one affine function per location for each phase, over
  locations ``L`` that form a union of SCCs of the current graph.  For every current
  transition ``t: l -> l'`` with both ends in ``L``:

  - if ``t`` is removed (strict):  ``f_1(l,x) - f_1(l',x') >= 1``,
    ``f_i(l,x) - f_i(l',x') + f_{i-1}(l,x) >= 1`` for ``i >= 2``, and ``f_k(l,x) >= 0``;
  - otherwise (weak): ``f_i(l,x) - f_i(l',x') >= 0`` for every ``i``.

  With ``k = 1`` this is a linear ranking function (Podelski & Rybalchenko, VMCAI 2004) that is
  bounded and decreasing on the removed transitions and non-increasing on the rest; a sequence
  of such steps is a lexicographic ranking function (Alias et al., SAS 2010; Ben-Amram &
  Genaim's weak LLRFs).  Soundness for ``k`` phases: in an infinite run that eventually stays
  in ``L`` and takes removed transitions infinitely often, ``f_1`` never grows and drops by
  ``>= 1`` infinitely often, so eventually ``f_1 <= 0``; from then on ``f_2`` never grows and
  drops by ``>= 1`` at every strict step, and so on, until ``f_k`` becomes negative before a
  strict step — contradicting ``f_k >= 0`` there.

* `BoundedRunStep`: over locations ``L`` that form a union of SCCs of the current graph, no
  sequence of ``length`` consecutive current transitions inside ``L`` has integer values that
  satisfy all their guards (each sequence composed by `compose_run`, with fresh copies of the
  variables per position).  An infinite run eventually stays in one SCC and would take
  ``length`` consecutive transitions there, so every transition inside ``L`` is removed.
  This is the "bounded number of iterations" argument for loops such as
  ``while (x % 3 != 0) x++``, whose runs are short for reasons that only integers explain.

Ranking obligations are implications "guard => one linear constraint" over the integers; this
module states them (`ranking_obligations`) without deciding them, so that the prover and an
independent checker (`jhalt.analyses.termination.processors.ranking.verify`) agree on what a step claims.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from jhalt.its.linear import LinearConstraint, LinearExpr, Number, const, ge
from jhalt.its.printer import format_expr
from jhalt.its.system import Transition, is_primed, primed, unprimed


@dataclass(frozen=True, slots=True)
class RankingFunction:
    """An affine function of the ITS variables per location: ``f(l, x) = c_l . x + d_l``."""

    by_location: tuple[tuple[str, LinearExpr], ...]

    @staticmethod
    def of(functions: Mapping[str, LinearExpr]) -> RankingFunction:
        return RankingFunction(tuple(sorted(functions.items())))

    def locations(self) -> frozenset[str]:
        return frozenset(location for location, _ in self.by_location)

    def at(self, location: str) -> LinearExpr:
        """The function at ``location`` over pre-state (unprimed) variables."""
        for name, expr in self.by_location:
            if name == location:
                return expr
        raise KeyError(f"ranking function undefined at location {location!r}")

    def after(self, location: str) -> LinearExpr:
        """The function at ``location`` over post-state (primed) variables."""
        expr = self.at(location)
        return expr.rename({name: primed(name) for name in expr.variables()})

    def value(self, location: str, valuation: Mapping[str, Number]) -> Number:
        return self.at(location).evaluate(valuation)

    def to_json(self) -> dict[str, str]:
        return {location: format_expr(expr) for location, expr in self.by_location}


@dataclass(frozen=True, slots=True)
class InfeasibleStep:
    """Transitions whose guards have no integer solution."""

    removed: tuple[str, ...]
    kind = "infeasible"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "removed": list(self.removed)}

    def describe(self) -> str:
        return f"infeasible guard: {', '.join(self.removed)}"

    def ranked_locations(self) -> tuple[str, ...]:
        """The locations this step gives a ranking at (none: it ranks nothing)."""
        return ()

    def ranking_at(self, location: str, render: Callable[[LinearExpr], str]) -> str:
        raise KeyError(location)


@dataclass(frozen=True, slots=True)
class AcyclicStep:
    """Transitions that lie on no cycle of the current location graph."""

    removed: tuple[str, ...]
    kind = "acyclic"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "removed": list(self.removed)}

    def describe(self) -> str:
        return f"on no cycle: {', '.join(self.removed)}"

    def ranked_locations(self) -> tuple[str, ...]:
        """The locations this step gives a ranking at (none: it ranks nothing)."""
        return ()

    def ranking_at(self, location: str, render: Callable[[LinearExpr], str]) -> str:
        raise KeyError(location)


@dataclass(frozen=True, slots=True)
class RankingStep:
    """A (multiphase) ranking function over ``locations`` removing the strict transitions."""

    locations: tuple[str, ...]
    phases: tuple[RankingFunction, ...]
    removed: tuple[str, ...]

    @property
    def depth(self) -> int:
        return len(self.phases)

    @property
    def kind(self) -> str:
        return "ranking" if self.depth == 1 else "multiphase-ranking"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "locations": list(self.locations),
            "phases": [phase.to_json() for phase in self.phases],
            "removed": list(self.removed),
        }

    def describe(self) -> str:
        phases = " ; ".join(
            "[" + ", ".join(f"{loc}: {format_expr(e)}" for loc, e in p.by_location) + "]"
            for p in self.phases
        )
        return f"rank {phases} removes {', '.join(self.removed)}"

    def ranked_locations(self) -> tuple[str, ...]:
        return self.locations

    def ranking_at(self, location: str, render: Callable[[LinearExpr], str]) -> str:
        """The phases at ``location``, most significant first: ``f1 ; f2``."""
        return " ; ".join(render(phase.at(location)) for phase in self.phases)


@dataclass(frozen=True, slots=True)
class BoundedRunStep:
    """No run of ``length`` consecutive transitions stays inside ``locations`` (module doc)."""

    locations: tuple[str, ...]
    length: int
    removed: tuple[str, ...]
    kind = "bounded-run"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "locations": list(self.locations),
            "length": self.length,
            "removed": list(self.removed),
        }

    def describe(self) -> str:
        return (
            f"no {self.length} consecutive steps in "
            f"{{{', '.join(self.locations)}}}: {', '.join(self.removed)}"
        )

    def ranked_locations(self) -> tuple[str, ...]:
        return self.locations

    def ranking_at(self, location: str, render: Callable[[LinearExpr], str]) -> str:
        """How many consecutive steps the location allows."""
        return f"bounded: at most {self.length - 1} steps in a row"


class ProofStep(Protocol):
    """What every kind of step offers (a new technique brings its own step type): the
    transitions it removes, its JSON ``kind``, its rendering, and for a step that ranks
    locations the text of its ranking at one of them (`ranked_locations`, `ranking_at`)."""

    @property
    def removed(self) -> tuple[str, ...]: ...

    @property
    def kind(self) -> str: ...

    def to_json(self) -> dict[str, Any]: ...

    def describe(self) -> str: ...

    def ranked_locations(self) -> tuple[str, ...]: ...

    def ranking_at(self, location: str, render: Callable[[LinearExpr], str]) -> str: ...


STEP_TYPES = (InfeasibleStep, AcyclicStep, RankingStep, BoundedRunStep)
"""The step types of this module, in the order of the module doc."""


@dataclass(frozen=True, slots=True)
class TerminationProof:
    """Steps that, applied in order, leave an ITS without cycles (see the module doc)."""

    steps: tuple[ProofStep, ...]

    def to_json(self) -> dict[str, Any]:
        return {"steps": [step.to_json() for step in self.steps]}

    def describe(self) -> str:
        """One line per step, e.g. ``rank [l0: x] removes t0`` (each step renders itself)."""
        return "\n".join(step.describe() for step in self.steps)


@dataclass(frozen=True, slots=True)
class Obligation:
    """``premises => goal`` over the integers, with a human-readable description."""

    premises: tuple[LinearConstraint, ...]
    goal: LinearConstraint
    transition: str
    description: str


def strict_goals(step: RankingStep, transition: Transition) -> list[tuple[LinearExpr, str]]:
    """The expressions that must be ``>= 0`` for a strict (removed) transition."""
    source, target = transition.source, transition.target
    goals: list[tuple[LinearExpr, str]] = []
    previous: LinearExpr | None = None
    for index, phase in enumerate(step.phases, start=1):
        decrease = phase.at(source) - phase.after(target) - 1
        if previous is not None:
            decrease = decrease + previous
            goals.append((decrease, f"phase {index} decreases by 1 once phase {index - 1} <= 0"))
        else:
            goals.append((decrease, "phase 1 decreases by at least 1"))
        previous = phase.at(source)
    goals.append((step.phases[-1].at(source), f"phase {step.depth} is bounded from below by 0"))
    return goals


def weak_goals(step: RankingStep, transition: Transition) -> list[tuple[LinearExpr, str]]:
    """The expressions that must be ``>= 0`` for a kept transition inside the step's locations."""
    return [
        (
            phase.at(transition.source) - phase.after(transition.target),
            f"phase {index} does not increase",
        )
        for index, phase in enumerate(step.phases, start=1)
    ]


def ranking_obligations(step: RankingStep, transitions: Iterable[Transition]) -> list[Obligation]:
    """Obligations of ``step`` for the given current transitions (those inside its locations)."""
    inside = set(step.locations)
    removed = set(step.removed)
    obligations: list[Obligation] = []
    for transition in transitions:
        if transition.source not in inside or transition.target not in inside:
            continue
        goals = (
            strict_goals(step, transition)
            if transition.name in removed
            else weak_goals(step, transition)
        )
        for expr, description in goals:
            obligations.append(
                Obligation(transition.guard, ge(expr, const(0)), transition.name, description)
            )
    return obligations


def runs_inside(
    locations: Iterable[str], transitions: Iterable[Transition], length: int, limit: int
) -> list[tuple[Transition, ...]] | None:
    """Every sequence of ``length`` consecutive ``transitions`` with both ends in ``locations``
    (target of each = source of the next); None when there are more than ``limit``."""
    inside = set(locations)
    usable = [t for t in transitions if t.source in inside and t.target in inside]
    runs: list[tuple[Transition, ...]] = [(t,) for t in usable]
    for _ in range(length - 1):
        runs = [run + (t,) for run in runs for t in usable if t.source == run[-1].target]
        if len(runs) > limit:
            return None
    return runs if len(runs) <= limit else None


def compose_run(
    run: Sequence[Transition], variables: Iterable[str]
) -> tuple[LinearConstraint, ...]:
    """The conjunction of the guards of ``run`` taken one after the other: at position ``i``
    the ITS variable ``x`` becomes ``x@i`` and ``x'`` becomes ``x@(i+1)``; every other
    (auxiliary) name ``a`` becomes ``a@t<i>`` (existential per step).  The renaming is
    injective: the text after the last ``@`` (digits, or ``t`` and digits) gives the position
    and the kind, the text before it the original name."""
    program = set(variables)
    composed: list[LinearConstraint] = []
    for position, transition in enumerate(run):
        renaming: dict[str, str] = {}
        for name in transition.variables():
            if name in program:
                renaming[name] = f"{name}@{position}"
            elif is_primed(name) and unprimed(name) in program:
                renaming[name] = f"{unprimed(name)}@{position + 1}"
            else:
                renaming[name] = f"{name}@t{position}"
        composed.extend(constraint.rename(renaming) for constraint in transition.guard)
    return tuple(composed)
