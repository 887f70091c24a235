"""Models of ``java.util.ArrayList`` and its iterator (issue 34: an iterator asked past its
end): ``new ArrayList()``, ``add(Object)``, ``size()``, ``iterator()``, and the iterator's
``hasNext()`` and ``next()``.

A list made here is an instance of exactly ``java/util/ArrayList`` whose represented fields
are its size and its modification count (JDK 17's ``size`` and ``AbstractList.modCount``); an
iterator is an ``ArrayList$Itr`` with its ``cursor``, its ``expectedModCount`` and its list
(``this$0``), as the JDK's class holds them. The methods then do what JDK 17's code does with
them: ``add`` grows both counts by one and returns true; ``iterator()`` starts at 0 expecting
the list's count; ``hasNext()`` is ``cursor != size``; ``next()`` throws a
ConcurrentModificationException when the list's count is not the expected one, else a
NoSuchElementException when ``cursor >= size``, else moves the cursor on and returns an
element. An element read back is
null or an object of the list's element bound (`jhalt.models.elements`: the list holds it
in a field of the model's own, ``jhalt$element``), and may be any object of a compatible
type the state holds: it may be one the program added and still holds
(`jhalt.models.elements.read_element`). ``add`` forgets what it knew of what the added object
reaches, as the unknown-call fallback does (it escapes into the list). ``get(index)`` throws
an IndexOutOfBoundsException outside ``[0, size)`` (JDK 17's ``Objects.checkIndex``), else
reads an element likewise.

Whenever a call finds the receiver in another shape — a subclass of ArrayList, a list or an
iterator whose fields unknown code forgot (`jhalt.seg.library.havoc_reachable`), an iterator
the program did not get from ``iterator()`` here — the model is the unknown-call fallback, as
before these models; so is ``iterator()`` when the JDK's ``ArrayList$Itr`` cannot be looked
up (the checked-in descriptions leave it out; it comes from the JDK image,
`jhalt.program.jdk_library`), since the calls on the iterator would then find no method. Assumptions: the methods terminate; no other thread changes the list
(then the counts are the whole story of ``next()``'s exceptions); an ``OutOfMemoryError`` of a
growing list is not modelled (as for every allocation).
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, InstanceValue, Ref, value_type_name
from jhalt.ids import FieldId
from jhalt.models.elements import (
    BOUNDS,
    LIST,
    OBJECT,
    PLAIN_TEXT,
    bound_after_adding,
    bound_type,
    may_hold_null,
    read_element,
    with_bound,
)
from jhalt.models.immutable_lists import SIZES
from jhalt.models.support import (
    fresh_int,
    interval_of,
    model,
    need_known_nullness,
    need_non_null,
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

ITERATOR = "java/util/ArrayList$Itr"
SIZE = FieldId(LIST, "size", "I")
MODS = FieldId("java/util/AbstractList", "modCount", "I")
ELEMENT = BOUNDS[LIST]
CURSOR = FieldId(ITERATOR, "cursor", "I")
EXPECTED = FieldId(ITERATOR, "expectedModCount", "I")
OWNER = FieldId(ITERATOR, "this$0", f"L{LIST};")
NSEE = "java/util/NoSuchElementException"
IOOBE = "java/lang/IndexOutOfBoundsException"
CME = "java/util/ConcurrentModificationException"


def _fields(call: LibraryCall, reference: Ref, class_name: str, *ids: FieldId) -> list[Ref]:
    """The fields ``ids`` of the object at ``reference`` when it is exactly a ``class_name``
    holding them all; else empty (the caller falls back)."""
    value = call.state.value(reference)
    if not isinstance(value, InstanceValue) or value.class_name != class_name:
        return []
    found = [value.field(field_id) for field_id in ids]
    return [] if None in found else [r for r in found if r is not None]


def _plus_one(call: LibraryCall, count: Ref) -> Interval:
    return interval_of(call.state, count).add(Interval.const(1))


def _with_fields(state_value: InstanceValue, changes: dict[FieldId, Ref]) -> InstanceValue:
    for field_id, value in changes.items():
        state_value = state_value.with_field(field_id, value)
    return state_value


@model
def init(call: LibraryCall) -> Sequence[Outcome]:
    """``new ArrayList()``: empty, no modification yet."""
    receiver = call.receiver
    assert receiver is not None
    value = call.state.value(receiver)
    if not isinstance(value, InstanceValue) or value.class_name != LIST or value.fields:
        return unknown_library_call(call)
    state, size = fresh_int(call.popped_state(), Interval.const(0), "I", call.fresh)
    state, mods = fresh_int(state, Interval.const(0), "I", call.fresh)
    fields = {SIZE: size, MODS: mods, ELEMENT: NULL}
    state = state.with_value(receiver, _with_fields(value, fields))
    return [Returns(state, None)]


@model
def add(call: LibraryCall) -> Sequence[Outcome]:
    """``add(e)``: size and modification count one more; true."""
    receiver = call.receiver
    assert receiver is not None
    counts = _fields(call, receiver, LIST, SIZE, MODS, ELEMENT)
    if not counts:
        return unknown_library_call(call)
    need_unshared(call, receiver)
    size, mods, bound = counts
    (element,) = call.parameters
    bound_name = bound_after_adding(call.state, size, bound, element)
    nullable = may_hold_null(call.state, element) or (
        bound != NULL and may_hold_null(call.state, bound)
    )
    state = havoc_reachable(call.popped_state(), [element])  # it escapes into the list
    state, bound = with_bound(call, state, bound, bound_name, nullable)
    value = state.value(receiver)
    assert isinstance(value, InstanceValue)
    state, new_size = fresh_int(state, _plus_one(call, size), "I", call.fresh)
    state, new_mods = fresh_int(state, _plus_one(call, mods), "I", call.fresh)
    changes = {SIZE: new_size, MODS: new_mods, ELEMENT: bound}
    state = state.with_value(receiver, _with_fields(value, changes))
    state, result = fresh_int(state, Interval.const(1), "Z", call.fresh)
    relations = (compute("+", new_size, size, 1), compute("+", new_mods, mods, 1))
    return [Returns(state, result, relations)]


@model
def size(call: LibraryCall) -> Sequence[Outcome]:
    """``size()``: the size field."""
    receiver = call.receiver
    assert receiver is not None
    counts = _fields(call, receiver, LIST, SIZE)
    if not counts:
        return unknown_library_call(call)
    return [Returns(call.popped_state(), counts[0])]


@model
def iterator(call: LibraryCall) -> Sequence[Outcome]:
    """``iterator()``: a new iterator at 0, expecting the list's modification count."""
    receiver = call.receiver
    assert receiver is not None
    counts = _fields(call, receiver, LIST, SIZE, MODS)
    if not counts or call.program is None or call.program.find(ITERATOR) is None:
        return unknown_library_call(call)
    state, cursor = fresh_int(call.popped_state(), Interval.const(0), "I", call.fresh)
    fields = {CURSOR: cursor, EXPECTED: counts[1], OWNER: receiver}
    state, result = with_fresh_value(state, InstanceValue.of(ITERATOR, fields), call.fresh)
    return [Returns(state, result)]


