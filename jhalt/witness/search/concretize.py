"""From a path's facts and an integer model to concrete inputs (seed 000 §3: the witness
state's values; issue 4 item 2), and from concrete inputs to a concrete entry state.

:func:`concretize_inputs` builds a :class:`~jhalt.witness.inputs.ConcreteInputs`:

* integers from the model, floats from literals (else 0.0), booleans 0/1;
* ``null`` for a variable the path refined to null, and for an object the path never looked
  at (the smallest choice; it is not dereferenced on the path);
* a string of the length the path needs (pseudo-field ``count``), with the characters the
  solver chose when the path's conditions read them (`jhalt.smt.strings`);
* an array of the solved length; entries the path read (``a[i]`` with the solved ``i``) or
  realized get their values, the others their JVM default;
* an object of the exact class the path saw (or, for an unknown non-null object, the class
  of its bound when that class is instantiable), with the fields the path read;
* the same variable twice is the same object (``Ref`` to one object-table entry), so sharing
  and cycles that the path shows are kept; variables an equality refinement merged too;
* static fields the path read before writing them (none for ``main`` run from the command
  line: no class is initialised when it starts, the path runs the initialisers);
* the environment values of the path's calls, per call site (`jhalt.witness.search.environment`).

:func:`inputs_state` turns inputs into a concrete :class:`AbstractState` for the entry
(thesis Def. 1.6: every field listed), used by the forward check of
:mod:`jhalt.witness.search.backward`. Both raise :class:`WitnessError` when a value cannot be made.
"""

from __future__ import annotations

from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.domains.concrete import ConcreteHeapBuilder
from jhalt.domains.intervals import type_range
from jhalt.domains.state import AbstractState
from jhalt.domains.strings import STRING_CLASS, STRING_LENGTH, string_instance
from jhalt.domains.values import NULL, Ref
from jhalt.ids import FieldId, MethodId
from jhalt.models.sources import FileSource, read_source
from jhalt.program import Program
from jhalt.witness.inputs import (
    ArrayInput,
    ConcreteInputs,
    FieldValue,
    FloatInput,
    HeapEntry,
    IntInput,
    NullInput,
    ObjectInput,
    StaticValue,
    StringInput,
    Value,
    main_args,
    utf16_length,
)
from jhalt.witness.inputs import Ref as InputRef
from jhalt.witness.invocation import feedable_file
from jhalt.witness.search.environment import environment_values
from jhalt.witness.search.path import NULL_VAR, ObjectFacts, PathFacts

MAX_ARRAY_LENGTH = 10_000


def _string(length: int, text: str | None) -> StringInput:
    """A String of ``length`` units, or of the characters ``text`` the solver chose."""
    if text is None:
        return StringInput(length)
    return StringInput(utf16_length(text), text)


class WitnessError(ValueError):
    """The facts cannot be turned into concrete values (the reason is the message)."""


def _descriptor_of_type(type_name: str) -> str:
    return type_name if type_name.startswith("[") else f"L{type_name};"


