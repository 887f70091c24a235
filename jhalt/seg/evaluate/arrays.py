"""Arrays: creation, length, loads and stores (thesis §1.6.2-1.6.3, seed 000 §2.2 states
F → G → H).

The array reference is refined to non-null (existence) and to an array value with a
length (realization) first. An access checks ``0 ≤ i < len``: decided by the intervals, by
an integer refinement when one side is a literal, or by the T/F split otherwise; the
evaluation edge records both checks (seed 000: "Whenever an array access succeeds, we
label the corresponding edge by the condition that the used index is ≥ 0 and smaller than
the length"). Arrays created with a small literal length keep their entries; other arrays
do not represent their entries: a load gives a fresh value (for objects: possibly null,
annotated as reachable from the array and possibly equal to anything read from it before,
seed 000 footnote 7) and a store only records that the array may reach the stored object.
A store through an array with possible aliases (``=?``) first refines the equality with
each of them (thesis Fig. 1.25), so that an aliased array's represented entries and
annotations are updated too.
``aastore`` checks that the stored object's runtime type is assignable to the array's
runtime component type (thesis Fig. 1.25): decided from the program hierarchy, else by a
type refinement of the stored object or a boolean split; the failing case throws
``java/lang/ArrayStoreException``.
"""

from __future__ import annotations

from jhalt.bytecode import Instruction
from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState
from jhalt.domains.values import (
    NULL,
    ArrayValue,
    InstanceValue,
    IntValue,
    Ref,
    UnknownValue,
    is_object_value,
    value_type_name,
)
from jhalt.seg.context import EvalContext, Split, StepResult, Stuck
from jhalt.seg.evaluate.branch import holds
from jhalt.seg.evaluate.common import (
    advance,
    bind,
    bind_int,
    default_value_ref,
    interval_of,
    may_be_null,
    split_choice,
    step,
    throw,
)
from jhalt.seg.evaluate.objects import annotate_store, holders
from jhalt.seg.labels import RefineEdge, Relation, check, compute
from jhalt.seg.library import unknown_value
from jhalt.seg.refine import (
    child_annotations,
    possible_runtime_types,
    realize_array,
    refine_equality,
    refine_existence,
    refine_integer,
    refine_type,
    split_relation,
)

NPE = "java/lang/NullPointerException"
AIOOBE = "java/lang/ArrayIndexOutOfBoundsException"
NEGATIVE_SIZE = "java/lang/NegativeArraySizeException"
ARRAY_STORE = "java/lang/ArrayStoreException"
STORE_SPLIT = "store"


def _check_counts(
    ctx: EvalContext, state: AbstractState, ins: Instruction, counts: tuple[str, ...]
) -> StepResult | None:
    """Refine or throw for negative dimension counts; None when all are ≥ 0."""
    for count in counts:
        interval = interval_of(state, count)
        may_be_nonnegative, may_be_negative = holds(">=", interval, Interval.const(0))
        if not may_be_negative:
            continue
        if not may_be_nonnegative:
            return throw(ctx, state, ins, NEGATIVE_SIZE, (check("<", count, 0),))
        parts = [
            (interval.meet(Interval.at_most(-1)), f"{count} < 0", (check("<", count, 0),)),
            (interval.meet(Interval.at_least(0)), f"{count} >= 0", (check(">=", count, 0),)),
        ]
        return refine_integer(ctx, state, count, [(i, c, r) for i, c, r in parts if i is not None])  # type: ignore[misc]
    return None