def _iterator_fields(call: LibraryCall) -> tuple[Ref, Ref, Ref, Ref, Ref] | None:
    """The receiver, its cursor and expected count, its list's size and count; None when the
    receiver or its list is not in the shape this module makes (module docstring)."""
    receiver = call.receiver
    assert receiver is not None
    own = _fields(call, receiver, ITERATOR, CURSOR, EXPECTED, OWNER)
    if not own:
        return None
    cursor, expected, owner = own
    counts = _fields(call, owner, LIST, SIZE, MODS)
    if not counts:
        return None
    return receiver, cursor, expected, counts[0], counts[1]


@model
def has_next(call: LibraryCall) -> Sequence[Outcome]:
    """``hasNext()``: ``cursor != size``."""
    found = _iterator_fields(call)
    if found is None:
        return unknown_library_call(call)
    _, cursor, _, length, _ = found
    outcomes: list[Outcome] = []
    for result, relation in ((1, check("!=", cursor, length)), (0, check("==", cursor, length))):
        state, value = fresh_int(call.popped_state(), Interval.const(result), "Z", call.fresh)
        outcomes += returns_if_possible(call, Returns(state, value, (relation,)))
    return outcomes or unknown_library_call(call)


@model
def next_element(call: LibraryCall) -> Sequence[Outcome]:
    """``next()``: ConcurrentModificationException when the list changed since the iterator
    was made; NoSuchElementException at or past the end; else the cursor moves on and an
    element (possibly null, possibly an object the state holds: module docstring) is
    returned."""
    found = _iterator_fields(call)
    if found is None:
        return unknown_library_call(call)
    receiver, cursor, expected, length, mods = found
    need_unshared(call, receiver)
    popped = call.popped_state()
    # the same count (one reference: no add since iterator()) needs no comparison
    changed = [] if mods == expected else [check("<", mods, expected), check(">", mods, expected)]
    same = () if mods == expected else (check("==", mods, expected),)
    state, moved = fresh_int(popped, _plus_one(call, cursor), "I", call.fresh)
    value = state.value(receiver)
    assert isinstance(value, InstanceValue)
    state = state.with_value(receiver, value.with_field(CURSOR, moved))
    owner = state.value(_fields(call, receiver, ITERATOR, OWNER)[0])
    assert isinstance(owner, InstanceValue)
    state, element = read_element(
        call, state, bound_type(state, owner) or OBJECT, _may_read_null(state, owner)
    )
    returned = Returns(
        state, element, (*same, check("<", cursor, length), compute("+", moved, cursor, 1))
    )
    past_end = Throws(popped, NSEE, constraints=(*same, check(">=", cursor, length)))
    outcomes: list[Outcome] = []
    for relation in changed:
        outcomes += returns_if_possible(call, Throws(popped, CME, constraints=(relation,)))
    outcomes += returns_if_possible(call, past_end)
    outcomes += returns_if_possible(call, returned)
    return outcomes or unknown_library_call(call)


