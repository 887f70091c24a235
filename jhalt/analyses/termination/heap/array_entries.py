"""Array entries as holders in the forest check (`heap.forest`, issue 36: hash tables).

A hash table keeps its bucket lists in an array (``buckets[k & (n - 1)]``); inserting
moves the head from an entry into a field (``buckets[i] = new Entry(k, buckets[i])``) and a
rehash moves each entry from one array into another (``e.next = fresh[i]; fresh[i] = e``).
The states do not represent the entries of such arrays, so the forest check knew no holder
of a value read from one. This module keeps the *reads* of a path: triples ``(v, a, i)``
meaning "in every concrete state here, entry ``i`` of array ``a`` holds the value of ``v``"
(an object, or ``null``: ``v`` may be ``null`` itself, or a reference that may be null).

* An ``aaload`` that loads ``v`` from ``a[i]`` adds ``(v, a, i)``.
* Every ``aastore`` (of an object or of null, into any array) ends every read after the
  forest check used them at that store: the stored array may be ``a`` under another name,
  and the index another name of ``i``. A putfield changes no entry; a library call the cycle
  rules accept writes no program object or array (`acyclicity`, rule 2); the summary of a
  recursive call starts without reads.
* At a head (a merge, the target of instance edges) the reads are those every edge into it
  has, in the head's names (an instance edge's renaming maps the value, the array and the
  index: a constructor's context entered from several calls keeps the entry its caller
  read, ``new Entry(k, buckets[i])``, also when the first call read ``null`` from a new
  array and the general state's value may be null or an object).
* A refinement renames the references of a read (one object, new names; a read whose array
  becomes ``null`` is dropped, one whose value becomes ``null`` says the entry holds null).

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
from jhalt.ids import FieldId
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
    """The read of an ``aaload`` edge (None for anything else: another instruction, an
    exception)."""
    if label.mnemonic != "aaload" or after.exception is not None:
        return None
    if len(after.frames) != len(before.frames) or not after.frames[0].stack:
        return None
    value, array, index = after.peek(0), before.peek(1), before.peek(0)
    if array == NULL or (value != NULL and not after.is_object(value)):
        return None
    return value, array, index


def entry_holders(reads: frozenset[Read], value: Ref) -> list[tuple[Ref, EntrySlot]]:
    """The entries the reads say hold ``value`` (an object reference)."""
    if value == NULL:
        return []
    return sorted((array, EntrySlot(index)) for held, array, index in reads if held == value)


def held_at(reads: frozenset[Read], array: Ref, index: Ref) -> Ref | None:
    """The value the reads say ``array[index]`` holds, if any (an object reference before
    ``null``: reads that name one entry hold the same value)."""
    held = sorted(v for v, a, i in reads if a == array and i == index)
    objects = [v for v in held if v != NULL]
    if objects or held:
        return (objects or held)[0]
    return None


def renamed_reads(reads: frozenset[Read], name: Callable[[Ref], Ref]) -> frozenset[Read]:
    """The reads after a refinement's renaming ``name``."""
    renamed = ((name(v), name(a), name(i)) for v, a, i in reads)
    return frozenset(r for r in renamed if r[1] != NULL)


def renamed_slot(slot: FieldId | EntrySlot, name: Callable[[Ref], Ref]) -> FieldId | EntrySlot:
    """A holder edge's field, or its entry with the index renamed by ``name``."""
    return EntrySlot(name(slot.index)) if isinstance(slot, EntrySlot) else slot
