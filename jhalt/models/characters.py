"""Models of the static classification and case methods of ``java.lang.Character`` (issue 33:
``Character.toUpperCase(first)`` after a ``charAt``).

The methods here take only primitive arguments, read only the JDK's Unicode tables, write
nothing and, as their Javadoc (JDK 17 and 25) documents, throw nothing for any argument: an
``int`` code point outside Unicode is answered, not refused (``toUpperCase(int)`` returns it
unchanged, ``isLetter(int)`` false, ``digit`` ``-1``). So each call returns a value of its
return type, narrowed where the Javadoc bounds it:

* the predicates (``isDigit``, ``isLetter``, ``isWhitespace``, …) a ``boolean``;
* ``toUpperCase``/``toLowerCase``/``toTitleCase`` of a ``char`` a ``char`` — of a ``char``
  constant in ASCII (``0..127``) exactly the JDK's answer (in ASCII the case mappings are
  ``a..z`` ↔ ``A..Z`` and nothing else); of an ``int`` an ``int``;
* ``digit(ch, radix)`` a value in ``[-1, 35]`` (``-1`` or a digit below the radix, which is
  at most 36); ``getNumericValue`` at least ``-2``; ``getType`` a general category in
  ``[0, 30]``; ``charCount`` ``1`` or ``2``; ``forDigit`` and ``reverseBytes`` a ``char``.

What the Unicode tables say beyond ASCII constants is not modelled: the result is any value
of its range, so a path that needs a particular answer may find a witness the JVM does not
follow (the replay then says so); a proof of termination or of safety only needs that the
call returns and throws nothing, which holds. Methods with array or String arguments
(``codePointAt``, ``toChars``, ``toString``) are not here: they can throw.
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.intervals import Interval
from jhalt.models.support import fresh_int, interval_of, model
from jhalt.seg.library import LibraryCall, ModelRegistry, Outcome, Returns

CHARACTER = "java/lang/Character"

PREDICATES = (
    "isDigit", "isLetter", "isLetterOrDigit", "isWhitespace", "isSpaceChar", "isUpperCase",
    "isLowerCase", "isTitleCase", "isDefined", "isISOControl", "isJavaIdentifierStart",
    "isJavaIdentifierPart", "isUnicodeIdentifierStart", "isUnicodeIdentifierPart",
    "isIdentifierIgnorable", "isMirrored",
)  # fmt: skip
"""Predicates with a ``(C)Z`` and an ``(I)Z`` form."""
CODE_POINT_PREDICATES = (
    "isAlphabetic", "isIdeographic", "isValidCodePoint", "isBmpCodePoint",
    "isSupplementaryCodePoint",
)  # fmt: skip
"""Predicates of an ``int`` code point only."""
CHAR_PREDICATES = ("isHighSurrogate", "isLowSurrogate", "isSurrogate")
"""Predicates of a ``char`` only."""
CASES = ("toUpperCase", "toLowerCase", "toTitleCase")

RANGES: dict[tuple[str, str], Interval] = {
    ("digit", "(CI)I"): Interval(-1, 35),
    ("digit", "(II)I"): Interval(-1, 35),
    ("getNumericValue", "(C)I"): Interval.at_least(-2),
    ("getNumericValue", "(I)I"): Interval.at_least(-2),
    ("getType", "(C)I"): Interval(0, 30),
    ("getType", "(I)I"): Interval(0, 30),
    ("charCount", "(I)I"): Interval(1, 2),
    ("forDigit", "(II)C"): Interval.of_type("C"),
    ("reverseBytes", "(C)C"): Interval.of_type("C"),
}
"""The other methods and the range of their result (module docstring)."""


def _ascii_case(name: str, code: int) -> int:
    """The JDK's ``name`` of the ASCII character ``code`` (module docstring)."""
    if name == "toLowerCase":
        return code + 32 if ord("A") <= code <= ord("Z") else code
    return code - 32 if ord("a") <= code <= ord("z") else code


@model
def character_value(call: LibraryCall) -> Sequence[Outcome]:
    """A value of the method's range (module docstring); it never throws."""
    letter = call.return_descriptor
    interval = RANGES.get((call.method.name, call.method.descriptor), Interval.of_type(letter))
    if call.method.name in CASES and letter == "C":
        argument = interval_of(call.state, call.parameters[0])
        if argument.lo is not None and argument.lo == argument.hi and 0 <= argument.lo <= 127:
            interval = Interval.const(_ascii_case(call.method.name, argument.lo))
    state, result = fresh_int(call.popped_state(), interval, letter, call.fresh)
    return [Returns(state, result)]


def register(registry: ModelRegistry) -> None:
    for name in PREDICATES:
        registry.register(CHARACTER, name, "(C)Z", character_value)
        registry.register(CHARACTER, name, "(I)Z", character_value)
    for name in CODE_POINT_PREDICATES:
        registry.register(CHARACTER, name, "(I)Z", character_value)
    for name in CHAR_PREDICATES:
        registry.register(CHARACTER, name, "(C)Z", character_value)
    for name in CASES:
        registry.register(CHARACTER, name, "(C)C", character_value)
        registry.register(CHARACTER, name, "(I)I", character_value)
    for name, descriptor in RANGES:
        registry.register(CHARACTER, name, descriptor, character_value)
