"""Static field values that no caller of a library ever sees (issue 36): the public-API witness
search (`jhalt.witness.api.search`) is not started for a witness that needs one.

An enum's constants (fields ``ACC_STATIC | ACC_FINAL | ACC_ENUM``) and its ``$VALUES`` array
(``ACC_STATIC | ACC_FINAL | ACC_SYNTHETIC`` in an ``ACC_ENUM`` class) hold the objects the
enum's ``<clinit>`` makes for them: never null once the class is initialised (JLS §8.9.3).
A null in them is seen only by code that the enum's own initialisation runs, in the thread
that runs it (every other thread waits for it, JVM spec §5.5); an exception thrown there
reaches any caller as an ``ExceptionInInitializerError`` (§5.5 step 11), never as itself. So
the search — public calls from a driver, outside every ``<clinit>`` — cannot bring such a
witness about; its 1.5 s were spent for nothing on every such finding (0 of 20 such searches
found a sequence on the commons-lang3 sample of BENCHMARKS.md, session 13). The
finding itself is kept: its plain calls are still replayed with the statics as the program
initialises them (`jhalt.witness.api.public`), then it is triaged as before.

Assumptions: the program does not write these fields by ``sun.misc.Unsafe``, JNI or a
``MethodHandle`` on a field made writable (reflection's ``Field.set`` refuses static finals);
its enums are compiled as javac compiles them (the flags above on the fields ``<clinit>``
fills). A class or field the program cannot find is not assumed anything of.
"""

from __future__ import annotations

from jhalt.classfile.model import Access
from jhalt.ids import FieldId
from jhalt.program import Program
from jhalt.witness.inputs import ConcreteInputs, NullInput

__all__ = ["never_null_after_initialisation", "unreachable_statics"]

_CONSTANT = Access.STATIC | Access.FINAL | Access.ENUM
_VALUES = Access.STATIC | Access.FINAL | Access.SYNTHETIC


def never_null_after_initialisation(program: Program, field: FieldId) -> bool:
    """Whether ``field`` is an enum constant or an enum's ``$VALUES`` (module docstring)."""
    owner = program.find(field.class_name)
    if owner is None or not owner.access & Access.ENUM:
        return False
    info = owner.field_named(field.name, field.descriptor)
    if info is None:
        return False
    if info.access & _CONSTANT == _CONSTANT:
        return True
    return field.name == "$VALUES" and info.access & _VALUES == _VALUES


def unreachable_statics(program: Program, inputs: ConcreteInputs) -> tuple[FieldId, ...]:
    """The static fields to which the witness ``inputs`` gives a value no public caller sees:
    null in a field `never_null_after_initialisation`."""
    return tuple(
        static.field
        for static in inputs.statics
        if isinstance(static.value, NullInput)
        and never_null_after_initialisation(program, static.field)
    )
