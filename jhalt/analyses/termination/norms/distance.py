"""The distance norm: loops that follow a field until they meet a start node (issue 16, "the
distance to a marked node for loops that traverse a cycle until they return to a start
node"; Brockschmidt, Musiol, Otto, Giesl, CAV 2012, cited by seed 000's references).

A loop such as

    Node current = this.next;
    while (current != this) current = current.next;

terminates exactly when ``this`` is reachable from ``this.next`` along ``next`` — on a cyclic
list through ``this``, not on a panhandle whose cycle misses it.  For a field ``F`` and a
*target* object ``t`` (the object in local variable ``slot`` at the cut point the path
starts from, or in a represented field ``via`` of that object), the distance of a reference ``x`` is

    D(x) = the length of the shortest F-path from x to t,   defined when R(x, t)

(``R`` of `heap.must_reach`: equal values, or ``t`` reached from ``x`` along ``F``).  Which
references have a distance at a node is what `heap.must_reach.reach_facts` proves for every run
from the entry there (``R(x, t)``; the heap facts that makes this sound are listed there);
a distance is a natural number whenever it is defined, on cyclic data too.

With target ``null`` (``to_null``), ``D(x)`` is the number of ``F``-steps from ``x`` to the
end of its path (``null``, or an object whose ``F`` is itself), defined when ``N(x)``:
``D(x) >= 0``; ``D(x) = 1`` when ``x.F`` is ``null``, ``0`` when it is ``x``; for ``x.F = c``
with ``N(c)``: ``D(c) = D(x) - 1`` when ``x`` and ``c`` certainly differ, else ``D(x) - 1 <=
D(c) <= D(x)``.

**Facts** at a node with target ``t`` (its name on the path, following refinement
renamings; `extract`), for each ``x`` with ``R(x, t)``: ``D(t) = 0``; ``D(x) >= 1`` when
``x`` and ``t`` are certainly different values, else ``>= 0``; for ``x``'s represented field
``F`` holding ``c`` with ``R(c, t)``: ``D(x) <= D(c) + 1``, and ``D(c) = D(x) - 1`` when
``x`` and ``t`` certainly differ (a shortest path from ``x != t`` starts with ``x.F``, the
only ``F``-successor of ``x``).

**Heap effects** (the versions of `extract`): a ``putfield F`` on ``w`` (or of a field the
program cannot resolve) keeps the distances of the references that cannot reach ``w`` (a
path from them never passes ``w``), of every reference when ``w`` is the target (a shortest
path to ``w`` never leaves it), and of those whose shortest path to the target certainly
avoids ``w`` by the chain rule of `heap.must_reach` and have ``R(x, t)`` there
(`DistanceNorm.kept`); writes of other fields and array entries change no distance; a
library call that may write keeps none.  Distances carry into the next cut point only when
its target is the path's target object (`DistanceNorm.carried`).

**Candidates** (`candidate_distances`): a reference field read in the loop (fields of their
own class's type first), with the target in an object local of the first loop head (or a
represented field of it: a list's header) that every instance edge into the head keeps, or
the end of the path (``null``; then ``null`` or a self-loop); then targets at the other
heads of a loop nest that one instance edge into them keeps (an inner walk over a list in a
callee, entered afresh by the outer loop: its distances do not carry over that entry).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import partial

from jhalt.analyses.termination.cutpoints import CutPoint
from jhalt.analyses.termination.heap.must_reach import (
    Pairs,
    certainly_different,
    field_child,
    path_avoids_write,
    reach_facts,
)
from jhalt.analyses.termination.pathfacts import WriteKinds, certainly_object, invoked_member
from jhalt.analyses.termination.pathstate import PathState, Slot
from jhalt.analyses.termination.plugins import Extraction, Norm
from jhalt.budget import Deadline
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, InstanceValue, Ref
from jhalt.errors import JhaltError
from jhalt.ids import FieldId
from jhalt.its.linear import LinearConstraint, LinearExpr, eq, ge, le
from jhalt.program import Program
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge, InstanceEdge

MAX_DISTANCE_NORMS = 4
"""At most this many distance norms are tried per loop (`candidate_distances`)."""
MAX_DISTANCE_FIELDS = 2
"""At most this many fields get a reach analysis per loop (each a pass over the graph)."""
MAX_INNER_NORMS = 2
"""At most this many further norms with a target at an inner loop's head (`_inner_targets`)."""


