"""Models of ``java.lang.StringBuilder`` and ``java.lang.StringBuffer`` (issue 3 item 5).

A builder is an instance of its class whose only represented field is its length, the
field ``count`` of ``java/lang/AbstractStringBuilder`` (:data:`BUILDER_COUNT`), exactly
like a String's length (seed 000 §2.2). Every method that changes the length writes a
fresh integer with an SSA relation to the old one (``count' = count + len``), so loops
that build strings stay analysable; the receiver is made unambiguous first (``=?``
resolved) because the change must be visible through every name of the object. What happens
to the characters is a content relation on the edge (`jhalt.seg.contents`: ``sb.set``,
``sb.append`` of a piece, ``sb.change`` when not described), read only by the witness search.

Assumptions (JDK 17): the methods terminate; an ``OutOfMemoryError`` when the text grows
beyond the maximal array size is not modelled (as for every allocation); ``toString``
returns a new String, or the pooled ``""`` when the builder is empty (modelled as
possibly pre-existing). Appending an object whose ``toString()`` may be program code is
unsupported (see :func:`jhalt.models.text.object_text`).
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState
from jhalt.domains.strings import STRING_CLASS, unknown_length
from jhalt.domains.values import ArrayValue, InstanceValue, IntValue, Ref, UnknownValue
from jhalt.models.lengths import NULL_TEXT_LENGTH, text_length_of_descriptor
from jhalt.models.support import (
    IOOBE,
    SIOOBE,
    Preliminary,
    canonical_string,
    fresh_int,
    index_checks,
    index_failures,
    interval_of,
    model,
    need_known_nullness,
    need_non_null,
    need_string_length,
    need_unshared,
    new_string,
    returns_if_possible,
)
from jhalt.models.text import (
    ABSTRACT_BUILDER,
    BUILDER_COUNT,
    BUILDERS,
    need_builder_count,
    object_text,
    within_string_length,
)
from jhalt.program import jdk_descriptions
from jhalt.seg.contents import (
    APPEND,
    CHANGE,
    CHAR_AT,
    SET,
    Piece,
    any_piece,
    builder,
    join,
    query,
    string_piece,
    text_piece,
    value_piece,
)
from jhalt.seg.labels import Relation, check, compute
from jhalt.seg.library import (
    LibraryCall,
    LibraryModel,
    ModelRegistry,
    Outcome,
    Returns,
    Throws,
    Unsupported,
)


def _receiver(call: LibraryCall) -> tuple[Ref, Ref]:
    receiver = call.receiver
    assert receiver is not None
    return receiver, need_builder_count(call, receiver)


def _with_count(state: AbstractState, builder: Ref, count: Ref) -> AbstractState:
    value = state.heap[builder]
    assert isinstance(value, InstanceValue)
    return state.with_value(builder, value.with_field(BUILDER_COUNT, count))


def _grow(
    call: LibraryCall,
    added: Ref | Interval,
    *checks: Relation,
    addend: tuple[str, Ref, Ref] | None = None,
    piece: Piece | None = None,
) -> Returns:
    """The receiver's length grows by ``added`` (a length reference or an interval of a
    fresh one, which is ``addend = (op, x, y)``, i.e. ``x op y``, when given); returns
    the receiver (``return this``). Its characters: the old ones, then ``piece``
    (``sb.append``); without ``piece`` they change in a way not described (``sb.change``)."""
    receiver, count = _receiver(call)
    need_unshared(call, receiver)
    state = call.popped_state()
    relations: list[Relation] = []
    if isinstance(added, Interval):
        state, added = fresh_int(state, added, "I", call.fresh)
        if addend is not None:
            relations.append(compute(addend[0], added, addend[1], addend[2]))
    grown = interval_of(call.state, count).add(interval_of(state, added))
    state, new_count = fresh_int(state, within_string_length(grown), "I", call.fresh)
    state = _with_count(state, receiver, new_count)
    result = receiver if call.return_descriptor != "V" else None
    text = builder(APPEND, receiver, piece) if piece is not None else builder(CHANGE, receiver)
    relations += [compute("+", new_count, count, added), *checks, text]
    return Returns(state, result, tuple(relations))


def _text_of_char_sequence(call: LibraryCall, argument: Ref) -> Ref | Interval:
    """The length of ``String.valueOf(cs)`` for a CharSequence argument: ``"null"``, a
    String's or a builder's length; other CharSequences may be program code."""
    value = need_known_nullness(call, argument)
    if value is None:
        return Interval.const(NULL_TEXT_LENGTH)
    if isinstance(value, InstanceValue) and value.class_name in BUILDERS:
        return need_builder_count(call, argument)
    if isinstance(value, UnknownValue) and value.type_name in BUILDERS:
        return need_builder_count(call, argument)
    if (isinstance(value, InstanceValue) and value.class_name == STRING_CLASS) or (
        isinstance(value, UnknownValue) and value.type_name == STRING_CLASS
    ):
        return need_string_length(call, argument)
    raise Preliminary(
        [Unsupported("length() of a CharSequence of unknown class may run program code")]
    )


# ---------------------------------------------------------------- constructors
def _initialize(
    call: LibraryCall, count: Ref | Interval, *checks: Relation, text: Piece | None = None
) -> Returns:
    """The receiver (a builder being constructed) gets its length ``count`` and the
    characters ``text`` (none: empty)."""
    receiver = call.receiver
    assert receiver is not None
    state = call.popped_state()
    if isinstance(count, Interval):
        state, count = fresh_int(state, count, "I", call.fresh)
    class_name = call.method.class_name
    value = state.heap[receiver]
    built = value.with_field(BUILDER_COUNT, count) if isinstance(value, InstanceValue) else None
    if built is None:
        built = InstanceValue.of(class_name, {BUILDER_COUNT: count})
    initial = builder(SET, receiver) if text is None else builder(SET, receiver, text)
    return Returns(state.with_value(receiver, built), None, (*checks, initial))


@model
def init_empty(call: LibraryCall) -> Sequence[Outcome]:
    """``new StringBuilder()``: empty."""
    return [_initialize(call, Interval.const(0))]


@model
def init_capacity(call: LibraryCall) -> Sequence[Outcome]:
    """``new StringBuilder(int capacity)``: empty; ``NegativeArraySizeException`` for a
    negative capacity."""
    (capacity,) = call.parameters
    return [
        *returns_if_possible(call, _initialize(call, Interval.const(0), check(">=", capacity, 0))),
        *returns_if_possible(
            call,
            Throws(
                call.popped_state(),
                "java/lang/NegativeArraySizeException",
                constraints=(check("<", capacity, 0),),
            ),
        ),
    ]


@model
def init_text(call: LibraryCall) -> Sequence[Outcome]:
    """``new StringBuilder(String | CharSequence)``: the argument's length; NPE for null."""
    (argument,) = call.parameters
    need_non_null(call, argument)
    length = _text_of_char_sequence(call, argument)
    return [_initialize(call, length, text=string_piece(argument))]


