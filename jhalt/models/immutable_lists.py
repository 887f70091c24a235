"""Models of the unmodifiable lists of ``List.of`` (issue 33): ``List.of(E...)``, the
fixed-arity ``List.of(e1, …)`` (a null element: NullPointerException) and their
``size()``, ``isEmpty()``, and the mutators every such list refuses.

``List.of(array)`` is, in JDK 17–25, an instance of ``ImmutableCollections$List12`` for one or
two elements and of ``ImmutableCollections$ListN`` otherwise (0 elements: the shared empty
ListN): the model makes exactly that class — two outcomes split on the array's length —
holding, in fields of the model's own, its size (the array's length: the list copies the
array) and its element bound (`jhalt.models.elements`: the array's component type, so that
printing the list runs no program code when that is a final JDK class such as String). A null
array throws a NullPointerException, and so does an array that may hold a null element (the
JDK checks every element, the Javadoc: "NullPointerException - if an element is null or if
the array is null"): an outcome for an array of at least one element unless its entries are
known non-null (``main``'s command line; an empty array is not looked into).

The mutators of every unmodifiable collection — ``add``, ``addAll``, ``clear``, ``remove``,
``removeAll``, ``removeIf``, ``retainAll`` (``AbstractImmutableCollection``) and the indexed
``add``, ``addAll``, ``remove``, ``set``, ``sort``, ``replaceAll`` (``AbstractImmutableList``)
— throw UnsupportedOperationException whatever their arguments (the JDK throws before
looking at them), on any receiver the registry sends there. Anything else on such a list
(``get``, ``iterator``, ``contains``) is the unknown-call fallback. Assumption: the methods
terminate.
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.intervals import Interval
from jhalt.domains.values import (
    NULL,
    ArrayValue,
    InstanceValue,
    Ref,
    UnknownValue,
    value_type_name,
)
from jhalt.ids import FieldId
from jhalt.models.elements import BOUNDS, LIST_12, LIST_N, OBJECT
from jhalt.models.support import (
    fresh_int,
    model,
    need_known_nullness,
    need_non_null,
    returns_if_possible,
)
from jhalt.seg.labels import check
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

IMMUTABLE_COLLECTION = "java/util/ImmutableCollections$AbstractImmutableCollection"
IMMUTABLE_LIST = "java/util/ImmutableCollections$AbstractImmutableList"
NPE = "java/lang/NullPointerException"
UOE = "java/lang/UnsupportedOperationException"
SIZES = {name: FieldId(name, "jhalt$size", "I") for name in (LIST_N, LIST_12)}
"""The size of an unmodifiable list made here (a field of the model's own)."""


def _may_hold_null(call: LibraryCall, array: ArrayValue) -> bool:
    """Whether an element of ``array`` may be null."""
    if array.entries is None:
        return not array.non_null_entries
    for entry in array.entries:
        value = call.state.value(entry) if entry != NULL else None
        if value is None or (isinstance(value, UnknownValue) and value.nullable):
            return True
    return False


@model
def list_of(call: LibraryCall) -> Sequence[Outcome]:
    """``List.of(E...)`` (module docstring)."""
    (argument,) = call.parameters
    array = need_non_null(call, argument)
    if not isinstance(array, ArrayValue):
        return unknown_library_call(call)
    popped = call.popped_state()
    outcomes: list[Outcome] = []
    if _may_hold_null(call, array):  # List.of() of an empty array checks nothing
        outcomes += returns_if_possible(
            call, Throws(popped, NPE, constraints=(check(">=", array.length, 1),))
        )
    component = array.component_type
    bound_type = component[1:-1] if component.startswith("L") else OBJECT
    state, bound = with_fresh_value(popped, UnknownValue(bound_type, nullable=False), call.fresh)
    length = array.length
    cases = (
        (LIST_12, (check(">=", length, 1), check("<=", length, 2))),
        (LIST_N, (check("==", length, 0),)),
        (LIST_N, (check(">=", length, 3),)),
    )
    for class_name, constraints in cases:
        fields = {SIZES[class_name]: length, BOUNDS[class_name]: bound}
        made, result = with_fresh_value(state, InstanceValue.of(class_name, fields), call.fresh)
        outcomes += returns_if_possible(call, Returns(made, result, constraints))
    return outcomes


@model
def list_of_fixed(call: LibraryCall) -> Sequence[Outcome]:
    """``List.of()``, ``List.of(e1)`` … ``List.of(e1, …, e10)``: NullPointerException when an
    element may be null; a List12 of one or two elements, else a ListN (module docstring)."""
    elements = call.parameters
    popped = call.popped_state()
    values = [need_known_nullness(call, e) for e in elements]
    if any(value is None for value in values):
        return [Throws(popped, NPE)]
    types = {value_type_name(value) for value in values if value is not None}
    bound_type = types.pop() if len(types) == 1 else OBJECT
    state, bound = with_fresh_value(popped, UnknownValue(bound_type, nullable=False), call.fresh)
    state, length = fresh_int(state, Interval.const(len(elements)), "I", call.fresh)
    class_name = LIST_12 if 1 <= len(elements) <= 2 else LIST_N
    fields = {SIZES[class_name]: length, BOUNDS[class_name]: bound}
    state = havoc_reachable(state, elements)  # they escape into the list
    made, result = with_fresh_value(state, InstanceValue.of(class_name, fields), call.fresh)
    return [Returns(made, result)]


def _size_of(call: LibraryCall) -> Ref | None:
    """The size of the receiver when it is an unmodifiable list made here."""
    assert call.receiver is not None
    value = call.state.value(call.receiver)
    if not isinstance(value, InstanceValue) or value.class_name not in SIZES:
        return None
    return value.field(SIZES[value.class_name])


@model
def size(call: LibraryCall) -> Sequence[Outcome]:
    """``size()``: the list's."""
    found = _size_of(call)
    if found is None:
        return unknown_library_call(call)
    return [Returns(call.popped_state(), found)]


@model
def is_empty(call: LibraryCall) -> Sequence[Outcome]:
    """``isEmpty()``: 1 iff the size is 0."""
    found = _size_of(call)
    if found is None:
        return unknown_library_call(call)
    outcomes: list[Outcome] = []
    for value, relation in ((1, check("==", found, 0)), (0, check(">", found, 0))):
        state, result = fresh_int(call.popped_state(), Interval.const(value), "Z", call.fresh)
        outcomes += returns_if_possible(call, Returns(state, result, (relation,)))
    return outcomes


@model
def refuse(call: LibraryCall) -> Sequence[Outcome]:
    """A mutator of an unmodifiable collection: UnsupportedOperationException."""
    return [Throws(call.popped_state(), UOE)]


_MUTATORS = {
    IMMUTABLE_COLLECTION: (
        ("add", "(Ljava/lang/Object;)Z"),
        ("addAll", "(Ljava/util/Collection;)Z"),
        ("clear", "()V"),
        ("remove", "(Ljava/lang/Object;)Z"),
        ("removeAll", "(Ljava/util/Collection;)Z"),
        ("removeIf", "(Ljava/util/function/Predicate;)Z"),
        ("retainAll", "(Ljava/util/Collection;)Z"),
    ),
    IMMUTABLE_LIST: (
        ("add", "(ILjava/lang/Object;)V"),
        ("addAll", "(ILjava/util/Collection;)Z"),
        ("remove", "(I)Ljava/lang/Object;"),
        ("set", "(ILjava/lang/Object;)Ljava/lang/Object;"),
        ("sort", "(Ljava/util/Comparator;)V"),
        ("replaceAll", "(Ljava/util/function/UnaryOperator;)V"),
    ),
}


def register(registry: ModelRegistry) -> None:
    registry.register("java/util/List", "of", "([Ljava/lang/Object;)Ljava/util/List;", list_of)
    for count in range(11):
        descriptor = "(" + "Ljava/lang/Object;" * count + ")Ljava/util/List;"
        registry.register("java/util/List", "of", descriptor, list_of_fixed)
    for name in (LIST_N, LIST_12):
        registry.register(name, "size", "()I", size)
        registry.register(name, "isEmpty", "()Z", is_empty)
    for owner, methods in _MUTATORS.items():
        for method, descriptor in methods:
            registry.register(owner, method, descriptor, refuse)
