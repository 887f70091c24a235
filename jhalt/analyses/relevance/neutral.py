"""Neutral instructions (thesis §4.4): code that is not a computation the programmer wrote, so
it is never reported — it is part of relevant and irrelevant computations alike.

* the stack and control housekeeping of §4.4: ``goto`` (and ``goto_w``), ``jsr``, ``ret``,
  ``nop``, ``pop``, ``pop2``, the ``dup`` family, ``swap``, ``return`` without a value;
* ``new`` (relevant or neutral, never irrelevant: the constructor call or the store of the new
  object is what can be irrelevant);
* the call of a superclass constructor from a constructor (``invokespecial <init>`` on
  ``this``) with the ``aload_0`` right before it: a programmer cannot create an object without
  it (§4.4 names the chain up to ``java.lang.Object``).
"""

from __future__ import annotations

from jhalt.bytecode import Instruction, Kind
from jhalt.bytecode.body import MethodBody

NEUTRAL_OPS = frozenset(
    {"goto", "jsr", "ret", "nop", "pop", "pop2", "dup", "dup_x1", "dup_x2", "dup2", "dup2_x1",
     "dup2_x2", "swap", "new"}
)  # fmt: skip


def neutral_pcs(body: MethodBody) -> frozenset[int]:
    """The pcs of ``body`` whose instructions are neutral (module docstring)."""
    found: set[int] = set()
    previous: Instruction | None = None
    for ins in body.instructions:
        if ins.op in NEUTRAL_OPS or ins.mnemonic == "return":
            found.add(ins.pc)
        elif _is_super_constructor_call(body, ins):
            found.add(ins.pc)
            if previous is not None and previous.kind is Kind.LOAD and previous.local == 0:
                found.add(previous.pc)
        previous = ins
    return frozenset(found)


def _is_super_constructor_call(body: MethodBody, ins: Instruction) -> bool:
    """An ``invokespecial <init>`` whose receiver is the ``this`` still being initialised
    (verification type ``uninitialized_this``, JVMS §4.10.1.2)."""
    if ins.mnemonic != "invokespecial" or ins.member.name != "<init>":
        return False
    frame = body.frames.at(ins.pc)
    if frame is None or ins.pops > len(frame.stack):
        return False
    return frame.stack[len(frame.stack) - ins.pops].tag == "uninitialized_this"
