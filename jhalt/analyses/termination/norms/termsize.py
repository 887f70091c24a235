"""The weighted term-size norm of heap references (issue 16, "a node-count / term-size norm
for trees"; the polynomial interpretations AProVE applies to the terms its Java front end
builds from objects, seed 000 §2).

For weights ``w_f >= 1`` per field, the *term size* of a reference in a concrete heap is

    ts(null) = 0,     ts(x) = 1 + sum of w_f * ts(x.f) over the fields f of x holding objects
                              + sum of ts(e) over the entries e of an array x

— the weighted number of nodes of the tree that unfolds the data below ``x`` (a node shared
by two paths is counted once per path).  It is a natural number exactly when that data is
acyclic, so it exists for the same references as the longest-path size
(`jhalt.analyses.termination.sizes`: the tracked references of a state, closed under
represented children) and changes only when a reachable object is written (the same
versions, `jhalt.analyses.termination.extract`).  Over the same fields as that size (the
fields of the program's classes and array entries; fields that are never represented
weigh 1).

Loops that rebuild a tree without shrinking its longest path, e.g. the rotation
``t = new Tree(t.left.left, new Tree(t.left.right, t.right))``, shrink it for the weights
``left = 2, right = 1``: ``1 + 2(1 + 2s + t) + u > 1 + 2s + (1 + 2t + u)``.

**Facts** for a tracked reference ``x`` of a state (valid in every concrete state of it):

* ``ts(x) >= 0``, and ``>= 1`` when ``x`` is certainly an object;
* for an instance: ``ts(x) >= 1 + sum w_f * ts(c_f)`` over its represented fields ``f``
  of positive weight
  holding objects ``c_f`` (distinct fields; the fields it does not represent add ``>= 0``);
  for an array: ``ts(x) >= 1 + ts(e)`` for each represented entry ``e`` (two represented
  entries may be one index, so they are not summed);
* for an instance allocated on the path whose every field (all were represented at
  ``new``) is still represented, and whose object children are all tracked: equality, i.e.
  also ``ts(x) <= 1 + sum w_f * ts(c_f)``.

**Writes** (`written_size`): when every heap of the loop's runs is acyclic (along the
norm's fields: the extraction's acyclicity rule), ``putfield f`` of ``v`` on ``x`` whose
field ``f`` was represented as ``o`` (an object or null) gives ``ts'(x) = ts(x) + w_f *
(ts(v) - ts(o))``: only the ``f`` summand of ``ts(x)`` changes; no other child of ``x``
reaches ``x`` (before or after, by acyclicity), so their summands stay; ``o`` does not
reach ``x`` before the write and ``v`` does not after it, so ``ts(o)`` and ``ts(v)`` are
the same before and after the write.  (A list cell whose tree is replaced by one of its
subtrees: FlattenRTA.)

**Above** (issue 36): at a node where the heap is a forest (`heap.forest`) and every weight
is 1, an object ``a`` that reaches ``x`` on every run (`ForestCheck.above`: its must-reach
pairs) reaches it along exactly one path, so its tree holds ``x``'s once and ``ts'(a) =
ts(a) + ts'(x) - ts(x)``.  (``append`` hanging a tree under the rightmost node of another.)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Set
from dataclasses import dataclass
from functools import partial

from jhalt.analyses.termination.cutpoints import CutPoint
from jhalt.analyses.termination.facts.acyclicrefs import ACYCLIC
from jhalt.analyses.termination.facts.fully_represented import COMPLETE
from jhalt.analyses.termination.pathfacts import certainly_object
from jhalt.analyses.termination.pathstate import PathState
from jhalt.analyses.termination.plugins import Extraction, Norm, SizeOf
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, ArrayValue, InstanceValue, Ref
from jhalt.ids import FieldId
from jhalt.its.linear import LinearConstraint, LinearExpr, const, eq, ge, le
from jhalt.seg.labels import EvalEdge


@dataclass(frozen=True)
class TermSizeNorm(Norm):
    """The weights of a term-size norm: ``weights`` lists the fields that weigh more than 1;
    with ``only`` (field names), every other field weighs 0 — the norm along those fields,
    sound when no heap has a cycle along them (`acyclicity`, "Restricted norms")."""

    weights: tuple[tuple[FieldId, int], ...] = ()
    only: tuple[str, ...] = ()

    def weight(self, field_id: FieldId) -> int:
        if self.only and field_id.name not in self.only:
            return 0
        for known, weight in self.weights:
            if known == field_id:
                return weight
        return 1

    def describe(self) -> str:
        heavier = ", ".join(f"{f.class_name}.{f.name} = {w}" for f, w in self.weights)
        text = "term sizes (node counts" + (f" with weights {heavier}" if heavier else "")
        if self.only:
            text += " along " + ", ".join(self.only) + " and array entries only"
        return text + ")"

    acyclic_data = True

    def along(self) -> frozenset[str] | None:
        return frozenset(self.only) if self.only else None

    def sized_refs(self, ext: Extraction, node: int) -> tuple[Ref, ...]:
        return tuple(sorted(ext.sizes(node).tracked))  # those of the longest path

    def node_facts(
        self, ext: Extraction, source: CutPoint, path: PathState, node: int
    ) -> list[LinearConstraint]:
        state = ext.graph.states[node]
        size_of, certain = partial(ext.size_var, source, path), partial(certainly_object, state)
        tracked, complete = path.get(ACYCLIC), path.get(COMPLETE)
        return term_size_facts(self, state, tracked, complete, size_of, certain)

    def changed_by(self, ext: Extraction, label: EvalEdge) -> bool:
        """A ``putfield`` of a field of weight 0 (``only``) changes no size."""
        if not self.only or label.mnemonic != "putfield":
            return True
        name = ext.writes.field_name(label.position)
        return name is None or name in self.only

    def write_facts(
        self,
        ext: Extraction,
        source: CutPoint,
        path: PathState,
        before: AbstractState,
        label: EvalEdge,
        written: Ref,
        old: SizeOf,
    ) -> list[LinearConstraint]:
        """``ts(written)`` after a ``putfield`` (`written_size`) when no heap has a cycle,
        and that of the objects above it in a forest (module doc, "Above")."""
        if not ext.acyclic_heap:
            return []
        field_id = ext.writes.field(label.position) if label.mnemonic == "putfield" else None
        update = written_size(self, before, written, field_id, old)
        if update is None:
            return []
        facts = [eq(ext.size_var(source, path, written), update)]
        if not self.weights:
            change = update - old(written)
            above = ext.forest.above(path.node, before, written, self.along())
            facts += [eq(ext.size_var(source, path, x), old(x) + change) for x in sorted(above)]
        return facts


def _weighted_children(
    norm: TermSizeNorm, value: InstanceValue, is_object: Callable[[Ref], bool]
) -> list[tuple[int, Ref]]:
    weighted = [(norm.weight(f), held) for f, held in value.fields]
    return [(w, held) for w, held in weighted if w > 0 and held != NULL and is_object(held)]


def term_size_facts(
    norm: TermSizeNorm,
    state: AbstractState,
    tracked: Set[Ref],
    complete: Mapping[Ref, frozenset[FieldId]],
    size_of: Callable[[Ref], LinearExpr],
    certain: Callable[[Ref], bool],
) -> list[LinearConstraint]:
    """The facts of the module doc for the ``tracked`` references of ``state``; ``complete``
    maps the instances allocated on the path to the fields they had then, ``size_of`` gives
    the term-size variable of a reference, ``certain`` whether it is certainly an object."""
    facts: list[LinearConstraint] = []
    for reference in sorted(tracked):
        size = size_of(reference)
        facts.append(ge(size, 1 if certain(reference) else 0))
        value = state.heap.get(reference)
        if isinstance(value, ArrayValue):
            for entry in value.entries or ():
                if entry in tracked:
                    facts.append(ge(size, size_of(entry) + 1))
        if not isinstance(value, InstanceValue):
            continue
        children = _weighted_children(norm, value, state.is_object)
        if not all(child in tracked for _, child in children):
            continue
        bound = const(1)
        for weight, child in children:
            bound = bound + size_of(child) * weight
        facts.append(ge(size, bound))
        allocated = complete.get(reference)
        if allocated is not None and allocated <= {f for f, _ in value.fields}:
            facts.append(le(size, bound))
    return facts


def written_size(
    norm: TermSizeNorm,
    before: AbstractState,
    written: Ref,
    field_id: FieldId | None,
    size_of: Callable[[Ref], LinearExpr],
) -> LinearExpr | None:
    """``ts(written)`` after ``putfield field_id`` of the value on top of ``before``'s stack,
    over the term sizes before the write (module doc, "Writes"; valid only when every heap
    is acyclic along the norm's fields), or None when the old value is not represented."""
    value = before.heap.get(written)
    stored = before.peek(0)
    if field_id is None or not isinstance(value, InstanceValue):
        return None
    old = value.field(field_id)
    if old is None or not all(r == NULL or before.is_object(r) for r in (old, stored)):
        return None
    weight = norm.weight(field_id)
    return size_of(written) + (size_of(stored) - size_of(old)) * weight


def reference_fields(states: list[AbstractState]) -> list[FieldId]:
    """The reference fields represented in ``states`` (holding null or an object), sorted."""
    fields: set[FieldId] = set()
    for state in states:
        for value in state.heap.values():
            if isinstance(value, InstanceValue):
                fields.update(
                    f for f, held in value.fields if held == NULL or state.is_object(held)
                )
    return sorted(fields, key=str)


def own_type_fields(states: list[AbstractState]) -> frozenset[str]:
    """The names of the reference fields represented in ``states`` whose type is their own
    class (``Tree.left``, ``List.next``): the edges of a recursive structure, which a forest
    along them (`heap.forest`, "Along fields") may keep apart from the objects it holds."""
    return frozenset(
        f.name for f in reference_fields(states) if f.descriptor == f"L{f.class_name};"
    )


def candidate_norms(states: list[AbstractState], limit: int, extra: int = 0) -> list[TermSizeNorm]:
    """At most ``limit`` norms to try for a loop whose states are ``states``: the plain node
    count, then weight 2 on one reference field represented in them (sorted by name); then
    at most ``extra`` more with weight 2 on a field not tried yet that links one structure
    to another (`linking_fields`: the trees of a list of trees)."""
    fields = reference_fields(states)
    norms = [TermSizeNorm()]
    norms += [TermSizeNorm(((f, 2),)) for f in fields]
    tried = norms[:limit]
    weighted = {f for norm in tried for f, _ in norm.weights}
    links = [f for f in linking_fields(states, fields) if f not in weighted]
    return tried + [TermSizeNorm(((f, 2),)) for f in links[:extra]]


def linking_fields(states: list[AbstractState], fields: list[FieldId]) -> list[FieldId]:
    """The ``fields`` whose type is another class than their own whose instances in
    ``states`` represent a reference field: a field that holds another data structure
    (``TreeList.value`` holding a ``Tree``)."""
    structures = {
        value.class_name
        for state in states
        for value in state.heap.values()
        if isinstance(value, InstanceValue)
        and any(held == NULL or state.is_object(held) for _, held in value.fields)
    }
    return [
        f
        for f in fields
        if f.descriptor.startswith("L")
        and f.descriptor[1:-1] != f.class_name
        and f.descriptor[1:-1] in structures
    ]
