"""Instance fields that no public caller of a library ever sees null (issue 36), and the values
of a method's operand stack that are never null, read off its bytecode.

A value on the operand stack is *never null* (`never_null_operand`) when the instruction that
pushed it — found by walking back through the straight-line code before it, where no jump or
exception handler enters, through the copies ``dup`` and its kin make — is a ``new``, an array creation, an ``ldc`` of a String or a class,
``aload_0`` of an instance method that never stores into slot 0 (``this``), or a ``getfield``
of a never-null field; anything else may be null.

A field ``f`` declared in class ``D`` is *never null* (`never_null_field`) for every object a
sequence of calls of the program made, once a call has returned it, when:

* ``f`` is an instance reference field, not transient (default deserialisation leaves a
  transient field null);
* every constructor of ``D`` writes a never-null value into ``this.f`` on every path from its
  start (or ends by an exception first), before ``this`` can reach any other code: until the
  write a path holds only loads and stores of other values, constants, arithmetic, branches,
  allocations, ``getstatic``, ``dup``, calls that are not given ``this``, ``Object.<init>``
  and ``putfield``s into ``this``; a path that reaches a delegation ``this(…)`` first passes
  (the delegate is one of the constructors checked). So the superclass's constructor must be
  ``Object``'s: any other could call an overridden method that reads ``f`` first; and a
  constructor with exception handlers is not tried;
* every other ``putfield`` of the program that writes ``f`` writes a never-null value.

Assumptions: objects of ``D`` are made by its constructors (or copied by ``clone`` or by
default deserialisation of a copy, which keep the values), not by ``Unsafe`` or JNI, and none
whose constructor failed is brought back by a finaliser; no code
writes ``f`` through reflection — the caller leaves out fields whose name is among the strings
a search could pass (``FieldUtils.writeField(o, "f", null, true)`` would need the name).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from jhalt.bytecode import Instruction, Kind
from jhalt.bytecode.body import analyze_method
from jhalt.classfile.model import Access, ClassConst, ClassFile, MemberRef, MethodInfo
from jhalt.errors import JhaltError
from jhalt.ids import FieldId
from jhalt.program import Program
from jhalt.program.resolution import LinkageFailure

__all__ = ["MethodCode", "NullFacts", "never_null_field", "never_null_operand", "producer"]

_COPIES = {
    "dup": (0, 0),
    "dup_x1": (0, 1, 0),
    "dup_x2": (0, 1, 2, 0),
    "dup2": (0, 1, 0, 1),
    "swap": (1, 0),
}
"""Per stack operation, for each slot it pushes (0: the top after it) the slot it copies
(0: the top before it)."""
_UNCONDITIONAL = (Kind.GOTO, Kind.RETURN, Kind.THROW, Kind.SWITCH, Kind.JSR, Kind.RET)


@dataclass(frozen=True)
class MethodCode:
    """A method's decoded instructions, the pcs where control may arrive other than by falling
    through (jump targets, exception handlers), and whether it is static and stores into
    slot 0."""

    instructions: tuple[Instruction, ...]
    entered: frozenset[int]
    this_kept: bool

    @classmethod
    def of(cls, classfile: ClassFile, method: MethodInfo) -> MethodCode:
        assert method.code is not None
        instructions = analyze_method(method, classfile).instructions
        entered = {t for ins in instructions for t in ins.jump_targets}
        entered.update(h.handler_pc for h in method.code.exception_table)
        stores_this = any(i.kind is Kind.STORE and i.local == 0 for i in instructions)
        return cls(instructions, frozenset(entered), not method.is_static and not stores_this)


def producer(code: MethodCode, index: int, depth: int) -> Instruction | None:
    """The instruction that pushed the stack slot ``depth`` (0: the top) holds before
    instruction ``index``, when straight-line code leads there; None otherwise."""
    while True:
        if index == 0 or code.instructions[index].pc in code.entered:
            return None
        index -= 1
        ins = code.instructions[index]
        if ins.kind in _UNCONDITIONAL:
            return None
        if depth < ins.pushes:
            if ins.kind is not Kind.STACK:
                return ins
            copied = _COPIES.get(ins.mnemonic)
            if copied is None:
                return None
            depth = copied[depth]  # the slot it copies, before it
            continue
        depth += ins.pops - ins.pushes


@dataclass
class NullFacts:
    """Never-null fields of one program, decided once each; ``strings``: the texts a search may
    pass as arguments (a field so named is not assumed anything of)."""

    program: Program
    strings: frozenset[str] = frozenset()
    decided: dict[FieldId, bool] = field(default_factory=dict)


def never_null_operand(facts: NullFacts, code: MethodCode, index: int, depth: int) -> bool:
    """Whether the slot ``depth`` of the stack before instruction ``index`` is never null."""
    ins = producer(code, index, depth)
    if ins is None:
        return False
    if ins.kind in (Kind.NEW, Kind.NEWARRAY):
        return True
    if ins.kind is Kind.CONST and ins.mnemonic.startswith("ldc"):
        return isinstance(ins.value, str) or isinstance(ins.operand, ClassConst)
    if ins.kind is Kind.LOAD and ins.mnemonic.startswith("aload"):
        return ins.local == 0 and code.this_kept
    if ins.op == "getfield":
        resolved = _field(facts.program, ins.member)
        return resolved is not None and never_null_field(facts, resolved)
    return False


def _field(program: Program, member: MemberRef) -> FieldId | None:
    try:
        return program.resolve_field(member.owner, member.name, member.descriptor).id
    except (LinkageFailure, JhaltError):
        return None


def never_null_field(facts: NullFacts, field_id: FieldId) -> bool:
    """Whether ``field_id`` is never null (module docstring); decided once per `NullFacts`
    (a field asked again while being decided counts as possibly null)."""
    known = facts.decided.get(field_id)
    if known is not None:
        return known
    facts.decided[field_id] = False
    answer = _decide(facts, field_id)
    facts.decided[field_id] = answer
    return answer


def _decide(facts: NullFacts, field_id: FieldId) -> bool:
    program = facts.program
    owner = program.find(field_id.class_name)
    info = owner.field_named(field_id.name, field_id.descriptor) if owner else None
    if owner is None or info is None or not program.is_program_class(owner.name):
        return False
    if info.is_static or info.access & Access.TRANSIENT_OR_VARARGS:
        return False
    if field_id.descriptor[0] not in "L[" or field_id.name in facts.strings:
        return False
    constructors = [m for m in owner.methods if m.name == "<init>"]
    if not constructors or any(m.code is None for m in constructors):
        return False
    for constructor in constructors:
        if not _prefix_writes(facts, owner, constructor, field_id):
            return False
    return all(_writes_never_null(facts, name, field_id) for name in _writers(program, field_id))


def _prefix_writes(
    facts: NullFacts, owner: ClassFile, constructor: MethodInfo, field_id: FieldId
) -> bool:
    """Whether on every path the constructor writes a never-null value into ``this.f`` (or
    delegates to ``this(…)``), or ends by an exception, before ``this`` reaches other code
    (module docstring). Every path is followed, each (instruction, stack) once; a
    constructor with exception handlers is not tried."""
    assert constructor.code is not None
    if constructor.code.exception_table:
        return False
    code = MethodCode.of(owner, constructor)
    at = {ins.pc: index for index, ins in enumerate(code.instructions)}
    paths: list[tuple[int, tuple[bool, ...]]] = [(0, ())]
    seen: set[tuple[int, tuple[bool, ...]]] = set()
    while paths:
        index, stack = paths.pop()
        if (index, stack) in seen:
            continue  # the same state again: its paths are followed already
        seen.add((index, stack))
        ins = code.instructions[index]
        outcome = _prefix_step(facts, owner.name, code, index, list(stack), field_id)
        if outcome is _FAILED:
            return False
        if outcome is _DONE:
            continue
        assert isinstance(outcome, list)
        targets = list(ins.jump_targets)
        if ins.falls_through and ins.kind is not Kind.GOTO:
            targets.append(code.instructions[index].next_pc)
        for target in targets:
            if target not in at:
                return False
            paths.append((at[target], tuple(outcome)))
    return True


_FAILED, _DONE = "failed", "done"
_PLAIN = (Kind.CONST, Kind.NEW, Kind.NEWARRAY, Kind.ARITH, Kind.CONVERT, Kind.COMPARE, Kind.BRANCH)


def _prefix_step(
    facts: NullFacts,
    owner: str,
    code: MethodCode,
    index: int,
    stack: list[bool],
    field_id: FieldId,
) -> list[bool] | str:
    """One instruction of a constructor's prefix on a stack of flags (a slot holds ``this``):
    the stack after it, `_DONE` (this path wrote the field, delegated or threw) or
    `_FAILED` (``this`` may reach other code first, or the path returns without the write)."""
    ins = code.instructions[index]
    if ins.pops > len(stack):
        return _FAILED
    popped = stack[len(stack) - ins.pops :] if ins.pops else []
    del stack[len(stack) - ins.pops :]
    if ins.kind is Kind.THROW:
        return _DONE  # the constructor ends abruptly: `this` reached no one
    if ins.kind is Kind.LOAD:
        return stack + [ins.mnemonic.startswith("aload") and ins.local == 0] * ins.pushes
    if ins.mnemonic == "dup":
        return stack + popped * 2
    if ins.kind is Kind.INVOKE and ins.op != "invokedynamic":
        member = ins.member
        to_this = ins.mnemonic == "invokespecial" and member.name == "<init>" and popped[0]
        if any(popped[1:] if to_this else popped):
            return _FAILED
        if to_this and member.owner == owner:
            return _DONE  # this(…): the delegate writes f
        if to_this and member.owner != "java/lang/Object":
            return _FAILED  # a superclass constructor may call an overridden method
        return stack + [False] * ins.pushes
    if ins.op == "putfield" and popped[0] and not any(popped[1:]):
        if _field(facts.program, ins.member) != field_id:
            return stack
        return _DONE if never_null_operand(facts, code, index, 0) else _FAILED
    plain = ins.kind in _PLAIN or ins.kind in (Kind.STORE, Kind.IINC, Kind.GOTO, Kind.NOP)
    if (plain or ins.op == "getstatic" or ins.mnemonic == "pop") and not any(popped):
        return stack + [False] * ins.pushes
    return _FAILED


def _writers(program: Program, field_id: FieldId) -> Sequence[str]:
    """The program classes whose constant pool names a field called like ``field_id``."""
    found = []
    for name in program.program_class_names():
        classfile = program.find(name)
        if classfile is None:
            continue
        for entry in classfile.constant_pool:
            if isinstance(entry, MemberRef) and entry.kind == "field":
                if entry.name == field_id.name and entry.descriptor == field_id.descriptor:
                    found.append(name)
                    break
    return found


def _writes_never_null(facts: NullFacts, class_name: str, field_id: FieldId) -> bool:
    """Whether every ``putfield`` of ``field_id`` in the class stores a never-null value (the
    constructors of the field's class included: later writes there count too)."""
    classfile = facts.program.find(class_name)
    if classfile is None:
        return False
    for method in classfile.methods:
        if method.code is None:
            continue
        try:
            code = MethodCode.of(classfile, method)
        except JhaltError:
            return False
        for index, ins in enumerate(code.instructions):
            if ins.op != "putfield" or _field(facts.program, ins.member) != field_id:
                continue
            if not never_null_operand(facts, code, index, 0):
                return False
    return True
