"""From one strongly connected component of the Symbolic Execution Graph to an ITS (issue 6,
"Design"; the AProVE front end of seed 000 §2 / thesis §1.8 turned into integer rules).

**Cut points.**  Without instance edges the graph is a forest: the builder only adds edges to
fresh nodes, except instance edges (`jhalt.seg.builder`).  Every cycle therefore contains an
instance edge, and the targets of the instance edges inside the SCC (the loop heads) cut
every cycle.  They become the ITS locations (``n<node>``).

**Variables** at a cut point ``c``: every integer reference of the state of ``c`` (named by
the reference, e.g. ``i19``) and ``sz(o)`` for every object reference ``o`` of ``c`` that has a
size (`jhalt.analyses.termination.sizes`); for longest paths in forests also ``sz(o.f)``,
the size of what a reference field not represented there holds (`untouched`).  The ITS
variables are the union over the cut points; at a location the variables of other cut
points are meaningless and unconstrained.

**Transitions.**  One per path in the forest from a cut point to the next cut point (through
an instance edge, or a tree edge into a cut point), restricted to the SCC (a run that leaves
the SCC is not infinite inside it).  Its guard is the conjunction of

* at every node of the path: the interval of every integer reference of the node's state
  (sound: each state over-approximates the concrete states at that node; in particular the
  merged intervals at loop heads are invariants) — bounds at the extreme values of ``int``
  and ``long`` are left out, so the proof never depends on a type range (mathematical
  integers);
* the size facts of every node's state (`sizes`); in addition, for an instance allocated by
  ``new`` on the path (the evaluator represents every field of a new object, so its
  represented children are all its children — used only while every field it had at
  allocation is still represented, since a weak update drops fields) whose children all
  have sizes:
  ``sz(x) <= 1 + sum of sz(c)`` over its distinct object children ``c`` (the maximum of
  non-negative sizes is at most their sum; the sizes count the represented fields, i.e. the
  fields of program classes and array entries — the norm that every size fact here is about);
  and ``sz(x) <= sz(p)`` for every other instance ``p`` with a size whose represented object
  children include all of ``x``'s (``1 + max`` over a subset of ``p``'s children);
* the linear facts of the edge labels (`relations`): computations and checked relations of
  evaluation edges, assumed relations of refinement edges; a refinement's renaming
  ``old -> new`` says both denote one value (``new = old``, ``sz(new) = sz(old)``;
  ``sz(old) = 0`` when ``new`` is ``null``);
* at the end: ``x' = value`` for each pair (general ``x``, instance value) of the instance
  edge's renaming; for a tree edge into a cut point the identity.  A general reference
  without a pair is unconstrained (havocked).

**Integer fields of objects without a represented field** (AProVE's ITS encoding keeps the
integer fields of objects; needed for ``while (l.value > 0) l.value--`` where the loop head
holds ``l`` as an unknown object).  At a cut point ``c``, for an object reference ``g`` (not an
array) whose value does not represent an integer field ``F`` that some state of the SCC
represents, the variable ``g.F`` denotes the current value of field ``F`` of the object at
``g`` in the concrete state (any value when ``g`` is null or has no field ``F``).  Along a
path the extractor keeps a map *(reference, field) -> term* of values known for the
concrete object at the reference, each entry valid in the current concrete heap:

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
  except the calls of `HARMLESS_LIBRARY_METHODS` (e.g. ``Object.<init>``) and the summaries
  of recursive calls whose code writes only objects it allocates
  (`jhalt.seg.evaluate.recursion`), which write no field of an existing object and also
  keep every size.
  No other instruction writes an instance field;
* at the instance edge, ``g.F' = term`` when the map has an entry for the instance
  reference of ``g``; otherwise ``g.F'`` is unconstrained. Array lengths likewise (`lengths`).

Every constraint added this way holds in the concrete run: the transitions over-approximate.

References other than the source's are auxiliary (existential, renamed ``_r``).  Integer
references are immutable values (single static assignment across the graph), so a name means
one value along a path.  Sizes depend on the heap: each heap write (``putfield`` or
``aastore`` of a reference, a library call that may mutate) starts a new *version*
``_sz(o)@k``; a write to object ``w`` keeps the size of every ``o`` that cannot reach ``w``
(no path in the graph of represented fields, ``=?`` partners and ``⋀`` partners in both
directions) — and, when no heap of the program has a cycle (`acyclicity`), of every ``o``
below ``w`` on represented fields and of the stored value ``v`` — everything else is
unconstrained after the write, but for longest paths in acyclic heaps: ``sz'(o) <= sz(o) +
sz(v)`` (`growth`).  The summary of a recursive call that writes existing objects keeps the
size of every ``o`` that cannot reach what the callee can reach
(`pathfacts.outside_call_reach`) or whose types hold no class whose fields the callee writes
(`typeframe`).  For a term-size norm along some fields only (`termsize`), reaching is along
those fields, and a ``putfield`` of another field changes no size.

Disjunctive facts (``!=``, ``lcmp``) split a path into several transitions, at most
`MAX_ALTERNATIVES`; beyond that the remaining disjunctions are dropped (sound).
Equalities that define an auxiliary variable are substituted away (exact).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from jhalt.analyses.termination.command_line import command_line_of, record_load, with_constants
from jhalt.analyses.termination.complete import CompleteInstances
from jhalt.analyses.termination.cutpoints import (
    ENTRY,
    ComponentSystem,
    CutPoint,
    cut_point_field_refs,
    field_name,
    int_refs,
    location_name,
    represented_int_fields,
    size_name,
)
from jhalt.analyses.termination.distance import DistanceNorm
from jhalt.analyses.termination.forest import NO_FOREST, ForestCheck
from jhalt.analyses.termination.growth import growth_facts, sizes_before_write
from jhalt.analyses.termination.lengths import keep_lengths, length_facts, realizes_arrays
from jhalt.analyses.termination.marking import (
    MarkingNorm,
    marking_node_facts,
    marking_write_facts,
    object_refs,
)
from jhalt.analyses.termination.pathfacts import (
    Operands,
    WriteKinds,
    cannot_reach,
    certainly_object,
    children_closure,
    disjunction_choices,
    eliminate_auxiliary,
    extend_facts,
    interval_facts,
    outside_call_reach,
    product_size,
)
from jhalt.analyses.termination.pathstate import PathState
from jhalt.analyses.termination.relations import check_facts, relation_facts
from jhalt.analyses.termination.result_bounds import (
    NO_BOUNDS,
    ResultBounds,
    integer_bounds,
    size_limits,
    summary_bounds,
)
from jhalt.analyses.termination.sizes import SizeAnalysis, analyse_sizes, path_length_facts
from jhalt.analyses.termination.termsize import TermSizeNorm, term_size_facts, written_size
from jhalt.analyses.termination.typeframe import type_frame
from jhalt.analyses.termination.untouched import SizeFields, renamed_holder
from jhalt.budget import NEVER, Deadline
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, InstanceValue, IntValue, Ref, is_object_value
from jhalt.its.linear import LinearConstraint, LinearExpr, const, eq, ge, le, var
from jhalt.its.system import ITS, Transition, primed
from jhalt.program import Program
from jhalt.seg.evaluate.recursion import keeps_existing_objects
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EdgeLabel, EvalEdge, InstanceEdge, RefineEdge

_WRITES = frozenset({"putfield", "aastore"})
Norm = TermSizeNorm | MarkingNorm | DistanceNorm
"""The norms besides the longest path (`sizes`): `termsize`, `marking`, `distance`."""


class PathExtractor:
    def __init__(
        self,
        graph: SymbolicExecutionGraph,
        nodes: frozenset[int],
        extra_heads: Iterable[int] = (),
        program: Program | None = None,
        deadline: Deadline = NEVER,
        bounds: ResultBounds = NO_BOUNDS,
        follow_calls: bool = True,
        acyclic_heap: bool = False,
        norm: Norm | None = None,
        forest: ForestCheck = NO_FOREST,
    ) -> None:
        self.graph = graph
        self.acyclic_heap = acyclic_heap
        self.forest, self.complete = forest, CompleteInstances(program)  # `forest`, `complete`
        self.command_line, self.lengths = command_line_of(graph, program), set[int]()
        self.norm = norm
        self.program = program
        self.deadline = deadline
        self.bounds = bounds
        self.writes = WriteKinds(program)
        self.nodes = nodes
        self.out: dict[int, list[tuple[EdgeLabel, int]]] = {n: [] for n in nodes}
        for source, label, target in graph.edges:
            if source in nodes and (follow_calls or not getattr(label, "enters_call", False)):
                self.out[source].append((label, target))
        heads = sorted(
            {
                t
                for s, label, t in graph.edges
                if isinstance(label, InstanceEdge) and s in nodes and t in nodes
            }
            | set(extra_heads)
        )
        self._sizes: dict[int, SizeAnalysis] = {}
        int_fields, classes_with = represented_int_fields(graph, nodes)
        lengths = realizes_arrays(graph, nodes)
        self.untouched = forest.holds and norm is None  # `untouched`: longest paths, forests
        sized_fields = SizeFields(graph, nodes) if self.untouched else None
        self.cut_points = {
            node: CutPoint(
                node,
                int_refs(graph.states[node]),
                self._sized_refs(node),
                cut_point_field_refs(graph.states[node], int_fields, classes_with, lengths),
                sized_fields.of(graph.states[node], self._sized_refs(node)) if sized_fields else (),
            )
            for node in heads
        }
        self.dropped, self.transitions = 0, list[Transition]()
        self.types = type_frame(graph, program, follow_calls, norm)  # `typeframe`

    def _sized_refs(self, node: int) -> tuple[Ref, ...]:
        """The references with a size variable at the cut point ``node``: those the norm
        measures (every object for a marking count)."""
        state = self.graph.states[node]
        if isinstance(self.norm, MarkingNorm):
            return object_refs(state)
        if isinstance(self.norm, DistanceNorm):
            target = self.norm.target_ref(state)
            return tuple(sorted(self.norm.reaching(node, target) - {NULL})) if target else ()
        return tuple(sorted(self.sizes(node).tracked))

    def sizes(self, node: int) -> SizeAnalysis:
        if node not in self._sizes:
            self._sizes[node] = analyse_sizes(self.graph.states[node], self.acyclic_heap)
        return self._sizes[node]

    # ------------------------------------------------------------ naming within a path
    def int_name(self, source: CutPoint, reference: Ref) -> str:
        return reference if reference in source.int_refs else f"_{reference}"

    def size_var(self, source: CutPoint, path: PathState, reference: Ref) -> LinearExpr:
        if reference == NULL:
            return const(0)
        version = self._version_of(path, reference)
        if version == 0 and reference in source.sized_refs:
            return var(size_name(reference))
        return var(f"_sz({reference})@{version}")

    def _version_of(self, path: PathState, reference: Ref) -> int:
        """The oldest version whose size of ``reference`` is still the current one."""
        version = path.version
        while version > 0 and reference in path.preserved.get(version, frozenset()):
            version -= 1
        return version

    # ------------------------------------------------------------ facts
    def node_facts(self, source: CutPoint, path: PathState, node: int) -> None:
        state, path.node = self.graph.states[node], node
        constraints = path.facts.constraints
        for reference, value in state.heap.items():
            if isinstance(value, IntValue):
                term = var(self.int_name(source, reference))
                constraints.extend(interval_facts(term, value.interval))
        for reference, value in state.heap.items():
            if not isinstance(value, InstanceValue):
                continue
            for field_id, held in value.fields:
                if isinstance(state.heap.get(held), IntValue):
                    current = var(self.int_name(source, held))
                    known = path.fields.get((reference, field_id))
                    if known is not None and known != current:
                        constraints.append(eq(known, current))
                    path.fields[(reference, field_id)] = current
        constraints.extend(length_facts(state, path.fields, partial(self.int_name, source)))
        constraints.extend(self._size_facts(source, path, node))

    def _size_facts(self, source: CutPoint, path: PathState, node: int) -> list[LinearConstraint]:
        """The facts of the norm (`sizes`, `termsize` or `marking`) at ``node`` of the path."""
        state = self.graph.states[node]
        size_of = partial(self.size_var, source, path)
        if isinstance(self.norm, MarkingNorm):
            return marking_node_facts(state, size_of)
        if isinstance(self.norm, DistanceNorm):
            return self.norm.node_facts(node, state, path.target, size_of)
        sizes = self.sizes(node)
        kept = {r for r in path.acyclic if r in state.heap}
        tracked = children_closure(state, sizes.tracked | kept)
        path.acyclic = frozenset(tracked)
        certain = partial(certainly_object, state)
        complete = self.complete.of(state, path.complete)
        path.facts.constraints.extend(self.forest.held_facts(path, state, tracked, size_of))
        if isinstance(self.norm, TermSizeNorm):
            return term_size_facts(self.norm, state, tracked, complete, size_of, certain)
        return path_length_facts(state, tracked, complete, size_of, certain)

    def edge_facts(
        self, source: CutPoint, path: PathState, node: int, label: EdgeLabel, target: int
    ) -> None:
        """Add the facts of the edge ``node -> target`` with ``label`` to ``path``: the
        relations of an evaluation and its heap effect, or the assumptions and renaming of
        a refinement (module doc, "Transitions")."""
        before, after = self.graph.states[node], self.graph.states[target]
        operands = Operands(before, after, lambda r: self.int_name(source, r))
        if isinstance(label, EvalEdge):
            self._eval_facts(source, path, before, after, label, operands)
        elif isinstance(label, RefineEdge):
            for relation in label.assumed:
                left, right = (operands.term(a) for a in relation.args[:2])
                if relation.result is None and left is not None and right is not None:
                    extend_facts(path.facts, check_facts(relation.op, left, right))
            for old, new in label.renaming:
                self._renamed(source, path, before, operands, old, new)

    def _eval_facts(
        self,
        source: CutPoint,
        path: PathState,
        before: AbstractState,
        after: AbstractState,
        label: EvalEdge,
        operands: Operands,
    ) -> None:
        path.description.append(f"{label.position.pc}:{label.mnemonic}")
        record_load(self.command_line, label, path, before, after, self.lengths)  # len(args[k])
        if label.mnemonic == "new":
            for reference, value in after.heap.items():
                if reference not in before.heap and isinstance(value, InstanceValue):
                    path.complete[reference] = frozenset(f for f, _ in value.fields)
        for relation in label.constraints:
            result_value = operands.lookup(relation.result) if relation.result else None
            result_type = result_value.type_letter if result_value else None
            extend_facts(
                path.facts,
                relation_facts(relation, operands.term, operands.interval_of, result_type),
            )
        bounds = summary_bounds(before, after, label, self.bounds)
        norm = None if self.norm is None else self.norm.describe()  # its bounds, or paths'
        upper, below = size_limits(bounds, norm)
        sizes = [sum((self.size_var(source, path, a) for a in g), const(0)) for g in upper]
        lower = [self.size_var(source, path, a) for a in below]
        self._heap_effect(source, path, before, after, label)
        if sizes or lower:  # the result of a recursive call is no larger than the first
            result = self.size_var(source, path, after.peek())  # arguments, no smaller
            path.facts.constraints.extend(le(result, size) for size in sizes)  # than the
            path.facts.constraints.extend(ge(result, size) for size in lower)  # others
        if bounds:
            path.facts.constraints.extend(integer_bounds(bounds, after.peek(), operands.term))

    def _renamed(
        self,
        source: CutPoint,
        path: PathState,
        before: AbstractState,
        operands: Operands,
        old: Ref,
        new: Ref,
    ) -> None:
        """Facts of a refinement that renames ``old`` to ``new``: equal integers, carried
        field values, acyclicity and sizes."""
        old_value = before.heap.get(old)
        if isinstance(old_value, IntValue):
            new_term = operands.term(new)
            if new_term is not None:
                path.facts.constraints.append(eq(new_term, var(self.int_name(source, old))))
            return
        if old_value is None or not is_object_value(old_value):
            return
        if old == path.target and new != NULL:
            path.target = new  # the distance norm's target object has a new name
        if new != NULL and new != old:
            for (holder, field_id), known in list(path.fields.items()):
                if holder != old:
                    continue
                other = path.fields.get((new, field_id))
                if other is not None and other != known:
                    path.facts.constraints.append(eq(other, known))
                path.fields[(new, field_id)] = known
        if old in path.acyclic and new != NULL:
            path.acyclic = path.acyclic | {new}
        renamed_holder(path, old, new)  # `untouched`
        path.facts.constraints.append(
            eq(self.size_var(source, path, new), self.size_var(source, path, old))
        )

    def _heap_effect(
        self,
        source: CutPoint,
        path: PathState,
        before: AbstractState,
        after: AbstractState,
        label: EvalEdge,
    ) -> None:
        self.forest.forget(path, before, after, label, self.program, self.writes.harmless)
        if label.enters_call or keeps_existing_objects(label.assumptions):
            return  # a recursive call entered or summarised writes only new objects (recursion)
        mnemonic = label.mnemonic
        if mnemonic == "putfield":
            written = before.peek(1)
            aliases = {written} | before.predicates.equal_partners(written)
            path.fields = keep_lengths(path.fields, aliases.__contains__)  # `lengths`
        elif mnemonic.startswith("invoke") and len(after.frames) <= len(before.frames):
            if self.writes.harmless(label.position):
                return
            path.fields = keep_lengths(path.fields)
        if mnemonic in _WRITES:
            written_depth = 1 if mnemonic == "putfield" else 2
            stored = before.peek(0)
            if stored != NULL and not before.is_object(stored):
                if isinstance(self.norm, MarkingNorm) and mnemonic == "putfield":
                    marking_write_facts(
                        self.norm, self.writes.field(label.position), before,
                        self.norm.mark_ref(self.graph.states[source.node]), path,
                        partial(self.size_var, source, path),
                        lambda r: var(self.int_name(source, r)),
                    )  # fmt: skip
                return  # an integer or float field: no object structure changes
            if not self._in_norm(label):
                return  # a field of weight 0: no size changes (`termsize`, ``only``)
            written, size_of = before.peek(written_depth), partial(self.size_var, source, path)
            update = self._term_size_write(source, path, before, label, written)
            longest = self.acyclic_heap and self.norm is None  # `growth`: sz' <= sz + sz(v)
            old = sizes_before_write(before, self.sizes(path.node).tracked, stored, size_of)
            path.version += 1
            kept = cannot_reach(before, written, self._norm_fields(), self.acyclic_heap)
            kept |= self.forest.write_kept(path.node, before, written, self._norm_fields())
            path.preserved[path.version] = kept | ({stored} if longest else set())
            if isinstance(self.norm, DistanceNorm):
                path.preserved[path.version] |= self.norm.kept(
                    path.node, before, written, path.target
                )
            path.acyclic = path.acyclic & path.preserved[path.version]
            if update is not None:
                path.facts.constraints.append(eq(self.size_var(source, path, written), update))
            if longest:
                path.facts.constraints += growth_facts(
                    old, stored, path.preserved[path.version], size_of
                )
        elif mnemonic.startswith("invoke") and len(after.frames) <= len(before.frames):
            path.version += 1  # a library call may mutate what it can reach: no size survives
            outside = self.forest.call_reach(path.node, self.types.outside(outside_call_reach))
            path.preserved[path.version] = outside(before, label, self.program, self._norm_fields())
            path.acyclic = path.acyclic & path.preserved[path.version]

    def _term_size_write(
        self, source: CutPoint, path: PathState, before: AbstractState, label: EvalEdge, w: Ref
    ) -> LinearExpr | None:
        """``ts(w)`` after the ``putfield`` at ``label`` (`termsize.written_size`), or None."""
        if not (isinstance(self.norm, TermSizeNorm) and self.acyclic_heap):
            return None
        field_id = self.writes.field(label.position) if label.mnemonic == "putfield" else None
        return written_size(self.norm, before, w, field_id, partial(self.size_var, source, path))

    def _norm_fields(self) -> frozenset[str] | None:
        only = self.norm.only if isinstance(self.norm, TermSizeNorm) else ()
        return frozenset(only) if only else None

    def _in_norm(self, label: EvalEdge) -> bool:
        """Whether the write at ``label`` may change a size: always, unless the norm is
        restricted to fields (`termsize`, ``only``) and ``putfield`` writes another one, or
        is a distance along ``F`` (`distance`) and the write is not one of ``F``."""
        if isinstance(self.norm, DistanceNorm):
            written = self.writes.field(label.position) if label.mnemonic == "putfield" else 0
            return written is None or written == self.norm.field
        if not isinstance(self.norm, TermSizeNorm) or not self.norm.only:
            return True
        if label.mnemonic != "putfield":
            return True
        name = self.writes.field_name(label.position)
        return name is None or name in self.norm.only

    # ------------------------------------------------------------ paths
    def extract(self) -> ComponentSystem:
        for cut_point in self.cut_points.values():
            path = PathState()
            path.fields = {(r, f): var(field_name(r, f)) for r, f in cut_point.field_refs}
            path.holders = SizeFields.holders(cut_point) if self.untouched else None
            if isinstance(self.norm, DistanceNorm):
                path.target = self.norm.target_ref(self.graph.states[cut_point.node])
            self.node_facts(cut_point, path, cut_point.node)
            self._walk(cut_point, cut_point.node, path)
        variables = tuple(sorted({v for c in self.cut_points.values() for v in c.variables()}))
        start = min(self.cut_points) if self.cut_points else min(self.nodes)
        its = ITS(variables, location_name(start), tuple(self.transitions))
        its, facts = with_constants(its, self.lengths)
        cut_points = tuple(self.cut_points[n] for n in sorted(self.cut_points))
        return ComponentSystem(self.nodes, cut_points, its, self.dropped, facts=facts)

    def _walk(self, source: CutPoint, node: int, path: PathState) -> None:
        stack: list[tuple[int, PathState]] = [(node, path)]
        while stack:
            self.deadline.check()
            current, current_path = stack.pop()
            for label, target in self.out.get(current, ()):
                if target not in self.nodes:
                    continue
                if isinstance(label, InstanceEdge):
                    if target in self.cut_points:
                        self._emit(source, current_path, current, label.renaming, target)
                    continue
                extended = current_path.copy()
                self.edge_facts(source, extended, current, label, target)
                if target in self.cut_points:
                    state = self.graph.states[target]
                    identity = tuple((r, r) for r in state.heap)
                    self.node_facts(source, extended, target)
                    self._emit(source, extended, target, identity, target)
                    continue
                self.node_facts(source, extended, target)
                stack.append((target, extended))

    # ------------------------------------------------------------ the whole graph
    def initial(self, entry: int) -> tuple[Transition, ...]:
        """The transitions from `ENTRY` into the cut point ``entry`` (the graph's entry node):
        its state's facts over the primed variables."""
        pseudo = CutPoint(entry, (), ())
        path = PathState()
        self.node_facts(pseudo, path, entry)
        identity = tuple((r, r) for r in self.graph.states[entry].heap)
        found: list[Transition] = []
        self._emit(pseudo, path, entry, identity, entry, found, ENTRY)
        return tuple(found)

    def _emit(
        self,
        source: CutPoint,
        path: PathState,
        instance_node: int,
        renaming: Iterable[tuple[Ref, Ref]],
        target: int,
        sink: list[Transition] | None = None,
        source_location: str | None = None,
    ) -> None:
        target_point = self.cut_points[target]
        instance = self.graph.states[instance_node]
        general = self.graph.states[target]
        constraints = list(path.facts.constraints)
        renaming = tuple(renaming)
        counts_kept = True  # a marking count or a distance only under its mark or target
        if isinstance(self.norm, MarkingNorm):
            counts_kept = self.norm.carried(self.graph.states[source.node], general, renaming)
        elif isinstance(self.norm, DistanceNorm):
            counts_kept = self.norm.carried(path.target, general, renaming)
        for general_ref, instance_ref in renaming:
            general_value = general.heap.get(general_ref)
            if isinstance(general_value, IntValue) and general_ref in target_point.int_refs:
                if isinstance(instance.heap.get(instance_ref), IntValue):
                    constraints.append(
                        eq(var(primed(general_ref)), var(self.int_name(source, instance_ref)))
                    )
            elif general_ref in target_point.sized_refs and counts_kept:
                if instance_ref == NULL or instance.is_object(instance_ref):
                    constraints.append(
                        eq(
                            var(primed(size_name(general_ref))),
                            self.size_var(source, path, instance_ref),
                        )
                    )
        instance_of = dict(renaming)
        for general_ref, field_id in target_point.field_refs:
            holder = instance_of.get(general_ref)
            if holder is None or holder == NULL:
                continue  # a null object has no field: the variable is unconstrained
            known = path.fields.get((holder, field_id))
            if known is not None:
                constraints.append(eq(var(primed(field_name(general_ref, field_id))), known))
        size_of = partial(self.size_var, source, path)
        constraints += SizeFields.at_instance(path, target_point, instance, instance_of, size_of)
        alternatives = disjunction_choices(path.facts.disjunctions)
        if len(alternatives) < product_size(path.facts.disjunctions):
            self.dropped += 1
        origin = f"{source.location} -> {target_point.location}: " + " ".join(path.description[:40])
        into = self.transitions if sink is None else sink
        prefix = "t" if sink is None else "e"
        for choice in alternatives:
            guard = eliminate_auxiliary(constraints + list(choice))
            name = f"{prefix}{len(into)}"
            into.append(
                Transition(
                    name, source_location or source.location, target_point.location, guard, origin
                )
            )


def extract_component(
    graph: SymbolicExecutionGraph,
    nodes: frozenset[int],
    program: Program | None = None,
    deadline: Deadline = NEVER,
    bounds: ResultBounds = NO_BOUNDS,
    acyclic_heap: bool = False,
    norm: Norm | None = None,
    forest: ForestCheck = NO_FOREST,
) -> ComponentSystem:
    """The ITS of the SCC ``nodes`` of ``graph`` (module doc); ``program`` (optional) names
    the library methods called, so that calls of `HARMLESS_LIBRARY_METHODS` keep sizes;
    ``bounds`` bound the results of recursive calls (proved by `lemmas`); ``acyclic_heap``
    when no concrete heap of the program is cyclic (`sizes.analyse_sizes`); ``norm``: the
    size variables are term sizes (`termsize`) instead of longest paths; ``forest``: `forest`.
    Raises `OutOfTime` once ``deadline`` has passed (checked per step of the walk)."""
    extractor = PathExtractor(
        graph, nodes, (), program, deadline, bounds, True, acyclic_heap, norm, forest
    )
    return extractor.extract()
