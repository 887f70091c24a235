"""Models of ``java.util.ArrayDeque`` (issue 33: collection-heavy programs): ``new
ArrayDeque()``, the adding methods (``push``, ``addFirst``, ``addLast``, ``add``, ``offer…``),
the removing and reading ones (``pop``, ``remove…``, ``poll…``, ``element``, ``get…``,
``peek…``), ``isEmpty()`` and ``size()``, with the exceptions their Javadoc documents.

A deque made here is an instance of exactly ``java/util/ArrayDeque`` holding two fields of
the model's own (the JDK 17 class keeps ``elements``, ``head`` and ``tail``, which no program
code can read: the fields here are named apart so that nobody mistakes them for those):

* ``jhalt$size``, the number of elements;
* ``jhalt$element``, the element bound (`jhalt.models.elements`: ``null`` while nothing was
  added, else an object whose type bounds every element's class).

The methods then do what the JDK's do: an ``ArrayDeque`` never holds null, so adding null
throws a ``NullPointerException`` (`add…`, `push`, `offer…` alike) and every element is
non-null; ``pop``/``remove…``/``element``/``get…`` of an empty deque throw a
``NoSuchElementException``; ``poll…``/``peek…`` of an empty deque return null. An element
read back is non-null and may be any object of a compatible type the state holds
(`jhalt.models.elements.read_element`).

Whenever a call finds the receiver in another shape — a subclass, a deque whose fields
unknown code forgot (`jhalt.seg.library.havoc_reachable`) — the model is the unknown-call
fallback, as before. Assumptions (as for every model): the methods terminate; no other
thread changes the deque; an ``OutOfMemoryError`` of a growing deque is not modelled.
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.intervals import Interval
from jhalt.domains.values import NULL, InstanceValue, IntValue, Ref, value_type_name
from jhalt.ids import FieldId
from jhalt.models.elements import (
    BOUNDS,
    DEQUE,
    OBJECT,
    bound_after_adding,
    read_element,
    with_bound,
)
from jhalt.models.support import (
    fresh_int,
    interval_of,
    model,
    need_known_nullness,
    need_unshared,
    returns_if_possible,
)
from jhalt.seg.labels import check, compute
from jhalt.seg.library import (
    LibraryCall,
    ModelRegistry,
    Outcome,
    Returns,
    Throws,
    havoc_reachable,
    unknown_library_call,
)

SIZE = FieldId(DEQUE, "jhalt$size", "I")
ELEMENT = BOUNDS[DEQUE]
NSEE = "java/util/NoSuchElementException"
NPE = "java/lang/NullPointerException"

ADDING = {
    "push": "(Ljava/lang/Object;)V",
    "addFirst": "(Ljava/lang/Object;)V",
    "addLast": "(Ljava/lang/Object;)V",
    "add": "(Ljava/lang/Object;)Z",
    "offer": "(Ljava/lang/Object;)Z",
    "offerFirst": "(Ljava/lang/Object;)Z",
    "offerLast": "(Ljava/lang/Object;)Z",
}
"""The adding methods: each throws a NullPointerException for null, else adds one element
(the ``boolean`` ones return true: an ArrayDeque has no capacity limit)."""

TAKING = {
    "pop": (True, True),
    "remove": (True, True),
    "removeFirst": (True, True),
    "removeLast": (True, True),
    "element": (True, False),
    "getFirst": (True, False),
    "getLast": (True, False),
    "poll": (False, True),
    "pollFirst": (False, True),
    "pollLast": (False, True),
    "peek": (False, False),
    "peekFirst": (False, False),
    "peekLast": (False, False),
}
"""The reading methods: (whether an empty deque throws NoSuchElementException rather than
returning null, whether the element is removed)."""


def _deque(call: LibraryCall) -> tuple[InstanceValue, Ref, Ref] | None:
    """The receiver's value, size and element bound when it is in this module's shape."""
    receiver = call.receiver
    assert receiver is not None
    value = call.state.value(receiver)
    if not isinstance(value, InstanceValue) or value.class_name != DEQUE:
        return None
    size, element = value.field(SIZE), value.field(ELEMENT)
    if size is None or element is None:
        return None
    return value, size, element


@model
def init(call: LibraryCall) -> Sequence[Outcome]:
    """``new ArrayDeque()``: empty, nothing stored yet."""
    receiver = call.receiver
    assert receiver is not None
    value = call.state.value(receiver)
    if not isinstance(value, InstanceValue) or value.class_name != DEQUE or value.fields:
        return unknown_library_call(call)
    state, size = fresh_int(call.popped_state(), Interval.const(0), "I", call.fresh)
    state = state.with_value(receiver, InstanceValue.of(DEQUE, {SIZE: size, ELEMENT: NULL}))
    return [Returns(state, None)]


@model
def add(call: LibraryCall) -> Sequence[Outcome]:
    """The adding methods of :data:`ADDING`."""
    found = _deque(call)
    if found is None:
        return unknown_library_call(call)
    receiver = call.receiver
    assert receiver is not None
    (added,) = call.parameters
    if need_known_nullness(call, added) is None:
        return [Throws(call.popped_state(), NPE)]
    need_unshared(call, receiver)
    value, size, element = found
    bound = bound_after_adding(call.state, size, element, added)
    state = havoc_reachable(call.popped_state(), [added])  # it escapes into the deque
    state, new_size = fresh_int(
        state, interval_of(state, size).add(Interval.const(1)), "I", call.fresh
    )
    state, element = with_bound(call, state, element, bound)
    fields = {SIZE: new_size, ELEMENT: element}
    state = state.with_value(receiver, InstanceValue.of(DEQUE, fields))
    relations = (compute("+", new_size, size, 1),)
    if call.return_descriptor == "V":
        return [Returns(state, None, relations)]
    state, result = fresh_int(state, Interval.const(1), "Z", call.fresh)
    return [Returns(state, result, relations)]


@model
def take(call: LibraryCall) -> Sequence[Outcome]:
    """The reading methods of :data:`TAKING`."""
    found = _deque(call)
    if found is None:
        return unknown_library_call(call)
    receiver = call.receiver
    assert receiver is not None
    throws, removes = TAKING[call.method.name]
    if removes:
        need_unshared(call, receiver)
    value, size, element = found
    held = call.state.value(element) if element != NULL else None
    bound = OBJECT if held is None else value_type_name(held)
    popped = call.popped_state()
    empty: Returns | Throws
    if throws:
        empty = Throws(popped, NSEE, constraints=(check("==", size, 0),))
    else:
        empty = Returns(popped, NULL, (check("==", size, 0),))
    state = popped
    relations = [check(">", size, 0)]
    if removes:
        lower = interval_of(popped, size).add(Interval.const(-1)).meet(Interval.at_least(0))
        state, new_size = fresh_int(state, lower or Interval.const(0), "I", call.fresh)
        state = state.with_value(receiver, value.with_field(SIZE, new_size))
        relations.append(compute("-", new_size, size, 1))
    state, result = read_element(call, state, bound, nullable=False)
    taken = Returns(state, result, tuple(relations))
    outcomes = returns_if_possible(call, empty) + returns_if_possible(call, taken)
    return outcomes or unknown_library_call(call)


@model
def is_empty(call: LibraryCall) -> Sequence[Outcome]:
    """``isEmpty()``: ``size == 0``; each case narrows the size's range in its state (the
    size is a reference of its own, single assignment: the narrowing holds wherever it is
    read on that path)."""
    found = _deque(call)
    if found is None:
        return unknown_library_call(call)
    size = found[1]
    outcomes: list[Outcome] = []
    cases = (
        (1, check("==", size, 0), Interval.const(0)),
        (0, check(">", size, 0), Interval.at_least(1)),
    )
    for result, relation, sizes in cases:
        narrowed = interval_of(call.state, size).meet(sizes)
        if narrowed is None:
            continue
        # the case's state knows the size's range: later reads need not split on it again
        popped = call.popped_state().with_value(size, IntValue(narrowed, "I"))
        state, answer = fresh_int(popped, Interval.const(result), "Z", call.fresh)
        outcomes.append(Returns(state, answer, (relation,)))
    return outcomes or unknown_library_call(call)


@model
def size(call: LibraryCall) -> Sequence[Outcome]:
    """``size()``: the number of elements."""
    found = _deque(call)
    if found is None:
        return unknown_library_call(call)
    return [Returns(call.popped_state(), found[1])]


def register(registry: ModelRegistry) -> None:
    registry.register(DEQUE, "<init>", "()V", init)
    for name, descriptor in ADDING.items():
        registry.register(DEQUE, name, descriptor, add)
    for name in TAKING:
        registry.register(DEQUE, name, "()Ljava/lang/Object;", take)
    registry.register(DEQUE, "isEmpty", "()Z", is_empty)
    registry.register(DEQUE, "size", "()I", size)
