"""Models of ``java.lang.Throwable`` and its JDK subclasses (issue 3 item 5): the
constructors with and without message and cause, ``getMessage``,
``getLocalizedMessage``, ``getCause`` and ``printStackTrace``.

A throwable records what ``getMessage()`` and ``getCause()`` return in the JDK's own
private fields :data:`DETAIL_MESSAGE` and :data:`CAUSE` (here ``cause`` holds what
``getCause()`` returns: ``null`` when no cause was given). When a field is not
represented, reading it realizes it first (possibly null, annotated as reachable from
the throwable; thesis Def. 1.22).

Assumptions: constructors and these methods terminate; ``printStackTrace`` writes to
standard error only and changes no object of the program. The constructors call the
overridable ``fillInStackTrace()``, and ``printStackTrace``/``Throwable(Throwable)`` call
``toString()``/``getLocalizedMessage()`` — if a *program* class overrides one of them,
its code would run, which a model cannot do: such calls are ``Unsupported``.
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.intervals import Interval
from jhalt.domains.values import NULL, InstanceValue, Ref, UnknownValue
from jhalt.ids import FieldId
from jhalt.models.lengths import text_length_of_descriptor
from jhalt.models.support import (
    declares_override,
    field_realization,
    model,
    need_known_nullness,
    new_string_of_length,
)
from jhalt.models.text import object_text
from jhalt.program import jdk_descriptions
from jhalt.seg.library import (
    LibraryCall,
    LibraryModel,
    ModelRegistry,
    Outcome,
    Returns,
    Unsupported,
    unknown_library_call,
)

THROWABLE = "java/lang/Throwable"
STRING = "Ljava/lang/String;"
THROWABLE_DESCRIPTOR = "Ljava/lang/Throwable;"
DETAIL_MESSAGE = FieldId(THROWABLE, "detailMessage", STRING)
CAUSE = FieldId(THROWABLE, "cause", THROWABLE_DESCRIPTOR)
FILL_IN = ("fillInStackTrace", f"(){THROWABLE_DESCRIPTOR}")
TEXT_METHODS = (
    ("toString", f"(){STRING}"),
    ("getMessage", f"(){STRING}"),
    ("getLocalizedMessage", f"(){STRING}"),
)


def _program_override(
    call: LibraryCall, reference: Ref, methods: Sequence[tuple[str, str]]
) -> str | None:
    value = call.state.heap.get(reference)
    if isinstance(value, InstanceValue):
        return declares_override(call, value.class_name, methods, THROWABLE)
    if isinstance(value, UnknownValue):
        return f"an object of unknown class below {value.type_name}"
    return None


def _construct(call: LibraryCall, message: Ref | Interval | None, cause: Ref) -> Sequence[Outcome]:
    """The receiver gets its message (a reference, a fresh String of lengths, or null)
    and its cause."""
    receiver = call.receiver
    assert receiver is not None
    overriding = _program_override(call, receiver, (FILL_IN,))
    if overriding is not None:
        return [Unsupported(f"Throwable constructor calls fillInStackTrace() of {overriding}")]
    state = call.popped_state()
    if isinstance(message, Interval):
        state, message, _ = new_string_of_length(state, message, call.fresh)
    value = state.heap[receiver]
    assert isinstance(value, InstanceValue)
    value = value.with_field(DETAIL_MESSAGE, NULL if message is None else message).with_field(
        CAUSE, cause
    )
    return [Returns(state.with_value(receiver, value), None)]


@model
def init_plain(call: LibraryCall) -> Sequence[Outcome]:
    """``()``: no message, no cause."""
    return _construct(call, None, NULL)


@model
def init_message(call: LibraryCall) -> Sequence[Outcome]:
    """``(String message)`` and ``(String message, Throwable cause[, boolean, boolean])``."""
    message = call.parameters[0]
    cause = call.parameters[1] if len(call.parameters) > 1 else NULL
    return _construct(call, None if message == NULL else message, cause)


@model
def init_cause(call: LibraryCall) -> Sequence[Outcome]:
    """``(Throwable cause)``: the message is ``cause.toString()`` (null for a null cause)."""
    (cause,) = call.parameters
    if need_known_nullness(call, cause) is None:
        return _construct(call, None, NULL)
    overriding = _program_override(call, cause, TEXT_METHODS)
    if overriding is not None:
        return [Unsupported(f"Throwable(Throwable) calls toString() of {overriding}")]
    return _construct(call, Interval.at_least(1), cause)


@model
def init_detail(call: LibraryCall) -> Sequence[Outcome]:
    """``IndexOutOfBoundsException(int/long)``, ``ArrayIndexOutOfBoundsException(int)``,
    ``StringIndexOutOfBoundsException(int)``, ``AssertionError(int/long/char/…)``: a
    message containing the value's text."""
    (argument,) = call.parameters
    parameter = call.method.descriptor[1:].split(")")[0]
    shortest = text_length_of_descriptor(parameter, call.state.heap[argument])
    return _construct(call, Interval(shortest.lo or 0, None), NULL)


