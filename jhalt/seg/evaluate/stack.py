"""Constants, local variables, operand-stack manipulation, goto, nop, monitors
(thesis §1.6 "trivial opcodes"; JVMS §6.5)."""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import replace

from jhalt.bytecode import Instruction
from jhalt.bytecode.semantics import apply_stack_op
from jhalt.classfile.model import (
    ClassConst,
    DoubleConst,
    DynamicConst,
    FloatConst,
    IntegerConst,
    LongConst,
    StringConst,
)
from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, FloatValue, UnknownValue
from jhalt.seg.contents import literal
from jhalt.seg.context import EvalContext, StepResult, Stuck
from jhalt.seg.evaluate.class_objects import class_literal, literal_descriptor
from jhalt.seg.evaluate.common import advance, bind, bind_int, category, may_be_null, step, throw
from jhalt.seg.labels import Relation
from jhalt.seg.refine import refine_existence


def evaluate_nop(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    return step(state, ins, advance(state, ins))


def evaluate_aconst_null(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    return step(state, ins, advance(state.push(NULL), ins))


def evaluate_int_const(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    """iconst/bipush/sipush and lconst."""
    assert isinstance(ins.value, int)
    letter = "J" if ins.op == "lconst" else "I"
    state2, reference = bind_int(ctx, state, Interval.const(ins.value), letter)
    return step(state, ins, advance(state2.push(reference), ins))


def evaluate_float_const(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    letter = "F" if ins.op == "fconst" else "D"
    state2, reference = bind(ctx, state, FloatValue.of(float(ins.value or 0.0), letter))
    return step(state, ins, advance(state2.push(reference), ins))


def evaluate_ldc(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    """ldc/ldc_w/ldc2_w: integers and floats exactly; a String literal through the
    registry's string factory (default: a non-null String object), its characters a content
    relation (`jhalt.seg.contents.literal`); a class literal as the
    unique Class object of its type (:mod:`jhalt.seg.evaluate.class_objects`)."""
    operand = ins.operand
    constraints: tuple[Relation, ...] = ()
    if isinstance(operand, IntegerConst | LongConst):
        letter = "J" if isinstance(operand, LongConst) else "I"
        state2, reference = bind_int(ctx, state, Interval.const(operand.value), letter)
    elif isinstance(operand, FloatConst | DoubleConst):
        letter = "D" if isinstance(operand, DoubleConst) else "F"
        state2, reference = bind(ctx, state, FloatValue.of(operand.value, letter))
    elif isinstance(operand, StringConst):
        state2, reference = ctx.registry.string_constant(state, operand.value, ctx.fresh)
        constraints = (literal(reference, operand.value),)
        if isinstance(ctx.texts, MutableMapping):
            ctx.texts[reference] = operand.value  # a run's own literal: its text is known
    elif isinstance(operand, ClassConst):
        state2, reference = class_literal(ctx, state, literal_descriptor(operand.name))
    elif isinstance(operand, DynamicConst):
        return Stuck(f"ldc of a dynamic constant ({operand.name}) is not supported")
    else:
        state2, reference = bind(ctx, state, UnknownValue("java/lang/Object", nullable=False))
    return step(state, ins, advance(state2.push(reference), ins), constraints)


def evaluate_load(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    assert ins.local is not None
    locals_ = state.top.locals
    reference = locals_[ins.local] if ins.local < len(locals_) else None
    if reference is None:
        return Stuck(f"local {ins.local} is undefined at {state.position}")
    return step(state, ins, advance(state.push(reference), ins))


def evaluate_store(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    assert ins.local is not None
    popped, (reference,) = state.pop(1)
    index = ins.local
    result = popped
    if index > 0 and index - 1 < len(state.top.locals):
        previous = state.top.locals[index - 1]
        if previous is not None and category(state, previous) == 2:
            result = result.with_local(index - 1, None)
    result = result.with_local(index, reference)
    if category(state, reference) == 2:
        result = result.with_local(index + 1, None)
    return step(state, ins, advance(result, ins))


def evaluate_stack_op(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    """pop, pop2, dup*, swap: the form of the one stack-shape table
    (`jhalt.bytecode.semantics.STACK_FORMS`) that fits the categories of the entries on
    top of the stack (JVMS §6.5); stuck when none fits."""
    stack = apply_stack_op(ins.mnemonic, state.top.stack, lambda ref: category(state, ref))
    if stack is None:
        return Stuck(f"{ins.mnemonic} on an unexpected stack")
    new_state = state.with_frame(replace(state.top, stack=tuple(stack)))
    return step(state, ins, advance(new_state, ins))


def evaluate_goto(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    assert ins.target is not None
    return step(state, ins, state.with_pc(ins.target))


def evaluate_monitor(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    """monitorenter/monitorexit: single-threaded, so only the null check matters."""
    reference = state.peek()
    if reference == NULL:
        return throw(ctx, state, ins, "java/lang/NullPointerException")
    if may_be_null(state, reference):
        return refine_existence(ctx, state, reference)
    popped, _ = state.pop(1)
    return step(state, ins, advance(popped, ins))


def evaluate_unsupported(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    return Stuck(f"instruction {ins.mnemonic} is not supported", "unsupported")
