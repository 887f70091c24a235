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
from jhalt.errors import JhaltError
from jhalt.seg.context import EvalContext, StepResult, Stuck
from jhalt.seg.evaluate import arith, arrays, branch, exceptions, invoke, objects, stack

Handler = Callable[[EvalContext, AbstractState, Instruction], StepResult]


def _handler_for(mnemonic: str, op: str, kind: Kind) -> Handler:
    if kind is Kind.NOP:
        return stack.evaluate_nop
    if kind is Kind.CONST:
        if mnemonic == "aconst_null":
            return stack.evaluate_aconst_null
        if op in ("iconst", "lconst"):
            return stack.evaluate_int_const
        if op in ("fconst", "dconst"):
            return stack.evaluate_float_const
        return stack.evaluate_ldc
    if kind is Kind.LOAD:
        return stack.evaluate_load
    if kind is Kind.STORE:
        return stack.evaluate_store
    if kind is Kind.STACK:
        return stack.evaluate_stack_op
    if kind is Kind.GOTO:
        return stack.evaluate_goto
    if kind is Kind.MONITOR:
        return stack.evaluate_monitor
    if kind is Kind.IINC:
        return arith.evaluate_iinc
    if kind is Kind.ARITH:
        if mnemonic[0] in "fd":
            return arith.evaluate_float_arith
        if mnemonic.endswith("neg"):
            return arith.evaluate_int_neg
        return arith.evaluate_int_binary
    if kind is Kind.CONVERT:
        if mnemonic in ("i2l", "l2i", "i2b", "i2c", "i2s"):
            return arith.evaluate_int_convert
        if mnemonic[0] in "fd" and mnemonic[2] in "il":
            return arith.evaluate_float_to_int
        return arith.evaluate_to_float
    if kind is Kind.COMPARE:
        return arith.evaluate_lcmp if mnemonic == "lcmp" else arith.evaluate_float_compare
    if kind is Kind.BRANCH:
        if mnemonic in ("ifnull", "ifnonnull"):
            return branch.evaluate_if_null
        if mnemonic.startswith("if_acmp"):
            return branch.evaluate_if_acmp
        if mnemonic.startswith("if_icmp"):
            return branch.evaluate_if_icmp
        return branch.evaluate_if_zero
    if kind is Kind.SWITCH:
        return branch.evaluate_switch
    if kind is Kind.RETURN:
        return invoke.evaluate_return
    if kind is Kind.THROW:
        return exceptions.evaluate_athrow
    if kind is Kind.INVOKE:
        return invoke.evaluate_invoke
    if kind is Kind.FIELD:
        return {
            "getfield": objects.evaluate_getfield,
            "putfield": objects.evaluate_putfield,
            "getstatic": objects.evaluate_getstatic,
            "putstatic": objects.evaluate_putstatic,
        }[mnemonic]
    if kind is Kind.NEW:
        return objects.evaluate_new
    if kind is Kind.NEWARRAY:
        return arrays.evaluate_newarray
    if kind is Kind.ARRAYLENGTH:
        return arrays.evaluate_arraylength
    if kind is Kind.ARRAYLOAD:
        return arrays.evaluate_array_load
    if kind is Kind.ARRAYSTORE:
        return arrays.evaluate_array_store
    if kind is Kind.CHECKCAST:
        return objects.evaluate_checkcast
    if kind is Kind.INSTANCEOF:
        return objects.evaluate_instanceof
    return stack.evaluate_unsupported  # jsr, ret


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
    except JhaltError as error:
        return Stuck(f"cannot decode {position.method}: {error}", "unsupported")
    if instruction is None:
        return Stuck(f"no instruction at {position}", "unsupported")
    return HANDLERS[instruction.mnemonic](ctx, state, instruction)
