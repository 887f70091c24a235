"""One driving loop over the symbolic evaluator: a run that follows one successor per step,
with the rule that picks a case of a refinement as a parameter (issue 13 item 1).

Every user of :func:`jhalt.seg.evaluate.evaluate` that follows *one* path — the concrete
interpreter (:mod:`jhalt.seg.concrete_run`), the forward check of a witness
(:mod:`jhalt.witness.search.backward`, seed 000 §3 Thm 5) and the deterministic runs of the
non-termination prover (:mod:`jhalt.analyses.nontermination.recurrence`, seed 000 §4) —
drives the evaluator through :class:`Walk`; they differ only in their :class:`Chooser`
(which case of a :class:`~jhalt.seg.context.Split` to follow, or :class:`Decline`), their
stop condition and their step limit.

One step (:func:`step_once`) is one call of the evaluator on a state that is not a program
end: a :class:`~jhalt.seg.context.Step` whose successor is garbage-collected when it has
frames (as the graph builder does), a :class:`~jhalt.seg.context.Split` as the evaluator
returned it (a recursive :class:`~jhalt.seg.context.Call` of a context with
``abstract_recursion`` is the Step into the callee's call context), a
:class:`~jhalt.seg.context.Stuck`, or :class:`Failed` when the evaluator
raised (an internal error; the run does not crash).

A run (:class:`Walk`) visits states ``s0 = start, s1, …``; at the state ``sk`` reached after
``k`` evaluations it checks, in this order:

1. the limit: ``k == max_steps`` ends the run with :class:`OutOfSteps` (``sk`` is not
   inspected; it may be a program end);
2. the stop condition ``stop(s(k-1), sk, k)`` (``None`` for ``s(k-1)`` at the start): an
   answer other than ``None`` ends the run with :class:`Stopped` — it is asked on program
   ends too, so a goal may accept an end state;
3. a program end (no frames) ends the run with :class:`Ended`;
4. otherwise one step: Stuck or Failed ends the run with :class:`Blocked`; a Split is
   handed to the chooser, whose :class:`Decline` ends the run with :class:`Declined`;
   the chosen case (garbage-collected when ``collect_cases``) or the Step's successor is
   yielded as a :class:`TraceStep` and becomes ``s(k+1)``.

Iterating a :class:`Walk` yields the trace; :attr:`Walk.outcome` is set when the iteration
has ended by itself (a consumer may also stop reading at any step).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from jhalt.domains.instance import check_instance
from jhalt.domains.intersection import IntersectionFailure, intersect
from jhalt.domains.state import AbstractState
from jhalt.errors import MalformedCodeError
from jhalt.seg.context import Call, EvalContext, Split, Step, Stuck
from jhalt.seg.evaluate import evaluate
from jhalt.seg.labels import EvalEdge, RefineEdge

T = TypeVar("T")

TraceLabel = EvalEdge | RefineEdge


@dataclass(frozen=True)
class TraceStep:
    """One step of a run: the edge label and the state it leads to."""

    label: TraceLabel
    state: AbstractState


# ---------------------------------------------------------------- one step
@dataclass(frozen=True)
class Failed:
    """The evaluator raised ``error`` (an internal error, not a property of the program)."""

    error: Exception

    @property
    def reason(self) -> str:
        return f"{type(self.error).__name__}: {self.error}"


def step_once(ctx: EvalContext, state: AbstractState) -> Step | Split | Stuck | Failed:
    """One evaluation of ``state`` (which must have frames), as the graph builder draws it:
    a Step's successor is garbage-collected when it has frames; an exception of the
    evaluator becomes :class:`Failed` (module docstring)."""
    try:
        result = evaluate(ctx, state)
    except MalformedCodeError:
        raise  # corrupt input (exit 2), not a failure of this run
    except Exception as error:
        return Failed(error)
    if isinstance(result, Call):
        # with EvalOptions.abstract_recursion a walk enters the callee as the graph does:
        # the caller's frames are dropped, and a walk that returns to them ends there
        return Step(result.enter.label, result.enter.state.garbage_collected())
    if isinstance(result, Step) and result.state.frames:
        return Step(result.label, result.state.garbage_collected())
    return result


# ---------------------------------------------------------------- choosing a case
@dataclass(frozen=True)
class Decline:
    """A chooser's answer that no case is followed; ``reason`` says why."""

    reason: str


class Chooser(Protocol):
    """The case-choosing rule of a run: the index of the case of ``split`` to follow from
    ``state`` (reached after ``steps`` evaluations), or :class:`Decline`."""

    def __call__(self, state: AbstractState, split: Split, steps: int) -> int | Decline: ...


def only_case(state: AbstractState, split: Split, steps: int) -> int | Decline:
    """The chooser of a deterministic run: the single case of a one-case split; a split
    into several (or no) cases is declined with ``"<position>: <n> cases"``."""
    del steps
    if len(split.cases) == 1:
        return 0
    return Decline(f"{state.position}: {len(split.cases)} cases")


