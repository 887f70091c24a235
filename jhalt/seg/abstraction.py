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

The result represents every concrete state the input represents (``s ⊑ bound_depth(s)``),
so instance edges drawn from the input to a merge of the result stay valid.
"""

from __future__ import annotations

from jhalt.domains.state import AbstractState, successors
from jhalt.domains.values import NULL, ArrayValue, HeapValue, InstanceValue, Ref, UnknownValue, is_object_value


def _depths(state: AbstractState) -> dict[Ref, int]:
    depth: dict[Ref, int] = {}
    frontier = [r for _, r in state.roots() if r != NULL]
    level = 1
    while frontier:
        following: list[Ref] = []
        for reference in frontier:
            if reference in depth or reference == NULL:
                continue
            value = state.heap.get(reference)
            if value is None:
                continue
            depth[reference] = level
            following.extend(child for _, child in successors(value))
        frontier = following
        level += 1
    return depth


def _reachable_objects(state: AbstractState, start: Ref) -> set[Ref]:
    seen: set[Ref] = set()
    todo = [child for _, child in successors(state.heap.get(start))]
    while todo:
        current = todo.pop()
        if current == NULL or current in seen:
            continue
        value = state.heap.get(current)
        if value is None or not is_object_value(value):
            continue
        seen.add(current)
        todo.extend(child for _, child in successors(value))
    return seen


def bound_depth(state: AbstractState, max_depth: int) -> AbstractState:
    """The state with realized objects deeper than ``max_depth`` summarised (see module)."""
    depth = _depths(state)
    cut = sorted(
        r
        for r, d in depth.items()
        if d > max_depth and isinstance(state.heap.get(r), (InstanceValue, ArrayValue))
    )
    if not cut:
        return state
    predicates = state.predicates
    changes: dict[Ref, HeapValue] = {}
    cut_set = set(cut)
    for reference in cut:
        value = state.heap[reference]
        below = _reachable_objects(state, reference)
        kept_below = {r for r in below if r not in cut_set and depth.get(r, max_depth + 1) <= max_depth}
        annotated: set[Ref] = set()
        for inner in below | {reference}:
            annotated |= state.predicates.join_partners(inner) | state.predicates.equal_partners(inner)
        if below:
            predicates = predicates.with_non_tree(reference).with_join(reference, reference)
        for other in sorted(kept_below | annotated | (below & cut_set)):
            if other != reference and other in state.heap:
                predicates = predicates.with_join(reference, other)
        type_name = value.class_name if isinstance(value, InstanceValue) else value.array_type  # type: ignore[union-attr]
        changes[reference] = UnknownValue(type_name, nullable=False)
    abstracted = state.with_heap(state.heap.update(changes)).with_predicates(predicates)
    abstracted = abstracted.garbage_collected()
    return abstracted