# ---------------------------------------------------------------- append
@model
def append_primitive(call: LibraryCall) -> Sequence[Outcome]:
    """``append(int/long/char/boolean/float/double)``: grows by the text's length
    (``int``: 1..11, exact for known values; ``char``: 1)."""
    (argument,) = call.parameters
    descriptor = call.method.descriptor[1:].split(")")[0]
    added = text_length_of_descriptor(descriptor, call.state.heap[argument])
    return [_grow(call, added, piece=value_piece(descriptor, argument))]


@model
def append_string(call: LibraryCall) -> Sequence[Outcome]:
    """``append(String)``: grows by the String's length, or by 4 for ``null``."""
    (argument,) = call.parameters
    value = need_known_nullness(call, argument)
    if value is None:
        return [_grow(call, Interval.const(NULL_TEXT_LENGTH), piece=text_piece("null"))]
    return [_grow(call, need_string_length(call, argument), piece=string_piece(argument))]


@model
def append_char_sequence(call: LibraryCall) -> Sequence[Outcome]:
    """``append(CharSequence | StringBuffer)``: grows by its length (``null``: 4)."""
    (argument,) = call.parameters
    added = _text_of_char_sequence(call, argument)
    null = isinstance(added, Interval)  # "null"; otherwise a String's or builder's length
    return [_grow(call, added, piece=text_piece("null") if null else string_piece(argument))]


@model
def append_object(call: LibraryCall) -> Sequence[Outcome]:
    """``append(Object)``: grows by the length of ``String.valueOf(obj)``."""
    (argument,) = call.parameters
    kind, text = object_text(call, argument)
    pieces = {"null": text_piece("null"), "same": string_piece(argument)}
    return [_grow(call, text, piece=pieces.get(kind, any_piece()))]


