"""Concrete inputs of a witness: the values an entry method is called with (seed 000 §3).

A witness state (seed 000 §3, Def. 4, Thm 5) fixes the entry's parameters, the heap reachable
from them and the static fields the path reads. This module is the concrete, immutable form of
that state, independent of how an analysis found it:

* values: `IntInput` (every integral JVM type, booleans as 0/1), `FloatInput`, `NullInput`,
  `StringInput` (an inline, fresh ``String`` object no other input refers to) and `Ref` (a
  reference to an entry of the object table);
* the object table (`ConcreteInputs.heap`, id -> entry): `ObjectInput` (a class and some
  field values), `ArrayInput` (component type and elements) and `StringInput`. Entries refer to
  each other through `Ref`, so graphs may share nodes and be cyclic; a `Ref` to one id always
  denotes one and the same Java object;
* `StaticValue`: a static field's value at the moment of the call.

Fields an `ObjectInput` does not list hold their JVM default (0, false, null): reproducers
allocate objects without running a constructor. Everything round-trips through JSON
(`ConcreteInputs.to_json` / `ConcreteInputs.from_json`), which is what `Witness.inputs` holds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, TypeAlias

from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.findings import Witness
from jhalt.ids import FieldId, MethodId
from jhalt.witness.invocation import Invocation

__all__ = [
    "ArrayInput",
    "ConcreteInputs",
    "EnvironmentValues",
    "FloatInput",
    "HeapEntry",
    "IntInput",
    "NullInput",
    "ObjectInput",
    "Ref",
    "StaticValue",
    "StringInput",
    "Value",
    "FieldValue",
    "args_inputs",
    "as_witness",
    "check_value_fits",
    "main_args",
    "readable_text",
    "utf16_length",
]

_INTEGRAL_RANGES: dict[str, tuple[int, int]] = {
    "Z": (0, 1),
    "B": (-(2**7), 2**7 - 1),
    "S": (-(2**15), 2**15 - 1),
    "C": (0, 2**16 - 1),
    "I": (-(2**31), 2**31 - 1),
    "J": (-(2**63), 2**63 - 1),
}
_READABLE = "abcdefghijklmnopqrstuvwxyz"
STRING_DESCRIPTOR = "Ljava/lang/String;"


@dataclass(frozen=True, slots=True)
class IntInput:
    """An integral value of JVM type ``type`` (descriptor ``Z B S C I J``; booleans are 0/1)."""

    value: int
    type: str = "I"

    def __post_init__(self) -> None:
        if self.type not in _INTEGRAL_RANGES:
            raise ValueError(f"IntInput type must be one of ZBSCIJ, not {self.type!r}")
        low, high = _INTEGRAL_RANGES[self.type]
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise ValueError(f"IntInput value must be an int, not {self.value!r}")
        if not low <= self.value <= high:
            raise ValueError(f"{self.value} is out of range for JVM type {self.type}")


@dataclass(frozen=True, slots=True)
class FloatInput:
    """A ``float`` (``F``) or ``double`` (``D``) value; NaN and infinities allowed."""

    value: float
    type: str = "D"

    def __post_init__(self) -> None:
        if self.type not in ("F", "D"):
            raise ValueError(f"FloatInput type must be F or D, not {self.type!r}")


@dataclass(frozen=True, slots=True)
class NullInput:
    """The null reference."""


@dataclass(frozen=True, slots=True)
class Ref:
    """A reference to the object-table entry ``id`` (the same Java object wherever it occurs)."""

    id: str


@dataclass(frozen=True, slots=True)
class StringInput:
    """A ``java.lang.String`` of ``length`` UTF-16 code units.

    ``chars`` fixes the content when the program reads characters; otherwise the content is
    free and `readable_text` chooses ``a, b, c, …``. Inline (as a parameter, field value or
    array element) it is a fresh object; put it in the object table to share it."""

    length: int
    chars: str | None = None

    def __post_init__(self) -> None:
        if self.length < 0:
            raise ValueError("a string length cannot be negative")
        if self.chars is not None and utf16_length(self.chars) != self.length:
            raise ValueError(
                f"chars {self.chars!r} have {utf16_length(self.chars)} UTF-16 units, "
                f"not {self.length}"
            )

    def text(self) -> str:
        """The concrete content: ``chars`` if given, else `readable_text` of the length."""
        return self.chars if self.chars is not None else readable_text(self.length)


Value: TypeAlias = IntInput | FloatInput | NullInput | Ref | StringInput


@dataclass(frozen=True, slots=True)
class FieldValue:
    """The value of one field; ``field.class_name`` is the declaring class (inherited and
    shadowed fields are told apart by it)."""

    field: FieldId
    value: Value


@dataclass(frozen=True, slots=True)
class ObjectInput:
    """An instance of ``class_name`` (internal name); unlisted fields hold their default."""

    class_name: str
    fields: tuple[FieldValue, ...] = ()

    def __post_init__(self) -> None:
        seen = [f.field for f in self.fields]
        if len(set(seen)) != len(seen):
            raise ValueError(f"object of {self.class_name} lists a field twice")
        for item in self.fields:
            check_value_fits(item.value, item.field.descriptor, f"field {item.field}")


@dataclass(frozen=True, slots=True)
class ArrayInput:
    """An array whose component type is the field descriptor ``component`` (``I``, ``[I``,
    ``Ljava/lang/Object;``); multi-dimensional arrays are arrays of `Ref` to arrays."""

    component: str
    elements: tuple[Value, ...] = ()

    def __post_init__(self) -> None:
        for index, element in enumerate(self.elements):
            check_value_fits(element, self.component, f"element {index} of {self.component}[]")

    @property
    def descriptor(self) -> str:
        return "[" + self.component


HeapEntry: TypeAlias = ObjectInput | ArrayInput | StringInput


@dataclass(frozen=True, slots=True)
class StaticValue:
    """A static field's value at the moment the entry is called."""

    field: FieldId
    value: Value

    def __post_init__(self) -> None:
        check_value_fits(self.value, self.field.descriptor, f"static field {self.field}")


@dataclass(frozen=True, slots=True)
class EnvironmentValues:
    """The environment values one call site returns, in the order of its calls (issue 21,
    `jhalt.seg.environment`): the call at ``pc`` of ``site`` of ``callee`` (the method as the
    invoke instruction names it, with its ``invoke`` opcode); ``line`` and ``source_file`` its
    source position, if known.
    Values are inline: integers, floats, null, strings (a fresh object each)."""

    site: MethodId
    pc: int
    callee: MethodId
    invoke: str
    values: tuple[Value, ...]
    line: int | None = None
    source_file: str | None = None
    fed: bool = False
    """The values reach the program through its invocation (`ConcreteInputs.invocation`:
    standard input, a variable, a property), not by rewriting the call site."""

    def __post_init__(self) -> None:
        returned = parse_method_descriptor(self.callee.descriptor)[1]
        returned = UNBOXED_RESULTS.get(returned, returned)
        for index, value in enumerate(self.values):
            if isinstance(value, Ref):
                raise ValueError("an environment value cannot refer to the object table")
            check_value_fits(value, returned, f"call {index + 1} of {self.callee}")


@dataclass(frozen=True, slots=True)
class ConcreteInputs:
    """Everything an entry call needs: receiver (instance methods), arguments, the object
    table and static field values. References must resolve in ``heap``. ``environment``:
    what the calls that read the environment return (`EnvironmentValues`, per call site)."""

    arguments: tuple[Value, ...] = ()
    receiver: Value | None = None
    heap: tuple[tuple[str, HeapEntry], ...] = ()
    statics: tuple[StaticValue, ...] = ()
    environment: tuple[EnvironmentValues, ...] = ()
    assertions: bool | None = None
    """Whether ``assert`` statements run (``java -ea``); None: not stated (the JVM's default,
    off)."""
    invocation: Invocation | None = None
    """Standard input, environment variables and system properties of the run
    (`jhalt.witness.invocation`), for the environment values marked ``fed``."""

    def __post_init__(self) -> None:
        ids = [entry_id for entry_id, _ in self.heap]
        if len(set(ids)) != len(ids):
            raise ValueError("object table ids must be distinct")
        known = set(ids)
        for value in self._all_values():
            if isinstance(value, Ref) and value.id not in known:
                raise ValueError(f"reference to unknown object {value.id!r}")
        if isinstance(self.receiver, (NullInput, IntInput, FloatInput)):
            raise ValueError("the receiver must be an object")

    @property
    def injected(self) -> tuple[EnvironmentValues, ...]:
        """The environment values no invocation feeds (random sources, clocks, ``--inputs``
        stubs): a replay can only inject them by rewriting their call sites."""
        return tuple(values for values in self.environment if not values.fed)

    def entry(self, entry_id: str) -> HeapEntry:
        """The object-table entry ``entry_id`` (KeyError when absent)."""
        for key, value in self.heap:
            if key == entry_id:
                return value
        raise KeyError(entry_id)

    def resolve(self, value: Value) -> Value | HeapEntry:
        """``value`` itself, or the heap entry it refers to."""
        return self.entry(value.id) if isinstance(value, Ref) else value

    def _all_values(self) -> list[Value]:
        values: list[Value] = list(self.arguments)
        if self.receiver is not None:
            values.append(self.receiver)
        values.extend(s.value for s in self.statics)
        for _, entry in self.heap:
            if isinstance(entry, ObjectInput):
                values.extend(f.value for f in entry.fields)
            elif isinstance(entry, ArrayInput):
                values.extend(entry.elements)
        return values

    def check_against(self, method: MethodId, is_static: bool) -> None:
        """Raise ValueError unless the inputs fit ``method``'s descriptor (and receiver)."""
        parameters, _ = parse_method_descriptor(method.descriptor)
        if len(parameters) != len(self.arguments):
            raise ValueError(
                f"{method} takes {len(parameters)} arguments, the witness gives "
                f"{len(self.arguments)}"
            )
        for index, (descriptor, value) in enumerate(zip(parameters, self.arguments)):
            check_value_fits(value, descriptor, f"argument {index} of {method}")
            self._check_referent(value, descriptor, f"argument {index} of {method}")
        constructs = method.name == "<init>"
        if is_static or constructs:
            if self.receiver is not None:
                raise ValueError(f"{method} has no receiver input, the witness gives one")
        elif self.receiver is None:
            raise ValueError(f"instance method {method} needs a receiver")

    def _check_referent(self, value: Value, descriptor: str, what: str) -> None:
        if not isinstance(value, Ref):
            return
        entry = self.entry(value.id)
        if descriptor.startswith("[") and not isinstance(entry, ArrayInput):
            raise ValueError(f"{what} must be an array")
        if isinstance(entry, ArrayInput) and not (
            descriptor.startswith("[") or descriptor in _ARRAY_SUPERTYPES
        ):
            raise ValueError(f"{what} of type {descriptor} cannot hold an array")

    # ---- JSON -----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (see the module docstring); `from_json` inverts it."""
        data: dict[str, Any] = {"arguments": [_value_to_json(v) for v in self.arguments]}
        if self.receiver is not None:
            data["receiver"] = _value_to_json(self.receiver)
        if self.heap:
            data["heap"] = {key: _entry_to_json(entry) for key, entry in self.heap}
        if self.statics:
            data["statics"] = [
                {**_field_to_json(s.field), "value": _value_to_json(s.value)} for s in self.statics
            ]
        if self.environment:
            data["environment"] = [_environment_to_json(e) for e in self.environment]
        if self.assertions is not None:
            data["assertions"] = self.assertions
        if self.invocation is not None:
            data.update(self.invocation.to_json())
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ConcreteInputs:
        """Rebuild inputs from `to_json` output; ValueError on malformed data."""
        try:
            return cls(
                arguments=tuple(_value_from_json(v) for v in data.get("arguments", ())),
                receiver=_value_from_json(data["receiver"]) if "receiver" in data else None,
                heap=tuple(
                    (key, _entry_from_json(entry)) for key, entry in data.get("heap", {}).items()
                ),
                statics=tuple(
                    StaticValue(_field_from_json(s), _value_from_json(s["value"]))
                    for s in data.get("statics", ())
                ),
                environment=tuple(_environment_from_json(e) for e in data.get("environment", ())),
                assertions=bool(data["assertions"]) if "assertions" in data else None,
                invocation=_invocation_from_json(data),
            )
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"malformed witness inputs: {error!r}") from error