def _may_read_null(state: AbstractState, collection: InstanceValue) -> bool:
    """Whether an element of ``collection`` may be null: a null may have been added (the
    bound's nullness, `jhalt.models.elements`), or the bound is missing or null."""
    bound = collection.field(ELEMENT)
    return bound is None or may_hold_null(state, bound)


@model
def get(call: LibraryCall) -> Sequence[Outcome]:
    """``get(index)``: IndexOutOfBoundsException outside ``[0, size)``, else an element
    (possibly null, possibly an object the state holds: module docstring)."""
    receiver = call.receiver
    assert receiver is not None
    counts = _fields(call, receiver, LIST, SIZE)
    if not counts:
        return unknown_library_call(call)
    (length,) = counts
    (index,) = call.parameters
    popped = call.popped_state()
    outcomes: list[Outcome] = []
    for relation in (check("<", index, 0), check(">=", index, length)):
        outcomes += returns_if_possible(call, Throws(popped, IOOBE, constraints=(relation,)))
    value = popped.value(receiver)
    assert isinstance(value, InstanceValue)
    bound = bound_type(popped, value) or OBJECT
    state, element = read_element(call, popped, bound, _may_read_null(popped, value))
    inside = (check(">=", index, 0), check("<", index, length))
    outcomes += returns_if_possible(call, Returns(state, element, inside))
    return outcomes or unknown_library_call(call)


def _source_counts(call: LibraryCall, source: Ref) -> tuple[Ref, Ref] | None:
    """The size and element bound of a collection of a model's shape (an ArrayList or a
    list of ``List.of``: their ``toArray`` is the JDK's), else None."""
    value = call.state.value(source)
    if not isinstance(value, InstanceValue):
        return None
    size_field = SIZE if value.class_name == LIST else SIZES.get(value.class_name)
    if size_field is None:
        return None
    found = value.field(size_field), value.field(BOUNDS[value.class_name])
    return None if None in found else found  # type: ignore[return-value]


