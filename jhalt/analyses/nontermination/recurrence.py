"""Forward symbolic evaluation for non-termination: the closure check of a candidate state
and deterministic (concrete) runs from the entry (seed 000 §4.1, Thm 7; §3 for witnesses).

**The soundness rule of every non-termination proof in jhalt** (issue 5 item 4):

    A proof may only rely on *exact* steps. An evaluation edge that carries an assumption
    (an unknown library call), a ``havoc`` relation (an operation not modelled exactly) or
    a ``float`` relation (a floating-point value) makes the prover refuse; so does a stuck
    state, an internal error, a program end, or an exhausted budget. Refusal means MAYBE
    with the reason — never NO. One exception: a witness run that feeds every read of
    the environment a concrete value (`input_feed`) passes the reading models' own
    assumptions (`jhalt.seg.environment.INPUT_ASSUMPTIONS`: the read terminates, changes
    nothing else, the input fits) — they describe the one value the witness records,
    which the replay then feeds to the unmodified program.

Closure check (:func:`check_recurrent`). The symbolic evaluator over-approximates: every
concrete successor of a concrete state represented by ``s`` is represented by one of the
successors it returns (one for an evaluation edge, all cases of a refinement together).
So if, starting from a candidate ``v`` and following *every* successor, each path
returns after at least one evaluation step to a state at the same program positions that
is an instance of ``v`` (``v' ⊑ v``), and no path ends, then every concrete state
represented by ``v`` runs forever: ``v`` is a recurrent set. This is Thm 7 with the full
instance relation; the ``⊑_Π`` relaxation of Thm 7 is obtained by generalising ``v`` at
the positions that are not interesting before the check (:mod:`.prover`), so the check
itself never relies on Def. 6 being right.

Deterministic runs (:func:`run_deterministic`). From a state whose evaluation never
splits into more than one case (concrete inputs), each step has one successor, which
represents the concrete successor. A run observed to reach a state ``c`` therefore shows
that the concrete input reaches a state represented by ``c`` (a witness, seed 000 §3).
The run stops at the first multi-case split ("not deterministic"): it is the one stepper's
run (:class:`jhalt.seg.stepper.Walk`) with :func:`jhalt.seg.stepper.only_case` as its
chooser. The closure check follows every case of every split, so it is no single run; it
takes its steps from the same :func:`jhalt.seg.stepper.step_once`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from jhalt.domains.instance import check_instance
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, IntValue, value_type_name
from jhalt.ids import ProgramPosition
from jhalt.seg.context import EvalContext, Step, Stuck
from jhalt.seg.environment import INPUT_ASSUMPTIONS
from jhalt.seg.evaluate.recursion import is_summary_assumption
from jhalt.seg.labels import EdgeLabel, EvalEdge
from jhalt.seg.stepper import (
    Blocked,
    Declined,
    Ended,
    Failed,
    Outcome,
    Stopped,
    Walk,
    only_case,
    step_once,
)

InexactOps = frozenset({"havoc", "float"})

Key = tuple[tuple[ProgramPosition, ...], tuple[object, ...]]
T = TypeVar("T")


def state_key(state: AbstractState) -> Key:
    """Call-stack positions and class initialisation: states comparable by ``⊑``."""
    return tuple(frame.position for frame in state.frames), state.class_init


def state_signature(state: AbstractState) -> tuple[object, ...]:
    """`state_key` and, per position, the interval of an integer or the type of an object:
    the key under which a run keeps its head states to look up exact repeats."""
    parts: list[object] = [state_key(state)]
    for position, reference in state.positions():
        value = None if reference == NULL else state.heap.get(reference)
        if value is None:
            parts.append((str(position), "null"))
        elif isinstance(value, IntValue):
            parts.append((str(position), value.interval.lo, value.interval.hi))
        else:
            try:
                parts.append((str(position), value_type_name(value), str(value).split(" ")[0]))
            except TypeError:
                parts.append((str(position), str(value)))
    return tuple(parts)


def inexact_reason(label: EdgeLabel, summary_proved: bool = False, fed: bool = False) -> str | None:
    """Why an edge is not exact (module docstring, the soundness rule), or None.
    ``summary_proved``: the edge is the return case of a recursive call's summary that
    `calls.pass_call` proved exact, so the summary's own assumption is no objection.
    ``fed``: the edge is a step of a witness run that feeds every environment read a
    concrete value (`jhalt.seg.environment.INPUT_ASSUMPTIONS`: the library side of reading
    input is no objection there; the replay of the witness checks it)."""
    if isinstance(label, EvalEdge):
        assumed = [
            a
            for a in label.assumptions
            if not (summary_proved and is_summary_assumption(a))
            and not (fed and a in INPUT_ASSUMPTIONS)
        ]
        if assumed:
            return f"{label.position}: relies on an over-approximation ({'; '.join(assumed)})"
        for relation in label.constraints:
            if relation.op in InexactOps:
                kind = (
                    "a float value"
                    if relation.op == "float"
                    else "an operation not modelled exactly"
                )
                return f"{label.position}: {label.mnemonic} computes {kind} ({relation})"
    return None


@dataclass(frozen=True)
class Refused:
    """No proof; ``reason`` says why. ``exhausted``: a budget (states or time) ran out
    before the check reached an answer."""

    reason: str
    exhausted: bool = False


@dataclass(frozen=True)
class Recurrence:
    """A closure proof: every path from ``state`` returns to an instance of it."""

    state: AbstractState
    positions: frozenset[ProgramPosition]
    states_explored: int
    returns: int


def successors(
    ctx: EvalContext, state: AbstractState
) -> list[tuple[EdgeLabel, AbstractState]] | Refused:
    """The successors the graph builder would draw (garbage-collected after a step): one
    step of the stepper (:func:`jhalt.seg.stepper.step_once`), every case of a split."""
    result = step_once(ctx, state)
    if isinstance(result, Failed):
        return Refused(f"internal error at {state.position}: {result.reason}")
    if isinstance(result, Stuck):
        return Refused(f"{state.position}: {result.reason}")
    if isinstance(result, Step):
        return [(result.label, result.state)]
    return list(result.cases)


def _comparable(state: AbstractState) -> bool:
    return bool(state.frames) and state.split is None and state.exception is None


def check_recurrent(
    ctx: EvalContext,
    candidate: AbstractState,
    max_states: int = 4000,
    deadline: float | None = None,
) -> Recurrence | Refused:
    """The closure check of the module docstring (``deadline``: a ``time.monotonic()``
    value after which it gives up)."""
    target = state_key(candidate)
    todo: list[tuple[AbstractState, bool]] = [(candidate, True)]
    explored = 0
    returns = 0
    positions: set[ProgramPosition] = set()
    while todo:
        state, is_start = todo.pop()
        if not is_start and _comparable(state) and state_key(state) == target:
            if check_instance(state, candidate, ctx.hierarchy):
                returns += 1
                continue
        explored += 1
        if explored > max_states:
            return Refused(f"closure check gave up after {max_states} states", exhausted=True)
        if deadline is not None and time.monotonic() > deadline:
            return Refused("closure check ran out of time", exhausted=True)
        positions.add(state.position)
        found = successors(ctx, state)
        if isinstance(found, Refused):
            return found
        for label, successor in found:
            problem = inexact_reason(label)
            if problem:
                return Refused(problem)
            if not successor.frames:
                return Refused(f"a path from {candidate.position} ends the program")
            todo.append((successor, False))
    return Recurrence(candidate, frozenset(positions), explored, returns)


@dataclass(frozen=True)
class RunOutcome(Generic[T]):
    """How a deterministic run stopped: ``found`` (the observer's answer), or ``stop``
    (``ended``, ``not deterministic``, ``inexact``, ``stuck``, ``budget``) with detail."""

    found: T | None
    stop: str
    detail: str
    steps: int


def run_deterministic(
    ctx: EvalContext,
    start: AbstractState,
    observe: Callable[[AbstractState, int], T | None],
    max_steps: int,
    deadline: float | None = None,
) -> RunOutcome[T]:
    """Run from ``start`` while every step has one successor; ``observe(state, step)`` is
    called on every comparable state and stops the run with its answer when not None.

    The run is the stepper's (:class:`jhalt.seg.stepper.Walk`) with
    :func:`jhalt.seg.stepper.only_case` as its chooser; its stop condition checks the
    deadline (every 64 steps) and then asks ``observe``; every step must be exact."""

    def stop(
        previous: AbstractState | None, state: AbstractState, step: int
    ) -> RunOutcome[T] | None:
        del previous
        if deadline is not None and step % 64 == 0 and time.monotonic() > deadline:
            return RunOutcome(None, "budget", "out of time", step)
        if _comparable(state):
            answer = observe(state, step)
            if answer is not None:
                return RunOutcome(answer, "found", "", step)
        return None

    walk: Walk[RunOutcome[T]] = Walk(ctx, start, only_case, max_steps=max_steps, stop=stop)
    fed = ctx.environment is not None
    for step, taken in enumerate(walk):
        problem = inexact_reason(taken.label, fed=fed)
        if problem:
            return RunOutcome(None, "inexact", problem, step)
    return _run_outcome(walk.outcome, max_steps)


def _run_outcome(outcome: Outcome[RunOutcome[T]] | None, max_steps: int) -> RunOutcome[T]:
    """The :class:`RunOutcome` of a deterministic run that ended by itself."""
    if isinstance(outcome, Stopped):
        return outcome.answer
    if isinstance(outcome, Ended):
        return RunOutcome(None, "ended", "the program ends", outcome.steps)
    if isinstance(outcome, Blocked):
        position = outcome.state.position
        if outcome.error is not None:
            return RunOutcome(
                None, "stuck", f"internal error at {position}: {outcome.reason}", outcome.steps
            )
        return RunOutcome(None, "stuck", f"{position}: {outcome.reason}", outcome.steps)
    if isinstance(outcome, Declined):
        return RunOutcome(None, "not deterministic", outcome.reason, outcome.steps)
    return RunOutcome(None, "budget", f"more than {max_steps} steps", max_steps)
