"""Concrete values spelled in Java source: the one place that writes a witness's numbers,
characters and strings as Java literals, for generated code and for people.

* `string_literal` — a string with the same UTF-16 content: printable ASCII as is, the usual
  escapes for quote, backslash and control characters (a ``\\u000a`` escape would end the line
  before lexing), ``\\uXXXX`` for every other unit (surrogate pairs beyond the BMP).
* `exact_literal` — a primitive for generated code: of exactly its type (``(byte) 3``,
  ``5L``) and its exact value (floats by their IEEE bits, so NaN payloads, ``-0.0`` and the
  infinities survive).
* `boxed_literal` — the same boxed (``Integer.valueOf(3)``), for ``Object`` slots.
* `readable_literal` — a primitive as a person writes it: ``'a'``, ``true``, ``1.5f``,
  ``Double.NaN`` (the text output of witnesses; not guaranteed exact for floats).
"""

from __future__ import annotations

import math
import struct

from jhalt.witness.inputs import FloatInput, IntInput

__all__ = ["boxed_literal", "exact_literal", "readable_literal", "string_literal"]

PRIMITIVE_NAMES = {
    "Z": "boolean",
    "B": "byte",
    "S": "short",
    "C": "char",
    "I": "int",
    "J": "long",
    "F": "float",
    "D": "double",
}
"""The Java name of each primitive descriptor."""

_WRAPPERS = {
    "Z": "Boolean",
    "B": "Byte",
    "S": "Short",
    "C": "Character",
    "I": "Integer",
    "J": "Long",
    "F": "Float",
    "D": "Double",
}

_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}
_ESCAPES |= {'"': '\\"', "\\": "\\\\"}


def _unit_escapes(ch: str) -> str:
    units = ch.encode("utf-16-be", "surrogatepass")
    return "".join(
        f"\\u{int.from_bytes(units[i : i + 2], 'big'):04x}" for i in range(0, len(units), 2)
    )


def string_literal(text: str) -> str:
    """``text`` as a Java string literal with the same UTF-16 content (module docstring)."""
    out = ['"']
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif " " <= ch <= "~":
            out.append(ch)
        else:
            out.append(_unit_escapes(ch))
    out.append('"')
    return "".join(out)


def exact_literal(value: IntInput | FloatInput) -> str:
    """A Java expression of exactly ``value``'s type and value (module docstring)."""
    if isinstance(value, FloatInput):
        if value.type == "F":
            bits = struct.unpack(">i", struct.pack(">f", value.value))[0]
            return f"Float.intBitsToFloat({bits})"
        bits = struct.unpack(">q", struct.pack(">d", value.value))[0]
        return f"Double.longBitsToDouble({bits}L)"
    if value.type == "Z":
        return "true" if value.value else "false"
    if value.type == "J":
        return f"{value.value}L"
    if value.type == "I":
        return str(value.value) if value.value != -(2**31) else "Integer.MIN_VALUE"
    return f"({PRIMITIVE_NAMES[value.type]}) {value.value}"


def boxed_literal(value: IntInput | FloatInput) -> str:
    """``value`` boxed in its wrapper class, exact (for slots of type ``Object``)."""
    return f"{_WRAPPERS[value.type]}.valueOf({exact_literal(value)})"


def readable_literal(value: IntInput | FloatInput) -> str:
    """``value`` as a person writes it (module docstring)."""
    if isinstance(value, FloatInput):
        boxed = "Float" if value.type == "F" else "Double"
        if math.isnan(value.value):
            return f"{boxed}.NaN"
        if math.isinf(value.value):
            return f"{boxed}.{'POSITIVE' if value.value > 0 else 'NEGATIVE'}_INFINITY"
        return repr(value.value) + ("f" if value.type == "F" else "")
    if value.type == "Z":
        return "true" if value.value else "false"
    if value.type == "J":
        return f"{value.value}L"
    if value.type == "C":
        ch = chr(value.value)
        if ch in "'\\":
            return f"'\\{ch}'"
        return f"'{ch}'" if " " <= ch <= "~" else f"'\\u{value.value:04x}'"
    return str(value.value)
