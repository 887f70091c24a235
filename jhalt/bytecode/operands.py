"""Operand types the JVM's verifier demands (JVM spec §4.10.1.9), for the instructions whose
operands the evaluator relies on: the frame typer (`jhalt.bytecode.frames`) checks them, so
that a body breaking them is a `ClassFormatError` (corrupt input), never a crash of the
evaluator. Checked: the arguments of an invoke against its descriptor, the value of a store
(``istore`` an int, ``astore`` a reference or return address, …), the array reference
and int index of array loads and stores, the reference of ``arraylength``, the operands of
int arithmetic (``iadd`` … ``ixor``) and of int comparisons (``ifeq`` …, ``if_icmp*``).

Types are compared by category only (int, float, long, double, reference), never by class:
assignability between classes is not checked. The second slot of a long or double is not
looked at.
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.bytecode.instructions import Instruction
from jhalt.bytecode.opcodes import Kind
from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.classfile.model import MemberRef, VerificationType

REFERENCE_TAGS = frozenset({"object", "null", "uninitialized", "uninitialized_this"})
_CATEGORY = {
    "Z": "int", "B": "int", "C": "int", "S": "int", "I": "int",
    "F": "float", "J": "long", "D": "double",
}  # fmt: skip
_INT_COMPARISONS = frozenset(
    {"ifeq", "ifne", "iflt", "ifge", "ifgt", "ifle"}
    | {f"if_icmp{c}" for c in ("eq", "ne", "lt", "ge", "gt", "le")}
)


_STORED = {"i": "int", "f": "float", "l": "long", "d": "double", "a": "stored reference"}


def _fits(actual: VerificationType, category: str) -> bool:
    if category == "reference":
        return actual.tag in REFERENCE_TAGS
    if category == "stored reference":
        return actual.tag in REFERENCE_TAGS or actual.tag == "return_address"
    return actual.tag == category


def operand_problem(instruction: Instruction, popped: Sequence[VerificationType]) -> str | None:
    """What is wrong with the ``popped`` slots (bottom first) of ``instruction``, or None."""
    kind, mnemonic = instruction.kind, instruction.mnemonic
    expected: list[str | None] = []  # a category per popped slot; None: not checked
    if kind is Kind.INVOKE and isinstance(instruction.operand, MemberRef):
        params, _ = parse_method_descriptor(instruction.operand.descriptor)
        expected = [None] * (len(popped) - sum(2 if p in "JD" else 1 for p in params))
        for param in params:
            expected.append(_CATEGORY.get(param, "reference"))
            if param in "JD":
                expected.append(None)
    elif kind in (Kind.ARRAYLOAD, Kind.ARRAYSTORE):
        expected = ["reference", "int"] + [None] * (len(popped) - 2)
    elif kind is Kind.STORE:  # astore also stores jsr's return addresses
        expected = [_STORED.get(mnemonic[0])] + [None] * (len(popped) - 1)
    elif kind is Kind.ARRAYLENGTH:
        expected = ["reference"]
    elif (kind is Kind.ARITH and mnemonic.startswith("i")) or mnemonic in _INT_COMPARISONS:
        expected = ["int"] * len(popped)
    for number, (actual, category) in enumerate(zip(popped, expected, strict=False)):
        if category is not None and not _fits(actual, category):
            return f"{mnemonic} operand {number + 1} is {actual.tag}, not {category}"
    return None
