"""Array entries as holders in the forest check (`heap.forest`, issue 36: hash tables).

A hash table keeps its bucket lists in an array (``buckets[k & (n - 1)]``); inserting
moves the head from an entry into a field (``buckets[i] = new Entry(k, buckets[i])``) and a
rehash moves each entry from one array into another (``e.next = fresh[i]; fresh[i] = e``).
The states do not represent the entries of such arrays, so the forest check knew no holder
of a value read from one. This module keeps the *reads* of a path: triples ``(v, a, i)``
meaning "in every concrete state here, entry ``i`` of array ``a`` holds the object ``v``".

* An ``aaload`` that loads an object ``v`` from ``a[i]`` adds ``(v, a, i)``.
* Every ``aastore`` (of an object or of null, into any array) ends every read after the
  forest check used them at that store: the stored array may be ``a`` under another name,
  and the index another name of ``i``. A putfield changes no entry; a library call the cycle
  rules accept writes no program object or array (`acyclicity`, rule 2); the summary of a
  recursive call and every head (a merge, an instance edge) start without reads.
* A refinement renames the references of a read (one object, new names; a read whose value
  or array becomes ``null`` is dropped).

Integer references are single assignments along a path (the graph's SSA names), so a read
and a store with the same array and index names talk about the same entry. Two different
index names may still be one value: a read is then not recognised at the store, which only
makes the check fail, never pass wrongly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, Ref
from jhalt.seg.labels import EvalEdge

Read = tuple[Ref, Ref, Ref]
"""``(value, array, index)``: the entry ``array[index]`` holds ``value`` (module doc)."""


@dataclass(frozen=True, order=True)
class EntrySlot:
    """The entry of an array at the integer reference ``index``: the second half of a holder
    edge ``(array, EntrySlot(index))`` next to the fields' ``(object, FieldId)``."""

    index: Ref

    def __str__(self) -> str:
        return f"[{self.index}]"


def loaded(before: AbstractState, after: AbstractState, label: EvalEdge) -> Read | None:
    """The read of an ``aaload`` edge that loaded an object (None for anything else: another
    instruction, an exception, a null entry)."""
    if label.mnemonic != "aaload" or after.exception is not None:
        return None
    if len(after.frames) != len(before.frames) or not after.frames[0].stack:
        return None
    value, array, index = after.peek(0), before.peek(1), before.peek(0)
    if value == NULL or array == NULL or not after.is_object(value):
        return None
    return value, array, index


def entry_holders(reads: frozenset[Read], value: Ref) -> list[tuple[Ref, EntrySlot]]:
    """The entries the reads say hold ``value``."""
    return sorted((array, EntrySlot(index)) for held, array, index in reads if held == value)


def held_at(reads: frozenset[Read], array: Ref, index: Ref) -> Ref | None:
    """The object the reads say ``array[index]`` holds, if any."""
    for value, read_array, read_index in reads:
        if read_array == array and read_index == index:
            return value
    return None


def renamed_reads(reads: frozenset[Read], name: Callable[[Ref], Ref]) -> frozenset[Read]:
    """The reads after a refinement's renaming ``name``."""
    renamed = ((name(v), name(a), name(i)) for v, a, i in reads)
    return frozenset(r for r in renamed if NULL not in r[:2])
