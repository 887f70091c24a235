"""Mutants for the check of Conjecture 4.17 (thesis 004 §4.6): the irrelevant instructions of a
method replaced, in place, by neutral code with the same stack shape — so that their effect is
dropped and the rest of the method is untouched.

The code is cut into *runs*: maximal sequences of consecutive instructions that are irrelevant
or harmless neutral ones (``nop``, ``pop``, ``pop2``, ``new`` with the ``dup`` after it, the
call of ``Object``'s constructor, a ``dup`` of a value pushed inside the run), that no
jump enters except at the first, and that end at the latest with an irrelevant branch. A run
is replaced by code of at most its length that pops what the run took from the stack below it,
pushes a *different* constant of each type the run leaves (``5``, ``1L``, ``2.0f``, ``1.0``,
``null``: a value no relevant instruction may depend on), then, for a run ending in a branch,
jumps to the branch's exit (a target from which the branch is not reached again; in the graph:
a loop's exit), and is padded with ``nop``s. Stores of irrelevant values disappear, so later
(irrelevant) reads may see a stale or unset local: the mutant runs without bytecode
verification (`MUTANT_JVM_FLAGS`), which is the point — only irrelevant instructions read such
locals, and they are replaced too.

A replacement that does not fit in its run's bytes goes to a *stub* appended after the end of
the code array: the run starts with a ``goto`` to the stub, which does the run's neutral work and
jumps back (to the run's end or the branch's exit). Offsets inside the original code do not
move, so the exception table, line numbers and frames stay valid (the frames are not checked:
no verification). An irrelevant value return after a relevant instruction (``return f(x)``
whose value no caller uses) is handled the same way: that instruction moves into a stub,
followed by a different constant returned — provided no exception handler covers it (its
exceptions must still reach the same handlers) and no jump enters between the two. A run
shorter than a ``goto`` whose replacement does not fit leaves its instructions unmutated; their
findings are "not checked".
"""

from __future__ import annotations

import struct
from collections.abc import Iterable
from dataclasses import dataclass, field

from jhalt.bytecode import Instruction, Kind
from jhalt.bytecode.body import MethodBody
from jhalt.classfile.model import VerificationType
from jhalt.classfile.patch import replace_code as patch_class

__all__ = ["MUTANT_JVM_FLAGS", "MethodMutation", "mutate_method", "patch_class"]

MUTANT_JVM_FLAGS = (
    "-XX:+UnlockDiagnosticVMOptions",
    "-XX:-BytecodeVerificationRemote",
    "-XX:-BytecodeVerificationLocal",
)
NOP, POP, POP2, GOTO = 0x00, 0x57, 0x58, 0xA7
_PUSH = {"int": b"\x08", "float": b"\x0d", "long": b"\x0a", "double": b"\x0f"}
_REFERENCE_TAGS = frozenset({"object", "null"})
_SAFE_NEUTRAL = frozenset({"nop", "pop", "pop2", "new"})
_RETURNED = {
    "ireturn": bytes([POP]) + _PUSH["int"],
    "freturn": bytes([POP]) + _PUSH["float"],
    "lreturn": bytes([POP2]) + _PUSH["long"],
    "dreturn": bytes([POP2]) + _PUSH["double"],
    "areturn": bytes([POP, 0x01]),
}
"""An irrelevant value return's value replaced: the value popped, a constant pushed."""
_PC_RELATIVE = frozenset({Kind.BRANCH, Kind.SWITCH, Kind.GOTO, Kind.JSR, Kind.RET})


@dataclass(frozen=True)
class MethodMutation:
    """The new code array of a method, and the irrelevant pcs it could not replace."""

    code: bytes
    mutated: frozenset[int]
    skipped: frozenset[int]


