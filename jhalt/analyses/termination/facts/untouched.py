"""Reference fields untouched since the start of a path (issue 14): a field read late still
holds what it held at the cut point, as large as it was then.

``growList(l) { growTree(l.value); growList(l.next); }`` reads ``l.next`` only after the
call on ``l.value``, whose summary forgets what ``l`` holds (the callee may write objects
reachable from ``l``); the size of the new name for ``l.next`` is then unrelated to
``sz(l)`` at the start of the activation, and the recursion is not ranked.  In a forest,
the call writes only below ``l.value``, which shares nothing with ``l.next``.

Along a path of the extraction (`jhalt.analyses.termination.extract`) from a cut point,
every object reference ``h`` of the cut point's state with a size is a *holder*, with its
size at the start and the set of its fields *touched* since: a field whose value, or the
structure below whose value, may have changed.  Each edge touches (`forget_touched`):

* ``putfield w.g = v``: if ``w`` is ``h``, the field ``g`` of ``h`` (the object ``h`` lies
  below none of its fields — no heap of the run has a cycle, which the forest check proves
  — so no other field's structure changes); if ``h`` cannot reach ``w``
  (`heap.forest_reach.ForestReach` at a node whose heap is a forest, `pathfacts.may_reach`
  elsewhere), nothing; if ``w`` lies on a path of represented fields below ``h`` whose first
  field is ``g'`` and the node's heap is a forest, ``g'`` — the object of any other field
  of ``h`` has ``h`` as its one parent, so ``w`` is not below it; otherwise everything;
* ``aastore`` into ``w``: the same with every field for ``w = h``;
* the summary of a recursive call with roots ``R`` (its arguments and the static fields its
  code reads; it writes only objects reachable from them, `jhalt.seg.evaluate.recursion`)
  at a forest node: for each root ``r``, nothing when neither ``r`` nor ``h`` may reach the
  other (two such references share nothing in a forest, `heap.forest_reach`), ``g'`` when ``r``
  lies below ``h`` by the first field ``g'`` (everything reachable from ``r`` is below
  ``h.g'``, and no object below ``h.f`` reaches ``r`` — its parents lead up to ``h`` —, so
  what ``r`` reaches shares nothing with ``h.f``), otherwise everything; a callee that writes
  only new objects touches nothing; elsewhere everything;
* a library call that may write (not `pathfacts.HARMLESS_LIBRARY_METHODS`) touches
  everything; entering a recursive call, an inlined call and the other instructions touch
  nothing (the callee's own writes are edges of the path).

A refinement's renaming renames a holder (`renamed_holder`); a holder that leaves the state
is forgotten.  At every node, a represented field ``f`` of a
holder ``h`` holding an object ``c`` with a size, ``f`` untouched, gives (`untouched_facts`)
``sz(c) <= sz_start(h) - 1``: ``h.f`` was not written, so ``c`` is the object it held at
the start, a child of ``h`` then, whose structure is unchanged.

**Field size variables.**  When the field is read only after a state merged inside the
activation (a cut point: ``growList`` returns from ``growTree`` along several paths), the
cut point needs a variable for it: ``sz(h.f)``, the size of what reference field ``f`` of
the instance at ``h`` holds, for every instance ``h`` with a size whose state does not
represent ``f`` (a field some state of the component represents; `SizeFields`).  Along a
path, ``f`` untouched: ``sz(c) = sz(h.f)`` when ``h.f`` is represented as ``c``, and
``sz(h.f) <= sz_start(h) - 1`` wherever ``h`` is an instance (so it was one at the start).
At an instance edge into a cut point with ``sz(G.F)`` (`SizeFields.field_size`): the size of ``c``
when the instance state represents ``h.F`` as ``c``, else the source's ``sz(h.F)`` when
``h`` is a holder with ``F`` untouched; otherwise unconstrained.

Used for longest paths only, with the forest check holding (`forest.ForestCheck`): then
every heap is acyclic and a forest at the nodes it calls clean.
"""

from __future__ import annotations

from collections.abc import Callable, Set
from functools import partial

from jhalt.analyses.termination.cutpoints import (
    CutPoint,
    represented_fields,
    size_field_name,
    size_name,
    type_and_fields,
)
from jhalt.analyses.termination.facts.edgeeffect import EdgeEffect, EdgeKind, ForgettingFact
from jhalt.analyses.termination.heap.forest_reach import ForestReach
from jhalt.analyses.termination.pathfacts import below, may_reach
from jhalt.analyses.termination.pathstate import PathState, Slot
from jhalt.analyses.termination.plugins import Extraction, SizeOf
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, InstanceValue, Ref
from jhalt.ids import FieldId
from jhalt.its.linear import LinearConstraint, LinearExpr, const, eq, le, var
from jhalt.its.system import primed
from jhalt.seg.graph import SymbolicExecutionGraph

