"""Abstract states and state positions (seed 000 §2.1 and Def. 1; thesis Def. 1.1, 1.5).

A state is a call stack of :class:`Frame` (``frames[0]`` is the current, topmost frame as in
the thesis), a :class:`~jhalt.domains.heap.Heap`, the heap predicates, the static fields,
the exception slot, the initialisation state of classes and the split result of a boolean
split (thesis Def. 1.18; ignored by the instance relation). States are immutable: every
``with_*`` method returns a copy.

A :class:`StatePosition` is a root (local variable, operand stack entry, static field or
the exception) followed by steps: a :class:`~jhalt.ids.FieldId`, an array index ``int`` or
:data:`LENGTH`. Operand stack roots count from the top of the stack (``OS_{i,0}`` is the
top), as in the seeds; :attr:`Frame.stack` itself is stored bottom → top.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace

from jhalt.domains.heap import Heap, HeapPredicates
from jhalt.domains.reach import walk
from jhalt.domains.values import (
    NULL,
    ArrayValue,
    HeapValue,
    InstanceValue,
    IntValue,
    Ref,
    is_object_value,
)
from jhalt.ids import FieldId, ProgramPosition


class InitState(enum.Enum):
    """Initialisation state of a class (thesis Def. 1.1, InitializedClasses)."""

    NO = "no"
    RUNNING = "running"
    YES = "yes"


@dataclass(frozen=True, slots=True)
class Frame:
    """One stack frame: program position, local variables (``None`` = undefined slot,
    e.g. the second half of a long or a variable not yet written) and the operand stack
    (bottom → top)."""

    position: ProgramPosition
    locals: tuple[Ref | None, ...] = ()
    stack: tuple[Ref, ...] = ()

    def __str__(self) -> str:
        local_text = ", ".join(f"{i}:{r}" for i, r in enumerate(self.locals) if r is not None)
        stack_text = ", ".join(reversed(self.stack)) or "ε"
        return f"<{self.position.pc} | {local_text} | {stack_text}>"


# ---------------------------------------------------------------- positions
@dataclass(frozen=True, slots=True, order=True)
class LocalRoot:
    """``LV_{frame,index}``."""

    frame: int
    index: int

    def __str__(self) -> str:
        return f"LV{self.frame},{self.index}"


@dataclass(frozen=True, slots=True, order=True)
class StackRoot:
    """``OS_{frame,depth}``; depth 0 is the top of the operand stack."""

    frame: int
    depth: int

    def __str__(self) -> str:
        return f"OS{self.frame},{self.depth}"


@dataclass(frozen=True, slots=True, order=True)
class StaticRoot:
    """``SF_v`` for a static field v."""

    field: FieldId

    def __str__(self) -> str:
        return f"SF[{self.field}]"


@dataclass(frozen=True, slots=True, order=True)
class ExceptionRoot:
    """``EXC``."""

    def __str__(self) -> str:
        return "EXC"


Root = LocalRoot | StackRoot | StaticRoot | ExceptionRoot
LENGTH = "len"
Step = FieldId | int | str
"""A path step: a field, an array index, or :data:`LENGTH`."""


@dataclass(frozen=True, slots=True)
class StatePosition:
    """A position π ∈ SPos(s): a root and a path of steps."""

    root: Root
    path: tuple[Step, ...] = ()

    def child(self, step: Step) -> StatePosition:
        return StatePosition(self.root, self.path + (step,))

    def is_prefix_of(self, other: StatePosition) -> bool:
        return self.root == other.root and other.path[: len(self.path)] == self.path

    def __str__(self) -> str:
        parts = [str(self.root)]
        for step in self.path:
            parts.append(
                step.name
                if isinstance(step, FieldId)
                else f"[{step}]"
                if isinstance(step, int)
                else step
            )
        return " ".join(parts)


def successors(value: HeapValue | None) -> list[tuple[Step, Ref]]:
    """Direct successors of a heap value: fields, array length, array entries."""
    if isinstance(value, InstanceValue):
        return list(value.fields)
    if isinstance(value, ArrayValue):
        result: list[tuple[Step, Ref]] = [(LENGTH, value.length)]
        if value.entries is not None:
            result.extend(enumerate(value.entries))
        return result
    return []


def step_target(value: HeapValue | None, step: Step) -> Ref | None:
    """The reference reached from ``value`` by ``step``, or None if not represented."""
    if isinstance(value, InstanceValue) and isinstance(step, FieldId):
        return value.field(step)
    if isinstance(value, ArrayValue):
        if step == LENGTH:
            return value.length
        if isinstance(step, int) and value.entries is not None and 0 <= step < len(value.entries):
            return value.entries[step]
    return None


def reachable_objects(
    state: AbstractState,
    starts: Iterable[Ref],
    follow: Callable[[Ref], Iterable[Ref]] | None = None,
) -> list[Ref]:
    """The object references reachable from ``starts`` (starts included) through
    ``follow`` (default: fields, entries and lengths, :meth:`AbstractState.children`),
    where only non-null references bound to object values are visited or passed through;
    in the depth-first order of :func:`jhalt.domains.reach.walk`."""
    return walk(starts, follow or state.children, state.is_object)


# ---------------------------------------------------------------- states
@dataclass(frozen=True, slots=True)
class AbstractState:
    """An abstract (or concrete) JVM state; see the module docstring."""

    frames: tuple[Frame, ...]
    heap: Heap = field(default_factory=Heap)
    predicates: HeapPredicates = field(default_factory=HeapPredicates)
    static_fields: tuple[tuple[FieldId, Ref], ...] = ()
    exception: Ref | None = None
    class_init: tuple[tuple[str, InitState], ...] = ()
    split: object = None

    # ------------------------------------------------------------ reading
    @property
    def top(self) -> Frame:
        return self.frames[0]

    @property
    def position(self) -> ProgramPosition:
        return self.frames[0].position

    def local(self, index: int, frame: int = 0) -> Ref | None:
        return self.frames[frame].locals[index]

    def peek(self, depth: int = 0, frame: int = 0) -> Ref:
        """Operand stack entry ``depth`` below the top (0 = top)."""
        return self.frames[frame].stack[-1 - depth]

    def value(self, reference: Ref) -> HeapValue | None:
        """The heap value of a reference; ``None`` for ``null``."""
        if reference == NULL:
            return None
        return self.heap[reference]

    def int_value(self, reference: Ref) -> IntValue:
        value = self.heap[reference]
        if not isinstance(value, IntValue):
            raise TypeError(f"{reference} is not an integer: {value}")
        return value

    def static_field(self, field_id: FieldId) -> Ref | None:
        for key, value in self.static_fields:
            if key == field_id:
                return value
        return None

    def class_init_state(self, class_name: str) -> InitState | None:
        """The recorded initialisation state, or None if the class is not recorded."""
        for key, value in self.class_init:
            if key == class_name:
                return value
        return None

    def roots(self) -> list[tuple[Root, Ref]]:
        """All positions of length one with their references (locals, stack, SF, EXC)."""
        result: list[tuple[Root, Ref]] = []
        for frame_index, frame in enumerate(self.frames):
            for index, reference in enumerate(frame.locals):
                if reference is not None:
                    result.append((LocalRoot(frame_index, index), reference))
            for depth, reference in enumerate(reversed(frame.stack)):
                result.append((StackRoot(frame_index, depth), reference))
        for field_id, reference in self.static_fields:
            result.append((StaticRoot(field_id), reference))
        if self.exception is not None:
            result.append((ExceptionRoot(), self.exception))
        return result

    def root_ref(self, root: Root) -> Ref | None:
        """The reference at a root position, or None if the root does not exist."""
        if isinstance(root, LocalRoot):
            if root.frame < len(self.frames) and root.index < len(self.frames[root.frame].locals):
                return self.frames[root.frame].locals[root.index]
            return None
        if isinstance(root, StackRoot):
            if root.frame < len(self.frames) and root.depth < len(self.frames[root.frame].stack):
                return self.frames[root.frame].stack[-1 - root.depth]
            return None
        if isinstance(root, StaticRoot):
            return self.static_field(root.field)
        return self.exception

    def value_at(self, position: StatePosition) -> Ref | None:
        """``s|π``, or None if π ∉ SPos(s)."""
        current = self.root_ref(position.root)
        for step in position.path:
            if current is None or current == NULL:
                return None
            current = step_target(self.heap.get(current), step)
        return current

    def realized_prefix(self, position: StatePosition) -> StatePosition | None:
        """``π̄``: the longest prefix of π that is in SPos(s) (None if the root is absent)."""
        current = self.root_ref(position.root)
        if current is None:
            return None
        length = 0
        for step in position.path:
            nxt = None if current == NULL else step_target(self.heap.get(current), step)
            if nxt is None:
                break
            current = nxt
            length += 1
        return StatePosition(position.root, position.path[:length])

    def positions(self) -> Iterator[tuple[StatePosition, Ref]]:
        """The cycle-free positions of SPos(s) with their references (thesis Def. 2.2:
        a path never revisits a reference it already passed). For acyclic heaps this is
        all of SPos(s); with cycles SPos(s) is infinite and each cycle is cut once."""
        for root, reference in self.roots():
            yield from self._positions_below(StatePosition(root), reference, (reference,))

    def _positions_below(
        self, position: StatePosition, reference: Ref, on_path: tuple[Ref, ...]
    ) -> Iterator[tuple[StatePosition, Ref]]:
        yield position, reference
        if reference == NULL:
            return
        for step, child in successors(self.heap.get(reference)):
            if child in on_path and child != NULL and is_object_value(self.heap[child]):
                continue
            yield from self._positions_below(position.child(step), child, on_path + (child,))

    def reachable(self) -> set[Ref]:
        """References reachable from the roots (``null`` excluded)."""
        starts = [r for _, r in self.roots()]
        return set(walk(starts, self.children, lambda r: r != NULL))

    def children(self, reference: Ref) -> list[Ref]:
        """The references held by ``reference``'s value (:func:`successors`), in order."""
        return [child for _, child in successors(self.heap.get(reference))]

    def is_object(self, reference: Ref) -> bool:
        """Whether ``reference`` is non-null and bound to an object value in the heap."""
        value = self.heap.get(reference)
        return reference != NULL and value is not None and is_object_value(value)

    def references(self) -> set[Ref]:
        return set(self.heap) | self.predicates.references()

    # ------------------------------------------------------------ copies
    def with_frame(self, frame: Frame, index: int = 0) -> AbstractState:
        frames = list(self.frames)
        frames[index] = frame
        return replace(self, frames=tuple(frames))

    def with_local(self, index: int, reference: Ref | None, frame: int = 0) -> AbstractState:
        current = self.frames[frame]
        local_vars = list(current.locals)
        while len(local_vars) <= index:
            local_vars.append(None)
        local_vars[index] = reference
        return self.with_frame(replace(current, locals=tuple(local_vars)), frame)

    def with_pc(self, pc: int) -> AbstractState:
        current = self.frames[0]
        return self.with_frame(
            replace(current, position=ProgramPosition(current.position.method, pc))
        )

    def push(self, *references: Ref) -> AbstractState:
        """Push references (the last argument ends on top)."""
        current = self.frames[0]
        return self.with_frame(replace(current, stack=current.stack + tuple(references)))

    def pop(self, count: int = 1) -> tuple[AbstractState, tuple[Ref, ...]]:
        """Pop ``count`` entries; returns the new state and the popped refs bottom → top."""
        current = self.frames[0]
        if count > len(current.stack):
            raise IndexError("operand stack underflow")
        split_at = len(current.stack) - count
        popped = current.stack[split_at:]
        return self.with_frame(replace(current, stack=current.stack[:split_at])), popped

    def push_frame(self, frame: Frame) -> AbstractState:
        return replace(self, frames=(frame,) + self.frames)

    def pop_frame(self) -> AbstractState:
        return replace(self, frames=self.frames[1:])

    def with_heap(self, heap: Heap) -> AbstractState:
        return replace(self, heap=heap)

    def with_value(self, reference: Ref, value: HeapValue) -> AbstractState:
        return replace(self, heap=self.heap.set(reference, value))

    def with_predicates(self, predicates: HeapPredicates) -> AbstractState:
        return replace(self, predicates=predicates)

    def with_static(self, field_id: FieldId, reference: Ref) -> AbstractState:
        fields = dict(self.static_fields)
        fields[field_id] = reference
        return replace(self, static_fields=tuple(sorted(fields.items())))

    def with_exception(self, reference: Ref | None) -> AbstractState:
        return replace(self, exception=reference)

    def with_class_init(self, class_name: str, init_state: InitState) -> AbstractState:
        states = dict(self.class_init)
        states[class_name] = init_state
        return replace(self, class_init=tuple(sorted(states.items())))

    def with_split(self, split: object) -> AbstractState:
        return replace(self, split=split)

    def renamed(self, renaming: Mapping[Ref, Ref]) -> AbstractState:
        """Apply a reference substitution σ everywhere (thesis Def. 1.15). Heap entries of
        renamed references move to the new name; ``σ(r) = null`` drops the entry."""

        def rename(r: Ref) -> Ref:
            return renaming.get(r, r)

        def rename_value(value: HeapValue) -> HeapValue:
            if isinstance(value, InstanceValue):
                return InstanceValue(
                    value.class_name, tuple((f, rename(r)) for f, r in value.fields)
                )
            if isinstance(value, ArrayValue):
                entries = None if value.entries is None else tuple(map(rename, value.entries))
                return ArrayValue(
                    value.array_type,
                    rename(value.length),
                    entries,
                    value.non_null_entries,
                    value.exact_type,
                )
            return value

        frames = tuple(
            replace(
                fr,
                locals=tuple(None if r is None else rename(r) for r in fr.locals),
                stack=tuple(map(rename, fr.stack)),
            )
            for fr in self.frames
        )
        heap = Heap((rename(r), rename_value(v)) for r, v in self.heap.items() if rename(r) != NULL)
        return replace(
            self,
            frames=frames,
            heap=heap,
            predicates=self.predicates.renamed(renaming).restricted_to(heap),
            static_fields=tuple((f, rename(r)) for f, r in self.static_fields),
            exception=None if self.exception is None else rename(self.exception),
        )

    def garbage_collected(self) -> AbstractState:
        """Drop heap entries and annotations of references unreachable from the roots."""
        live = self.reachable()
        heap = self.heap.restricted_to(live)
        return replace(self, heap=heap, predicates=self.predicates.restricted_to(heap))

    # ------------------------------------------------------------ validation
    def check(self) -> None:
        """Raise ValueError if the state is malformed: unbound references, an entry list
        whose length is not the literal array length, or annotations on non-objects."""
        for reference in self.reachable():
            if reference not in self.heap:
                raise ValueError(f"reference {reference} is not bound in the heap")
        for reference, value in self.heap.items():
            if reference == NULL:
                raise ValueError("null must not be bound in the heap")
            for _, child in successors(value):
                if child != NULL and child not in self.heap:
                    raise ValueError(f"{reference} points to unbound {child}")
            if isinstance(value, ArrayValue) and value.entries is not None:
                length = self.heap.get(value.length)
                if not (
                    isinstance(length, IntValue)
                    and length.interval.is_singleton
                    and length.interval.value == len(value.entries)
                ):
                    raise ValueError(
                        f"array {reference} lists entries but its length is not {len(value.entries)}"
                    )
        for annotated in self.predicates.references():
            annotated_value = self.heap.get(annotated)
            if annotated_value is None or not is_object_value(annotated_value):
                raise ValueError(f"annotation on {annotated}, which is not an object")

    def __str__(self) -> str:
        lines = [str(fr) for fr in self.frames]
        if self.exception is not None:
            lines.append(f"exception: {self.exception}")
        for field_id, reference in self.static_fields:
            lines.append(f"static {field_id}: {reference}")
        for reference in sorted(self.heap):
            lines.append(f"{reference}: {self.heap[reference]}")
        lines.extend(self.predicates.describe())
        return "\n".join(lines)
