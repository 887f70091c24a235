"""Models of the boxing classes ``Integer Long Short Byte Character Boolean`` (issue 3
item 5): ``valueOf``, the ``xxxValue`` unboxing methods, ``parseXxx``, ``compare``,
``compareTo``, ``equals``, ``hashCode`` and ``toString``.

A box is an instance of its class whose only represented field is the JDK's own
``value`` field (:func:`value_field`), holding the primitive exactly. Unboxing is exact
(an ``=`` relation, or ``conv:T`` for a narrowing such as ``Integer.byteValue``);
comparisons are exact case splits with their relations recorded.

Assumptions (JDK 17, default JVM flags): the box caches hold exactly the values of JLS
§5.1.7 (``-128..127``; ``Character`` ``0..127``; all ``Byte``; ``Boolean.TRUE/FALSE``) —
``-XX:AutoBoxCacheMax`` is not used. ``valueOf`` of a possibly cached value may return
a pre-existing object (``=?``/``⋀`` annotations, :func:`~jhalt.models.support.bind_canonical`);
otherwise it returns a new object. ``parseXxx`` may throw ``NumberFormatException`` for
any text (characters are not represented) and returns any value of the type otherwise;
a successful parse needs a non-empty text. ``Boolean.parseBoolean``/``valueOf(String)``
give any boolean for a non-null text (false for ``null``), the content relation saying which.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jhalt.domains.intervals import Interval, type_range
from jhalt.domains.state import AbstractState
from jhalt.domains.values import FloatValue, HeapValue, InstanceValue, IntValue, Ref, UnknownValue
from jhalt.ids import FieldId
from jhalt.models.lengths import boolean_text_length, decimal_length
from jhalt.models.support import (
    NFE,
    Preliminary,
    bind_canonical,
    canonical_string,
    fresh_float,
    fresh_int,
    interval_of,
    model,
    need_known_nullness,
    need_non_null,
    need_string_length,
    new_string_of_length,
    realization,
    returns_if_possible,
)
from jhalt.models.text import value_of_boolean, value_of_primitive
from jhalt.seg.contents import PARSE, TRUTH, no_parse, query
from jhalt.seg.labels import Relation, check, compute
from jhalt.seg.library import (
    LibraryCall,
    LibraryModel,
    ModelRegistry,
    Outcome,
    Returns,
    Throws,
    with_fresh_value,
)


@dataclass(frozen=True)
class Box:
    """One boxing class: its name, primitive descriptor and cache range."""

    class_name: str
    letter: str
    parse_name: str | None
    cache: Interval

    @property
    def field(self) -> FieldId:
        return value_field(self.class_name, self.letter)


BOXES: tuple[Box, ...] = (
    Box("java/lang/Integer", "I", "parseInt", Interval(-128, 127)),
    Box("java/lang/Long", "J", "parseLong", Interval(-128, 127)),
    Box("java/lang/Short", "S", "parseShort", Interval(-128, 127)),
    Box("java/lang/Byte", "B", "parseByte", Interval(-128, 127)),
    Box("java/lang/Character", "C", None, Interval(0, 127)),
    Box("java/lang/Boolean", "Z", None, Interval(0, 1)),
)
BOX_BY_CLASS = {box.class_name: box for box in BOXES}


BOX_SUPERTYPES = frozenset(
    {
        "java/lang/Object",
        "java/lang/Number",
        "java/io/Serializable",
        "java/lang/Comparable",
        "java/lang/constant/Constable",
        "java/lang/constant/ConstantDesc",
    }
)


def value_field(class_name: str, letter: str) -> FieldId:
    """The ``value`` field of a box class."""
    return FieldId(class_name, "value", letter)


def box_instance(box: Box, value: Ref) -> InstanceValue:
    return InstanceValue.of(box.class_name, {box.field: value})


def need_box_value(call: LibraryCall, reference: Ref, box: Box) -> Ref:
    """The primitive inside a non-null box (NPE for null; realizes ``value``)."""
    found = need_non_null(call, reference)
    if isinstance(found, InstanceValue) and found.class_name == box.class_name:
        inner = found.field(box.field)
        if inner is not None:
            return inner
    if isinstance(found, (InstanceValue, UnknownValue)):
        fresh = call.fresh("i")
        realized = box_instance(box, fresh)
        raise Preliminary(
            [realization(call, reference, realized, {fresh: IntValue.of_type(box.letter)})]
        )
    raise TypeError(f"{reference} is not a {box.class_name}: {found}")


def _box_of_method(call: LibraryCall) -> Box:
    return BOX_BY_CLASS[call.method.class_name]


# ---------------------------------------------------------------- boxing
@model
def value_of(call: LibraryCall) -> Sequence[Outcome]:
    """``X.valueOf(x)``: a box holding ``x`` — a cached (pre-existing) one when ``x`` may
    be in the cache range, else a new one."""
    box = _box_of_method(call)
    (argument,) = call.parameters
    interval = interval_of(call.state, argument)
    value = box_instance(box, argument)
    popped = call.popped_state()
    if interval.meet(box.cache) is None:
        state, result = with_fresh_value(popped, value, call.fresh)
        return [Returns(state, result)]

    def same(other: HeapValue) -> bool:
        if isinstance(other, UnknownValue):
            return other.type_name == box.class_name or other.type_name in BOX_SUPERTYPES
        if isinstance(other, InstanceValue) and other.class_name == box.class_name:
            inner = other.field(box.field)
            inner_value = None if inner is None else popped.heap.get(inner)
            return not isinstance(inner_value, IntValue) or inner_value.interval.may_be_equal(
                interval
            )
        return False

    state, result = bind_canonical(popped, value, call.fresh, same)
    return [Returns(state, result)]


# ---------------------------------------------------------------- unboxing
@model
def unbox(call: LibraryCall) -> Sequence[Outcome]:
    """``intValue()``, ``longValue()``, ``byteValue()``, ``doubleValue()``, …: the value
    converted to the return type (exact for integral types)."""
    box = _box_of_method(call)
    receiver = call.receiver
    assert receiver is not None
    inner = need_box_value(call, receiver, box)
    target = call.return_descriptor
    popped = call.popped_state()
    inner_value = call.state.int_value(inner)
    if target == box.letter:
        return [Returns(popped, inner)]
    if target in ("F", "D"):
        if inner_value.interval.is_singleton:
            state, result = with_fresh_value(
                popped, FloatValue.of(float(inner_value.interval.value), target), call.fresh
            )
        else:
            state, result = fresh_float(popped, target, call.fresh)
        return [Returns(state, result, (compute("float", result, inner),))]
    converted = inner_value.interval.narrow_to_type(target)
    state, result = fresh_int(popped, converted, target, call.fresh)
    op = "=" if inner_value.interval.fits_type(target) else f"conv:{target}"
    return [Returns(state, result, (compute(op, result, inner),))]


# ---------------------------------------------------------------- comparisons
def _sign_cases(call: LibraryCall, left: Ref, right: Ref) -> list[Outcome]:
    """``Integer/Long.compare(x, y)``: -1, 0 or 1 with the relation of each case (JDK 17;
    Short/Byte/Character return ``x - y``, see :func:`_difference`)."""
    outcomes: list[Outcome] = []
    for sign, op in ((-1, "<"), (0, "=="), (1, ">")):
        state, result = fresh_int(call.popped_state(), Interval.const(sign), "I", call.fresh)
        outcomes += returns_if_possible(call, Returns(state, result, (check(op, left, right),)))
    return outcomes


def _difference(call: LibraryCall, left: Ref, right: Ref) -> list[Outcome]:
    """``Short/Byte/Character.compare(x, y)`` is ``x - y`` (JDK 17)."""
    interval = interval_of(call.state, left).sub(interval_of(call.state, right))
    state, result = fresh_int(call.popped_state(), interval, "I", call.fresh)
    return [Returns(state, result, (compute("-", result, left, right),))]


def _compare_values(call: LibraryCall, box: Box, left: Ref, right: Ref) -> list[Outcome]:
    if box.letter in ("S", "B", "C"):
        return _difference(call, left, right)
    if box.letter == "Z":
        return _boolean_compare(call, left, right)
    return _sign_cases(call, left, right)


def _boolean_compare(call: LibraryCall, left: Ref, right: Ref) -> list[Outcome]:
    """``Boolean.compare(x, y)``: 0 if equal, 1 if x, else -1."""
    outcomes: list[Outcome] = []
    for sign, relations in (
        (0, (check("==", left, right),)),
        (1, (check(">", left, right),)),
        (-1, (check("<", left, right),)),
    ):
        state, result = fresh_int(call.popped_state(), Interval.const(sign), "I", call.fresh)
        outcomes += returns_if_possible(call, Returns(state, result, relations))
    return outcomes


@model
def compare(call: LibraryCall) -> Sequence[Outcome]:
    """Static ``X.compare(x, y)``."""
    left, right = call.parameters
    return _compare_values(call, _box_of_method(call), left, right)


@model
def compare_to(call: LibraryCall) -> Sequence[Outcome]:
    """``x.compareTo(y)``: NPE for a null ``y``, else ``compare`` of the values."""
    box = _box_of_method(call)
    receiver = call.receiver
    assert receiver is not None
    left = need_box_value(call, receiver, box)
    right = need_box_value(call, call.parameters[0], box)
    return _compare_values(call, box, left, right)


def _boolean(call: LibraryCall, value: int, *relations: object) -> Returns:
    state, result = fresh_int(call.popped_state(), Interval.const(value), "Z", call.fresh)
    return Returns(state, result, tuple(relations))  # type: ignore[arg-type]


@model
def equals(call: LibraryCall) -> Sequence[Outcome]:
    """``x.equals(o)``: true iff ``o`` is a box of the same class with an equal value."""
    box = _box_of_method(call)
    receiver = call.receiver
    assert receiver is not None
    left = need_box_value(call, receiver, box)
    (other,) = call.parameters
    other_value = need_known_nullness(call, other)
    if other_value is None:
        return [_boolean(call, 0)]
    if isinstance(other_value, InstanceValue) and other_value.class_name != box.class_name:
        return [_boolean(call, 0)]
    if isinstance(other_value, UnknownValue) and other_value.type_name != box.class_name:
        if other_value.type_name not in BOX_SUPERTYPES:
            return [_boolean(call, 0)]
        state, result = fresh_int(call.popped_state(), Interval(0, 1), "Z", call.fresh)
        return [Returns(state, result)]
    if not isinstance(other_value, (InstanceValue, UnknownValue)):
        return [_boolean(call, 0)]
    right = need_box_value(call, other, box)
    return [
        *returns_if_possible(call, _boolean(call, 1, check("==", left, right))),
        *returns_if_possible(call, _boolean(call, 0, check("!=", left, right))),
    ]


@model
def hash_code(call: LibraryCall) -> Sequence[Outcome]:
    """``hashCode()``: the value itself for Integer/Short/Byte/Character (widened to int);
    any int for Long and Boolean (1231/1237)."""
    box = _box_of_method(call)
    receiver = call.receiver
    assert receiver is not None
    inner = need_box_value(call, receiver, box)
    if box.letter == "I":
        return [Returns(call.popped_state(), inner)]
    if box.letter in ("S", "B", "C"):
        state, result = fresh_int(
            call.popped_state(), interval_of(call.state, inner), "I", call.fresh
        )
        return [Returns(state, result, (compute("=", result, inner),))]
    if box.letter == "Z":
        state, result = fresh_int(call.popped_state(), Interval(1231, 1237), "I", call.fresh)
        return [Returns(state, result)]
    state, result = fresh_int(call.popped_state(), Interval.of_type("I"), "I", call.fresh)
    return [Returns(state, result)]


# ---------------------------------------------------------------- parsing and text
@model
def parse(call: LibraryCall) -> Sequence[Outcome]:
    """``parseInt(s)``, ``valueOf(String)``, ``parseLong``, … (optionally with a radix):
    ``NumberFormatException`` (also for ``null``), or any value of the type — only for a
    non-empty text. Without a radix, the content relations say which: the value the text
    denotes, or ``NumberFormatException`` when it denotes none in the type's range. ``valueOf(String)`` boxes the value like ``valueOf(x)``."""
    box = _box_of_method(call)
    text = call.parameters[0]
    popped = call.popped_state()
    if need_known_nullness(call, text) is None:
        return [Throws(popped, NFE)]
    size = need_string_length(call, text)
    state, number = fresh_int(popped, Interval.of_type(box.letter), box.letter, call.fresh)
    relations: tuple[Relation, ...] = (check(">=", size, 1),)
    failure = Throws(popped, NFE)
    if len(call.parameters) == 1:  # radix 10: the content relations of `jhalt.seg.contents`
        low, high = type_range(box.letter)
        relations += (query(PARSE, number, text, low, high),)
        failure = Throws(popped, NFE, constraints=(no_parse(text, low, high),))
    if call.return_descriptor == box.letter:
        return [*returns_if_possible(call, Returns(state, number, relations)), failure]
    state, boxed = boxed_number(box, state, number, call)
    return [*returns_if_possible(call, Returns(state, boxed, relations)), failure]