def mutate_method(
    body: MethodBody, irrelevant: Iterable[int], exits: dict[int, int]
) -> MethodMutation:
    """Replace the runs of ``body`` covering the ``irrelevant`` pcs (module docstring);
    ``exits`` maps an irrelevant branch's pc to the pc it must always go to."""
    wanted = frozenset(irrelevant)
    code = _Code(bytearray(body.code.bytecode))
    mutated: set[int] = set()
    for whole in _runs(body, wanted):
        for run, replacement in _fitting(body, whole, exits):
            start = run[0].pc
            if replacement is not None:
                code.array[start : start + len(replacement)] = replacement
            elif not code.divert(start, run[-1].next_pc, _stub(body, run, exits)):
                continue
            mutated |= {ins.pc for ins in run if ins.pc in wanted}
    mutated |= _returns_of_mutated_values(body, wanted, mutated)
    mutated |= _relocated_returns(body, wanted - mutated, code)
    return MethodMutation(code.bytes(), frozenset(mutated), wanted - mutated)


@dataclass
class _Code:
    """A code array being mutated, with the stubs appended after its end."""

    array: bytearray
    stubs: bytearray = field(default_factory=bytearray)

    def divert(self, start: int, end: int, stub: tuple[bytes, int | None] | None) -> bool:
        """Replace ``[start, end)`` by a ``goto`` to ``stub``'s code, which then jumps to its
        resume pc (None: the code ends in a return); False (nothing changed) when there is no
        stub or no room for the jumps."""
        if stub is None or end - start < 3:
            return False
        work, resume = stub
        at = len(self.array) + len(self.stubs)
        back = b""
        if resume is not None:
            back = struct.pack(">Bh", GOTO, resume - (at + len(work)))
        if at - start >= 2**15 or at + len(work) + len(back) > 2**15:
            return False  # a goto's offset is 16 bits (no goto_w here)
        self.array[start:end] = struct.pack(">Bh", GOTO, at - start) + bytes(end - start - 3)
        self.stubs += work + back
        return True

    def bytes(self) -> bytes:
        return bytes(self.array + self.stubs)


def _relocated_returns(body: MethodBody, wanted: frozenset[int], code: _Code) -> set[int]:
    """The irrelevant value returns made to return a different constant by moving the relevant
    instruction before them into a stub (module docstring)."""
    covered = [(h.start_pc, h.end_pc) for h in body.code.exception_table]
    entered = _entered(body)
    done: set[int] = set()
    previous: Instruction | None = None
    for ins in body.instructions:
        push = _RETURNED.get(ins.mnemonic)
        if ins.pc in wanted and push is not None and previous is not None:
            movable = previous.kind not in _PC_RELATIVE and ins.pc not in entered
            movable = movable and not any(
                a <= p < b for a, b in covered for p in (previous.pc, ins.pc)
            )
            original = body.code.bytecode[previous.pc : ins.next_pc]
            if movable and code.array[previous.pc : ins.next_pc] == original:  # not mutated
                work = original[:-1] + push + original[-1:]  # the instruction, then the return
                if code.divert(previous.pc, ins.next_pc, (work, None)):
                    done.add(ins.pc)
        previous = ins
    return done


def _returns_of_mutated_values(
    body: MethodBody, wanted: frozenset[int], mutated: set[int]
) -> set[int]:
    """The irrelevant value returns whose value a replaced run computes: a return cannot be
    removed, but what it returns is then the replacement's constant."""
    found: set[int] = set()
    previous: Instruction | None = None
    for ins in body.instructions:
        if ins.pc in wanted and ins.kind is Kind.RETURN and previous is not None:
            if previous.pc in mutated:
                found.add(ins.pc)
        previous = ins
    return found


def _entered(body: MethodBody) -> frozenset[int]:
    """The pcs a jump or an exception handler may enter."""
    found: set[int] = set()
    for ins in body.instructions:
        found.update(ins.jump_targets)
    found.update(h.handler_pc for h in body.code.exception_table)
    return frozenset(found)


def _runs(body: MethodBody, wanted: frozenset[int]) -> list[list[Instruction]]:
    entered = _entered(body)
    runs: list[list[Instruction]] = []
    current: list[Instruction] = []
    for ins in body.instructions:
        fits = ins.pc in wanted and ins.kind not in (Kind.GOTO, Kind.RETURN, Kind.THROW)
        fits = fits or ins.op in _SAFE_NEUTRAL or _dup_after_new(current, ins)
        fits = fits or _object_constructor(ins) or _dup_of_run_value(current, ins)
        if current and (not fits or ins.pc in entered):
            runs.append(current)
            current = []
        if fits:
            current.append(ins)
            if ins.kind in (Kind.BRANCH, Kind.SWITCH, Kind.JSR, Kind.RET):
                runs.append(current)
                current = []
    if current:
        runs.append(current)
    return [run for run in runs if any(ins.pc in wanted for ins in run)]


