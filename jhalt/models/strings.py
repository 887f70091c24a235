"""Models of ``java.lang.String`` (issue 3 item 5; seed 000 §2.2).

A String is an instance of ``java/lang/String`` whose only represented field is its
length (:mod:`jhalt.domains.strings`); characters are unknown. Every integer fact is an
SSA :class:`~jhalt.seg.labels.Relation` on the edge (``len(a.concat(b)) = len(a) +
len(b)``), so that later analyses can use it.

Assumptions shared by all models here (JDK 17, default JVM flags):

* String methods terminate and change no object (Strings are immutable);
* a result that the JDK may take from the string pool or return unchanged is modelled as
  possibly pre-existing: the receiver itself as a separate outcome where the JDK returns
  ``this``, and :func:`~jhalt.models.support.canonical_string` (``=?``/``⋀``
  annotations) where it may return an interned literal (``""``, ``"true"``, ``"null"``);
* results computed from characters (``charAt``, ``compareTo``, ``equals`` of strings with
  possibly equal lengths, ``indexOf``, ``startsWith``, …) are unknown values of their type in
  the state; what they are is stated by a content relation on the edge
  (`jhalt.seg.contents`: ``c = charAt(s, i)``, ``b = equals(s, t)``), which only the witness
  search reads; so are the contents of the Strings ``concat``, ``substring``, ``valueOf`` and
  the constructors make (``trim``, case mapping: contents not described); ``hashCode`` is
  ``str.hash``, which only a run on known texts computes.

``ldc "text"`` is modelled by :func:`string_constant`, installed as the registry's string
factory: an interned String of exactly ``len(text)`` UTF-16 code units.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState
from jhalt.domains.strings import STRING_CLASS, constant_length, string_instance
from jhalt.domains.values import ArrayValue, InstanceValue, IntValue, Ref, UnknownValue
from jhalt.models.support import (
    SIOOBE,
    STRING_SUPERTYPES,
    canonical_string,
    fresh_int,
    index_checks,
    index_failures,
    interval_of,
    model,
    need_known_nullness,
    need_non_null,
    need_string_length,
    new_string,
    new_string_of_length,
    returns_if_possible,
)
from jhalt.models.text import need_builder_count, object_text, value_of_boolean, value_of_primitive
from jhalt.seg import contents
from jhalt.seg.contents import TRIM, join, literal, query, string_piece
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

CHAR = Interval.of_type("C")
BOOLEAN = Interval(0, 1)


def string_constant(
    state: AbstractState, text: str, fresh: Callable[[str], Ref]
) -> tuple[AbstractState, Ref]:
    """``ldc "text"``: the interned String of the literal (JLS §3.10.5) — its length is
    exact, and it may be the same object as any existing String of that length."""
    length = constant_length(text)
    state, reference, _ = canonical_string(state, length.interval, fresh)
    return state, reference


# ---------------------------------------------------------------- helpers
def _boolean(call: LibraryCall, value: int, *constraints: Relation) -> Returns:
    state, result = fresh_int(call.popped_state(), Interval.const(value), "Z", call.fresh)
    return Returns(state, result, tuple(constraints))


def _unknown_int(
    call: LibraryCall, interval: Interval, letter: str, *constraints: Relation
) -> Returns:
    state, result = fresh_int(call.popped_state(), interval, letter, call.fresh)
    return Returns(state, result, tuple(constraints))


def _receiver_length(call: LibraryCall) -> Ref:
    receiver = call.receiver
    assert receiver is not None
    return need_string_length(call, receiver)


def _fresh_string_with_length_relation(
    call: LibraryCall, op: str, *operands: Ref | int, may_be_empty_literal: bool = False
) -> tuple[AbstractState, Ref, Relation]:
    """A new String whose length is ``op(operands)`` (a fresh integer with that relation)."""
    state = call.popped_state()
    intervals = [
        Interval.const(o) if isinstance(o, int) else interval_of(call.state, o) for o in operands
    ]
    if op == "+":
        interval = intervals[0].add(intervals[1])
    elif op == "-":
        interval = intervals[0].sub(intervals[1])
    else:
        raise ValueError(op)
    meet = interval.meet(Interval.at_least(0))
    interval = meet if meet is not None else Interval.at_least(0)
    if may_be_empty_literal and interval.contains(0):
        state, string, length = canonical_string(state, interval, call.fresh)
    else:
        state, string, length = new_string_of_length(state, interval, call.fresh)
    return state, string, compute(op, length, *operands)


def _content_int(
    call: LibraryCall, interval: Interval, letter: str, op: str, *args: Ref | int | None
) -> Returns:
    """A fresh result of ``interval`` with the content relation ``result = op(args)``."""
    state, result = fresh_int(call.popped_state(), interval, letter, call.fresh)
    operands = tuple(a for a in args if a is not None)
    return Returns(state, result, (query(op, result, *operands),))


def _also(outcome: Returns, *constraints: Relation) -> Returns:
    """``outcome`` with further constraints."""
    return Returns(outcome.state, outcome.result, outcome.constraints + constraints)


# ---------------------------------------------------------------- query methods
@model
def length(call: LibraryCall) -> Sequence[Outcome]:
    """``length()`` is exactly the length field (seed 000 §2.2, state K → M)."""
    return [Returns(call.popped_state(), _receiver_length(call))]


@model
def is_empty(call: LibraryCall) -> Sequence[Outcome]:
    """``isEmpty()``: 1 iff the length is 0."""
    size = _receiver_length(call)
    return [
        *returns_if_possible(call, _boolean(call, 1, check("==", size, 0))),
        *returns_if_possible(call, _boolean(call, 0, check(">", size, 0))),
    ]


@model
def char_at(call: LibraryCall) -> Sequence[Outcome]:
    """``charAt(i)``: an unknown char when ``0 ≤ i < length``, otherwise
    ``StringIndexOutOfBoundsException`` (JDK 17 ``checkIndex``)."""
    size = _receiver_length(call)
    (index,) = call.parameters
    inside, outside = index_checks(index, size)
    read = _content_int(call, CHAR, "C", contents.CHAR_AT, call.receiver, index)
    outcomes = returns_if_possible(call, _also(read, *inside))
    return outcomes + index_failures(call, outside)


@model
def hash_code(call: LibraryCall) -> Sequence[Outcome]:
    """``hashCode()``: any int (characters are not represented), the content relation
    ``str.hash`` saying which (a run that knows the text computes it)."""
    receiver = call.receiver
    assert receiver is not None
    _receiver_length(call)
    return [_content_int(call, Interval.of_type("I"), "I", contents.HASH, receiver)]


@model
def equals(call: LibraryCall) -> Sequence[Outcome]:
    """``equals(Object)``: true for the same reference; false for ``null`` and for objects
    of another class; for two Strings unknown, but true only if the lengths are equal."""
    receiver = call.receiver
    assert receiver is not None
    size = _receiver_length(call)
    (other,) = call.parameters
    if other == receiver:
        return [_boolean(call, 1)]
    value = need_known_nullness(call, other)
    if value is None:
        return [_boolean(call, 0)]
    if isinstance(value, InstanceValue) and value.class_name != STRING_CLASS:
        return [_boolean(call, 0)]
    if isinstance(value, UnknownValue) and value.type_name not in STRING_SUPERTYPES:
        return [_boolean(call, 0)]
    if isinstance(value, ArrayValue):
        return [_boolean(call, 0)]
    if isinstance(value, UnknownValue) and value.type_name != STRING_CLASS:
        return [_unknown_int(call, BOOLEAN, "Z")]  # maybe a String, maybe not
    other_size = need_string_length(call, other)
    same = _content_int(call, Interval.const(1), "Z", contents.EQUALS, receiver, other)
    differ = _content_int(call, Interval.const(0), "Z", contents.EQUALS, receiver, other)
    return [*returns_if_possible(call, _also(same, check("==", size, other_size))), differ]


@model
def compare_to(call: LibraryCall) -> Sequence[Outcome]:
    """``compareTo(String)``: ``NullPointerException`` for null, 0 for the same reference,
    otherwise any int."""
    receiver = call.receiver
    _receiver_length(call)
    (other,) = call.parameters
    need_string_length(call, other)
    if other == receiver:
        return [_unknown_int(call, Interval.const(0), "I")]
    return [_content_int(call, Interval.of_type("I"), "I", contents.COMPARE, receiver, other)]


_AFFIX_OPS = {"startsWith": contents.STARTS, "endsWith": contents.ENDS}


def _affix_test(call: LibraryCall) -> Sequence[Outcome]:
    """``startsWith``/``endsWith``/``contains``: true only if the argument is not longer."""
    size = _receiver_length(call)
    other = call.parameters[0]
    other_size = need_string_length(call, other)
    op = _AFFIX_OPS.get(call.method.name, contents.CONTAINS)
    holds = _content_int(call, Interval.const(1), "Z", op, call.receiver, other)
    fails = _content_int(call, Interval.const(0), "Z", op, call.receiver, other)
    return [*returns_if_possible(call, _also(holds, check("<=", other_size, size))), fails]


affix_test = model(_affix_test)


@model
def index_of(call: LibraryCall) -> Sequence[Outcome]:
    """``indexOf(int)``/``indexOf(String)``/``lastIndexOf``: -1 or an index < length."""
    size = _receiver_length(call)
    argument = call.parameters[0]
    of_string = call.method.descriptor.startswith("(Ljava/lang/String;")
    if of_string:
        need_string_length(call, argument)
    state, result = fresh_int(call.popped_state(), Interval(-1, None), "I", call.fresh)
    upper = interval_of(call.state, size).hi
    if upper is not None:
        state = state.with_value(result, IntValue(Interval(-1, max(upper - 1, -1)), "I"))
    last = call.method.name == "lastIndexOf"
    if of_string:
        op = contents.LAST_INDEX if last else contents.INDEX
    else:
        op = contents.LAST_INDEX_CHAR if last else contents.INDEX_CHAR
    relation = query(op, result, _receiver_ref(call), argument)
    return [Returns(state, result, (check(">=", result, -1), check("<", result, size), relation))]


def _receiver_ref(call: LibraryCall) -> Ref:
    receiver = call.receiver
    assert receiver is not None
    return receiver


# ---------------------------------------------------------------- producing strings
@model
def to_string(call: LibraryCall) -> Sequence[Outcome]:
    """``toString()`` returns the receiver itself."""
    receiver = call.receiver
    assert receiver is not None
    _receiver_length(call)
    return [Returns(call.popped_state(), receiver)]


@model
def intern(call: LibraryCall) -> Sequence[Outcome]:
    """``intern()``: the pooled String of equal contents — same length, may be any
    existing String of that length (the receiver included)."""
    size = _receiver_length(call)
    state, result, _ = canonical_string(call.popped_state(), size, call.fresh)
    return [Returns(state, result)]


@model
def concat(call: LibraryCall) -> Sequence[Outcome]:
    """``concat(s)``: ``NullPointerException`` for null; the receiver itself when ``s`` is
    empty; otherwise a new String of length ``len(this) + len(s)`` (JDK 17)."""
    receiver = call.receiver
    assert receiver is not None
    size = _receiver_length(call)
    other_size = need_string_length(call, call.parameters[0])
    outcomes = returns_if_possible(
        call, Returns(call.popped_state(), receiver, (check("==", other_size, 0),))
    )
    state, result, relation = _fresh_string_with_length_relation(call, "+", size, other_size)
    joined = join(result, string_piece(receiver), string_piece(call.parameters[0]))
    outcomes += returns_if_possible(
        call, Returns(state, result, (relation, check(">", other_size, 0), joined))
    )
    return outcomes


@model
def substring(call: LibraryCall) -> Sequence[Outcome]:
    """``substring(b)`` / ``substring(b, e)`` (``e`` defaults to the length): the receiver
    itself for ``b = 0, e = length``; a String of length ``e - b`` (possibly the pooled
    ``""``) when ``0 ≤ b ≤ e ≤ length``; ``StringIndexOutOfBoundsException`` otherwise."""
    receiver = call.receiver
    assert receiver is not None
    size = _receiver_length(call)
    begin = call.parameters[0]
    end: Ref = call.parameters[1] if len(call.parameters) > 1 else size
    popped = call.popped_state()
    outcomes: list[Outcome] = []
    same = [check("==", begin, 0)] + ([check("==", end, size)] if end != size else [])
    outcomes += returns_if_possible(call, Returns(popped, receiver, tuple(same)))
    valid = [check("<=", 0, begin), check("<=", begin, end)] + (
        [check("<=", end, size)] if end != size else []
    )
    state, result, relation = _fresh_string_with_length_relation(
        call, "-", end, begin, may_be_empty_literal=True
    )
    part = query(contents.SUBSTRING, result, receiver, begin, end)
    outcomes += returns_if_possible(call, Returns(state, result, (relation, *valid, part)))
    failures = [(check("<", begin, 0),), (check(">", begin, end),)]
    if end != size:
        failures.append((check(">", end, size),))
    for failure in failures:
        outcomes += returns_if_possible(call, Throws(popped, SIOOBE, constraints=failure))
    return outcomes


@model
def shorter_or_same(call: LibraryCall) -> Sequence[Outcome]:
    """``trim()``/``strip()``: the receiver itself, or a String that is not longer
    (possibly the pooled ``""``); ``trim`` states its content (``str.trim``: the same
    relation on both outcomes — the receiver itself exactly when nothing is trimmed)."""
    receiver = call.receiver
    assert receiver is not None
    size = _receiver_length(call)
    popped = call.popped_state()
    upper = interval_of(call.state, size).hi
    state, result, new_size = canonical_string(popped, Interval(0, upper), call.fresh)
    same: tuple[Relation, ...] = ()
    trimmed: tuple[Relation, ...] = ()
    if call.method.name == "trim":
        same, trimmed = (query(TRIM, receiver, receiver),), (query(TRIM, result, receiver),)
    shorter = (check("<=", new_size, size), *trimmed)
    return [Returns(popped, receiver, same), Returns(state, result, shorter)]


@model
def case_mapping(call: LibraryCall) -> Sequence[Outcome]:
    """``toUpperCase()``/``toLowerCase()``: the receiver itself when nothing changes,
    otherwise a new String of unknown length (``ß`` upper-cases to ``SS``)."""
    receiver = call.receiver
    assert receiver is not None
    _receiver_length(call)
    popped = call.popped_state()
    state, result, _ = new_string_of_length(popped, Interval.at_least(0), call.fresh)
    return [Returns(popped, receiver), Returns(state, result)]


@model
def to_char_array(call: LibraryCall) -> Sequence[Outcome]:
    """``toCharArray()``: a new ``char[]`` whose length is the string's length."""
    size = _receiver_length(call)
    state, array = with_fresh_value(call.popped_state(), ArrayValue("[C", size), call.fresh)
    return [Returns(state, array)]


