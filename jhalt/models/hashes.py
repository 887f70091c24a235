"""Models of ``java.util.HashMap``, ``java.util.HashSet`` and the maps of ``Map.of`` (issue 33:
collection-heavy programs): ``new HashMap()``/``new HashSet()``, ``put``, ``get``,
``getOrDefault``, ``containsKey``, ``remove``, ``size``, ``isEmpty`` of a map; ``add``,
``contains``, ``remove``, ``size``, ``isEmpty`` of a set; ``Map.of(k1, v1, …)`` and the
queries ``get``, ``getOrDefault``, ``containsKey``, ``size``, ``isEmpty`` of its maps — with
the exceptions the JDK documents for them: none for the hash classes (they accept null keys and
values); a NullPointerException for a null key or value of ``Map.of`` and for a query of a null
key, an IllegalArgumentException for a repeated key (JDK 17 ``ImmutableCollections``).

A map or set made here is an instance of exactly its JDK class holding fields of the model's
own (named apart from the JDK's ``size``/``table``, which no program code can read): the
number of entries ``jhalt$size``, and element bounds (`jhalt.models.elements`) of the keys
``jhalt$key`` and, for a map, of the values ``jhalt$value``. What is known of a hash map's
entries is their number and their bounds, not which keys are in: so ``get``/``containsKey``/
``remove``/``add`` of a non-empty one have both answers (found, with a value of the bound, or
not), of an empty one only "not found"; an entry added makes the size one more or, when the key
was in already, leaves it. A ``Map.of`` map whose keys are Strings also holds each key and
value (``jhalt$k0``, ``jhalt$v0``, …): a query of a String key is "equal to none of the keys"
(null, the default, false) or "equal to key i" (value i, true), stated as content relations
(``str.eq``) that the witness search solves — so a witness of a missing key is a text the map
does not hold.

The JDK's code calls the *argument* key's ``hashCode`` and ``equals`` (``HashMap.putVal``,
``getNode``, ``removeNode``, ``MapN.probe``) and, in a bin turned into a tree, ``compareTo`` of
keys of a class implementing ``Comparable``. Modelled only when none of that runs program code:
the key is null, or of a class whose ``hashCode`` and ``equals`` are plain
(`jhalt.models.plain_objects.is_plain`: Strings, boxes, records of such components, enums) and
that is a JDK value class, an enum (``Enum.compareTo`` is final) or a final class not
implementing ``Comparable``. Otherwise, and for
a receiver of another shape (a subclass, fields forgotten by unknown code), the model is the
unknown-call fallback, as before; so are ``Map.of()`` (a shared empty map) and the mutators of
``Map.of``'s maps (not modelled here).

Assumptions (as for every model): the methods terminate; no other thread changes the map;
an ``OutOfMemoryError`` is not modelled; and a hash map or set holds fewer than ``2³¹ − 1``
entries (`SIZE_LIMIT`: the JDK's ``++size`` would wrap around past it, which takes over a
hundred gigabytes of entries) — each ``Returns`` that adds an entry names it.
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.classfile.model import Access
from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState
from jhalt.domains.strings import STRING_CLASS, STRING_LENGTH
from jhalt.domains.values import NULL, InstanceValue, Ref, UnknownValue, value_type_name
from jhalt.ids import FieldId
from jhalt.models.elements import (
    OBJECT,
    bound_after_adding,
    may_hold_null,
    read_element,
    with_bound,
)
from jhalt.models.plain_objects import VALUE_CLASSES, is_plain
from jhalt.models.support import (
    fresh_int,
    interval_of,
    model,
    need_known_nullness,
    need_unshared,
    returns_if_possible,
)
from jhalt.seg.contents import EQUALS, query
from jhalt.seg.labels import Relation, check, compute
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

MAP = "java/util/HashMap"
SET = "java/util/HashSet"
MAP1 = "java/util/ImmutableCollections$Map1"
MAPN = "java/util/ImmutableCollections$MapN"
IMMUTABLE = (MAP1, MAPN)
MAPS = (MAP, *IMMUTABLE)
SIZES = {name: FieldId(name, "jhalt$size", "I") for name in (*MAPS, SET)}
KEYS = {name: FieldId(name, "jhalt$key", f"L{OBJECT};") for name in (*MAPS, SET)}
VALUES = {name: FieldId(name, "jhalt$value", f"L{OBJECT};") for name in MAPS}
ABSTRACT_IMMUTABLE = "java/util/ImmutableCollections$AbstractImmutableMap"
COMPARABLE = "java/lang/Comparable"
ENUM = "java/lang/Enum"
NPE = "java/lang/NullPointerException"
IAE = "java/lang/IllegalArgumentException"
MAX_ENTRIES = 10
"""Entries of ``Map.of`` at most (its overloads)."""
SIZE_LIMIT = (
    "a HashMap or HashSet holds fewer than 2³¹ − 1 entries (the JDK's ++size would wrap "
    "around past it; that many entries take over a hundred gigabytes)"
)

_Shape = tuple[Ref, InstanceValue, Ref, Ref, Ref | None]
"""The receiver, its value, its size, its key bound and (a map's) value bound."""


def _shape(call: LibraryCall) -> _Shape | None:
    """The receiver's fields when it is exactly a map or set made here (module docstring)."""
    receiver = call.receiver
    assert receiver is not None
    value = call.state.value(receiver)
    if not isinstance(value, InstanceValue) or value.class_name not in SIZES:
        return None
    size, key = value.field(SIZES[value.class_name]), value.field(KEYS[value.class_name])
    is_map = value.class_name in VALUES
    values = value.field(VALUES[value.class_name]) if is_map else NULL
    if size is None or key is None or values is None:
        return None
    return receiver, value, size, key, (values if is_map else None)


def key_runs_no_program_code(call: LibraryCall, key: Ref) -> bool:
    """Whether hashing, comparing and ordering ``key`` runs no program code (module doc)."""
    if key == NULL:
        return True
    value = call.state.value(key)
    program = call.program
    if value is None or program is None:
        return False
    name = value_type_name(value)
    if name in VALUE_CLASSES:
        return True
    exact = isinstance(value, InstanceValue)
    classfile = program.find(name)
    if classfile is None or not (exact or classfile.access & Access.FINAL):
        return False
    if program.is_subtype(name, COMPARABLE) and not program.is_subtype(name, ENUM):
        return False  # its compareTo may run in a tree bin; Enum's is final, the JDK's
    return is_plain(program, name, exact, "hashCode") and is_plain(program, name, exact, "equals")


def _empty_or_not(call: LibraryCall, size: Ref) -> tuple[bool, bool]:
    """Whether the size may be 0, and whether it may be more."""
    interval = interval_of(call.state, size)
    return interval.lo is None or interval.lo <= 0, interval.hi is None or interval.hi > 0


@model
def init(call: LibraryCall) -> Sequence[Outcome]:
    """``new HashMap()``/``new HashSet()``: empty, nothing stored."""
    receiver = call.receiver
    assert receiver is not None
    value = call.state.value(receiver)
    if not isinstance(value, InstanceValue) or value.class_name not in SIZES or value.fields:
        return unknown_library_call(call)
    state, size = fresh_int(call.popped_state(), Interval.const(0), "I", call.fresh)
    fields = {SIZES[value.class_name]: size, KEYS[value.class_name]: NULL}
    if value.class_name == MAP:
        fields[VALUES[MAP]] = NULL
    return [Returns(_with(state, receiver, fields), None)]


def _with(state: AbstractState, receiver: Ref, changes: dict[FieldId, Ref]) -> AbstractState:
    value = state.value(receiver)
    assert isinstance(value, InstanceValue)
    for field_id, child in changes.items():
        value = value.with_field(field_id, child)
    return state.with_value(receiver, value)


def _stored(
    call: LibraryCall, state: AbstractState, bound: Ref, added: Ref, size: Ref
) -> tuple[AbstractState, Ref]:
    """``state`` and the bound once ``added`` is stored too (`jhalt.models.elements`)."""
    name = bound_after_adding(call.state, size, bound, added)
    nullable = may_hold_null(call.state, added) or (
        bound != NULL and may_hold_null(call.state, bound)
    )
    return with_bound(call, state, bound, name, nullable)


def _value(call: LibraryCall, state: AbstractState, bound: Ref) -> tuple[AbstractState, Ref]:
    """A value read back: of the bound's type, null where a null may have been stored; null
    when no non-null value was stored."""
    held = state.value(bound) if bound != NULL else None
    if held is None:
        return state, NULL
    nullable = isinstance(held, UnknownValue) and held.nullable
    return read_element(call, state, value_type_name(held), nullable)


def _answer(state: AbstractState, answer: int, call: LibraryCall) -> tuple[AbstractState, Ref]:
    return fresh_int(state, Interval.const(answer), "Z", call.fresh)


def _found(call: LibraryCall, size: Ref) -> bool:
    """Whether the collection may hold an entry (its size may be above 0)."""
    high = interval_of(call.state, size).hi
    return high is None or high > 0


@model
def put(call: LibraryCall) -> Sequence[Outcome]:
    """``put(k, v)`` of a map, ``add(e)`` of a set: a new entry (size one more; null or
    true), or, when the collection is not empty, the key was in (size kept; the old value
    from the value bound, or false)."""
    shape = _shape(call)
    key = call.parameters[0]
    if shape is None or not key_runs_no_program_code(call, key):
        return unknown_library_call(call)
    receiver, value, size, key_bound, value_bound = shape
    need_unshared(call, receiver)
    state = havoc_reachable(call.popped_state(), list(call.parameters[1:]))
    state, new_keys = _stored(call, state, key_bound, key, size)
    changes = {KEYS[value.class_name]: new_keys}
    if value_bound is not None:
        state, new_values = _stored(call, state, value_bound, call.parameters[1], size)
        changes[VALUES[MAP]] = new_values
    more = interval_of(call.state, size).add(Interval.const(1))
    grown_state, grown = fresh_int(state, more, "I", call.fresh)
    grown_state = _with(grown_state, receiver, {**changes, SIZES[value.class_name]: grown})
    result = NULL
    if value_bound is None:
        grown_state, result = _answer(grown_state, 1, call)
    added = compute("+", grown, size, 1)
    outcomes: list[Outcome] = [Returns(grown_state, result, (added,), (SIZE_LIMIT,))]
    if _found(call, size):
        kept = _with(state, receiver, changes)
        if value_bound is None:
            kept, old = _answer(kept, 0, call)
        else:
            kept, old = _value(call, kept, value_bound)
        outcomes += returns_if_possible(call, Returns(kept, old, (check(">", size, 0),)))
    return outcomes


@model
def lookup(call: LibraryCall) -> Sequence[Outcome]:
    """``get(k)``, ``getOrDefault(k, d)``, ``containsKey(k)`` of a map, ``contains(e)`` of a
    set: not found (null, the default, false), or, when not empty, found (a value from the
    value bound, true)."""
    shape = _shape(call)
    key = call.parameters[0]
    if shape is None or not key_runs_no_program_code(call, key):
        return unknown_library_call(call)
    _, value, size, _, value_bound = shape
    if value.class_name in IMMUTABLE and may_hold_null(call.state, key):
        refused = need_known_nullness(call, key) is None
        if refused:  # Map.of's maps refuse a null key (Map1.get: o.equals(k0); MapN: probe)
            return [Throws(call.popped_state(), NPE)]
    popped = call.popped_state()
    name = call.method.name
    default = call.parameters[1] if name == "getOrDefault" else NULL
    exact = _by_key(call, value, default) if value.class_name in IMMUTABLE else None
    if exact is not None:
        return exact
    if name.startswith("contains"):
        missing, missing_answer = _answer(popped, 0, call)
        found, found_answer = _answer(popped, 1, call)
    else:
        missing, missing_answer = popped, call.parameters[1] if name == "getOrDefault" else NULL
        found, found_answer = _value(call, popped, value_bound or NULL)
    outcomes: list[Outcome] = [Returns(missing, missing_answer)]
    if _found(call, size):
        outcomes += returns_if_possible(call, Returns(found, found_answer, (check(">", size, 0),)))
    return outcomes


@model
def remove(call: LibraryCall) -> Sequence[Outcome]:
    """``remove(k)``: not found (null, false; size kept), or, when not empty, found (a value
    from the value bound, true; size one less)."""
    shape = _shape(call)
    key = call.parameters[0]
    if shape is None or not key_runs_no_program_code(call, key):
        return unknown_library_call(call)
    receiver, value, size, _, value_bound = shape
    need_unshared(call, receiver)
    popped = call.popped_state()
    if value_bound is None:
        missing, missing_answer = _answer(popped, 0, call)
    else:
        missing, missing_answer = popped, NULL
    outcomes: list[Outcome] = [Returns(missing, missing_answer)]
    if _found(call, size):
        less = interval_of(call.state, size).sub(Interval.const(1))
        state, smaller = fresh_int(popped, less, "I", call.fresh)
        state = _with(state, receiver, {SIZES[value.class_name]: smaller})
        if value_bound is None:
            state, old = _answer(state, 1, call)
        else:
            state, old = _value(call, state, value_bound)
        taken = (check(">", size, 0), compute("-", smaller, size, 1))
        outcomes += returns_if_possible(call, Returns(state, old, taken))
    return outcomes


@model
def size_of(call: LibraryCall) -> Sequence[Outcome]:
    """``size()``: the size field; ``isEmpty()``: whether it is 0."""
    shape = _shape(call)
    if shape is None:
        return unknown_library_call(call)
    size = shape[2]
    popped = call.popped_state()
    if call.method.name == "size":
        return [Returns(popped, size)]
    outcomes: list[Outcome] = []
    for answer, relation in ((1, check("==", size, 0)), (0, check(">", size, 0))):
        state, result = _answer(popped, answer, call)
        outcomes += returns_if_possible(call, Returns(state, result, (relation,)))
    return outcomes or unknown_library_call(call)


def _distinct(call: LibraryCall, first: Ref, second: Ref) -> bool:
    """Whether two keys cannot be equal: Strings whose lengths cannot be."""
    lengths = []
    for key in (first, second):
        value = call.state.value(key)
        length = value.field(STRING_LENGTH) if isinstance(value, InstanceValue) else None
        if value is None or value_type_name(value) != STRING_CLASS or length is None:
            return False
        lengths.append(interval_of(call.state, length))
    return lengths[0].meet(lengths[1]) is None


def _bound_of(
    state: AbstractState, call: LibraryCall, refs: Sequence[Ref]
) -> tuple[AbstractState, Ref]:
    """A non-null bound of the objects ``refs`` (their class when they share one)."""
    names = {value_type_name(state.heap[r]) for r in refs}
    name = names.pop() if len(names) == 1 else OBJECT
    return with_fresh_value(state, UnknownValue(name, nullable=False), call.fresh)


@model
def map_of(call: LibraryCall) -> Sequence[Outcome]:
    """``Map.of(k1, v1, …)`` (1 to 10 entries, JDK 17): a NullPointerException for a null key
    or value, an IllegalArgumentException for a repeated key (both kept unless the keys are
    Strings of different lengths), else a new ``Map1``/``MapN`` of that many entries. Its
    keys are hashed and compared (`key_runs_no_program_code`); its values escape into it."""
    params = call.parameters
    keys, values = params[0::2], params[1::2]
    name = MAP1 if len(keys) == 1 else MAPN
    plain = all(key != NULL and key_runs_no_program_code(call, key) for key in keys)
    if not plain or NULL in values or call.program is None or call.program.find(name) is None:
        return unknown_library_call(call)
    popped = call.popped_state()
    outcomes: list[Outcome] = []
    if any(may_hold_null(call.state, r) for r in params):
        outcomes.append(Throws(popped, NPE))
    pairs = [(a, b) for i, a in enumerate(keys) for b in keys[i + 1 :]]
    if any(not _distinct(call, a, b) for a, b in pairs):
        outcomes.append(Throws(popped, IAE))
    state = havoc_reachable(popped, list(values))
    state, key_bound = _bound_of(state, call, keys)
    state, value_bound = _bound_of(state, call, values)
    state, size = fresh_int(state, Interval.const(len(keys)), "I", call.fresh)
    fields = {SIZES[name]: size, KEYS[name]: key_bound, VALUES[name]: value_bound}
    if all(value_type_name(call.state.heap[key]) == STRING_CLASS for key in keys):
        for index, (key, value) in enumerate(zip(keys, values)):
            fields[_entry(name, "k", index)] = key
            fields[_entry(name, "v", index)] = value
    state, result = with_fresh_value(state, InstanceValue.of(name, fields), call.fresh)
    return [*outcomes, Returns(state, result)]


def _entry(class_name: str, kind: str, index: int) -> FieldId:
    """The field of an immutable map with String keys that holds its ``index``-th key
    (``kind`` ``k``) or value (``v``)."""
    return FieldId(class_name, f"jhalt${kind}{index}", f"L{OBJECT};")


def _entries(value: InstanceValue) -> list[tuple[Ref, Ref]]:
    """The (key, value) pairs an immutable map with String keys holds (none otherwise)."""
    found = []
    for index in range(MAX_ENTRIES):
        key = value.field(_entry(value.class_name, "k", index))
        held = value.field(_entry(value.class_name, "v", index))
        if key is None or held is None:
            break
        found.append((key, held))
    return found


def _compared(
    call: LibraryCall, state: AbstractState, key: Ref, other: Ref, answer: int
) -> tuple[AbstractState, list[Relation]]:
    """``state`` and the relations of ``key.equals(other) == answer`` (contents)."""
    state, result = _answer(state, answer, call)
    relations = [query(EQUALS, result, key, other), check("==", result, answer)]
    return state, relations


def _by_key(call: LibraryCall, value: InstanceValue, missing: Ref) -> list[Outcome] | None:
    """The outcomes of a lookup of a String key in an immutable map with String keys: not
    found — the key equals none of them —, or found as one, with that key's value (None when
    the map or the key is not of that shape)."""
    entries = _entries(value)
    key = call.parameters[0]
    held = call.state.value(key)
    if not entries or held is None or value_type_name(held) != STRING_CLASS:
        return None
    contains = call.method.name == "containsKey"
    state = call.popped_state()
    relations: list[Relation] = []
    for other, _ in entries:
        state, compared = _compared(call, state, key, other, 0)
        relations += compared
    if contains:
        state, missing = _answer(state, 0, call)
    outcomes: list[Outcome] = [Returns(state, missing, tuple(relations))]
    for other, entry_value in entries:
        state, relations = _compared(call, call.popped_state(), key, other, 1)
        if contains:
            state, entry_value = _answer(state, 1, call)
        outcomes.append(Returns(state, entry_value, tuple(relations)))
    return outcomes


OBJECT_D = f"L{OBJECT};"
MAP_METHODS = {
    "put": (f"({OBJECT_D}{OBJECT_D}){OBJECT_D}", put),
    "get": (f"({OBJECT_D}){OBJECT_D}", lookup),
    "getOrDefault": (f"({OBJECT_D}{OBJECT_D}){OBJECT_D}", lookup),
    "containsKey": (f"({OBJECT_D})Z", lookup),
    "remove": (f"({OBJECT_D}){OBJECT_D}", remove),
}
SET_METHODS = {
    "add": (f"({OBJECT_D})Z", put),
    "contains": (f"({OBJECT_D})Z", lookup),
    "remove": (f"({OBJECT_D})Z", remove),
}


def register(registry: ModelRegistry) -> None:
    for count in range(1, 11):
        registry.register("java/util/Map", "of", f"({OBJECT_D * 2 * count})Ljava/util/Map;", map_of)
    for class_name in IMMUTABLE:
        registry.register(class_name, "size", "()I", size_of)
        registry.register(class_name, "isEmpty", "()Z", size_of)
        registry.register(class_name, "get", MAP_METHODS["get"][0], lookup)
        registry.register(class_name, "containsKey", MAP_METHODS["containsKey"][0], lookup)
    registry.register(ABSTRACT_IMMUTABLE, "getOrDefault", MAP_METHODS["getOrDefault"][0], lookup)
    for class_name, methods in ((MAP, MAP_METHODS), (SET, SET_METHODS)):
        registry.register(class_name, "<init>", "()V", init)
        registry.register(class_name, "size", "()I", size_of)
        registry.register(class_name, "isEmpty", "()Z", size_of)
        for name, (descriptor, function) in methods.items():
            registry.register(class_name, name, descriptor, function)
