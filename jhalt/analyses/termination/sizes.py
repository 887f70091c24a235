"""Size measures of heap references: when a reference has a size, and what is known about it.

The *size* of a reference ``x`` in a concrete heap (seed 001 §2, "path-length") is

    size(null) = 0,     size(x) = 1 + max { size(y) | y a reference held by a field or an
                                           array entry of the object at x }

— the number of objects on the longest path that starts at ``x``.  It is a natural number
exactly when the structure reachable from ``x`` is acyclic; cyclic data has no size.

**The acyclicity rule** (what makes a size variable sound).  In an abstract state (seed 000
§2.1, thesis Def. 1.3/1.10) parts that are not represented explicitly are trees that share
and converge only where a heap predicate says so; a concrete cycle reachable from ``x`` must
therefore either

* pass through a part that is not represented, which requires the ``r!`` annotation on the
  reference at the realized prefix of the cycle's entry (thesis Def. 1.10 (m)) — a reference
  reachable from ``x`` by represented fields; or
* consist of represented fields only, where two references of the abstract state may denote
  the same object only if they are equal or annotated ``=?``.

We therefore build the *may-step graph* of a state: an edge ``r -> c`` for each represented
field or array entry of ``r`` holding object ``c``, and ``r -> p`` for every ``p`` with
``c =? p`` (two references that may be one object; one jump suffices because distinct
references without ``=?`` denote distinct objects).  The *closure* of ``x`` is everything
this graph reaches from ``x`` and its ``=?`` partners.  ``x`` has a size (is *tracked*) iff no
reference of its closure carries ``!`` and the may-step graph has no cycle inside the
closure.  Joinability (``⋀``) only allows sharing (a DAG), which leaves the longest path
finite, so it is ignored.

**Facts** at a node with heap version ``k`` for tracked ``x`` (all over the concrete states the
node represents): ``size(x) >= 0``; ``size(x) >= 1`` when ``x`` is certainly not null; and
``size(c) <= size(x) - 1`` for each represented field/entry holding object ``c`` (``c`` is then
tracked too: its closure is part of ``x``'s).  Sizes only change when the heap is written
(`jhalt.analyses.termination.extract` gives each write a new version of every size variable).

**When the program never creates a cycle** (`jhalt.analyses.termination.heap.acyclicity`), every
concrete heap is acyclic along the norm's edges, and the rule above is relaxed: ``!`` and
``=?`` are ignored (a DAG has a finite longest path; two references that may be one object
are one object of an acyclic heap), only a cycle of represented fields removes a size.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Set
from dataclasses import dataclass

from jhalt.domains.heap import HeapPredicates
from jhalt.domains.state import AbstractState, successors
from jhalt.domains.values import NULL, ArrayValue, InstanceValue, Ref, UnknownValue, is_object_value
from jhalt.graphs import edge_components
from jhalt.ids import FieldId
from jhalt.its.linear import LinearConstraint, LinearExpr, const, ge, le


def object_refs(state: AbstractState) -> list[Ref]:
    """Object references bound in the heap of ``state`` (sorted, ``null`` excluded)."""
    return sorted(r for r, v in state.heap.items() if is_object_value(v))


def _object_children(state: AbstractState, reference: Ref) -> list[Ref]:
    children = []
    for _, child in successors(state.heap.get(reference)):
        if child != NULL and child in state.heap and is_object_value(state.heap[child]):
            children.append(child)
    return children


@dataclass(frozen=True)
class SizeAnalysis:
    """Which object references of one state have a size, and the facts about them."""

    tracked: frozenset[Ref]
    non_null: frozenset[Ref]
    smaller: tuple[tuple[Ref, Ref], ...]
    """(child, parent): ``size(child) <= size(parent) - 1``."""


def analyse_sizes(state: AbstractState, acyclic_heap: bool = False) -> SizeAnalysis:
    """Apply the acyclicity rule of the module doc to every object reference of ``state``.

    ``acyclic_heap``: no concrete heap of the program has a cycle along the norm's edges
    (`jhalt.analyses.termination.heap.acyclicity`); then ``!`` and ``=?`` annotations cannot make
    the data cyclic and only a represented cycle (through a field outside the norm) removes
    a size."""
    objects = object_refs(state)
    predicates = state.predicates
    if acyclic_heap:
        predicates = HeapPredicates()
    partners = {r: predicates.equal_partners(r) for r in objects}
    steps: dict[Ref, set[Ref]] = {}
    for reference in objects:
        targets: set[Ref] = set()
        for child in _object_children(state, reference):
            targets.add(child)
            targets.update(partners.get(child, ()))
        steps[reference] = targets
    in_cycle = _nodes_on_cycles(objects, steps)
    tracked: set[Ref] = set()
    for reference in objects:
        closure = _closure({reference} | partners[reference], steps)
        if closure & in_cycle:
            continue
        if any(predicates.may_be_non_tree(r) for r in closure):
            continue
        tracked.add(reference)
    non_null = {
        r
        for r in tracked
        if isinstance(state.heap[r], (InstanceValue, ArrayValue))
        or (isinstance(state.heap[r], UnknownValue) and not state.heap[r].nullable)  # type: ignore[union-attr]
    }
    smaller = tuple(
        (child, parent) for parent in sorted(tracked) for child in _object_children(state, parent)
    )
    return SizeAnalysis(frozenset(tracked), frozenset(non_null), smaller)


def _closure(start: Iterable[Ref], steps: dict[Ref, set[Ref]]) -> set[Ref]:
    seen: set[Ref] = set()
    todo = [r for r in start if r in steps]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        todo.extend(t for t in steps.get(current, ()) if t in steps)
    return seen


def _nodes_on_cycles(nodes: list[Ref], steps: dict[Ref, set[Ref]]) -> set[Ref]:
    """Nodes that lie on a directed cycle (self-loops included)."""
    edges = [(s, t) for s in nodes for t in sorted(steps.get(s, ())) if t in steps]
    result: set[Ref] = set()
    for component in edge_components(nodes, edges):
        if len(component) > 1:
            result |= component
        else:
            (only,) = component
            if only in steps.get(only, ()):
                result.add(only)
    return result


def path_length_facts(
    state: AbstractState,
    tracked: Set[Ref],
    complete: Mapping[Ref, frozenset[FieldId]],
    size_of: Callable[[Ref], LinearExpr],
    certain: Callable[[Ref], bool],
) -> list[LinearConstraint]:
    """The facts of the longest-path size for the ``tracked`` references of ``state``
    (module doc; `jhalt.analyses.termination.extract`, "Transitions"): ``complete`` maps the
    instances allocated on the path to the fields they had then, ``size_of`` gives a size
    variable, ``certain`` whether a reference is certainly an object."""
    facts = [ge(size_of(r), 1 if certain(r) else 0) for r in sorted(tracked)]
    for parent in sorted(tracked):
        for child in _object_children_of(state, parent):
            facts.append(le(size_of(child), size_of(parent) - 1))
    for reference in sorted(set(complete) & tracked):
        instance = state.heap.get(reference)
        if not isinstance(instance, InstanceValue):
            continue
        if not complete[reference] <= {f for f, _ in instance.fields}:
            continue
        children = sorted(set(_object_children_of(state, reference)))
        if not all(c in tracked for c in children):
            continue
        bound = const(1)
        for child in children:
            bound = bound + size_of(child)
        facts.append(le(size_of(reference), bound))
        for other in sorted(tracked):  # a copy of a node is no larger than the node
            if (
                other != reference
                and isinstance(state.heap.get(other), InstanceValue)
                and set(children) <= set(_object_children_of(state, other))
            ):
                facts.append(le(size_of(reference), size_of(other)))
    return facts


def _object_children_of(state: AbstractState, reference: Ref) -> list[Ref]:
    """Object references held by represented fields and entries (with repetitions)."""
    return [c for _, c in successors(state.heap.get(reference)) if state.is_object(c)]
