"""The places whose contents a relevance demand names, and the opcode keys (thesis 004 §4.3.1,
"Tracked Data and Inputs").

The thesis tracks *references* (Inputs: a list mimicking the operand stack; Track: references,
local variables and static fields) and renames them along refinement and instance edges. jhalt
tracks *positions* instead, which need no renaming because every edge of the graph keeps them
(an evaluation edge moves them by the instruction's semantics, `jhalt.analyses.relevance.
transfer`; refinement and instance edges keep every position):

* ``("s", frame, index)`` — operand stack entry ``index`` (from the bottom) of frame ``frame``;
* ``("l", frame, slot)`` — local variable ``slot`` of frame ``frame``;
* ``("g", field)`` — a static field;
* ``("x",)`` — the pending exception.

Frames are counted from the *bottom* of the call stack (0 is the entry's frame), so a position
of a caller keeps its name while callees come and go. A stack position is one value (a long is
one entry), a local slot is a JVM slot (a long takes two; its value sits in the first).

A demand is ``(location, kind)``: kind ``"v"`` — the value at the location is relevant (the
thesis's Inputs), kind ``"c"`` — the *contents* of the objects reachable from it are relevant
(the thesis's Track of references: writes into them must be found, Def. 1.42 ⇝).

An opcode key is ``(method, pc, exceptional)``: the instruction at ``pc``; ``exceptional`` is
True for the states that handle a pending exception there (handler lookup, unwinding), which
are no instruction of the program but a branch target of §4.3.4.
"""

from __future__ import annotations

from jhalt.domains.state import AbstractState, LocalRoot, Root, StackRoot, StaticRoot
from jhalt.ids import FieldId, MethodId

Location = tuple[object, ...]
Demand = tuple[Location, str]
Key = tuple[MethodId, int, bool]

VALUE = "v"
CONTENT = "c"
EXCEPTION: Location = ("x",)


def stack(frame: int, index: int) -> Location:
    return ("s", frame, index)


def local(frame: int, slot: int) -> Location:
    return ("l", frame, slot)


def static(field: FieldId) -> Location:
    return ("g", field)


def depth(state: AbstractState) -> int:
    """The number of frames of ``state`` (0 at a program end)."""
    return len(state.frames)


def top_frame(state: AbstractState) -> int:
    """The bottom-based index of the current (topmost) frame."""
    return len(state.frames) - 1


def key_of(state: AbstractState) -> Key | None:
    """The opcode key of ``state``; None at a program end."""
    if not state.frames:
        return None
    position = state.position
    return (position.method, position.pc, state.exception is not None)


def locations(state: AbstractState) -> list[tuple[Location, str]]:
    """Every location of ``state`` with the reference it holds."""
    found: list[tuple[Location, str]] = []
    count = len(state.frames)
    for index, frame in enumerate(state.frames):
        bottom = count - 1 - index
        found += [(local(bottom, s), r) for s, r in enumerate(frame.locals) if r is not None]
        found += [(stack(bottom, i), r) for i, r in enumerate(frame.stack)]
    found += [(static(f), r) for f, r in state.static_fields]
    if state.exception is not None:
        found.append((EXCEPTION, state.exception))
    return found


def reference_at(state: AbstractState, location: Location) -> str | None:
    """The reference ``state`` holds at ``location``; None if it has no such location."""
    kind = location[0]
    if kind == "x":
        return state.exception
    if kind == "r":  # the entry's result exists only at program ends
        return None
    if kind == "g":
        field = location[1]
        assert isinstance(field, FieldId)
        return state.static_field(field)
    frame_b, index = location[1], location[2]
    assert isinstance(frame_b, int) and isinstance(index, int)
    frame_t = len(state.frames) - 1 - frame_b
    if not 0 <= frame_t < len(state.frames):
        return None
    frame = state.frames[frame_t]
    values = frame.stack if kind == "s" else frame.locals
    return values[index] if 0 <= index < len(values) else None


def root_of(state: AbstractState, location: Location) -> Root | None:
    """The state-position root (`jhalt.domains.state`) of ``location``, for source names."""
    kind = location[0]
    if kind == "g":
        field = location[1]
        assert isinstance(field, FieldId)
        return StaticRoot(field)
    if kind in ("x", "r"):
        return None
    frame_b, index = location[1], location[2]
    assert isinstance(frame_b, int) and isinstance(index, int)
    frame_t = len(state.frames) - 1 - frame_b
    if kind == "l":
        return LocalRoot(frame_t, index)
    return StackRoot(frame_t, len(state.frames[frame_t].stack) - 1 - index)
