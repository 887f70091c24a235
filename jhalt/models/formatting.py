"""``String.format(String, Object...)`` (issue 33 item 5: ``String.format`` with its
``IllegalFormatException`` only where the format can fail), after the JDK 17 Javadoc of
``java.util.Formatter``.

The format's text is not in the abstract state (a String is its length,
`jhalt.domains.strings`); it is read from the bytecode when the format is a literal: the
``ldc`` that pushed it, found by walking back over straight-line code from the call
(:func:`literal_argument`: no jump or handler may enter in between). The arguments are the
entries of the varargs array, which javac builds in place.

With a literal format of the simple specifiers ``%%``, ``%n`` and
``%[index$][-][width][.precision]conversion`` (conversions ``s S b B d x X o c f e g``;
no other flag), each specifier is checked against its argument's class: ``d x X o`` need an
``Integer``/``Long``/``Short``/``Byte`` (or ``BigInteger``), ``f e g`` a ``Float``/``Double``
(or ``BigDecimal``), ``c`` a ``Character`` (or a ``Byte``/``Short``/``Integer``, which may
be no code point: ``IllegalFormatCodePointException`` besides a return), anything else any
value; ``null`` fits every one, and a null varargs array makes every argument null. A specifier whose argument is of
another class throws ``IllegalFormatConversionException`` (when the class is only possibly
another: also a return); a missing argument ``MissingFormatArgumentException``; a precision
with ``d x X o c`` ``IllegalFormatPrecisionException``; ``-`` without a width
``MissingFormatWidthException``. ``s S`` of an object runs its ``toString``: modelled only
where that is plain library code (:func:`jhalt.models.text.object_text`). Any other format
— not a literal, other flags or conversions — may throw some ``IllegalFormatException``
besides returning. A null format throws ``NullPointerException``; the result is a new
String of unknown content. Assumption (stated on the return): no argument implements
``java.util.Formattable`` (whose ``formatTo`` ``%s`` would run instead of ``toString``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from jhalt.bytecode import Instruction, decode
from jhalt.classfile.model import StringConst
from jhalt.domains.intervals import Interval
from jhalt.domains.values import NULL, ArrayValue, HeapValue, InstanceValue, Ref, UnknownValue
from jhalt.errors import JhaltError
from jhalt.ids import ProgramPosition
from jhalt.models.support import (
    Preliminary,
    model,
    need_known_nullness,
    need_non_null,
    new_string_of_length,
)
from jhalt.models.text import object_text
from jhalt.program import Program
from jhalt.seg.library import LibraryCall, ModelRegistry, Outcome, Returns, Throws, Unsupported

STRING = "java/lang/String"
ILLEGAL_FORMAT = "java/util/IllegalFormatException"
CONVERSION = "java/util/IllegalFormatConversionException"
MISSING_ARGUMENT = "java/util/MissingFormatArgumentException"
PRECISION = "java/util/IllegalFormatPrecisionException"
MISSING_WIDTH = "java/util/MissingFormatWidthException"
CODE_POINT = "java/util/IllegalFormatCodePointException"
_SPECIFIER = re.compile(r"%(?:(\d+)\$)?(-?)(\d+)?(?:\.(\d+))?([a-zA-Z%])")
_INTEGRAL = frozenset("java/lang/" + n for n in ("Integer", "Long", "Short", "Byte")) | {
    "java/math/BigInteger"
}
_FLOATING = frozenset({"java/lang/Float", "java/lang/Double", "java/math/BigDecimal"})
_NEEDS = {**dict.fromkeys("dxXo", _INTEGRAL), **dict.fromkeys("feg", _FLOATING)}
_NEEDS["c"] = frozenset({"java/lang/" + n for n in ("Character", "Byte", "Short", "Integer")})
_ANY = frozenset("sSbB")
FORMATTABLE = "no argument of String.format implements java.util.Formattable"


def literal_argument(program: Program, position: ProgramPosition, depth: int) -> str | None:
    """The text of the String literal that the straight-line code before the instruction
    at ``position`` left ``depth`` slots below the top of the stack, else None."""
    method = position.method
    try:
        classfile = program.lookup(method.class_name)
        info = classfile.method(method.name, method.descriptor)
    except JhaltError:
        return None
    if info is None or info.code is None:
        return None
    instructions = list(decode(info.code.bytecode, classfile.constant_pool))
    entered = {h.handler_pc for h in info.code.exception_table}
    entered.update(t for i in instructions for t in i.jump_targets)
    before = [i for i in instructions if i.pc < position.pc]
    return _walk_back(before, entered, position.pc, depth)


def _walk_back(before: list[Instruction], entered: set[int], pc: int, depth: int) -> str | None:
    """:func:`literal_argument` over the instructions before ``pc``."""
    if pc in entered:
        return None
    for ins in reversed(before):
        if not ins.falls_through:
            return None
        if depth < ins.pushes:
            if ins.pushes != 1 or ins.mnemonic not in ("ldc", "ldc_w"):
                return None
            operand = ins.operand
            return operand.value if isinstance(operand, StringConst) else None
        depth = depth - ins.pushes + ins.pops
        if ins.pc in entered:
            return None
    return None


def _class_of(value: HeapValue | None) -> str | None:
    """The exact class of an argument, "null", or None when not exactly known."""
    if value is None:
        return "null"
    if isinstance(value, InstanceValue):
        return value.class_name
    return None


def _parse_failure(text: str) -> str | None:
    """The exception ``Formatter`` raises while parsing ``text`` before formatting anything
    ("" when it parses; None when ``text`` is outside the simple formats)."""
    if "%" in _SPECIFIER.sub("", text):
        return None
    for match in _SPECIFIER.finditer(text):
        index, minus, width, precision, conversion = match.groups()
        if index is not None and int(index) == 0:
            return None  # an index 0: IllegalFormatArgumentIndexException (JDK 16+)
        if conversion in "%n":
            if index or precision or (conversion == "n" and (minus or width)):
                return None
        elif conversion not in _ANY and conversion not in _NEEDS:
            return None
        elif minus and not width:
            return MISSING_WIDTH
        elif precision and conversion in "dxXoc":
            return PRECISION
    return ""


def _checked(call: LibraryCall, text: str, entries: Sequence[Ref]) -> list[str] | None:
    """The outcomes of the literal format ``text`` on ``entries``: exception classes, ""
    for a return; None when the format is outside the simple ones (module docstring).
    Specifiers are formatted in order: the first that surely fails ends the list."""
    failure = _parse_failure(text)
    if failure != "":
        return None if failure is None else [failure]
    outcomes: list[str] = []
    ordinary = 0
    for match in _SPECIFIER.finditer(text):
        index, conversion = match.group(1), match.group(5)
        if conversion in "%n":
            continue
        position = int(index) - 1 if index else ordinary
        ordinary += 0 if index else 1
        if not 0 <= position < len(entries):
            return [*outcomes, MISSING_ARGUMENT]
        argument = entries[position]
        value = need_known_nullness(call, argument) if argument != NULL else None
        if conversion in "sS" and value is not None:
            object_text(call, argument)  # its toString runs: plain library text only
        if conversion not in _NEEDS:
            continue
        exact = _class_of(value)
        if conversion == "c" and exact not in ("null", "java/lang/Character"):
            outcomes.append(CODE_POINT)  # an int may be no code point (when it fits at all)
        if exact == "null" or exact in _NEEDS[conversion]:
            continue
        if isinstance(value, UnknownValue) and value.type_name in _NEEDS[conversion]:
            continue  # the boxes are final; a BigInteger's subclass is one too
        outcomes.append(CONVERSION)
        if exact is not None:
            return list(dict.fromkeys(outcomes))
    return ["", *dict.fromkeys(outcomes)]


def _any_format(call: LibraryCall, arguments: HeapValue | None) -> list[str]:
    """A format that is not a simple literal: a return or some ``IllegalFormatException``,
    once every argument's ``toString`` is plain (``%s`` may run it)."""
    if isinstance(arguments, ArrayValue) and arguments.entries is not None:
        for entry in arguments.entries:
            if entry != NULL and need_known_nullness(call, entry) is not None:
                object_text(call, entry)
        return ["", ILLEGAL_FORMAT]
    if arguments is None:
        return ["", ILLEGAL_FORMAT]
    raise Preliminary([Unsupported("String.format of unknown arguments may run program code")])


