"""From the outcomes of a call to the evaluator's result (seed 000 §2.2, thesis §1.6.5).

A library model — and the summary of a recursive call (:mod:`.recursion`) — describes a
call by its outcomes (:mod:`jhalt.seg.library`): it returns, throws, refines its
arguments, or is unsupported. :func:`apply_outcomes` turns them into graph edges: a
refinement becomes a :class:`~jhalt.seg.context.Split` over the refined states; several
outcomes become a ``library`` split whose cases carry the chosen outcome in the state's
``split`` marker (:func:`outcome_choice`; ``outcome`` for a library model — a virtual call
on an unknown receiver in such a case goes to the library again — ``summary`` for a
recursive call), and the chosen case, evaluated again, becomes
one evaluation step — the returned value pushed, the exception created and thrown, or (an
:class:`~jhalt.seg.library.Exits`) the program ended: no frames, no exception.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from jhalt.bytecode import Instruction
from jhalt.domains.state import AbstractState
from jhalt.domains.values import Ref
from jhalt.ids import MethodId
from jhalt.seg.context import EvalContext, Split, StepResult, Stuck
from jhalt.seg.evaluate.common import advance, create_exception, split_choice, step
from jhalt.seg.labels import RefineEdge
from jhalt.seg.library import Exits, Outcome, Refines, Returns, Throws, Unsupported


def apply_outcomes(
    ctx: EvalContext,
    state: AbstractState,
    ins: Instruction,
    target: MethodId,
    arguments: tuple[Ref, ...],
    outcomes: Sequence[Outcome],
    marker: str = "outcome",
) -> StepResult:
    """The evaluator's result for a call of ``target`` at ``ins`` that has ``outcomes``
    (non-empty; module docstring); ``marker`` tags the cases of the split (``outcome`` for
    a library model, ``summary`` for a recursive call's summary)."""
    first = outcomes[0]
    if isinstance(first, Unsupported):
        return Stuck(first.reason)
    if isinstance(first, Refines):
        cases = tuple(
            (
                RefineEdge(
                    first.refinement, first.refs, first.cases[k] if k < len(first.cases) else ""
                ),
                s,
            )
            for k, s in enumerate(first.states)
        )
        return Split(cases)
    choice = outcome_choice(state, marker)
    if len(outcomes) > 1 and choice is None:
        return Split(
            tuple(
                (
                    RefineEdge("library", arguments, _describe(outcome)),
                    state.with_split((state.position, marker, k)),
                )
                for k, outcome in enumerate(outcomes)
            )
        )
    outcome = outcomes[choice or 0]
    if isinstance(outcome, Returns):
        successor = outcome.state
        if outcome.result is not None:
            successor = successor.push(outcome.result)
        return step(state, ins, advance(successor, ins), outcome.constraints, outcome.assumptions)
    if isinstance(outcome, Exits):
        ended = dataclasses.replace(outcome.state.with_split(None), frames=(), exception=None)
        return step(state, ins, ended.garbage_collected(), (), outcome.assumptions)
    if isinstance(outcome, Throws):
        thrown = create_exception(
            ctx, outcome.state.with_split(None), outcome.exception_class, outcome.exact
        )
        return step(state, ins, thrown, outcome.constraints, outcome.assumptions)
    return Stuck(f"the model of {target} returned {type(outcome).__name__} among several outcomes")


def outcome_choice(state: AbstractState, marker: str = "outcome") -> int | None:
    """The outcome chosen for the call at ``state``'s position (a case of the split tagged
    ``marker``), None when none was chosen yet."""
    choice = split_choice(state, marker)
    return choice if isinstance(choice, int) else None


def _describe(outcome: object) -> str:
    if isinstance(outcome, Returns):
        return "returns"
    if isinstance(outcome, Exits):
        return "exits"
    if isinstance(outcome, Throws):
        return f"throws {outcome.exception_class.replace('/', '.')}"
    return type(outcome).__name__
