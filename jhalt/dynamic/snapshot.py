"""The concrete state of a thread at the proved loop's head, read over JDWP, in a form two
visits can be compared by.

`StateReader.read` (the thread suspended at the head, the loop's frame on top) reads:

* the locals live at the head (`jhalt.dynamic.loop_shape.StateSlot`) of the top frame;
* when the loop reads the heap: every object reachable from the reference locals and from the
  static fields the loop touches — class, and every instance field (superclasses included) or
  array element — walked breadth first. Objects are numbered in the order the walk meets them,
  so two states compare equal exactly when their reachable heaps are isomorphic with the same
  roots: the identity of a fresh object cannot matter to code that only compares references
  (no identity hash codes: the loop makes no calls but the pure ones of `loop_shape`).
  ``java.lang.Class`` objects are compared by identity and not walked;
* the values of those static fields, and whether each class the loop may initialise is
  initialised (running a ``<clinit>`` changes the state).

The canonical form is ``Snapshot.key``; `StateReader.describe` gives the locals in source
names for the evidence text (``i = 0, j = 1``). A heap larger than ``max_values`` values gives None: too big
to compare, no claim.
"""

from __future__ import annotations

import struct
from collections import deque
from dataclasses import dataclass, field

from jhalt.domains.state import LENGTH, LocalRoot, StatePosition, StaticRoot
from jhalt.dynamic.jdwp import JdwpClient
from jhalt.dynamic.jdwp_wire import CLASS_STATUS_INITIALIZED, JavaValue, ObjectValue
from jhalt.dynamic.loop_shape import LoopShape
from jhalt.dynamic.vmview import VmView
from jhalt.ids import FieldId

MAX_VALUES = 20_000
PRIMITIVES_PER_VALUE = 16
"""Elements of a primitive array that count as one value against ``max_values`` (they are
read in bulk, cheaply; object elements are walked one by one)."""
ARRAY_CHUNK = 4_096
_CLASS_SIGNATURE = "Ljava/lang/Class;"
_PRIMITIVES = {
    "I": "int",
    "J": "long",
    "S": "short",
    "B": "byte",
    "C": "char",
    "Z": "boolean",
    "F": "float",
    "D": "double",
}


@dataclass(frozen=True)
class Snapshot:
    """One visit's state: ``key`` (canonical, hashable) and the raw values of the locals."""

    key: tuple[object, ...]
    values: tuple[JavaValue, ...] = field(compare=False)


def _show(value: JavaValue, signature: str | None) -> str:
    if isinstance(value, ObjectValue):
        if value.is_null:
            return "null"
        text = signature or "Ljava/lang/Object;"
        dimensions = len(text) - len(text.lstrip("["))
        element = text[dimensions:]
        kind = _PRIMITIVES.get(element) or element[1:-1].rsplit("/", 1)[-1]
        return f"<{kind}{'[]' * dimensions}>"
    if value is None:
        return "null"
    return repr(value)


@dataclass
class _Walk:
    """The breadth-first numbering of the reachable heap of one visit."""

    numbers: dict[int, int] = field(default_factory=dict)
    queue: deque[int] = field(default_factory=deque)
    values: int = 0

    def atom(self, value: JavaValue) -> object:
        """A value in canonical form; an object becomes ("o", its number)."""
        if isinstance(value, ObjectValue):
            if value.is_null:
                return None
            number = self.numbers.get(value.object_id)
            if number is None:
                number = len(self.numbers)
                self.numbers[value.object_id] = number
                self.queue.append(value.object_id)
            return ("o", number)
        if isinstance(value, float):
            return ("f", struct.pack(">d", value))
        return value


