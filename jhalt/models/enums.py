"""Models of ``java.lang.Enum`` (issue 33 item 5: enums and switches on them), after the
JDK 17 Javadoc and source of ``Enum``.

* ``Enum(String name, int ordinal)`` (called by javac's constructor of every enum) stores
  both in the receiver: the pseudo-fields :data:`NAME` and :data:`ORDINAL` (the JDK's own
  field names), which ``name()``, ``toString()`` and ``ordinal()`` read back. A receiver
  whose ordinal is not represented gets it realized (``>= 0``); a name not represented is a
  non-null String that may be any String of the state (javac passes an interned literal:
  ``=?``); an object of unknown class gets such values afresh (``name``/``ordinal`` are
  final, so nothing else runs).
* ``toString()`` runs only where no override is selected (``call.method`` is the selected
  method); for an object of unknown exact class an override may run instead: the
  unknown-call fallback.
* ``equals``/``hashCode`` are final: identity and an identity hash.
* ``compareTo(E)``: ``NullPointerException`` for null; ``ClassCastException`` when the two
  constants may be of different enum classes (a raw call); else any int.
* ``Enum.valueOf(Class, String)`` (called by javac's ``E.valueOf(String)``):
  ``NullPointerException`` when either is null; ``IllegalArgumentException`` when the name
  is none of the constants' names; else the constant of that name (a non-null instance of
  the class that may be any such object of the state: ``=?``), one outcome per constant. Each outcome states its condition on
  the edge as content relations (the name equals, or differs from, each constant's name,
  `jhalt.seg.contents`), so the witness search chooses a name that fails and a run that
  knows the name decides the call (`jhalt.seg.known_texts`). The constants
  are the class's static fields flagged ``ACC_ENUM`` (JVMS §4.5); when the class cannot be
  read, the failure has no relation.
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.classfile.model import Access
from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState
from jhalt.domains.strings import constant_length
from jhalt.domains.values import HeapValue, InstanceValue, IntValue, Ref, UnknownValue
from jhalt.errors import JhaltError
from jhalt.ids import FieldId
from jhalt.models.support import (
    IAE,
    Preliminary,
    bind_canonical,
    canonical_string,
    fresh_int,
    identity_equals,
    identity_hash,
    model,
    need_non_null,
    need_unshared,
    new_string,
    realization,
)
from jhalt.seg import contents
from jhalt.seg.evaluate.class_objects import represented_type
from jhalt.seg.labels import Relation, check
from jhalt.seg.library import (
    LibraryCall,
    ModelRegistry,
    Outcome,
    Returns,
    Throws,
    unknown_library_call,
)

ENUM = "java/lang/Enum"
NAME = FieldId(ENUM, "name", "Ljava/lang/String;")
ORDINAL = FieldId(ENUM, "ordinal", "I")
CCE = "java/lang/ClassCastException"
ENUM_SUPERTYPES = frozenset(
    {
        ENUM,
        "java/lang/Object",
        "java/lang/Comparable",
        "java/io/Serializable",
        "java/lang/constant/Constable",
    }
)


def constant_names(call: LibraryCall, class_name: str) -> tuple[str, ...] | None:
    """The names of the enum constants of ``class_name`` in declaration order (its static
    fields flagged ``ACC_ENUM``), None when the class cannot be read."""
    if call.program is None:
        return None
    try:
        classfile = call.program.lookup(class_name)
    except JhaltError:
        return None
    return tuple(f.name for f in classfile.fields if f.is_static and f.access & Access.ENUM)


@model
def init(call: LibraryCall) -> Sequence[Outcome]:
    """``Enum(String name, int ordinal)``: the receiver's two fields (module docstring)."""
    receiver = call.receiver
    assert receiver is not None
    name, ordinal = call.parameters
    need_unshared(call, receiver)
    popped = call.popped_state()
    value = popped.heap[receiver]
    if not isinstance(value, InstanceValue):
        return unknown_library_call(call)
    updated = value.with_field(NAME, name).with_field(ORDINAL, ordinal)
    return [Returns(popped.with_value(receiver, updated), None)]


def _field(call: LibraryCall, field_id: FieldId) -> Ref | None:
    """The receiver's ``name`` or ``ordinal`` when represented; an ordinal is realized when
    not (raises :class:`Preliminary`); None for an object of unknown class or a name that is
    not represented."""
    receiver = call.receiver
    assert receiver is not None
    value = need_non_null(call, receiver)
    if not isinstance(value, InstanceValue):
        return None
    found = value.field(field_id)
    if found is not None or field_id != ORDINAL:
        return found
    fresh = call.fresh("i")
    extra: dict[Ref, HeapValue] = {fresh: IntValue(Interval.at_least(0), "I")}
    raise Preliminary([realization(call, receiver, value.with_field(field_id, fresh), extra)])


@model
def ordinal(call: LibraryCall) -> Sequence[Outcome]:
    """``ordinal()``: the receiver's ordinal (module docstring)."""
    found = _field(call, ORDINAL)
    if found is not None:
        return [Returns(call.popped_state(), found)]
    state, result = fresh_int(call.popped_state(), Interval.at_least(0), "I", call.fresh)
    return [Returns(state, result)]