def boxed_number(
    box: Box, state: AbstractState, number: Ref, call: LibraryCall
) -> tuple[AbstractState, Ref]:
    """``number`` boxed as ``valueOf(String)`` returns it: possibly a cached box."""

    def same(other: HeapValue) -> bool:
        if isinstance(other, UnknownValue):
            return other.type_name == box.class_name or other.type_name in BOX_SUPERTYPES
        return isinstance(other, InstanceValue) and other.class_name == box.class_name

    return bind_canonical(state, box_instance(box, number), call.fresh, same)


@model
def parse_boolean(call: LibraryCall) -> Sequence[Outcome]:
    """``Boolean.parseBoolean(s)``, ``Boolean.valueOf(String)``: false for ``null``, else
    whether ``s`` equals ``"true"`` ignoring case (the content relation ``str.truth``);
    never throws."""
    box = _box_of_method(call)
    text = call.parameters[0]
    popped = call.popped_state()
    if need_known_nullness(call, text) is None:
        state, truth = fresh_int(popped, Interval.const(0), "Z", call.fresh)
        relations: tuple[Relation, ...] = ()
    else:
        state, truth = fresh_int(popped, Interval(0, 1), "Z", call.fresh)
        relations = (query(TRUTH, truth, text),)
    if call.return_descriptor == "Z":
        return [Returns(state, truth, relations)]
    state, boxed = boxed_number(box, state, truth, call)
    return [Returns(state, boxed, relations)]