class StateReader:
    """Reads `Snapshot`s of one loop (module docstring); caches class layouts."""

    def __init__(
        self,
        view: VmView,
        shape: LoopShape,
        max_values: int = MAX_VALUES,
        ignored: frozenset[tuple[str, str]] = frozenset(),
    ) -> None:
        """``ignored``: (class, field) pairs left out of the comparison (the caller says why)."""
        self.view = view
        self.ignored = ignored
        self.client: JdwpClient = view.client
        self.shape = shape
        self.max_values = max_values
        self._layouts: dict[int, tuple[str, tuple[int, ...]]] = {}

    def read(self, thread: int, frame: int) -> Snapshot | None:
        """The state now (``frame``: the id of the loop's frame, on top of ``thread``); None
        when the reachable heap is larger than ``max_values``."""
        slots = self.shape.slots
        raw = tuple(
            self.client.frame_values(thread, frame, [(s.slot, s.tag) for s in slots])
            if slots
            else ()
        )
        walk = _Walk()
        heap = self.shape.reads_heap
        local_key = tuple(walk.atom(v) if heap else _identity(v) for v in raw)
        if not heap:
            return Snapshot(("locals", local_key, self._classes()), raw)
        statics = tuple(walk.atom(value) for value in self._statics())
        objects = self._walk(walk)
        if objects is None:
            return None
        return Snapshot(("heap", local_key, statics, objects, self._classes()), raw)

    def describe(self, snapshot: Snapshot) -> str:
        """The locals in source names: ``i = 0, j = 1`` (objects by their class)."""
        shown = [
            f"{slot.name} = {_show(value, self._signature_of(value))}"
            for slot, value in zip(self.shape.slots, snapshot.values)
        ]
        return ", ".join(shown) or "no locals"

    def _signature_of(self, value: JavaValue) -> str | None:
        if isinstance(value, ObjectValue) and not value.is_null:
            return self.client.signature(self.view.object_type(value.object_id))
        return None

    def _statics(self) -> list[JavaValue]:
        values: list[JavaValue] = []
        for static in self.shape.statics:
            declaring, decl = self.view.static_field(static.class_name, static.name)
            values.append(self.client.static_values(declaring, [decl.field_id])[0])
        return values

    def _classes(self) -> tuple[bool, ...]:
        """For each class the loop may initialise: loaded and initialised?"""
        flags = []
        for name in self.shape.init_classes:
            found = self.client.classes_by_signature(f"L{name};")
            ready = bool(found) and all(
                self.client.class_status(type_id) & CLASS_STATUS_INITIALIZED for _, type_id in found
            )
            flags.append(ready)
        return tuple(flags)

    def _walk(self, walk: _Walk) -> tuple[object, ...] | None:
        objects: list[object] = []
        while walk.queue:
            object_id = walk.queue.popleft()
            signature, field_ids = self._layout(self.view.object_type(object_id))
            if signature == _CLASS_SIGNATURE:
                objects.append((signature, object_id))
                continue
            if signature.startswith("["):
                length = self.client.array_length(object_id)
                primitive = signature[1] not in "L["
                walk.values += 1 + (length // PRIMITIVES_PER_VALUE if primitive else length)
                if walk.values > self.max_values:
                    return None  # checked before reading: a huge read can kill the debuggee
                raw = self._array(object_id, length)
            else:
                raw = self.client.object_values(object_id, list(field_ids)) if field_ids else []
                walk.values += len(raw) + 1
                if walk.values > self.max_values:
                    return None
            objects.append((signature, tuple(walk.atom(v) for v in raw)))
        return tuple(objects)

    def _array(self, array_id: int, length: int) -> list[JavaValue]:
        """The elements, read `ARRAY_CHUNK` at a time: the JDWP agent makes a JNI local
        reference per object element of one reply, and aborts the whole VM when it cannot
        (AGENT_ERROR_OUT_OF_MEMORY on ~100,000 elements, seen with HotSpot 17)."""
        values: list[JavaValue] = []
        for first in range(0, length, ARRAY_CHUNK):
            count = min(ARRAY_CHUNK, length - first)
            values.extend(self.client.array_values(array_id, first, count))
        return values

    def _layout(self, type_id: int) -> tuple[str, tuple[int, ...]]:
        """The class signature and the ids of all its instance fields (superclasses too)."""
        cached = self._layouts.get(type_id)
        if cached is None:
            signature = self.client.signature(type_id)
            ids: list[int] = []
            if not signature.startswith("["):
                for declaring in self.view.superclasses(type_id):
                    owner = self.view.class_name(declaring)
                    ids.extend(
                        f.field_id
                        for f in self.client.fields(declaring)
                        if not f.is_static and (owner, f.name) not in self.ignored
                    )
            cached = (signature, tuple(ids))
            self._layouts[type_id] = cached
        return cached


def read_position(view: VmView, thread: int, position: StatePosition, tag: str) -> int | None:
    """The integer at a state position of ``thread`` (frame 0 on top): a local, then fields,
    ``length`` and array elements below it; None when the position is not an integer there
    (a null on the way, an unsupported root)."""
    client = view.client
    root = position.root
    if isinstance(root, LocalRoot):
        frame = client.frames(thread, root.frame, 1)[0].frame_id
        value = client.frame_values(
            thread, frame, [(root.index, tag if not position.path else "L")]
        )[0]
    elif isinstance(root, StaticRoot):
        declaring, decl = view.static_field(root.field.class_name, root.field.name)
        value = client.static_values(declaring, [decl.field_id])[0]
    else:
        return None
    for step in position.path:
        if not isinstance(value, ObjectValue) or value.is_null:
            return None
        if isinstance(step, FieldId):
            runtime = view.object_type(value.object_id)
            field_id = view.instance_field(runtime, step.class_name, step.name)[1].field_id
            value = client.object_values(value.object_id, [field_id])[0]
        elif step == LENGTH:
            value = client.array_length(value.object_id)
        else:
            value = client.array_values(value.object_id, int(step), 1)[0]
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value


def _identity(value: JavaValue) -> object:
    """A local compared as it is (objects by identity: the loop does not read the heap)."""
    if isinstance(value, ObjectValue):
        return ("id", value.object_id)
    if isinstance(value, float):
        return ("f", struct.pack(">d", value))
    return value


__all__ = ["MAX_VALUES", "Snapshot", "StateReader", "read_position"]
