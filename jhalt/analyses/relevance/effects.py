"""What one evaluation edge of the graph does to the locations of `locations` — the thesis's
Def. 4.4 inputs and outputs, Fig. 4.5/4.6 tracked and modified data, and §4.3.3/§4.3.4 for
calls, returns and exceptions — as an `EdgeEffect`, read off the two states and the instruction.

An effect lists ``inputs`` (values the instruction reads), ``outputs`` (locations it sets),
``moves`` (``(target, source)`` pairs: the value and the contents at ``target`` after the edge
are those at ``source`` before it — loads, stores, ``dup``s, argument passing, returned values,
the caught exception), ``content_inputs`` (inputs whose objects' contents the result depends on:
``getfield``, array loads, library calls), ``write_target`` (the input whose object the
instruction writes into: ``putfield``, array stores, mutating library calls), ``world`` (an
effect outside the analysed state: a library call of kind ``WORLD``, a monitor) and ``forced``
(the instruction's inputs an obligation of `branches` makes relevant: its ``inputs`` or, for a
copy, its move sources). Every location of the source state that is neither an output nor a
move target keeps its contents (passes through).
"""

from __future__ import annotations

from dataclasses import dataclass

from jhalt.analyses.relevance.code import Bodies, entries_for_slots
from jhalt.analyses.relevance.library_effects import (
    RECEIVER,
    STRING_CONCAT,
    WORLD,
    WRITES_ARGUMENT,
    library_effect,
)
from jhalt.analyses.relevance.locations import (
    EXCEPTION,
    Location,
    local,
    stack,
    static,
    top_frame,
)
from jhalt.bytecode import Instruction, Kind
from jhalt.bytecode.semantics import apply_stack_op
from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.classfile.model import DynamicConst
from jhalt.domains.state import AbstractState
from jhalt.ids import FieldId, MethodId
from jhalt.seg.evaluate.common import category

ENTER = "enter"
SUMMARY = "summary"
SUMMARY_FRESH = "summary-fresh"
THROW = "throw"
"""The kind of an edge that throws (an implicit or explicit exception of its instruction)."""

RESULT: Location = ("r",)
"""The entry's returned value, at the program end its return leads to."""


@dataclass(frozen=True)
class EdgeEffect:
    """See the module docstring. ``kind`` names the edge: ``step``, ``library``, ``throw``,
    ``call``, ``return``, ``catch``, ``unwind``, and for recursive calls ``enter`` and
    ``summary`` (`contexts`)."""

    kind: str
    inputs: tuple[Location, ...] = ()
    outputs: tuple[Location, ...] = ()
    moves: tuple[tuple[Location, Location], ...] = ()
    content_inputs: tuple[Location, ...] = ()
    write_target: Location | None = None
    world: bool = False
    writes_reached: bool = False
    """A recursive call's summary: it may write the static fields and whatever its arguments
    or the static fields reach (`contexts`)."""
    writes_statics_only: bool = False
    """With ``writes_reached``: the callee writes no object that existed before the call,
    only static fields (and objects it allocates)."""

    @property
    def killed(self) -> frozenset[Location]:
        return frozenset(self.outputs) | {target for target, _ in self.moves}


def edge_effect(bodies: Bodies, n: AbstractState, m: AbstractState, call: str = "") -> EdgeEffect:
    """The effect of the evaluation edge from ``n`` to ``m`` (module docstring); ``call`` is
    ``enter`` for an edge into a recursive call's context (no location of ``n`` is one of
    ``m``: nothing moves), ``summary`` or ``summary-fresh`` (the callee writes only objects
    it allocates) for a recursive call's summary edge (`contexts`)."""
    if call == ENTER:
        return EdgeEffect(ENTER)
    if call and m.exception is None:
        return _summary(n, m, bodies.instruction(n.position.method, n.position.pc), call)
    if n.exception is not None:
        return _exceptional(n, m)
    ins = bodies.instruction(n.position.method, n.position.pc)
    if len(m.frames) > len(n.frames):
        return _call(n, m, ins)
    if len(m.frames) < len(n.frames):
        return _return(n, m)
    if m.exception is not None:
        popped = _popped_locations(n, ins)
        return EdgeEffect(THROW, inputs=popped, outputs=(EXCEPTION,), content_inputs=popped)
    if ins.kind is Kind.INVOKE:
        return _library(n, m, ins)
    return _step(n, m, ins)


