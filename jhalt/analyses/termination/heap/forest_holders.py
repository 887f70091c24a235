"""Who holds an object, by the fact of the forest check (`jhalt.analyses.termination.heap.forest`):
the fact itself (orphans, apart pairs, pending moves, read array entries), the explicit
holders of a reference (along a set of fields), the rules that read holders — that an
object does not reach another (`known_apart`, `entry_apart`) and that the equal case of
``a =? b`` has no forest (`impossible_equal`) — and how holders change (`held`,
`detached`, `entry_overwritten`, `live`).  The rules are stated in the module doc of
`forest`; array entries as holders in `array_entries`."""

from __future__ import annotations

from dataclasses import dataclass, replace

from jhalt.analyses.termination.heap.array_entries import (
    EntrySlot,
    Read,
    entry_holders,
    held_at,
    renamed_reads,
    renamed_slot,
)
from jhalt.analyses.termination.heap.forest_reach import may_be_string
from jhalt.analyses.termination.pathfacts import below
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, InstanceValue, Ref
from jhalt.ids import FieldId
from jhalt.seg.labels import RefineEdge

Edge = tuple[Ref, FieldId | EntrySlot]
"""A holder: a field of an object, or an entry of an array (`array_entries.EntrySlot`)."""
Along = frozenset[str] | None
"""The field names a forest is along (None: every field)."""


@dataclass(frozen=True)
class Fact:
    """What the forest check knows at a node (module doc of `forest`): the *orphans* no
    field or entry holds, the *apart* pairs ``(o, h)`` — ``o`` does not reach ``h`` —, the
    *pending* objects of a move with exactly the edges that hold them, the *reads* of
    array entries no array store has changed since (`array_entries`), and the references
    that may be *released* objects (`heap.garbage`): garbage whose fields hold nothing for
    the rules (every rule here reads holders without them)."""

    orphans: frozenset[Ref] = frozenset()
    apart: frozenset[tuple[Ref, Ref]] = frozenset()
    pending: tuple[tuple[Ref, frozenset[Edge]], ...] = ()
    reads: frozenset[Read] = frozenset()
    released: frozenset[Ref] = frozenset()

    def holders(self, reference: Ref) -> frozenset[Edge] | None:
        for pending, edges in self.pending:
            if pending == reference:
                return edges
        return None

    def renamed(self, renaming: dict[Ref, Ref]) -> Fact:
        def name(r: Ref) -> Ref:
            return renaming.get(r, r)

        return Fact(
            frozenset(name(r) for r in self.orphans) - {NULL},
            frozenset((name(o), name(h)) for o, h in self.apart if NULL not in (name(o), name(h))),
            tuple(
                (name(r), frozenset((name(q), renamed_slot(f, name)) for q, f in edges))
                for r, edges in self.pending
            ),
            renamed_reads(self.reads, name),
            frozenset(name(r) for r in self.released) - {NULL},
        )


CLEAN = Fact()


def known_apart(
    fact: Fact,
    state: AbstractState,
    stored: Ref,
    written: Ref,
    seen: frozenset[Ref],
    fields: Along = None,
) -> bool:
    """Whether the fact proves that ``stored`` does not reach ``written`` (the *apart*
    rules of the module doc): a pair ``(stored, x)`` with ``x`` on an explicit path from
    ``written`` (a path from ``stored`` to ``written`` would continue to ``x``); or
    ``stored`` is an orphan — no field holds it, so it is not ``written``, which has a
    holder — and it reaches none of ``written``'s holders, all of them known: the edges of
    a pending object, else its explicit holders (in a forest its only one), since a path
    into ``written`` ends with an edge from one of its holders."""
    for orphan, held in fact.apart:
        if orphan == stored and (held == written or below(state, written, held, fields)):
            return True
    if stored not in fact.orphans or written in seen:
        return False
    holders = all_holders(fact, state, written, fields)
    return bool(holders) and all(
        known_apart(fact, state, stored, holder, seen | {written}, fields) for holder, _ in holders
    )


def all_holders(fact: Fact, state: AbstractState, reference: Ref, fields: Along) -> frozenset[Edge]:
    """Every field that holds ``reference``'s object (empty: not known): the edges of a
    pending object; otherwise, unless it may be a pending one, its explicit holders — in a
    forest an object that is not pending has at most one holder."""
    edges = fact.holders(reference)
    if edges is not None:
        return edges
    if may_be_pending(fact, state, reference, fields):
        return frozenset()
    return frozenset(explicit_holders(state, reference, fields, fact.released))