class _Concretizer:
    def __init__(
        self,
        facts: PathFacts,
        model: dict[str, int],
        program: Program,
        non_null_strings: bool,
        texts: dict[str, str],
    ) -> None:
        self.facts = facts
        self.model = model
        self.texts = texts
        self.program = program
        self.non_null_strings = non_null_strings
        self.entries: dict[str, HeapEntry] = {}
        self.ids: dict[str, str] = {}
        self.alias = self._alias_classes()
        self.reads: dict[str, list[tuple[str, str]]] = {}
        for array, index, element in facts.reads:
            self.reads.setdefault(array, []).append((index, element))

    def _alias_classes(self) -> dict[str, str]:
        parent: dict[str, str] = {}

        def find(x: str) -> str:
            while parent.get(x, x) != x:
                x = parent[x]
            return x

        for first, second in self.facts.aliases:
            a, b = find(first), find(second)
            if a != b:
                parent[max(a, b)] = min(a, b)
        return {x: find(x) for x in parent}

    def integer(self, var: str | None, letter: str) -> IntInput:
        low, high = type_range(letter)
        value = self.model.get(var, 0) if var is not None else 0
        return IntInput(min(max(value, low), high), letter)

    def value(self, var: str | None, descriptor: str) -> Value:
        if descriptor in "ZBSCIJ" and len(descriptor) == 1:
            return self.integer(var, descriptor)
        if descriptor in ("F", "D"):
            number = self.facts.float_values.get(var or "", 0.0)
            return FloatInput(float(number), descriptor)
        if var is None and self.non_null_strings and descriptor == "Ljava/lang/String;":
            return StringInput(0)
        if var is None or var == NULL_VAR or var in self.facts.null_vars:
            if self.non_null_strings and descriptor == "Ljava/lang/String;":
                raise WitnessError("the path needs a null string, the command line has none")
            return NullInput()
        text = self.texts.get(var)
        var = self.alias.get(var, var)
        text = self.texts.get(var, text)
        facts = self.facts.objects.get(var)
        if facts is None or (not facts.non_null and not facts.exact):
            if self.non_null_strings and descriptor == "Ljava/lang/String;":
                return _string(0, text)
            return NullInput()
        if var in self.ids:
            return InputRef(self.ids[var])
        type_name = facts.type_name or descriptor
        if type_name == STRING_CLASS or (not facts.exact and descriptor == "Ljava/lang/String;"):
            length = facts.fields.get(STRING_LENGTH) or self.facts.string_lengths.get(var)
            return _string(max(0, self.model.get(length, 0)) if length else 0, text)
        entry_id = f"o{len(self.ids) + 1}"
        self.ids[var] = entry_id
        if facts.is_array or type_name.startswith("["):
            self.entries[entry_id] = self._array(var, facts, type_name)
        else:
            self.entries[entry_id] = self._object(facts, type_name)
        return InputRef(entry_id)

    def environment_value(self, var: str, descriptor: str) -> Value:
        """The value an environment-reading call returns: as :meth:`value`, except that a
        String the path needs null is null even for a command-line ``main`` (an unset
        variable or property; `jhalt.seg.environment`)."""
        if var == NULL_VAR or var in self.facts.null_vars:
            return NullInput()
        return self.value(var, descriptor)

    def _array(self, var: str, facts: ObjectFacts, type_name: str) -> ArrayInput:
        component = type_name[1:]
        length = max(0, self.model.get(facts.length, 0)) if facts.length else 0
        if length > MAX_ARRAY_LENGTH:
            raise WitnessError(f"an array of length {length} is too long for a witness")
        chosen: dict[int, str] = dict(facts.entries)
        for index_var, element in self.reads.get(var, []):
            index = self.model.get(index_var)
            if index is not None and 0 <= index < length:
                chosen.setdefault(index, element)
        elements = tuple(self.value(chosen.get(i), component) for i in range(length))
        return ArrayInput(component, elements)

    def _object(self, facts: ObjectFacts, type_name: str) -> ObjectInput:
        class_name = type_name if facts.exact else self._instantiable(type_name)
        fields = tuple(
            FieldValue(field_id, self.value(var, field_id.descriptor))
            for field_id, var in sorted(facts.fields.items())
            if field_id != STRING_LENGTH
        )
        return ObjectInput(class_name, fields)

    def _instantiable(self, type_name: str) -> str:
        candidates = [type_name] + list(self.program.subtypes(type_name).known)
        for candidate in candidates:
            classfile = self.program.find(candidate)
            if classfile is not None and not classfile.is_interface and not classfile.is_abstract:
                return candidate
        raise WitnessError(f"no instantiable class for an object of type {type_name}")


