"""The elements of the modelled collections (``ArrayList``, ``ArrayDeque``, the lists of
``List.of``): the element
bound a collection holds, and an element read back out of it.

A collection of a model's shape holds, in a field of the model's own (``jhalt$element``, a
name no JDK field has), its *element bound*: ``null`` while nothing non-null was stored, else
an object whose type bounds the class of every non-null element — the class of the one
object added to an empty collection, the same class when it is added again,
``java/lang/Object`` after objects of different classes — and, by its own nullness, whether
a null may have been stored (an unknown object that may be null once a possibly-null object
was added; ``java/lang/Object`` when only nulls were). It is tracked from what the program
added, never from generic signatures (which unchecked code may break). A merge of states
makes it an unknown object of the common supertype, which still bounds every element. The
bound is the model's bookkeeping: no element is it.

An element read back is a fresh object of the bound's type that may be *any* object of a
compatible type the state holds — ``=?`` to each (it may be one the program added and still
holds, so a change through one name is seen through the other) and possibly sharing with
each (``⋀``) — and is not tree-shaped (the collection reaches it too).
"""

from __future__ import annotations

from jhalt.domains.state import AbstractState
from jhalt.domains.strings import STRING_CLASS
from jhalt.domains.values import NULL, InstanceValue, Ref, UnknownValue, value_type_name
from jhalt.ids import FieldId
from jhalt.models.support import interval_of, may_be_one_object
from jhalt.seg.library import LibraryCall, with_fresh_value

OBJECT = "java/lang/Object"
LIST = "java/util/ArrayList"
DEQUE = "java/util/ArrayDeque"
LIST_N = "java/util/ImmutableCollections$ListN"
LIST_12 = "java/util/ImmutableCollections$List12"
BOUNDS = {
    name: FieldId(name, "jhalt$element", f"L{OBJECT};") for name in (LIST, DEQUE, LIST_N, LIST_12)
}
"""The element-bound field of each modelled collection class."""

PLAIN_TEXT = frozenset(
    {
        STRING_CLASS,
        "java/lang/Integer",
        "java/lang/Long",
        "java/lang/Short",
        "java/lang/Byte",
        "java/lang/Character",
        "java/lang/Boolean",
        "java/lang/Float",
        "java/lang/Double",
        "java/lang/StringBuilder",
        "java/lang/StringBuffer",
    }
)
"""Final JDK classes whose ``toString()`` runs no program code (a bound of one of them is
the exact class of every non-null element)."""


def bound_after_adding(state: AbstractState, size: Ref, bound: Ref, added: Ref) -> str | None:
    """The type that bounds every non-null element once ``added`` is in (``size`` elements
    before); None while nothing non-null was stored (module docstring)."""
    held = state.value(bound) if bound != NULL else None
    held_type = None if held is None else value_type_name(held)
    if added == NULL:
        return held_type
    added_type = value_type_name(state.heap[added])
    if held_type is None or interval_of(state, size).hi == 0:
        return added_type
    return added_type if held_type == added_type else OBJECT


def may_hold_null(state: AbstractState, reference: Ref) -> bool:
    """Whether the object at ``reference`` (an added object or a bound) may be null."""
    if reference == NULL:
        return True
    value = state.value(reference)
    return value is None or (isinstance(value, UnknownValue) and value.nullable)


def with_bound(
    call: LibraryCall,
    state: AbstractState,
    bound: Ref,
    type_name: str | None,
    nullable: bool = False,
) -> tuple[AbstractState, Ref]:
    """``state`` and the bound object for ``type_name`` (``java/lang/Object`` for None when
    ``nullable``), null where a null may have been stored: ``bound`` itself when it is
    that already, else a fresh unknown object (``null`` for None, nothing stored)."""
    if type_name is None and not nullable:
        return state, NULL
    name = type_name or OBJECT
    held = state.value(bound) if bound != NULL else None
    if (
        held is not None
        and value_type_name(held) == name
        and may_hold_null(state, bound) == nullable
    ):
        return state, bound
    return with_fresh_value(state, UnknownValue(name, nullable=nullable), call.fresh)


def bound_type(state: AbstractState, collection: InstanceValue) -> str | None:
    """The type named by the element bound of ``collection``; None while nothing non-null
    was stored or when it is of no modelled shape."""
    field_id = BOUNDS.get(collection.class_name)
    bound = None if field_id is None else collection.field(field_id)
    if bound is None or bound == NULL:
        return None
    held = state.value(bound)
    return None if held is None else value_type_name(held)


def _bounds(state: AbstractState) -> set[Ref]:
    """Every element-bound object of a collection the state holds."""
    found: set[Ref] = set()
    for value in state.heap.values():
        if isinstance(value, InstanceValue) and value.class_name in BOUNDS:
            bound = value.field(BOUNDS[value.class_name])
            if bound is not None and bound != NULL:
                found.add(bound)
    return found


def read_element(
    call: LibraryCall, state: AbstractState, type_name: str, nullable: bool
) -> tuple[AbstractState, Ref]:
    """``state`` with a fresh element of type ``type_name`` (null too when ``nullable``),
    possibly any compatible object of the state (module docstring), and its reference."""
    element_value = UnknownValue(type_name, nullable=nullable)
    state, result = with_fresh_value(state, element_value, call.fresh)
    predicates = state.predicates.with_non_tree(result)
    bounds = _bounds(state)
    for reference, other in state.heap.items():
        if reference == result or reference in bounds:
            continue
        if may_be_one_object(call, element_value, other):
            predicates = predicates.with_maybe_equal(result, reference)
            predicates = predicates.with_join(result, reference)
    return state.with_predicates(predicates), result


def text_runs_no_program_code(state: AbstractState, collection: InstanceValue) -> bool:
    """Whether ``toString()`` of ``collection`` (``AbstractCollection.toString``: ``String.valueOf``
    of each element) runs no program code: it is a collection of a model's shape (an exact
    JDK class, so its own ``toString`` is the JDK's) whose every non-null element is of a
    final JDK class of :data:`PLAIN_TEXT` (or which holds no non-null element)."""
    field_id = BOUNDS.get(collection.class_name)
    bound = None if field_id is None else collection.field(field_id)
    if bound is None:
        return False
    return bound == NULL or bound_type(state, collection) in PLAIN_TEXT
