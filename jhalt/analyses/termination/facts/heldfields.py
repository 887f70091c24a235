"""Reference fields remembered along a path of the extraction (issue 14): after a recursive
call, the caller reads ``tree.right`` again and gets a new name for the object it held
before the call; the size of the one is the size of the other.

Along a path (`jhalt.analyses.termination.extract`) a map *(holder, field) -> reference*
records, at every node, the object a represented reference field of an instance holds.
Each entry stays valid while the field cannot have been written:

* ``putfield`` on ``p`` removes the entries of ``p`` and of every reference that may denote
  the same object (``p =? q``; distinct references without ``=?`` are distinct objects, and
  an object that left the state is reached by nothing the path can still write);
* a library call (an ``invoke`` that pushes no frame and is no recursion summary) removes
  all of them, except those of `pathfacts.HARMLESS_LIBRARY_METHODS`; entering a recursive
  call removes all of them (the callee's state does not show the caller's frames);
* the summary of a recursive call keeps the entries of the holders its arguments and the
  static fields its code reads cannot reach — the callee writes only what it reaches
  (`jhalt.seg.evaluate.recursion`): by `pathfacts.may_reach` (``=?`` and ``⋀`` partners in
  both directions) or, at a node whose heap is a forest (`forest`), by the unique-parent
  rule of `heap.forest_reach` (an argument of a class without reference fields reaches only
  itself, `heap.forest_reach.field_free`); a summary of a callee that writes only new objects
  keeps all.

When the field of a remembered holder is represented again with another reference (a new
name after a realization), both name one object: ``sz(new) = sz(old)`` (their current
versions), added when ``new`` has a size at the node.
"""

from __future__ import annotations

from collections.abc import Callable, Set

from jhalt.analyses.termination.facts.edgeeffect import EdgeEffect, EdgeKind, ForgettingFact
from jhalt.analyses.termination.heap.forest_reach import ForestReach, field_free
from jhalt.analyses.termination.pathfacts import may_reach
from jhalt.analyses.termination.pathstate import PathState, Slot
from jhalt.analyses.termination.plugins import Extraction, SizeOf
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, InstanceValue, Ref
from jhalt.ids import FieldId
from jhalt.its.linear import LinearConstraint, LinearExpr, eq
from jhalt.program import Program

HELD: Slot[dict[tuple[Ref, FieldId], Ref]] = Slot("held", dict, dict)
"""The objects reference fields held at earlier nodes, still valid (module doc)."""


class HeldFields(ForgettingFact):
    """The remembered reference fields of the module doc, used when every heap of the
    program is a forest (`forest.ForestCheck`) under a norm of acyclic data."""

    @staticmethod
    def applies(ext: Extraction) -> bool:
        return ext.forest.holds and ext.forest.along is None and ext.norm.acyclic_data

    slot = HELD

    def node_facts(
        self, path: PathState, state: AbstractState, tracked: Set[Ref], size_of: SizeOf
    ) -> list[LinearConstraint]:
        return held_facts(path, state, tracked, size_of)

    def forget(
        self, path: PathState, before: AbstractState, effect: EdgeEffect, forest: bool
    ) -> None:
        forget_written(path, before, effect, self.ext.program, forest)


def held_facts(
    path: PathState,
    state: AbstractState,
    tracked: Set[Ref],
    size_of: Callable[[Ref], LinearExpr],
) -> list[LinearConstraint]:
    """Record the reference fields of ``state`` in the path's `HELD`; the size equalities
    of fields remembered under another name (module doc)."""
    facts, remembered = [], path.get(HELD)
    for holder, value in state.heap.items():
        if not isinstance(value, InstanceValue):
            continue
        for field_id, held in value.fields:
            if held != NULL and not state.is_object(held):
                continue
            known = remembered.get((holder, field_id))
            if known is not None and known != held and (held == NULL or held in tracked):
                facts.append(eq(size_of(held), size_of(known)))
            remembered[(holder, field_id)] = held
    return facts


def forget_written(
    path: PathState,
    state: AbstractState,
    effect: EdgeEffect,
    program: Program | None,
    forest: bool,
) -> None:
    """Drop the entries the edge with ``effect`` (from ``state``) may invalidate (module
    doc); ``forest``: the heap at ``state`` is a forest. An array write writes no field."""
    if effect.kind in (EdgeKind.ENTERS_CALL, EdgeKind.LIBRARY_WRITE):
        path.put(HELD, {})
    elif effect.kind is EdgeKind.SUMMARY:
        forget_call(path, state, effect.roots, program, forest)
    elif effect.kind is EdgeKind.FIELD_WRITE:
        assert effect.written is not None
        aliases = {effect.written} | state.predicates.equal_partners(effect.written)
        kept = {key: value for key, value in path.get(HELD).items() if key[0] not in aliases}
        path.put(HELD, kept)


def forget_call(
    path: PathState,
    state: AbstractState,
    found: tuple[Ref, ...] | None,
    program: Program | None,
    forest: bool,
) -> None:
    """At the summary of a recursive call (from ``state``) with roots ``found`` (None: not
    known): keep the entries of the holders the callee cannot reach (module doc)."""
    if not path.get(HELD):
        return
    if found is None:
        path.put(HELD, {})
        return
    roots = set(found)
    alone = {r for r in roots if field_free(state, r, program)}  # it reaches only itself
    roots -= alone
    alone |= {p for r in alone for p in state.predicates.equal_partners(r)}
    reach = ForestReach(state) if forest else None

    def reachable(holder: Ref) -> bool:
        if holder not in state.heap:
            return False  # reached by nothing the state holds
        reaching = reach.reaching(holder) if reach is not None else may_reach(state, holder)
        return holder in alone or bool(reaching & roots)

    path.put(HELD, {key: value for key, value in path.get(HELD).items() if not reachable(key[0])})
