"""The witness input of a CLP proof (seed 001 Prop. 5): the entry's arguments from the model
of the stem and the loop (`jhalt.analyses.clp.criterion.entry_model`).

For ``main(String[])`` the model gives the size of ``args`` (length + 1) and of each string
``args[k]`` that the program reads at a constant index (length + 1, the ghost ``gk``): the
witness is that many strings of ``a``s (of the character ``chk`` repeated when the program
reads characters), ``""`` for the elements no one reads (all of the uniform length ``gu`` when the
program reads an element at a variable index); a program that parses its arguments gets the
decimal text of each ``args[k]``'s value ``pk``, or ``true``/``false`` for its flag ``bk``
when it parses only flags (its size ``gk`` is then read by no clause:
`jhalt.analyses.clp.translate`). For a method whose parameters are all ``int``s the model's
values are the arguments; an instance method's receiver is an object of its class with every
field at its default (the ``C{}`` of the graph engine's witnesses), which the class must be able
to have (neither abstract nor an interface). The receiver's fields do not matter: no clause
reads a field (``getfield`` has no exact abstraction), and its size is pinned to 1, a non-null
object (`jhalt.analyses.clp.translate`'s entry constraint). Any other entry gets no witness
(so no NO): its arguments would be objects the model does not describe.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from jhalt.analyses.clp.clauses import ClpProgram
from jhalt.findings import Witness
from jhalt.ids import MethodId
from jhalt.witness.inputs import ConcreteInputs, IntInput, ObjectInput, Ref, args_inputs
from jhalt.witness.invocation import Invocation

MAX_ARGS = 10_000
"""A command line longer than this is not offered as a witness."""
RECEIVER = "this"
"""The object-table name of an instance entry's receiver."""


def witness_input(
    program: ClpProgram,
    entry: MethodId,
    values: Mapping[str, int],
    is_static: bool,
    instantiable: bool = False,
) -> Witness | None:
    """The witness of ``values`` (module doc), or None when the entry has no such form;
    ``instantiable``: the entry's class can have instances (a receiver for an instance entry)."""
    arguments = program.entry.arguments
    if entry.name == "main" and entry.descriptor == "([Ljava/lang/String;)V":
        length = values.get(arguments[0], 1) - 1
        if not 0 <= length <= MAX_ARGS:
            return None
        ghosts = set(program.ghosts)
        strings = []
        for index in range(length):
            if f"p{index}" in ghosts:  # a parsed argument: the decimal text of its value
                strings.append(str(values.get(f"p{index}", 0)))
                continue
            if f"b{index}" in ghosts:  # a parsed flag
                strings.append("true" if values.get(f"b{index}", 0) else "false")
                continue
            name = "gu" if "gu" in ghosts else f"g{index}"
            size = values.get(name, 1) if name in ghosts else 1
            if size < 1 or size > MAX_ARGS:
                return None
            char = f"ch{name[1:]}"  # the one character of a program that reads them
            letter = chr(values.get(char, ord("a"))) if char in ghosts else "a"
            strings.append(letter * (size - 1))
        if "gl" not in ghosts:
            return Witness(args=tuple(strings))
        size = values.get("gl", 1)
        if not 1 <= size <= MAX_ARGS:
            return None
        line = chr(values.get("chl", ord("a"))) * (size - 1) + "\n"
        inputs = replace(args_inputs(tuple(strings)), invocation=Invocation(stdin=line))
        return Witness(args=tuple(strings), inputs=inputs.to_json())
    parameters = entry.descriptor[1 : entry.descriptor.index(")")]
    if set(parameters) - {"I"} or not (is_static or instantiable):
        return None
    receiver = 0 if is_static else 1
    names = [a for a in arguments if a.startswith("l")][: receiver + len(parameters)]
    if len(names) != receiver + len(parameters):
        return None
    if receiver and values.get(names[0], 1) != 1:  # the entry constraint pins it (module doc)
        return None
    try:
        ints = tuple(IntInput(values.get(n, 0)) for n in names[receiver:])
    except ValueError:  # a value outside int's range: no Java call has it
        return None
    if is_static:
        return Witness(inputs=ConcreteInputs(arguments=ints).to_json())
    heap = ((RECEIVER, ObjectInput(entry.class_name)),)
    inputs = ConcreteInputs(arguments=ints, receiver=Ref(RECEIVER), heap=heap)
    return Witness(inputs=inputs.to_json())