_ARRAY_SUPERTYPES = {"Ljava/lang/Object;", "Ljava/lang/Cloneable;", "Ljava/io/Serializable;"}


def utf16_length(text: str) -> int:
    """Java's ``String.length()`` of ``text``: characters beyond the BMP count twice."""
    return sum(2 if ord(ch) > 0xFFFF else 1 for ch in text)


def readable_text(length: int) -> str:
    """A readable string of ``length`` characters: ``a``, ``ab``, ``abc``, … (cycling)."""
    return "".join(_READABLE[i % len(_READABLE)] for i in range(length))


UNBOXED_RESULTS = {"Ljava/lang/Integer;": "I", "Ljava/lang/Long;": "J"}
"""A call returning a box whose environment value is the number inside
(``Integer.getInteger``, ``Long.getLong``: `jhalt.models.properties`)."""


def check_value_fits(value: Value, descriptor: str, what: str) -> None:
    """Raise ValueError when ``value`` cannot be stored in a slot of type ``descriptor``.

    References are checked by kind only (a `Ref` fits any reference type; the class of the
    referenced object is the analysis's responsibility, and the JVM checks it at replay)."""
    if descriptor in _INTEGRAL_RANGES:
        if not isinstance(value, IntInput):
            raise ValueError(f"{what} of type {descriptor} needs an IntInput, not {value!r}")
        if value.type != descriptor:
            raise ValueError(f"{what} has type {descriptor}, the value is typed {value.type}")
    elif descriptor in ("F", "D"):
        if not isinstance(value, FloatInput) or value.type != descriptor:
            raise ValueError(f"{what} of type {descriptor} needs a FloatInput {descriptor}")
    elif isinstance(value, (IntInput, FloatInput)):
        raise ValueError(f"{what} of reference type {descriptor} cannot hold {value!r}")
    elif isinstance(value, StringInput) and descriptor not in _STRING_SUPERTYPES:
        raise ValueError(f"{what} of type {descriptor} cannot hold a String")