def entry_apart(fact: Fact, state: AbstractState, stored: Ref, written: Ref, fields: Along) -> bool:
    """Whether the fact proves that the object ``stored`` (not ``written`` itself) does
    not reach ``written`` by its orphans and reads: ``written`` is an orphan — no object
    but itself reaches it — that ``stored`` cannot be (not ``=?``, or held by a field or a
    read entry, which no orphan is); or ``stored`` was read from an entry of ``written``
    or lies below such a value (``written`` reaches it: a path back would be a cycle in
    the heap before the write, acyclic by the induction)."""
    holders = explicit_holders(state, stored, fields, fact.released)
    held = bool(holders or read_holders(fact, stored))
    same = state.predicates.equal_partners(written)
    if written in fact.orphans and (stored not in same or held):
        return True
    return any(a == written and at_or_below(state, v, stored, fields) for v, a, _ in fact.reads)


def read_holders(fact: Fact, value: Ref) -> list[tuple[Ref, EntrySlot]]:
    """The read entries holding ``value`` (`array_entries`), of arrays that are not
    (possibly) released (`heap.garbage`)."""
    return [e for e in entry_holders(fact.reads, value) if e[0] not in fact.released]


def at_or_below(state: AbstractState, ancestor: Ref, reference: Ref, fields: Along) -> bool:
    """``reference`` is ``ancestor`` or on a path of represented fields (of ``fields``)
    below it."""
    return reference == ancestor or below(state, ancestor, reference, fields)


def may_be_held(fact: Fact, state: AbstractState, old: Ref, stored: Ref, fields: Along) -> bool:
    """Whether the object ``old`` (the overwritten value) may have another holder than the
    written field or entry, before the write: it may be a pending object or the stored one
    (``=?``), not `apart_from_edges` from it nor below it on represented fields (acyclic
    before the write)."""
    if stored in state.predicates.equal_partners(old) and not below(state, old, stored, fields):
        stored_edges = frozenset(explicit_holders(state, stored, fields, fact.released))
        if stored not in fact.orphans and not apart_from_edges(
            state, old, stored_edges, fields, fact.released
        ):
            return True
    return may_be_pending(fact, state, old, fields)


def apart_from_edges(
    state: AbstractState,
    reference: Ref,
    edges: frozenset[Edge],
    fields: Along,
    released: frozenset[Ref] = frozenset(),
) -> bool:
    """Whether an explicit field (of an object not ``released``) holding ``reference``
    cannot be any of ``edges``."""
    equal = state.predicates.equal_partners
    return any(
        all(f != g or (h != q and q not in equal(h)) for q, g in edges)
        for h, f in explicit_holders(state, reference, fields, released)
    )


def may_be_pending(fact: Fact, state: AbstractState, reference: Ref, fields: Along) -> bool:
    """Whether ``reference`` may be (``=?``) a pending object ``p``: not when an explicit
    field holding ``reference`` cannot be any of the edges that hold ``p`` (every holder of
    ``p`` is among them), nor when one lies on an explicit path below the other (two
    objects: the heap has no cycle — issue 36, ``buckets[i] = e.next`` in a hash table's
    ``remove``: ``e``, the entry's old value, is not its pending successor)."""
    equal = state.predicates.equal_partners(reference)
    return any(
        pending in equal
        and not apart_from_edges(state, reference, edges, fields, fact.released)
        and not below(state, reference, pending, fields)
        and not below(state, pending, reference, fields)
        for pending, edges in fact.pending
    )


def explicit_holders(
    state: AbstractState, reference: Ref, fields: Along, released: frozenset[Ref] = frozenset()
) -> list[Edge]:
    """The represented fields (of ``fields``; None: any) that hold ``reference``, of
    objects that are not (possibly) ``released`` (`heap.garbage`: their fields hold
    nothing for the rules)."""
    return sorted(
        (holder, field_id)
        for holder, value in state.heap.items()
        if isinstance(value, InstanceValue) and holder not in released
        for field_id, held in value.fields
        if held == reference and (fields is None or field_id.name in fields)
    )