@model
def name(call: LibraryCall) -> Sequence[Outcome]:
    """``name()``: the receiver's name (module docstring)."""
    found = _field(call, NAME)
    if found is not None:
        return [Returns(call.popped_state(), found)]
    # the name javac passed: an interned literal, maybe one the state holds (=?)
    state, result, _ = canonical_string(call.popped_state(), Interval.at_least(0), call.fresh)
    return [Returns(state, result)]


@model
def to_string(call: LibraryCall) -> Sequence[Outcome]:
    """``toString()`` where ``Enum``'s own runs: the name (module docstring)."""
    receiver = call.receiver
    assert receiver is not None
    if not isinstance(need_non_null(call, receiver), InstanceValue):
        return unknown_library_call(call)
    return name(call)


@model
def equals(call: LibraryCall) -> Sequence[Outcome]:
    """``equals(Object)`` is final: ``this == other`` (an ``=?`` pair refined first)."""
    return identity_equals(call)


@model
def hash_code(call: LibraryCall) -> Sequence[Outcome]:
    """``hashCode()`` is final: an identity hash, any int."""
    return identity_hash(call)


@model
def compare_to(call: LibraryCall) -> Sequence[Outcome]:
    """``compareTo(E)`` (module docstring)."""
    receiver = call.receiver
    assert receiver is not None
    (other,) = call.parameters
    mine, theirs = call.state.heap[receiver], need_non_null(call, other)
    popped = call.popped_state()
    state, result = fresh_int(popped, Interval.of_type("I"), "I", call.fresh)
    outcomes: list[Outcome] = [Returns(state, result)]
    same_class = (
        isinstance(mine, InstanceValue)
        and isinstance(theirs, InstanceValue)
        and mine.class_name == theirs.class_name
    )
    if not same_class:
        outcomes.append(Throws(popped, CCE))
    return outcomes


@model
def value_of(call: LibraryCall) -> Sequence[Outcome]:
    """``Enum.valueOf(Class, String)`` (module docstring)."""
    enum_class, text = call.parameters
    class_value = need_non_null(call, enum_class)
    need_non_null(call, text)
    descriptor = represented_type(class_value)
    class_name = descriptor[1:-1] if descriptor and descriptor.startswith("L") else ENUM
    popped = call.popped_state()
    names = constant_names(call, class_name) if class_name != ENUM else None
    if not names:
        returned, result = _some_constant(popped, call, class_name)
        return [Returns(returned, result), Throws(popped, IAE)]
    outcomes: list[Outcome] = []
    for constant in names:
        state, relations = _compared(call, popped, text, constant, 1)
        state, result = _some_constant(state, call, class_name)
        outcomes.append(Returns(state, result, tuple(relations)))
    failing, relations = popped, list[Relation]()
    for constant in names:
        failing, relation = _compared(call, failing, text, constant, 0)
        relations += relation
    return [*outcomes, Throws(failing, IAE, constraints=tuple(relations))]


def _some_constant(
    state: AbstractState, call: LibraryCall, class_name: str
) -> tuple[AbstractState, Ref]:
    """``state`` with a reference to one of the (pre-existing) constants of ``class_name``:
    ``=?`` with every object of the state that may be one (`bind_canonical`)."""

    def same(value: HeapValue) -> bool:
        if isinstance(value, InstanceValue):
            return value.class_name == class_name or value.class_name.startswith(class_name + "$")
        if isinstance(value, UnknownValue):
            return value.type_name == class_name or value.type_name in ENUM_SUPERTYPES
        return False

    return bind_canonical(state, UnknownValue(class_name, False), call.fresh, same)


def _compared(
    call: LibraryCall, state: AbstractState, text: Ref, constant: str, answer: int
) -> tuple[AbstractState, list[Relation]]:
    """``state`` with the literal ``constant`` and the relations ``text.equals(constant)
    == answer``."""
    with_length, length = fresh_int(state, constant_length(constant).interval, "I", call.fresh)
    with_literal, literal = new_string(with_length, length, call.fresh)
    with_answer, result = fresh_int(with_literal, Interval.const(answer), "Z", call.fresh)
    return with_answer, [
        contents.literal(literal, constant),
        contents.query(contents.EQUALS, result, text, literal),
        check("==", result, answer),
    ]


def register(registry: ModelRegistry) -> None:
    registry.register(ENUM, "<init>", "(Ljava/lang/String;I)V", init)
    registry.register(ENUM, "ordinal", "()I", ordinal)
    registry.register(ENUM, "name", "()Ljava/lang/String;", name)
    registry.register(ENUM, "toString", "()Ljava/lang/String;", to_string)
    registry.register(ENUM, "equals", "(Ljava/lang/Object;)Z", equals)
    registry.register(ENUM, "hashCode", "()I", hash_code)
    registry.register(ENUM, "compareTo", "(Ljava/lang/Enum;)I", compare_to)
    registry.register(
        ENUM, "valueOf", "(Ljava/lang/Class;Ljava/lang/String;)Ljava/lang/Enum;", value_of
    )


__all__ = ["NAME", "ORDINAL", "register"]