_STRING_SUPERTYPES = {
    STRING_DESCRIPTOR,
    "Ljava/lang/Object;",
    "Ljava/lang/CharSequence;",
    "Ljava/lang/Comparable;",
    "Ljava/io/Serializable;",
    "Ljava/lang/constant/Constable;",
    "Ljava/lang/constant/ConstantDesc;",
}


def _method_to_json(method: MethodId) -> dict[str, str]:
    return {"class": method.class_name, "name": method.name, "descriptor": method.descriptor}


def _method_from_json(data: dict[str, Any]) -> MethodId:
    return MethodId(data["class"], data["name"], data["descriptor"])


def _environment_to_json(entry: EnvironmentValues) -> dict[str, Any]:
    data: dict[str, Any] = {
        "site": {**_method_to_json(entry.site), "pc": entry.pc},
        "call": {**_method_to_json(entry.callee), "invoke": entry.invoke},
        "values": [_value_to_json(v) for v in entry.values],
    }
    if entry.line is not None:
        data["site"]["line"] = entry.line
    if entry.source_file is not None:
        data["site"]["file"] = entry.source_file
    if entry.fed:
        data["fed"] = True
    return data


def _invocation_from_json(data: dict[str, Any]) -> Invocation | None:
    if not any(key in data for key in ("stdin", "env", "properties", "files")):
        return None
    return Invocation.from_json(data)


