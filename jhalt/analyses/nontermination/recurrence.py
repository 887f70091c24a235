"""Forward symbolic evaluation for non-termination: the closure check of a candidate state
and deterministic (concrete) runs from the entry (seed 000 §4.1, Thm 7; §3 for witnesses).

**The soundness rule of every non-termination proof in jhalt** (issue 5 item 4):

    A proof may only rely on *exact* steps. An evaluation edge that carries an assumption
    (an unknown library call), a ``havoc`` relation (an operation not modelled exactly) or
    a ``float`` relation (a floating-point value) makes the prover refuse; so does a stuck
    state, an internal error, a program end, or an exhausted budget. Refusal means MAYBE
    with the reason — never NO.

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
The run stops at the first multi-case split ("not deterministic").
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from jhalt.domains.instance import check_instance
from jhalt.domains.state import AbstractState
from jhalt.ids import ProgramPosition
from jhalt.seg.context import EvalContext, Split, Step, Stuck
from jhalt.seg.evaluate import evaluate
from jhalt.seg.labels import EdgeLabel, EvalEdge

InexactOps = frozenset({"havoc", "float"})

Key = tuple[tuple[ProgramPosition, ...], tuple[object, ...]]
T = TypeVar("T")


def state_key(state: AbstractState) -> Key:
    """Call-stack positions and class initialisation: states comparable by ``⊑``."""
    return tuple(frame.position for frame in state.frames), state.class_init


def inexact_reason(label: EdgeLabel) -> str | None:
    """Why an edge is not exact (module docstring, the soundness rule), or None."""
    if isinstance(label, EvalEdge):
        if label.assumptions:
            return f"{label.position}: relies on an over-approximation ({'; '.join(label.assumptions)})"
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
    """The successors the graph builder would draw (garbage-collected after a step)."""
    try:
        result = evaluate(ctx, state)
    except Exception as error:
        return Refused(f"internal error at {state.position}: {type(error).__name__}: {error}")
    if isinstance(result, Stuck):
        return Refused(f"{state.position}: {result.reason}")
    if isinstance(result, Step):
        successor = result.state
        if successor.frames:
            successor = successor.garbage_collected()
        return [(result.label, successor)]
    assert isinstance(result, Split)
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
    called on every comparable state and stops the run with its answer when not None."""
    state = start
    for step in range(max_steps):
        if deadline is not None and step % 64 == 0 and time.monotonic() > deadline:
            return RunOutcome(None, "budget", "out of time", step)
        if not state.frames:
            return RunOutcome(None, "ended", "the program ends", step)
        if _comparable(state):
            answer = observe(state, step)
            if answer is not None:
                return RunOutcome(answer, "found", "", step)
        found = successors(ctx, state)
        if isinstance(found, Refused):
            return RunOutcome(None, "stuck", found.reason, step)
        if len(found) != 1:
            return RunOutcome(
                None, "not deterministic", f"{state.position}: {len(found)} cases", step
            )
        label, state = found[0]
        problem = inexact_reason(label)
        if problem:
            return RunOutcome(None, "inexact", problem, step)
    return RunOutcome(None, "budget", f"more than {max_steps} steps", max_steps)
