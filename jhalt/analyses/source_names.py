"""Source-level names of the parts of an abstract state, shared by the YES and NO evidence
(issue 13 item 3: evidence speaks the user's language).

A root is named by its LocalVariableTable name when the class file has one, javac's hidden
locals of a for-each after its collection ("the index of the for-each over shapes"), other
locals as parameters or ``local #<slot>`` (`jhalt.bytecode.local_names`; callers' frames
prefixed with their method: ``main's x``), a static field by ``Cls.field``, an operand stack entry by
``stack<depth>``; a path below it appends ``.field``, ``.length``, ``[index]`` and, for a
String's length, ``.length()`` — e.g. ``args.length``, ``cur.next``, ``args[0].length()``.
"""

from __future__ import annotations

from collections import deque

from jhalt.bytecode.instructions import decode
from jhalt.bytecode.local_names import HiddenLocal, hidden_locals, readable_local
from jhalt.classfile.model import ClassFile, MethodInfo
from jhalt.domains.state import (
    LENGTH,
    AbstractState,
    LocalRoot,
    Root,
    StackRoot,
    StatePosition,
    StaticRoot,
    Step,
    successors,
)
from jhalt.domains.strings import STRING_LENGTH
from jhalt.domains.values import NULL, IntValue, Ref
from jhalt.errors import ClassFormatError
from jhalt.ids import PSEUDO_FIELD_PREFIX, FieldId
from jhalt.program import Program


def _hidden(program: Program, classfile: ClassFile, method: MethodInfo) -> tuple[HiddenLocal, ...]:
    """The method's hidden for-each locals, decoded once per program (``Program.cache``)."""
    key = ("hidden_locals", classfile.name, method.name, method.descriptor)
    cached = program.cache.get(key)
    if cached is None:
        code = method.code
        try:
            instructions = decode(code.bytecode, classfile.constant_pool) if code else ()
            found = (
                hidden_locals(instructions, code, method.descriptor, method.is_static, method.name)
                if code
                else ()
            )
        except ClassFormatError:
            found = ()
        program.cache[key] = cached = found
    return cached  # type: ignore[return-value]


def named_local(
    program: Program | None, state: AbstractState, frame_index: int, slot: int
) -> tuple[str, bool]:
    """``(name, from_source)`` of local ``slot`` of frame ``frame_index`` at its current pc:
    `jhalt.bytecode.local_names.readable_local`, ``local #<slot>`` without the class file;
    a caller's frame prefixed with its method (``main's args``)."""
    frame = state.frames[frame_index]
    text, from_source = f"local #{slot}", False
    classfile = program.find(frame.position.method.class_name) if program is not None else None
    method = (
        classfile.method(frame.position.method.name, frame.position.method.descriptor)
        if classfile is not None
        else None
    )
    if program is not None and classfile is not None and method is not None and method.code:
        hidden = _hidden(program, classfile, method)
        text, from_source = readable_local(
            method.code,
            hidden,
            method.descriptor,
            method.is_static,
            slot,
            frame.position.pc,
            method.name,
        )
    if frame_index > 0:
        caller = frame.position.method.name
        text = f"{'the constructor' if caller == '<init>' else caller}'s {text}"
    return text, from_source


def local_name(program: Program | None, state: AbstractState, frame_index: int, slot: int) -> str:
    """The name of local ``slot`` of frame ``frame_index`` at its current pc (`named_local`)."""
    return named_local(program, state, frame_index, slot)[0]


def root_name(program: Program | None, state: AbstractState, root: Root) -> tuple[int, str]:
    """``(priority, name)`` of a root; lower priorities name a reference first: a local the
    source names comes before one jhalt names (a for-each's copy of ``shapes`` is ``shapes``)."""
    if isinstance(root, LocalRoot):
        text, from_source = named_local(program, state, root.frame, root.index)
        return (0 if from_source else 1), text
    if isinstance(root, StaticRoot):
        if root.field.is_pseudo:  # a model's own count, e.g. the standard input left
            return 2, f"({root.field.name.removeprefix(PSEUDO_FIELD_PREFIX)})"
        return 2, f"{root.field.class_name.rsplit('/', 1)[-1]}.{root.field.name}"
    if isinstance(root, StackRoot):
        text = f"stack{root.depth}" if root.frame == 0 else f"frame{root.frame}.stack{root.depth}"
        return 3, text
    return 4, "exception"


def step_name(text: str, step: Step) -> str:
    """``text`` followed by one path step: ``.field``, ``.length``, ``[index]``, or
    ``.length()`` for the length of a String (the model's ``count`` field)."""
    if step == STRING_LENGTH:
        return f"{text}.length()"
    if isinstance(step, FieldId):
        return f"{text}.{step.name}"
    if step == LENGTH:
        return f"{text}.length"
    return f"{text}[{step}]"


def position_name(program: Program | None, state: AbstractState, position: StatePosition) -> str:
    """A state position (root and path) in source names, e.g. ``args.length``."""
    text = root_name(program, state, position.root)[1]
    for step in position.path:
        text = step_name(text, step)
    return text


def reference_names(state: AbstractState, program: Program | None) -> dict[Ref, str]:
    """The shortest access path of every reference reachable from the roots of ``state``."""
    names: dict[Ref, str] = {}
    roots = [(*root_name(program, state, root), reference) for root, reference in state.roots()]
    queue: deque[tuple[Ref, str]] = deque((reference, text) for _, text, reference in sorted(roots))
    while queue:
        reference, text = queue.popleft()
        if reference == NULL or reference in names:
            continue
        names[reference] = text
        for step, child in successors(state.heap.get(reference)):
            queue.append((child, step_name(text, step)))
    return names


def integer_values(state: AbstractState, program: Program | None) -> str:
    """Every integer of ``state`` by position, in source names: ``args.length = 1, i = 0``."""
    shown = []
    for position, reference in state.positions():
        value = None if reference == NULL else state.heap.get(reference)
        if isinstance(value, IntValue):
            shown.append(f"{position_name(program, state, position)} = {value.interval}")
    return ", ".join(shown)