@model
def append_chars(call: LibraryCall) -> Sequence[Outcome]:
    """``append(char[])``: grows by the array's length; NPE for null."""
    (argument,) = call.parameters
    array = need_non_null(call, argument)
    if isinstance(array, ArrayValue):
        return [_grow(call, array.length, piece=any_piece())]
    return [_grow(call, unknown_length().interval, piece=any_piece())]


@model
def append_range(call: LibraryCall) -> Sequence[Outcome]:
    """``append(char[] s, int offset, int len)`` grows by ``len``; ``append(CharSequence
    s, int start, int end)`` by ``end - start`` (``null`` counts as ``"null"``). Bad
    bounds throw an ``IndexOutOfBoundsException`` (JDK 17 ``checkRange``; the bound
    against the source's length is not expressible as one relation, so that failure is
    kept without a guard); a null array throws NPE."""
    source, first, second = call.parameters
    _receiver(call)
    if call.method.descriptor.startswith("([C"):
        need_non_null(call, source)
        success = _grow(
            call, second, check("<=", 0, first), check("<=", 0, second), piece=any_piece()
        )
    else:
        _text_of_char_sequence(call, source)
        difference = interval_of(call.state, second).sub(interval_of(call.state, first))
        success = _grow(
            call,
            difference.meet(Interval.at_least(0)) or Interval.at_least(0),
            check("<=", 0, first),
            check("<=", first, second),
            addend=("-", second, first),
            piece=any_piece(),
        )
    return [
        *returns_if_possible(call, success),
        Throws(call.popped_state(), IOOBE, exact=False),
    ]


# ---------------------------------------------------------------- queries and edits
@model
def length(call: LibraryCall) -> Sequence[Outcome]:
    """``length()``: exactly the count."""
    _, count = _receiver(call)
    return [Returns(call.popped_state(), count)]


@model
def char_at(call: LibraryCall) -> Sequence[Outcome]:
    """``charAt(i)``: an unknown char for ``0 ≤ i < length``, otherwise
    ``StringIndexOutOfBoundsException`` (JDK 17 ``checkIndex``)."""
    _, count = _receiver(call)
    (index,) = call.parameters
    inside, outside = index_checks(index, count)
    state, result = fresh_int(call.popped_state(), Interval.of_type("C"), "C", call.fresh)
    read = query(CHAR_AT, result, _receiver(call)[0], index)
    outcomes = returns_if_possible(call, Returns(state, result, (*inside, read)))
    return outcomes + index_failures(call, outside)


@model
def set_char_at(call: LibraryCall) -> Sequence[Outcome]:
    """``setCharAt(i, c)``: the length is unchanged; bounds as ``charAt``."""
    receiver, count = _receiver(call)
    index = call.parameters[0]
    inside, outside = index_checks(index, count)
    changed = (*inside, builder(CHANGE, receiver))
    outcomes = returns_if_possible(call, Returns(call.popped_state(), None, changed))
    return outcomes + index_failures(call, outside)


@model
def to_string(call: LibraryCall) -> Sequence[Outcome]:
    """``toString()``: a new String of the builder's length (possibly the pooled ``""``)."""
    receiver, count = _receiver(call)
    popped = call.popped_state()
    if interval_of(call.state, count).contains(0):
        state, result, _ = canonical_string(popped, count, call.fresh)
    else:
        state, result = new_string(popped, count, call.fresh)
    return [Returns(state, result, (join(result, string_piece(receiver)),))]


@model
def reverse(call: LibraryCall) -> Sequence[Outcome]:
    """``reverse()``: same length, returns the receiver."""
    receiver, _ = _receiver(call)
    return [Returns(call.popped_state(), receiver, (builder(CHANGE, receiver),))]


@model
def set_length(call: LibraryCall) -> Sequence[Outcome]:
    """``setLength(n)``: the length becomes ``n``; ``StringIndexOutOfBoundsException`` for
    a negative ``n``."""
    receiver, _ = _receiver(call)
    (new_length,) = call.parameters
    need_unshared(call, receiver)
    state = _with_count(call.popped_state(), receiver, new_length)
    changed = (check(">=", new_length, 0), builder(CHANGE, receiver))
    return [
        *returns_if_possible(call, Returns(state, None, changed)),
        *returns_if_possible(
            call, Throws(call.popped_state(), SIOOBE, constraints=(check("<", new_length, 0),))
        ),
    ]


