"""Models of ``java.util.ArrayDeque`` (issue 33: collection-heavy programs): ``new
ArrayDeque()``, the adding methods (``push``, ``addFirst``, ``addLast``, ``add``, ``offer…``),
the removing and reading ones (``pop``, ``remove…``, ``poll…``, ``element``, ``get…``,
``peek…``), ``isEmpty()`` and ``size()``, with the exceptions their Javadoc documents.

A deque made here is an instance of exactly ``java/util/ArrayDeque`` holding two fields of
the model's own (the JDK 17 class keeps ``elements``, ``head`` and ``tail``, which no program
code can read: the fields here are named apart so that nobody mistakes them for those):

* ``jhalt$size``, the number of elements;
* ``jhalt$element``, what was stored: ``null`` while nothing was added, else an object whose
  type bounds every element's class — the class of the one object added to an empty deque,
  the common type when the same class was added again, ``java/lang/Object`` after objects of
  different classes (tracked from what the program added, never from generic signatures,
  which unchecked code may break). A merge of states makes it an unknown object of the
  common supertype, which still bounds every element.

The methods then do what the JDK's do: an ``ArrayDeque`` never holds null, so adding null
throws a ``NullPointerException`` (`add…`, `push`, `offer…` alike) and every element is
non-null; ``pop``/``remove…``/``element``/``get…`` of an empty deque throw a
``NoSuchElementException``; ``poll…``/``peek…`` of an empty deque return null. An element
read back is a fresh non-null object of the bound's type that may be any object of that type
the state holds (``=?`` to each of them: it may be one the program added and still holds)
and may share with them.

Whenever a call finds the receiver in another shape — a subclass, a deque whose fields
unknown code forgot (`jhalt.seg.library.havoc_reachable`) — the model is the unknown-call
fallback, as before. Assumptions (as for every model): the methods terminate; no other
thread changes the deque; an ``OutOfMemoryError`` of a growing deque is not modelled.
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.intervals import Interval
from jhalt.domains.values import NULL, InstanceValue, IntValue, Ref, UnknownValue, value_type_name
from jhalt.ids import FieldId
from jhalt.models.support import (
    fresh_int,
    interval_of,
    may_be_one_object,
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
    with_fresh_value,
)

DEQUE = "java/util/ArrayDeque"
SIZE = FieldId(DEQUE, "jhalt$size", "I")
ELEMENT = FieldId(DEQUE, "jhalt$element", "Ljava/lang/Object;")
OBJECT = "java/lang/Object"
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


def _bound_after_adding(call: LibraryCall, size: Ref, element: Ref, added: Ref) -> str:
    """The type that bounds every element once ``added`` is in (module docstring)."""
    added_type = value_type_name(call.state.heap[added])
    if element == NULL or interval_of(call.state, size).hi == 0:
        return added_type
    held = call.state.value(element)
    held_type = OBJECT if held is None else value_type_name(held)
    return added_type if held_type == added_type else OBJECT


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
    bound = _bound_after_adding(call, size, element, added)
    state = havoc_reachable(call.popped_state(), [added])  # it escapes into the deque
    state, new_size = fresh_int(
        state, interval_of(state, size).add(Interval.const(1)), "I", call.fresh
    )
    held = state.value(element) if element != NULL else None
    if held is None or value_type_name(held) != bound:
        state, element = with_fresh_value(state, UnknownValue(bound, nullable=False), call.fresh)
    fields = {SIZE: new_size, ELEMENT: element}
    state = state.with_value(receiver, InstanceValue.of(DEQUE, fields))
    relations = (compute("+", new_size, size, 1),)
    if call.return_descriptor == "V":
        return [Returns(state, None, relations)]
    state, result = fresh_int(state, Interval.const(1), "Z", call.fresh)
    return [Returns(state, result, relations)]


def _bound_of(value: object) -> Ref | None:
    """The element bound a deque of this module's shape holds, else None."""
    if isinstance(value, InstanceValue) and value.class_name == DEQUE:
        bound = value.field(ELEMENT)
        return None if bound == NULL else bound
    return None


def _element_read(call: LibraryCall, state_base: Returns, bound: str) -> Returns:
    """``state_base`` with a fresh element of type ``bound`` as the result: non-null, possibly
    any object of a compatible type the state holds (module docstring)."""
    state = state_base.state
    element_value = UnknownValue(bound, nullable=False)
    state, result = with_fresh_value(state, element_value, call.fresh)
    predicates = state.predicates.with_non_tree(result)
    bounds = {_bound_of(v) for v in state.heap.values()} - {None}
    for reference, other in state.heap.items():
        if reference == result or reference in bounds:
            continue  # a deque's bound is the model's own object, no element
        if may_be_one_object(call, element_value, other):
            predicates = predicates.with_maybe_equal(result, reference)
            predicates = predicates.with_join(result, reference)
    state = state.with_predicates(predicates)
    return Returns(state, result, state_base.constraints)


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
    taken = _element_read(call, Returns(state, None, tuple(relations)), bound)
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
