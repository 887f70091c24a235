"""Objects and fields: new, getfield, putfield, getstatic, putstatic, checkcast,
instanceof (thesis §1.6; refinements per thesis Fig. 1.25: GETFIELD needs existence and
realization, PUTFIELD also equality, CHECKCAST existence and type).

``new C`` creates an instance listing every instance field declared by C and its program
superclasses with the default value (seed 000 §2.1: concrete instances list all fields;
fields of JDK superclasses are not represented, i.e. unknown). A field read on an unknown
object first refines it to null / non-null, then to its possible exact classes, then
realizes the field. A field write on an object that other references may reach through
unrepresented parts records that those may now reach the stored value. A write on an
object with possible aliases (``=?``) is a weak update
(:mod:`jhalt.seg.evaluate.weak_store`) where that represents every outcome, and an
equality refinement otherwise.
"""

from __future__ import annotations

from jhalt.bytecode import Instruction
from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState, reachable_objects, successors
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
from jhalt.errors import JhaltError
from jhalt.ids import FieldId
from jhalt.program.resolution import LinkageFailure
from jhalt.seg.context import FIELD_TYPE, INVARIANT, EvalContext, StepResult, Stuck
from jhalt.seg.environment import STANDARD_INPUT
from jhalt.seg.evaluate.classinit import initialization_step
from jhalt.seg.evaluate.common import (
    advance,
    bind,
    bind_int,
    default_value_ref,
    int_letter,
    may_be_null,
    step,
    throw,
)
from jhalt.seg.evaluate.complete_joins import refuted_joins_dropped
from jhalt.seg.evaluate.static_constants import initial_value, standard_stream_kept
from jhalt.seg.evaluate.weak_store import weak_field_store
from jhalt.seg.labels import check
from jhalt.seg.library import unknown_value
from jhalt.seg.refine import (
    concrete_classes,
    fits_field_type,
    instance_classes,
    possible_runtime_types,
    realize_field,
    refine_equality,
    refine_existence,
    refine_type,
    split_relation,
)

NPE = "java/lang/NullPointerException"
CLASS_CAST = "java/lang/ClassCastException"
ASSERTIONS_DISABLED = "$assertionsDisabled"
"""javac's synthetic static field of a class with ``assert`` statements (`EvalOptions.assertions`)."""


def instance_fields(ctx: EvalContext, class_name: str) -> list[FieldId]:
    """Instance fields declared by ``class_name`` and its program superclasses."""
    result: list[FieldId] = []
    current: str | None = class_name
    while current is not None and ctx.is_program_class(current):
        classfile = ctx.program.lookup(current)
        result.extend(
            FieldId(current, f.name, f.descriptor) for f in classfile.fields if not f.is_static
        )
        current = classfile.super_name
    return result


