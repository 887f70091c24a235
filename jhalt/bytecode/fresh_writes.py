"""Which objects a method may write (issue 14: recursion summaries), from its bytecode.

An object is *own* in an activation when this activation allocated it (``new`` or an array
creation) and it has not *escaped* yet: it has not been passed to a method (except, see
below, as the receiver of a method that keeps it to itself), stored into a field, a static
field or an array. A method's writes (``putfield``, array stores) are classified:

* `FRESH` — every write goes to an own object;
* `RECEIVER` — every write goes to an own object or to ``this`` (the receiver of an
  instance method, the object a constructor initialises), and ``this`` never escapes;
* `OTHER` — anything else (a parameter, an object read from a field, …).

A call ``o.m(…)`` of a `RECEIVER` method that keeps ``this`` to itself writes ``o``: for the
caller it is a write to ``o`` (fine while ``o`` is own) and no escape; so is a constructor
call on the object just allocated. A method has a *fresh result* when every object it
returns is own at the ``areturn`` (``null`` too); the result of a call of such methods is
own in the caller, as if the call allocated it.

Why it matters (`jhalt.seg.evaluate.callee_effects`): when every method a call may run is
`FRESH` at the call, the objects that existed before the call are unchanged after it and
the objects it created form no cycle — a field of an object is written only while nothing
but the creating activation's locals and stack reach the object (it is own), so the value
written cannot reach it, and no existing object ever points to a new one.

The analysis is a may-analysis over the control-flow graph: each stack slot and local holds
the set of allocation sites (pcs, and `THIS`) whose newest object it may hold, plus
`OTHER_VALUE` when it may hold anything else (an older object of a site among them: a
``new`` turns the site's tag into `OTHER_VALUE` wherever it is held, and un-escapes the
site); the frame also carries the sites that may have escaped on some path. A write is to an own object when its object's set holds neither `OTHER_VALUE` nor an
escaped site. Methods with subroutines (``jsr``/``ret``) are `OTHER`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from jhalt.bytecode.cfg import ControlFlowGraph
from jhalt.bytecode.instructions import Instruction
from jhalt.bytecode.opcodes import Kind

FRESH, RECEIVER, OTHER = "fresh", "receiver", "other"
KINDS = (FRESH, RECEIVER, OTHER)
"""From the most to the least precise."""

Tags = frozenset[int | str]
OTHER_VALUE = "?"
THIS = "this"
_ANY: Tags = frozenset({OTHER_VALUE})
_NONE: Tags = frozenset()


@dataclass(frozen=True)
class MethodWrites:
    """The classification of a method (module docstring); ``this_escapes`` says whether
    the method may let its receiver escape (always False for `RECEIVER`); ``fresh_result``
    whether every object it returns is one it allocated and that has not escaped (or one
    such a method returned to it), so that nothing but the caller reaches it."""

    kind: str
    this_escapes: bool
    fresh_result: bool = False


CallWrites = Callable[[Instruction], MethodWrites]
"""What the methods an invocation may run do, as one `MethodWrites` (the least precise)."""


@dataclass(frozen=True)
class _Frame:
    locals: tuple[Tags, ...]
    stack: tuple[Tags, ...]
    escaped: Tags

    def join(self, other: _Frame) -> _Frame:
        return _Frame(
            tuple(a | b for a, b in zip(self.locals, other.locals, strict=True)),
            tuple(a | b for a, b in zip(self.stack, other.stack, strict=True)),
            self.escaped | other.escaped,
        )


@dataclass
class _Record:
    calls: CallWrites
    writes_other: bool = False
    writes_this: bool = False
    this_escapes: bool = False
    fresh_result: bool = True

    def write(self, target: Tags, escaped: Tags) -> None:
        if OTHER_VALUE in target or target & escaped:
            self.writes_other = True
        self.writes_this = self.writes_this or THIS in target


def method_writes(
    cfg: ControlFlowGraph,
    max_locals: int,
    argument_slots: int,
    is_static: bool,
    calls: CallWrites,
) -> MethodWrites:
    """The classification of the method of ``cfg`` (module docstring). ``argument_slots``
    counts the local slots of the receiver and the parameters; ``calls`` classifies the
    methods each of its invocations may run."""
    if cfg.subroutines:
        return MethodWrites(OTHER, True, False)
    first = [_ANY] * argument_slots + [_NONE] * (max_locals - argument_slots)
    if not is_static and max_locals:
        first[0] = frozenset({THIS})
    record = _Record(calls)
    states: dict[int, _Frame] = {0: _Frame(tuple(first), (), _NONE)}
    work = [0]
    while work:
        block = cfg.block(work.pop())
        frame = states[block.start]
        seen = [frame]
        for ins in block.instructions:
            frame = _step(frame, ins, record)
            seen.append(frame)
        targets = [(s, frame) for s in block.successors]
        for edge in block.exception_successors:
            merged = seen[0]
            for later in seen[1:]:
                merged = _Frame(
                    tuple(a | b for a, b in zip(merged.locals, later.locals, strict=True)),
                    (),
                    merged.escaped | later.escaped,
                )
            targets.append((edge.handler, _Frame(merged.locals, (_ANY,), merged.escaped)))
        for start, out in targets:
            known = states.get(start)
            joined = out if known is None else known.join(out)
            if joined != known:
                states[start] = joined
                work.append(start)
    fresh = record.fresh_result
    if record.writes_other or (record.writes_this and record.this_escapes):
        return MethodWrites(OTHER, record.this_escapes, fresh)
    return MethodWrites(RECEIVER if record.writes_this else FRESH, record.this_escapes, fresh)


def _step(frame: _Frame, ins: Instruction, record: _Record) -> _Frame:
    if ins.kind == Kind.STACK:
        return _Frame(frame.locals, _shuffle(frame.stack, ins.mnemonic), frame.escaped)
    locals_, stack = list(frame.locals), list(frame.stack)
    popped = tuple(stack[len(stack) - ins.pops :]) if ins.pops else ()
    del stack[len(stack) - ins.pops :]
    escaped = set(frame.escaped)

    def escape(values: tuple[Tags, ...]) -> None:
        for tags in values:
            escaped.update(tags - _ANY)
            record.this_escapes = record.this_escapes or THIS in tags

    pushed = _pushed(ins, locals_, popped)
    if ins.kind == Kind.STORE and ins.local is not None:
        locals_[ins.local] = popped[0] if ins.op == "astore" else _ANY
        if ins.pops == 2:
            locals_[ins.local + 1] = _ANY
    elif ins.kind in (Kind.NEW, Kind.NEWARRAY):
        locals_, stack = _older(locals_, ins.pc), _older(stack, ins.pc)
        escaped.discard(ins.pc)
    elif ins.mnemonic == "putfield" or ins.kind == Kind.ARRAYSTORE:
        stored = popped[1:] if ins.mnemonic == "putfield" else popped[2:]
        if ins.mnemonic in ("putfield", "aastore"):
            escape(stored)
        record.write(popped[0], frozenset(escaped))
    elif ins.mnemonic == "putstatic":
        escape(popped)
    elif ins.mnemonic == "areturn":
        owned = popped[0] - {THIS}
        record.fresh_result = record.fresh_result and not (
            OTHER_VALUE in owned or owned & escaped or THIS in popped[0]
        )
    elif ins.kind == Kind.INVOKE:
        if _invoke(ins, popped, record, escape, frozenset(escaped)):
            locals_, stack = _older(locals_, ins.pc), _older(stack, ins.pc)
            escaped.discard(ins.pc)
            pushed = frozenset({ins.pc})
    stack.extend([pushed] * ins.pushes)
    return _Frame(tuple(locals_), tuple(stack), frozenset(escaped))


def _older(slots: list[Tags], site: int) -> list[Tags]:
    """``slots`` once a new object of ``site`` is allocated: the objects of ``site`` made
    before become anything else (`OTHER_VALUE`) — the site's tag names the newest one."""
    return [(tags - {site}) | _ANY if site in tags else tags for tags in slots]