def _environment_from_json(data: dict[str, Any]) -> EnvironmentValues:
    site = data["site"]
    return EnvironmentValues(
        _method_from_json(site),
        int(site["pc"]),
        _method_from_json(data["call"]),
        data["call"]["invoke"],
        tuple(_value_from_json(v) for v in data["values"]),
        int(site["line"]) if site.get("line") is not None else None,
        site.get("file"),
        bool(data.get("fed", False)),
    )


def main_args(inputs: ConcreteInputs) -> tuple[str, ...] | None:
    """The command line for a ``main(String[])`` witness, or None when it has no such form.

    The witness must consist of exactly one argument, a non-null ``String[]`` whose elements are
    non-null strings that are pairwise distinct objects (the JVM makes each argument a fresh
    object), no static field values and no heap entries beyond that array and its strings. Free
    string content becomes readable letters (`readable_text`)."""
    if inputs.statics or inputs.receiver is not None or len(inputs.arguments) != 1:
        return None
    (argument,) = inputs.arguments
    if not isinstance(argument, Ref):
        return None
    array = inputs.entry(argument.id)
    if not isinstance(array, ArrayInput) or array.component != STRING_DESCRIPTOR:
        return None
    used = {argument.id}
    texts: list[str] = []
    for element in array.elements:
        if isinstance(element, Ref):
            if element.id in used:
                return None  # shared: the same object twice, or the array itself
            used.add(element.id)
            element = inputs.entry(element.id)  # type: ignore[assignment]
        if not isinstance(element, StringInput):
            return None
        texts.append(element.text())
    if {key for key, _ in inputs.heap} != used:
        return None
    return tuple(texts)


