"""What an observing replay must know about the proved loop, read from its class file.

`loop_shape` finds the natural loop of the method that contains the proved head pc (the
innermost one; the head need not be the loop's header block) and states, from the bytecode
alone:

* ``exits`` — the pcs outside the loop that a loop block may branch to (normal edges); a
  thread reaching one in the loop's frame has left the loop, so states seen before it say
  nothing about the loop any more;
* ``slots`` — the locals live at the head (their verification types, JVM spec §4.10), with
  their source names (LocalVariableTable, else ``local<slot>``); ``stack_empty`` whether the
  operand stack is empty there (javac's loops always are);
* ``statics`` — the static fields the loop reads or writes, and ``init_classes`` the classes
  whose initialisation the loop may trigger (``new``, ``getstatic``, ``putstatic``,
  ``invokestatic``): both belong to the state an exact repeat compares;
* ``deterministic`` — None when the next visit of the head is a function of that state, else
  why not. Refused: a call of anything but the few pure JDK methods of `PURE_METHODS`,
  ``invokedynamic``, monitors, ``jsr``/``ret``, and a local the observer cannot read as a
  value (an uninitialised object, a return address) live at the head. Assumption (documented here, where it is
  made): the methods of `PURE_METHODS` write nothing and return a function of their
  arguments and the heap reachable from them (``Math.abs``, ``String.length``…; the
  constructor of ``Object`` does nothing);
* ``reads_heap`` — whether the loop reads fields or array elements at all; when it does not,
  the locals alone are the state.
"""

from __future__ import annotations

from dataclasses import dataclass

from jhalt.bytecode.body import MethodBody, analyze_method
from jhalt.bytecode.loops import Loop
from jhalt.bytecode.opcodes import Kind
from jhalt.classfile import ClassPath
from jhalt.classfile.model import ClassConst, MemberRef
from jhalt.errors import JhaltError
from jhalt.ids import FieldId, MethodId

PURE_METHODS = frozenset(
    {
        ("java/lang/Object", "<init>"),  # does nothing
        ("java/lang/Math", "abs"),
        ("java/lang/Math", "max"),
        ("java/lang/Math", "min"),
        ("java/lang/String", "length"),
        ("java/lang/String", "charAt"),
        ("java/lang/String", "isEmpty"),
    }
)
_REFUSED_KINDS = {
    Kind.MONITOR: "takes a monitor",
    Kind.JSR: "uses a subroutine (jsr)",
    Kind.RET: "uses a subroutine (ret)",
}
_HEAP_KINDS = frozenset({Kind.FIELD, Kind.ARRAYLOAD, Kind.ARRAYLENGTH, Kind.INVOKE})
_OPAQUE_TAGS = frozenset({"uninitialized", "uninitialized_this", "return_address"})
_TYPE_TAGS = {"int": "I", "float": "F", "long": "J", "double": "D", "object": "L", "null": "L"}


@dataclass(frozen=True)
class StateSlot:
    """A local live at the head: slot number, JDWP type tag (I, J, F, D or L), source name."""

    slot: int
    tag: str
    name: str


@dataclass(frozen=True)
class LoopShape:
    """The proved loop as the observer sees it (module docstring)."""

    method: MethodId
    head_pc: int
    pcs: frozenset[int]
    exits: tuple[int, ...]
    slots: tuple[StateSlot, ...]
    stack_empty: bool
    statics: tuple[FieldId, ...]
    init_classes: tuple[str, ...]
    deterministic: str | None  # None, or why the loop is not a function of its state
    reads_heap: bool
    source_file: str | None
    line: int | None

    @property
    def where(self) -> str:
        """``Loop.java:7``, else the method and pc."""
        if self.source_file and self.line is not None:
            return f"{self.source_file}:{self.line}"
        return f"{self.method.dotted_class}.{self.method.name} pc {self.head_pc}"


class NoLoopShape(JhaltError):
    """The method or a loop around the head pc cannot be found in the class path."""