def concretize_inputs(
    facts: PathFacts,
    model: dict[str, int],
    program: Program,
    entry: MethodId,
    is_static: bool,
    non_null_strings: bool = False,
    texts: dict[str, str] | None = None,
) -> ConcreteInputs:
    """Concrete inputs for ``entry`` (module docstring). ``non_null_strings``: the entry is
    ``main`` run from the command line, whose strings are never null; ``texts``: the
    characters of the Strings the solver chose (`jhalt.smt.strings`)."""
    concretizer = _Concretizer(facts, model, program, non_null_strings, texts or {})
    slots = list(facts.entry_locals)
    parameters, _ = parse_method_descriptor(entry.descriptor)
    receiver: Value | None = None
    slot = 0
    if not is_static:
        receiver = concretizer.value(slots[0] if slots else None, f"L{entry.class_name};")
        if isinstance(receiver, NullInput):
            raise WitnessError("the receiver cannot be null")
        slot = 1
    arguments: list[Value] = []
    for descriptor in parameters:
        var = slots[slot] if slot < len(slots) else None
        arguments.append(concretizer.value(var, descriptor))
        slot += 2 if descriptor in ("J", "D") else 1
    # a command-line main starts with no class initialised: every static the path saw before
    # writing it holds its JVM default, and the path runs the initialisers as the JVM does
    statics = (
        ()
        if non_null_strings
        else tuple(
            StaticValue(field_id, concretizer.value(var, field_id.descriptor))
            for field_id, var in sorted(facts.statics.items())
        )
    )
    args = _name_files(concretizer, arguments, facts, program) if non_null_strings else None
    environment, invocation = environment_values(
        facts.environment, concretizer.environment_value, program, args
    )
    return ConcreteInputs(
        arguments=tuple(arguments),
        receiver=receiver,
        heap=tuple(sorted(concretizer.entries.items(), key=lambda item: int(item[0][1:]))),
        statics=statics,
        environment=environment,
        invocation=invocation,
    )


def _name_files(
    concretizer: _Concretizer, arguments: list[Value], facts: PathFacts, program: Program
) -> tuple[str, ...] | None:
    """The command line of a ``main`` witness, each ``args[k]`` that names a file the path
    reads (`jhalt.models.sources`) made a name the replay can create when the path left its
    text free: its readable letters, or ``input.txt`` for an empty one (the forward check and
    the replay then judge the changed input). None when the witness has no command line."""
    if len(arguments) != 1 or not isinstance(arguments[0], InputRef):
        return None
    array = concretizer.entries.get(arguments[0].id)
    if not isinstance(array, ArrayInput):
        return None
    elements = list(array.elements)
    for position, _ in facts.environment:
        source = read_source(program, position, 0)
        if not isinstance(source, FileSource) or source.argument is None:
            continue
        k = source.argument
        if not 0 <= k < len(elements) or not isinstance(elements[k], StringInput):
            continue
        element = elements[k]
        assert isinstance(element, StringInput)
        if element.chars is None and not feedable_file(element.text()):
            elements[k] = StringInput(len("input.txt"), "input.txt")
    concretizer.entries[arguments[0].id] = ArrayInput(array.component, tuple(elements))
    provisional = ConcreteInputs(
        arguments=tuple(arguments), heap=tuple(concretizer.entries.items())
    )
    return main_args(provisional)


# ---------------------------------------------------------------- inputs → concrete state


def instance_fields(program: Program, class_name: str) -> list[FieldId]:
    """Every instance field of ``class_name`` and its superclasses (declaring class kept)."""
    result: list[FieldId] = []
    current: str | None = class_name
    while current is not None:
        classfile = program.find(current)
        if classfile is None:
            break
        result.extend(
            FieldId(current, f.name, f.descriptor) for f in classfile.fields if not f.is_static
        )
        current = classfile.super_name
    return result