def as_witness(entry: MethodId, inputs: ConcreteInputs) -> Witness:
    """A `Witness` (not yet replayed) for ``inputs`` of ``entry``: ``inputs`` always holds the
    full JSON; ``args`` is set too when the entry is ``main(String[])`` and the inputs are a
    plain command line (`main_args`)."""
    args = None
    if entry.name == "main" and entry.descriptor == "([Ljava/lang/String;)V":
        args = main_args(inputs)
    return Witness(args=args, inputs=inputs.to_json())


def args_inputs(args: tuple[str, ...] | list[str]) -> ConcreteInputs:
    """The inputs of ``main(String[])`` called with the command line ``args``."""
    strings = tuple(StringInput(utf16_length(text), text) for text in args)
    return ConcreteInputs(
        arguments=(Ref("args"),), heap=(("args", ArrayInput(STRING_DESCRIPTOR, strings)),)
    )


# ---- JSON helpers ---------------------------------------------------------------------------


def _field_to_json(field_id: FieldId) -> dict[str, str]:
    return {"class": field_id.class_name, "name": field_id.name, "descriptor": field_id.descriptor}


def _field_from_json(data: dict[str, Any]) -> FieldId:
    return FieldId(data["class"], data["name"], data["descriptor"])


def _float_to_json(number: float) -> float | str:
    if math.isnan(number):
        return "NaN"
    if math.isinf(number):
        return "Infinity" if number > 0 else "-Infinity"
    return number


def _value_to_json(value: Value) -> dict[str, Any]:
    if isinstance(value, IntInput):
        return {"kind": "int", "type": value.type, "value": value.value}
    if isinstance(value, FloatInput):
        return {"kind": "float", "type": value.type, "value": _float_to_json(value.value)}
    if isinstance(value, NullInput):
        return {"kind": "null"}
    if isinstance(value, Ref):
        return {"kind": "ref", "id": value.id}
    if isinstance(value, StringInput):
        return _string_to_json(value)
    raise TypeError(f"not an input value: {value!r}")


def _string_to_json(value: StringInput) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": "string", "length": value.length}
    if value.chars is not None:
        data["chars"] = value.chars
    return data


def _value_from_json(data: dict[str, Any]) -> Value:
    kind = data["kind"]
    if kind == "int":
        return IntInput(int(data["value"]), data["type"])
    if kind == "float":
        return FloatInput(float(data["value"]), data["type"])
    if kind == "null":
        return NullInput()
    if kind == "ref":
        return Ref(data["id"])
    if kind == "string":
        return StringInput(int(data["length"]), data.get("chars"))
    raise ValueError(f"unknown input value kind {kind!r}")


def _entry_to_json(entry: HeapEntry) -> dict[str, Any]:
    if isinstance(entry, ObjectInput):
        return {
            "kind": "object",
            "class": entry.class_name,
            "fields": [
                {**_field_to_json(f.field), "value": _value_to_json(f.value)} for f in entry.fields
            ],
        }
    if isinstance(entry, ArrayInput):
        return {
            "kind": "array",
            "component": entry.component,
            "elements": [_value_to_json(e) for e in entry.elements],
        }
    return _string_to_json(entry)


def _entry_from_json(data: dict[str, Any]) -> HeapEntry:
    kind = data["kind"]
    if kind == "object":
        return ObjectInput(
            data["class"],
            tuple(
                FieldValue(_field_from_json(f), _value_from_json(f["value"]))
                for f in data.get("fields", ())
            ),
        )
    if kind == "array":
        return ArrayInput(
            data["component"], tuple(_value_from_json(e) for e in data.get("elements", ()))
        )
    if kind == "string":
        return StringInput(int(data["length"]), data.get("chars"))
    raise ValueError(f"unknown object-table entry kind {kind!r}")
