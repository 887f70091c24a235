"""Symbolic evaluation of one state (thesis §1.6, seed 000 §2.2 ``SyEv``): one transfer
function per opcode family, dispatched through the table :data:`HANDLERS`.

:func:`evaluate` takes a state that is not a program end and returns a
:class:`~jhalt.seg.context.Step` (one evaluation edge), a :class:`~jhalt.seg.context.Split`
(refinement edges) or a :class:`~jhalt.seg.context.Stuck` (reason). A state with a pending
exception is handled by handler lookup / frame unwinding; otherwise the instruction at
the top frame's pc is dispatched through :data:`HANDLERS`, the ONE table mnemonic →
transfer function, built from the opcode table of :mod:`jhalt.bytecode.opcodes` so that
every JVM opcode has an entry (``jsr``/``ret`` are Stuck: javac has not emitted them since
Java 6).
"""

from __future__ import annotations

from collections.abc import Callable

from jhalt.bytecode import Instruction, Kind
from jhalt.bytecode.opcodes import OPCODES
from jhalt.domains.state import AbstractState
from jhalt.errors import JhaltError, MalformedCodeError
from jhalt.seg.context import EvalContext, StepResult, Stuck
from jhalt.seg.evaluate import arith, arrays, branch, exceptions, invoke, objects, stack

Handler = Callable[[EvalContext, AbstractState, Instruction], StepResult]


_BY_KIND: dict[Kind, Handler] = {
    Kind.NOP: stack.evaluate_nop,
    Kind.LOAD: stack.evaluate_load,
    Kind.STORE: stack.evaluate_store,
    Kind.STACK: stack.evaluate_stack_op,
    Kind.GOTO: stack.evaluate_goto,
    Kind.MONITOR: stack.evaluate_monitor,
    Kind.IINC: arith.evaluate_iinc,
    Kind.SWITCH: branch.evaluate_switch,
    Kind.RETURN: invoke.evaluate_return,
    Kind.THROW: exceptions.evaluate_athrow,
    Kind.INVOKE: invoke.evaluate_invoke,
    Kind.NEW: objects.evaluate_new,
    Kind.NEWARRAY: arrays.evaluate_newarray,
    Kind.ARRAYLENGTH: arrays.evaluate_arraylength,
    Kind.ARRAYLOAD: arrays.evaluate_array_load,
    Kind.ARRAYSTORE: arrays.evaluate_array_store,
    Kind.CHECKCAST: objects.evaluate_checkcast,
    Kind.INSTANCEOF: objects.evaluate_instanceof,
}
"""Opcode kinds whose instructions all share one transfer function."""

_BY_MNEMONIC: dict[str, Handler] = {
    "aconst_null": stack.evaluate_aconst_null,
    "lcmp": arith.evaluate_lcmp,
    "ifnull": branch.evaluate_if_null,
    "ifnonnull": branch.evaluate_if_null,
    "getfield": objects.evaluate_getfield,
    "putfield": objects.evaluate_putfield,
    "getstatic": objects.evaluate_getstatic,
    "putstatic": objects.evaluate_putstatic,
    **dict.fromkeys(("i2l", "l2i", "i2b", "i2c", "i2s"), arith.evaluate_int_convert),
}
"""Single opcodes with a transfer function of their own within their kind."""

_BY_OP: dict[str, Handler] = {
    "iconst": stack.evaluate_int_const,
    "lconst": stack.evaluate_int_const,
    "fconst": stack.evaluate_float_const,
    "dconst": stack.evaluate_float_const,
}
"""Normalised operations (``iconst_1`` -> ``iconst``) with a transfer function of their own."""


def _by_shape(mnemonic: str, kind: Kind) -> Handler:
    """The remaining handlers of a kind, by the shape of the mnemonic (its type prefix)."""
    if kind is Kind.CONST:
        return stack.evaluate_ldc
    if kind is Kind.ARITH:
        if mnemonic[0] in "fd":
            return arith.evaluate_float_arith
        return arith.evaluate_int_neg if mnemonic.endswith("neg") else arith.evaluate_int_binary
    if kind is Kind.CONVERT:
        if mnemonic[0] in "fd" and mnemonic[2] in "il":
            return arith.evaluate_float_to_int
        return arith.evaluate_to_float
    if kind is Kind.COMPARE:
        return arith.evaluate_float_compare
    if kind is Kind.BRANCH:
        if mnemonic.startswith("if_acmp"):
            return branch.evaluate_if_acmp
        return (
            branch.evaluate_if_icmp if mnemonic.startswith("if_icmp") else branch.evaluate_if_zero
        )
    return stack.evaluate_unsupported  # jsr, ret


def _handler_for(mnemonic: str, op: str, kind: Kind) -> Handler:
    """The transfer function of one opcode: by kind, then by mnemonic, then by
    normalised operation, then by the mnemonic's shape."""
    if kind in _BY_KIND:
        return _BY_KIND[kind]
    if mnemonic in _BY_MNEMONIC:
        return _BY_MNEMONIC[mnemonic]
    if op in _BY_OP and kind is Kind.CONST:
        return _BY_OP[op]
    return _by_shape(mnemonic, kind)


HANDLERS: dict[str, Handler] = {
    info.mnemonic: _handler_for(info.mnemonic, info.op, info.kind) for info in OPCODES.values()
}
"""Every opcode mnemonic → its transfer function."""


def evaluate(ctx: EvalContext, state: AbstractState) -> StepResult:
    """One symbolic evaluation step (module docstring)."""
    if not state.frames:
        raise ValueError("a program end has no successor")
    if state.exception is not None:
        return exceptions.handle_exception(ctx, state)
    position = state.position
    try:
        instruction = ctx.body(position.method).instruction_at.get(position.pc)
    except MalformedCodeError:
        raise  # corrupt input, not a limit of the analysis (exit 2)
    except JhaltError as error:
        return Stuck(f"cannot decode {position.method}: {error}", "unsupported")
    if instruction is None:
        return Stuck(f"no instruction at {position}", "unsupported")
    return HANDLERS[instruction.mnemonic](ctx, state, instruction)