Holder = tuple[LinearExpr, frozenset[FieldId], tuple[tuple[FieldId, LinearExpr], ...]]
"""A holder: its size at the cut point, its fields touched since, and the cut point's size
variables of its fields."""
HOLDERS: Slot[dict[Ref, Holder] | None] = Slot(
    "holders", lambda: None, lambda held: None if held is None else dict(held)
)
"""The cut point's references with their sizes there, the fields touched since and the
size variables of fields; None: not tracked."""

Touched = frozenset[FieldId] | None
"""Fields touched; None: every field."""


FieldClasses = dict[FieldId, frozenset[str]]
MAX_SIZE_FIELDS = 12
"""A cut point gets at most this many field size variables; beyond that none."""


class SizeFields:
    """The field size variables of the cut points of a component (module doc): for the
    reference fields represented (holding an object or null) in some state of ``nodes``,
    with the classes of the instances that represent each."""

    def __init__(self, graph: SymbolicExecutionGraph, nodes: frozenset[int]) -> None:
        classes = represented_fields(graph, nodes, lambda s, r: r == NULL or s.is_object(r))
        self.fields = sorted(classes.items(), key=str)

    def of(self, state: AbstractState, sized: tuple[Ref, ...]) -> tuple[tuple[Ref, FieldId], ...]:
        """The variables of a cut point with ``state`` and the sized references ``sized``:
        its objects with a size, of a class seen with such a field, that do not represent
        it (an unknown object may be null: the variable means something only where the
        object is an instance, the only place a fact speaks of it)."""
        found = []
        for reference in sized:
            typed = type_and_fields(state, reference)
            if typed is None:
                continue
            type_name, present = typed
            for field_id, classes in self.fields:
                if field_id not in present and type_name in classes:
                    found.append((reference, field_id))
        return tuple(found) if len(found) <= MAX_SIZE_FIELDS else ()

    @staticmethod
    def holders(point: CutPoint) -> dict[Ref, Holder]:
        """The holders at the start of a path from ``point``: its references with sizes."""
        return {
            r: (
                var(size_name(r)),
                frozenset(),
                tuple((f, var(size_field_name(g, f))) for g, f in point.size_fields if g == r),
            )
            for r in point.sized_refs
        }

    @staticmethod
    def field_size(
        path: PathState,
        state: AbstractState,
        holder: Ref | None,
        field_id: FieldId,
        size_of: Callable[[Ref], LinearExpr],
    ) -> LinearExpr | None:
        """What a cut point's ``sz(G.F)`` is at an instance edge whose instance ``state`` has
        ``holder`` for ``G`` (module doc), or None."""
        value = state.heap.get(holder) if holder is not None else None
        if holder is None or not isinstance(value, InstanceValue):
            return None
        held = value.field(field_id)
        if held is not None:
            return const(0) if held == NULL else size_of(held) if state.is_object(held) else None
        start = (path.get(HOLDERS) or {}).get(holder)
        if start is None or field_id in start[1]:
            return None
        return dict(start[2]).get(field_id)

    @staticmethod
    def at_instance(
        path: PathState,
        target: CutPoint,
        instance: AbstractState,
        instance_of: dict[Ref, Ref],
        size_of: Callable[[Ref], LinearExpr],
    ) -> list[LinearConstraint]:
        """The values of the field size variables of the cut point ``target`` at an
        instance edge from the state ``instance``, whose renaming is ``instance_of``."""
        found = []
        for general, field_id in target.size_fields:
            holder = instance_of.get(general)
            term = SizeFields.field_size(path, instance, holder, field_id, size_of)
            if term is not None:
                found.append(eq(var(primed(size_field_name(general, field_id))), term))
        return found


def renamed_holder(path: PathState, old: Ref, new: Ref) -> None:
    """A refinement renames ``old`` to ``new`` (one object): a holder keeps its entry under
    the new name (a null object holds nothing: dropped)."""
    holders = path.get(HOLDERS)
    if holders and old in holders:
        entry = holders.pop(old)
        if new != NULL:
            holders[new] = entry


def untouched_facts(
    path: PathState,
    state: AbstractState,
    tracked: Set[Ref],
    size_of: Callable[[Ref], LinearExpr],
) -> list[LinearConstraint]:
    """The facts of the module doc at a node with ``state``."""
    facts: list[LinearConstraint] = []
    for holder, (start, touched, variables) in (path.get(HOLDERS) or {}).items():
        value = state.heap.get(holder)
        if not isinstance(value, InstanceValue):
            continue
        known = dict(variables)
        for field_id, held in value.fields:
            if field_id in touched or (held != NULL and held not in tracked):
                continue
            size = const(0) if held == NULL else size_of(held)
            if held != NULL:
                facts.append(le(size, start - const(1)))
            if field_id in known:
                facts.append(eq(size, known.pop(field_id)))
        facts += [le(v, start - const(1)) for f, v in known.items() if f not in touched]
    return facts


