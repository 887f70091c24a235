"""The abstract heap and the heap predicates (seed 000 §2.1, thesis Def. 1.3).

:class:`Heap` is an immutable, hashable map from references to heap values (``null`` is
never bound). :class:`HeapPredicates` holds the three kinds of annotations of seed 000:

* possible equality ``r1 =? r2`` (symmetric, irreflexive) — the two references may denote
  the same object;
* joinability ``r1 ⋀ r2`` (symmetric; ``r ⋀ r`` allowed) — following fields that are not
  represented explicitly, the two may reach a common object;
* possible non-tree shape ``r!`` — the object at ``r`` may be a DAG or cyclic through parts
  that are not represented explicitly.

Without an annotation the concrete heap must *not* have that property (seed 000 §2.1):
distinct references denote distinct objects, unrepresented parts are disjoint trees.
Annotations are only meaningful for references to object values (instances, arrays,
unknown objects); :meth:`HeapPredicates.restricted_to` drops the others.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from jhalt.domains.values import HeapValue, Ref, is_object_value

Pair = frozenset[Ref]
"""An unordered pair of references; a one-element set stands for ``r ⋀ r``."""


def pair(first: Ref, second: Ref) -> Pair:
    return frozenset((first, second))


class Heap(Mapping[Ref, HeapValue]):
    """An immutable map ``reference → heap value``; updates return new heaps."""

    __slots__ = ("_items", "_hash")

    def __init__(
        self, items: Mapping[Ref, HeapValue] | Iterable[tuple[Ref, HeapValue]] = ()
    ) -> None:
        self._items: dict[Ref, HeapValue] = dict(items)
        self._hash: int | None = None

    def __getitem__(self, key: Ref) -> HeapValue:
        return self._items[key]

    def __iter__(self) -> Iterator[Ref]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._items.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Heap):
            return self._items == other._items
        return NotImplemented

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}: {v}" for k, v in sorted(self._items.items()))
        return f"Heap({{{inner}}})"

    def set(self, key: Ref, value: HeapValue) -> Heap:
        items = dict(self._items)
        items[key] = value
        return Heap(items)

    def update(self, changes: Mapping[Ref, HeapValue]) -> Heap:
        items = dict(self._items)
        items.update(changes)
        return Heap(items)

    def without(self, keys: Iterable[Ref]) -> Heap:
        drop = set(keys)
        return Heap((k, v) for k, v in self._items.items() if k not in drop)

    def restricted_to(self, keys: Iterable[Ref]) -> Heap:
        keep = set(keys)
        return Heap((k, v) for k, v in self._items.items() if k in keep)


@dataclass(frozen=True, slots=True)
class HeapPredicates:
    """The annotations of a state: ``=?`` pairs, ``⋀`` pairs and ``!`` references."""

    maybe_equal: frozenset[Pair] = field(default_factory=frozenset)
    joins: frozenset[Pair] = field(default_factory=frozenset)
    non_tree: frozenset[Ref] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        for equal_pair in self.maybe_equal:
            if len(equal_pair) != 2:
                raise ValueError("=? is irreflexive (thesis Def. 1.3)")

    @property
    def is_empty(self) -> bool:
        return not (self.maybe_equal or self.joins or self.non_tree)

    def may_equal(self, first: Ref, second: Ref) -> bool:
        return first != second and pair(first, second) in self.maybe_equal

    def may_join(self, first: Ref, second: Ref) -> bool:
        return pair(first, second) in self.joins

    def may_be_non_tree(self, reference: Ref) -> bool:
        return reference in self.non_tree

    def equal_partners(self, reference: Ref) -> set[Ref]:
        """References that may be equal to ``reference``."""
        return {
            other for p in self.maybe_equal if reference in p for other in p if other != reference
        }

    def join_partners(self, reference: Ref) -> set[Ref]:
        """References that may join ``reference`` (itself included if ``r ⋀ r``)."""
        result: set[Ref] = set()
        for p in self.joins:
            if reference in p:
                result.update(p if len(p) == 1 else p - {reference})
        return result

    def with_maybe_equal(self, first: Ref, second: Ref) -> HeapPredicates:
        if first == second:
            return self
        return HeapPredicates(self.maybe_equal | {pair(first, second)}, self.joins, self.non_tree)

    def with_join(self, first: Ref, second: Ref) -> HeapPredicates:
        return HeapPredicates(self.maybe_equal, self.joins | {pair(first, second)}, self.non_tree)

    def with_non_tree(self, reference: Ref) -> HeapPredicates:
        return HeapPredicates(self.maybe_equal, self.joins, self.non_tree | {reference})

    def union(self, other: HeapPredicates) -> HeapPredicates:
        return HeapPredicates(
            self.maybe_equal | other.maybe_equal,
            self.joins | other.joins,
            self.non_tree | other.non_tree,
        )

    def renamed(self, renaming: Mapping[Ref, Ref]) -> HeapPredicates:
        """Apply a reference substitution (thesis Def. 1.15); =? pairs that collapse vanish."""

        def rename(r: Ref) -> Ref:
            return renaming.get(r, r)

        equal = frozenset(frozenset(map(rename, p)) for p in self.maybe_equal)
        return HeapPredicates(
            frozenset(p for p in equal if len(p) == 2),
            frozenset(frozenset(map(rename, p)) for p in self.joins),
            frozenset(map(rename, self.non_tree)),
        )

    def restricted_to(self, heap: Mapping[Ref, HeapValue]) -> HeapPredicates:
        """Keep only annotations whose references are bound to object values in ``heap``."""

        if self.is_empty:
            return self
        mentioned = self.references()
        objects = {
            r for r in mentioned if (value := heap.get(r)) is not None and is_object_value(value)
        }
        if len(objects) == len(mentioned):
            return self
        return HeapPredicates(
            frozenset(p for p in self.maybe_equal if p <= objects),
            frozenset(p for p in self.joins if p <= objects),
            frozenset(r for r in self.non_tree if r in objects),
        )

    def references(self) -> set[Ref]:
        result: set[Ref] = set(self.non_tree)
        for p in self.maybe_equal | self.joins:
            result.update(p)
        return result

    def describe(self) -> list[str]:
        lines = [" =? ".join(sorted(p)) for p in self.maybe_equal]
        lines += [" ⋀ ".join(sorted(p) * (2 if len(p) == 1 else 1)) for p in self.joins]
        lines += [f"{r}!" for r in self.non_tree]
        return sorted(lines)
