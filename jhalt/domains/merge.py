"""Merging two states into one that represents both (seed 000 §2.3 Fig. 5, thesis §2.2).

``merge(s1, s2)`` walks both states in parallel from the roots (thesis Alg. 3–7): every pair
of references met at the same position gets one fresh reference (``mergeRef``, memoised per
pair so that cycles terminate) whose value is the most precise common abstraction
(``mergeVal``): the interval hull (or widening), equal float literals, instances of one
class with the fields present in both, arrays with the merged length (and entries when both
list them), and otherwise an :class:`~jhalt.domains.values.UnknownValue` of the most
precise common supertype, nullable if either side may be null.

The heap annotations of the result are exactly those required for ``s1 ⊑ ŝ`` and ``s2 ⊑ ŝ``
by the realization graphs of :mod:`jhalt.domains.correspondence` (seed 000 Fig. 5 lines
6–22, thesis Alg. 8–14), so ``s1 ⊑ merge(s1, s2) ⊒ s2`` holds by construction (seed 000
Thm. 2).

Both states must have the same shape: same program positions, stack heights, class
initialisation and exception presence (thesis §2.2). Local variables whose values cannot be
merged (an int in one state, an object in the other: a dead slot reused by javac) become
undefined in the result.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jhalt.domains.correspondence import realize
from jhalt.domains.heap import Heap, HeapPredicates
from jhalt.domains.instance import DEFAULT_HIERARCHY
from jhalt.domains.intervals import Interval, type_range
from jhalt.domains.naming import ReferenceNamer
from jhalt.domains.state import AbstractState, Frame
from jhalt.domains.values import (
    NULL,
    ArrayValue,
    FloatValue,
    HeapValue,
    InstanceValue,
    IntValue,
    Ref,
    TypeHierarchy,
    UnknownValue,
    value_type_name,
)


class IncompatibleValues(ValueError):
    """Two values at the same position have different kinds (int vs object, …)."""


@dataclass(frozen=True)
class MergeResult:
    """The merged state and, for each input, the renaming merged reference → input reference
    (only for positions that exist in the merged state)."""

    state: AbstractState
    from_first: dict[Ref, Ref] = field(default_factory=dict)
    from_second: dict[Ref, Ref] = field(default_factory=dict)


def merge_int_types(first: str, second: str) -> str:
    """The narrowest integral type whose range covers both (``I`` if neither covers)."""
    if first == second:
        return first
    first_lo, first_hi = type_range(first)
    second_lo, second_hi = type_range(second)
    if first_lo <= second_lo and second_hi <= first_hi:
        return first
    if second_lo <= first_lo and first_hi <= second_hi:
        return second
    return "J" if "J" in (first, second) else "I"


def merge_intervals(first: Interval, second: Interval, widen: bool) -> Interval:
    """Hull, or the widening ``first ∇ second`` (``first`` is the older value)."""
    return first.widen(second) if widen else first.join(second)


class _Merger:
    def __init__(
        self,
        first: AbstractState,
        second: AbstractState,
        hierarchy: TypeHierarchy,
        namer: ReferenceNamer,
        widen: bool,
    ) -> None:
        self.first = first
        self.second = second
        self.hierarchy = hierarchy
        self.namer = namer
        self.widen = widen
        self.merged: dict[tuple[Ref, Ref], Ref] = {}
        self.heap: dict[Ref, HeapValue] = {}

    def _kind(self, state: AbstractState, reference: Ref) -> str:
        if reference == NULL:
            return "object"
        value = state.heap[reference]
        if isinstance(value, IntValue):
            return "int"
        if isinstance(value, FloatValue):
            return "float:" + value.type_letter
        return "object"

    def compatible(self, first_ref: Ref, second_ref: Ref) -> bool:
        return self._kind(self.first, first_ref) == self._kind(self.second, second_ref)

    def merge_ref(self, first_ref: Ref, second_ref: Ref) -> Ref:
        """``mergeRef`` + ``mergeVal`` (seed 000 Fig. 5; thesis Alg. 4)."""
        key = (first_ref, second_ref)
        if key in self.merged:
            return self.merged[key]
        if not self.compatible(first_ref, second_ref):
            raise IncompatibleValues(f"cannot merge {first_ref} with {second_ref}")
        if first_ref == NULL and second_ref == NULL:
            self.merged[key] = NULL
            return NULL
        first_value = None if first_ref == NULL else self.first.heap[first_ref]
        second_value = None if second_ref == NULL else self.second.heap[second_ref]
        if isinstance(first_value, IntValue) and isinstance(second_value, IntValue):
            result = self.namer.fresh("i")
            self.merged[key] = result
            self.heap[result] = IntValue(
                merge_intervals(first_value.interval, second_value.interval, self.widen),
                merge_int_types(first_value.type_letter, second_value.type_letter),
            )
            return result
        if isinstance(first_value, FloatValue) and isinstance(second_value, FloatValue):
            result = self.namer.fresh("f")
            self.merged[key] = result
            bits = first_value.bits if first_value.bits == second_value.bits else None
            self.heap[result] = FloatValue(first_value.type_letter, bits)
            return result
        return self._merge_objects(key, first_value, second_value)

    def _merge_objects(
        self, key: tuple[Ref, Ref], first_value: HeapValue | None, second_value: HeapValue | None
    ) -> Ref:
        if first_value is None or second_value is None:  # thesis Alg. 5 (MergeNull)
            other = first_value if second_value is None else second_value
            assert other is not None
            result = self.namer.fresh("o")
            self.merged[key] = result
            self.heap[result] = UnknownValue(value_type_name(other), nullable=True)
            return result
        if isinstance(first_value, InstanceValue) and isinstance(second_value, InstanceValue):
            if first_value.class_name == second_value.class_name:  # thesis Alg. 7
                result = self.namer.fresh("o")
                self.merged[key] = result
                second_fields = second_value.field_map()
                fields = {
                    field_id: self.merge_ref(first_child, second_fields[field_id])
                    for field_id, first_child in first_value.fields
                    if field_id in second_fields
                }
                self.heap[result] = InstanceValue.of(first_value.class_name, fields)
                return result
        if isinstance(first_value, ArrayValue) and isinstance(
            second_value, ArrayValue
        ):  # thesis Alg. 6
            array_type = self.hierarchy.common_supertype(
                first_value.array_type, second_value.array_type
            )
            if array_type.startswith("["):
                result = self.namer.fresh("a")
                self.merged[key] = result
                length = self.merge_ref(first_value.length, second_value.length)
                entries = None
                length_value = self.heap[length]
                if (
                    first_value.entries is not None
                    and second_value.entries is not None
                    and isinstance(length_value, IntValue)
                    and length_value.interval.is_singleton
                ):
                    entries = tuple(
                        self.merge_ref(a, b)
                        for a, b in zip(first_value.entries, second_value.entries)
                    )
                non_null = first_value.non_null_entries and second_value.non_null_entries
                exact = first_value.exact_type and second_value.exact_type
                exact = exact and first_value.array_type == second_value.array_type
                self.heap[result] = ArrayValue(array_type, length, entries, non_null, exact)
                return result
        result = self.namer.fresh("o")
        self.merged[key] = result
        type_name = self.hierarchy.common_supertype(
            value_type_name(first_value), value_type_name(second_value)
        )
        nullable = any(
            isinstance(v, UnknownValue) and v.nullable for v in (first_value, second_value)
        )
        self.heap[result] = UnknownValue(type_name, nullable)
        return result

    def merge_local(self, first_ref: Ref | None, second_ref: Ref | None) -> Ref | None:
        if first_ref is None or second_ref is None or not self.compatible(first_ref, second_ref):
            return None
        return self.merge_ref(first_ref, second_ref)


def _check_same_shape(first: AbstractState, second: AbstractState) -> None:
    if len(first.frames) != len(second.frames):
        raise ValueError("cannot merge states with call stacks of different height")
    for first_frame, second_frame in zip(first.frames, second.frames):
        if first_frame.position != second_frame.position:
            raise ValueError(
                f"cannot merge states at {first_frame.position} and {second_frame.position}"
            )
        if len(first_frame.stack) != len(second_frame.stack):
            raise ValueError("cannot merge operand stacks of different height")
    if (first.exception is None) != (second.exception is None):
        raise ValueError("cannot merge a state that throws with one that does not")
    if first.class_init != second.class_init:
        raise ValueError("cannot merge states with different class initialisation")


def merge(
    first: AbstractState,
    second: AbstractState,
    hierarchy: TypeHierarchy | None = None,
    namer: ReferenceNamer | None = None,
    widen: bool = False,
) -> MergeResult:
    """Merge two states of the same shape; ``widen`` widens integers (``first`` is older).

    The result represents every concrete state represented by either input; references of
    the result are fresh names from ``namer`` (by default numbered after all names of both
    inputs).
    """
    _check_same_shape(first, second)
    hierarchy = hierarchy or DEFAULT_HIERARCHY
    if namer is None:
        namer = ReferenceNamer.avoiding(first.references() | second.references())
    merger = _Merger(first, second, hierarchy, namer, widen)
    frames = []
    for first_frame, second_frame in zip(first.frames, second.frames):
        local_count = max(len(first_frame.locals), len(second_frame.locals))
        first_locals = first_frame.locals + (None,) * (local_count - len(first_frame.locals))
        second_locals = second_frame.locals + (None,) * (local_count - len(second_frame.locals))
        locals_ = tuple(merger.merge_local(a, b) for a, b in zip(first_locals, second_locals))
        stack = tuple(merger.merge_ref(a, b) for a, b in zip(first_frame.stack, second_frame.stack))
        frames.append(Frame(first_frame.position, locals_, stack))
    second_statics = dict(second.static_fields)
    statics = tuple(
        (field_id, merger.merge_ref(reference, second_statics[field_id]))
        for field_id, reference in first.static_fields
        if field_id in second_statics and merger.compatible(reference, second_statics[field_id])
    )
    exception = None
    if first.exception is not None and second.exception is not None:
        exception = merger.merge_ref(first.exception, second.exception)
    merged = AbstractState(
        frames=tuple(frames),
        heap=Heap(merger.heap),
        predicates=HeapPredicates(),
        static_fields=statics,
        exception=exception,
        class_init=first.class_init,
    )
    annotations = HeapPredicates()
    for source in (first, second):
        realization = realize(source, merged, hierarchy)
        if realization.conflicts:
            raise AssertionError(
                f"merge produced a state that does not cover its input: {realization.conflicts}"
            )
        annotations = annotations.union(realization.required)
    merged = merged.with_predicates(annotations.restricted_to(merged.heap))
    from_first = {result: a for (a, _), result in merger.merged.items() if result != NULL}
    from_second = {result: b for (_, b), result in merger.merged.items() if result != NULL}
    return MergeResult(merged, from_first, from_second)
