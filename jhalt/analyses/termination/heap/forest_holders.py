"""Who holds an object, by the fact of the forest check (`jhalt.analyses.termination.heap.forest`):
the fact itself (orphans, apart pairs, pending moves), the explicit holders of a reference
(along a set of fields), and the two rules that read holders — that an orphan does not
reach an object (`known_apart`) and that the equal case of ``a =? b`` has no forest
(`impossible_equal`).  The rules are stated in the module doc of `forest`."""

from __future__ import annotations

from dataclasses import dataclass

from jhalt.analyses.termination.heap.forest_reach import may_be_string
from jhalt.analyses.termination.pathfacts import below
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, InstanceValue, Ref
from jhalt.ids import FieldId
from jhalt.seg.labels import RefineEdge

Edge = tuple[Ref, FieldId]
Along = frozenset[str] | None
"""The field names a forest is along (None: every field)."""


@dataclass(frozen=True)
class Fact:
    """What the forest check knows at a node (module doc of `forest`): the *orphans* no
    field or entry holds, the *apart* pairs ``(o, h)`` — ``o`` does not reach ``h`` —, and
    the *pending* objects of a move with exactly the edges that hold them."""

    orphans: frozenset[Ref] = frozenset()
    apart: frozenset[tuple[Ref, Ref]] = frozenset()
    pending: tuple[tuple[Ref, frozenset[Edge]], ...] = ()

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
                (name(r), frozenset((name(q), f) for q, f in edges)) for r, edges in self.pending
            ),
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
    return frozenset(explicit_holders(state, reference, fields))


def may_be_held(fact: Fact, state: AbstractState, old: Ref, stored: Ref, fields: Along) -> bool:
    """Whether the object ``old`` (the overwritten value) may have another holder than the
    written field, before the write: it may be a pending object or the stored one (``=?``),
    not `apart_from_edges` from it."""
    if stored in state.predicates.equal_partners(old):
        stored_edges = frozenset(explicit_holders(state, stored, fields))
        if stored not in fact.orphans and not apart_from_edges(state, old, stored_edges, fields):
            return True
    return may_be_pending(fact, state, old, fields)


def apart_from_edges(
    state: AbstractState, reference: Ref, edges: frozenset[Edge], fields: Along
) -> bool:
    """Whether an explicit field holding ``reference`` cannot be any of ``edges``."""
    equal = state.predicates.equal_partners
    return any(
        all(f != g or (h != q and q not in equal(h)) for q, g in edges)
        for h, f in explicit_holders(state, reference, fields)
    )


def may_be_pending(fact: Fact, state: AbstractState, reference: Ref, fields: Along) -> bool:
    """Whether ``reference`` may be (``=?``) a pending object ``p``: not when an explicit
    field holding ``reference`` cannot be any of the edges that hold ``p`` (every holder of
    ``p`` is among them)."""
    equal = state.predicates.equal_partners(reference)
    return any(
        pending in equal and not apart_from_edges(state, reference, edges, fields)
        for pending, edges in fact.pending
    )


def explicit_holders(state: AbstractState, reference: Ref, fields: Along) -> list[Edge]:
    """The represented fields (of ``fields``; None: any) that hold ``reference``."""
    return sorted(
        (holder, field_id)
        for holder, value in state.heap.items()
        if isinstance(value, InstanceValue)
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
    others = explicit_holders(state, second, fields)
    if not others:
        return False
    if first in fact.orphans:
        return True
    edges = fact.holders(first)
    if edges is None:
        if may_be_pending(fact, state, first, fields):
            return False
        edges = frozenset(explicit_holders(state, first, fields))
        if not edges:
            return False
        return any(apart_from_edges(state, second, frozenset({edge}), fields) for edge in edges)
    return apart_from_edges(state, second, edges, fields)