def _summary(n: AbstractState, m: AbstractState, ins: Instruction, call: str) -> EdgeEffect:
    """A recursive call as the caller sees it: reads its arguments and what they reach, sets
    its result, may write the static fields and what they or the arguments reach (only the
    static fields for ``summary-fresh``)."""
    popped = _popped_locations(n, ins)
    return EdgeEffect(
        SUMMARY,
        inputs=popped,
        outputs=_pushed_locations(n, m, len(popped)),
        content_inputs=popped,
        writes_reached=True,
        writes_statics_only=call == SUMMARY_FRESH,
    )


def _popped_locations(n: AbstractState, ins: Instruction) -> tuple[Location, ...]:
    frame = top_frame(n)
    height = len(n.top.stack)
    count = entries_for_slots(n, ins.pops)
    return tuple(stack(frame, i) for i in range(height - count, height))


def _pushed_locations(n: AbstractState, m: AbstractState, popped: int) -> tuple[Location, ...]:
    frame = top_frame(n)
    base = len(n.top.stack) - popped
    return tuple(stack(frame, i) for i in range(base, len(m.top.stack)))


def _exceptional(n: AbstractState, m: AbstractState) -> EdgeEffect:
    """Handler lookup: caught (the exception becomes the only stack entry) or unwound."""
    if m.exception is None and len(m.frames) == len(n.frames):
        return EdgeEffect("catch", moves=((stack(top_frame(m), 0), EXCEPTION),))
    return EdgeEffect("unwind")


def _call(n: AbstractState, m: AbstractState, ins: Instruction) -> EdgeEffect:
    """A program method (or a class initialiser) gets a frame: its parameters are moved from
    the caller's operand stack into its first local slots (§4.3.3). The receiver of an
    instance method is also an input of the call itself: a relevant call depends on it being
    non-null (the JVM's implicit check) and on its class (dispatch)."""
    callee = top_frame(m)
    if m.position.method.name == "<clinit>":
        return EdgeEffect("call")
    popped = _popped_locations(n, ins)
    moves: list[tuple[Location, Location]] = []
    slot = 0
    for source in popped:
        moves.append((local(callee, slot), source))
        reference = n.top.stack[int(source[2])]  # type: ignore[call-overload]
        slot += category(n, reference)
    receiver = popped[:1] if ins.mnemonic != "invokestatic" else ()
    return EdgeEffect("call", inputs=receiver, moves=tuple(moves))


def _return(n: AbstractState, m: AbstractState) -> EdgeEffect:
    """A frame is popped by a return: the returned value (if any) is moved onto the caller's
    stack, or to `RESULT` when the entry returns."""
    if n.exception is not None:
        return EdgeEffect("unwind")
    has_value = bool(n.top.stack) and m.frames and len(m.top.stack) == len(n.frames[1].stack) + 1
    source = stack(top_frame(n), len(n.top.stack) - 1)
    if not m.frames:
        value = n.top.stack and _returns_value(n)
        return EdgeEffect(
            "return", inputs=(source,) if value else (), moves=((RESULT, source),) if value else ()
        )
    if has_value:
        return EdgeEffect(
            "return", inputs=(source,), moves=((stack(top_frame(m), len(m.top.stack) - 1), source),)
        )
    return EdgeEffect("return")


def _returns_value(n: AbstractState) -> bool:
    return not n.position.method.descriptor.endswith(")V")


def _library(n: AbstractState, m: AbstractState, ins: Instruction) -> EdgeEffect:
    """A call run by a library model (`library_effects`)."""
    popped = _popped_locations(n, ins)
    pushed = _pushed_locations(n, m, len(popped))
    if isinstance(ins.operand, DynamicConst):
        target = MethodId(STRING_CONCAT, ins.operand.name, ins.operand.descriptor)
    else:
        member = ins.member
        target = MethodId(member.owner, member.name, member.descriptor)
    kind, written = library_effect(target)
    write_target = popped[written] if written is not None and written < len(popped) else None
    return EdgeEffect(
        "library",
        inputs=popped,
        outputs=pushed,
        content_inputs=popped,
        write_target=write_target if kind in (RECEIVER, WRITES_ARGUMENT) else None,
        world=kind == WORLD,
    )


