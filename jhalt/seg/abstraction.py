"""Finite-depth abstraction of states before merging (thesis §1.7; issue 3 item 8).

Merging two states keeps the structure both represent, so a loop that builds a data
structure (a list growing by one node per iteration) produces ever deeper realized
structures. Before a merge, :func:`bound_depth` replaces every object value first reached
at a distance greater than ``max_depth`` from the roots (locals, operand stacks, static
fields, the exception) by an unknown non-null object of its type, keeping its reference.
The cut part is summarised soundly by heap predicates (seed 000 §2.1):

* the cut object may be non-tree shaped (``c!``) if anything below it was shared, cyclic
  or annotated as such — conservatively, whenever it had any successor object;
* it may join (``c ⋀ k``) every object ``k`` that stays represented and was reachable from
  it, and every object that anything below it was annotated to join or possibly equal.

Parts that are not tree shaped (objects on a realized cycle, objects with two realized
predecessors, objects annotated ``!``, ``r ⋀ r`` or ``=?``) are cut at the smaller depth
``non_tree_depth``: unfolding a cyclic structure (a doubly linked list: ``next`` and
``previous`` of every entry) into a tree of depth ``max_depth`` realizes up to
``2^max_depth`` copies of the same few objects, connected by ``=?`` annotations whose
resolution multiplies the states after every merge, and the merges do not stabilise.
The summary annotations do not depend on which objects are cut, so the result is sound
for any cut set.

The result represents every concrete state the input represents (``s ⊑ bound_depth(s)``),
so instance edges drawn from the input to a merge of the result stay valid.
"""

from __future__ import annotations

from jhalt.domains.reach import levels, walk
from jhalt.domains.state import AbstractState, reachable_objects, successors
from jhalt.domains.values import (
    NULL,
    ArrayValue,
    HeapValue,
    InstanceValue,
    Ref,
    UnknownValue,
    is_object_value,
)
from jhalt.graphs import edge_components


def _depths(state: AbstractState) -> dict[Ref, int]:
    """Breadth-first depth of each reference bound in the heap below the roots (a root's
    reference has depth 1)."""
    starts = [r for _, r in state.roots() if r != NULL]
    return levels(starts, state.children, lambda r: r != NULL and r in state.heap, first=1)


def _reachable_objects(state: AbstractState, start: Ref) -> set[Ref]:
    return set(reachable_objects(state, state.children(start)))


def _not_tree_shaped(state: AbstractState, depth: dict[Ref, int]) -> set[Ref]:
    """Reachable objects that lie on a realized cycle, have two realized predecessors
    (fields or entries of reachable objects) or carry an annotation that allows sharing
    (``!``, ``r ⋀ r``, ``=?``)."""
    predicates = state.predicates
    result = {
        r
        for r in depth
        if predicates.may_be_non_tree(r)
        or predicates.may_join(r, r)
        or predicates.equal_partners(r)
    }
    children: dict[Ref, list[Ref]] = {}
    predecessor_count: dict[Ref, int] = {}
    for reference in depth:
        targets = [c for _, c in successors(state.heap.get(reference)) if c in depth]
        children[reference] = targets
        for target in targets:
            predecessor_count[target] = predecessor_count.get(target, 0) + 1
    result.update(r for r, count in predecessor_count.items() if count > 1)
    result.update(_on_cycles(children))
    return result


def _on_cycles(children: dict[Ref, list[Ref]]) -> set[Ref]:
    """Nodes of non-trivial strongly connected components or with a self loop."""
    edges = ((node, child) for node, targets in children.items() for child in targets)
    result: set[Ref] = set()
    for component in edge_components(list(children), edges):
        node = next(iter(component))
        if len(component) > 1 or node in children.get(node, []):
            result.update(component)
    return result


def bound_depth(
    state: AbstractState, max_depth: int, non_tree_depth: int | None = None
) -> AbstractState:
    """The state with realized objects deeper than ``max_depth`` — or, when they are not
    tree shaped, deeper than ``non_tree_depth`` (default ``max_depth``) — summarised (see
    module)."""
    depth = _depths(state)
    shallow = max_depth if non_tree_depth is None else min(max_depth, non_tree_depth)
    not_tree = _not_tree_shaped(state, depth) if shallow < max_depth else set()
    cut = sorted(
        r
        for r, d in depth.items()
        if (d > max_depth or (d > shallow and r in not_tree))
        and isinstance(state.heap.get(r), (InstanceValue, ArrayValue))
    )
    if not cut:
        return state
    predicates = state.predicates
    changes: dict[Ref, HeapValue] = {}
    cut_set = set(cut)
    for reference in cut:
        value = state.heap[reference]
        below = _reachable_objects(state, reference)
        kept_below = {r for r in below if r not in cut_set and r in depth}
        annotated: set[Ref] = set()
        for inner in below | {reference}:
            annotated |= state.predicates.join_partners(inner) | state.predicates.equal_partners(
                inner
            )
        if below:
            predicates = predicates.with_non_tree(reference).with_join(reference, reference)
        for other in sorted(kept_below | annotated | (below & cut_set)):
            if other != reference and other in state.heap:
                predicates = predicates.with_join(reference, other)
        type_name = value.class_name if isinstance(value, InstanceValue) else value.array_type  # type: ignore[union-attr]
        changes[reference] = UnknownValue(type_name, nullable=False)
    abstracted = state.with_heap(state.heap.update(changes)).with_predicates(predicates)
    abstracted = abstracted.garbage_collected()
    return _non_tree_upwards(abstracted)


def _non_tree_upwards(state: AbstractState) -> AbstractState:
    """Whatever may reach a possibly non-tree object is possibly non-tree itself (thesis
    Def. 1.43 (ii-v)): a kept object on a cycle through a summarised part (the header of a
    cyclic list whose entries were cut) reaches the cycle only through the summary."""
    predicates = state.predicates
    holders: dict[Ref, set[Ref]] = {}
    for reference, value in state.heap.items():
        for _, child in successors(value):
            holders.setdefault(child, set()).add(reference)
    for first, second in (
        tuple(p) * 2 if len(p) == 1 else tuple(p) for p in predicates.joins | predicates.maybe_equal
    ):
        holders.setdefault(first, set()).add(second)
        holders.setdefault(second, set()).add(first)
    starts = {r for r in predicates.non_tree if r in state.heap}

    def counts(reference: Ref) -> bool:
        value = state.heap.get(reference)
        return reference in starts or (value is not None and is_object_value(value))

    marked = set(walk(starts, lambda r: holders.get(r, ()), counts))
    for reference in sorted(marked - predicates.non_tree):
        predicates = predicates.with_non_tree(reference)
    return state.with_predicates(predicates)
