"""The verification type of every local and stack slot at every instruction (JVM spec §4.10).

Two sources, as the JVM itself uses them:

- type checking (§4.10.1): when the method has a StackMapTable, its frames are expanded
  (same, same_locals_1_stack_item, chop, append, full) from the initial frame derived from
  the method descriptor; instructions between two declared frames get the frame computed
  by the transfer function from the previous instruction;
- type inference (§4.10.2): otherwise (and, for class files of version 50 or older, when
  the table is unusable, like the JVM's fail-over) a dataflow fixpoint over the
  instructions merges the incoming frames at join points. References merge to their
  least common superclass through a ``common_superclass(a, b)`` callback, by default
  ``java/lang/Object`` for different classes (arrays are merged by component as the
  verifier does); any other disagreement merges to ``top``. Subroutines (jsr/ret) follow
  the old verifier: after a ret, locals the subroutine writes come from the ret, the
  others from the jsr's caller.

Frames are slot-based: a long or double takes two entries, its type then ``top``, in the
locals and on the stack alike (so ``dup2`` and ``pop2`` act on slots). Locals have
``max_locals`` entries. Extra tags besides the model's: ``return_address`` (offset is the
subroutine entry). Instructions the inference does not reach have no frame (None).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from jhalt.bytecode.cfg import ControlFlowGraph
from jhalt.bytecode.instructions import Instruction
from jhalt.bytecode.opcodes import Kind
from jhalt.bytecode.operands import operand_problem
from jhalt.bytecode.semantics import slot_form
from jhalt.classfile.descriptors import (
    class_descriptor,
    descriptor_class,
    parse_method_descriptor,
    to_source,
)
from jhalt.classfile.model import (
    ClassConst,
    DynamicConst,
    FloatConst,
    IntegerConst,
    LongConst,
    MemberRef,
    MethodHandleConst,
    MethodTypeConst,
    StackMapFrame,
    StringConst,
    VerificationType,
)
from jhalt.errors import ClassFormatError

TOP = VerificationType("top")
INT = VerificationType("int")
FLOAT = VerificationType("float")
LONG = VerificationType("long")
DOUBLE = VerificationType("double")
NULL = VerificationType("null")
UNINITIALIZED_THIS = VerificationType("uninitialized_this")
OBJECT_CLASS = "java/lang/Object"
THROWABLE_CLASS = "java/lang/Throwable"

CommonSuperclass = Callable[[str, str], str]


def object_type(class_name: str) -> VerificationType:
    """The type of a reference to ``class_name`` (an internal name or an array descriptor)."""
    return VerificationType("object", class_name=class_name)


def return_address(subroutine_entry: int) -> VerificationType:
    return VerificationType("return_address", offset=subroutine_entry)


_PRIMITIVE_TYPES = {
    "Z": (INT,), "B": (INT,), "C": (INT,), "S": (INT,), "I": (INT,),
    "F": (FLOAT,), "J": (LONG, TOP), "D": (DOUBLE, TOP), "V": (),
}  # fmt: skip


def types_of_descriptor(descriptor: str) -> tuple[VerificationType, ...]:
    """The slots a value of field type ``descriptor`` occupies: ``J`` -> (long, top)."""
    primitive = _PRIMITIVE_TYPES.get(descriptor)
    if primitive is not None:
        return primitive
    return (object_type(descriptor_class(descriptor)),)


def is_reference(t: VerificationType) -> bool:
    return t.tag in ("object", "null", "uninitialized", "uninitialized_this")


@dataclass(frozen=True, slots=True)
class Frame:
    """Types of the locals (``max_locals`` slots) and the operand stack (bottom first)."""

    locals: tuple[VerificationType, ...]
    stack: tuple[VerificationType, ...]

    def __str__(self) -> str:
        local_text = ", ".join(map(type_name, self.locals))
        return f"locals [{local_text}] stack [{', '.join(map(type_name, self.stack))}]"


def type_name(t: VerificationType) -> str:
    """A short readable form: ``int``, ``String``, ``int[]``, ``uninit@12``, ``top``."""
    if t.tag == "object" and t.class_name is not None:
        return to_source(class_descriptor(t.class_name)).removeprefix("java.lang.")
    if t.tag == "uninitialized":
        return f"uninit@{t.offset}"
    if t.tag == "return_address":
        return f"retaddr@{t.offset}"
    return t.tag


@dataclass(frozen=True)
class MethodFrames:
    """The frame before each instruction; ``source`` is "stack_map" or "inferred"."""

    frames: dict[int, Frame]
    source: str

    def at(self, pc: int) -> Frame | None:
        """The frame before the instruction at ``pc``; None if the code there is unreachable."""
        return self.frames.get(pc)


# ---------------------------------------------------------------- initial frame, stack maps


def initial_frame(
    class_name: str, method_name: str, descriptor: str, is_static: bool, max_locals: int
) -> Frame:
    """The frame at pc 0: ``this`` (uninitialized in constructors other than Object's) and
    the parameters, the other locals ``top`` (JVM spec §4.10.1.6)."""
    local_types: list[VerificationType] = []
    if not is_static:
        constructing = method_name == "<init>" and class_name != OBJECT_CLASS
        local_types.append(UNINITIALIZED_THIS if constructing else object_type(class_name))
    params, _ = parse_method_descriptor(descriptor)
    for param in params:
        local_types.extend(types_of_descriptor(param))
    if len(local_types) > max_locals:
        raise ClassFormatError(
            f"parameters need {len(local_types)} locals, max_locals is {max_locals}"
        )
    return Frame(tuple(local_types) + (TOP,) * (max_locals - len(local_types)), ())


def _expand(entries: Sequence[VerificationType]) -> list[VerificationType]:
    slots: list[VerificationType] = []
    for entry in entries:
        slots.append(entry)
        if entry.tag in ("long", "double"):
            slots.append(TOP)
    return slots


def _compress(slots: Sequence[VerificationType]) -> list[VerificationType]:
    entries: list[VerificationType] = []
    i = 0
    while i < len(slots):
        entries.append(slots[i])
        i += 2 if slots[i].tag in ("long", "double") else 1
    return entries


def expand_stack_map(
    initial: Frame, stack_map: Sequence[StackMapFrame], max_locals: int
) -> dict[int, Frame]:
    """The full frames a StackMapTable declares, by pc (JVM spec §4.7.4)."""
    local_entries = _compress(initial.locals)
    while local_entries and local_entries[-1] == TOP:
        local_entries.pop()
    result: dict[int, Frame] = {}
    for declared in stack_map:
        stack_entries: list[VerificationType] = []
        if declared.kind == "same_locals_1_stack_item":
            stack_entries = list(declared.stack)
        elif declared.kind == "chop":
            if declared.chopped > len(local_entries):
                raise ClassFormatError(f"StackMapTable at {declared.offset} chops too many locals")
            local_entries = local_entries[: len(local_entries) - declared.chopped]
        elif declared.kind == "append":
            local_entries = local_entries + list(declared.locals)
        elif declared.kind == "full":
            local_entries = list(declared.locals)
            stack_entries = list(declared.stack)
        elif declared.kind != "same":
            raise ClassFormatError(f"StackMapTable frame kind {declared.kind!r}")
        local_slots = _expand(local_entries)
        if len(local_slots) > max_locals:
            raise ClassFormatError(f"StackMapTable at {declared.offset} exceeds max_locals")
        result[declared.offset] = Frame(
            tuple(local_slots) + (TOP,) * (max_locals - len(local_slots)),
            tuple(_expand(stack_entries)),
        )
    return result


# ---------------------------------------------------------------- the transfer function


@dataclass(frozen=True)
class _Context:
    class_name: str
    max_stack: int
    instruction_at: dict[int, Instruction]
    origin: str | None


def _fail(context: _Context, pc: int, message: str) -> ClassFormatError:
    return ClassFormatError(f"pc {pc}: {message}", context.origin)


def _constant_type(instruction: Instruction) -> tuple[VerificationType, ...]:
    operand = instruction.operand
    if instruction.mnemonic == "aconst_null":
        return (NULL,)
    if instruction.op != "ldc":
        return types_of_descriptor(instruction.info.push_types[0])  # type: ignore[index]
    if isinstance(operand, IntegerConst):
        return (INT,)
    if isinstance(operand, FloatConst):
        return (FLOAT,)
    if isinstance(operand, StringConst):
        return (object_type("java/lang/String"),)
    if isinstance(operand, ClassConst):
        return (object_type("java/lang/Class"),)
    if isinstance(operand, MethodTypeConst):
        return (object_type("java/lang/invoke/MethodType"),)
    if isinstance(operand, MethodHandleConst):
        return (object_type("java/lang/invoke/MethodHandle"),)
    if isinstance(operand, DynamicConst):
        return types_of_descriptor(operand.descriptor)
    # ldc2_w: a LongConst (an int value) or a DoubleConst (a float value).
    return (
        (LONG, TOP) if instruction.pushes == 2 and isinstance(operand, LongConst) else (DOUBLE, TOP)
    )


def _store(
    local_types: list[VerificationType], index: int, value: Sequence[VerificationType]
) -> None:
    if index > 0 and local_types[index - 1].tag in ("long", "double"):
        local_types[index - 1] = TOP  # the store breaks a two-slot value that ended here
    local_types[index : index + len(value)] = value


def step(frame: Frame, instruction: Instruction, context: _Context) -> Frame:
    """The frame after ``instruction`` when it completes normally (JVM spec §4.10.1.9)."""
    pc = instruction.pc
    stack = list(frame.stack)
    if len(stack) < instruction.pops:
        raise _fail(
            context,
            pc,
            f"{instruction.mnemonic} pops {instruction.pops} slots, stack has {len(stack)}",
        )
    popped = stack[len(stack) - instruction.pops :]
    del stack[len(stack) - instruction.pops :]
    problem = operand_problem(instruction, popped)
    if problem is not None:
        raise _fail(context, pc, problem)
    local_types = frame.locals
    _check_local(instruction, len(local_types), context)
    pushed: Sequence[VerificationType]
    if instruction.kind in (Kind.STORE, Kind.IINC):
        new_locals = list(local_types)
        stored = popped if instruction.kind is Kind.STORE else (INT,)
        _store(new_locals, instruction.local, stored)  # type: ignore[arg-type]
        local_types, pushed = tuple(new_locals), ()
    elif instruction.kind is Kind.INVOKE:
        pushed, replace = _invoke_effect(instruction, popped, context)
        if replace is not None:
            receiver, initialised = replace
            local_types = tuple(initialised if t == receiver else t for t in local_types)
            stack = [initialised if t == receiver else t for t in stack]
    else:
        pushed = _pushed_types(frame, instruction, popped)
    if len(pushed) != instruction.pushes:
        raise _fail(
            context,
            pc,
            f"{instruction.mnemonic}: pushed {len(pushed)} slots, expected {instruction.pushes}",
        )
    stack.extend(pushed)
    if len(stack) > context.max_stack:
        raise _fail(context, pc, f"operand stack exceeds max_stack {context.max_stack}")
    return Frame(local_types, tuple(stack))


def _check_local(instruction: Instruction, max_locals: int, context: _Context) -> None:
    """A local index (and the second slot of a long/double load or store) must exist."""
    if instruction.local is None:
        return
    wide = instruction.op[0] in "ld" and instruction.kind in (Kind.LOAD, Kind.STORE)
    if instruction.local + (2 if wide else 1) > max_locals:
        raise _fail(
            context,
            instruction.pc,
            f"local {instruction.local} is beyond max_locals {max_locals}",
        )


def _pushed_types(
    frame: Frame, instruction: Instruction, popped: Sequence[VerificationType]
) -> Sequence[VerificationType]:
    """The slot types an instruction other than a store, iinc or invoke pushes."""
    kind = instruction.kind
    if kind is Kind.LOAD:
        first = instruction.op[0]
        if first == "a":
            loaded = frame.locals[instruction.local]  # type: ignore[index]
            return (loaded if is_reference(loaded) else TOP,)
        return {"i": (INT,), "f": (FLOAT,), "l": (LONG, TOP), "d": (DOUBLE, TOP)}[first]
    if kind is Kind.STACK:
        return [popped[i] for i in slot_form(instruction.op).result]
    if kind is Kind.CONST:
        return _constant_type(instruction)
    if kind is Kind.ARRAYLOAD and instruction.op == "aaload":
        array = popped[0]
        if array.tag == "null":
            return (NULL,)
        if array.tag == "object" and array.class_name.startswith("["):  # type: ignore[union-attr]
            return types_of_descriptor(array.class_name[1:])[:1]  # type: ignore[index]
        return (TOP,)
    if kind is Kind.FIELD:
        member = instruction.member
        return types_of_descriptor(member.descriptor) if instruction.op.startswith("get") else ()
    if kind is Kind.NEW:
        return (VerificationType("uninitialized", offset=instruction.pc),)
    if kind is Kind.NEWARRAY or kind is Kind.CHECKCAST:
        return (object_type(instruction.array_type or instruction.class_name),)  # type: ignore[arg-type]
    if kind is Kind.JSR:
        return (return_address(instruction.target),)  # type: ignore[arg-type]
    fixed = instruction.info.push_types or ()
    return tuple(t for d in fixed for t in types_of_descriptor(d))


def _invoke_effect(
    instruction: Instruction, popped: Sequence[VerificationType], context: _Context
) -> tuple[tuple[VerificationType, ...], tuple[VerificationType, VerificationType] | None]:
    """What an invoke pushes and, for a constructor call, the uninitialised type that
    becomes initialised everywhere in the frame (JVM spec §4.10.1.9.invokespecial)."""
    operand = instruction.operand
    _, result = parse_method_descriptor(operand.descriptor)  # type: ignore[union-attr]
    pushed = types_of_descriptor(result)
    if not (isinstance(operand, MemberRef) and operand.name == "<init>"):
        return pushed, None
    receiver = popped[0]
    if receiver.tag == "uninitialized_this":
        return pushed, (receiver, object_type(context.class_name))
    if receiver.tag == "uninitialized":
        new = context.instruction_at.get(receiver.offset)  # type: ignore[arg-type]
        if new is None or new.kind is not Kind.NEW:
            raise _fail(context, instruction.pc, f"uninitialized({receiver.offset}) is not a new")
        return pushed, (receiver, object_type(new.class_name))  # type: ignore[arg-type]
    raise _fail(context, instruction.pc, "<init> called on an initialised reference")


# ---------------------------------------------------------------- merging


def _merge_class(a: str, b: str, common_superclass: CommonSuperclass) -> str:
    if a == b:
        return a
    if a.startswith("[") and b.startswith("["):
        component_a, component_b = a[1:], b[1:]
        if component_a[0] in "L[" and component_b[0] in "L[":
            merged = _merge_class(
                descriptor_class(component_a), descriptor_class(component_b), common_superclass
            )
            return "[" + (merged if merged.startswith("[") else f"L{merged};")
        return OBJECT_CLASS
    if a.startswith("[") or b.startswith("["):
        return OBJECT_CLASS
    return common_superclass(a, b)


def merge_types(
    a: VerificationType, b: VerificationType, common_superclass: CommonSuperclass
) -> VerificationType:
    """The least type both ``a`` and ``b`` are assignable to (JVM spec §4.10.2.2)."""
    if a == b:
        return a
    if a.tag == "null" and b.tag == "object":
        return b
    if b.tag == "null" and a.tag == "object":
        return a
    if a.tag == "object" and b.tag == "object":
        return object_type(_merge_class(a.class_name, b.class_name, common_superclass))  # type: ignore[arg-type]
    return TOP


def merge_frames(a: Frame, b: Frame, common_superclass: CommonSuperclass, pc: int) -> Frame:
    """Slot-wise merge; stacks of different heights cannot merge (a verify error)."""
    if len(a.stack) != len(b.stack):
        raise ClassFormatError(f"pc {pc}: stack heights {len(a.stack)} and {len(b.stack)} meet")
    return Frame(
        tuple(merge_types(x, y, common_superclass) for x, y in zip(a.locals, b.locals)),
        tuple(merge_types(x, y, common_superclass) for x, y in zip(a.stack, b.stack)),
    )


def _default_common_superclass(a: str, b: str) -> str:
    return a if a == b else OBJECT_CLASS


# ---------------------------------------------------------------- whole-method computation


def compute_frames(
    cfg: ControlFlowGraph,
    *,
    class_name: str,
    method_name: str,
    descriptor: str,
    is_static: bool,
    max_stack: int,
    max_locals: int,
    stack_map: Sequence[StackMapFrame] | None,
    major_version: int = 52,
    common_superclass: CommonSuperclass | None = None,
    origin: str | None = None,
) -> MethodFrames:
    """The frame before every instruction of the method whose CFG is ``cfg``.

    Uses the StackMapTable when there is one and the code has no jsr/ret; falls back to
    inference for version <= 50 class files whose table does not fit (as the JVM does).
    Raises `ClassFormatError` when the code cannot be typed (stack underflow/overflow,
    stack heights that differ where paths meet, a missing stack map frame after an
    unconditional jump in a version >= 51 class)."""
    merge_class = common_superclass or _default_common_superclass
    context = _Context(class_name, max_stack, {i.pc: i for i in cfg.instructions}, origin)
    initial = initial_frame(class_name, method_name, descriptor, is_static, max_locals)
    if stack_map is not None and not cfg.subroutines:
        try:
            return MethodFrames(
                _frames_from_stack_map(cfg, initial, stack_map, context), "stack_map"
            )
        except ClassFormatError:
            if major_version >= 51:
                raise
    return MethodFrames(_infer_frames(cfg, initial, context, merge_class), "inferred")


def _handler_frame(frame: Frame, catch_type: str | None) -> Frame:
    return Frame(frame.locals, (object_type(catch_type or THROWABLE_CLASS),))


def _frames_from_stack_map(
    cfg: ControlFlowGraph,
    initial: Frame,
    stack_map: Sequence[StackMapFrame],
    context: _Context,
) -> dict[int, Frame]:
    """Type checking: declared frames where the table has them, the transfer function between.
    Of the assignability of a frame to the declared frame it flows into (JVM spec §4.10.1.4)
    only the operand stack's height is checked; it must be equal."""
    declared = expand_stack_map(initial, stack_map, len(initial.locals))
    for pc in declared:
        if pc not in context.instruction_at:
            raise _fail(context, pc, "StackMapTable frame is not at an instruction start")
    handler_pcs = {h.handler_pc for h in cfg.exception_table}
    frames: dict[int, Frame] = {}
    current: Frame | None = initial
    for instruction in cfg.instructions:
        pc = instruction.pc
        if pc in declared:
            _check_height(context, pc, current, declared[pc], pc)
            current = declared[pc]
        elif current is None:
            raise _fail(context, pc, "no StackMapTable frame after an unconditional jump")
        elif pc in handler_pcs:
            raise _fail(context, pc, "exception handler without a StackMapTable frame")
        frames[pc] = current
        after = step(current, instruction, context)
        for target in instruction.jump_targets:
            if target not in declared:
                raise _fail(context, pc, f"jump target {target} has no StackMapTable frame")
            _check_height(context, pc, after, declared[target], target)
        current = after if instruction.falls_through else None
    return frames


def _check_height(
    context: _Context, pc: int, incoming: Frame | None, target: Frame, target_pc: int
) -> None:
    """The stack flowing from ``pc`` into ``target_pc`` must be as high as its declared frame."""
    if incoming is not None and len(incoming.stack) != len(target.stack):
        raise _fail(
            context, pc, f"stack height {len(incoming.stack)} flows into pc {target_pc}, whose "
            f"StackMapTable frame has {len(target.stack)}",
        )  # fmt: skip


def _subroutine_writes(cfg: ControlFlowGraph) -> dict[int, frozenset[int]]:
    """Local slots each subroutine (by entry) may write, nested subroutines included."""
    direct: dict[int, set[int]] = {}
    calls: dict[int, set[int]] = {}
    for subroutine in cfg.subroutines:
        written: set[int] = set()
        called: set[int] = set()
        for start in subroutine.blocks:
            for instruction in cfg.block(start).instructions:
                if instruction.kind in (Kind.STORE, Kind.IINC):
                    local = instruction.local
                    assert local is not None
                    wide = instruction.kind is Kind.STORE and instruction.op[0] in "ld"
                    written.update(range(max(local - 1, 0), local + (2 if wide else 1)))
                elif instruction.kind is Kind.JSR:
                    called.add(instruction.target)  # type: ignore[arg-type]
        direct[subroutine.entry] = written
        calls[subroutine.entry] = called
    changed = True
    while changed:
        changed = False
        for entry, written in direct.items():
            for callee in calls[entry]:
                extra = direct.get(callee, set()) - written
                if extra:
                    written |= extra
                    changed = True
    return {entry: frozenset(written) for entry, written in direct.items()}


def _infer_frames(
    cfg: ControlFlowGraph, initial: Frame, context: _Context, merge_class: CommonSuperclass
) -> dict[int, Frame]:
    """Type inference: a worklist fixpoint over instructions (JVM spec §4.10.2.2)."""
    instructions = cfg.instructions
    order = {i.pc: n for n, i in enumerate(instructions)}
    frames: dict[int, Frame] = {0: initial}
    pending = {0}
    writes = _subroutine_writes(cfg)
    subroutines_of_ret: dict[int, list] = {}
    for subroutine in cfg.subroutines:
        for ret_pc in subroutine.ret_pcs:
            subroutines_of_ret.setdefault(ret_pc, []).append(subroutine)
    rets_of_entry = {s.entry: s.ret_pcs for s in cfg.subroutines}
    handlers = cfg.exception_table

    def flow(target: int, incoming: Frame, source: int) -> None:
        existing = frames.get(target)
        merged = (
            incoming if existing is None else merge_frames(existing, incoming, merge_class, target)
        )
        if merged != existing:
            frames[target] = merged
            pending.add(target)

    while pending:
        pc = min(pending, key=order.__getitem__)
        pending.discard(pc)
        instruction = instructions[order[pc]]
        before = frames[pc]
        if instruction.may_throw:
            for h in handlers:
                if h.start_pc <= pc < h.end_pc:
                    flow(h.handler_pc, _handler_frame(before, h.catch_type), pc)
        after = step(before, instruction, context)
        if instruction.falls_through:
            if instruction.next_pc not in order:
                raise _fail(context, pc, "control falls off the end of the code")
            flow(instruction.next_pc, after, pc)
        for target in instruction.jump_targets:
            flow(target, after, pc)
        if instruction.kind is Kind.JSR:
            pending.update(r for r in rets_of_entry.get(instruction.target, ()) if r in frames)  # type: ignore[arg-type]
        if instruction.kind is Kind.RET:
            address = before.locals[instruction.local]  # type: ignore[index]
            for subroutine in subroutines_of_ret.get(pc, ()):
                if address.tag == "return_address" and address.offset != subroutine.entry:
                    continue  # this ret returns from another subroutine
                written = writes[subroutine.entry]
                for jsr_pc in subroutine.jsr_pcs:
                    caller = frames.get(jsr_pc)
                    if caller is None:
                        continue
                    local_types = tuple(
                        after.locals[i] if i in written else caller.locals[i]
                        for i in range(len(after.locals))
                    )
                    flow(instructions[order[jsr_pc]].next_pc, Frame(local_types, after.stack), pc)
    return frames
