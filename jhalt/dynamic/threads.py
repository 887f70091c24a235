"""The threads of a suspended JVM as the observer sees them: the thread dump, the candidate
loop heads of a thread (seed 003 §4 "Loop Head Selection") and the current values of memory
locations (what the closure proof checks the current state against)."""

from __future__ import annotations

from dataclasses import dataclass

from jhalt.bytecode.loops import Loop
from jhalt.dynamic import jdwp_wire as w
from jhalt.dynamic.jdwp_wire import JdwpError, ObjectValue
from jhalt.dynamic.memory import float_bits
from jhalt.dynamic.symbolic import ArrayLoc, FieldLoc, LocalLoc, StaticLoc
from jhalt.dynamic.symbolic import Location as MemLocation
from jhalt.dynamic.vmview import MethodCode, UnsupportedStep, VmView
from jhalt.its.terms import BITS32, BITS64, INT, LONG, Sort

MAX_SITES_PER_THREAD = 6
MAX_FRAMES_SEARCHED = 12


@dataclass(frozen=True)
class ThreadSnapshot:
    """One thread of the thread dump: name, JDWP status, frames (method, pc, line)."""

    name: str
    status: str
    frames: tuple[tuple[str, int, int | None], ...]


@dataclass(frozen=True)
class LoopSite:
    """A candidate loop: thread, frame (0 = innermost), method and natural loop."""

    thread: int
    thread_name: str
    frame_index: int
    depth: int  # the thread's frame count when this frame is the top frame
    method: MethodCode
    header: int
    loop_pcs: frozenset[int]

    @property
    def lines(self) -> tuple[int, ...]:
        found = {self.method.line_at(pc) for pc in self.loop_pcs}
        return tuple(sorted(line for line in found if line is not None))


# ---------------------------------------------------------------- the thread dump


def thread_dump(view: VmView) -> tuple[ThreadSnapshot, ...]:
    """Names, states and stacks of all threads (the VM must be suspended)."""
    client = view.client
    result = []
    for thread in client.all_threads():
        try:
            name = client.thread_name(thread)
            status, _ = client.thread_status(thread)
            frames = []
            for frame in client.frames(thread):
                loc = frame.location
                decl = view.method_decl(loc.class_id, loc.method_id)
                method = f"{view.class_name(loc.class_id).replace('/', '.')}.{decl.name}"
                line = view.line_at(loc) if loc.index >= 0 and not decl.is_native else None
                frames.append((method, loc.index, line))
        except JdwpError:
            continue
        result.append(
            ThreadSnapshot(name, w.THREAD_STATUS_NAMES.get(status, str(status)), tuple(frames))
        )
    return tuple(result)


def loop_sites(view: VmView, thread: int, name: str) -> list[LoopSite]:
    """Candidate loop heads of one suspended thread, innermost first (§4 "Loop Head Selection")."""
    sites: list[LoopSite] = []
    frames = view.client.frames(thread)
    total = len(frames)
    for index, frame in enumerate(frames[:MAX_FRAMES_SEARCHED]):
        loc = frame.location
        if loc.index < 0:
            continue
        try:
            method = view.method_at(loc)
            loops: list[Loop] = method.innermost_loop_at(loc.index)
        except (UnsupportedStep, KeyError):
            continue
        for loop in loops:
            sites.append(
                LoopSite(
                    thread, name, index, total - index, method, loop.header, method.loop_pcs(loop)
                )
            )
            if len(sites) >= MAX_SITES_PER_THREAD:
                return sites
    return sites


# ---------------------------------------------------------------- reading the current state


def as_int(raw: object, sort: Sort) -> int:
    if isinstance(raw, ObjectValue):
        return raw.object_id
    if raw is None:
        return 0
    if isinstance(raw, float):
        return float_bits(raw, "F" if sort == BITS32 else "D")
    return int(raw)  # type: ignore[call-overload]


def read_current_state(
    view: VmView, thread: int, wanted: dict[MemLocation, Sort]
) -> dict[MemLocation, int]:
    """Values of ``wanted`` locations now (the loop's frame must be the top frame).
    Locations that cannot be read (collected objects) are left out."""
    client = view.client
    values: dict[MemLocation, int] = {}
    local_slots = [(loc, sort) for loc, sort in wanted.items() if isinstance(loc, LocalLoc)]
    if local_slots:
        frame_id = client.frames(thread, 0, 1)[0].frame_id
        tags = {INT: "I", LONG: "J", BITS32: "F", BITS64: "D"}
        raw = client.frame_values(
            thread, frame_id, [(loc.slot, tags.get(sort, "L")) for loc, sort in local_slots]
        )
        for (local_loc, sort), value in zip(local_slots, raw):
            values[local_loc] = as_int(value, sort)
    by_object: dict[int, list[tuple[FieldLoc, Sort]]] = {}
    for loc, sort in wanted.items():
        try:
            if isinstance(loc, FieldLoc):
                by_object.setdefault(loc.obj, []).append((loc, sort))
            elif isinstance(loc, StaticLoc):
                declaring, decl = view.static_field(loc.owner, loc.name)
                values[loc] = as_int(client.static_values(declaring, [decl.field_id])[0], sort)
            elif isinstance(loc, ArrayLoc):
                values[loc] = as_int(client.array_values(loc.array, loc.index, 1)[0], sort)
        except (JdwpError, UnsupportedStep):
            continue
    for obj, fields in by_object.items():
        try:
            runtime = view.object_type(obj)
            ids = [
                view.instance_field(runtime, loc.owner, loc.name)[1].field_id for loc, _ in fields
            ]
            raw_values = client.object_values(obj, ids)
        except (JdwpError, UnsupportedStep):
            continue
        for (field_loc, sort), value in zip(fields, raw_values):
            values[field_loc] = as_int(value, sort)
    return values


__all__ = [
    "LoopSite",
    "ThreadSnapshot",
    "as_int",
    "loop_sites",
    "read_current_state",
    "thread_dump",
]