TARGET: Slot[Ref | None] = Slot("target", lambda: None)
"""The current name, along a path, of the target object of a distance norm."""


@dataclass(frozen=True)
class DistanceNorm(Norm):
    """The distance along ``field`` to the object in local variable ``slot`` of the top
    frame of each cut point; ``facts`` are `heap.must_reach.reach_facts` for ``field``."""

    field: FieldId
    slot: int
    via: FieldId | None = None
    """The target is the object in this represented field of the local's object."""
    to_null: bool = False
    """The target is the end of the path: ``D(x)`` is the number of ``F``-steps from ``x``
    to ``null`` (``N(x)`` of `heap.must_reach`; ``slot`` is then unused)."""
    self_loops: bool = False
    """With ``to_null``: a path also ends at an object whose ``F`` is itself (``facts``
    come from `reach_facts` with ``self_loops``)."""
    facts: Mapping[int, Pairs] = dataclasses.field(default_factory=dict, compare=False, hash=False)

    def target_ref(self, state: AbstractState) -> Ref | None:
        """The target reference of a cut point with ``state`` (None: no object there)."""
        if self.to_null:
            return NULL
        if not state.frames or self.slot >= len(state.top.locals):
            return None
        reference = state.local(self.slot)
        if reference is not None and self.via is not None:
            reference = field_child(state, reference, self.via)
        return reference if reference is not None and state.is_object(reference) else None

    def reaching(self, node: int, target: Ref) -> frozenset[Ref]:
        """The references with a distance to ``target`` at ``node``: ``target`` and every
        ``x`` with ``R(x, target)``."""
        pairs = self.facts.get(node, frozenset())
        return frozenset({target} | {a for a, b in pairs if b == target})

    def facts_at(
        self,
        node: int,
        state: AbstractState,
        target: Ref | None,
        size_of: Callable[[Ref], LinearExpr],
    ) -> list[LinearConstraint]:
        """`distance_node_facts` at ``node`` (with ``state``) for the path's ``target``."""
        if target is None or (target != NULL and target not in state.heap):
            return []
        reaching = self.reaching(node, target)
        return distance_node_facts(state, target, reaching, self.field, size_of, self.self_loops)

    def carried(
        self, target: Ref | None, general: AbstractState, renaming: Iterable[tuple[Ref, Ref]]
    ) -> bool:
        """Whether the distances of a path whose target is now ``target`` carry into the cut
        point with state ``general`` through ``renaming`` (general, instance)."""
        if self.to_null:
            return True  # null is null everywhere
        return target is not None and (self.target_ref(general), target) in set(renaming)

    def kept(
        self, node: int, before: AbstractState, written: Ref, target: Ref | None
    ) -> frozenset[Ref]:
        """References whose distance to ``target`` a write of ``F`` on ``written`` (at
        ``node``, with state ``before``) keeps besides those that cannot reach it (module
        doc): all when the target is the written object, else those with ``R(r, target)``
        whose shortest path avoids the write (`path_avoids_write`)."""
        if target is None:
            return frozenset()
        objects = [r for r in before.heap if before.is_object(r)]
        if target == written:
            return frozenset(objects)
        facts = self.facts.get(node, frozenset())
        return frozenset(
            r
            for r in objects
            if (r, target) in facts
            and (target != NULL or r != written)  # a root's own path changes
            and path_avoids_write(before, written, r, target, self.field)
        )

    def sized_refs(self, ext: Extraction, node: int) -> tuple[Ref, ...]:
        target = self.target_ref(ext.graph.states[node])
        return tuple(sorted(self.reaching(node, target) - {NULL})) if target else ()

    def start(self, ext: Extraction, point: CutPoint, path: PathState) -> None:
        path.put(TARGET, self.target_ref(ext.graph.states[point.node]))

    def node_facts(
        self, ext: Extraction, source: CutPoint, path: PathState, node: int
    ) -> list[LinearConstraint]:
        size_of = partial(ext.size_var, source, path)
        return self.facts_at(node, ext.graph.states[node], path.get(TARGET), size_of)

    def renamed(self, path: PathState, old: Ref, new: Ref) -> None:
        if old == path.get(TARGET) and new != NULL:
            path.put(TARGET, new)  # the target object has a new name

    def changed_by(self, ext: Extraction, label: EvalEdge) -> bool:
        """A write of ``F`` (or of a field not known) may change a distance, no other."""
        written = ext.writes.field(label.position) if label.mnemonic == "putfield" else 0
        return written is None or written == self.field

    def write_kept(
        self, ext: Extraction, path: PathState, before: AbstractState, written: Ref, stored: Ref
    ) -> frozenset[Ref]:
        return self.kept(path.node, before, written, path.get(TARGET))

    def carries(
        self,
        ext: Extraction,
        source: CutPoint,
        path: PathState,
        general: AbstractState,
        renaming: tuple[tuple[Ref, Ref], ...],
    ) -> bool:
        return self.carried(path.get(TARGET), general, renaming)

    def describe(self) -> str:
        if self.to_null:
            end = "null or to a self-loop" if self.self_loops else "null"
            return (
                f"the length of the path along {self.field} to {end}, which it reaches on "
                "every run (jhalt.analyses.termination.heap.must_reach)"
            )
        where = f"local variable {self.slot}"
        if self.via is not None:
            where = f"field {self.via.name} of the object in {where}"
        return (
            f"the distance along {self.field} to the object in {where} at the loop head, "
            "where it is reachable on every run (jhalt.analyses.termination.heap.must_reach)"
        )


