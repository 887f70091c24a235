"""Source-level names of the parts of an abstract state, shared by the YES and NO evidence
(issue 13 item 3: evidence speaks the user's language).

A root is named by its LocalVariableTable name when the class file has one (``local<slot>``
otherwise; callers' frames prefixed with their method), a static field by ``Cls.field``, an
operand stack entry by ``stack<depth>``; a path below it appends ``.field``, ``.length``
and ``[index]`` — e.g. ``args.length``, ``cur.next``, ``args[0].count``.
"""

from __future__ import annotations

from collections import deque

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
from jhalt.domains.values import NULL, IntValue, Ref
from jhalt.ids import FieldId
from jhalt.program import Program


def local_name(program: Program | None, state: AbstractState, frame_index: int, slot: int) -> str:
    """The name of local ``slot`` of frame ``frame_index`` at its current pc."""
    frame = state.frames[frame_index]
    name = None
    if program is not None:
        classfile = program.find(frame.position.method.class_name)
        method = (
            classfile.method(frame.position.method.name, frame.position.method.descriptor)
            if classfile
            else None
        )
        if method is not None and method.code is not None:
            name = method.code.local_name(slot, frame.position.pc)
    text = name or f"local{slot}"
    if frame_index > 0:
        text = f"{frame.position.method.name}:{text}"
    return text


def root_name(program: Program | None, state: AbstractState, root: Root) -> tuple[int, str]:
    """``(priority, name)`` of a root; lower priorities name a reference first."""
    if isinstance(root, LocalRoot):
        text = local_name(program, state, root.frame, root.index)
        return (1 if "local" in text else 0), text
    if isinstance(root, StaticRoot):
        return 2, f"{root.field.class_name.rsplit('/', 1)[-1]}.{root.field.name}"
    if isinstance(root, StackRoot):
        text = f"stack{root.depth}" if root.frame == 0 else f"frame{root.frame}.stack{root.depth}"
        return 3, text
    return 4, "exception"


def step_name(text: str, step: Step) -> str:
    """``text`` followed by one path step: ``.field``, ``.length`` or ``[index]``."""
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
