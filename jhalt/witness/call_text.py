"""A witness's entry call as a person writes it in a unit test (issue 34 item 6), and its
inputs in one line for the test's failure message.

`compact_call` answers the one statement that calls a static method or a constructor with the
witness's values written inline — ``S.ratio(4, 0);``, ``M.main(new String[] {"0"});`` — or
None when the witness cannot be written so (a receiver, an object other than a bare
``java.lang.Object``, static fields, a nested class, an array or object reached twice, or a
cycle). Environment values do not matter here: the rewritten classes a run puts first on the
class path return them (`jhalt.witness.inject`), whoever calls the entry. A cast is written only where the value's own type is not the
parameter's (``(byte) 3``, ``(String) null``), so that Java's overload resolution still picks
exactly the entry: a literal of the parameter's own type is the most specific match. A finite
float is its shortest decimal (``0.1``, ``1.5f``), which Java reads back to the same bits.

Assumption (stated in the README): strings are written as literals (``"0"``), which the JVM
interns, where the witness's strings are fresh objects; the tested program is assumed not to
compare them by identity (``==``) with its own constants. The caller checks that the entry is
public in a public class (the test lives in the default package).

`input_text` gives the inputs in the same notation (``args {"0"}``, ``(4, 0)``,
``this C{d=0}``), shortened to `MAX_INPUT_TEXT` characters.
"""

from __future__ import annotations

import math
import re

from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.ids import MethodId
from jhalt.witness.api.goals import is_plain_object
from jhalt.witness.api.plain import source_type
from jhalt.witness.inputs import (
    ArrayInput,
    ConcreteInputs,
    FloatInput,
    IntInput,
    NullInput,
    ObjectInput,
    Ref,
    StringInput,
    Value,
    main_args,
)
from jhalt.witness.java_literals import exact_literal, readable_literal, string_literal

__all__ = ["MAX_INPUT_TEXT", "compact_call", "input_text"]

MAX_INPUT_TEXT = 160
"""The longest input text of a failure message; longer ones end in ``…``."""

_OWN_TYPE = {"I": "I", "J": "J", "Z": "Z", "F": "F", "D": "D"}
"""Primitive types whose `exact_literal` has that very type without a cast."""


def _short(type_name: str) -> str:
    """``java.lang.String[]`` -> ``String[]`` (and ``Object``): the names every Java file sees
    (assumption: the program has no class of that name in the default package)."""
    return re.sub(r"^java\.lang\.(String|Object)\b", r"\1", type_name)


class _Inline:
    """Values written inline; ``None`` for one that cannot be (see the module docstring)."""

    def __init__(self, inputs: ConcreteInputs) -> None:
        self.inputs = inputs
        self.used: set[str] = set()

    def argument(self, value: Value, descriptor: str) -> str | None:
        """``value`` as an argument of a parameter of type ``descriptor``."""
        text = self.value(value)
        if text is None or self._own_type(value, descriptor):
            return text
        return f"({_short(source_type(descriptor))}) {text}"

    def _own_type(self, value: Value, descriptor: str) -> bool:
        if isinstance(value, (IntInput, FloatInput)):
            return _OWN_TYPE.get(value.type) == descriptor or value.type not in _OWN_TYPE
        if isinstance(value, StringInput):
            return descriptor == "Ljava/lang/String;"
        if isinstance(value, Ref):
            entry = self.inputs.entry(value.id)
            if isinstance(entry, StringInput):
                return descriptor == "Ljava/lang/String;"
            if isinstance(entry, ArrayInput):
                return entry.descriptor == descriptor
            return descriptor == "Ljava/lang/Object;"
        return False  # null: the cast picks the overload

    def value(self, value: Value) -> str | None:
        if isinstance(value, NullInput):
            return "null"
        if isinstance(value, FloatInput) and math.isfinite(value.value):
            return readable_literal(value)  # the shortest decimal: Java reads the same bits
        if isinstance(value, (IntInput, FloatInput)):
            return exact_literal(value)
        if isinstance(value, StringInput):
            return string_literal(value.text())
        if value.id in self.used:
            return None  # reached twice (shared or cyclic): a variable would be needed
        self.used.add(value.id)
        entry = self.inputs.entry(value.id)
        if isinstance(entry, StringInput):
            return string_literal(entry.text())
        if isinstance(entry, ObjectInput):
            return "new Object()" if is_plain_object(entry) else None
        elements = [self.value(element) for element in entry.elements]
        if any(element is None for element in elements):
            return None
        inside = ", ".join(element for element in elements if element is not None)
        return f"new {_short(source_type(entry.descriptor))} {{{inside}}}"


def compact_call(entry: MethodId, inputs: ConcreteInputs) -> str | None:
    """The statement calling ``entry`` (static or a constructor) with ``inputs`` inline, or
    None (module docstring)."""
    if inputs.statics or inputs.receiver is not None:
        return None
    if entry.name == "<clinit>" or "$" in entry.class_name:
        return None
    parameters, _ = parse_method_descriptor(entry.descriptor)
    inline = _Inline(inputs)
    arguments = [inline.argument(v, p) for p, v in zip(parameters, inputs.arguments)]
    if any(argument is None for argument in arguments):
        return None
    joined = ", ".join(argument for argument in arguments if argument is not None)
    owner = source_type(f"L{entry.class_name};")
    if entry.name == "<init>":
        return f"new {owner}({joined});"
    return f"{owner}.{entry.name}({joined});"


def _described(inputs: ConcreteInputs, value: Value, depth: int) -> str:
    """``value`` for people: literals, ``{…}`` arrays, ``C{f=…}`` objects (3 levels deep)."""
    if isinstance(value, NullInput):
        return "null"
    if isinstance(value, (IntInput, FloatInput)):
        return readable_literal(value)
    if isinstance(value, StringInput):
        return string_literal(value.text())
    entry = inputs.entry(value.id)
    if isinstance(entry, StringInput):
        return string_literal(entry.text())
    if depth >= 3:
        return "…"
    if isinstance(entry, ArrayInput):
        inside = ", ".join(_described(inputs, e, depth + 1) for e in entry.elements)
        return f"{{{inside}}}"
    fields = ", ".join(
        f"{item.field.name}={_described(inputs, item.value, depth + 1)}" for item in entry.fields
    )
    return f"{entry.class_name.rsplit('/', 1)[-1]}{{{fields}}}"


def input_text(entry: MethodId, inputs: ConcreteInputs) -> str:
    """The witness's inputs in one line (module docstring)."""
    args = main_args(inputs)
    if entry.name == "main" and entry.descriptor == "([Ljava/lang/String;)V" and args is not None:
        text = "args {" + ", ".join(string_literal(arg) for arg in args) + "}"
    else:
        text = "(" + ", ".join(_described(inputs, v, 0) for v in inputs.arguments) + ")"
        if inputs.receiver is not None:
            text = f"this {_described(inputs, inputs.receiver, 0)}, arguments {text}"
    if inputs.statics:
        text += ", static " + ", ".join(
            f"{s.field.name}={_described(inputs, s.value, 0)}" for s in inputs.statics
        )
    if len(text) > MAX_INPUT_TEXT:
        return text[: MAX_INPUT_TEXT - 1] + "…"
    return text