@model
def format_string(call: LibraryCall) -> Sequence[Outcome]:
    """``String.format(String, Object...)`` (module docstring)."""
    form, array = call.parameters
    need_non_null(call, form)
    popped = call.popped_state()
    text = literal_argument(call.program, call.position, 1) if call.program else None
    arguments = call.state.heap.get(array) if array != NULL else None
    checked: list[str] | None = None
    if text is not None and array == NULL:
        failure = _parse_failure(text)  # a null array: every argument is null, fits all
        checked = None if failure is None else [failure or ""]
    elif text is not None and isinstance(arguments, ArrayValue) and arguments.entries is not None:
        checked = _checked(call, text, arguments.entries)
    if checked is None:
        checked = _any_format(call, arguments)
    outcomes: list[Outcome] = []
    for exception in checked:
        if exception == "":
            state, result, _ = new_string_of_length(popped, Interval.at_least(0), call.fresh)
            outcomes.append(Returns(state, result, assumptions=(FORMATTABLE,)))
        else:
            outcomes.append(Throws(popped, exception, exact=exception != ILLEGAL_FORMAT))
    return outcomes


def register(registry: ModelRegistry) -> None:
    registry.register(
        STRING, "format", "(Ljava/lang/String;[Ljava/lang/Object;)Ljava/lang/String;",
        format_string,
    )  # fmt: skip