@model
def init_copy(call: LibraryCall) -> Sequence[Outcome]:
    """``new ArrayList(c)``: NullPointerException for a null ``c``; of a collection of a
    model's shape, a list of its size and elements, no modification yet."""
    receiver = call.receiver
    assert receiver is not None
    (source,) = call.parameters
    need_non_null(call, source)
    value = call.state.value(receiver)
    counts = _source_counts(call, source)
    if counts is None or not isinstance(value, InstanceValue) or value.class_name != LIST:
        return unknown_library_call(call)
    if value.fields:
        return unknown_library_call(call)
    state, mods = fresh_int(call.popped_state(), Interval.const(0), "I", call.fresh)
    fields = {SIZE: counts[0], MODS: mods, ELEMENT: counts[1]}
    return [Returns(state.with_value(receiver, _with_fields(value, fields)), None)]


@model
def is_empty(call: LibraryCall) -> Sequence[Outcome]:
    """``isEmpty()``: 1 iff the size is 0."""
    receiver = call.receiver
    assert receiver is not None
    counts = _fields(call, receiver, LIST, SIZE)
    if not counts:
        return unknown_library_call(call)
    outcomes: list[Outcome] = []
    for result, relation in ((1, check("==", counts[0], 0)), (0, check(">", counts[0], 0))):
        state, value = fresh_int(call.popped_state(), Interval.const(result), "Z", call.fresh)
        outcomes += returns_if_possible(call, Returns(state, value, (relation,)))
    return outcomes


@model
def remove_object(call: LibraryCall) -> Sequence[Outcome]:
    """``remove(o)`` of a null or of an object of a final JDK class whose ``equals`` runs no
    program code (`jhalt.models.elements.PLAIN_TEXT`): false and nothing changed (no element
    equal), or true with the size one less and the modification count one more."""
    receiver = call.receiver
    assert receiver is not None
    counts = _fields(call, receiver, LIST, SIZE, MODS, ELEMENT)
    (element,) = call.parameters
    value = need_known_nullness(call, element)
    if not counts or (value is not None and value_type_name(value) not in PLAIN_TEXT):
        return unknown_library_call(call)
    need_unshared(call, receiver)
    size_now, mods, bound = counts
    popped = call.popped_state()
    state, absent = fresh_int(popped, Interval.const(0), "Z", call.fresh)
    outcomes: list[Outcome] = [Returns(state, absent)]
    state, new_size = fresh_int(
        popped, interval_of(call.state, size_now).sub(Interval.const(1)), "I", call.fresh
    )
    state, new_mods = fresh_int(state, _plus_one(call, mods), "I", call.fresh)
    owner = state.value(receiver)
    assert isinstance(owner, InstanceValue)
    state = state.with_value(
        receiver, _with_fields(owner, {SIZE: new_size, MODS: new_mods, ELEMENT: bound})
    )
    state, found = fresh_int(state, Interval.const(1), "Z", call.fresh)
    relations = (
        check(">", size_now, 0),
        compute("-", new_size, size_now, 1),
        compute("+", new_mods, mods, 1),
    )
    return outcomes + returns_if_possible(call, Returns(state, found, relations))


def register(registry: ModelRegistry) -> None:
    registry.register(LIST, "<init>", "()V", init)
    registry.register(LIST, "<init>", "(Ljava/util/Collection;)V", init_copy)
    registry.register(LIST, "isEmpty", "()Z", is_empty)
    registry.register(LIST, "remove", "(Ljava/lang/Object;)Z", remove_object)
    registry.register(LIST, "add", "(Ljava/lang/Object;)Z", add)
    registry.register(LIST, "size", "()I", size)
    registry.register(LIST, "get", "(I)Ljava/lang/Object;", get)
    registry.register(LIST, "iterator", "()Ljava/util/Iterator;", iterator)
    registry.register(ITERATOR, "hasNext", "()Z", has_next)
    registry.register(ITERATOR, "next", "()Ljava/lang/Object;", next_element)
