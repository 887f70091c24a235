"""The text of values as ``String.valueOf`` sees it, shared by the models of String,
StringBuilder/StringBuffer, the boxes, string concatenation, exceptions and ``System``
(issue 3 item 5; seed 000 §2.2: a String or a builder is represented by its length only).

Here: the builder classes and their length field ``count`` (:func:`need_builder_count`),
the lengths of a box's ``toString()`` (:data:`BOX_TEXT_LENGTHS`), ``String.valueOf`` of a
primitive (:func:`value_of_primitive`, :func:`value_of_boolean`) and of an object
(:func:`object_text`). The modules of the individual classes import these and nothing here
imports them, so the String, builder and boxing models do not depend on each other.
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.intervals import Interval
from jhalt.domains.strings import STRING_CLASS
from jhalt.domains.values import (
    HeapValue,
    InstanceValue,
    IntValue,
    Ref,
    UnknownValue,
    is_object_value,
    value_type_name,
)
from jhalt.ids import FieldId
from jhalt.models.elements import text_runs_no_program_code
from jhalt.models.lengths import (
    FLOATING_TEXT,
    NULL_TEXT_LENGTH,
    boolean_text_length,
    decimal_length,
    text_length_of_descriptor,
)
from jhalt.models.plain_objects import is_plain, text_length
from jhalt.models.support import (
    Preliminary,
    canonical_string,
    interval_of,
    model,
    need_known_nullness,
    need_length_field,
    need_non_null,
    need_string_length,
    new_string_of_length,
)
from jhalt.seg.contents import join, value_piece
from jhalt.seg.library import LibraryCall, Outcome, Returns, Unsupported

STRING_BUILDER = "java/lang/StringBuilder"
STRING_BUFFER = "java/lang/StringBuffer"
ABSTRACT_BUILDER = "java/lang/AbstractStringBuilder"
BUILDERS = (STRING_BUILDER, STRING_BUFFER)
COLLECTION_TEXT = Interval(2, None)
"""The length of a collection's text: ``"[]"`` at least."""
BUILDER_COUNT = FieldId(ABSTRACT_BUILDER, "count", "I")
"""The length of a StringBuilder/StringBuffer (the JDK's own field name)."""


# ---------------------------------------------------------------- reading builders
def need_builder_count(call: LibraryCall, reference: Ref) -> Ref:
    """The length of a non-null builder (NPE for null; realizes ``count`` when needed)."""
    value = need_non_null(call, reference)
    class_name: str | None = None
    if isinstance(value, InstanceValue):
        class_name = value.class_name
    elif isinstance(value, UnknownValue) and value.type_name in BUILDERS:
        class_name = value.type_name
    elif call.method.class_name in BUILDERS and reference == call.receiver:
        class_name = call.method.class_name
    if class_name not in BUILDERS:
        raise Preliminary(
            [Unsupported(f"{reference} is not known to be a StringBuilder or StringBuffer")]
        )
    assert class_name is not None
    return need_length_field(call, reference, class_name, BUILDER_COUNT)


BOX_TEXT_LENGTHS: dict[str, Interval] = {
    "java/lang/Integer": decimal_length(Interval.of_type("I"), "I"),
    "java/lang/Long": decimal_length(Interval.of_type("J"), "J"),
    "java/lang/Short": decimal_length(Interval.of_type("S"), "S"),
    "java/lang/Byte": decimal_length(Interval.of_type("B"), "B"),
    "java/lang/Character": Interval.const(1),
    "java/lang/Boolean": boolean_text_length(Interval(0, 1)),
    "java/lang/Float": FLOATING_TEXT,
    "java/lang/Double": FLOATING_TEXT,
}
"""Lengths of ``toString()`` of each box class (for ``String.valueOf(Object)``)."""


