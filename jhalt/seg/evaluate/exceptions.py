"""Throwing and catching (thesis §1.6.4; JVMS §2.10, §6.5 athrow).

A state whose exception slot is set is evaluated by handler lookup in the top frame: the
first entry of the exception table that covers the pc and whose catch type is a supertype
of the exception's class catches it (the stack is cleared, the exception pushed, control
goes to the handler). If the class is not known exactly (an unknown object of some
Throwable type) and a handler's catch type is a proper subtype, the object is refined into
"is an instance of the catch type" (caught) and "otherwise" (the lookup continues; this
case still contains instances of the catch type, an over-approximation that keeps every
path). Without a handler the frame is popped; with no frame left the state is a program
end with an uncaught exception.
"""

from __future__ import annotations

from dataclasses import replace

from jhalt.bytecode import Instruction
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, InstanceValue, UnknownValue, value_type_name
from jhalt.seg.context import EvalContext, Split, Step, StepResult
from jhalt.seg.evaluate.common import may_be_null, step, throw
from jhalt.seg.labels import EvalEdge, RefineEdge
from jhalt.seg.refine import refine_existence, replace_ref

NPE = "java/lang/NullPointerException"


def evaluate_athrow(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    reference = state.peek()
    if reference == NULL:
        return throw(ctx, state, ins, NPE)
    if may_be_null(state, reference):
        return refine_existence(ctx, state, reference)
    popped, _ = state.pop(1)
    return step(state, ins, popped.with_exception(reference))


def _handlers(ctx: EvalContext, state: AbstractState) -> list[tuple[int, str | None]]:
    position = state.position
    body = ctx.body(position.method)
    return [
        (h.handler_pc, h.catch_type)
        for h in body.code.exception_table
        if h.start_pc <= position.pc < h.end_pc
    ]


def handle_exception(ctx: EvalContext, state: AbstractState) -> StepResult:
    """One step of exception handling for a state with a pending exception."""
    exception = state.exception
    assert exception is not None
    value = state.heap[exception]
    exception_type = value_type_name(value)
    exact = isinstance(value, InstanceValue)
    skip = (
        state.split
        if isinstance(state.split, tuple) and state.split[0] == "skip-handlers"
        else None
    )
    skipped = skip[1] if skip else 0
    for index, (handler_pc, catch_type) in enumerate(_handlers(ctx, state)):
        if index < skipped:
            continue
        if catch_type is None or ctx.hierarchy.is_subtype(exception_type, catch_type):
            return _catch(state, exception, handler_pc, catch_type)
        if (
            not exact
            and isinstance(value, UnknownValue)
            and ctx.hierarchy.is_subtype(catch_type, exception_type)
        ):
            caught, new = replace_ref(
                ctx, state, exception, UnknownValue(catch_type, nullable=False)
            )
            caught = caught.with_split(None)
            not_caught = state.with_split(("skip-handlers", index + 1))
            return Split(
                (
                    (
                        RefineEdge(
                            "type",
                            (exception,),
                            f"instance of {catch_type}",
                            renaming=((exception, new),),
                        ),
                        caught,
                    ),
                    (RefineEdge("type", (exception,), f"not {catch_type}"), not_caught),
                )
            )
    label = EvalEdge(state.position, "unwind")
    unwound = state.pop_frame().with_split(None)
    return Step(label, unwound)


def _catch(state: AbstractState, exception: str, handler_pc: int, catch_type: str | None) -> Step:
    frame = state.top
    caught = state.with_frame(replace(frame, stack=(exception,))).with_pc(handler_pc)
    caught = caught.with_exception(None).with_split(None)
    return Step(EvalEdge(state.position, f"catch {catch_type or 'any'}"), caught)