def _object_constructor(ins: Instruction) -> bool:
    """``invokespecial java/lang/Object.<init>``: it does nothing (JVMS: Object's constructor
    has no effect), so a run may drop it with the object it initialises."""
    if ins.mnemonic != "invokespecial":
        return False
    member = ins.member
    return member.owner == "java/lang/Object" and member.name == "<init>"


def _dup_after_new(current: list[Instruction], ins: Instruction) -> bool:
    return ins.op == "dup" and bool(current) and current[-1].op == "new"


def _dup_of_run_value(current: list[Instruction], ins: Instruction) -> bool:
    """A ``dup`` of a value the run itself pushed (a run without ``new``): both copies are
    then values of irrelevant instructions, and the run's replacement stands for them. javac
    22 and later write ``dup; invokestatic Objects.requireNonNull; pop`` after loading the
    outer instance an inner class's constructor stores (``this$0``): without this, that
    ``dup`` would cut the run of an unused outer instance into pieces too short to replace."""
    if ins.op != "dup" or not current or any(i.op == "new" for i in current):
        return False
    depth = lowest = 0
    for earlier in current:
        depth -= earlier.pops
        lowest = min(lowest, depth)
        depth += earlier.pushes
    return depth - lowest >= 1


def _fitting(
    body: MethodBody, run: list[Instruction], exits: dict[int, int]
) -> list[tuple[list[Instruction], bytes | None]]:
    """The pieces of ``run`` with their replacements: the run itself, or — when it creates an
    object that outlives it (a relevant object built by an irrelevant constructor call) or does
    not fit — the pieces between its ``new``/``dup`` pairs, so that the objects stay."""
    replacement = _replacement(body, run, exits)
    has_new = any(ins.op == "new" for ins in run)
    if not has_new or (replacement is not None and not _leaves_values(body, run)):
        return [(run, replacement)]
    pieces: list[list[Instruction]] = [[]]
    for ins in run:
        if ins.op == "new" or (ins.op == "dup" and pieces[-1] == [] and len(pieces) > 1):
            if pieces[-1]:
                pieces.append([])
            continue
        pieces[-1].append(ins)
    return [(piece, _replacement(body, piece, exits)) for piece in pieces if piece]


def _leaves_values(body: MethodBody, run: list[Instruction]) -> bool:
    """Whether ``run`` leaves values on the stack that were not there before it."""
    depth = 0
    for ins in run:
        depth += ins.pushes - ins.pops
    return depth > 0


@dataclass(frozen=True)
class _Neutral:
    """What a run's neutral replacement does: pop ``taken``, store ``stores``, push a different
    constant for each slot of ``left``, go on at ``resume`` (the run's end or a branch's exit)."""

    pops: bytes
    stores: bytes
    pushes: bytes
    resume: int
    compact_pops: bytes | None
    """Pops when the run's operands can stand for its results (no pushes), else None."""


def _neutral(body: MethodBody, run: list[Instruction], exits: dict[int, int]) -> _Neutral | None:
    """The neutral work of ``run``, or None when it cannot be typed (module docstring)."""
    last = run[-1]
    if last.kind in (Kind.JSR, Kind.RET):
        return None
    before = body.frames.at(run[0].pc)
    branch = last.kind in (Kind.BRANCH, Kind.SWITCH)
    end_pc = last.next_pc
    resume = exits.get(last.pc, last.jump_targets[0] if branch and last.jump_targets else end_pc)
    after = body.frames.at(resume if branch else end_pc)
    if before is None or after is None:
        return None
    depth = lowest = 0
    for ins in run:
        depth -= ins.pops
        lowest = min(lowest, depth)
        depth += ins.pushes
    keep = len(before.stack) + lowest
    if keep < 0 or len(after.stack) < keep:
        return None
    taken, left = before.stack[keep:], after.stack[keep:]
    pops, pushes = _pops(taken), _pushes(left)
    if pops is None or pushes is None:
        return None
    compact = _pops(taken[len(left) :]) if _same_types(taken[: len(left)], left) else None
    stores = _store_constants(run, after.locals)
    return _Neutral(pops, stores, pushes, resume if branch else end_pc, compact)


