"""Source-level names of the ITS variables at a loop head (issue 6 deliverable 3).

A reference of a state is described by the shortest access path that reaches it from a
root: a local variable (its LocalVariableTable name when the class file has one, otherwise
``local<slot>``), a static field, or an operand stack entry, followed by field names and
``.length`` for array lengths — e.g. ``n``, ``args.length``, ``cur.next``.  A size variable
``sz(o)`` is shown as ``size(<path of o>)``.  Callers' frames are named with the method.
"""

from __future__ import annotations

from collections import deque

from jhalt.domains.state import LENGTH, AbstractState, LocalRoot, StackRoot, StaticRoot, successors
from jhalt.domains.values import NULL, Ref
from jhalt.ids import FieldId
from jhalt.program import Program


def _local_name(program: Program | None, state: AbstractState, frame_index: int, slot: int) -> str:
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


def reference_names(state: AbstractState, program: Program | None) -> dict[Ref, str]:
    """The shortest access path of every reference reachable from the roots of ``state``."""
    names: dict[Ref, str] = {}
    roots: list[tuple[int, str, Ref]] = []
    for root, reference in state.roots():
        if isinstance(root, LocalRoot):
            text = _local_name(program, state, root.frame, root.index)
            priority = 1 if "local" in text else 0
        elif isinstance(root, StaticRoot):
            text, priority = f"{root.field.class_name.rsplit('/', 1)[-1]}.{root.field.name}", 2
        elif isinstance(root, StackRoot):
            text = (
                f"stack{root.depth}" if root.frame == 0 else f"frame{root.frame}.stack{root.depth}"
            )
            priority = 3
        else:
            text, priority = "exception", 4
        roots.append((priority, text, reference))
    queue: deque[tuple[Ref, str]] = deque((reference, text) for _, text, reference in sorted(roots))
    while queue:
        reference, text = queue.popleft()
        if reference == NULL or reference in names:
            continue
        names[reference] = text
        for step, child in successors(state.heap.get(reference)):
            if isinstance(step, FieldId):
                queue.append((child, f"{text}.{step.name}"))
            elif step == LENGTH:
                queue.append((child, f"{text}.length"))
            else:
                queue.append((child, f"{text}[{step}]"))
    return names


def variable_names(
    state: AbstractState,
    program: Program | None,
    int_refs: tuple[Ref, ...],
    sized_refs: tuple[Ref, ...],
    field_refs: tuple[tuple[Ref, FieldId], ...] = (),
) -> dict[str, str]:
    """ITS variable → source description for the variables of one cut point (a field
    variable ``o.f`` is shown as ``<path of o>.f``)."""
    from jhalt.analyses.termination.extract import field_name, size_name

    names = reference_names(state, program)
    result = {r: names.get(r, r) for r in int_refs}
    for reference in sized_refs:
        result[size_name(reference)] = f"size({names.get(reference, reference)})"
    for reference, field_id in field_refs:
        result[field_name(reference, field_id)] = (
            f"{names.get(reference, reference)}.{field_id.name}"
        )
    return result