# ---------------------------------------------------------------- valueOf
@model
def value_of_char_array(call: LibraryCall) -> Sequence[Outcome]:
    """``String.valueOf(char[])``/``copyValueOf``: a new String as long as the array."""
    array = need_non_null(call, call.parameters[0])
    if isinstance(array, ArrayValue):
        state, result = new_string(call.popped_state(), array.length, call.fresh)
        return [Returns(state, result)]
    state, result, _ = new_string_of_length(call.popped_state(), Interval.at_least(0), call.fresh)
    return [Returns(state, result)]


@model
def value_of_object(call: LibraryCall) -> Sequence[Outcome]:
    """``String.valueOf(Object)``: ``"null"`` (the literal), the String itself, or the
    text of a box; other objects: unsupported (see :func:`object_text`)."""
    (argument,) = call.parameters
    kind, text = object_text(call, argument)
    popped = call.popped_state()
    if kind == "same":
        return [Returns(popped, argument)]
    assert isinstance(text, Interval)
    if kind == "null":
        state, result, _ = canonical_string(popped, text, call.fresh)
        return [Returns(state, result, (literal(result, "null"),))]
    state, result, _ = new_string_of_length(popped, text, call.fresh)
    return [Returns(state, result)]


# ---------------------------------------------------------------- constructors
def _initialize(call: LibraryCall, length: Ref | Interval, *constraints: Relation) -> Returns:
    """The receiver (a String being constructed) gets its length."""
    receiver = call.receiver
    assert receiver is not None
    state = call.popped_state()
    if isinstance(length, Interval):
        state, length = fresh_int(state, length, "I", call.fresh)
    return Returns(state.with_value(receiver, string_instance(length)), None, tuple(constraints))