@model
def init_assertion_object(call: LibraryCall) -> Sequence[Outcome]:
    """``AssertionError(Object detail)``: message ``String.valueOf(detail)``; the cause is
    ``detail`` when it is a Throwable (only handled for null, Strings and boxes)."""
    (detail,) = call.parameters
    kind, text = object_text(call, detail)
    if kind == "same":
        return _construct(call, detail, NULL)
    assert isinstance(text, Interval)
    return _construct(call, text, NULL)


def _read_field(
    call: LibraryCall, field_id: FieldId, overridable: Sequence[tuple[str, str]]
) -> Sequence[Outcome]:
    receiver = call.receiver
    assert receiver is not None
    value = call.state.heap.get(receiver)
    if not isinstance(value, InstanceValue):
        return unknown_library_call(call)
    overriding = _program_override(call, receiver, overridable)
    if overriding is not None:
        return [Unsupported(f"{call.method.name} calls {overriding}")]
    found = value.field(field_id)
    if found is None:
        return [field_realization(call, receiver, field_id)]
    return [Returns(call.popped_state(), found)]


@model
def get_message(call: LibraryCall) -> Sequence[Outcome]:
    """``getMessage()`` (and ``getLocalizedMessage()``, which calls it)."""
    overridable = (
        (("getMessage", f"(){STRING}"),) if call.method.name == "getLocalizedMessage" else ()
    )
    return _read_field(call, DETAIL_MESSAGE, overridable)


@model
def get_cause(call: LibraryCall) -> Sequence[Outcome]:
    """``getCause()``."""
    return _read_field(call, CAUSE, ())


@model
def print_stack_trace(call: LibraryCall) -> Sequence[Outcome]:
    """``printStackTrace()``: output only (see the module docstring)."""
    receiver = call.receiver
    assert receiver is not None
    overriding = _program_override(
        call, receiver, (*TEXT_METHODS, ("getStackTrace", "()[Ljava/lang/StackTraceElement;"))
    )
    if overriding is not None:
        return [Unsupported(f"printStackTrace() calls {overriding}")]
    return [
        Returns(
            call.popped_state(),
            None,
            assumptions=("printStackTrace() only writes to standard error",),
        )
    ]


_CONSTRUCTORS: dict[str, LibraryModel] = {
    "()V": init_plain,
    f"({STRING})V": init_message,
    f"({STRING}{THROWABLE_DESCRIPTOR})V": init_message,
    f"({STRING}{THROWABLE_DESCRIPTOR}ZZ)V": init_message,
    f"({THROWABLE_DESCRIPTOR})V": init_cause,
    "(Ljava/lang/Object;)V": init_assertion_object,
}
_DETAIL_CONSTRUCTORS = frozenset({"(I)V", "(J)V", "(C)V", "(Z)V", "(F)V", "(D)V"})


def throwable_classes() -> list[str]:
    """Every described JDK class that is Throwable or a subclass of it."""
    jdk = jdk_descriptions()
    result = []
    for name in jdk.class_names():
        current: str | None = name
        while current is not None and current != THROWABLE:
            described = jdk.find(current)
            current = None if described is None else described.super_name
        if current == THROWABLE:
            result.append(name)
    return result


def register(registry: ModelRegistry) -> None:
    jdk = jdk_descriptions()
    for class_name in throwable_classes():
        described = jdk.find(class_name)
        assert described is not None
        for method in described.methods:
            if method.name != "<init>":
                continue
            constructor = _CONSTRUCTORS.get(method.descriptor)
            if constructor is None and method.descriptor in _DETAIL_CONSTRUCTORS:
                constructor = init_detail
            if constructor is not None:
                registry.register(class_name, "<init>", method.descriptor, constructor)
    registry.register(THROWABLE, "getMessage", f"(){STRING}", get_message)
    registry.register(THROWABLE, "getLocalizedMessage", f"(){STRING}", get_message)
    registry.register(THROWABLE, "getCause", f"(){THROWABLE_DESCRIPTOR}", get_cause)
    registry.register(THROWABLE, "printStackTrace", "()V", print_stack_trace)