@model
def to_string(call: LibraryCall) -> Sequence[Outcome]:
    """``x.toString()``: a new String as long as the decimal text of the value
    (``Boolean.toString()`` returns a literal)."""
    box = _box_of_method(call)
    receiver = call.receiver
    assert receiver is not None
    inner = need_box_value(call, receiver, box)
    interval = interval_of(call.state, inner)
    if box.letter == "Z":
        state, result, _ = canonical_string(
            call.popped_state(), boolean_text_length(interval), call.fresh
        )
    elif box.letter == "C":
        state, result, _ = new_string_of_length(call.popped_state(), Interval.const(1), call.fresh)
    else:
        state, result, _ = new_string_of_length(
            call.popped_state(), decimal_length(interval, box.letter), call.fresh
        )
    return [Returns(state, result)]


@model
def static_to_string(call: LibraryCall) -> Sequence[Outcome]:
    """``Integer.toString(int)``, ``Long.toString(long)``, …: as ``String.valueOf``."""
    if call.method.class_name == "java/lang/Boolean":
        return value_of_boolean(call)
    return value_of_primitive(call)


# ---------------------------------------------------------------- registration
_UNBOX_NAMES = {
    "I": "intValue",
    "J": "longValue",
    "S": "shortValue",
    "B": "byteValue",
    "F": "floatValue",
    "D": "doubleValue",
}