@model
def init_empty(call: LibraryCall) -> Sequence[Outcome]:
    """``new String()``: length 0."""
    return [_also(_initialize(call, Interval.const(0)), literal(_receiver_ref(call), ""))]


@model
def init_copy(call: LibraryCall) -> Sequence[Outcome]:
    """``new String(String)``: the same length and characters (NPE for null)."""
    original = call.parameters[0]
    copied = join(_receiver_ref(call), string_piece(original))
    return [_also(_initialize(call, need_string_length(call, original)), copied)]


@model
def init_from_builder(call: LibraryCall) -> Sequence[Outcome]:
    """``new String(StringBuilder/StringBuffer)``: the builder's length and characters
    (NPE for null)."""
    source = call.parameters[0]
    copied = join(_receiver_ref(call), string_piece(source))
    return [_also(_initialize(call, need_builder_count(call, source)), copied)]


@model
def init_chars(call: LibraryCall) -> Sequence[Outcome]:
    """``new String(char[])``: as long as the array (NPE for null)."""
    array = need_non_null(call, call.parameters[0])
    if isinstance(array, ArrayValue):
        return [_initialize(call, array.length)]
    return [_initialize(call, Interval.at_least(0))]


@model
def init_chars_range(call: LibraryCall) -> Sequence[Outcome]:
    """``new String(char[] v, int offset, int count)``: length ``count`` when
    ``0 ≤ offset``, ``0 ≤ count`` and ``offset + count ≤ v.length``; otherwise
    ``StringIndexOutOfBoundsException`` (JDK 17 ``checkBoundsOffCount``)."""
    array_value = need_non_null(call, call.parameters[0])
    _, offset, count = call.parameters
    outcomes: list[Outcome] = []
    if isinstance(array_value, ArrayValue):
        end = call.fresh("i")
        end_interval = interval_of(call.state, offset).add(interval_of(call.state, count))
        success = _initialize(call, count, check("<=", 0, offset), check("<=", 0, count))
        success = Returns(
            success.state.with_value(end, IntValue(end_interval, "I")),
            None,
            success.constraints
            + (compute("+", end, offset, count), check("<=", end, array_value.length)),
        )
        outcomes += returns_if_possible(call, success)
        too_long = Throws(call.popped_state(), SIOOBE)
        outcomes.append(too_long)  # offset + count > length: a relation on a sum, kept unguarded
    else:
        outcomes.append(_initialize(call, count, check("<=", 0, offset), check("<=", 0, count)))
        outcomes.append(Throws(call.popped_state(), SIOOBE))
    for failure in ((check("<", offset, 0),), (check("<", count, 0),)):
        outcomes += returns_if_possible(
            call, Throws(call.popped_state(), SIOOBE, constraints=failure)
        )
    return outcomes


