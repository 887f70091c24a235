"""Models of ``java.lang.Object``: ``<init>``, ``equals``, ``hashCode``, ``getClass``
(issue 3 item 5), ``clone`` of arrays (issue 33 item 5: an enum's ``values()``), and
``java.util.Objects.requireNonNull`` (javac calls it before a bound method reference such as
``c::plus`` captures ``c``).

``call.method`` is the method that runs after dispatch, so these models only run for
receivers whose class does not override the method. When the receiver is an
:class:`~jhalt.domains.values.UnknownValue` the evaluator could not dispatch exactly; an
override anywhere below its type may run instead, so ``equals``/``hashCode`` fall back to
:func:`~jhalt.seg.library.unknown_library_call` (``getClass`` is final and always exact).

A ``Class`` object is an instance of ``java/lang/Class``; when its represented type is
known it carries the pseudo-field :func:`represented_type_field` (its descriptor is the
represented type's descriptor, its value ``null``): two Class objects with different such
fields are never instances of one another. Class objects are unique per type and exist
before the call, so ``getClass`` returns a possibly pre-existing object
(:func:`~jhalt.models.support.bind_canonical`).
"""

from __future__ import annotations

from collections.abc import Sequence

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
from jhalt.models.support import (
    bind_canonical,
    identity_equals,
    identity_hash,
    model,
    need_known_nullness,
)
from jhalt.seg.evaluate.class_objects import represented_type, represented_type_field
from jhalt.seg.library import (
    LibraryCall,
    ModelRegistry,
    Outcome,
    Returns,
    Throws,
    unknown_library_call,
    with_fresh_value,
)

OBJECT = "java/lang/Object"
CLASS = "java/lang/Class"
CLASS_SUPERTYPES = frozenset(
    {
        OBJECT,
        CLASS,
        "java/io/Serializable",
        "java/lang/reflect/GenericDeclaration",
        "java/lang/reflect/Type",
        "java/lang/reflect/AnnotatedElement",
        "java/lang/invoke/TypeDescriptor",
        "java/lang/invoke/TypeDescriptor$OfField",
        "java/lang/constant/Constable",
    }
)


def type_descriptor(type_name: str) -> str:
    """The descriptor of a class name or array type."""
    return type_name if type_name.startswith("[") else f"L{type_name};"


def bind_class_object(
    state: AbstractState, descriptor: str | None, fresh: object
) -> tuple[AbstractState, Ref]:
    """A (possibly pre-existing) Class object for ``descriptor`` (None: unknown type)."""
    fields = {} if descriptor is None else {represented_type_field(descriptor): NULL}
    value = InstanceValue.of(CLASS, fields)

    def same(other: HeapValue) -> bool:
        if isinstance(other, UnknownValue):
            return other.type_name in CLASS_SUPERTYPES
        if isinstance(other, InstanceValue) and other.class_name == CLASS:
            known = represented_type(other)
            return known is None or descriptor is None or known == descriptor
        return False

    return bind_canonical(state, value, fresh, same)  # type: ignore[arg-type]


@model
def init(call: LibraryCall) -> Sequence[Outcome]:
    """``Object.<init>()`` does nothing."""
    return [Returns(call.popped_state(), None)]


def _exact_receiver(call: LibraryCall) -> bool:
    receiver = call.receiver
    assert receiver is not None
    return isinstance(call.state.heap.get(receiver), (InstanceValue, ArrayValue))


@model
def equals(call: LibraryCall) -> Sequence[Outcome]:
    """``Object.equals(o)`` is ``this == o`` (an ``=?`` pair is refined first)."""
    if not _exact_receiver(call):
        return unknown_library_call(call)
    return identity_equals(call)


@model
def hash_code(call: LibraryCall) -> Sequence[Outcome]:
    """``Object.hashCode()``: any int (identity hash)."""
    if not _exact_receiver(call):
        return unknown_library_call(call)
    return identity_hash(call)


@model
def clone(call: LibraryCall) -> Sequence[Outcome]:
    """``clone()`` of an array (JLS §10.7: public, throws nothing): a new array of the same
    type and length holding the same entries (a shallow copy: for a reference array whose
    entries are not represented the copy may share them with the original; an array of
    unknown contents gives a non-null array of its type that may share with it). Any other
    receiver: the unknown-call fallback (``Cloneable``, a library class's own copy)."""
    receiver = call.receiver
    assert receiver is not None
    value = call.state.heap.get(receiver)
    popped = call.popped_state()
    if isinstance(value, UnknownValue) and value.type_name.startswith("["):
        state, copy = with_fresh_value(popped, UnknownValue(value.type_name, False), call.fresh)
        predicates = state.predicates.with_join(copy, receiver).with_non_tree(copy)
        return [Returns(state.with_predicates(predicates), copy)]
    if not isinstance(value, ArrayValue):
        return unknown_library_call(call)
    state, copy = with_fresh_value(
        popped, ArrayValue(value.array_type, value.length, value.entries), call.fresh
    )
    if len(value.component_type) > 1:
        predicates = state.predicates.with_join(copy, receiver)
        for entry in value.entries or ():
            if entry != NULL and is_object_value(state.heap[entry]):
                predicates = predicates.with_join(copy, entry)
        if state.predicates.may_be_non_tree(receiver):
            predicates = predicates.with_non_tree(copy)
        state = state.with_predicates(predicates)
    return [Returns(state, copy)]


@model
def get_class(call: LibraryCall) -> Sequence[Outcome]:
    """``getClass()``: the Class object of the receiver's exact class, known when the
    receiver is an instance or an array value."""
    receiver = call.receiver
    assert receiver is not None
    value = call.state.heap.get(receiver)
    descriptor: str | None = None
    if isinstance(value, InstanceValue):
        descriptor = type_descriptor(value.class_name)
    elif isinstance(value, ArrayValue):
        descriptor = value.array_type
    state, result = bind_class_object(call.popped_state(), descriptor, call.fresh)
    return [Returns(state, result)]


@model
def require_non_null(call: LibraryCall) -> Sequence[Outcome]:
    """``Objects.requireNonNull(obj)`` and ``(obj, String message)``: ``obj`` itself, or a
    NullPointerException when it is null (its Javadoc); the message is only read then."""
    argument = call.arguments[0]
    if need_known_nullness(call, argument) is None:
        return [Throws(call.popped_state(), "java/lang/NullPointerException")]
    return [Returns(call.popped_state(), argument)]


def register(registry: ModelRegistry) -> None:
    registry.register(OBJECT, "<init>", "()V", init)
    registry.register(OBJECT, "equals", "(Ljava/lang/Object;)Z", equals)
    registry.register(OBJECT, "hashCode", "()I", hash_code)
    registry.register(OBJECT, "getClass", "()Ljava/lang/Class;", get_class)
    registry.register(OBJECT, "clone", "()Ljava/lang/Object;", clone)
    for descriptor in ("(Ljava/lang/Object;)", "(Ljava/lang/Object;Ljava/lang/String;)"):
        registry.register(
            "java/util/Objects",
            "requireNonNull",
            descriptor + "Ljava/lang/Object;",
            require_non_null,
        )