def loop_shape(classpath: str, method: MethodId, head_pc: int) -> LoopShape:
    """The shape of the innermost natural loop of ``method`` containing ``head_pc``."""
    path = ClassPath.from_spec(classpath)
    try:
        classfile = path.find(method.class_name)
        info = classfile.method(method.name, method.descriptor) if classfile else None
        if classfile is None or info is None or info.code is None:
            raise NoLoopShape(f"{method} has no code in {classpath}")
        body = analyze_method(info, classfile)
        loop = _innermost_loop(body, head_pc)
        return _shape(body, loop, head_pc, classfile.source_file)
    finally:
        path.close()


def _innermost_loop(body: MethodBody, pc: int) -> Loop:
    block = body.cfg.block_containing(pc).start
    loop = body.loops.innermost_loop(block)
    if loop is None:
        raise NoLoopShape(f"pc {pc} of {body.method_id} is in no loop")
    return loop


def _shape(body: MethodBody, loop: Loop, head_pc: int, source_file: str | None) -> LoopShape:
    cfg = body.cfg
    pcs = frozenset(i.pc for start in loop.body for i in cfg.block(start).instructions)
    exits = sorted(
        {s for start in loop.body for s in cfg.block(start).successors if s not in loop.body}
    )
    instructions = [body.instruction_at[pc] for pc in sorted(pcs)]
    frame = body.frames.at(head_pc)
    slots: list[StateSlot] = []
    opaque = None
    if frame is not None:
        for slot, kind in enumerate(frame.locals):
            tag = _TYPE_TAGS.get(kind.tag)
            if kind.tag in _OPAQUE_TAGS:
                opaque = f"local {slot} holds an {kind.tag.replace('_', ' ')} at the head"
            elif tag is not None:
                name = body.code.local_name(slot, head_pc) or f"local{slot}"
                slots.append(StateSlot(slot, tag, name))
    statics: set[FieldId] = set()
    classes: set[str] = set()
    for instruction in instructions:
        operand = instruction.operand
        if instruction.mnemonic in ("getstatic", "putstatic") and isinstance(operand, MemberRef):
            statics.add(FieldId(operand.owner, operand.name, operand.descriptor))
            classes.add(operand.owner)
        elif instruction.mnemonic == "invokestatic" and isinstance(operand, MemberRef):
            classes.add(operand.owner)
        elif instruction.mnemonic == "new" and isinstance(operand, ClassConst):
            classes.add(operand.name)
    return LoopShape(
        method=body.method_id,
        head_pc=head_pc,
        pcs=pcs,
        exits=tuple(exits),
        slots=tuple(slots),
        stack_empty=frame is not None and not frame.stack,
        statics=tuple(sorted(statics, key=str)),
        init_classes=tuple(sorted(classes)),
        deterministic=(
            "unreachable head" if frame is None else opaque or _nondeterminism(instructions)
        ),
        reads_heap=any(i.kind in _HEAP_KINDS for i in instructions),
        source_file=source_file,
        line=body.code.line_at(head_pc),
    )


def _nondeterminism(instructions: list) -> str | None:
    """Why these instructions are not a function of the state at the head, or None."""
    for instruction in instructions:
        refused = _REFUSED_KINDS.get(instruction.kind)
        if refused:
            return f"the loop {refused} at pc {instruction.pc}"
        if instruction.kind is Kind.INVOKE:
            operand = instruction.operand
            if instruction.mnemonic == "invokedynamic" or not isinstance(operand, MemberRef):
                return f"the loop makes a dynamic call at pc {instruction.pc}"
            if (operand.owner, operand.name) not in PURE_METHODS:
                owner = operand.owner.replace("/", ".")
                return f"the loop calls {owner}.{operand.name} at pc {instruction.pc}"
    return None


__all__ = ["PURE_METHODS", "LoopShape", "NoLoopShape", "StateSlot", "loop_shape"]