@model
def init_bytes(call: LibraryCall) -> Sequence[Outcome]:
    """``new String(byte[])``: decoding gives a String of unknown length (NPE for null)."""
    need_non_null(call, call.parameters[0])
    return [_initialize(call, Interval.at_least(0))]


# ---------------------------------------------------------------- registration
S = "Ljava/lang/String;"
MODELS: tuple[tuple[str, str, LibraryModel], ...] = (
    ("length", "()I", length),
    ("isEmpty", "()Z", is_empty),
    ("charAt", "(I)C", char_at),
    ("hashCode", "()I", hash_code),
    ("equals", "(Ljava/lang/Object;)Z", equals),
    ("compareTo", f"({S})I", compare_to),
    ("startsWith", f"({S})Z", affix_test),
    ("endsWith", f"({S})Z", affix_test),
    ("indexOf", "(I)I", index_of),
    ("indexOf", f"({S})I", index_of),
    ("lastIndexOf", "(I)I", index_of),
    ("lastIndexOf", f"({S})I", index_of),
    ("toString", f"(){S}", to_string),
    ("intern", f"(){S}", intern),
    ("concat", f"({S}){S}", concat),
    ("substring", f"(I){S}", substring),
    ("substring", f"(II){S}", substring),
    ("trim", f"(){S}", shorter_or_same),
    ("strip", f"(){S}", shorter_or_same),
    ("toUpperCase", f"(){S}", case_mapping),
    ("toLowerCase", f"(){S}", case_mapping),
    ("toCharArray", "()[C", to_char_array),
    ("valueOf", f"(I){S}", value_of_primitive),
    ("valueOf", f"(J){S}", value_of_primitive),
    ("valueOf", f"(C){S}", value_of_primitive),
    ("valueOf", f"(F){S}", value_of_primitive),
    ("valueOf", f"(D){S}", value_of_primitive),
    ("valueOf", f"(Z){S}", value_of_boolean),
    ("valueOf", f"([C){S}", value_of_char_array),
    ("copyValueOf", f"([C){S}", value_of_char_array),
    ("valueOf", f"(Ljava/lang/Object;){S}", value_of_object),
    ("<init>", "()V", init_empty),
    ("<init>", f"({S})V", init_copy),
    ("<init>", "(Ljava/lang/StringBuilder;)V", init_from_builder),
    ("<init>", "(Ljava/lang/StringBuffer;)V", init_from_builder),
    ("<init>", "([C)V", init_chars),
    ("<init>", "([CII)V", init_chars_range),
    ("<init>", "([B)V", init_bytes),
)


def register(registry: ModelRegistry) -> None:
    """Register the String models and the string-literal factory."""
    for name, descriptor, string_model in MODELS:
        registry.register(STRING_CLASS, name, descriptor, string_model)
    registry.set_string_factory(string_constant)
