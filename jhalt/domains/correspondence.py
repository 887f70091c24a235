"""How a finer state lies inside a coarser one: the shared core of instance check and merge.

Seed 000 Def. 9 (and thesis Def. 1.10) define ``s' ⊑ s`` by quantifying over all pairs of
positions of ``s'`` — an infinite set when the heap is cyclic. Following thesis §2.3 we work
on a finite object instead: the *realization graph*. Its nodes are triples
``(fine_ref, coarse_ref, exact)``: for every position π of the fine state ``s'`` there is
exactly one node, with ``fine_ref = s'|π``, ``coarse_ref = s|π̄`` (the reference at the
longest prefix of π that exists in ``s``) and ``exact`` iff π ∈ SPos(s). Nodes are finite
(pairs of references × 2), positions are the paths of this graph from the roots, and the
number of positions reaching a node is counted up to 2.

From the graph, :func:`realize` derives

* the *conflicts*: violations of Def. 9 that no annotation can repair — (a)–(f) value
  containment, SPos(s) ⊆ SPos(s') (thesis Lemma 1.3), (g) distinct references must stay
  distinct;
* the *required annotations* of the coarse state: the ``=?``, ``⋀`` and ``!`` predicates
  that Def. 9 (h)–(m) demand.

:mod:`jhalt.domains.instance` checks that the coarse state has the required annotations;
:mod:`jhalt.domains.merge` adds exactly them to the merged state. Using one function for
both makes ``s ⊑ merge(s, t)`` hold by construction (seed 000 Thm. 2).

One requirement goes beyond Def. 9 as written: a fine object at two exact positions whose
coarse references differ needs not only their ``=?`` (h) but also their ``⋀`` when the
fine state leaves part of the object unrepresented (:func:`may_hide_sharing`). Its concrete
states share that part through both positions with the same suffix, which thesis Def.
1.10(m) accepts without an annotation in the fine state but not in the coarse one, where
the two anchors differ; without the join ``⊑`` would not be transitive (a concrete state
of the fine state would not be one of the coarse state).

The test for (m) (non-tree shapes) is slightly stronger than the definition when a
convergence below a realized object is only partly realized: it may then demand ``!`` on
the realized ancestor. This can only make :func:`is_instance` answer "no" (never a wrong
"yes") and the merge annotate a little more.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from jhalt.domains.heap import HeapPredicates, Pair, pair
from jhalt.domains.state import AbstractState, Root, StaticRoot, Step, step_target, successors
from jhalt.domains.values import (
    NULL,
    ArrayValue,
    FloatValue,
    HeapValue,
    InstanceValue,
    IntValue,
    Ref,
    TypeHierarchy,
    UnknownValue,
    is_object_value,
    value_type_name,
)

Node = tuple[Ref, Ref, bool]
"""(fine reference, coarse reference at the realized prefix, position exists in coarse)."""


@dataclass
class Realization:
    """The realization graph of ``fine`` in ``coarse`` and what it implies."""

    nodes: set[Node] = field(default_factory=set)
    edges: dict[Node, list[tuple[Step, Node]]] = field(default_factory=lambda: defaultdict(list))
    root_nodes: list[tuple[Root, Node]] = field(default_factory=list)
    position_counts: dict[Node, int] = field(default_factory=dict)
    """Suffixes per inexact node (`_count_positions`)."""
    conflicts: list[str] = field(default_factory=list)
    required: HeapPredicates = field(default_factory=HeapPredicates)

    def exact_pairs(self) -> dict[Ref, Ref]:
        """coarse reference → fine reference for all exactly realized positions (the
        witness renaming of an instance check; only meaningful without conflicts)."""
        return {coarse: fine for fine, coarse, exact in self.nodes if exact}

    def anchors_of(self, fine_ref: Ref) -> set[tuple[Ref, bool]]:
        return {(coarse, exact) for fine, coarse, exact in self.nodes if fine == fine_ref}


def value_conflict(
    fine: AbstractState,
    fine_ref: Ref,
    coarse: AbstractState,
    coarse_ref: Ref,
    hierarchy: TypeHierarchy,
) -> str | None:
    """Why the value at ``fine_ref`` is not represented by ``coarse_ref`` (Def. 9 (a)–(f);
    thesis Def. 1.10 (e)–(j)), or None if it is."""
    if fine_ref == NULL:
        if coarse_ref == NULL:
            return None
        coarse_value = coarse.heap[coarse_ref]
        if isinstance(coarse_value, UnknownValue) and coarse_value.nullable:
            return None
        return f"null is not represented by {coarse_ref}: {coarse_value}"
    if coarse_ref == NULL:
        return f"{fine_ref} is not null but {coarse_ref} is"
    fine_value = fine.heap[fine_ref]
    coarse_value = coarse.heap[coarse_ref]
    if (
        isinstance(coarse_value, ArrayValue)
        and coarse_value.non_null_entries
        and coarse_value.entries is None
    ):
        if not isinstance(fine_value, ArrayValue) or not _entries_non_null(fine, fine_value):
            return f"{fine_ref}: {fine_value} may hold null, {coarse_ref} may not"
    if isinstance(coarse_value, ArrayValue) and coarse_value.exact_type:
        if not (
            isinstance(fine_value, ArrayValue)
            and fine_value.exact_type
            and fine_value.array_type == coarse_value.array_type
        ):
            return f"{fine_ref}: {fine_value} may have another runtime type than {coarse_ref}"
    if _represents(fine_value, coarse_value, hierarchy):
        return None
    return f"{fine_ref}: {fine_value} is not represented by {coarse_ref}: {coarse_value}"


def _entries_non_null(state: AbstractState, value: ArrayValue) -> bool:
    """Whether every entry of the array is a non-null object (`ArrayValue.non_null_entries`
    when they are not represented)."""
    if value.entries is None:
        return value.non_null_entries
    for entry in value.entries:
        if entry == NULL:
            return False
        held = state.heap.get(entry)
        if held is None or (isinstance(held, UnknownValue) and held.nullable):
            return False
    return True


def _represents(fine_value: HeapValue, coarse_value: HeapValue, hierarchy: TypeHierarchy) -> bool:
    """Def. 9 (b)–(f) for two non-null values: a sub-interval, the same floating point type
    with the same or an unknown literal, an unknown value of a subtype (nullable only if the
    coarse one is), or an object as described by :func:`_represents_object`."""
    if isinstance(fine_value, IntValue):
        return isinstance(coarse_value, IntValue) and fine_value.interval.is_subset_of(
            coarse_value.interval
        )
    if isinstance(fine_value, FloatValue):
        return (
            isinstance(coarse_value, FloatValue)
            and coarse_value.type_letter == fine_value.type_letter
            and coarse_value.bits in (None, fine_value.bits)
        )
    if isinstance(fine_value, UnknownValue):
        return (
            isinstance(coarse_value, UnknownValue)
            and hierarchy.is_subtype(fine_value.type_name, coarse_value.type_name)
            and (coarse_value.nullable or not fine_value.nullable)
        )
    if isinstance(fine_value, (ArrayValue, InstanceValue)):
        return _represents_object(fine_value, coarse_value, hierarchy)
    return False


def _represents_object(
    fine_value: ArrayValue | InstanceValue, coarse_value: HeapValue, hierarchy: TypeHierarchy
) -> bool:
    """An array or instance is represented by an unknown value of a supertype, by an array
    of a supertype whose entries are unknown or as many, or by an instance of the same
    class whose known fields the fine instance knows too."""
    fine_type = value_type_name(fine_value)
    if isinstance(coarse_value, UnknownValue):
        return hierarchy.is_subtype(fine_type, coarse_value.type_name)
    if isinstance(fine_value, ArrayValue):
        if isinstance(coarse_value, ArrayValue) and hierarchy.is_subtype(
            fine_value.array_type, coarse_value.array_type
        ):
            return coarse_value.entries is None or (
                fine_value.entries is not None
                and len(fine_value.entries) == len(coarse_value.entries)
            )
        return False
    if isinstance(coarse_value, InstanceValue) and coarse_value.class_name == fine_value.class_name:
        fine_fields = {f for f, _ in fine_value.fields}
        return all(f in fine_fields for f, _ in coarse_value.fields)
    return False


def _identity(state: AbstractState, reference: Ref) -> object:
    """What must be equal for two positions to hold "the same" value: object identity for
    objects, the value itself for exactly known primitives (they have no identity)."""
    if reference == NULL:
        return NULL
    value = state.heap[reference]
    if isinstance(value, IntValue) and value.interval.is_singleton:
        return ("int", value.interval.value)
    if isinstance(value, FloatValue) and value.bits is not None:
        return ("float", value.type_letter, value.bits)
    return reference


def _is_object(state: AbstractState, reference: Ref) -> bool:
    return reference != NULL and is_object_value(state.heap[reference])


def _is_reference_type(descriptor: str) -> bool:
    return descriptor.startswith(("L", "["))


def may_hide_sharing(state: AbstractState, reference: Ref, hierarchy: TypeHierarchy) -> bool:
    """Whether the object at ``reference`` may have successors that ``state`` does not
    represent and that could therefore be shared in a concrete state: an unknown object,
    an array of references whose entries are not listed, an instance that lacks a field
    of reference type. Which fields a class has is asked of ``hierarchy`` through an
    optional ``instance_fields(class) -> tuple[FieldId, ...] | None`` (the program's
    :class:`~jhalt.seg.context.ProgramHierarchy`); without it every instance is assumed
    to hide something (conservative: the instance check only demands more)."""
    value = state.heap[reference]
    if isinstance(value, UnknownValue):
        return True
    if isinstance(value, ArrayValue):
        return value.entries is None and _is_reference_type(value.component_type)
    if isinstance(value, InstanceValue):
        fields_of = getattr(hierarchy, "instance_fields", None)
        declared = None if fields_of is None else fields_of(value.class_name)
        if declared is None:
            return True
        present = {field_id for field_id, _ in value.fields}
        return any(f not in present and _is_reference_type(f.descriptor) for f in declared)
    return False


def realize(fine: AbstractState, coarse: AbstractState, hierarchy: TypeHierarchy) -> Realization:
    """Build the realization graph of ``fine`` in ``coarse``; see the module docstring.

    Shape conditions (same program positions, stack heights, class initialisation,
    exception presence: Def. 1.10 (a)–(c)) are reported as conflicts too.
    """
    result = Realization()
    _check_shape(fine, coarse, result)
    if result.conflicts:
        return result
    coarse_roots = dict(coarse.roots())
    fine_roots = dict(fine.roots())
    for root in coarse_roots:
        if root not in fine_roots:
            result.conflicts.append(f"position {root} exists only in the coarse state")
    todo: list[Node] = []
    for root, fine_ref in fine.roots():
        coarse_ref_at_root = coarse_roots.get(root)
        if coarse_ref_at_root is None:
            continue  # e.g. a local that is dead (undefined) in the coarse state
        node = (fine_ref, coarse_ref_at_root, True)
        result.root_nodes.append((root, node))
        todo.append(node)
    while todo:
        node = todo.pop()
        if node in result.nodes:
            continue
        result.nodes.add(node)
        fine_ref, coarse_ref, exact = node
        if exact:
            problem = value_conflict(fine, fine_ref, coarse, coarse_ref, hierarchy)
            if problem is not None:
                result.conflicts.append(problem)
                continue
        if fine_ref == NULL:
            continue
        fine_value = fine.heap[fine_ref]
        coarse_value = None if coarse_ref == NULL else coarse.heap[coarse_ref]
        for step, fine_child in successors(fine_value):
            coarse_child = step_target(coarse_value, step) if exact else None
            child: Node = (
                (fine_child, coarse_child, True)
                if coarse_child is not None
                else (fine_child, coarse_ref, False)
            )
            result.edges[node].append((step, child))
            todo.append(child)
    if result.conflicts:
        return result
    result.position_counts = _count_positions(result)
    _check_distinctness(fine, result)
    if not result.conflicts:
        result.required = _required_annotations(fine, coarse, result, hierarchy)
    return result


def _check_shape(fine: AbstractState, coarse: AbstractState, result: Realization) -> None:
    if len(fine.frames) != len(coarse.frames):
        result.conflicts.append("call stacks differ in height")
        return
    for index, (fine_frame, coarse_frame) in enumerate(zip(fine.frames, coarse.frames)):
        if fine_frame.position != coarse_frame.position:
            result.conflicts.append(
                f"frame {index}: {fine_frame.position} vs {coarse_frame.position}"
            )
        if len(fine_frame.stack) != len(coarse_frame.stack):
            result.conflicts.append(f"frame {index}: operand stacks differ in height")
    if (fine.exception is None) != (coarse.exception is None):
        result.conflicts.append("only one state throws an exception")
    if fine.class_init != coarse.class_init:
        result.conflicts.append("class initialisation states differ")
    fine_statics = {f for f, _ in fine.static_fields}
    for field_id, _ in coarse.static_fields:
        if field_id not in fine_statics:
            result.conflicts.append(
                f"static field {StaticRoot(field_id)} exists only in the coarse state"
            )


def _count_positions(result: Realization) -> dict[Node, int]:
    """For each inexact node ``(x, a, False)``: the number of *suffixes* (capped at 2) by
    which the positions reaching it leave ``a``'s exact node — paths of the realization
    graph from the exact node of ``a`` through inexact nodes of ``a`` (each first step from
    the exact node starts one).  Positions that reach the exact node of ``a`` from several
    roots and then follow one suffix share ``x`` because they pass through one coarse
    reference, which needs no annotation (thesis Def. 1.10(m): ``s|π̄ ⋀ s|π̄'`` only when
    the prefixes' references differ or the suffixes do).  Exact nodes get 0."""
    counts: dict[Node, int] = {node: 0 for node in result.nodes}
    starts: dict[Node, int] = defaultdict(int)
    predecessors: dict[Node, list[Node]] = defaultdict(list)
    for source, targets in result.edges.items():
        for _, target in targets:
            if target[2]:
                continue
            if source[2]:
                starts[target] += 1  # one step out of the anchor's exact node: a suffix
            else:
                predecessors[target].append(source)
    changed = True
    while changed:
        changed = False
        for node in result.nodes:
            if node[2]:
                continue
            total = min(2, starts[node] + sum(counts[p] for p in predecessors[node]))
            if total != counts[node]:
                counts[node] = total
                changed = True
    return counts


def _check_distinctness(fine: AbstractState, result: Realization) -> None:
    """Def. 9 (g): positions with different values in the fine state must have different
    references in the coarse state."""
    identities: dict[Ref, set[object]] = defaultdict(set)
    for fine_ref, coarse_ref, exact in result.nodes:
        if exact:
            identities[coarse_ref].add(_identity(fine, fine_ref))
    for coarse_ref, seen in identities.items():
        if len(seen) > 1 and coarse_ref != NULL:
            result.conflicts.append(
                f"{coarse_ref} stands for different values {sorted(map(str, seen))}"
            )


def _required_annotations(
    fine: AbstractState, coarse: AbstractState, result: Realization, hierarchy: TypeHierarchy
) -> HeapPredicates:
    """The annotations Def. 9 (h)–(m) requires of ``coarse`` for the realization ``result``
    of ``fine``: ``=?`` pairs, ``⋀`` pairs and ``!`` references among the coarse anchors."""
    equal: set[Pair] = set()
    joins: set[Pair] = set()
    non_tree: set[Ref] = set()
    entries: dict[Ref, list[Node]] = defaultdict(list)
    for node in result.nodes:
        if _is_object(fine, node[0]):
            entries[node[0]].append(node)
    _require_for_positions(fine, result, hierarchy, entries, equal, joins)
    _require_for_fine_annotations(fine, entries, equal, joins, non_tree)
    # (m): non-tree shapes of the fine state that the coarse state does not realize.
    reach_cache: dict[Node, set[Node]] = {}
    for nodes in entries.values():
        for node in nodes:
            if node[1] not in non_tree and _has_unrealized_convergence(
                fine, node, result, reach_cache
            ):
                non_tree.add(node[1])
    return HeapPredicates(
        frozenset(p for p in equal if len(p) == 2), frozenset(joins), frozenset(non_tree)
    )


def _require_for_positions(
    fine: AbstractState,
    result: Realization,
    hierarchy: TypeHierarchy,
    entries: dict[Ref, list[Node]],
    equal: set[Pair],
    joins: set[Pair],
) -> None:
    """(h), (j): one fine object at several positions. Two exact anchors need ``=?`` (and
    ``⋀`` when the object may hide sharing), any other two anchors ``⋀``; an inexact anchor
    of an object reached by two or more suffixes from it joins itself (`_count_positions`)."""
    for fine_ref, nodes in entries.items():
        hides = None  # may_hide_sharing(fine, fine_ref), computed when needed
        for index, first in enumerate(nodes):
            _, anchor, exact = first
            if not exact and result.position_counts[first] >= 2:
                joins.add(pair(anchor, anchor))
            for second in nodes[index + 1 :]:
                _, other_anchor, other_exact = second
                if exact and other_exact:
                    equal.add(pair(anchor, other_anchor))
                    # The fine state holds one object at both positions, so in each of its
                    # concrete states everything below that object that it leaves
                    # unrepresented (entries, absent fields, the contents of an unknown
                    # object) is shared by the two positions with the same suffix — which
                    # needs no annotation in the fine state (thesis Def. 1.10(m)). The
                    # coarse state reaches these successors from two *different* anchors,
                    # so for those concrete states to be its instances too it must allow
                    # the anchors to join (Def. 1.10(m), s|π̄ ≠ s|π̄'); =? alone does not
                    # say that the contents may be shared. Without it ⊑ is not transitive
                    # and an instance edge drops sharing that concrete runs have.
                    if hides is None:
                        hides = may_hide_sharing(fine, fine_ref, hierarchy)
                    if hides:
                        joins.add(pair(anchor, other_anchor))
                else:
                    joins.add(pair(anchor, other_anchor))


def _require_for_fine_annotations(
    fine: AbstractState,
    entries: dict[Ref, list[Node]],
    equal: set[Pair],
    joins: set[Pair],
    non_tree: set[Ref],
) -> None:
    """(i)–(l): the fine state's own annotations carried over to the anchors of their
    references: ``=?`` between exact anchors (``⋀`` otherwise), ``⋀`` and ``!`` as they are."""
    # (i), (j): fine =? annotations.
    for fine_pair in fine.predicates.maybe_equal:
        first_ref, second_ref = tuple(fine_pair)
        for _, anchor, exact in entries.get(first_ref, ()):
            for _, other_anchor, other_exact in entries.get(second_ref, ()):
                if exact and other_exact:
                    if anchor != other_anchor:
                        equal.add(pair(anchor, other_anchor))
                else:
                    joins.add(pair(anchor, other_anchor))
    # (k): fine ⋀ annotations.
    for fine_pair in fine.predicates.joins:
        members = tuple(fine_pair)
        first_ref, second_ref = members[0], members[-1]
        for _, anchor, _ in entries.get(first_ref, ()):
            for _, other_anchor, _ in entries.get(second_ref, ()):
                joins.add(pair(anchor, other_anchor))
    # (l): fine ! annotations.
    for fine_ref in fine.predicates.non_tree:
        for _, anchor, _ in entries.get(fine_ref, ()):
            non_tree.add(anchor)


def _reach(node: Node, result: Realization, cache: dict[Node, set[Node]]) -> set[Node]:
    """Nodes reachable from ``node`` (itself included)."""
    cached = cache.get(node)
    if cached is not None:
        return cached
    seen = {node}
    todo = [node]
    while todo:
        current = todo.pop()
        for _, child in result.edges.get(current, ()):
            if child not in seen:
                seen.add(child)
                todo.append(child)
    cache[node] = seen
    return seen


def _has_unrealized_convergence(
    fine: AbstractState, node: Node, result: Realization, cache: dict[Node, set[Node]]
) -> bool:
    """Def. 9 (m) for one position: do two paths from ``node`` without common first step
    (one may be empty) meet at a fine object where the coarse state does not show the
    meeting explicitly (same exact reference on both paths)?"""
    fine_ref, anchor, exact = node
    children = [child for _, child in result.edges.get(node, ())]
    below: list[set[Node]] = [_reach(child, result, cache) for child in children]
    meeting: dict[Ref, list[int]] = defaultdict(
        list
    )  # fine object -> indices of children reaching it
    for index, reached in enumerate(below):
        for fine_target in {n[0] for n in reached if _is_object(fine, n[0])}:
            meeting[fine_target].append(index)
    for fine_target, indices in meeting.items():
        cyclic = fine_target == fine_ref
        if len(indices) < 2 and not cyclic:
            continue
        seen_nodes = {n for i in indices for n in below[i] if n[0] == fine_target}
        if cyclic:
            seen_nodes.add(node)
        if (
            not exact
            or any(not e for _, _, e in seen_nodes)
            or len({c for _, c, _ in seen_nodes}) > 1
        ):
            return True
    return False