def _replacement(body: MethodBody, run: list[Instruction], exits: dict[int, int]) -> bytes | None:
    """The code replacing ``run`` in place, or None when it does not fit or cannot be typed."""
    neutral = _neutral(body, run, exits)
    if neutral is None:
        return None
    end_pc = run[-1].next_pc
    length = end_pc - run[0].pc
    code, pushes = neutral.pops, neutral.pushes
    if len(code) + len(pushes) > length and neutral.compact_pops is not None:
        code, pushes = neutral.compact_pops, b""  # the operands stand for the results
    jump = b""
    if neutral.resume != end_pc:
        jump = struct.pack(">Bh", GOTO, neutral.resume - (end_pc - 3))
    if len(code) + len(neutral.stores) + len(pushes) + len(jump) <= length:
        code += neutral.stores  # the stored locals keep their type: later reads stay well-typed
    code += pushes
    if len(code) + len(jump) > length:
        return None
    return code + bytes([NOP]) * (length - len(code) - len(jump)) + jump


def _stub(
    body: MethodBody, run: list[Instruction], exits: dict[int, int]
) -> tuple[bytes, int] | None:
    """The neutral work of ``run`` for a stub (all of it: room is no concern there) and the pc
    the stub jumps back to."""
    neutral = _neutral(body, run, exits)
    if neutral is None:
        return None
    return neutral.pops + neutral.stores + neutral.pushes, neutral.resume


def _same_types(a: tuple[VerificationType, ...], b: tuple[VerificationType, ...]) -> bool:
    """Whether slots ``a`` can stand for slots ``b`` (same primitive tags; references)."""
    if len(a) != len(b):
        return False
    return all(
        x.tag == y.tag or (x.tag in _REFERENCE_TAGS and y.tag in _REFERENCE_TAGS)
        for x, y in zip(a, b)
    )


_STORE = {"int": (0x36, 0x3B), "long": (0x37, 0x3F), "float": (0x38, 0x43), "double": (0x39, 0x47)}


def _store_constants(run: list[Instruction], locals_after: tuple[VerificationType, ...]) -> bytes:
    """For each local a store of the run writes (and that is still typed after it): a
    different constant of its type stored there instead."""
    out = bytearray()
    for slot in dict.fromkeys(ins.local for ins in run if ins.kind is Kind.STORE):
        if slot is None or slot >= len(locals_after) or slot > 255:
            continue
        tag = locals_after[slot].tag
        if tag in _STORE:
            out += _PUSH[tag]
            wide, short = _STORE[tag]
        elif tag in _REFERENCE_TAGS:
            out.append(0x01)
            wide, short = 0x3A, 0x4B
        else:
            continue
        out += bytes([short + slot]) if slot <= 3 else bytes([wide, slot])
    return bytes(out)


def _pops(slots: tuple[VerificationType, ...]) -> bytes | None:
    out = bytearray()
    index = len(slots) - 1
    while index >= 0:
        if slots[index].tag == "top" and index > 0 and slots[index - 1].tag in ("long", "double"):
            out.append(POP2)
            index -= 2
        else:
            out.append(POP)
            index -= 1
    return bytes(out)


def _pushes(slots: tuple[VerificationType, ...]) -> bytes | None:
    out = bytearray()
    index = 0
    while index < len(slots):
        tag = slots[index].tag
        if tag in _PUSH:
            out += _PUSH[tag]
            index += 2 if tag in ("long", "double") else 1
        elif tag in _REFERENCE_TAGS:
            out.append(0x01)  # aconst_null
            index += 1
        else:
            return None
    return bytes(out)