@model
def delete_char_at(call: LibraryCall) -> Sequence[Outcome]:
    """``deleteCharAt(i)``: one shorter for ``0 ≤ i < length``, else
    ``StringIndexOutOfBoundsException``."""
    receiver, count = _receiver(call)
    (index,) = call.parameters
    need_unshared(call, receiver)
    inside, outside = index_checks(index, count)
    state, new_count = fresh_int(
        call.popped_state(), interval_of(call.state, count).add(Interval.const(-1)), "I", call.fresh
    )
    meet = interval_of(state, new_count).meet(Interval.at_least(0))
    state = state.with_value(new_count, IntValue(meet or Interval.at_least(0), "I"))
    state = _with_count(state, receiver, new_count)
    outcomes = returns_if_possible(
        call,
        Returns(
            state,
            receiver,
            (compute("-", new_count, count, 1), *inside, builder(CHANGE, receiver)),
        ),
    )
    return outcomes + index_failures(call, outside)


@model
def insert_text(call: LibraryCall) -> Sequence[Outcome]:
    """``insert(offset, String | char | int | …)``: grows like ``append`` when
    ``0 ≤ offset ≤ length``, else ``StringIndexOutOfBoundsException``."""
    _, count = _receiver(call)
    offset, argument = call.parameters
    descriptor = call.method.descriptor[2:].split(")")[0]
    added: Ref | Interval
    if descriptor == "Ljava/lang/String;":
        value = need_known_nullness(call, argument)
        added = (
            Interval.const(NULL_TEXT_LENGTH)
            if value is None
            else need_string_length(call, argument)
        )
    elif descriptor in ("I", "J", "C", "Z", "F", "D"):
        added = text_length_of_descriptor(descriptor, call.state.heap[argument])
    else:
        return [Unsupported(f"insert with {descriptor} is not modelled")]
    inside = (check("<=", 0, offset), check("<=", offset, count))
    outcomes = returns_if_possible(call, _grow(call, added, *inside))
    for failure in ((check("<", offset, 0),), (check(">", offset, count),)):
        outcomes += returns_if_possible(
            call, Throws(call.popped_state(), SIOOBE, constraints=failure)
        )
    return outcomes


# ---------------------------------------------------------------- registration
_BY_PARAMETERS: dict[tuple[str, str], LibraryModel] = {
    ("<init>", "()"): init_empty,
    ("<init>", "(I)"): init_capacity,
    ("<init>", "(Ljava/lang/String;)"): init_text,
    ("<init>", "(Ljava/lang/CharSequence;)"): init_text,
    ("append", "(Ljava/lang/String;)"): append_string,
    ("append", "(Ljava/lang/Object;)"): append_object,
    ("append", "(Ljava/lang/StringBuffer;)"): append_char_sequence,
    ("append", "(Ljava/lang/CharSequence;)"): append_char_sequence,
    ("append", "(Ljava/lang/CharSequence;II)"): append_range,
    ("append", "([C)"): append_chars,
    ("append", "([CII)"): append_range,
    ("length", "()"): length,
    ("charAt", "(I)"): char_at,
    ("setCharAt", "(IC)"): set_char_at,
    ("toString", "()"): to_string,
    ("reverse", "()"): reverse,
    ("setLength", "(I)"): set_length,
    ("deleteCharAt", "(I)"): delete_char_at,
    ("insert", "(ILjava/lang/String;)"): insert_text,
    ("insert", "(IC)"): insert_text,
    ("insert", "(II)"): insert_text,
    ("insert", "(IJ)"): insert_text,
    ("insert", "(IZ)"): insert_text,
}
for _letter in "ZCIJFD":
    _BY_PARAMETERS[("append", f"({_letter})")] = append_primitive


def register(registry: ModelRegistry) -> None:
    """Register every JDK 17 method of StringBuilder/StringBuffer (bridges included) whose
    name and parameters have a model here."""
    jdk = jdk_descriptions()
    for class_name in (*BUILDERS, ABSTRACT_BUILDER):
        described = jdk.find(class_name)
        if described is None:
            raise ValueError(f"no JDK description of {class_name}")
        for method in described.methods:
            parameters = method.descriptor.split(")")[0] + ")"
            builder_model = _BY_PARAMETERS.get((method.name, parameters))
            if builder_model is not None and not (
                class_name == ABSTRACT_BUILDER and method.name == "<init>"
            ):
                registry.register(class_name, method.name, method.descriptor, builder_model)
