"""Models of ``java.lang.reflect.Array.newInstance``, ``Class.getComponentType`` and
``Class.desiredAssertionStatus``
(issue 3 item 5). Class objects are described in :mod:`jhalt.models.objects`.

Assumptions: both terminate and change no object; ``newInstance`` may also throw
``OutOfMemoryError`` (not modelled, as for every allocation).
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.intervals import Interval
from jhalt.domains.values import NULL, ArrayValue, InstanceValue, UnknownValue
from jhalt.models.objects import CLASS, bind_class_object, represented_type
from jhalt.models.support import IAE, NPE, fresh_int, model, need_non_null, returns_if_possible
from jhalt.seg.labels import check
from jhalt.seg.library import LibraryCall, ModelRegistry, Outcome, Returns, Throws, with_fresh_value

ARRAY = "java/lang/reflect/Array"
NEGATIVE_SIZE = "java/lang/NegativeArraySizeException"


@model
def new_instance(call: LibraryCall) -> Sequence[Outcome]:
    """``Array.newInstance(Class c, int n)``: NPE for a null class, IllegalArgumentException
    for ``void.class`` (or more than 255 dimensions), NegativeArraySizeException for
    ``n < 0``; otherwise a new array of length ``n`` whose entries are not represented
    (its type is ``[T`` when the Class object's type ``T`` is known)."""
    component, size = call.parameters
    popped = call.popped_state()
    if component == NULL:
        return [Throws(popped, NPE)]
    descriptor = represented_type(need_non_null(call, component))
    outcomes: list[Outcome] = []
    if descriptor == "V":
        return [Throws(popped, IAE)]
    if descriptor is None or descriptor.startswith("[" * 255):
        outcomes.append(Throws(popped, IAE))
    if descriptor is not None:
        state, array = with_fresh_value(popped, ArrayValue("[" + descriptor, size), call.fresh)
    else:
        state, array = with_fresh_value(
            popped, UnknownValue("java/lang/Object", nullable=False), call.fresh
        )
    outcomes += returns_if_possible(call, Returns(state, array, (check(">=", size, 0),)))
    outcomes += returns_if_possible(
        call, Throws(popped, NEGATIVE_SIZE, constraints=(check("<", size, 0),))
    )
    return outcomes


@model
def get_component_type(call: LibraryCall) -> Sequence[Outcome]:
    """``Class.getComponentType()``: the Class of the component for an array type,
    ``null`` for other known types, otherwise either."""
    receiver = call.receiver
    assert receiver is not None
    value = call.state.heap[receiver]
    descriptor = represented_type(value) if isinstance(value, InstanceValue) else None
    popped = call.popped_state()
    if descriptor is not None and not descriptor.startswith("["):
        return [Returns(popped, NULL)]
    if descriptor is not None:
        state, result = bind_class_object(popped, descriptor[1:], call.fresh)
        return [Returns(state, result)]
    state, result = bind_class_object(popped, None, call.fresh)
    return [Returns(popped, NULL), Returns(state, result)]


@model
def desired_assertion_status(call: LibraryCall) -> Sequence[Outcome]:
    """``Class.desiredAssertionStatus()``: whether ``-ea`` enables the class's asserts, any
    boolean here (javac's ``<clinit>`` stores its negation into ``$assertionsDisabled``, which
    the evaluator fixes from ``EvalOptions.assertions``); it never throws."""
    state, result = fresh_int(call.popped_state(), Interval.of_type("Z"), "Z", call.fresh)
    return [Returns(state, result)]


def register(registry: ModelRegistry) -> None:
    registry.register(ARRAY, "newInstance", "(Ljava/lang/Class;I)Ljava/lang/Object;", new_instance)
    registry.register(CLASS, "getComponentType", "()Ljava/lang/Class;", get_component_type)
    registry.register(CLASS, "desiredAssertionStatus", "()Z", desired_assertion_status)
