"""Helpers shared by the transfer functions (thesis §1.6, seed 000 §2.2).

Operand-stack convention: one stack entry per JVM *value* (a long or double is one entry,
its heap value says it is category 2); local variables follow the JVM slot numbering, the
slot after a long/double is ``None``.
"""

from __future__ import annotations

from jhalt.bytecode import Instruction
from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState
from jhalt.domains.values import (
    NULL,
    FloatValue,
    HeapValue,
    InstanceValue,
    IntValue,
    Ref,
    UnknownValue,
)
from jhalt.seg.contents import is_content
from jhalt.seg.context import EvalContext, Step
from jhalt.seg.labels import EvalEdge, Relation
from jhalt.seg.library import prefix_for


def category(state: AbstractState, reference: Ref) -> int:
    """2 for longs and doubles, 1 otherwise (JVMS §2.11.1)."""
    if reference == NULL:
        return 1
    value = state.heap.get(reference)
    if isinstance(value, IntValue) and value.type_letter == "J":
        return 2
    if isinstance(value, FloatValue) and value.type_letter == "D":
        return 2
    return 1


def split_choice(state: AbstractState, marker: str) -> object | None:
    """The case chosen at ``state``'s position by a split whose cases carry
    ``(position, marker, choice)`` in the state's ``split``; None when none was chosen."""
    split = state.split
    if (
        isinstance(split, tuple)
        and len(split) == 3
        and split[0] == state.position
        and split[1] == marker
    ):
        return split[2]
    return None


def advance(state: AbstractState, instruction: Instruction) -> AbstractState:
    """The state at the next instruction."""
    return state.with_pc(instruction.next_pc)


def step(
    state: AbstractState,
    instruction: Instruction,
    successor: AbstractState,
    constraints: tuple[Relation, ...] = (),
    assumptions: tuple[str, ...] = (),
) -> Step:
    """An evaluation edge from ``state`` (at ``instruction``) to ``successor``; the content
    relations among ``constraints`` (`jhalt.seg.contents`) go to the edge's ``strings``."""
    strings: tuple[Relation, ...] = ()
    if constraints and any(is_content(c) for c in constraints):
        strings = tuple(c for c in constraints if is_content(c))
        constraints = tuple(c for c in constraints if not is_content(c))
    label = EvalEdge(
        state.position, instruction.mnemonic, constraints, assumptions, strings=strings
    )
    return Step(label, successor.with_split(None) if successor.split is not None else successor)


def bind(ctx: EvalContext, state: AbstractState, value: HeapValue) -> tuple[AbstractState, Ref]:
    """``state`` with a fresh reference bound to ``value``."""
    reference = ctx.fresh(prefix_for(value))
    return state.with_value(reference, value), reference


def bind_int(
    ctx: EvalContext, state: AbstractState, interval: Interval, type_letter: str = "I"
) -> tuple[AbstractState, Ref]:
    return bind(ctx, state, IntValue(interval, type_letter))


def interval_of(state: AbstractState, reference: Ref) -> Interval:
    """The interval of an integer value (`AbstractState.int_value`)."""
    return state.int_value(reference).interval


def int_type(state: AbstractState, reference: Ref) -> str:
    value = state.heap[reference]
    return value.type_letter if isinstance(value, IntValue) else "I"


def is_null(state: AbstractState, reference: Ref) -> bool:
    return reference == NULL


def may_be_null(state: AbstractState, reference: Ref) -> bool:
    if reference == NULL:
        return True
    value = state.heap.get(reference)
    return isinstance(value, UnknownValue) and value.nullable


def create_exception(
    ctx: EvalContext, state: AbstractState, class_name: str, exact: bool = True
) -> AbstractState:
    """``state`` with a new exception object of ``class_name`` thrown (thesis §1.6: the
    JVM creates implicit exceptions as fresh objects; fields are not represented)."""
    value: HeapValue = (
        InstanceValue(class_name, ()) if exact else UnknownValue(class_name, nullable=False)
    )
    state, reference = bind(ctx, state, value)
    return state.with_exception(reference)


def throw(
    ctx: EvalContext,
    state: AbstractState,
    instruction: Instruction,
    class_name: str,
    constraints: tuple[Relation, ...] = (),
) -> Step:
    """An evaluation edge that throws an implicit exception of ``class_name`` (the frames
    are kept; handler lookup is the next step)."""
    thrown = create_exception(ctx, state.with_split(None), class_name)
    return step(state, instruction, thrown, constraints)


def default_value_ref(
    ctx: EvalContext, state: AbstractState, descriptor: str
) -> tuple[AbstractState, Ref]:
    """The JVM default value of a field or array component of ``descriptor`` (JVMS §2.3)."""
    if descriptor in ("Z", "B", "C", "S", "I", "J"):
        return bind_int(ctx, state, Interval.const(0), descriptor)
    if descriptor in ("F", "D"):
        return bind(ctx, state, FloatValue.of(0.0, descriptor))
    return state, NULL


def int_letter(descriptor: str) -> str:
    """The IntValue letter used for a value of descriptor type (B/C/S/Z/I/J)."""
    return descriptor if descriptor in ("Z", "B", "C", "S", "I", "J") else "I"
