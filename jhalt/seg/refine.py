"""Refinements: case analyses that make a state precise enough to evaluate (thesis §1.4,
seed 000 §2.2 "integer refinement", "instance refinement").

Every refinement returns a :class:`~jhalt.seg.context.Split` whose cases together
represent every concrete state of the input (the soundness condition of thesis Def. 1.17).
Refined references are replaced by fresh names (single static assignment, seed 000 §2.2);
the :class:`~jhalt.seg.labels.RefineEdge` of each case records the replacement.

* :func:`refine_integer` — split an interval into parts (thesis Def. 1.19);
* :func:`split_relation` — the T/F split of seed 000 §2.3 for relations between two
  unknown integers (thesis Def. 1.18 boolean split): the state is unchanged, its split
  result records which outcome this case takes;
* :func:`refine_existence` — null or non-null (thesis Def. 1.20);
* :func:`refine_type` — the possible exact classes of an unknown object (Def. 1.21);
  :func:`possible_runtime_types` lists them (and the runtime types of arrays);
* :func:`realize_field` — give an instance a field value (Def. 1.22);
* :func:`realize_array` — an unknown non-null array becomes an array value with a length;
* :func:`refine_equality` — ``r =? q`` becomes ``r = q`` or ``r ≠ q`` (§1.4.6).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jhalt.classfile.model import Access
from jhalt.domains.correspondence import may_hide_sharing
from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState, successors
from jhalt.domains.values import (
    NULL,
    ArrayValue,
    HeapValue,
    InstanceValue,
    IntValue,
    Ref,
    UnknownValue,
    is_object_value,
    value_type_name,
)
from jhalt.errors import JhaltError
from jhalt.ids import FieldId
from jhalt.seg.alias_types import may_be_same_object
from jhalt.seg.context import EvalContext, Split, Stuck
from jhalt.seg.labels import RefineEdge, Relation
from jhalt.seg.library import prefix_for, unknown_value


def replace_ref(
    ctx: EvalContext, state: AbstractState, old: Ref, value: HeapValue
) -> tuple[AbstractState, Ref]:
    """Replace every occurrence of ``old`` by a fresh reference bound to ``value``
    (annotations of ``old`` move to the new name)."""
    new = ctx.fresh(prefix_for(value))
    renamed = state.renamed({old: new})
    return renamed.with_value(new, value), new


def refine_integer(
    ctx: EvalContext,
    state: AbstractState,
    reference: Ref,
    parts: Sequence[tuple[Interval, str, tuple[Relation, ...]]],
) -> Split:
    """One case per ``(interval, case name, assumed relations)``; the intervals must cover
    the current interval of ``reference`` (checked)."""
    value = state.heap[reference]
    assert isinstance(value, IntValue)
    covered = parts[0][0]
    for interval, _, _ in parts[1:]:
        covered = covered.join(interval)
    if not value.interval.is_subset_of(covered):
        raise AssertionError(f"integer refinement of {reference} does not cover {value.interval}")
    cases = []
    for interval, case, assumed in parts:
        refined, new = replace_ref(ctx, state, reference, IntValue(interval, value.type_letter))
        renamed_assumed = tuple(_rename_relation(r, reference, new) for r in assumed)
        cases.append(
            (
                RefineEdge("integer", (reference,), case, renamed_assumed, ((reference, new),)),
                refined,
            )
        )
    return Split(tuple(cases))


def _rename_relation(relation: Relation, old: Ref, new: Ref) -> Relation:
    args = tuple(new if a == old else a for a in relation.args)
    result = new if relation.result == old else relation.result
    return Relation(relation.op, result, args)


def split_relation(
    state: AbstractState, refs: tuple[Ref, ...], holds: Relation, fails: Relation
) -> Split:
    """The T/F split of seed 000 §2.3 (states O → P, Q): both cases keep the values; the
    split result ``(pc, True/False)`` tells the next evaluation step which way to go."""
    position = state.position
    true_case = (RefineEdge("relation", refs, "T", (holds,)), state.with_split((position, True)))
    false_case = (RefineEdge("relation", refs, "F", (fails,)), state.with_split((position, False)))
    return Split((true_case, false_case))


def refine_existence(ctx: EvalContext, state: AbstractState, reference: Ref) -> Split:
    """``reference`` (an unknown, possibly null object) is null, or a non-null object of
    its type (thesis Def. 1.20)."""
    value = state.heap[reference]
    assert isinstance(value, UnknownValue)
    null_state = state.renamed({reference: NULL})
    non_null, new = replace_ref(
        ctx, state, reference, UnknownValue(value.type_name, nullable=False)
    )
    return Split(
        (
            (
                RefineEdge("existence", (reference,), "null", renaming=((reference, NULL),)),
                null_state,
            ),
            (
                RefineEdge("existence", (reference,), "non-null", renaming=((reference, new),)),
                non_null,
            ),
        )
    )


@dataclass(frozen=True)
class InstanceClasses:
    """The runtime classes an object of some type may have: ``classes`` the non-abstract
    program classes that are certainly subtypes; ``left_out`` the (class, missing class)
    pairs of program classes whose ancestry reaches a missing class, which may be subtypes
    too — none for a final type (JVM spec §5.3.5)."""

    classes: list[str]
    left_out: tuple[tuple[str, str], ...]

    def left_out_reason(self, type_name: str) -> Stuck | None:
        """Why the cases of ``classes`` may not be all (None when they are)."""
        if not self.left_out:
            return None
        pairs = sorted({(c.replace("/", "."), m.replace("/", ".")) for c, m in self.left_out})
        listed = ", ".join(f"{c} ({m})" for c, m in pairs[:3])
        more = f" and {len(pairs) - 3} more" if len(pairs) > 3 else ""
        return Stuck(
            f"an object of type {type_name.replace('/', '.')} may also be of a class whose "
            f"supertype is missing: {listed}{more}",
            "missing-class",
        )


def instance_classes(ctx: EvalContext, type_name: str) -> InstanceClasses | None:
    """The runtime classes of an object of type ``type_name`` (`InstanceClasses`); None when
    they are not known (library subtypes, or ``type_name`` itself cannot be read).

    A program class ``D`` whose ancestry reaches a missing class ``M`` is *left out* of the
    cases, not a reason to give up: ``D`` is a subtype of ``type_name`` only if ``M`` is one,
    which nothing here decides, so the case "the object is a ``D``" stays undecided (an
    incomplete part of the graph, `Split.left_out`) while the known classes are explored.
    Assumption: a class that is not on the classpath and that no program class names as
    a supertype is not a runtime class (the classpath is the program, as everywhere)."""
    program = ctx.program
    try:
        scan = program.subtypes(type_name, include_library=False)
        names = [type_name, *scan.known]
        result = []
        for name in dict.fromkeys(names):
            cls = program.lookup(name)
            if cls.is_interface or cls.is_abstract:
                continue
            if not ctx.is_program_class(name):
                return None
            result.append(name)
        return InstanceClasses(sorted(result), scan.undetermined)
    except JhaltError:
        return None


def concrete_classes(ctx: EvalContext, type_name: str) -> list[str] | None:
    """The non-abstract program classes that are subtypes of ``type_name`` (itself
    included); None when the set is not known (library subtypes, missing classes)."""
    found = instance_classes(ctx, type_name)
    if found is None or found.left_out:
        return None
    return found.classes


def possible_runtime_types(
    ctx: EvalContext, type_name: str, instantiable_only: bool = False
) -> frozenset[str] | None:
    """The runtime types a value whose (upper bound) type is ``type_name`` may have:
    ``type_name`` and its subtypes (JLS §4.10; ``[A`` ≤ ``[B`` iff A ≤ B for reference
    components). Class names are internal (``a/B``), array types descriptors (``[La/B;``).
    With ``instantiable_only`` (the runtime class of an object) abstract classes and
    interfaces are left out; an array component type may be any type. None when the set
    is not known: a non-final library type, or a program type whose subtypes cannot all
    be decided."""
    if type_name.startswith("["):
        component = type_name[1:]
        if not component.startswith(("L", "[")):
            return frozenset({type_name})  # arrays of primitives have no proper subtypes
        inner = possible_runtime_types(
            ctx, component[1:-1] if component.startswith("L") else component
        )
        if inner is None:
            return None
        return frozenset("[" + (t if t.startswith("[") else f"L{t};") for t in inner)
    program = ctx.program
    try:
        classfile = program.lookup(type_name)
        if not ctx.is_program_class(type_name):
            if classfile.access & Access.FINAL and not classfile.is_interface:
                return frozenset({type_name})
            return None
        scan = program.subtypes(type_name, include_library=False)
        if scan.undetermined:
            return None
        result = set()
        for name in (type_name, *scan.known):
            cls = program.lookup(name)
            if instantiable_only and (cls.is_interface or cls.is_abstract):
                continue
            result.add(name)
        return frozenset(result)
    except JhaltError:
        return None


def refine_type(
    ctx: EvalContext,
    state: AbstractState,
    reference: Ref,
    classes: Sequence[str],
    left_out: Stuck | None = None,
) -> Split | Stuck:
    """A non-null unknown object becomes an instance of exactly one of ``classes`` (with
    no field represented); the classes must be all its possible runtime classes, except
    those ``left_out`` says are not decided (`Split.left_out`)."""
    value = state.heap[reference]
    assert isinstance(value, UnknownValue) and not value.nullable
    if not classes:
        if left_out is not None:
            return left_out
        return Stuck(f"no concrete class implements {value.type_name}", "unsupported")
    if len(classes) > ctx.options.max_type_cases:
        return Stuck(f"{len(classes)} possible classes for {value.type_name}", "limit")
    cases = []
    for class_name in classes:
        refined, new = replace_ref(ctx, state, reference, InstanceValue(class_name, ()))
        cases.append(
            (
                RefineEdge(
                    "type", (reference,), class_name.replace("/", "."), renaming=((reference, new),)
                ),
                refined,
            )
        )
    if left_out is None:
        return Split(tuple(cases))
    other = RefineEdge("type", (reference,), "a class whose supertype is missing")
    return Split(tuple(cases), (other, left_out))


def realize_array(ctx: EvalContext, state: AbstractState, reference: Ref) -> Split:
    """A non-null unknown array becomes an array value with an unknown length ≥ 0."""
    value = state.heap[reference]
    assert isinstance(value, UnknownValue) and value.type_name.startswith("[")
    state, length = _bind(ctx, state, IntValue(Interval.at_least(0), "I"))
    refined, new = replace_ref(ctx, state, reference, ArrayValue(value.type_name, length))
    return Split(
        ((RefineEdge("realization", (reference,), "array", renaming=((reference, new),)), refined),)
    )


def _bind(ctx: EvalContext, state: AbstractState, value: HeapValue) -> tuple[AbstractState, Ref]:
    reference = ctx.fresh(prefix_for(value))
    return state.with_value(reference, value), reference


def child_annotations(
    ctx: EvalContext, state: AbstractState, parent: Ref, child: Ref
) -> AbstractState:
    """Annotate a freshly realized object ``child`` reached from ``parent`` (thesis
    Def. 1.22): it may equal and join whatever ``parent`` may join or equal (and
    ``parent`` itself when ``parent`` may be non-tree), and inherits non-tree shape.
    ``=?`` is only added where the types allow one object to be both
    (:func:`jhalt.seg.alias_types.may_be_same_object`); the joins are kept regardless.

    ``parent ⋀ child`` itself is added when ``child`` is not a represented successor of
    ``parent`` (an entry read from an array without entries: the array still reaches it
    through an unrepresented position) or when ``parent`` may still hide sharing in parts
    it does not represent (:func:`jhalt.domains.correspondence.may_hide_sharing`: other
    unrealized reference fields; kept although thesis Def. 1.22 does without it). When the
    realized field is the last unrepresented part of ``parent``, the annotation says
    nothing that Def. 1.10 needs: every position below ``parent`` other than ``parent``
    itself now passes through ``child``'s exact position, so the only way for ``parent``
    and ``child`` to meet through unrepresented parts is a cycle back to ``parent``, which
    an instance of the unrefined state only has if ``parent ⋀ parent`` and ``parent!``
    (Def. 1.10(n)) — and then ``parent`` is among the partners above, which adds the join.
    Without this, a node taken off a list keeps a spurious join to the rest of the list
    after its field is overwritten (``z = x; x = x.n; z.n = y``: list reversal).

    ``child =? a`` for ``parent`` or an object ``a`` that reaches ``parent`` through
    represented fields is added only when ``parent`` may be non-tree (``parent!``): the
    field would close a cycle through the part of ``parent`` that is not represented, which
    needs ``parent!`` (thesis Def. 1.10(m)); ``parent ⋀ parent`` alone is a DAG — the
    reading `jhalt.analyses.termination.sizes` relies on as well."""
    predicates = state.predicates
    child_value = state.heap.get(child)
    if child_value is None or not is_object_value(child_value):
        return state
    partners = set(predicates.join_partners(parent)) | predicates.equal_partners(parent)
    ancestors = _ancestors(state, parent)
    if predicates.may_be_non_tree(parent):
        partners.add(parent)
        predicates = predicates.with_non_tree(child)
    if predicates.may_join(parent, parent):
        partners.add(parent)
    cycle_free = not predicates.may_be_non_tree(parent)
    for partner in sorted(partners - {child, NULL}):
        for other, other_value in _with_children(state, partner):
            predicates = predicates.with_join(child, other)
            if cycle_free and other in ancestors:
                continue  # equal to it, the field would close a cycle (docstring)
            if may_be_same_object(ctx, child_value, other_value):
                predicates = predicates.with_maybe_equal(child, other)
    if partners & {parent} and predicates.may_join(parent, parent):
        predicates = predicates.with_join(child, child)
    if not _is_explicit_child(state, parent, child) or may_hide_sharing(
        state, parent, ctx.hierarchy
    ):
        predicates = predicates.with_join(parent, child)
    return state.with_predicates(predicates)


def _with_children(state: AbstractState, reference: Ref) -> list[tuple[Ref, HeapValue]]:
    """``reference`` and its represented object children, with their values (objects only)."""
    value = state.heap.get(reference)
    if value is None or not is_object_value(value):
        return []
    found: list[tuple[Ref, HeapValue]] = [(reference, value)]
    for _, child in value.fields if isinstance(value, InstanceValue) else ():
        child_value = state.heap.get(child)
        if child != NULL and child_value is not None and is_object_value(child_value):
            found.append((child, child_value))
    return found


def _ancestors(state: AbstractState, target: Ref) -> set[Ref]:
    """``target`` and the references that reach it through represented fields."""
    parents: dict[Ref, list[Ref]] = {}
    for reference, value in state.heap.items():
        for _, child in successors(value):
            parents.setdefault(child, []).append(reference)
    found, todo = {target}, [target]
    while todo:
        for parent in parents.get(todo.pop(), ()):
            if parent not in found:
                found.add(parent)
                todo.append(parent)
    return found


def _is_explicit_child(state: AbstractState, parent: Ref, child: Ref) -> bool:
    """Whether ``child`` is a represented successor of ``parent`` (a realized field, a
    listed entry) rather than a value read from a part of ``parent`` that stays
    unrepresented (an entry of an array without entries, seed 000 §2: ``a ⋀ o``)."""
    return any(target == child for _, target in successors(state.heap.get(parent)))


def realize_field(
    ctx: EvalContext, state: AbstractState, reference: Ref, field_id: FieldId
) -> Split:
    """Give instance ``reference`` a value for ``field_id``: any value of the field's type
    (objects possibly null, unless the field is one of ``EvalOptions.non_null_fields``,
    `jhalt.seg.field_invariants`; of the narrowed type of ``EvalOptions.field_types``, or
    null where that says "always null", `jhalt.seg.field_types`), annotated as reachable
    from the instance (thesis Def. 1.22)."""
    value = state.heap[reference]
    assert isinstance(value, InstanceValue)
    nullable = field_id not in ctx.options.non_null_fields
    descriptor = field_id.descriptor
    if field_id in ctx.options.field_types:
        narrowed = ctx.options.field_types[field_id]
        if narrowed is None and nullable:
            state = state.with_value(reference, value.with_field(field_id, NULL))
            return Split(((RefineEdge("realization", (reference,), field_id.name), state),))
        if narrowed is not None:
            descriptor = narrowed if narrowed.startswith("[") else f"L{narrowed};"
    state, child = _bind(ctx, state, unknown_value(descriptor, nullable))
    state = state.with_value(reference, value.with_field(field_id, child))
    state = child_annotations(ctx, state, reference, child)
    return Split(((RefineEdge("realization", (reference,), field_id.name), state),))


def refine_equality(ctx: EvalContext, state: AbstractState, reference: Ref, partner: Ref) -> Split:
    """``reference =? partner`` becomes ``reference = partner`` or ``reference ≠ partner``
    (the annotation is dropped). In the equal case one name replaces the other; the kept
    value is the more realized one (an over-approximation of the intersection of thesis
    §1.5), and of two instances it also takes the fields only the dropped one represents
    (one object has one value per field); children of the dropped value that are not kept
    are annotated as possibly joining it.
    When the types of the two values exclude one object being both
    (:func:`jhalt.seg.alias_types.may_be_same_object`), the equal case represents no
    concrete state and only the distinct case is produced."""
    predicates = state.predicates
    distinct = state.with_predicates(
        type(predicates)(
            predicates.maybe_equal - {frozenset((reference, partner))},
            predicates.joins,
            predicates.non_tree,
        )
    )
    distinct_case = (RefineEdge("equality", (reference, partner), "distinct"), distinct)
    if not may_be_same_object(ctx, state.heap.get(reference), state.heap.get(partner)):
        return Split((distinct_case,))
    keep, drop = partner, reference
    if isinstance(state.heap.get(reference), (InstanceValue, ArrayValue)) and isinstance(
        state.heap.get(partner), UnknownValue
    ):
        keep, drop = reference, partner
    dropped_value = state.heap.get(drop)
    kept_value = state.heap.get(keep)
    equal = state.with_heap(state.heap.without([drop]))
    lost: list[Ref] = []
    if isinstance(dropped_value, InstanceValue) and isinstance(kept_value, InstanceValue):
        # one object: a field only the dropped value represents is a field of the kept one
        kept_fields = kept_value.field_map()
        for field_id, child in dropped_value.fields:
            if field_id not in kept_fields:
                kept_fields[field_id] = child
            elif kept_fields[field_id] != child:
                lost.append(child)
        equal = equal.with_value(keep, InstanceValue.of(kept_value.class_name, kept_fields))
    elif isinstance(dropped_value, (InstanceValue, ArrayValue)):
        lost = [child for _, child in successors(dropped_value)]
    lost_objects = [c for c in lost if c in equal.heap and is_object_value(equal.heap[c])]
    if lost_objects:
        extra = equal.predicates.with_non_tree(keep)
        for child in lost_objects:
            extra = extra.with_join(keep, child)
        equal = equal.with_predicates(extra)
    equal = _without_excluded_equalities(equal, drop, keep).renamed({drop: keep})
    return Split(
        (
            (
                RefineEdge("equality", (reference, partner), "equal", renaming=((drop, keep),)),
                equal,
            ),
            distinct_case,
        )
    )


def fits_field_type(
    ctx: EvalContext, state: AbstractState, stored: Ref, narrowed: str | None
) -> bool:
    """Whether every value ``stored`` may denote is null or of type ``narrowed`` (None:
    null only), judged by its (upper bound) type: the check of `EvalOptions.field_types` at a
    ``putfield`` (`jhalt.seg.field_types`). A type the hierarchy cannot decide does not fit."""
    if stored == NULL:
        return True
    value = state.heap.get(stored)
    if narrowed is None or value is None or not is_object_value(value):
        return False
    return ctx.hierarchy.is_subtype(value_type_name(value), narrowed)


def _without_excluded_equalities(state: AbstractState, drop: Ref, keep: Ref) -> AbstractState:
    """The equal case of ``drop =? keep`` before ``drop`` is renamed to ``keep``: one object
    is possibly equal to ``x`` only when both names were — a reference ``x`` with ``x =?
    drop`` but not ``x =? keep`` is certainly not ``keep``'s object (distinct names without
    ``=?`` denote distinct objects, seed 000 §2.1), so it is not the one object either, and
    the same with the names swapped. So the ``=?`` partners of the merged name are those
    the two names share. (Without this, a write through a possibly aliased reference made
    two objects known to be distinct possibly equal, and a list's ``p.next == c`` was lost
    at the next write of ``o.next``: Kernel95.)"""
    predicates = state.predicates
    names = {drop, keep}
    shared = predicates.equal_partners(drop) & predicates.equal_partners(keep)
    excluded = {
        pair_
        for pair_ in predicates.maybe_equal
        if len(pair_ & names) == 1 and not (pair_ - names) <= shared
    }
    if not excluded:
        return state
    return state.with_predicates(
        type(predicates)(predicates.maybe_equal - excluded, predicates.joins, predicates.non_tree)
    )
