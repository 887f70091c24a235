"""The concrete interpreter over seg's evaluator, and the check that the Symbolic Execution
Graph simulates its runs (seed 000 §2 "every concrete evaluation is represented by a path
of the termination graph"; thesis §1.8, Thm. 1.36; issue 3 item 10).

Concrete runs
-------------
A concrete state is an abstract state whose values are singletons (thesis Def. 1.6,
:mod:`jhalt.domains.concrete`). :func:`run_concrete` runs an entry by calling the *same*
single-step function the graph builder uses (:func:`jhalt.seg.evaluate.evaluate`) on such
states, through the one stepper (:class:`jhalt.seg.stepper.Walk`) with a step limit, and
returns the trace of states and edge labels (:class:`ConcreteRun`). ``main(String[])`` gets
a concrete array of concrete strings; as strings are represented by their length only
(:mod:`jhalt.domains.strings`), an input is a list of lengths (or of strings, whose lengths
are taken).

Where the evaluator's models do not know a value (a character of a string, an unknown
library call, an array entry it does not represent) the successor is no longer fully
concrete and a later step may answer with a refinement that has several cases. Every such
non-determinism is resolved by the run's chooser (:class:`FeasibleChooser`): a seeded
random choice of one *feasible* case (:func:`jhalt.seg.stepper.feasible_cases`) — one that
contains the current state (:func:`jhalt.domains.instance.check_instance`) or, when the
current state is abstract at the refined references, one whose intersection with it is not
provably empty (:func:`jhalt.domains.intersection.intersect`). A feasible choice keeps the
run a possible run of the abstract semantics the graph was built from, and, where the
models are exact, a real JVM run; each choice with more than one feasible case is recorded
(:attr:`ConcreteRun.choices`) so that callers comparing with a real JVM can tell exact runs
from guessed ones. Integers are mathematical, as in the evaluator (competition semantics).

The check that the graph simulates these runs is :mod:`jhalt.seg.simulation`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from jhalt.domains.state import AbstractState
from jhalt.domains.strings import string_instance
from jhalt.domains.values import (
    NULL,
    ArrayValue,
    IntValue,
    value_type_name,
)
from jhalt.ids import MethodId
from jhalt.program import Program
from jhalt.seg.context import EvalContext, EvalOptions, Split
from jhalt.seg.entry import entry_state, is_main
from jhalt.seg.graph import RETURN
from jhalt.seg.library import ModelRegistry
from jhalt.seg.stepper import (
    Blocked,
    Decline,
    Declined,
    Ended,
    OutOfSteps,
    TraceStep,
    Walk,
    feasible_cases,
)

MainInput = Sequence[int | str]
"""The arguments of ``main``: one entry per string, its length or the string itself."""

STEP_LIMIT = "step-limit"
STUCK = "stuck"
NO_FEASIBLE_CASE = "no-feasible-case"


# ---------------------------------------------------------------- concrete runs
@dataclass(frozen=True)
class Choice:
    """A refinement resolved by the random choice: at trace step ``step`` (1-based index
    of the state it produced), case ``chosen`` of the ``feasible`` case indices."""

    step: int
    refinement: str
    chosen: int
    feasible: tuple[int, ...]
    case: str


@dataclass(frozen=True)
class ConcreteRun:
    """A run of ``entry``: ``initial`` then one state per step.

    ``outcome`` is ``"return"``, ``"exception"`` (uncaught; :attr:`exception_class`),
    :data:`STEP_LIMIT`, :data:`STUCK` (the evaluator could not go on; ``reason``) or
    :data:`NO_FEASIBLE_CASE` (a refinement none of whose cases fits the state — a
    soundness bug of the refinement; ``reason``)."""

    entry: MethodId
    initial: AbstractState
    steps: tuple[TraceStep, ...]
    outcome: str
    exception_class: str | None = None
    reason: str = ""
    choices: tuple[Choice, ...] = ()

    @property
    def states(self) -> tuple[AbstractState, ...]:
        return (self.initial,) + tuple(step.state for step in self.steps)

    @property
    def is_exact(self) -> bool:
        """True when no step needed a choice between several feasible cases."""
        return not self.choices

    @property
    def final(self) -> AbstractState:
        return self.steps[-1].state if self.steps else self.initial

    def describe(self) -> str:
        text = f"{self.entry}: {self.outcome}"
        if self.exception_class:
            text += f" {self.exception_class}"
        if self.reason:
            text += f" ({self.reason})"
        return text + f" after {len(self.steps)} steps, {len(self.choices)} choices"


def concrete_main_state(ctx: EvalContext, entry: MethodId, arguments: MainInput) -> AbstractState:
    """The initial state of ``main(String[])`` on concrete ``arguments``: the evaluator's
    entry state (:func:`jhalt.seg.entry.entry_state`, so class initialisation is started
    the same way) with its unknown argument array replaced by a concrete array of strings
    of the given lengths."""
    if not is_main(entry):
        raise ValueError(f"{entry} is not main(String[])")
    state = entry_state(ctx, entry)
    main_frame = state.frames[-1]
    array = main_frame.locals[0]
    old = state.heap.get(array) if array is not None else None
    if array is None or not isinstance(old, ArrayValue):
        raise ValueError(f"the entry state of {entry} has no argument array")
    entries = []
    for argument in arguments:
        length = (
            len(argument.encode("utf-16-le")) // 2 if isinstance(argument, str) else int(argument)
        )
        if length < 0:
            raise ValueError(f"a string length must be >= 0, got {length}")
        length_ref = ctx.fresh("i")
        string_ref = ctx.fresh("o")
        state = state.with_value(length_ref, IntValue.const(length, "I"))
        state = state.with_value(string_ref, string_instance(length_ref))
        entries.append(string_ref)
    count = ctx.fresh("i")
    state = state.with_value(count, IntValue.const(len(entries), "I"))
    state = state.with_value(array, ArrayValue(old.array_type, count, tuple(entries)))
    return state.garbage_collected()


RandomPick = Callable[[random.Random, Sequence[int]], int]
"""Picks one of the feasible case indices (default: uniformly at random)."""


def _uniform(rng: random.Random, feasible: Sequence[int]) -> int:
    return rng.choice(list(feasible))


class FeasibleChooser:
    """The chooser of a concrete run (:class:`jhalt.seg.stepper.Chooser`): a feasible case
    (:func:`jhalt.seg.stepper.feasible_cases`); among several, ``pick``'s seeded choice,
    recorded in :attr:`choices`. No feasible case declines (a soundness bug of the
    refinement; module docstring)."""

    def __init__(self, ctx: EvalContext, rng: random.Random, pick: RandomPick = _uniform) -> None:
        self.ctx = ctx
        self.rng = rng
        self.pick = pick
        self.choices: list[Choice] = []

    def __call__(self, state: AbstractState, split: Split, steps: int) -> int | Decline:
        feasible = feasible_cases(self.ctx, state, split)
        if not feasible:
            cases = ", ".join(f"[{label.case}]" for label, _ in split.cases)
            refinement = split.cases[0][0].refinement
            return Decline(f"no case of the {refinement} refinement {cases} fits the state")
        if len(feasible) == 1:
            return feasible[0]
        index = self.pick(self.rng, feasible)
        label = split.cases[index][0]
        self.choices.append(Choice(steps + 1, label.refinement, index, tuple(feasible), label.case))
        return index


def run_concrete(
    program: Program,
    entry: MethodId,
    arguments: MainInput = (),
    registry: ModelRegistry | None = None,
    seed: int = 0,
    max_steps: int = 5_000,
    options: EvalOptions | None = None,
    initial: AbstractState | None = None,
    chooser: RandomPick = _uniform,
) -> ConcreteRun:
    """Run ``entry`` on ``arguments`` (``main``) or from ``initial`` (any entry; it should
    be concrete) for at most ``max_steps`` steps (module docstring) with
    :class:`FeasibleChooser` (``chooser`` picks among several feasible cases). The
    evaluation context is a fresh one, so the run shares no names with any graph."""
    ctx = EvalContext(program, registry or ModelRegistry(), options=options or EvalOptions())
    if initial is None:
        initial = concrete_main_state(ctx, entry, arguments)
    cases = FeasibleChooser(ctx, random.Random(seed), chooser)
    walk: Walk[object] = Walk(ctx, initial, cases, max_steps=max_steps)
    steps = tuple(walk)
    outcome = walk.outcome
    choices = tuple(cases.choices)
    if isinstance(outcome, (Ended, OutOfSteps)) and not outcome.state.frames:
        return _finished(entry, initial, steps, choices, outcome.state)
    if isinstance(outcome, Blocked):
        reason = outcome.reason if outcome.error is None else f"internal error: {outcome.reason}"
        return ConcreteRun(entry, initial, steps, STUCK, None, reason, choices)
    if isinstance(outcome, Declined):
        return ConcreteRun(entry, initial, steps, NO_FEASIBLE_CASE, None, outcome.reason, choices)
    assert isinstance(outcome, OutOfSteps)
    return ConcreteRun(entry, initial, steps, STEP_LIMIT, None, f"{max_steps} steps", choices)


def _finished(
    entry: MethodId,
    initial: AbstractState,
    steps: tuple[TraceStep, ...],
    choices: tuple[Choice, ...],
    state: AbstractState,
) -> ConcreteRun:
    if state.exception is None:
        return ConcreteRun(entry, initial, steps, RETURN, None, "", choices)
    value = state.heap.get(state.exception) if state.exception != NULL else None
    exception_class = value_type_name(value) if value is not None else "null"
    return ConcreteRun(entry, initial, steps, "exception", exception_class, "", choices)


__all__ = [
    "Choice",
    "ConcreteRun",
    "FeasibleChooser",
    "NO_FEASIBLE_CASE",
    "STEP_LIMIT",
    "STUCK",
    "TraceStep",
    "concrete_main_state",
    "feasible_cases",
    "run_concrete",
]