def forget_touched(path: PathState, state: AbstractState, effect: EdgeEffect, forest: bool) -> None:
    """Add what the edge with ``effect`` (from ``state``) touches to every holder of
    ``path`` (module doc); ``forest``: the heap at ``state`` is a forest."""
    if not path.get(HOLDERS):
        return
    if effect.kind is EdgeKind.SUMMARY:
        roots = effect.roots if forest else None
        if roots is None:
            path.put(HOLDERS, {})
            return
        _touch(path, state, lambda h, reach: _by_call(state, h, roots, reach))
    elif effect.kind in (EdgeKind.FIELD_WRITE, EdgeKind.ARRAY_WRITE):
        written, field_id = effect.written, effect.field
        assert written is not None
        _touch(path, state, lambda h, reach: _by_write(state, h, written, field_id, reach, forest))
    elif effect.kind is EdgeKind.LIBRARY_WRITE:
        path.put(HOLDERS, {})


Reaching = Callable[[Ref], frozenset[Ref]]


def _touch(
    path: PathState, state: AbstractState, touches: Callable[[Ref, Reaching], Touched]
) -> None:
    holders = path.get(HOLDERS)
    assert holders is not None
    forest_reach = ForestReach(state)
    kept = {}
    for holder, (start, touched, variables) in holders.items():
        found = touches(holder, forest_reach.reaching) if holder in state.heap else None
        if found is not None:
            kept[holder] = (start, touched | found, variables)
    path.put(HOLDERS, kept)


def _by_write(
    state: AbstractState,
    holder: Ref,
    written: Ref,
    field_id: FieldId | None,
    reaching: Reaching,
    forest: bool,
) -> Touched:
    if written == holder:
        return None if field_id is None else frozenset({field_id})
    may = reaching(written) if forest else may_reach(state, written)
    if holder not in may:
        return frozenset()
    return _first_field(state, holder, written) if forest else None


def _by_call(
    state: AbstractState, holder: Ref, roots: tuple[Ref, ...], reaching: Reaching
) -> Touched:
    touched: frozenset[FieldId] = frozenset()
    for root in roots:
        if root not in reaching(holder) and holder not in reaching(root):
            continue
        found = _first_field(state, holder, root)
        if found is None:
            return None
        touched |= found
    return touched


def _first_field(state: AbstractState, holder: Ref, reference: Ref) -> Touched:
    """The field of ``holder`` whose represented value is ``reference`` or has it on a path
    of represented fields below it; None when there is none."""
    value = state.heap.get(holder)
    if not isinstance(value, InstanceValue) or reference == holder:
        return None
    for field_id, child in value.fields:
        if child == reference or (state.is_object(child) and below(state, child, reference, None)):
            return frozenset({field_id})
    return None


class Untouched(ForgettingFact):
    """The holders of the module doc and the cut points' field size variables, used for
    longest paths when every heap of the program is a forest (`forest.ForestCheck`)."""

    slot = HOLDERS

    def __init__(self, ext: Extraction) -> None:
        super().__init__(ext)
        self.sized_fields = SizeFields(ext.graph, ext.nodes)

    @staticmethod
    def applies(ext: Extraction) -> bool:
        return ext.forest.holds and ext.forest.along is None and ext.norm.longest_path

    def at_cut_point(self, point: CutPoint) -> CutPoint:
        fields = self.sized_fields.of(self.ext.graph.states[point.node], point.sized_refs)
        return CutPoint(point.node, point.int_refs, point.sized_refs, point.field_refs, fields)

    def start(self, point: CutPoint, path: PathState) -> None:
        path.put(HOLDERS, SizeFields.holders(point))

    def node_facts(
        self, path: PathState, state: AbstractState, tracked: Set[Ref], size_of: SizeOf
    ) -> list[LinearConstraint]:
        return untouched_facts(path, state, tracked, size_of)

    def forget(
        self, path: PathState, before: AbstractState, effect: EdgeEffect, forest: bool
    ) -> None:
        forget_touched(path, before, effect, forest)

    def on_rename(self, source: CutPoint, path: PathState, old: Ref, new: Ref) -> None:
        renamed_holder(path, old, new)

    def on_instance(
        self,
        source: CutPoint,
        path: PathState,
        target: CutPoint,
        instance: AbstractState,
        instance_of: dict[Ref, Ref],
    ) -> list[LinearConstraint]:
        size_of = partial(self.ext.size_var, source, path)
        return SizeFields.at_instance(path, target, instance, instance_of, size_of)
