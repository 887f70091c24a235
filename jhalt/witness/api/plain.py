"""The plain public-call form of a witness that needs no constructed objects (issue 19).

A static method (or constructor) whose witness holds only integers, floats, strings, arrays,
nulls and bare ``java.lang.Object`` instances (``new Object()``) is called in a unit test exactly as the witness says, without any search: each
array becomes a local variable (``String[] h0 = new String[] {"-a"};``, dependencies first,
so shared arrays stay shared), each string a fresh ``new String("…")`` and every argument is
cast to its parameter type (``(String) null``, ``(long) 3``), so that Java's overload
resolution picks exactly the entry. `plain_calls` answers None when the witness has a
receiver, an object, a static field, or cyclic arrays: those need the search
(`jhalt.witness.api.search`).
"""

from __future__ import annotations

from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.ids import MethodId
from jhalt.witness.api.goals import is_plain_object
from jhalt.witness.inputs import (
    ConcreteInputs,
    FloatInput,
    IntInput,
    NullInput,
    ObjectInput,
    Ref,
    StringInput,
    Value,
)
from jhalt.witness.java_literals import PRIMITIVE_NAMES, exact_literal, string_literal

__all__ = ["plain_calls", "source_type"]


def source_type(descriptor: str) -> str:
    """The Java source name of a field descriptor: ``[Ljava/util/Map$Entry;`` ->
    ``java.util.Map.Entry[]`` (assumption: ``$`` separates nested classes)."""
    dimensions = len(descriptor) - len(descriptor.lstrip("["))
    element = descriptor[dimensions:]
    name = PRIMITIVE_NAMES.get(element) or element[1:-1].replace("/", ".").replace("$", ".")
    return name + "[]" * dimensions


class _Emitter:
    def __init__(self, inputs: ConcreteInputs) -> None:
        self.inputs = inputs
        self.names: dict[str, str] = {}
        self.lines: list[str] = []
        self.open: set[str] = set()

    def expression(self, value: Value) -> str | None:
        if isinstance(value, NullInput):
            return "null"
        if isinstance(value, IntInput):
            return exact_literal(value)
        if isinstance(value, FloatInput):
            return exact_literal(value)
        if isinstance(value, StringInput):
            return f"new String({string_literal(value.text())})"
        return self.variable(value)

    def variable(self, ref: Ref) -> str | None:
        if ref.id in self.names:
            return self.names[ref.id]
        if ref.id in self.open:
            return None  # a cycle through arrays: not a plain form
        entry = self.inputs.entry(ref.id)
        if isinstance(entry, ObjectInput):
            if not is_plain_object(entry):
                return None
            name = f"h{len(self.names)}"
            self.names[ref.id] = name
            self.lines.append(f"Object {name} = new Object();")
            return name
        if isinstance(entry, StringInput):
            expression = f"new String({string_literal(entry.text())})"
            declared = "String"
        else:
            self.open.add(ref.id)
            elements = [self.expression(e) for e in entry.elements]
            self.open.discard(ref.id)
            if any(e is None for e in elements):
                return None
            declared = source_type(entry.descriptor)
            expression = f"new {declared} {{{', '.join(e for e in elements if e is not None)}}}"
        name = f"h{len(self.names)}"
        self.names[ref.id] = name
        self.lines.append(f"{declared} {name} = {expression};")
        return name


def plain_calls(entry: MethodId, inputs: ConcreteInputs) -> tuple[str, ...] | None:
    """Java statements that call the static method or constructor ``entry`` with ``inputs``
    (the last statement is the call), or None when the witness needs objects (module doc)."""
    if inputs.receiver is not None or inputs.statics or entry.name == "<clinit>":
        return None
    parameters, _ = parse_method_descriptor(entry.descriptor)
    emitter = _Emitter(inputs)
    arguments = []
    for descriptor, value in zip(parameters, inputs.arguments):
        expression = emitter.expression(value)
        if expression is None:
            return None
        arguments.append(f"({source_type(descriptor)}) {expression}")
    owner = source_type(f"L{entry.class_name};")
    joined = ", ".join(arguments)
    call = (
        f"new {owner}({joined});" if entry.name == "<init>" else f"{owner}.{entry.name}({joined});"
    )
    return (*emitter.lines, call)