def evaluate_new(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    pending = initialization_step(ctx, state, ins)
    if pending is not None:
        return pending
    assert ins.class_name is not None
    new_state = state
    fields: dict[FieldId, Ref] = {}
    for field_id in instance_fields(ctx, ins.class_name):
        new_state, fields[field_id] = default_value_ref(ctx, new_state, field_id.descriptor)
    new_state, reference = bind(ctx, new_state, InstanceValue.of(ins.class_name, fields))
    return step(state, ins, advance(new_state.push(reference), ins))


def _resolve_field(ctx: EvalContext, ins: Instruction) -> FieldId | Stuck:
    member = ins.member
    try:
        return ctx.program.resolve_field(member.owner, member.name, member.descriptor).id
    except LinkageFailure as failure:
        return Stuck(f"linkage error {failure.error_class}: {failure.message}")
    except JhaltError as error:
        return Stuck(str(error), "missing-class")


def _object_ready(
    ctx: EvalContext, state: AbstractState, ins: Instruction, reference: Ref, field_id: FieldId
) -> StepResult | None:
    """Null check, existence and type refinement of the object a field is accessed on."""
    if reference == NULL:
        return throw(ctx, state, ins, NPE)
    if may_be_null(state, reference):
        return refine_existence(ctx, state, reference)
    value = state.heap[reference]
    if isinstance(value, UnknownValue):
        found = instance_classes(ctx, field_id.class_name)
        if found is None:
            return Stuck(f"the classes that inherit {field_id} are not known", "unsupported")
        classes = [c for c in found.classes if ctx.hierarchy.is_subtype(c, value.type_name)]
        left_out = found.left_out_reason(field_id.class_name)
        return refine_type(ctx, state, reference, classes, left_out)
    if not isinstance(value, InstanceValue):
        return Stuck(f"field access {field_id} on {value}")
    return None


def evaluate_getfield(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    field_id = _resolve_field(ctx, ins)
    if isinstance(field_id, Stuck):
        return field_id
    reference = state.peek()
    pending = _object_ready(ctx, state, ins, reference, field_id)
    if pending is not None:
        return pending
    value = state.heap[reference]
    assert isinstance(value, InstanceValue)
    content = value.field(field_id)
    if content is None:
        if not ctx.is_program_class(field_id.class_name):
            popped, _ = state.pop(1)
            new_state, content = bind(ctx, popped, unknown_value(field_id.descriptor))
            return step(
                state,
                ins,
                advance(new_state.push(content), ins),
                (),
                (f"JDK field {field_id} is read as unknown",),
            )
        return realize_field(ctx, state, reference, field_id)
    popped, _ = state.pop(1)
    return step(state, ins, advance(popped.push(content), ins))


def evaluate_putfield(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    field_id = _resolve_field(ctx, ins)
    if isinstance(field_id, Stuck):
        return field_id
    if field_id in ctx.options.non_null_fields and may_be_null(state, state.peek()):
        return Stuck(f"null may be stored into {field_id}, assumed non-null", INVARIANT)
    if field_id in ctx.options.field_types and not fits_field_type(
        ctx, state, state.peek(), ctx.options.field_types[field_id]
    ):
        return Stuck(f"a value of another type may be stored into {field_id}", FIELD_TYPE)
    reference = state.peek(1)
    pending = _object_ready(ctx, state, ins, reference, field_id)
    if pending is not None:
        return pending
    partners = sorted(state.predicates.equal_partners(reference))
    if partners:
        weak = weak_field_store(
            ctx, state, field_id, partners, lambda s: _strong_store(ctx, s, field_id)
        )
        if weak is not None:
            return step(state, ins, advance(weak, ins))
        return refine_equality(ctx, state, reference, partners[0])
    return step(state, ins, advance(_strong_store(ctx, state, field_id), ins))


def _strong_store(ctx: EvalContext, state: AbstractState, field_id: FieldId) -> AbstractState:
    """``state`` after ``putfield field_id`` (object and value on the stack) on a realized
    instance, other aliases of which are not considered (thesis Def. 1.43)."""
    reference = state.peek(1)
    value = state.heap[reference]
    assert isinstance(value, InstanceValue)
    popped, (_, stored) = state.pop(2)
    new_state, stored_ref = _fit_to_field(ctx, popped, stored, field_id.descriptor)
    new_state = new_state.with_value(reference, value.with_field(field_id, stored_ref))
    annotated = annotate_store(new_state, reference, stored_ref, field_id)
    return refuted_joins_dropped(annotated, reference, lambda name: _all_fields(ctx, name))


def _all_fields(ctx: EvalContext, class_name: str) -> frozenset[FieldId] | None:
    """The instance fields of ``class_name`` when every superclass up to
    ``java/lang/Object`` is a program class (all its fields are then represented by
    ``new``), else None (`complete_joins`)."""
    current: str | None = class_name
    while current is not None and current != "java/lang/Object":
        if not ctx.is_program_class(current):
            return None
        current = ctx.program.lookup(current).super_name
    return frozenset(instance_fields(ctx, class_name))


def _fit_to_field(
    ctx: EvalContext, state: AbstractState, stored: Ref, descriptor: str
) -> tuple[AbstractState, Ref]:
    """A value stored into a boolean/byte/char/short field is truncated (JVMS §6.5
    putfield: int values are narrowed); keep it when it already fits."""
    value = state.heap.get(stored) if stored != NULL else None
    if (
        isinstance(value, IntValue)
        and descriptor in ("Z", "B", "C", "S")
        and not value.interval.fits_type(descriptor)
    ):
        return bind_int(ctx, state, Interval.of_type(descriptor), descriptor)
    return state, stored


def _may_reach(
    state: AbstractState, start: Ref, skipped: tuple[Ref, FieldId | int] | None = None
) -> set[Ref]:
    """Object references that ``start`` may reach (itself included): through fields and
    entries, and through ``=?`` and ``⋀`` partners (a join is symmetric, so a partner may
    be reached; thesis Def. 1.41/1.42, closed transitively as an over-approximation).
    ``skipped = (r, f)`` ignores the edge from ``r`` through field ``f``: the reach of an
    object apart from the field just written."""

    def follow(current: Ref) -> list[Ref]:
        children = [
            child
            for step_, child in successors(state.heap.get(current))
            if skipped is None or (current, step_) != skipped
        ]
        children.extend(state.predicates.join_partners(current))
        children.extend(state.predicates.equal_partners(current))
        return children

    return set(reachable_objects(state, [start], follow))


def annotate_store(
    state: AbstractState, target: Ref, stored: Ref, written: FieldId | int
) -> AbstractState:
    """Heap predicates after ``target.written = stored`` (thesis Def. 1.43); ``state`` is
    the state after the write.

    (i) every abstract predecessor of ``target`` (a reference that may reach it through
    unrepresented parts) may now reach ``stored`` and its successors: joins;
    (ii-v) if ``stored`` reaches a possibly non-tree part, so do ``target`` and its
    predecessors; (vi) if ``target`` already reached (apart from the written field) what
    ``stored`` reaches, that part is now reached twice: non-tree; (vii) if ``stored``
    reaches ``target``, the write closes a cycle. A fresh ``target`` that nothing reaches
    and that reaches nothing else therefore gets no annotation (seed 000 §2.1: a list built
    by prepending fresh nodes stays acyclic)."""
    stored_value = state.heap.get(stored) if stored != NULL else None
    if stored_value is None or not is_object_value(stored_value):
        return state
    predicates = state.predicates
    closure = _reaching_closure(state, target)
    reaching = set(closure) - {target}
    # the target itself is an abstract predecessor when it may reach itself through an
    # annotation (a cycle through its unrepresented part): it then reaches stored that way too
    abstract_reaching = {r for r, through_annotation in closure.items() if through_annotation}
    stored_reach = _may_reach(state, stored)
    reached = {stored} | stored_reach
    # (i) explicit predecessors now reach stored explicitly; only abstract ones need ⋀
    for holder in sorted(abstract_reaching):
        for reference in sorted(reached):
            if reference != holder:
                predicates = predicates.with_join(holder, reference)
    if any(predicates.may_be_non_tree(r) for r in reached):
        # (ii-v) target and whatever reaches it now reach a possibly non-tree part
        for reference in sorted({target} | reaching):
            predicates = predicates.with_non_tree(reference)
    for reference in sorted({target} | reaching):
        # (vi) a second path: reference already reached (not through the written field)
        # something that stored reaches
        if _may_reach(state, reference, skipped=(target, written)) & reached:
            predicates = predicates.with_non_tree(reference)
    if target in stored_reach:
        # (vii) a cycle through target and stored: every object on it, and whatever
        # reaches it, may be non-tree shaped (stored! and stored ⋀ stored too)
        on_cycle = {target, stored} | (stored_reach & set(closure))
        for reference in sorted(on_cycle | reaching):
            predicates = predicates.with_non_tree(reference).with_join(reference, reference)
        predicates = predicates.with_join(target, stored)
    return state.with_predicates(predicates)


def holders(state: AbstractState, reference: Ref) -> set[Ref]:
    """Objects that may reach ``reference``: its explicit predecessors (fields, entries)
    and everything annotated to join or possibly equal it."""
    result = set(state.predicates.join_partners(reference)) | state.predicates.equal_partners(
        reference
    )
    result |= {r for r, v in state.heap.items() if any(c == reference for _, c in successors(v))}
    result.discard(reference)
    return result


def _reaching_closure(state: AbstractState, reference: Ref) -> dict[Ref, bool]:
    """Everything that may reach ``reference`` (itself included, transitively through
    :func:`holders`), mapped to whether some such connection passes through an
    annotation (``⋀``/``=?``) rather than only through represented fields and entries:
    the abstract predecessors of thesis Def. 1.43(i)."""
    through_annotation: dict[Ref, bool] = {}
    todo: list[tuple[Ref, bool]] = [(reference, False)]
    while todo:
        current, abstract = todo.pop()
        known = through_annotation.get(current)
        if known is not None and (known or not abstract):
            continue
        through_annotation[current] = abstract
        annotated = state.predicates.join_partners(current) | state.predicates.equal_partners(
            current
        )
        todo.extend((r, True) for r in annotated if r != current)
        todo.extend(
            (r, abstract)
            for r, v in state.heap.items()
            if any(c == current for _, c in successors(v)) and r != current
        )
    return through_annotation


def evaluate_getstatic(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    pending = initialization_step(ctx, state, ins)
    if pending is not None:
        return pending
    field_id = _resolve_field(ctx, ins)
    if isinstance(field_id, Stuck):
        return field_id
    if field_id.name == ASSERTIONS_DISABLED and ctx.options.assertions is not None:
        # javac's flag, set once by <clinit> from desiredAssertionStatus(): what -ea says
        disabled = IntValue.const(0 if ctx.options.assertions else 1, "Z")
        new_state, fresh = bind(ctx, state, disabled)
        return step(state, ins, advance(new_state.push(fresh), ins))
    current = state.static_field(field_id)
    if current is not None:
        return step(state, ins, advance(state.push(current), ins))
    if not ctx.is_program_class(field_id.class_name):
        nullable = not standard_stream_kept(ctx, field_id)
        new_state, fresh = bind(ctx, state, unknown_value(field_id.descriptor, nullable))
        standard_input = (field_id.class_name, field_id.name) == ("java/lang/System", "in")
        if standard_input:
            assumed = STANDARD_INPUT
        elif not nullable:
            name = f"{field_id.class_name.replace('/', '.')}.{field_id.name}"
            assumed = f"{name} is the JVM's standard stream (no program method replaces it)"
        else:
            assumed = f"JDK static field {field_id} is unknown"
        return step(state, ins, advance(new_state.push(fresh), ins), (), (assumed,))
    initial = initial_value(ctx, field_id)
    if initial is not None:
        # the class is initialised (its statics would be in the state otherwise) and no code
        # changes the field since: its initial value, not an input a witness could set
        if initial.value is None:
            new_state, fresh = state, NULL
        else:
            interval = Interval.const(initial.value)
            new_state, fresh = bind_int(ctx, state, interval, int_letter(field_id.descriptor))
        said = f"static field {field_id} keeps its initial value: {initial.why}"
        return step(state, ins, advance(new_state.push(fresh), ins), (), (said,))
    new_state, fresh = bind(ctx, state, unknown_value(field_id.descriptor))
    new_state = new_state.with_static(field_id, fresh)
    return step(state, ins, advance(new_state.push(fresh), ins))


def evaluate_putstatic(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    pending = initialization_step(ctx, state, ins)
    if pending is not None:
        return pending
    field_id = _resolve_field(ctx, ins)
    if isinstance(field_id, Stuck):
        return field_id
    popped, (stored,) = state.pop(1)
    if not ctx.is_program_class(field_id.class_name):
        return step(
            state,
            ins,
            advance(popped, ins),
            (),
            (f"write of JDK static field {field_id} is ignored",),
        )
    if field_id.name == ASSERTIONS_DISABLED and ctx.options.assertions is not None:
        # <clinit> stores !desiredAssertionStatus(): what -ea says (EvalOptions.assertions)
        disabled = IntValue.const(0 if ctx.options.assertions else 1, "Z")
        popped, stored = bind(ctx, popped, disabled)
    popped, stored = _fit_to_field(ctx, popped, stored, field_id.descriptor)
    return step(state, ins, advance(popped.with_static(field_id, stored), ins))


def _type_test(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult | bool:
    """Whether the (non-null) top of stack is an instance of the instruction's class;
    a refinement when that is not decided."""
    reference = state.peek()
    assert ins.class_name is not None
    target = ins.class_name
    value = state.heap[reference]
    type_name = value_type_name(value)
    if ctx.hierarchy.is_subtype(type_name, target):
        return True
    if isinstance(value, ArrayValue):
        # an array value's type is an upper bound (merges and realizations generalize it)
        if not target.startswith("["):
            return False  # an array is only an Object, Cloneable, Serializable (JLS §4.10.3)
        runtime_types = possible_runtime_types(ctx, type_name)
        if runtime_types is not None and not any(
            ctx.hierarchy.is_subtype(t, target) for t in runtime_types
        ):
            return False
    elif isinstance(value, InstanceValue) or not (
        ctx.hierarchy.is_subtype(target, type_name)
        or _is_interface(ctx, target)
        or _is_interface(ctx, type_name)
    ):
        return False
    if isinstance(state.split, tuple) and state.split[0] == state.position:
        return bool(state.split[1])
    classes = None if type_name.startswith("[") else concrete_classes(ctx, type_name)
    if classes is not None and len(classes) <= ctx.options.max_type_cases:
        return refine_type(ctx, state, reference, classes)
    return split_relation(
        state,
        (reference,),
        check("ref==", reference, reference),
        check("ref!=", reference, reference),
    )


def _is_interface(ctx: EvalContext, name: str) -> bool:
    if name.startswith("["):
        return False
    try:
        return ctx.program.lookup(name).is_interface
    except JhaltError:
        return True


def evaluate_checkcast(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    reference = state.peek()
    if reference == NULL:
        return step(state, ins, advance(state, ins))
    if may_be_null(state, reference):
        return refine_existence(ctx, state, reference)
    outcome = _type_test(ctx, state, ins)
    if not isinstance(outcome, bool):
        return outcome
    if not outcome:
        return throw(ctx, state, ins, CLASS_CAST)
    return step(state, ins, advance(_narrowed_to_cast(ctx, state, ins), ins))


def _narrowed_to_cast(ctx: EvalContext, state: AbstractState, ins: Instruction) -> AbstractState:
    """After a successful ``checkcast T`` (JVMS §6.5) the object is an instance of ``T``:
    an unknown object of a wider type gets the upper bound ``T`` (the reference names one
    object, so every alias learns it)."""
    reference = state.peek()
    value = state.heap[reference]
    assert ins.class_name is not None
    if isinstance(value, UnknownValue) and not ctx.hierarchy.is_subtype(
        value.type_name, ins.class_name
    ):
        return state.with_value(reference, UnknownValue(ins.class_name, value.nullable))
    return state


def evaluate_instanceof(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    reference = state.peek()
    if reference != NULL and may_be_null(state, reference):
        return refine_existence(ctx, state, reference)
    result = False
    if reference != NULL:
        outcome = _type_test(ctx, state, ins)
        if not isinstance(outcome, bool):
            return outcome
        result = outcome
    popped, _ = state.pop(1)
    new_state, answer = bind_int(ctx, popped, Interval.const(int(result)), "I")
    return step(state, ins, advance(new_state.push(answer), ins))
