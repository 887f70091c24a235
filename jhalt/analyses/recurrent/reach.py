"""Witnesses from a recurrent set: inputs of the entry whose run reaches the set at the loop
head (issue 17 item 2, "reachable"; seed 002 §5 leaves reachability open, jhalt closes it
with the witness search of seed 000 §3).

For each abstract state of the set in turn, `jhalt.witness.search.backward.find_witness`
looks for a path from the entry to the loop head whose facts, together with the state's
bounds over the head's references at the end of the path (``constraints``), have a model
(and last without these bounds: a run that enters the set only after more iterations than
the search unrolls);
the model becomes concrete inputs, and the forward check runs them until the run is at the
head's program positions with integer values inside the set (the goal: the concrete state
is an instance of the head's state and its values satisfy one of the set's octagons). A
witness is only returned when that run confirmed it (``reached``). Further *samples* avoid
the head values of the witnesses found before, on the set's first variable that is not a
constant.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from jhalt.analyses.recurrent.sets import CheckedSet
from jhalt.domains.instance import check_instance
from jhalt.domains.state import AbstractState
from jhalt.domains.values import IntValue
from jhalt.its.octagon import Form, Octagon
from jhalt.its.terms import App, Atom, Lit, Term, Var
from jhalt.program import Program
from jhalt.seg.context import EvalContext, EvalOptions
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.library import ModelRegistry
from jhalt.smt.witness_solver import PathFormula, variable_sort
from jhalt.witness.inputs import ConcreteInputs
from jhalt.witness.search.backward import (
    Constraints,
    Goal,
    GraphWitness,
    WitnessLimits,
    find_witness,
)


@dataclass(frozen=True)
class Reached:
    """Inputs whose run reaches the set, and the head values it reaches it with."""

    inputs: ConcreteInputs
    values: dict[str, int]
    path: tuple[int, ...]


def head_values(
    current: AbstractState, head: AbstractState, ctx: EvalContext
) -> dict[str, int] | None:
    """The head's integer references' values in ``current`` when it is a concrete instance
    of ``head`` at the same positions, else None. A pseudo static (the count of standard
    input left, `jhalt.models.remaining_input`, which no run makes exact) takes its least
    value: the witness's input ends after the reads it records, so nothing is left there."""
    if tuple(f.position for f in current.frames) != tuple(f.position for f in head.frames):
        return None
    check = check_instance(current, head, ctx.hierarchy)
    if not check:
        return None
    ghosts = {r for f, r in head.static_fields if f.is_pseudo}
    values: dict[str, int] = {}
    for general, instance in check.renaming.items():
        value = current.heap.get(instance)
        if isinstance(value, IntValue) and value.interval.is_singleton:
            values[general] = value.interval.value
        elif general in ghosts and isinstance(value, IntValue) and value.interval.lo is not None:
            values[general] = value.interval.lo
    return values


def _goal(
    found: CheckedSet, head: AbstractState, seen: dict[str, dict[str, int]]
) -> Callable[[EvalContext], Goal]:
    """Reached at the head with values inside the set (module docstring); the values are
    kept in ``seen["values"]``."""

    def factory(ctx: EvalContext) -> Goal:
        def goal(previous: AbstractState | None, current: AbstractState) -> bool | None:
            del previous
            values = head_values(current, head, ctx)
            if values is None:
                return None
            names = found.head.loop.names
            if not all(name in values for name in names):
                return None
            if any(state.contains(values) for state in found.states):
                seen["values"] = {name: values[name] for name in names}
                return True
            return None

        return goal

    return factory


def _form_term(form: Form, env: dict[str, str], sorts: dict[str, str]) -> Term | None:
    terms: list[Term] = []
    for name, sign in form:
        if name not in env:
            return None
        var = Var(env[name], variable_sort(sorts, env[name]))
        terms.append(var if sign > 0 else App("neg", (var,), var.sort))
    return terms[0] if len(terms) == 1 else App("add", (terms[0], terms[1]), terms[0].sort)


def _constraints(
    state: Octagon, avoid: list[dict[str, int]], varying: str | None
) -> Callable[[dict[str, str]], list[PathFormula]]:
    def constraints(env: dict[str, str]) -> list[PathFormula]:
        sorts: dict[str, str] = {}
        formulas: list[PathFormula] = []
        for form, bound in state.bounds:
            term = _form_term(form, env, sorts)
            if term is not None:
                operands = tuple(env[name] for name, _ in form)
                formulas.append((operands, Atom("le", term, Lit(bound, term.sort))))
        if varying is not None and varying in env:
            for point in avoid:
                formulas.append(
                    ((env[varying],), Atom("ne", Var(env[varying]), Lit(point[varying])))
                )
        return formulas

    return constraints


def reach_set(
    graph: SymbolicExecutionGraph,
    found: CheckedSet,
    program: Program,
    registry: ModelRegistry,
    limits: WitnessLimits,
    avoid: list[dict[str, int]] | None = None,
) -> Reached | str:
    """A confirmed witness into ``found`` (module docstring), or why there is none."""
    avoid = avoid or []
    head = graph.states[found.head.head]
    varying = next(
        (
            name
            for name in found.head.loop.names
            if any(
                state.value(name) is None and name in state.variables() for state in found.states
            )
        ),
        None,
    )
    reasons: list[str] = []
    attempts: list[Constraints | None] = [_constraints(s, avoid, varying) for s in found.states]
    if not avoid:
        attempts.append(None)  # the goal alone: a run that gets into the set later
    for constraints in attempts:
        if limits.deadline.expired():
            reasons.append("out of time")
            break
        seen: dict[str, dict[str, int]] = {}
        # the forward check enters a recursive call as the graph does (a new call context,
        # the caller's frames dropped): the head of a recursion is such a context
        answer = find_witness(
            graph, found.head.head, program, registry=registry,
            options=EvalOptions(abstract_recursion=True),
            goal=_goal(found, head, seen), limits=limits, constraints=constraints,
        )  # fmt: skip
        if isinstance(answer, GraphWitness) and answer.reached and "values" in seen:
            return Reached(answer.inputs, seen["values"], answer.path)
        reasons.append(answer.check if isinstance(answer, GraphWitness) else answer.reason)
    return "no witness reaches the set: " + "; ".join(reasons[:2])