def impossible_equal(fact: Fact, state: AbstractState, label: RefineEdge, fields: Along) -> bool:
    """Whether ``label`` is the *equal* case of ``a =? b`` that no concrete state of
    ``state`` satisfying ``fact`` has: one of them lies on an explicit path below the other
    (their being one object is a cycle; a tree the states only know as ``!``, whose
    ``t.left`` may be ``t``), or the one object would have more holders than ``fact``
    allows (`held_too_often`)."""
    if label.refinement != "equality" or label.case != "equal" or len(label.refs) != 2:
        return False
    first, second = label.refs
    if below(state, first, second, fields) or below(state, second, first, fields):
        return True
    if may_be_string(state, first) or may_be_string(state, second):
        return False  # a string may be held by any number of fields
    return held_too_often(fact, state, first, second, fields) or held_too_often(
        fact, state, second, first, fields
    )


def held_too_often(
    fact: Fact, state: AbstractState, first: Ref, second: Ref, fields: Along
) -> bool:
    """Whether ``first`` and ``second`` cannot be one object because ``second`` is held by
    an explicit field that cannot be a holder of ``first``: ``first`` is an orphan (no
    field holds it); or it is held by an explicit field certainly another one and it is
    neither pending nor possibly a pending object (held once); or it is pending and the
    field is certainly none of its edges (those are all its holders)."""
    released = fact.released
    others = explicit_holders(state, second, fields, released)
    if not others:
        return False
    if first in fact.orphans:
        return True
    edges = fact.holders(first)
    if edges is None:
        if may_be_pending(fact, state, first, fields):
            return False
        edges = frozenset(explicit_holders(state, first, fields, released))
        if not edges:
            return False
        return any(
            apart_from_edges(state, second, frozenset({edge}), fields, released) for edge in edges
        )
    return apart_from_edges(state, second, edges, fields, released)


def held(fact: Fact, state: AbstractState, stored: Ref) -> Fact:
    """The orphan ``stored`` got a holder: neither it nor a reference that may be its
    object (``=?``) is an orphan any more — but for the partners an apart pair separates
    from it (``(o, h)``: ``o`` does not reach ``h``, so it is not ``h``)."""
    apart = fact.apart
    distinct = {o for o, h in apart if h == stored} | {h for o, h in apart if o == stored}
    gone = {stored} | (state.predicates.equal_partners(stored) - distinct)
    return replace(
        fact,
        orphans=fact.orphans - gone,
        apart=frozenset((o, h) for o, h in fact.apart if o not in gone),
    )


def detached(fact: Fact, old: Ref, edge: Edge, unknown: bool) -> Fact:
    """``old`` lost the holder ``edge``: settled when one holder is left, else an orphan
    that does not reach the written object — unless ``unknown`` (`may_be_held`)."""
    edges = fact.holders(old)
    if edges is not None:
        left = edges - {edge}
        pending = tuple((r, e) for r, e in fact.pending if r != old)
        if len(left) > 1:
            pending += ((old, left),)
        return replace(fact, pending=pending)
    if unknown:
        return fact  # it may be a pending object or the stored one: nothing known
    return replace(fact, orphans=fact.orphans | {old}, apart=fact.apart | {(old, edge[0])})


def entry_overwritten(
    fact: Fact, state: AbstractState, array: Ref, index: Ref, fields: Along, stored: Ref = NULL
) -> Fact:
    """After an ``aastore`` of ``stored`` into ``array[index]``: the object a read says the
    entry held loses that holder (`detached`); then no read is known any more
    (`array_entries`)."""
    old = held_at(fact.reads, array, index)
    fact = replace(fact, reads=frozenset())
    if old is None or old == stored or not state.is_object(old):
        return fact
    unknown = may_be_held(fact, state, old, stored, fields)
    return detached(fact, old, (array, EntrySlot(index)), unknown)


def live(fact: Fact, state: AbstractState) -> Fact:
    """Pending holders that are orphans and no longer in ``state`` (no frame or static
    field holds them) are dead and hold nothing a run can reach again (an unlinked entry
    dropped on return); one that may be in an array's unrepresented entries is no orphan
    and keeps its edge."""

    def dead(q: Ref) -> bool:
        return q in fact.orphans and q not in state.heap

    if not any(dead(q) for _, edges in fact.pending for q, _ in edges):
        return fact
    pending = []
    for reference, edges in fact.pending:
        left = frozenset((q, f) for q, f in edges if not dead(q))
        if len(left) > 1:
            pending.append((reference, left))
    return replace(fact, pending=tuple(pending))
