"""A record's ``toString``, ``hashCode`` and ``equals`` as javac compiles them (issue 33 item
5): an ``invokedynamic`` whose bootstrap is ``java.lang.runtime.ObjectMethods.bootstrap``;
the evaluator hands the call site to this class model as ``MethodId(ObjectMethods, name,
call-site descriptor)`` with the record (and for ``equals`` the other object).

The bootstrap's arguments (read from the class file at ``call.position``) are the record
class, the component names and one field getter per component. The generated method runs
the same method on each component's value (JDK 17 ``ObjectMethods``: ``String.valueOf``,
``Objects.hashCode``, ``Objects.equals`` or ``==`` for primitives). Modelled when that is
plain library code for every component's declared type
(:func:`jhalt.models.plain_objects.component_is_plain`); otherwise program code may run:
``Unsupported``.

* ``toString``: a new String of unknown content and length (``Name[x=1, y=2]``);
* ``hashCode``: any int;
* ``equals``: 1 for the same reference, 0 for null or an object of another class (the
  generated method compares classes first), else 0 or 1 (components not compared here).

None of them throws: the record is the receiver of the generated method (never null).
``Record()``, the superclass constructor, does nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.intervals import Interval
from jhalt.domains.values import InstanceValue, UnknownValue
from jhalt.models.plain_objects import (
    OBJECT_METHODS,
    bootstrap_of,
    call_site_descriptor_ok,
    component_is_plain,
    getter_descriptors,
)
from jhalt.models.support import (
    equality_refinement,
    fresh_int,
    instruction_at,
    model,
    need_known_nullness,
    need_non_null,
    new_string_of_length,
)
from jhalt.seg.library import LibraryCall, ModelRegistry, Outcome, Returns, Unsupported


def components(call: LibraryCall) -> tuple[str, ...] | None:
    """The component types of the call site's bootstrap, None when it cannot be read."""
    found = instruction_at(call)
    if found is None:
        return None
    classfile, instruction = found
    bootstrap = bootstrap_of(classfile, instruction.operand)
    return None if bootstrap is None else getter_descriptors(bootstrap)


@model
def object_method(call: LibraryCall) -> Sequence[Outcome]:
    """One ``ObjectMethods`` call site (module docstring)."""
    name = call.method.name
    found = components(call)
    program = call.program
    if (
        program is None
        or found is None
        or not call_site_descriptor_ok(call.method.descriptor, name)
        or not all(component_is_plain(program, d, name) for d in found)
    ):
        return [Unsupported(f"the record's {name} may run program code")]
    record = call.arguments[0]
    need_non_null(call, record)
    popped = call.popped_state()
    if name == "toString":
        state, result, _ = new_string_of_length(popped, Interval.at_least(0), call.fresh)
        return [Returns(state, result)]
    if name == "hashCode":
        state, result = fresh_int(popped, Interval.of_type("I"), "I", call.fresh)
        return [Returns(state, result)]
    return [_equals(call)]


def _equals(call: LibraryCall) -> Outcome:
    """The answer of ``equals`` (module docstring)."""
    record, other = call.arguments
    if call.state.predicates.may_equal(record, other):
        return equality_refinement(call, record, other)
    answer = Interval(0, 1)
    if other == record:
        answer = Interval.const(1)
    else:
        mine, theirs = call.state.heap[record], need_known_nullness(call, other)
        if theirs is None:
            answer = Interval.const(0)
        elif (
            isinstance(mine, InstanceValue | UnknownValue)
            and isinstance(theirs, InstanceValue)
            and _class_name(mine) != theirs.class_name
        ):
            answer = Interval.const(0)  # the record class is final: another class differs
    state, result = fresh_int(call.popped_state(), answer, "Z", call.fresh)
    return Returns(state, result)


def _class_name(value: InstanceValue | UnknownValue) -> str:
    return value.class_name if isinstance(value, InstanceValue) else value.type_name


@model
def record_init(call: LibraryCall) -> Sequence[Outcome]:
    """``Record()`` (the superclass constructor every record's constructor calls) does
    nothing (JDK 17: an empty protected constructor)."""
    return [Returns(call.popped_state(), None)]


def register(registry: ModelRegistry) -> None:
    registry.register_class(OBJECT_METHODS, object_method)
    registry.register("java/lang/Record", "<init>", "()V", record_init)
