"""What a witness needs of the heap, read from its `ConcreteInputs` (issue 19).

The public-API search (`jhalt.witness.api.search`) builds the receiver and the arguments by
calls; it is guided by the *goals* of the witness: for the receiver (root ``r``) and every
object argument (root ``aN``), each field path the witness fixes and what it must hold —
``null``, ``nonnull``, an integral value (``int``), a string (``str``, or only its length,
``strlen``), an array length (``arrlen``) or the object's class (``class``). Field paths use
the declared names and are followed up to `MAX_DEPTH` fields, each object once.

The same reading answers the triage questions of a witness: does it *forge* state — an object
made without a constructor (every `ObjectInput` but a bare ``java.lang.Object``; the
witness's receiver always is one), or a static field set from outside — and which arguments are ``null``
(an argument that is null, or an array argument holding a null element: both are nulls the
caller passes). The literal seeds (`Seeds`) are the witness's own strings, integers and string
arrays, tried first by the search.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jhalt.witness.inputs import (
    ArrayInput,
    ConcreteInputs,
    FloatInput,
    HeapEntry,
    IntInput,
    NullInput,
    ObjectInput,
    Ref,
    StringInput,
    Value,
)

__all__ = [
    "Goal",
    "MAX_DEPTH",
    "Seeds",
    "forges_state",
    "goals",
    "is_plain_object",
    "null_arguments",
    "seeds",
]

MAX_DEPTH = 3
"""Field paths longer than this are not goals: deeper state is rarely what a crash needs, and
every goal costs a reflective read per candidate object."""


@dataclass(frozen=True)
class Goal:
    """One requirement: the value at ``path`` (field names) from ``root`` (``r``, ``a0``, …)."""

    root: str
    path: tuple[str, ...]
    kind: str
    value: str = ""


@dataclass(frozen=True)
class Seeds:
    """The witness's literals: strings, integers, string arrays (in order of appearance)."""

    strings: tuple[str, ...] = ()
    ints: tuple[int, ...] = ()
    string_arrays: tuple[tuple[str, ...], ...] = ()


def _value_goals(
    inputs: ConcreteInputs, root: str, path: tuple[str, ...], value: Value, seen: set[str]
) -> list[Goal]:
    if isinstance(value, NullInput):
        return [Goal(root, path, "null")]
    if isinstance(value, IntInput):
        return [Goal(root, path, "int", str(value.value))]
    if isinstance(value, FloatInput):
        return [Goal(root, path, "nonnull")] if path else []
    if isinstance(value, StringInput):
        return [_string_goal(root, path, value)]
    entry = inputs.entry(value.id)
    if value.id in seen:
        return [Goal(root, path, "nonnull")]
    seen.add(value.id)
    return _entry_goals(inputs, root, path, entry, seen)


def _string_goal(root: str, path: tuple[str, ...], value: StringInput) -> Goal:
    if value.chars is not None:
        return Goal(root, path, "str", value.chars)
    return Goal(root, path, "strlen", str(value.length))


def _entry_goals(
    inputs: ConcreteInputs, root: str, path: tuple[str, ...], entry: HeapEntry, seen: set[str]
) -> list[Goal]:
    if isinstance(entry, StringInput):
        return [_string_goal(root, path, entry)]
    if isinstance(entry, ArrayInput):
        return [Goal(root, path, "arrlen", str(len(entry.elements)))]
    found = [Goal(root, path, "nonnull")] if path else []
    if path:
        found.append(Goal(root, path, "class", entry.class_name.replace("/", ".")))
    if len(path) >= MAX_DEPTH:
        return found
    for item in entry.fields:
        found.extend(_value_goals(inputs, root, (*path, item.field.name), item.value, seen))
    return found


def goals(inputs: ConcreteInputs) -> tuple[Goal, ...]:
    """The goals of the receiver (``r``) and of every argument that is an object (``aN``)."""
    found: list[Goal] = []
    roots: list[tuple[str, Value]] = [(f"a{i}", v) for i, v in enumerate(inputs.arguments)]
    if inputs.receiver is not None:
        roots.insert(0, ("r", inputs.receiver))
    for root, value in roots:
        if isinstance(value, Ref) and isinstance(inputs.entry(value.id), ObjectInput):
            found.extend(_value_goals(inputs, root, (), value, set()))
    return tuple(found)


def _reachable(inputs: ConcreteInputs, values: list[Value]) -> list[HeapEntry]:
    """The object-table entries reachable from ``values``, each once."""
    seen: set[str] = set()
    order: list[HeapEntry] = []
    stack = [v for v in values if isinstance(v, Ref)]
    while stack:
        ref = stack.pop()
        if ref.id in seen:
            continue
        seen.add(ref.id)
        entry = inputs.entry(ref.id)
        order.append(entry)
        inner: list[Value] = []
        if isinstance(entry, ObjectInput):
            inner = [item.value for item in entry.fields]
        elif isinstance(entry, ArrayInput):
            inner = list(entry.elements)
        stack.extend(v for v in inner if isinstance(v, Ref))
    return order


def is_plain_object(entry: HeapEntry) -> bool:
    """A bare ``java.lang.Object`` (no fields): ``new Object()`` makes it, nothing is forged."""
    return isinstance(entry, ObjectInput) and entry.class_name == "java/lang/Object"


def forges_state(inputs: ConcreteInputs) -> bool:
    """Whether the witness needs state no call made: an object allocated without a constructor
    (any `ObjectInput` reachable from the receiver or the arguments) or a static field value."""
    if inputs.statics:
        return True
    roots = list(inputs.arguments) + ([inputs.receiver] if inputs.receiver is not None else [])
    reachable = _reachable(inputs, roots)
    return any(isinstance(e, ObjectInput) and not is_plain_object(e) for e in reachable)


def null_arguments(inputs: ConcreteInputs) -> tuple[int, ...]:
    """The indices of the arguments that are null or arrays holding a null (at any depth)."""
    found = []
    for index, value in enumerate(inputs.arguments):
        if isinstance(value, NullInput):
            found.append(index)
            continue
        arrays = [e for e in _reachable(inputs, [value]) if isinstance(e, ArrayInput)]
        if any(isinstance(x, NullInput) for array in arrays for x in array.elements):
            found.append(index)
    return tuple(found)


@dataclass
class _Collector:
    strings: list[str] = field(default_factory=list)
    ints: list[int] = field(default_factory=list)
    arrays: list[tuple[str, ...]] = field(default_factory=list)

    def add_string(self, value: StringInput) -> None:
        if value.text() not in self.strings:
            self.strings.append(value.text())


def seeds(inputs: ConcreteInputs) -> Seeds:
    """The strings, integers and all-string arrays of the witness (`Seeds`)."""
    found = _Collector()
    values: list[Value] = list(inputs.arguments)
    for _, entry in inputs.heap:
        if isinstance(entry, ObjectInput):
            values.extend(item.value for item in entry.fields)
        elif isinstance(entry, ArrayInput):
            values.extend(entry.elements)
            texts = [inputs.resolve(e) for e in entry.elements]
            if all(isinstance(t, StringInput) for t in texts):
                found.arrays.append(tuple(t.text() for t in texts if isinstance(t, StringInput)))
        elif isinstance(entry, StringInput):
            found.add_string(entry)
    for value in values:
        if isinstance(value, StringInput):
            found.add_string(value)
        elif isinstance(value, IntInput) and value.value not in found.ints:
            found.ints.append(value.value)
    return Seeds(tuple(found.strings), tuple(found.ints), tuple(found.arrays))
