"""String literals a call passes, read off the caller's bytecode (issue 33): the name of
``System.getenv("N")``, the key of ``System.getProperty("k")`` / ``getProperty("k", d)``;
and the static field a call without parameters is made on (``System.in.read()``:
`static_receiver`, the same rule with ``getstatic`` in place of ``ldc``); whether a call is
certainly made on the result of a given static call (``System.getenv().get("N")``:
`receiver_from_call`, the same rule with that ``invokestatic`` before the parameters' pushes).

A parameter is *certainly* the literal ``"s"`` when the instructions just before the invoke are
``ldc "s"`` followed only by instructions that each push one value and read nothing of the
stack (``ldc``, ``aconst_null``, an int constant, a local load, ``getstatic``) — one per later parameter — and
no jump or exception handler lands on any of them after the ``ldc`` or on the invoke. A
``static final`` String constant compiles to the same ``ldc``. Anything else (a computed name,
code that cannot be read) is not known as a literal: None.
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.bytecode.instructions import Instruction, decode
from jhalt.classfile.model import MemberRef, StringConst
from jhalt.ids import ProgramPosition
from jhalt.program import Program

__all__ = ["literal_argument", "literal_without_arguments", "receiver_from_call", "static_receiver"]

_SINGLE_PUSHES = frozenset({"ldc", "aconst_null", "aload", "iload", "iconst", "getstatic"})
"""Normalised operations that push exactly one value and pop nothing (module docstring)."""


def _instructions(
    program: Program, position: ProgramPosition
) -> tuple[Sequence[Instruction], set[int]]:
    """The decoded code of ``position``'s method and the pcs a jump or handler lands on."""
    method = position.method
    classfile = program.lookup(method.class_name)
    info = classfile.method(method.name, method.descriptor)
    if info is None or info.code is None:
        return (), set()
    instructions = decode(info.code.bytecode, classfile.constant_pool)
    landing = {t for i in instructions for t in i.jump_targets}
    landing |= {h.handler_pc for h in info.code.exception_table}
    return instructions, landing


def _window(
    program: Program | None, position: ProgramPosition, count: int
) -> list[Instruction] | None:
    """The ``count`` instructions just before the invoke at ``position``, when they run in a row
    into it: no jump or handler lands on the invoke or on any of them but the first. None when
    there are fewer, the code is not known, or something lands there."""
    if program is None:
        return None
    try:
        instructions, landing = _instructions(program, position)
    except Exception:  # a missing class or malformed code: not known
        return None
    before: list[Instruction] = []
    for instruction in instructions:
        if instruction.pc == position.pc:
            break
        before.append(instruction)
    else:
        return None
    if len(before) < count:
        return None
    window = before[len(before) - count :]
    if position.pc in landing or any(i.pc in landing for i in window[1:]):
        return None
    return window


def _single_pushes(instructions: Sequence[Instruction]) -> bool:
    """Whether each of ``instructions`` pushes one value and reads nothing."""
    return all(
        i.op in _SINGLE_PUSHES and not i.pops and i.mnemonic != "ldc2_w" for i in instructions
    )


def literal_argument(
    program: Program | None, position: ProgramPosition, later: int = 0
) -> str | None:
    """The String literal the call at ``position`` certainly passes as the parameter followed
    by ``later`` more parameters (0: its last parameter), or None (module docstring)."""
    window = _window(program, position, later + 1)
    if window is None:
        return None
    literal, after = window[0], window[1:]
    if literal.op != "ldc" or not isinstance(literal.operand, StringConst):
        return None
    return literal.operand.value if _single_pushes(after) else None


def static_receiver(program: Program | None, position: ProgramPosition) -> tuple[str, str] | None:
    """``(class, field)`` when the call at ``position`` (one without parameters) is certainly
    made on the static field the ``getstatic`` just before it reads, no jump or handler landing
    on the invoke; None otherwise."""
    window = _window(program, position, 1)
    if window is None or window[0].op != "getstatic":
        return None
    member = window[0].operand
    return (member.owner, member.name) if isinstance(member, MemberRef) else None


def receiver_from_call(
    program: Program | None,
    position: ProgramPosition,
    parameters: int,
    callee: tuple[str, str, str],
) -> bool:
    """Whether the call at ``position`` (with ``parameters`` parameters) is certainly made on
    the result of the ``invokestatic`` of ``callee`` (owner, name, descriptor) just before its
    parameters' pushes: each of those is one push reading nothing (module docstring), and no
    jump or handler lands on any of them or on the invoke."""
    window = _window(program, position, parameters + 1)
    if window is None:
        return False
    made, pushes = window[0], window[1:]
    member = made.operand
    if made.mnemonic != "invokestatic" or not isinstance(member, MemberRef):
        return False
    return (member.owner, member.name, member.descriptor) == callee and _single_pushes(pushes)


def literal_without_arguments(program: Program | None, position: ProgramPosition) -> str | None:
    """The format of a call ``m(String format, Object... args)`` at ``position`` when it is
    certainly a literal passed with no arguments — ``ldc "f"; iconst_0; anewarray`` just
    before the invoke, nothing landing between — else None."""
    window = _window(program, position, 3)
    if window is None:
        return None
    literal, count, array = window
    if literal.op != "ldc" or not isinstance(literal.operand, StringConst):
        return None
    if count.op != "iconst" or count.value != 0 or array.op != "anewarray":
        return None
    return literal.operand.value
