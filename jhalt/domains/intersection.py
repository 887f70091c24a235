"""State intersection ``s1 ∩ s2`` (thesis §1.5; seed 000 Thm. 5 uses it for instance edges).

The result represents the concrete states that are instances of both inputs. Construction:

1. the equivalence ≡ of thesis Def. 1.26 — references at the same position of both states
   are equivalent, and so are the fields / lengths / entries of equivalent objects;
2. references forced to ``null`` (a simplified ≡n, Def. 1.31 (i)–(ii)): a class that
   contains ``null``, or two different objects of one state without ``=?``, or objects of
   incompatible types, can only be ``null`` — if some member cannot be null there is no
   common instance;
3. one value per class: interval meet, the most specific type, the union of known fields,
   the known array entries (Def. 1.34 ff.);
4. heap annotations that every input allows for the corresponding references.

The result is checked with :func:`~jhalt.domains.instance.is_instance` against both inputs;
a candidate that fails is reported as :class:`IntersectionFailure` (this happens where the
thesis derives further ``null`` facts from implicit reachability, Def. 1.31 (iii)–(v), which
are not implemented). So a returned state is always sound (``s1 ∩ s2 ⊑ s1, s2``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from jhalt.domains.heap import Heap, HeapPredicates
from jhalt.domains.instance import DEFAULT_HIERARCHY, check_instance
from jhalt.domains.merge import _check_same_shape, merge_int_types
from jhalt.domains.naming import ReferenceNamer
from jhalt.domains.state import AbstractState, Frame, successors
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

Tagged = tuple[int, Ref]
"""A reference of input state 0 or 1 (``(-1, null)`` for null)."""
_NULL: Tagged = (-1, NULL)


@dataclass(frozen=True)
class IntersectionFailure:
    """No intersection was computed: ``empty`` if the inputs provably share no concrete
    state, otherwise the construction was not precise enough (see ``reason``)."""

    reason: str
    empty: bool


class _UnionFind:
    def __init__(self) -> None:
        self.parent: dict[Tagged, Tagged] = {}

    def find(self, item: Tagged) -> Tagged:
        self.parent.setdefault(item, item)
        while self.parent[item] != item:
            self.parent[item] = self.parent[self.parent[item]]
            item = self.parent[item]
        return item

    def union(self, first: Tagged, second: Tagged) -> bool:
        a, b = self.find(first), self.find(second)
        if a == b:
            return False
        self.parent[b] = a
        return True


class _Empty(Exception):
    pass


def _tag(index: int, reference: Ref) -> Tagged:
    return _NULL if reference == NULL else (index, reference)


def intersect(
    first: AbstractState,
    second: AbstractState,
    hierarchy: TypeHierarchy | None = None,
    namer: ReferenceNamer | None = None,
) -> AbstractState | IntersectionFailure:
    """``first ∩ second``, or an :class:`IntersectionFailure`."""
    hierarchy = hierarchy or DEFAULT_HIERARCHY
    _check_same_shape(first, second)
    inputs = (first, second)
    namer = namer or ReferenceNamer.avoiding(first.references() | second.references())

    # 1. ≡ (Def. 1.26)
    classes = _UnionFind()
    first_roots, second_roots = dict(first.roots()), dict(second.roots())
    for root in first_roots.keys() & second_roots.keys():
        classes.union(_tag(0, first_roots[root]), _tag(1, second_roots[root]))
    members = _close_equivalence(classes, inputs, first_roots, second_roots)

    # 2.–3. values per class
    representative = _representatives(inputs, members, namer)
    try:
        heap = _class_values(inputs, members, classes, representative, hierarchy)
    except _Empty as problem:
        return IntersectionFailure(str(problem), empty=True)

    def mapped(index: int, reference: Ref) -> Ref:
        return representative[classes.find(_tag(index, reference))]

    def mapped_if_reachable(index: int, reference: Ref) -> Ref | None:
        return representative.get(classes.find(_tag(index, reference)))

    statics = dict((f, mapped(1, r)) for f, r in second.static_fields)
    statics.update((f, mapped(0, r)) for f, r in first.static_fields)
    result = AbstractState(
        frames=_common_frames(first, second, mapped),
        heap=Heap(heap),
        static_fields=tuple(sorted(statics.items())),
        exception=None if first.exception is None else mapped(0, first.exception),
        class_init=first.class_init,
    )
    # 4. annotations
    result = result.with_predicates(_common_predicates(inputs, mapped_if_reachable, result))
    result = result.garbage_collected()
    for source in inputs:
        check = check_instance(result, source, hierarchy)
        if not check.holds:
            return IntersectionFailure("; ".join(check.reasons), empty=False)
    return result


def _value(inputs: tuple[AbstractState, AbstractState], tagged: Tagged) -> HeapValue | None:
    """The value of a tagged reference in its input state (None for null)."""
    return None if tagged == _NULL else inputs[tagged[0]].heap[tagged[1]]


def _representatives(
    inputs: tuple[AbstractState, AbstractState],
    members: dict[Tagged, set[Tagged]],
    namer: ReferenceNamer,
) -> dict[Tagged, Ref]:
    """The reference of each ≡ class in the result: ``null`` for a class forced to null
    (step 2), else a fresh reference named for one of its values."""
    representative: dict[Tagged, Ref] = {}
    for root_item, items in members.items():
        if _NULL in items or _distinct_objects_without_equality(inputs, items):
            representative[root_item] = NULL
        else:
            sample = _value(inputs, next(iter(items)))
            assert sample is not None
            representative[root_item] = namer.fresh_for(sample)
    return representative


def _class_values(
    inputs: tuple[AbstractState, AbstractState],
    members: dict[Tagged, set[Tagged]],
    classes: _UnionFind,
    representative: dict[Tagged, Ref],
    hierarchy: TypeHierarchy,
) -> dict[Ref, HeapValue]:
    """The heap of the result (step 3): one combined value per class that is not null.
    Raises `_Empty` when a class forced to null holds a value that cannot be null, or when
    the values of a class contradict each other."""
    heap: dict[Ref, HeapValue] = {}
    for root_item, items in members.items():
        if representative[root_item] == NULL:
            for item in items:
                v = _value(inputs, item)
                if v is not None and not (isinstance(v, UnknownValue) and v.nullable):
                    raise _Empty(f"{item[1]} must be null but cannot be")
            continue
        heap[representative[root_item]] = _combine(
            [_value(inputs, i) for i in items],
            hierarchy,
            lambda r, k: representative[classes.find(_tag(k, r))],
            items,
        )
    return heap


def _common_frames(
    first: AbstractState, second: AbstractState, mapped: Callable[[int, Ref], Ref]
) -> tuple[Frame, ...]:
    """The frames of the result: each local from the first state where it is defined, else
    from the second; the operand stack from the first (both have the same shape)."""
    frames = []
    for frame_a, frame_b in zip(first.frames, second.frames):
        locals_: list[Ref | None] = []
        for slot in range(max(len(frame_a.locals), len(frame_b.locals))):
            a = frame_a.locals[slot] if slot < len(frame_a.locals) else None
            b = frame_b.locals[slot] if slot < len(frame_b.locals) else None
            locals_.append(
                mapped(0, a) if a is not None else mapped(1, b) if b is not None else None
            )
        stack = tuple(mapped(0, r) for r in frame_a.stack)
        frames.append(Frame(frame_a.position, tuple(locals_), stack))
    return tuple(frames)


def _close_equivalence(
    classes: _UnionFind,
    inputs: tuple[AbstractState, AbstractState],
    first_roots: dict,
    second_roots: dict,
) -> dict[Tagged, set[Tagged]]:
    """Close ≡ under Def. 1.26 (ii)–(iii) and return the classes of reachable references."""
    reachable = [(0, r) for r in first_roots.values()] + [(1, r) for r in second_roots.values()]
    all_items: set[Tagged] = set()
    todo = list(reachable)
    while todo:
        index, reference = todo.pop()
        item = _tag(index, reference)
        if item in all_items:
            continue
        all_items.add(item)
        classes.find(item)
        if item != _NULL:
            todo.extend((index, child) for _, child in successors(inputs[index].heap[reference]))
    changed = True
    while changed:
        changed = False
        by_class: dict[Tagged, list[Tagged]] = defaultdict(list)
        for item in all_items:
            by_class[classes.find(item)].append(item)
        for items in by_class.values():
            children: dict[object, Tagged] = {}
            for index, reference in items:
                if index < 0:
                    continue
                for step, child in successors(inputs[index].heap[reference]):
                    tagged_child = _tag(index, child)
                    if step in children:
                        changed |= classes.union(children[step], tagged_child)
                    else:
                        children[step] = tagged_child
    members: dict[Tagged, set[Tagged]] = defaultdict(set)
    for item in all_items:
        members[classes.find(item)].add(item)
    return members


def _combine(
    values: list[HeapValue | None], hierarchy: TypeHierarchy, mapped, items: Iterable[Tagged]
) -> HeapValue:
    """The value of one ≡ class without null (raises _Empty on a contradiction)."""
    present = [v for v in values if v is not None]
    ints = [v for v in present if isinstance(v, IntValue)]
    if ints:
        if len(ints) != len(present):
            raise _Empty("an integer is equivalent to a non-integer")
        return _meet_ints(ints)
    floats = [v for v in present if isinstance(v, FloatValue)]
    if floats:
        literals = {v.bits for v in floats if v.bits is not None}
        if (
            len(floats) != len(present)
            or len(literals) > 1
            or len({v.type_letter for v in floats}) > 1
        ):
            raise _Empty("conflicting floating point values")
        return FloatValue(floats[0].type_letter, next(iter(literals), None))
    type_names = [value_type_name(v) for v in present]
    most_specific = next(
        (t for t in type_names if all(hierarchy.is_subtype(t, o) for o in type_names)), None
    )
    if most_specific is None:
        raise _Empty(f"no common type among {type_names}")
    return _combine_objects(values, present, most_specific, mapped, list(items))


def _meet_ints(ints: list[IntValue]) -> IntValue:
    """Integers of one class: the meet of their intervals (disjoint: `_Empty`), with the
    merged integer type."""
    interval = ints[0].interval
    type_letter = ints[0].type_letter
    for other in ints[1:]:
        met = interval.meet(other.interval)
        if met is None:
            raise _Empty(f"intervals {interval} and {other.interval} are disjoint")
        interval = met
        type_letter = (
            type_letter
            if type_letter == other.type_letter
            else merge_int_types(type_letter, other.type_letter)
        )
    return IntValue(interval, type_letter)


def _combine_objects(
    values: list[HeapValue | None],
    present: list[HeapValue],
    most_specific: str,
    mapped,
    tagged: list[Tagged],
) -> HeapValue:
    """Objects of one class, of the common type ``most_specific``: an instance with the
    union of the known fields, an array with a known length and entries, or an unknown
    value (nullable only if every value is)."""
    structured = [v for v in present if not isinstance(v, UnknownValue)]
    instances = [v for v in structured if isinstance(v, InstanceValue)]
    arrays = [v for v in structured if isinstance(v, ArrayValue)]
    if instances and arrays:
        raise _Empty("an instance is equivalent to an array")
    if instances:
        if len({v.class_name for v in instances}) > 1:
            raise _Empty("instances of different classes are equivalent")
        fields: dict = {}
        for (index, _reference), v in zip(tagged, values):
            if isinstance(v, InstanceValue):
                for field_id, child in v.fields:
                    fields[field_id] = mapped(child, index)
        return InstanceValue.of(instances[0].class_name, fields)
    if arrays:
        chosen_entries = None
        length = None
        non_null = all(v.non_null_entries for v in arrays)
        exact = all(v.exact_type and v.array_type == most_specific for v in arrays)
        for (index, _reference), v in zip(tagged, values):
            if isinstance(v, ArrayValue):
                length = mapped(v.length, index)
                if v.entries is not None:
                    chosen_entries = tuple(mapped(e, index) for e in v.entries)
        assert length is not None
        return ArrayValue(most_specific, length, chosen_entries, non_null, exact)
    return UnknownValue(
        most_specific, all(isinstance(v, UnknownValue) and v.nullable for v in present)
    )


def _common_predicates(inputs, mapped, result: AbstractState) -> HeapPredicates:
    """Annotations that every input carries for the corresponding references (an input
    without references for them does not constrain them)."""
    equal: set = set()
    joins: set = set()
    non_tree: set[Ref] = set()
    candidates_equal: dict = defaultdict(set)
    candidates_join: dict = defaultdict(set)
    candidates_tree: dict = defaultdict(set)
    for index, state in enumerate(inputs):
        for p in state.predicates.maybe_equal:
            key = frozenset(mapped(index, r) for r in p)
            if None not in key:
                candidates_equal[key].add(index)
        for p in state.predicates.joins:
            key = frozenset(mapped(index, r) for r in p)
            if None not in key:
                candidates_join[key].add(index)
        for r in state.predicates.non_tree:
            target = mapped(index, r)
            if target is not None:
                candidates_tree[target].add(index)
    mentioned: list[set[Ref]] = [
        {m for r in state.heap if (m := mapped(index, r)) is not None}
        for index, state in enumerate(inputs)
    ]
    for key, sources in candidates_equal.items():
        if len(key) == 2 and all(i in sources or not key <= mentioned[i] for i in range(2)):
            equal.add(key)
    for key, sources in candidates_join.items():
        if all(i in sources or not key <= mentioned[i] for i in range(2)):
            joins.add(key)
    for key, sources in candidates_tree.items():
        if all(i in sources or key not in mentioned[i] for i in range(2)):
            non_tree.add(key)
    return HeapPredicates(frozenset(equal), frozenset(joins), frozenset(non_tree)).restricted_to(
        result.heap
    )


def _distinct_objects_without_equality(
    inputs: tuple[AbstractState, AbstractState], items: set[Tagged]
) -> bool:
    """Def. 1.31 (ii): two different object references of one state in one ≡ class that
    are not ``=?`` can only be equal if both are null."""
    per_state: dict[int, list[Ref]] = defaultdict(list)
    for index, reference in items:
        if index >= 0 and not isinstance(inputs[index].heap[reference], (IntValue, FloatValue)):
            per_state[index].append(reference)
    for index, references in per_state.items():
        for position, first in enumerate(references):
            for second in references[position + 1 :]:
                if not inputs[index].predicates.may_equal(first, second):
                    return True
    return False
