"""The plain public-call form of a witness that needs no constructed objects (issue 19).

A static method (or constructor) whose witness holds only integers, floats, strings, arrays,
nulls and bare ``java.lang.Object`` instances (``new Object()``) is called in a unit test exactly as the witness says, without any search: each
array becomes a local variable (``String[] h0 = new String[] {"-a"};``, dependencies first,
so shared arrays stay shared), each string a fresh ``new String("…")`` and every argument is
cast to its parameter type (``(String) null``, ``(long) 3``), so that Java's overload
resolution picks exactly the entry. `plain_calls` answers None when the witness has an
object, a static field, or cyclic arrays: those need the search (`jhalt.witness.api.search`) —
or, asked for, a form that leaves static fields as the program initialises them.
A receiver is made by ``new C()`` when the caller names its class ``C`` as one with a public
no-argument constructor (``constructible``); the fields the witness gives the receiver are
then not set — the constructor's values stand, and the replay decides whether they suffice.
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


def _receiver(
    emitter: _Emitter, inputs: ConcreteInputs, constructible: frozenset[str]
) -> str | None:
    """``new C()`` for the witness's receiver as variable ``r`` (its statement emitted), or
    None when its class is not in ``constructible`` (binary names with slashes)."""
    receiver = inputs.receiver
    if not isinstance(receiver, Ref):
        return None
    entry = inputs.entry(receiver.id)
    if not isinstance(entry, ObjectInput) or entry.class_name not in constructible:
        return None
    owner = source_type(f"L{entry.class_name};")
    emitter.names[receiver.id] = "r"
    emitter.lines.append(f"{owner} r = new {owner}();")
    return "r"


def plain_calls(
    entry: MethodId,
    inputs: ConcreteInputs,
    constructible: frozenset[str] = frozenset(),
    *,
    statics_as_initialised: bool = False,
) -> tuple[str, ...] | None:
    """Java statements that call ``entry`` with ``inputs`` (the last statement is the call):
    a static method or constructor, or an instance method on a receiver of a ``constructible``
    class; None when the witness needs objects or static fields (module doc) — unless
    ``statics_as_initialised``: then the static fields keep what the program's initialisation
    gives them (the witness's values for them may not matter; the replay decides)."""
    if (inputs.statics and not statics_as_initialised) or entry.name == "<clinit>":
        return None
    if entry.name == "<init>" and inputs.receiver is not None:
        return None
    parameters, _ = parse_method_descriptor(entry.descriptor)
    emitter = _Emitter(inputs)
    receiver = None
    if inputs.receiver is not None:
        receiver = _receiver(emitter, inputs, constructible)
        if receiver is None:
            return None
    arguments = []
    for descriptor, value in zip(parameters, inputs.arguments):
        expression = emitter.expression(value)
        if expression is None:
            return None
        arguments.append(f"({source_type(descriptor)}) {expression}")
    owner = source_type(f"L{entry.class_name};")
    joined = ", ".join(arguments)
    if entry.name == "<init>":
        call = f"new {owner}({joined});"
    else:
        call = f"{receiver or owner}.{entry.name}({joined});"
    return (*emitter.lines, call)