_RADIX_BITS = {"toHexString": 4, "toOctalString": 3, "toBinaryString": 1}
"""Bits per digit of the unsigned texts of ``Integer``/``Long``."""


@model
def unsigned_text(call: LibraryCall) -> Sequence[Outcome]:
    """``Integer/Long.toHexString``, ``toOctalString``, ``toBinaryString``: the unsigned
    value in that radix, without leading zeros (``"0"`` for 0) — a new String of one to
    ⌈bits/digit bits⌉ units; nothing is thrown."""
    width = 64 if call.method.class_name == "java/lang/Long" else 32
    digits = -(-width // _RADIX_BITS[call.method.name])
    state, result, _ = new_string_of_length(call.popped_state(), Interval(1, digits), call.fresh)
    return [Returns(state, result)]


def _registrations(box: Box) -> list[tuple[str, str, LibraryModel]]:
    own = f"L{box.class_name};"
    letter = box.letter
    entries: list[tuple[str, str, LibraryModel]] = [
        ("valueOf", f"({letter}){own}", value_of),
        ("compare", f"({letter}{letter})I", compare),
        ("compareTo", f"({own})I", compare_to),
        ("equals", "(Ljava/lang/Object;)Z", equals),
        ("hashCode", "()I", hash_code),
        ("toString", "()Ljava/lang/String;", to_string),
        ("toString", f"({letter})Ljava/lang/String;", static_to_string),
    ]
    if letter == "C":
        entries.append(("charValue", "()C", unbox))
    elif letter == "Z":
        entries += [
            ("booleanValue", "()Z", unbox),
            ("parseBoolean", "(Ljava/lang/String;)Z", parse_boolean),
            ("valueOf", f"(Ljava/lang/String;){own}", parse_boolean),
        ]
    else:
        entries += [(name, f"(){target}", unbox) for target, name in _UNBOX_NAMES.items()]
    if letter in ("I", "J"):
        entries += [(n, f"({letter})Ljava/lang/String;", unsigned_text) for n in _RADIX_BITS]
    if box.parse_name is not None:
        entries += [
            (box.parse_name, f"(Ljava/lang/String;){letter}", parse),
            (box.parse_name, f"(Ljava/lang/String;I){letter}", parse),
            ("valueOf", f"(Ljava/lang/String;){own}", parse),
            ("valueOf", f"(Ljava/lang/String;I){own}", parse),
        ]
    return entries


def register(registry: ModelRegistry) -> None:
    """Register the models of every box class."""
    for box in BOXES:
        for name, descriptor, box_model in _registrations(box):
            registry.register(box.class_name, name, descriptor, box_model)
