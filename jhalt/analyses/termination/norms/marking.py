"""The marking norm: loops that visit a (possibly cyclic) structure and mark what they visit
(issue 16, "loops that traverse a cycle until they return to a start node"; the marking
algorithms of Brockschmidt, Musiol, Otto, Giesl, "Automated Termination Proofs for Java
Programs with Cyclic Data", CAV 2012, cited by seed 000's references).

A loop such as

    expected = c.mark;
    while (c != null && c.mark == expected) { c.mark = expected + 1; c = c.next; }

terminates on every heap, cyclic or not: each iteration marks one more object, and only
objects still carrying ``expected`` are visited.  For an integer field ``F`` and a value
``e``, the *marking count* of a reference ``x`` in a concrete heap is

    M(x) = |{ o reachable from x : o.F == e }|      (M(null) = 0)

where *reachable* follows every reference field and array entry (``x`` itself included).
A heap has finitely many objects, so ``M(x)`` is a natural number for **every** reference —
no acyclicity is needed (unlike the sizes of `sizes` and `termsize`).  ``e`` is the value
of the integer in local variable ``slot`` of the cut point the path starts from (a
`MarkingNorm`); along a path every count is relative to that one value, and a count is
carried into the next cut point only when that cut point's ``slot`` holds the same
integer reference (integer references are single static assignment, so the same name is
the same value; otherwise the target's counts are unconstrained).

**Facts** (each holds in every concrete state the abstract state represents):

* ``M(x) >= 0`` for every object reference ``x``;
* ``M(c) <= M(x)`` for every represented field or array entry of ``x`` holding object ``c``
  (what ``c`` reaches, ``x`` reaches);
* a refinement renaming ``old -> new`` denotes one object: ``M(new) = M(old)``
  (`extract`, as for sizes).

**Heap effects** (`marking_write`; the version mechanism of `extract`):

* ``putfield F`` on ``w`` of value ``v``, the old value ``u`` (the represented field of ``w``
  before the write, if any): no reference field changes, so every object reaches what it
  reached; only ``w`` may enter or leave the count.  With ``b_u = [u == e]`` (``0 <= b_u <=
  1`` when ``u`` is not represented) and ``b_v = [v == e]``: ``M'(w) = M(w) - b_u + b_v``;
  ``M(y) - b_u <= M'(y) <= M(y) + b_v`` for every ``y`` that may reach ``w``; ``M'(y) =
  M(y)`` for every ``y`` that cannot (`pathfacts.cannot_reach`, which follows ``=?`` and
  ``⋀`` partners, so a reference that may denote ``w`` is among those that may reach it).
  ``b_u`` and ``b_v`` are decided by the intervals when they can be, otherwise by a
  disjunction (``=``, ``<``, ``>``) that the extractor splits into transitions;
* ``putfield`` of another integer field (resolved by the program: a different declared
  field) changes no count; an integer field the program cannot resolve is treated as ``F``
  with ``b_u``, ``b_v`` unknown in ``[0, 1]``;
* ``putfield`` of a reference field or ``aastore`` of an object on ``w`` changes only what
  objects reaching ``w`` reach: the counts of the others are kept, the rest are new;
* a library call that may write is a new version of every count; ``new`` changes none.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial

from jhalt.analyses.termination.cutpoints import CutPoint
from jhalt.analyses.termination.pathfacts import cannot_reach, written_field
from jhalt.analyses.termination.pathstate import PathState
from jhalt.analyses.termination.plugins import Extraction, Norm
from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState, successors
from jhalt.domains.values import InstanceValue, IntValue, Ref, is_object_value
from jhalt.ids import FieldId
from jhalt.its.linear import LinearConstraint, LinearExpr, const, eq, ge, le, var
from jhalt.program import Program
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge, InstanceEdge

Options = tuple[tuple[LinearConstraint, ...], ...]
"""The alternatives of one disjunction (each a conjunction)."""


@dataclass(frozen=True)
class MarkingNorm(Norm):
    """The marking count of the module doc for the integer field ``field`` and the value in
    local variable ``slot`` of the top frame at each cut point."""

    field: FieldId
    slot: int

    def mark_ref(self, state: AbstractState) -> Ref | None:
        """The integer reference ``e`` of ``state`` (None when the slot holds no integer)."""
        if not state.frames or self.slot >= len(state.top.locals):
            return None
        reference = state.local(self.slot)
        if reference is None or not isinstance(state.heap.get(reference), IntValue):
            return None
        return reference

    def carried(
        self, source: AbstractState, target: AbstractState, renaming: Iterable[tuple[Ref, Ref]]
    ) -> bool:
        """Whether the counts of a path from a cut point with state ``source`` carry into the
        cut point with state ``target`` through ``renaming`` (general, instance): the
        target's mark value is the source's integer reference (module doc)."""
        source_mark, target_mark = self.mark_ref(source), self.mark_ref(target)
        return source_mark is not None and (target_mark, source_mark) in set(renaming)

    def describe(self) -> str:
        return (
            f"the number of objects reachable from a reference whose field {self.field} "
            f"equals local variable {self.slot} (a marking count, valid on cyclic data; "
            "jhalt.analyses.termination.norms.marking)"
        )

    def sized_refs(self, ext: Extraction, node: int) -> tuple[Ref, ...]:
        return object_refs(ext.graph.states[node])  # every object has a count

    def node_facts(
        self, ext: Extraction, source: CutPoint, path: PathState, node: int
    ) -> list[LinearConstraint]:
        return marking_node_facts(ext.graph.states[node], partial(ext.size_var, source, path))

    def primitive_write(
        self,
        ext: Extraction,
        source: CutPoint,
        path: PathState,
        before: AbstractState,
        label: EvalEdge,
    ) -> None:
        if label.mnemonic == "putfield":
            marking_write_facts(
                self, ext.writes.field(label.position), before,
                self.mark_ref(ext.graph.states[source.node]), path,
                partial(ext.size_var, source, path), lambda r: var(ext.int_name(source, r)),
            )  # fmt: skip

    def carries(
        self,
        ext: Extraction,
        source: CutPoint,
        path: PathState,
        general: AbstractState,
        renaming: tuple[tuple[Ref, Ref], ...],
    ) -> bool:
        return self.carried(ext.graph.states[source.node], general, renaming)


def marking_node_facts(
    state: AbstractState, size_of: Callable[[Ref], LinearExpr]
) -> list[LinearConstraint]:
    """The facts of the module doc for every object reference of ``state``."""
    facts: list[LinearConstraint] = []
    for reference in sorted(state.heap):
        if not state.is_object(reference):
            continue
        count = size_of(reference)
        facts.append(ge(count, 0))
        for _, child in successors(state.heap.get(reference)):
            if state.is_object(child):
                facts.append(le(size_of(child), count))
    return facts


def indicator(
    name: LinearExpr,
    value: LinearExpr | None,
    mark: LinearExpr,
    intervals: tuple[Interval | None, Interval | None],
) -> tuple[list[LinearConstraint], Options | None]:
    """``name = [value == mark]`` (``0 <= name <= 1`` when ``value`` is unknown): facts, and
    a disjunction when the ``intervals`` of value and mark do not decide it."""
    if value is None:
        return [ge(name, 0), le(name, 1)], None
    value_interval, mark_interval = intervals
    if value_interval is not None and mark_interval is not None:
        if value_interval.meet(mark_interval) is None:
            return [eq(name, 0)], None
        single = value_interval.lo is not None and value_interval.lo == value_interval.hi
        if single and value_interval == mark_interval:
            return [eq(name, 1), eq(value, mark)], None
    options = (
        (eq(value, mark), eq(name, 1)),
        (le(value, mark - const(1)), eq(name, 0)),
        (ge(value, mark + const(1)), eq(name, 0)),
    )
    return [], options


def write_indicators(
    before: AbstractState,
    values: tuple[Ref | None, Ref],
    mark: Ref | None,
    known_field: bool,
    term_of: Callable[[Ref], LinearExpr],
    version: int,
) -> tuple[list[LinearConstraint], list[Options], tuple[LinearExpr, LinearExpr]]:
    """The indicators ``b_u`` and ``b_v`` of a write (module doc) of the old and the new
    ``values`` (references of ``before``; the old one None when not represented) against
    the ``mark`` value, named ``_mku@<version>`` and ``_mkv@<version>``: their facts, their
    disjunctions, and the two variables.  Unknown (``[0, 1]``) when a value or the mark is
    not an integer of ``before`` or the written field is not ``known_field``."""
    facts: list[LinearConstraint] = []
    disjunctions: list[Options] = []
    names: list[LinearExpr] = []
    mark_value = before.heap.get(mark) if mark is not None else None
    for kind, value in zip("uv", values):
        name = var(f"_mk{kind}@{version}")
        held = before.heap.get(value) if value is not None else None
        if known_field and isinstance(held, IntValue) and isinstance(mark_value, IntValue):
            assert value is not None and mark is not None
            intervals = (held.interval, mark_value.interval)
            found, options = indicator(name, term_of(value), term_of(mark), intervals)
        else:
            found, options = indicator(name, None, const(0), (None, None))
        facts.extend(found)
        if options is not None:
            disjunctions.append(options)
        names.append(name)
    return facts, disjunctions, (names[0], names[1])


def marking_write(
    written: Ref,
    changed: Iterable[Ref],
    old_of: Callable[[Ref], LinearExpr],
    new_of: Callable[[Ref], LinearExpr],
    old_mark: LinearExpr,
    new_mark: LinearExpr,
) -> list[LinearConstraint]:
    """The counts after ``putfield F`` on ``written`` (module doc) for the references
    ``changed`` that may reach it, given the indicators ``old_mark`` (``b_u``) and
    ``new_mark`` (``b_v``)."""
    facts: list[LinearConstraint] = []
    for reference in changed:
        old, new = old_of(reference), new_of(reference)
        if reference == written:
            facts.append(eq(new, old - old_mark + new_mark))
        else:
            facts.append(ge(new, old - old_mark))
            facts.append(le(new, old + new_mark))
    return facts


def marking_write_facts(
    norm: MarkingNorm,
    field_id: FieldId | None,
    before: AbstractState,
    mark_ref: Ref | None,
    path: PathState,
    size_of: Callable[[Ref], LinearExpr],
    int_term: Callable[[Ref], LinearExpr],
) -> None:
    """A ``putfield`` of a primitive field (``field_id``, None when not known) under
    ``norm`` ("Heap effects"), added to ``path``: nothing when it writes another field
    than the norm's, else the counts (``size_of``, read after the new version) of the
    references that may reach the written object change by the indicators against the
    ``mark_ref`` value."""
    if field_id is not None and field_id != norm.field:
        return
    stored, written = before.peek(0), before.peek(1)
    objects = object_refs(before)
    old = {r: size_of(r) for r in objects}
    path.version += 1
    path.preserved[path.version] = cannot_reach(before, written)
    old_value = old_field_value(before, written, field_id) if field_id else None
    facts, options, indicators = write_indicators(
        before, (old_value, stored), mark_ref, field_id is not None, int_term, path.version
    )
    path.facts.disjunctions.extend(options)
    changed = [r for r in objects if r not in path.preserved[path.version]]
    writes = marking_write(written, changed, old.__getitem__, size_of, *indicators)
    path.facts.constraints.extend([*facts, *writes])


def old_field_value(state: AbstractState, written: Ref, field_id: FieldId) -> Ref | None:
    """The integer reference ``field_id`` of ``written`` holds in ``state``, if represented."""
    value = state.heap.get(written)
    if not isinstance(value, InstanceValue):
        return None
    held = value.field(field_id)
    return held if held is not None and isinstance(state.heap.get(held), IntValue) else None


MAX_MARKING_NORMS = 4
"""At most this many marking norms are tried per loop (`candidate_markings`)."""


def candidate_markings(
    graph: SymbolicExecutionGraph, nodes: frozenset[int], program: Program | None
) -> list[MarkingNorm]:
    """Marking norms worth trying for the SCC ``nodes``: an integer field written by a
    ``putfield`` inside it, and an integer local of the first loop head that every instance
    edge into that head keeps (the same reference), at most `MAX_MARKING_NORMS`."""
    fields: list[FieldId] = []
    heads: dict[int, list[tuple[tuple[Ref, Ref], ...]]] = {}
    for source, label, target in graph.edges:
        if source not in nodes or target not in nodes:
            continue
        if isinstance(label, InstanceEdge):
            heads.setdefault(target, []).append(label.renaming)
        elif isinstance(label, EvalEdge) and label.mnemonic == "putfield":
            stored = graph.states[source].peek(0)
            field_id = written_field(program, label.position)
            if isinstance(graph.states[source].heap.get(stored), IntValue) and field_id:
                if field_id not in fields:
                    fields.append(field_id)
    if not fields or not heads:
        return []
    head = min(heads)
    state = graph.states[head]
    slots = [
        slot
        for slot, reference in enumerate(state.top.locals if state.frames else ())
        if reference is not None
        and isinstance(state.heap.get(reference), IntValue)
        and all((reference, reference) in renaming for renaming in heads[head])
    ]
    return [MarkingNorm(f, s) for f in fields for s in slots][:MAX_MARKING_NORMS]


def object_refs(state: AbstractState) -> tuple[Ref, ...]:
    """The object references of ``state`` (each has a marking count), sorted."""
    return tuple(sorted(r for r, v in state.heap.items() if is_object_value(v)))