def _pushed(ins: Instruction, locals_: list[Tags], popped: tuple[Tags, ...]) -> Tags:
    if ins.kind == Kind.LOAD and ins.op == "aload" and ins.local is not None:
        return locals_[ins.local]
    if ins.kind in (Kind.NEW, Kind.NEWARRAY):
        return frozenset({ins.pc})
    if ins.kind == Kind.CHECKCAST:
        return popped[0]
    if ins.mnemonic == "aconst_null":
        return _NONE
    return _ANY


def _invoke(
    ins: Instruction,
    popped: tuple[Tags, ...],
    record: _Record,
    escape: Callable[[tuple[Tags, ...]], None],
    escaped: Tags,
) -> bool:
    """The effect of a call: its arguments escape; its receiver escapes unless every method
    it may run keeps ``this`` to itself, and is written when one of them writes it. True
    when the object it returns is fresh (an allocation site of its own: the call's pc)."""
    if ins.mnemonic == "invokedynamic":
        record.writes_other = True
        escape(popped)
        return False
    callee = record.calls(ins)
    if callee.kind == OTHER:
        record.writes_other = True
    if ins.mnemonic == "invokestatic":
        escape(popped)
        return callee.fresh_result
    receiver = popped[0]
    escape(popped[1:])
    if callee.this_escapes:
        escape((receiver,))
    if callee.kind == RECEIVER:
        record.write(receiver, escaped)
    return callee.fresh_result and ins.member.name != "<init>"


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
