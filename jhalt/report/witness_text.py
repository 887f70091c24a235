"""A witness as Java-like text for people (the `jhalt check` and `jhalt prove` text output).

The machine formats keep the witness JSON (`jhalt.witness.inputs.ConcreteInputs.to_json`); this module
renders the same inputs the way a Java programmer would write them down:

* parameters by their source names (LocalVariableTable) or ``arg0, arg1, …``, receiver as
  ``this``, static fields as ``Cls.field``: ``x = 1, y = 0``;
* literals in Java syntax: ``5L``, ``'a'``, ``true``, ``1.5f``, ``Double.NaN``, ``"ab"``, ``null``;
* arrays as ``new String[]{null}`` (empty and long all-default arrays as ``new int[0]``);
* objects as ``Node{value = 3, next = null}`` — allocated without running a constructor; fields
  not listed hold their default (0, false, null);
* an object referred to from two places, or lying on a cycle, gets a name (its witness id,
  e.g. ``o1``) and its own ``o1 = …`` line, so sharing and cycles are visible:
  ``list = o1`` / ``o1 = Node{next = o1}``.

Rendering never fails: malformed inputs fall back to their JSON.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Sequence

from jhalt.classfile import ClassPath
from jhalt.classfile.descriptors import parse_method_descriptor, to_source
from jhalt.findings import Replay, Witness
from jhalt.ids import MethodId
from jhalt.witness.claim import why_not_replayed
from jhalt.witness.inputs import (
    ArrayInput,
    ConcreteInputs,
    FloatInput,
    HeapEntry,
    IntInput,
    NullInput,
    ObjectInput,
    Ref,
    StringInput,
    Value,
    args_inputs,
)
from jhalt.witness.invocation import shell_line
from jhalt.witness.java_literals import readable_literal, string_literal

__all__ = ["inputs_assignments", "java_class_name", "type_text", "witness_lines"]

_MAX_ELEMENTS = 24
_MAX_TEXT = 80


def java_class_name(internal: str) -> str:
    """``java/lang/String`` -> ``String``; ``p/Outer$Inner`` -> ``p.Outer.Inner``."""
    dotted = internal.replace("/", ".").replace("$", ".")
    return (
        dotted.removeprefix("java.lang.")
        if dotted.count(".") == 2 and dotted.startswith("java.lang.")
        else dotted
    )


def type_text(descriptor: str) -> str:
    """A field descriptor as a Java type: ``[Ljava/lang/String;`` -> ``String[]``."""
    dims = len(descriptor) - len(descriptor.lstrip("["))
    base = descriptor[dims:]
    if base.startswith("L") and base.endswith(";"):
        return java_class_name(base[1:-1]) + "[]" * dims
    return to_source(descriptor)


def _string_literal(text: str) -> str:
    shown = string_literal(text[:_MAX_TEXT])
    return shown + (f" /* {len(text)} chars */" if len(text) > _MAX_TEXT else "")


def _is_default(value: Value) -> bool:
    return (
        isinstance(value, NullInput)
        or (isinstance(value, IntInput) and value.value == 0)
        or (
            isinstance(value, FloatInput)
            and value.value == 0.0
            and math.copysign(1, value.value) > 0
        )
    )


class _Renderer:
    """Renders the values of one `ConcreteInputs`, naming shared and cyclic objects."""

    def __init__(self, inputs: ConcreteInputs, taken: set[str]) -> None:
        self.inputs = inputs
        self.entries: dict[str, HeapEntry] = dict(inputs.heap)
        counts: dict[str, int] = {}
        for value in self._roots() + [v for e in self.entries.values() for v in _children(e)]:
            if isinstance(value, Ref):
                counts[value.id] = counts.get(value.id, 0) + 1
        cyclic = self._on_cycles()
        named = [key for key in self.entries if counts.get(key, 0) > 1 or key in cyclic]
        self.names: dict[str, str] = {}
        for key in named:
            name = key if key.isidentifier() and key not in taken else f"obj_{len(self.names) + 1}"
            while name in taken:
                name += "_"
            taken.add(name)
            self.names[key] = name
        self.named_order: list[str] = []  # in order of first mention

    def _roots(self) -> list[Value]:
        values = list(self.inputs.arguments)
        if self.inputs.receiver is not None:
            values.append(self.inputs.receiver)
        values.extend(s.value for s in self.inputs.statics)
        return values

    def _on_cycles(self) -> set[str]:
        """Ids of entries that can reach themselves."""
        edges = {
            key: {v.id for v in _children(entry) if isinstance(v, Ref)}
            for key, entry in self.entries.items()
        }
        result: set[str] = set()
        for start, targets in edges.items():
            seen: set[str] = set()
            stack = list(targets)
            while stack:
                node = stack.pop()
                if node == start:
                    result.add(start)
                    break
                if node in seen:
                    continue
                seen.add(node)
                stack.extend(edges.get(node, ()))
        return result

    def value(self, value: Value) -> str:
        if isinstance(value, NullInput):
            return "null"
        if isinstance(value, (IntInput, FloatInput)):
            return readable_literal(value)
        if isinstance(value, StringInput):
            return _string_literal(value.text())
        name = self.names.get(value.id)
        if name is not None:
            if value.id not in self.named_order:
                self.named_order.append(value.id)
            return name
        return self.entry(self.entries[value.id])

    def entry(self, entry: HeapEntry) -> str:
        if isinstance(entry, StringInput):
            return _string_literal(entry.text())
        if isinstance(entry, ArrayInput):
            type_name = type_text(entry.component)
            # new int[3][] for a multi-dimensional component: the length goes first
            head, brackets, rest = type_name.partition("[")
            if not entry.elements or (
                len(entry.elements) > _MAX_ELEMENTS and all(_is_default(e) for e in entry.elements)
            ):
                return f"new {head}[{len(entry.elements)}]{brackets + rest if brackets else ''}"
            shown = [self.value(e) for e in entry.elements[:_MAX_ELEMENTS]]
            if len(entry.elements) > _MAX_ELEMENTS:
                shown.append(f"/* {len(entry.elements) - _MAX_ELEMENTS} more */")
            return f"new {type_name}[]{{{', '.join(shown)}}}"
        names = [f.field.name for f in entry.fields]
        parts = []
        for item in entry.fields:
            label = item.field.name
            if names.count(label) > 1:  # a shadowed field: say whose
                label = f"{java_class_name(item.field.class_name)}.{label}"
            parts.append(f"{label} = {self.value(item.value)}")
        return f"{java_class_name(entry.class_name)}{{{', '.join(parts)}}}"

    def named_definitions(self) -> list[str]:
        """``o1 = Node{…}`` for each named object mentioned so far (and the ones they mention)."""
        lines: list[str] = []
        done = 0
        while done < len(self.named_order):
            key = self.named_order[done]
            done += 1
            lines.append(f"{self.names[key]} = {self.entry(self.entries[key])}")
        return lines


def _children(entry: HeapEntry) -> list[Value]:
    if isinstance(entry, ObjectInput):
        return [f.value for f in entry.fields]
    if isinstance(entry, ArrayInput):
        return list(entry.elements)
    return []


def _parameter_names(entry: MethodId, count: int, names: Sequence[str] | None) -> list[str]:
    if names is not None and len(names) == count:
        return list(names)
    if entry.name == "main" and entry.descriptor == "([Ljava/lang/String;)V":
        return ["args"]
    return [f"arg{i}" for i in range(count)]


def inputs_assignments(
    inputs: ConcreteInputs, entry: MethodId, names: Sequence[str] | None = None
) -> tuple[list[str], list[str]]:
    """``(assignments, definitions)``: ``["x = 1", "y = 0"]`` for the parameters, receiver and
    statics, and ``["o1 = Node{…}"]`` for the named (shared or cyclic) objects they use."""
    parameters = _parameter_names(entry, len(inputs.arguments), names)
    renderer = _Renderer(inputs, set(parameters) | {"this"})
    assignments: list[str] = []
    if inputs.receiver is not None:
        assignments.append(f"this = {renderer.value(inputs.receiver)}")
    for name, value in zip(parameters, inputs.arguments):
        assignments.append(f"{name} = {renderer.value(value)}")
    for static in inputs.statics:
        owner = java_class_name(static.field.class_name).rsplit(".", 1)[-1]
        assignments.append(f"{owner}.{static.field.name} = {renderer.value(static.value)}")
    return assignments, renderer.named_definitions()


def java_words(entry: MethodId, classpath: ClassPath | None) -> list[str]:
    """How a user starts ``entry``'s ``main``: ``java -jar JAR`` when the analysed target is one
    jar whose manifest names the entry's class, else ``java CLASS`` (from the class path's
    root)."""
    spec = classpath.spec if classpath is not None else ""
    one_jar = spec.endswith(".jar") and os.pathsep not in spec
    if one_jar and classpath is not None and classpath.main_class == entry.class_name:
        return ["java", "-jar", spec]
    return ["java", entry.dotted_class]


def witness_lines(
    witness: Witness,
    entry: MethodId,
    parameter_names: Sequence[str] | None = None,
    classpath: ClassPath | None = None,
) -> list[str]:
    """The witness's inputs as readable lines (module docstring): first the assignments (one
    line when short), then one line per named object, then the command line for a ``main``
    witness that is one (`java_words`, with the analysed ``classpath``). Never raises:
    malformed inputs are shown as JSON."""
    try:
        if witness.inputs:
            inputs = ConcreteInputs.from_json(witness.inputs)
        elif witness.args is not None:
            inputs = args_inputs(witness.args)
        else:
            return ["(no inputs)"]
        assignments, definitions = inputs_assignments(inputs, entry, parameter_names)
    except (ValueError, KeyError, TypeError) as error:
        return [
            f"(unreadable witness inputs: {error}) " + json.dumps(witness.inputs, sort_keys=True)
        ]
    one_line = ", ".join(assignments) if assignments else "(no arguments)"
    lines = [one_line] if len(one_line) <= 100 else assignments
    lines.extend(definitions)
    invocation = inputs.invocation
    if witness.args is not None:
        words = [*java_words(entry, classpath), *witness.args]
        lines.append(f"command line: {shell_line(invocation, words)}")
    elif invocation is not None and not invocation.empty:
        lines.append(f"run with: {shell_line(invocation, ['java'])} …")
    lines.extend(environment_lines(inputs))
    return lines


def _ordinal(number: int) -> str:
    if number % 100 in (11, 12, 13):
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


def environment_lines(inputs: ConcreteInputs) -> list[str]:
    r"""One line per environment value (issue 21): ``\`Verifier.nondetInt()\` at
    Main.java:12 returns 1000 (1st call)``."""
    renderer = _Renderer(inputs, set())
    lines = []
    for entry in inputs.environment:
        callee = entry.callee
        owner = java_class_name(callee.class_name).rsplit(".", 1)[-1]
        parameters = parse_method_descriptor(callee.descriptor)[0]
        call = f"`{owner}.{callee.name}({', '.join(type_text(p) for p in parameters)})`"
        where = entry.source_file or f"{java_class_name(entry.site.class_name)}"
        at = f"{where}:{entry.line}" if entry.line is not None else f"{where}@{entry.pc}"
        for number, value in enumerate(entry.values, start=1):
            lines.append(
                f"{call} at {at} returns {renderer.value(value)} ({_ordinal(number)} call)"
            )
    return lines


def replay_line(witness: Witness) -> str:
    """``replay: confirmed (…)``: what the JVM showed; an unconfirmed witness says so loudly;
    one that did not run says why (``replay: not replayed, because …``): not refuted."""
    if witness.replay is Replay.NOT_RUN:
        why = why_not_replayed(witness.replay_detail)
        return "replay: not replayed" + (f", because {why}" if why else "")
    status = {
        Replay.CONFIRMED: "confirmed",
        Replay.REPRODUCED: "reproduced with injected values",
        Replay.UNCONFIRMED: "UNCONFIRMED (the JVM did not show it)",
    }[witness.replay]
    return f"replay: {status}" + (f" ({witness.replay_detail})" if witness.replay_detail else "")