def _step(n: AbstractState, m: AbstractState, ins: Instruction) -> EdgeEffect:
    """One instruction within a frame (Fig. 4.3, 4.5, 4.6)."""
    frame = top_frame(n)
    popped = _popped_locations(n, ins)
    pushed = _pushed_locations(n, m, len(popped))
    kind = ins.kind
    if kind is Kind.LOAD:
        return EdgeEffect("step", moves=((pushed[0], local(frame, _slot(ins))),))
    if kind is Kind.STORE:
        slot = _slot(ins)
        killed = (local(frame, slot + 1),) if category(n, n.top.stack[-1]) == 2 else ()
        return EdgeEffect("step", outputs=killed, moves=((local(frame, slot), popped[0]),))
    if kind is Kind.IINC:
        target = local(frame, _slot(ins))
        return EdgeEffect("step", inputs=(target,), outputs=(target,))
    if kind is Kind.STACK:
        return _stack_op(n, ins, popped, pushed)
    if kind is Kind.CHECKCAST:
        return EdgeEffect("step", inputs=popped, moves=((pushed[0], popped[0]),))
    if kind is Kind.FIELD:
        return _field(n, m, ins, popped, pushed)
    if kind is Kind.ARRAYLOAD:
        return EdgeEffect("step", inputs=popped, outputs=pushed, content_inputs=popped[:1])
    if kind is Kind.ARRAYSTORE:
        return EdgeEffect("step", inputs=popped, write_target=popped[0], content_inputs=popped[2:])
    if kind is Kind.MONITOR:
        return EdgeEffect("step", inputs=popped, world=True)
    if kind is Kind.RET:
        return EdgeEffect("step", inputs=(local(frame, _slot(ins)),))
    return EdgeEffect("step", inputs=popped, outputs=pushed)


def _slot(ins: Instruction) -> int:
    assert ins.local is not None
    return ins.local


def _stack_op(
    n: AbstractState, ins: Instruction, popped: tuple[Location, ...], pushed: tuple[Location, ...]
) -> EdgeEffect:
    """``pop``, ``dup``…, ``swap``: pure data movement (JVMS §6.5 forms)."""
    values = list(n.top.stack)
    indices = list(range(len(values)))
    after = apply_stack_op(ins.op, indices, lambda i: category(n, values[i]))
    if after is None:
        return EdgeEffect("step", inputs=popped, outputs=pushed)
    frame = top_frame(n)
    base = len(values) - len(popped)
    moves = tuple(
        (stack(frame, position), stack(frame, source))
        for position, source in enumerate(after)
        if position >= base
    )
    return EdgeEffect("step", moves=moves)


def _field(
    n: AbstractState,
    m: AbstractState,
    ins: Instruction,
    popped: tuple[Location, ...],
    pushed: tuple[Location, ...],
) -> EdgeEffect:
    if ins.op == "getfield":
        return EdgeEffect("step", inputs=popped, outputs=pushed, content_inputs=popped)
    if ins.op == "putfield":
        return EdgeEffect("step", inputs=popped, write_target=popped[0], content_inputs=popped[1:])
    field = _resolved_static(n, m, ins)
    if ins.op == "getstatic":
        if field is None:  # a JDK static the graph does not keep: an unknown value
            return EdgeEffect("step", outputs=pushed)
        return EdgeEffect("step", moves=((pushed[0], static(field)),))
    if field is None:  # a write of a JDK static: outside the analysed state
        return EdgeEffect("step", inputs=popped, content_inputs=popped, world=True)
    return EdgeEffect("step", moves=((static(field), popped[0]),))


def _resolved_static(n: AbstractState, m: AbstractState, ins: Instruction) -> FieldId | None:
    """The static field (as the graph resolved it, JVMS §5.4.3.2) of a get/putstatic: the one
    of the states' static fields with the member's name and descriptor, the owner's first."""
    member = ins.member
    candidates = [
        f
        for f, _ in (*m.static_fields, *n.static_fields)
        if f.name == member.name and f.descriptor == member.descriptor
    ]
    candidates.sort(key=lambda f: f.class_name != member.owner)
    return candidates[0] if candidates else None


def parameter_slots(method: MethodId, is_static: bool) -> list[tuple[int, bool]]:
    """``(slot, is_reference)`` of every parameter of ``method`` (the receiver first)."""
    parameters, _ = parse_method_descriptor(method.descriptor)
    found: list[tuple[int, bool]] = [] if is_static else [(0, True)]
    slot = 0 if is_static else 1
    for parameter in parameters:
        found.append((slot, parameter[0] in "L["))
        slot += 2 if parameter in ("J", "D") else 1
    return found