def distance_node_facts(
    state: AbstractState,
    target: Ref,
    reaching: frozenset[Ref],
    field_id: FieldId,
    size_of: Callable[[Ref], LinearExpr],
    self_loops: bool = False,
) -> list[LinearConstraint]:
    """The facts of the module doc at a node with ``state`` (``reaching``: the references
    with ``R(x, target)`` there; ``self_loops`` as in `DistanceNorm`)."""
    if target == NULL:
        return _end_facts(state, reaching, field_id, size_of, self_loops)
    facts: list[LinearConstraint] = []
    for reference in sorted(reaching):
        if reference not in state.heap:
            continue
        distance = size_of(reference)
        if reference == target:
            facts.append(eq(distance, 0))
            continue
        different = certainly_different(state, reference, target)
        facts.append(ge(distance, 1 if different else 0))
        child = field_child(state, reference, field_id)
        if child is None or child not in reaching:
            continue
        if different:
            facts.append(eq(size_of(child), distance - 1))
        else:
            facts.append(le(distance, size_of(child) + 1))
    return facts


def _end_facts(
    state: AbstractState,
    reaching: frozenset[Ref],
    field_id: FieldId,
    size_of: Callable[[Ref], LinearExpr],
    self_loops: bool,
) -> list[LinearConstraint]:
    """The facts of the distance to the end of a path (module doc, target ``null``) for the
    references ``reaching`` with ``N(x)``: without ``self_loops`` the path is acyclic, so
    an object is not its own successor and is one step further than its successor."""
    facts: list[LinearConstraint] = []
    for reference in sorted(reaching):
        if reference not in state.heap:
            continue
        distance = size_of(reference)
        facts.append(ge(distance, 0 if self_loops else int(certainly_object(state, reference))))
        child = field_child(state, reference, field_id)
        if _holds_null(state, reference, field_id):
            facts.append(eq(distance, 1))
        elif child == reference:
            facts.append(eq(distance, 0))  # a self-loop ends the path
        elif child is not None and child in reaching:
            if not self_loops or certainly_different(state, reference, child):
                facts.append(eq(size_of(child), distance - 1))
            else:  # one object (a self-loop: both 0) or the next one
                facts.append(ge(size_of(child), distance - 1))
                facts.append(le(size_of(child), distance))
    return facts


def _holds_null(state: AbstractState, reference: Ref, field_id: FieldId) -> bool:
    value = state.heap.get(reference)
    return isinstance(value, InstanceValue) and value.field(field_id) == NULL


def _read_fields(
    graph: SymbolicExecutionGraph, nodes: frozenset[int], program: Program | None
) -> list[FieldId]:
    """Reference fields read by a ``getfield`` inside ``nodes`` (resolved): those of their
    own class's type (the links of a list) first, then in the order of the edges."""
    found: list[FieldId] = []
    for source, label, target in graph.edges:
        if source not in nodes or target not in nodes or not isinstance(label, EvalEdge):
            continue
        if label.mnemonic != "getfield" or program is None:
            continue
        member = invoked_member(program, label.position, "getfield")
        if member is None or member.descriptor[0] not in "L[":
            continue
        try:
            field_id = program.resolve_field(member.owner, member.name, member.descriptor).id
        except JhaltError:
            continue
        if field_id not in found:
            found.append(field_id)
    return sorted(found, key=lambda f: f.descriptor != f"L{f.class_name};")  # lists first


