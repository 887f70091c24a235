"""Models of ``java.lang.Object``: ``<init>``, ``equals``, ``hashCode``, ``getClass``
(issue 3 item 5), and ``java.util.Objects.requireNonNull`` (javac calls it before a bound
method reference such as ``c::plus`` captures ``c``).

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

from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, ArrayValue, HeapValue, InstanceValue, Ref, UnknownValue
from jhalt.models.support import (
    bind_canonical,
    equality_refinement,
    fresh_int,
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
    receiver = call.receiver
    assert receiver is not None
    (other,) = call.parameters
    if call.state.predicates.may_equal(receiver, other):
        return [equality_refinement(call, receiver, other)]
    answer = 1 if other == receiver else 0
    state, result = fresh_int(call.popped_state(), Interval.const(answer), "Z", call.fresh)
    return [Returns(state, result)]


@model
def hash_code(call: LibraryCall) -> Sequence[Outcome]:
    """``Object.hashCode()``: any int (identity hash)."""
    if not _exact_receiver(call):
        return unknown_library_call(call)
    state, result = fresh_int(call.popped_state(), Interval.of_type("I"), "I", call.fresh)
    return [Returns(state, result)]


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
    for descriptor in ("(Ljava/lang/Object;)", "(Ljava/lang/Object;Ljava/lang/String;)"):
        registry.register(
            "java/util/Objects",
            "requireNonNull",
            descriptor + "Ljava/lang/Object;",
            require_non_null,
        )