# ---------------------------------------------------------------- String.valueOf
@model
def value_of_primitive(call: LibraryCall) -> Sequence[Outcome]:
    """``String.valueOf(int/long/char/float/double)`` (and ``Integer.toString(int)`` etc.):
    a new String whose length is the length of the decimal text (:mod:`lengths`), and
    whose characters that text (a content relation, `jhalt.seg.contents`)."""
    (argument,) = call.parameters
    descriptor = call.method.descriptor[1:-1].split(")")[0]
    interval = text_length_of_descriptor(descriptor, call.state.heap[argument])
    state, result, _ = new_string_of_length(call.popped_state(), interval, call.fresh)
    return [Returns(state, result, (join(result, value_piece(descriptor, argument)),))]


@model
def value_of_boolean(call: LibraryCall) -> Sequence[Outcome]:
    """``String.valueOf(boolean)`` returns the literal ``"true"`` or ``"false"``."""
    (argument,) = call.parameters
    value = call.state.heap[argument]
    interval = (
        boolean_text_length(value.interval) if isinstance(value, IntValue) else Interval(4, 5)
    )
    state, result, _ = canonical_string(call.popped_state(), interval, call.fresh)
    return [Returns(state, result, (join(result, value_piece("Z", argument)),))]


def object_text(call: LibraryCall, argument: Ref) -> tuple[str, Ref | Interval]:
    """How ``String.valueOf(Object)`` treats ``argument``: ``("null", 4)``, ``("same",
    length)`` for a String (its ``toString()`` is itself), ``("new", lengths)`` for a box
    of known class and for a StringBuilder or StringBuffer (final JDK classes: their
    ``toString()`` is a new String of their ``count`` characters and runs no program code),
    ``("new", at least 2)`` for a modelled collection of such elements (`jhalt.models.elements`:
    ``"[" … "]"``, text no program code makes), and for an object whose ``toString()`` is plain
    library code (a record's, an enum constant's, a JDK value object's:
    :mod:`jhalt.models.plain_objects`; a text of unknown content). Any other object's
    ``toString()`` may be program code, which a model cannot run: :class:`Preliminary` with an
    ``Unsupported`` outcome."""
    value = need_known_nullness(call, argument)
    if value is None:
        return "null", Interval.const(NULL_TEXT_LENGTH)
    if isinstance(value, InstanceValue) and value.class_name == STRING_CLASS:
        return "same", need_string_length(call, argument)
    if isinstance(value, UnknownValue) and value.type_name == STRING_CLASS:
        return "same", need_string_length(call, argument)
    if isinstance(value, InstanceValue) and value.class_name in BOX_TEXT_LENGTHS:
        return "new", BOX_TEXT_LENGTHS[value.class_name]
    if isinstance(value, InstanceValue) and text_runs_no_program_code(call.state, value):
        return "new", COLLECTION_TEXT
    if value_type_name(value) in BUILDERS and (isinstance(value, (InstanceValue, UnknownValue))):
        count = need_builder_count(call, argument)
        return "new", interval_of(call.state, count)
    if call.program is not None and is_object_value(value):
        exact, type_name = not isinstance(value, UnknownValue), value_type_name(value)
        if is_plain(call.program, type_name, exact, "toString"):
            return "new", text_length(call.program, type_name, exact)
    raise Preliminary(
        [Unsupported(f"toString() of an object of type {_type_name(value)} may run program code")]
    )


def _type_name(value: HeapValue) -> str:
    """The type of an object value for a message (any other value as its text)."""
    return value_type_name(value) if is_object_value(value) else str(value)


STRING_LENGTHS = Interval(0, 2**31 - 1)
"""The lengths a String or a builder can have (``int`` counts of UTF-16 units)."""


def within_string_length(length: Interval) -> Interval:
    """``length`` cut to `STRING_LENGTHS`: a text built longer is no String — the JVM throws
    an OutOfMemoryError (a VirtualMachineError, which the graphs assume away as every failed
    allocation); ``length`` itself when nothing of it is a possible length."""
    return length.meet(STRING_LENGTHS) or length