def feasible_cases(ctx: EvalContext, state: AbstractState, split: Split) -> list[int]:
    """Indices of the cases of ``split`` a run may take from ``state``: those that contain
    ``state`` (:func:`jhalt.domains.instance.check_instance`); if none does, those whose
    intersection with ``state`` is not provably empty
    (:func:`jhalt.domains.intersection.intersect`; an intersection that cannot be computed
    counts as not provably empty). For a concrete state these are the cases the JVM may
    take, so following one keeps the run a possible run of the abstract semantics."""
    hierarchy = ctx.hierarchy
    containing = [
        k for k, (_, case) in enumerate(split.cases) if check_instance(state, case, hierarchy)
    ]
    if containing:
        return containing
    possible = []
    for k, (_, case) in enumerate(split.cases):
        try:
            meet = intersect(state, case, hierarchy)
        except (ValueError, AssertionError, KeyError):
            possible.append(k)
            continue
        if not (isinstance(meet, IntersectionFailure) and meet.empty):
            possible.append(k)
    return possible


# ---------------------------------------------------------------- how a run ends
@dataclass(frozen=True)
class Ended:
    """The run reached a program end (``state`` has no frames)."""

    state: AbstractState
    steps: int


@dataclass(frozen=True)
class Stopped(Generic[T]):
    """The stop condition answered ``answer`` at ``state``."""

    answer: T
    state: AbstractState
    steps: int


@dataclass(frozen=True)
class Blocked:
    """The evaluator could not go on from ``state``: it answered Stuck with ``reason``, or
    raised ``error`` (then ``reason`` is the error's type and message)."""

    state: AbstractState
    steps: int
    reason: str
    error: Exception | None = None


@dataclass(frozen=True)
class Declined:
    """The chooser followed no case of ``split`` at ``state``; ``reason`` is its answer's."""

    state: AbstractState
    steps: int
    split: Split
    reason: str


@dataclass(frozen=True)
class OutOfSteps:
    """``steps`` (the step limit) evaluations were done; ``state`` is the last state."""

    state: AbstractState
    steps: int


Outcome = Ended | Stopped[T] | Blocked | Declined | OutOfSteps

StopCondition = Callable[[AbstractState | None, AbstractState, int], T | None]
"""``stop(previous, state, steps)``: an answer ends the run; None lets it go on."""


# ---------------------------------------------------------------- the run
class Walk(Generic[T]):
    """A run from ``start`` (module docstring): iterate it for the trace, then read
    :attr:`outcome`, or call :meth:`finish`."""

    def __init__(
        self,
        ctx: EvalContext,
        start: AbstractState,
        chooser: Chooser,
        *,
        max_steps: int,
        stop: StopCondition[T] | None = None,
        collect_cases: bool = False,
    ) -> None:
        self.ctx = ctx
        self.start = start
        self.chooser = chooser
        self.max_steps = max_steps
        self.stop = stop
        self.collect_cases = collect_cases
        """Garbage-collect the chosen case of a split too (a Step's successor always is)."""
        self.outcome: Outcome[T] | None = None
        """How the run ended; None until the iteration has ended by itself."""

    def __iter__(self) -> Iterator[TraceStep]:
        previous: AbstractState | None = None
        state = self.start
        steps = 0
        while True:
            ending = self._ending(previous, state, steps)
            if ending is not None:
                self.outcome = ending
                return
            following = self._advance(state, steps)
            if not isinstance(following, TraceStep):
                self.outcome = following
                return
            steps += 1
            yield following
            previous, state = state, following.state

    def finish(self) -> Outcome[T]:
        """Run to the end without keeping the trace; the outcome."""
        for _ in self:
            pass
        assert self.outcome is not None
        return self.outcome

    def _ending(
        self, previous: AbstractState | None, state: AbstractState, steps: int
    ) -> Outcome[T] | None:
        """Checks 1-3 of the module docstring at ``state``."""
        if steps >= self.max_steps:
            return OutOfSteps(state, steps)
        if self.stop is not None:
            answer = self.stop(previous, state, steps)
            if answer is not None:
                return Stopped(answer, state, steps)
        if not state.frames:
            return Ended(state, steps)
        return None

    def _advance(self, state: AbstractState, steps: int) -> TraceStep | Blocked | Declined:
        """Check 4 of the module docstring: the next step of the trace, or how the run ends."""
        result = step_once(self.ctx, state)
        if isinstance(result, Failed):
            return Blocked(state, steps, result.reason, result.error)
        if isinstance(result, Stuck):
            return Blocked(state, steps, result.reason)
        if isinstance(result, Step):
            return TraceStep(result.label, result.state)
        choice = self.chooser(state, result, steps)
        if isinstance(choice, Decline):
            return Declined(state, steps, result, choice.reason)
        label, case = result.cases[choice]
        if self.collect_cases and case.frames:
            case = case.garbage_collected()
        return TraceStep(label, case)


__all__ = [
    "Blocked",
    "Chooser",
    "Decline",
    "Declined",
    "Ended",
    "Failed",
    "OutOfSteps",
    "Outcome",
    "StopCondition",
    "Stopped",
    "TraceLabel",
    "TraceStep",
    "Walk",
    "feasible_cases",
    "only_case",
    "step_once",
]
