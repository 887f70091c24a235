"""Class objects of class literals (``ldc A.class``; JVMS §5.4.3.1, JLS §15.8.2): the
Class object of a type is unique, so two literals of one type are the same object.

The Class object of a known type is an instance of ``java/lang/Class`` carrying the
pseudo-field :func:`represented_type_field` (descriptor: the represented type's
descriptor, value ``null``), the convention :mod:`jhalt.models.objects` uses for
``getClass``: two such objects with different represented types are distinct, a Class
object with no such field is of an unknown type.

``ldc`` reuses a reference already bound to the Class object of the same type (it is the
same object). Otherwise it binds a fresh one that may be pre-existing (seed 000 §2.1
annotations, as for realized values): ``=?`` with every object that may be that Class
object (an unknown object whose type is a supertype of ``java/lang/Class``, a Class object
of unknown type) and ``⋀`` with every object whose unrepresented parts may reference it.
"""

from __future__ import annotations

from jhalt.domains.state import AbstractState
from jhalt.domains.values import (
    NULL,
    ArrayValue,
    HeapValue,
    InstanceValue,
    Ref,
    UnknownValue,
    is_object_value,
)
from jhalt.errors import JhaltError
from jhalt.ids import FieldId
from jhalt.program.library_facts import VALUE_CLASSES
from jhalt.seg.context import EvalContext
from jhalt.seg.evaluate.common import bind

CLASS = "java/lang/Class"
REPRESENTED_TYPE = "jhalt$represents"
PRIMITIVE_ARRAYS = frozenset({"[I", "[J", "[S", "[B", "[C", "[Z", "[F", "[D"})
LEAF_CLASSES = VALUE_CLASSES | {CLASS}
"""Classes whose unrepresented parts never reference a Class object (their fields are
primitives, byte arrays or — for Class — not modelled as references)."""


def represented_type_field(descriptor: str) -> FieldId:
    """The pseudo-field of the Class object representing ``descriptor``."""
    return FieldId(CLASS, REPRESENTED_TYPE, descriptor)


def represented_type(value: HeapValue | None) -> str | None:
    """The descriptor a Class object value represents, if known."""
    if isinstance(value, InstanceValue) and value.class_name == CLASS:
        for field_id, _ in value.fields:
            if field_id.class_name == CLASS and field_id.name == REPRESENTED_TYPE:
                return field_id.descriptor
    return None


def literal_descriptor(class_name: str) -> str:
    """The descriptor of the type a ``ClassConst`` names (internal class name or array
    descriptor)."""
    return class_name if class_name.startswith("[") else f"L{class_name};"


def class_literal(
    ctx: EvalContext, state: AbstractState, descriptor: str
) -> tuple[AbstractState, Ref]:
    """The state with the Class object of ``descriptor`` bound, and its reference."""
    for reference, value in sorted(state.heap.items()):
        if represented_type(value) == descriptor:
            return state, reference
    existing = [(r, v) for r, v in state.heap.items() if is_object_value(v)]
    state, reference = bind(
        ctx, state, InstanceValue.of(CLASS, {represented_type_field(descriptor): NULL})
    )
    predicates = state.predicates
    for other, value in sorted(existing):
        if _may_be_class_object(ctx, value):
            predicates = predicates.with_maybe_equal(reference, other)
        if _may_reference_unrepresented(ctx, value):
            predicates = predicates.with_join(reference, other)
    return state.with_predicates(predicates), reference


def _may_be_class_object(ctx: EvalContext, value: HeapValue) -> bool:
    if isinstance(value, UnknownValue):
        return ctx.hierarchy.is_subtype(CLASS, value.type_name) or not _is_known_type(
            ctx, value.type_name
        )
    return (
        isinstance(value, InstanceValue)
        and value.class_name == CLASS
        and represented_type(value) is None
    )


def _is_known_type(ctx: EvalContext, type_name: str) -> bool:
    """Whether the hierarchy can decide subtyping for ``type_name`` (arrays always)."""
    if type_name.startswith("["):
        return True
    try:
        ctx.program.lookup(type_name)
        return True
    except JhaltError:  # a missing class: assume it may be anything
        return False


def _may_reference_unrepresented(ctx: EvalContext, value: HeapValue) -> bool:
    """Whether unrepresented parts of ``value`` may reference a Class object."""
    if isinstance(value, UnknownValue):
        return value.type_name not in LEAF_CLASSES and value.type_name not in PRIMITIVE_ARRAYS
    if isinstance(value, ArrayValue):
        return value.entries is None and value.component_type[0] in "L["
    if isinstance(value, InstanceValue):
        if value.class_name in LEAF_CLASSES:
            return False
        return not _all_fields_represented(ctx, value)
    return False


def _all_fields_represented(ctx: EvalContext, value: InstanceValue) -> bool:
    """Every instance field of the object's class is represented: the class and its
    superclasses up to ``java/lang/Object`` are program classes and each field is listed."""
    represented = {field_id for field_id, _ in value.fields}
    current: str | None = value.class_name
    try:
        while current is not None and current != "java/lang/Object":
            if not ctx.is_program_class(current):
                return False
            classfile = ctx.program.lookup(current)
            for f in classfile.fields:
                if not f.is_static and FieldId(current, f.name, f.descriptor) not in represented:
                    return False
            current = classfile.super_name
    except JhaltError:  # a missing superclass: its fields are unknown
        return False
    return True
