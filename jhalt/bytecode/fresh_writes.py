"""Whether a method writes only objects it allocated itself (issue 14: recursion summaries).

A method *writes only fresh objects* when every ``putfield`` and every array store of its
code writes an object that was allocated during this activation — by a ``new`` or an array
creation of this method, or, in a constructor, the object being constructed (``this``) —
and that object has not *escaped* before or after: it is never passed to a method (other
than as the object its own constructor initialises), stored into a field, a static field
or an array, and a constructor never lets ``this`` escape the same way.

Why it matters (`jhalt.seg.evaluate.callee_effects`): when every method a call may run
writes only fresh objects, the objects that existed before the call are unchanged after
it, and the objects it created form no cycle — an object's fields are set only while the
object is unreachable from anything but its creator's locals, so they point to objects that
existed before it, and existing objects never point to new ones.

The analysis is a may-analysis over the control-flow graph: each stack slot and local
holds the set of allocation sites (pcs; ``this`` for the constructed object) whose object
it may hold, plus ``?`` when it may hold anything else. Escape is recorded flow-insensitively
(an allocation site that escapes anywhere counts as escaped everywhere; objects of one
site made in different loop iterations are not told apart, so writing one into another
counts as an escape). A write is fresh when its object's set is free of ``?`` and of
escaped sites. Methods with subroutines (``jsr``/``ret``) are refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jhalt.bytecode.cfg import ControlFlowGraph
from jhalt.bytecode.instructions import Instruction
from jhalt.bytecode.opcodes import Kind

Tags = frozenset[int | str]
OTHER = "?"
THIS = "this"
_ANY: Tags = frozenset({OTHER})
_NONE: Tags = frozenset()


@dataclass(frozen=True)
class _Frame:
    locals: tuple[Tags, ...]
    stack: tuple[Tags, ...]

    def join(self, other: _Frame) -> _Frame:
        return _Frame(
            tuple(a | b for a, b in zip(self.locals, other.locals, strict=True)),
            tuple(a | b for a, b in zip(self.stack, other.stack, strict=True)),
        )


@dataclass
class _Record:
    written: list[Tags] = field(default_factory=list)
    escaped: set[int | str] = field(default_factory=set)

    def escape(self, values: tuple[Tags, ...]) -> None:
        for tags in values:
            self.escaped.update(tags - _ANY)


def writes_only_fresh(
    cfg: ControlFlowGraph, max_locals: int, constructor: bool, argument_slots: int
) -> bool:
    """Whether the method of ``cfg`` writes only fresh objects (module docstring).
    ``argument_slots`` counts the local slots of the receiver and the parameters;
    ``constructor`` says the method is an ``<init>``, whose local 0 is the new object."""
    if cfg.subroutines:
        return False
    first = [_ANY] * max_locals
    if constructor and max_locals:
        first[0] = frozenset({THIS})
    for slot in range(argument_slots, max_locals):
        first[slot] = _NONE
    entry = _Frame(tuple(first), ())
    record = _Record()
    states: dict[int, _Frame] = {0: entry}
    work = [0]
    while work:
        block = cfg.block(work.pop())
        frame = states[block.start]
        seen_locals = [frame.locals]
        for ins in block.instructions:
            frame = _step(frame, ins, record)
            seen_locals.append(frame.locals)
        targets = [(s, frame) for s in block.successors]
        for edge in block.exception_successors:
            joined = seen_locals[0]
            for locals_ in seen_locals[1:]:
                joined = tuple(a | b for a, b in zip(joined, locals_, strict=True))
            targets.append((edge.handler, _Frame(joined, (_ANY,))))
        for start, out in targets:
            known = states.get(start)
            merged = out if known is None else known.join(out)
            if merged != known:
                states[start] = merged
                work.append(start)
    return all(OTHER not in tags and not tags & record.escaped for tags in record.written)


def _step(frame: _Frame, ins: Instruction, record: _Record) -> _Frame:
    locals_, stack = list(frame.locals), list(frame.stack)
    kind, op = ins.kind, ins.op
    if kind == Kind.STACK:
        return _Frame(tuple(locals_), _shuffle(tuple(stack), ins.mnemonic))
    popped = tuple(stack[len(stack) - ins.pops :]) if ins.pops else ()
    del stack[len(stack) - ins.pops :]
    pushed: Tags = _ANY
    if kind == Kind.LOAD and op == "aload" and ins.local is not None:
        pushed = locals_[ins.local]
    elif kind == Kind.STORE and ins.local is not None:
        locals_[ins.local] = popped[0] if op == "astore" else _ANY
        if ins.pops == 2:
            locals_[ins.local + 1] = _ANY
    elif kind in (Kind.NEW, Kind.NEWARRAY):
        pushed = frozenset({ins.pc})
    elif kind == Kind.CHECKCAST:
        pushed = popped[0]
    elif kind == Kind.CONST and ins.mnemonic == "aconst_null":
        pushed = _NONE
    elif kind == Kind.FIELD and ins.mnemonic == "putfield":
        record.written.append(popped[0])
        record.escape(popped[1:])
    elif kind == Kind.FIELD and ins.mnemonic == "putstatic":
        record.escape(popped)
    elif kind == Kind.ARRAYSTORE:
        record.written.append(popped[0])
        record.escape(popped[2:] if ins.mnemonic == "aastore" else ())
    elif kind == Kind.INVOKE:
        initialises = ins.mnemonic == "invokespecial" and ins.member.name == "<init>"
        record.escape(popped[1:] if initialises else popped)
    stack.extend([pushed] * ins.pushes)
    return _Frame(tuple(locals_), tuple(stack))


def _shuffle(stack: tuple[Tags, ...], mnemonic: str) -> tuple[Tags, ...]:
    """The stack after ``pop``/``pop2``/``dup*``/``swap`` (slot-wise, JVM spec §6.5)."""
    if mnemonic == "pop":
        return stack[:-1]
    if mnemonic == "pop2":
        return stack[:-2]
    if mnemonic == "swap":
        return (*stack[:-2], stack[-1], stack[-2])
    width = 2 if mnemonic.startswith("dup2") else 1
    depth = {"": 0, "_x1": 1, "_x2": 2}[mnemonic.removeprefix("dup2").removeprefix("dup")]
    top = stack[len(stack) - width :]
    cut = len(stack) - width - depth
    return (*stack[:cut], *top, *stack[cut:])
