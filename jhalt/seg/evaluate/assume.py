"""``assume(cond)`` of an input class (issue 21, item 2; `jhalt.seg.environment`): a static
``void`` method taking one ``boolean`` (or other integral value) of a class named by
``--inputs`` ends the run when its argument is false (0) and returns otherwise — the contract
of verification stubs such as ``Verifier.assume``. Its body is not analysed (it typically
halts the JVM, which a replay then does too). An argument whose value is not known is refined
first: one case false (the program ends), one case true (the call returns).
"""

from __future__ import annotations

from jhalt.bytecode import Instruction
from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState
from jhalt.domains.values import IntValue, Ref
from jhalt.ids import MethodId
from jhalt.seg.context import EvalContext, StepResult
from jhalt.seg.evaluate.outcomes import apply_outcomes
from jhalt.seg.library import Exits, Outcome, Returns
from jhalt.seg.refine import refine_integer

ASSUME_DESCRIPTOR = "(Z)V"
ASSUMPTION = "assume(false) ends the program"


def is_assume(ctx: EvalContext, target: MethodId, invoke: str) -> bool:
    """Whether a call of ``target`` is an input class's ``assume`` (module docstring)."""
    return (
        invoke == "invokestatic"
        and target.class_name in ctx.options.input_classes
        and target.descriptor == ASSUME_DESCRIPTOR
    )


def _parts(interval: Interval) -> list[tuple[Interval, str, tuple[()]]]:
    """The cases of an integral argument: its negative part, zero, its positive part."""
    parts: list[tuple[Interval, str, tuple[()]]] = []
    if interval.lo is None or interval.lo < 0:
        parts.append((Interval(interval.lo, -1), "true", ()))
    parts.append((Interval.const(0), "false", ()))
    if interval.hi is None or interval.hi > 0:
        parts.append((Interval(1, interval.hi), "true", ()))
    return parts


def evaluate_assume(
    ctx: EvalContext,
    state: AbstractState,
    ins: Instruction,
    target: MethodId,
    arguments: tuple[Ref, ...],
) -> StepResult:
    """``assume(c)`` at ``ins``: the program ends when ``c`` is 0, the call returns when it
    cannot be, else ``c`` is refined first (module docstring)."""
    (condition,) = arguments
    value = state.heap[condition]
    assert isinstance(value, IntValue)
    interval = value.interval
    popped, _ = state.pop(len(arguments))
    if interval.is_singleton and interval.value == 0:
        outcome: Outcome = Exits(popped, (ASSUMPTION,))
        return apply_outcomes(ctx, state, ins, target, arguments, [outcome])
    if not interval.contains(0):
        return apply_outcomes(ctx, state, ins, target, arguments, [Returns(popped, None)])
    return refine_integer(ctx, state, condition, _parts(interval))


__all__ = ["ASSUME_DESCRIPTOR", "evaluate_assume", "is_assume"]