def candidate_distances(
    graph: SymbolicExecutionGraph,
    nodes: frozenset[int],
    program: Program | None,
    deadline: Deadline,
) -> list[DistanceNorm]:
    """Distance norms worth trying for the SCC ``nodes``: a reference field read inside it
    (at most `MAX_DISTANCE_FIELDS`), and an object local of the first loop head that every
    instance edge into that head keeps and that another reference there reaches, at most
    `MAX_DISTANCE_NORMS`.  Raises `OutOfTime` once ``deadline`` has passed."""
    heads: dict[int, list[tuple[tuple[Ref, Ref], ...]]] = {}
    for source, label, target in graph.edges:
        if isinstance(label, InstanceEdge) and source in nodes and target in nodes:
            heads.setdefault(target, []).append(label.renaming)
    if not heads:
        return []
    head = min(heads)
    targets = _targets(graph.states[head], heads[head])
    inner = _inner_targets(graph, heads, targets)
    norms: list[DistanceNorm] = []
    extra: list[DistanceNorm] = []
    writes = WriteKinds(program)
    for field_id in _read_fields(graph, nodes, program)[:MAX_DISTANCE_FIELDS]:
        facts = reach_facts(graph, field_id, writes, deadline)
        candidates = [DistanceNorm(field_id, slot, via, facts=facts) for slot, via in targets]
        candidates.append(DistanceNorm(field_id, 0, None, True, facts=facts))
        lasso = reach_facts(graph, field_id, writes, deadline, self_loops=True)
        candidates.append(DistanceNorm(field_id, 0, None, True, True, lasso))
        for norm in candidates:
            if _reaches_target(norm, graph, head):
                norms.append(norm)
        for at, (slot, via) in inner:
            norm = DistanceNorm(field_id, slot, via, facts=facts)
            if _reaches_target(norm, graph, at):
                extra.append(norm)
    return norms[:MAX_DISTANCE_NORMS] + extra[:MAX_INNER_NORMS]


def _reaches_target(norm: DistanceNorm, graph: SymbolicExecutionGraph, head: int) -> bool:
    """Whether another reference than the target has a distance at ``head``."""
    start = norm.target_ref(graph.states[head])
    return start is not None and len(norm.reaching(head, start) - {NULL}) > int(start != NULL)


def _inner_targets(
    graph: SymbolicExecutionGraph,
    heads: Mapping[int, list[tuple[tuple[Ref, Ref], ...]]],
    known: list[tuple[int, FieldId | None]],
) -> list[tuple[int, tuple[int, FieldId | None]]]:
    """Targets at the other heads of a loop nest (an inner loop in a callee: a list's
    header in its frame), kept by at least one instance edge into that head (the inner
    loop's own back edge; entered from the outer loop, a distance does not carry,
    `DistanceNorm.carried`), with their head; those of the first head excluded."""
    found: list[tuple[int, tuple[int, FieldId | None]]] = []
    for head in sorted(heads)[1:]:
        for target in _targets(graph.states[head], heads[head], every=False):
            if target not in known and all(target != t for _, t in found):
                found.append((head, target))
    return found


def _targets(
    state: AbstractState, renamings: list[tuple[tuple[Ref, Ref], ...]], every: bool = True
) -> list[tuple[int, FieldId | None]]:
    """Where a loop head with ``state`` may keep its target: an object local, or a
    represented reference field of one, whose reference every instance edge into the head
    (``renamings``) keeps (with ``every`` false: one of them)."""
    quantifier = all if every else any

    def kept(reference: Ref) -> bool:
        return quantifier((reference, reference) in renaming for renaming in renamings)

    found: list[tuple[int, FieldId | None]] = []
    for slot, reference in enumerate(state.top.locals if state.frames else ()):
        if reference is None or not state.is_object(reference) or not kept(reference):
            continue
        found.append((slot, None))
        value = state.heap.get(reference)
        for field_id, held in value.fields if isinstance(value, InstanceValue) else ():
            if state.is_object(held) and kept(held):
                found.append((slot, field_id))
    return found