def evaluate_newarray(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    """newarray, anewarray, multianewarray."""
    assert ins.array_type is not None
    dimensions = ins.dimensions or 1
    counts = tuple(state.peek(dimensions - 1 - k) for k in range(dimensions))
    refined = _check_counts(ctx, state, ins, counts)
    if refined is not None:
        return refined
    popped, _ = state.pop(dimensions)
    length = counts[0]
    length_interval = interval_of(state, length)
    checks = tuple(check(">=", c, 0) for c in counts)
    entries = None
    new_state = popped
    if (
        dimensions == 1
        and length_interval.is_singleton
        and length_interval.value <= ctx.options.max_array_entries
    ):
        new_state, default = default_value_ref(ctx, new_state, ins.array_type[1:])
        entries = (default,) * length_interval.value
    array_value = ArrayValue(ins.array_type, length, entries, exact_type=True)
    new_state, array = bind(ctx, new_state, array_value)
    constraints = checks + (compute("len", length, array),)
    return step(state, ins, advance(new_state.push(array), ins), constraints)


def _array_ready(
    ctx: EvalContext, state: AbstractState, ins: Instruction, array: str
) -> StepResult | None:
    """Null check and realization of the array reference; None when it is an array value."""
    if array == NULL:
        return throw(ctx, state, ins, NPE)
    if may_be_null(state, array):
        return refine_existence(ctx, state, array)
    value = state.heap[array]
    if isinstance(value, UnknownValue):
        if not value.type_name.startswith("["):
            return Stuck(f"array access on {value}")
        return realize_array(ctx, state, array)
    return None


def evaluate_arraylength(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    array = state.peek()
    pending = _array_ready(ctx, state, ins, array)
    if pending is not None:
        return pending
    value = state.heap[array]
    assert isinstance(value, ArrayValue)
    popped, _ = state.pop(1)
    return step(
        state, ins, advance(popped.push(value.length), ins), (compute("len", value.length, array),)
    )


def _index_check(
    ctx: EvalContext, state: AbstractState, ins: Instruction, array: str, index: str
) -> StepResult | tuple[Relation, ...]:
    """Refine/throw until ``0 ≤ index < len(array)`` is decided; the checks when it holds."""
    value = state.heap[array]
    assert isinstance(value, ArrayValue)
    index_interval = interval_of(state, index)
    length_interval = interval_of(state, value.length)
    nonnegative, negative = holds(">=", index_interval, Interval.const(0))
    if not nonnegative:
        return throw(ctx, state, ins, AIOOBE, (check("<", index, 0),))
    if negative:
        parts = [
            (index_interval.meet(Interval.at_most(-1)), f"{index} < 0", (check("<", index, 0),)),
            (index_interval.meet(Interval.at_least(0)), f"{index} >= 0", (check(">=", index, 0),)),
        ]
        return refine_integer(ctx, state, index, parts)  # type: ignore[arg-type]
    bounds = (check(">=", index, 0), check("<", index, value.length))
    out_of_bounds = (check(">=", index, value.length),)
    if isinstance(state.split, tuple) and state.split[0] == state.position:
        if state.split[1]:
            return bounds
        return throw(ctx, state, ins, AIOOBE, out_of_bounds)
    inside, outside = holds("<", index_interval, length_interval)
    if not inside:
        return throw(ctx, state, ins, AIOOBE, out_of_bounds)
    if not outside:
        if value.entries is not None and not index_interval.is_singleton:
            return _split_index(ctx, state, index, index_interval, len(value.entries))
        return bounds
    if length_interval.is_singleton:
        return _split_index(ctx, state, index, index_interval, length_interval.value)
    if index_interval.is_singleton:
        k = index_interval.value
        parts = [
            (
                length_interval.meet(Interval.at_most(k)),
                f"len <= {k}",
                (check("<=", value.length, k),),
            ),
            (
                length_interval.meet(Interval.at_least(k + 1)),
                f"len > {k}",
                (check(">", value.length, k),),
            ),
        ]
        return refine_integer(ctx, state, value.length, [p for p in parts if p[0] is not None])  # type: ignore[misc]
    return split_relation(state, (index, value.length), bounds[1], out_of_bounds[0])


def _split_index(
    ctx: EvalContext, state: AbstractState, index: str, interval: Interval, length: int
) -> StepResult:
    """Integer refinement of an index against a literal length: one case per possible
    position when the entries are represented (else inside/outside)."""
    array_value_entries = length <= ctx.options.max_array_entries
    parts = []
    if array_value_entries:
        for k in range(length):
            if interval.contains(k):
                parts.append((Interval.const(k), f"{index} == {k}", (check("==", index, k),)))
    else:
        inside = interval.meet(Interval(0, length - 1))
        if inside is not None:
            parts.append((inside, f"{index} < {length}", (check("<", index, length),)))
    above = interval.meet(Interval.at_least(length))
    if above is not None:
        parts.append((above, f"{index} >= {length}", (check(">=", index, length),)))
    return refine_integer(ctx, state, index, parts)


def _component_letter(array_type: str, mnemonic: str) -> str:
    component = array_type[1:]
    if component in ("Z", "B", "C", "S", "I", "J"):
        return component
    return {"b": "B", "c": "C", "s": "S", "l": "J"}.get(mnemonic[0], "I")


def evaluate_array_load(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    """iaload … saload."""
    array, index = state.peek(1), state.peek(0)
    pending = _array_ready(ctx, state, ins, array)
    if pending is not None:
        return pending
    checked = _index_check(ctx, state, ins, array, index)
    if not isinstance(checked, tuple):
        return checked
    value = state.heap[array]
    assert isinstance(value, ArrayValue)
    popped, _ = state.pop(2)
    index_interval = interval_of(state, index)
    if value.entries is not None and index_interval.is_singleton:
        entry = value.entries[index_interval.value]
        new_state = popped
    else:
        component = value.component_type
        if ins.mnemonic == "aaload":
            new_state, entry = bind(
                ctx,
                popped,
                unknown_value(
                    component if component[0] in "L[" else "Ljava/lang/Object;",
                    nullable=not value.non_null_entries,
                ),
            )
            new_state = child_annotations(ctx, new_state, array, entry)
        elif ins.mnemonic in ("faload", "daload"):
            new_state, entry = bind(ctx, popped, unknown_value(ins.mnemonic[0].upper()))
        else:
            letter = _component_letter(value.array_type, ins.mnemonic)
            new_state, entry = bind_int(ctx, popped, Interval.of_type(letter), letter)
    constraints = checked + (compute("[]", entry, array, index),)
    return step(state, ins, advance(new_state.push(entry), ins), constraints)


def _store_check(
    ctx: EvalContext, state: AbstractState, array: Ref, stored: Ref
) -> bool | StepResult:
    """Whether the (non-null) ``stored`` object's runtime type is assignable to the runtime
    component type of ``array`` (JVMS §6.5 aastore; thesis Fig. 1.25: a type refinement,
    or a boolean split when the types cannot be made precise). The array value's type is
    only an upper bound of its runtime type (a merge or realization generalizes it), so
    every subtype of its component type is considered; a refinement of ``stored`` to its
    possible exact classes comes first."""
    chosen = split_choice(state, STORE_SPLIT)
    if chosen is not None:
        return bool(chosen)
    array_value = state.heap[array]
    assert isinstance(array_value, ArrayValue)
    component = array_value.component_type
    component_type = component[1:-1] if component.startswith("L") else component
    stored_value = state.heap[stored]
    stored_type = value_type_name(stored_value)
    components: frozenset[str] | None = frozenset({component_type})
    if not array_value.exact_type:
        components = possible_runtime_types(ctx, component_type)
    if components is not None and all(ctx.hierarchy.is_subtype(stored_type, c) for c in components):
        return True  # every runtime type of stored is below every possible component type
    if isinstance(stored_value, InstanceValue):
        stored_types: frozenset[str] | None = frozenset({stored_type})
    else:
        stored_types = possible_runtime_types(
            ctx, stored_type, instantiable_only=not stored_type.startswith("[")
        )
    if components is not None and stored_types is not None:
        fits = {t: [ctx.hierarchy.is_subtype(t, c) for c in components] for t in stored_types}
        if not any(any(row) for row in fits.values()):
            return False
        if all(all(row) for row in fits.values()):
            return True
        if (
            isinstance(stored_value, UnknownValue)
            and not stored_type.startswith("[")
            and len(stored_types) > 1
        ):
            return refine_type(ctx, state, stored, sorted(stored_types))
    holds = RefineEdge("type", (stored, array), "assignable to the component type")
    fails = RefineEdge("type", (stored, array), "not assignable: ArrayStoreException")
    # the tag keeps this split apart from the index check's T/F split at the same position
    # (a truthy split result there means "in bounds", which holds in both cases here)
    return Split(
        (
            (holds, state.with_split((state.position, STORE_SPLIT, True))),
            (fails, state.with_split((state.position, STORE_SPLIT, False))),
        )
    )


def evaluate_array_store(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    """iastore … sastore; aastore also checks the stored object's type (see module doc)."""
    array, index, stored = state.peek(2), state.peek(1), state.peek(0)
    pending = _array_ready(ctx, state, ins, array)
    if pending is not None:
        return pending
    partners = sorted(state.predicates.equal_partners(array))
    if partners:
        # the store writes the partner too when the two are one array (its represented
        # entries, what it reaches): decide equality first, as putfield does
        return refine_equality(ctx, state, array, partners[0])
    if ins.mnemonic == "aastore" and stored != NULL and may_be_null(state, stored):
        return refine_existence(ctx, state, stored)
    checked = _index_check(ctx, state, ins, array, index)
    if not isinstance(checked, tuple):
        return checked
    value = state.heap[array]
    assert isinstance(value, ArrayValue)
    if ins.mnemonic == "aastore" and stored != NULL:
        assignable = _store_check(ctx, state, array, stored)
        if not isinstance(assignable, bool):
            return assignable
        if not assignable:
            return throw(ctx, state, ins, ARRAY_STORE, checked)
    popped, _ = state.pop(3)
    index_interval = interval_of(state, index)
    new_state = popped
    if value.entries is not None:
        assert index_interval.is_singleton
        stored_value = stored
        stored_heap = state.heap.get(stored)
        if isinstance(stored_heap, IntValue) and ins.mnemonic in ("bastore", "castore", "sastore"):
            letter = _component_letter(value.array_type, ins.mnemonic)
            if not stored_heap.interval.fits_type(letter):
                new_state, stored_value = bind_int(ctx, new_state, Interval.of_type(letter), letter)
        new_state = new_state.with_value(
            array, value.with_entry(index_interval.value, stored_value)
        )
    elif stored == NULL and value.non_null_entries:  # an entry may be null from now on
        new_state = new_state.with_value(
            array, ArrayValue(value.array_type, value.length, exact_type=value.exact_type)
        )
    elif stored != NULL and is_object_value(state.heap[stored]):
        # the array now reaches stored: it may join stored and everything else that may
        # reach stored (once stored itself is garbage, that sharing must stay visible)
        predicates = new_state.predicates.with_join(array, stored)
        for holder in sorted(holders(state, stored)):
            if holder != array and holder in new_state.heap:
                predicates = predicates.with_join(array, holder)
        if state.predicates.may_be_non_tree(stored):
            predicates = predicates.with_non_tree(array)
        new_state = new_state.with_predicates(predicates)
    if stored != NULL and is_object_value(state.heap[stored]):
        # as for putfield (thesis Def. 1.43): predecessors of the array now reach stored,
        # and a stored object that reaches the array closes a cycle (no entry is skipped
        # when the entries are not represented: -1 names none)
        written = index_interval.value if value.entries is not None else -1
        new_state = annotate_store(new_state, array, stored, written)
    constraints = checked + (Relation("[]=", None, (array, index, stored)),)
    return step(state, ins, advance(new_state, ins), constraints)
