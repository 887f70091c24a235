"""Integer fields of objects without a represented field, and array lengths (`extract`;
AProVE's ITS encoding keeps the integer fields of objects — needed for
``while (l.value > 0) l.value--`` where the loop head holds ``l`` as an unknown object).

At a cut point ``c``, for an object reference ``g`` (not an array) whose value does not
represent an integer field ``F`` that some state of the SCC represents, the variable ``g.F``
denotes the current value of field ``F`` of the object at ``g`` in the concrete state (any
value when ``g`` is null or has no field ``F``).  Along a path the fact keeps a map
*(reference, field) -> term* of values known for the concrete object at the reference,
each entry valid in the current concrete heap (the slot `FIELDS`):

* at the start ``(g, F) -> g.F`` for the source's field variables;
* at every node, a represented integer field ``F -> i`` of an instance ``x`` is the
  concrete value of ``x.F`` (the state over-approximates the concrete states): the entry
  ``(x, F)`` is equated with ``i`` when present, set to ``i`` otherwise;
* a refinement renaming ``old -> new`` of an object (one object, two names) copies the
  entries of ``old`` to ``new`` (equating them with entries ``new`` already has);
* ``putfield`` on ``p`` removes every entry of ``p`` and of each reference that may denote
  the same object (``p =? q``; distinct references without ``=?`` are distinct objects,
  `jhalt.domains.heap`) — the written value is re-read from the next state; a library call
  (an ``invoke`` that does not push a frame) may write any field and removes all entries,
  except the calls of `pathfacts.HARMLESS_LIBRARY_METHODS` (e.g. ``Object.<init>``) and
  the summaries of recursive calls whose code writes only objects it allocates
  (`jhalt.seg.evaluate.recursion`).  No other instruction writes an instance field;
* at the instance edge, ``g.F' = term`` when the map has an entry for the instance
  reference of ``g``; otherwise ``g.F'`` is unconstrained.

Array lengths are entries of the same map that no write removes (`array_lengths`).
"""

from __future__ import annotations

from jhalt.analyses.termination.array_lengths import (
    Entries,
    keep_lengths,
    length_facts,
    realizes_arrays,
)
from jhalt.analyses.termination.cutpoints import (
    CutPoint,
    cut_point_field_refs,
    field_name,
    represented_int_fields,
)
from jhalt.analyses.termination.pathstate import PathState, Slot
from jhalt.analyses.termination.plugins import Extraction, PathFact
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, InstanceValue, IntValue, Ref
from jhalt.its.linear import LinearConstraint, eq, var
from jhalt.its.system import primed
from jhalt.seg.evaluate.recursion import keeps_existing_objects
from jhalt.seg.labels import EvalEdge

FIELDS: Slot[Entries] = Slot("fields", dict, dict)
"""Known values of integer fields (and lengths) of the objects at references."""


class FieldValues(PathFact):
    """The map of known integer field values (module doc)."""

    def __init__(self, ext: Extraction) -> None:
        super().__init__(ext)
        self.int_fields, self.classes_with = represented_int_fields(ext.graph, ext.nodes)
        self.lengths = realizes_arrays(ext.graph, ext.nodes)

    def at_cut_point(self, point: CutPoint) -> CutPoint:
        state = self.ext.graph.states[point.node]
        refs = cut_point_field_refs(state, self.int_fields, self.classes_with, self.lengths)
        return CutPoint(point.node, point.int_refs, point.sized_refs, refs, point.size_fields)

    def start(self, point: CutPoint, path: PathState) -> None:
        path.put(FIELDS, {(r, f): var(field_name(r, f)) for r, f in point.field_refs})

    def on_node(self, source: CutPoint, path: PathState, node: int) -> None:
        state, fields = self.ext.graph.states[node], path.get(FIELDS)
        constraints = path.facts.constraints
        for reference, value in state.heap.items():
            if not isinstance(value, InstanceValue):
                continue
            for field_id, held in value.fields:
                if isinstance(state.heap.get(held), IntValue):
                    current = var(self.ext.int_name(source, held))
                    known = fields.get((reference, field_id))
                    if known is not None and known != current:
                        constraints.append(eq(known, current))
                    fields[(reference, field_id)] = current
        constraints.extend(length_facts(state, fields, lambda r: self.ext.int_name(source, r)))

    def on_eval(
        self,
        source: CutPoint,
        path: PathState,
        before: AbstractState,
        after: AbstractState,
        label: EvalEdge,
    ) -> None:
        if label.enters_call or keeps_existing_objects(label.assumptions):
            return  # a recursive call entered or summarised writes only new objects
        if label.mnemonic == "putfield":
            written = before.peek(1)
            aliases = {written} | before.predicates.equal_partners(written)
            path.put(FIELDS, keep_lengths(path.get(FIELDS), aliases.__contains__))
        elif label.mnemonic.startswith("invoke") and len(after.frames) <= len(before.frames):
            if not self.ext.writes.harmless(label.position):
                path.put(FIELDS, keep_lengths(path.get(FIELDS)))

    def on_rename(self, source: CutPoint, path: PathState, old: Ref, new: Ref) -> None:
        if new in (NULL, old):
            return
        fields = path.get(FIELDS)
        for (holder, field_id), known in list(fields.items()):
            if holder != old:
                continue
            other = fields.get((new, field_id))
            if other is not None and other != known:
                path.facts.constraints.append(eq(other, known))
            fields[(new, field_id)] = known

    def on_instance(
        self,
        source: CutPoint,
        path: PathState,
        target: CutPoint,
        instance: AbstractState,
        instance_of: dict[Ref, Ref],
    ) -> list[LinearConstraint]:
        found, fields = [], path.get(FIELDS)
        for general_ref, field_id in target.field_refs:
            holder = instance_of.get(general_ref)
            if holder is None or holder == NULL:
                continue  # a null object has no field: the variable is unconstrained
            known = fields.get((holder, field_id))
            if known is not None:
                found.append(eq(var(primed(field_name(general_ref, field_id))), known))
        return found