class _StateBuilder:
    def __init__(
        self, inputs: ConcreteInputs, program: Program, builder: ConcreteHeapBuilder
    ) -> None:
        self.inputs = inputs
        self.program = program
        self.builder = builder
        self.refs: dict[str, Ref] = {}
        self.texts: dict[Ref, str] = {}

    def ref_of(self, value: Value | HeapEntry, descriptor: str) -> Ref:
        b = self.builder
        if isinstance(value, IntInput):
            return b.int(value.value, value.type)
        if isinstance(value, FloatInput):
            return b.float(value.value, value.type)
        if isinstance(value, NullInput):
            return NULL
        if isinstance(value, StringInput):
            length = b.int(value.length)
            reference = b.namer.fresh("o")
            b.values[reference] = string_instance(length)
            self.texts[reference] = value.text()  # what the replay passes
            return reference
        if isinstance(value, InputRef):
            if value.id in self.refs:
                return self.refs[value.id]
            entry = self.inputs.entry(value.id)
            if isinstance(entry, StringInput):
                self.refs[value.id] = self.ref_of(entry, descriptor)
                return self.refs[value.id]
            if isinstance(entry, ArrayInput):
                placeholder = [NULL] * len(entry.elements)
                reference = b.array(entry.descriptor, placeholder)
                self.refs[value.id] = reference
                for index, element in enumerate(entry.elements):
                    b.set_entry(reference, index, self.ref_of(element, entry.component))
                return reference
            assert isinstance(entry, ObjectInput)
            reference = b.instance(entry.class_name)
            self.refs[value.id] = reference
            given = {f.field: f.value for f in entry.fields}
            for field_id in instance_fields(self.program, entry.class_name):
                field_value = given.get(field_id, _default(field_id.descriptor))
                b.set_field(reference, field_id, self.ref_of(field_value, field_id.descriptor))
            return reference
        raise WitnessError(f"cannot build a state value from {value!r}")


def _default(descriptor: str) -> Value:
    if descriptor in ("Z", "B", "S", "C", "I", "J"):
        return IntInput(0, descriptor)
    if descriptor in ("F", "D"):
        return FloatInput(0.0, descriptor)
    return NullInput()


def inputs_state(
    template: AbstractState,
    inputs: ConcreteInputs,
    program: Program,
    entry: MethodId,
    builder: ConcreteHeapBuilder,
) -> AbstractState:
    """``template`` (the entry state of the graph) with the entry frame's parameters, and the
    static fields, replaced by the concrete ``inputs`` (the other frames, e.g. class
    initialisers of ``main``, are kept)."""
    return inputs_state_and_texts(template, inputs, program, entry, builder)[0]


def inputs_state_and_texts(
    template: AbstractState,
    inputs: ConcreteInputs,
    program: Program,
    entry: MethodId,
    builder: ConcreteHeapBuilder,
) -> tuple[AbstractState, dict[Ref, str]]:
    """:func:`inputs_state`, and the text of each String of the inputs by its reference in
    that state (the content the replay gives it: `StringInput.text`), for a run that
    executes the calls reading them (`jhalt.seg.known_texts`)."""
    states = _StateBuilder(inputs, program, builder)
    parameters, _ = parse_method_descriptor(entry.descriptor)
    entry_frame = template.frames[-1]
    local_vars = list(entry_frame.locals)
    slot = 0
    if inputs.receiver is not None:
        local_vars[0] = states.ref_of(inputs.receiver, _descriptor_of_type(entry.class_name))
        slot = 1
    for descriptor, value in zip(parameters, inputs.arguments):
        local_vars[slot] = states.ref_of(value, descriptor)
        slot += 2 if descriptor in ("J", "D") else 1
    statics = {s.field: states.ref_of(s.value, s.field.descriptor) for s in inputs.statics}
    frames = list(template.frames)
    frames[-1] = type(entry_frame)(entry_frame.position, tuple(local_vars), ())
    other_roots = [
        r for frame in frames[:-1] for r in (*frame.locals, *frame.stack) if r is not None
    ]
    if any(r != NULL and r not in builder.values for r in other_roots):
        for r in other_roots:
            if r != NULL and r not in builder.values and r in template.heap:
                builder.values[r] = template.heap[r]
    static_fields = dict(template.static_fields)
    static_fields.update(statics)
    for reference in static_fields.values():
        if reference != NULL and reference not in builder.values and reference in template.heap:
            builder.values[reference] = template.heap[reference]
    state = builder.state(frames, static_fields, class_init=dict(template.class_init))
    return state, states.texts
