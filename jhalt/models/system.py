"""Models of ``java.lang.System`` and of printing to ``System.out``/``System.err``
(issue 3 item 5).

* ``System.arraycopy`` follows JVMS/JDK 17: ``NullPointerException`` for a null array;
  ``ArrayStoreException`` when an argument is not an array or the component types do not
  match (for reference arrays also after a partial copy); ``ArrayIndexOutOfBoundsException``
  when a position or the length is negative or a range leaves its array. Otherwise the
  entries are copied exactly when both arrays list their entries and every integer is
  known; else the destination's entries are forgotten (and, for reference arrays, it may
  now share with the source and be non-tree shaped).
* ``PrintStream.print``/``println``/``flush``/``write(int)``: output only — they change no
  object of the program. Assumption: the receiver is the JDK's own ``PrintStream``
  (``System.setOut`` with a program subclass is not modelled). Printing an object calls
  its ``toString()``: supported for null, Strings and boxes only.
* ``currentTimeMillis``/``nanoTime``: environment values (`jhalt.seg.environment`);
  ``identityHashCode``: an unknown value.
* ``System.exit``, ``Runtime.exit``, ``Runtime.halt``: the program ends there (an
  :class:`~jhalt.seg.library.Exits` outcome: no exception, no further step). Assumption: no
  shutdown hook or security manager stops the exit (``halt`` runs no hook at all).
* ``Runtime.getRuntime()``: never null (JDK: the runtime of the current application).
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, ArrayValue, Ref, UnknownValue, is_object_value
from jhalt.models.support import (
    AIOOBE,
    Preliminary,
    array_realization,
    equality_refinement,
    fresh_int,
    interval_of,
    model,
    need_known_nullness,
    need_non_null,
    returns_if_possible,
)
from jhalt.models.text import object_text
from jhalt.seg.environment import input_relation
from jhalt.seg.labels import Relation, check, compute
from jhalt.seg.library import (
    Exits,
    LibraryCall,
    ModelRegistry,
    Outcome,
    Returns,
    Throws,
    Unsupported,
    with_fresh_value,
)

SYSTEM = "java/lang/System"
PRINT_STREAM = "java/io/PrintStream"
ARRAY_STORE = "java/lang/ArrayStoreException"
OUTPUT_ASSUMPTION = "printing only writes output"
RUNTIME = "java/lang/Runtime"
EXIT_ASSUMPTION = "the exit is not prevented (no security manager)"


def _need_array(call: LibraryCall, reference: Ref) -> ArrayValue | None:
    """The array value of a non-null argument; None when it is certainly no array."""
    value = need_non_null(call, reference)
    if isinstance(value, ArrayValue):
        return value
    if isinstance(value, UnknownValue):
        if value.type_name.startswith("["):
            raise Preliminary([array_realization(call, reference)])
        raise Preliminary(
            [Unsupported(f"arraycopy of an object of unknown type {value.type_name}")]
        )
    return None


def _known(call: LibraryCall, reference: Ref) -> int | None:
    interval = interval_of(call.state, reference)
    return interval.value if interval.is_singleton else None


@model
def arraycopy(call: LibraryCall) -> Sequence[Outcome]:
    """``System.arraycopy(src, srcPos, dest, destPos, length)`` (module docstring)."""
    source, source_position, destination, destination_position, count = call.parameters
    popped = call.popped_state()
    if source == NULL or destination == NULL:
        return [Throws(popped, "java/lang/NullPointerException")]
    source_array = _need_array(call, source)
    destination_array = _need_array(call, destination)
    if source_array is None or destination_array is None:
        return [Throws(popped, ARRAY_STORE)]
    source_component, destination_component = (
        source_array.component_type,
        destination_array.component_type,
    )
    primitive = len(source_component) == 1 or len(destination_component) == 1
    if primitive and source_component != destination_component:
        return [Throws(popped, ARRAY_STORE)]
    if call.state.predicates.may_equal(source, destination):
        return [equality_refinement(call, source, destination)]
    for partner in sorted(call.state.predicates.equal_partners(destination)):
        return [equality_refinement(call, destination, partner)]
    outcomes: list[Outcome] = []
    # index failures, each with its relation (sums as fresh integers of the throwing state)
    for negative in (source_position, destination_position, count):
        outcomes += returns_if_possible(
            call, Throws(popped, AIOOBE, constraints=(check("<", negative, 0),))
        )
    for position, array in (
        (source_position, source_array),
        (destination_position, destination_array),
    ):
        end_interval = interval_of(call.state, position).add(interval_of(call.state, count))
        state, end = fresh_int(popped, end_interval, "I", call.fresh)
        failure = Throws(
            state,
            AIOOBE,
            constraints=(compute("+", end, position, count), check(">", end, array.length)),
        )
        if end_interval.may_be_greater(interval_of(call.state, array.length)):
            outcomes.append(failure)
    valid: tuple[Relation, ...] = (
        check(">=", source_position, 0),
        check(">=", destination_position, 0),
        check(">=", count, 0),
    )
    same_types = (
        source_component == destination_component or destination_component == "Ljava/lang/Object;"
    )
    if not same_types:
        outcomes.append(Throws(_forget(call, source, destination), ARRAY_STORE))
    copied = _exact_copy(call, source_array, destination_array)
    success_state = copied if copied is not None else _forget(call, source, destination)
    outcomes += returns_if_possible(call, Returns(success_state, None, valid))
    return outcomes


def _exact_copy(
    call: LibraryCall, source: ArrayValue, destination: ArrayValue
) -> AbstractState | None:
    """The state after an exact copy, or None when it cannot be computed."""
    _, source_position, _, destination_position, count = call.parameters
    numbers = [_known(call, r) for r in (source_position, destination_position, count)]
    if source.entries is None or destination.entries is None or None in numbers:
        return None
    start, target, length = (n for n in numbers if n is not None)
    if (
        min(start, target, length) < 0
        or start + length > len(source.entries)
        or target + length > len(destination.entries)
    ):
        return None
    entries = list(destination.entries)
    entries[target : target + length] = source.entries[start : start + length]
    popped = call.popped_state()
    return popped.with_value(
        call.parameters[2], ArrayValue(destination.array_type, destination.length, tuple(entries))
    )


def _forget(call: LibraryCall, source: Ref, destination: Ref) -> AbstractState:
    """The destination's entries become unknown; a reference array may now share with the
    source (and with the objects its entries held) and be non-tree shaped."""
    popped = call.popped_state()
    value = popped.heap[destination]
    assert isinstance(value, ArrayValue)
    state = popped.with_value(destination, ArrayValue(value.array_type, value.length, None))
    if len(value.component_type) == 1:
        return state
    predicates = (
        state.predicates.with_non_tree(destination)
        .with_join(destination, source)
        .with_join(destination, destination)
    )
    source_value = popped.heap[source]
    held = list(value.entries or ())
    if isinstance(source_value, ArrayValue):
        held += list(source_value.entries or ())
    for entry in held:
        entry_value = popped.heap.get(entry)
        if entry != NULL and entry_value is not None and is_object_value(entry_value):
            predicates = predicates.with_join(destination, entry)
    return state.with_predicates(predicates)


# ---------------------------------------------------------------- printing
@model
def print_value(call: LibraryCall) -> Sequence[Outcome]:
    """``print``/``println`` of any argument: no effect on the program's objects."""
    popped = call.popped_state()
    if call.parameters:
        argument = call.parameters[0]
        parameter = call.method.descriptor[1:].split(")")[0]
        if parameter == "[C":
            need_non_null(call, argument)
        elif parameter == "Ljava/lang/Object;":
            object_text(call, argument)
        elif parameter == "Ljava/lang/String;":
            need_known_nullness(call, argument)
    return [Returns(popped, None, assumptions=(OUTPUT_ASSUMPTION,))]


# ---------------------------------------------------------------- misc
@model
def unknown_long(call: LibraryCall) -> Sequence[Outcome]:
    """``currentTimeMillis()``/``nanoTime()``: any long, an environment value."""
    state, result = fresh_int(call.popped_state(), Interval.of_type("J"), "J", call.fresh)
    return [Returns(state, result, (input_relation(result),))]


@model
def identity_hash_code(call: LibraryCall) -> Sequence[Outcome]:
    """``identityHashCode(o)``: 0 for null, else any int."""
    (argument,) = call.parameters
    interval = Interval.const(0) if argument == NULL else Interval.of_type("I")
    state, result = fresh_int(call.popped_state(), interval, "I", call.fresh)
    return [Returns(state, result)]


@model
def exit_program(call: LibraryCall) -> Sequence[Outcome]:
    """``System.exit``, ``Runtime.exit``, ``Runtime.halt``: the program ends (module docstring)."""
    return [Exits(call.popped_state(), (EXIT_ASSUMPTION,))]


@model
def get_runtime(call: LibraryCall) -> Sequence[Outcome]:
    """``Runtime.getRuntime()``: the one, never null, ``Runtime`` object."""
    value = UnknownValue(RUNTIME, nullable=False)
    state, result = with_fresh_value(call.popped_state(), value, call.fresh)
    return [Returns(state, result)]


PRINT_PARAMETERS = (
    "",
    "Z",
    "C",
    "I",
    "J",
    "F",
    "D",
    "[C",
    "Ljava/lang/String;",
    "Ljava/lang/Object;",
)


def register(registry: ModelRegistry) -> None:
    registry.register(SYSTEM, "arraycopy", "(Ljava/lang/Object;ILjava/lang/Object;II)V", arraycopy)
    registry.register(SYSTEM, "currentTimeMillis", "()J", unknown_long)
    registry.register(SYSTEM, "nanoTime", "()J", unknown_long)
    registry.register(SYSTEM, "identityHashCode", "(Ljava/lang/Object;)I", identity_hash_code)
    registry.register(SYSTEM, "exit", "(I)V", exit_program)
    registry.register(RUNTIME, "exit", "(I)V", exit_program)
    registry.register(RUNTIME, "halt", "(I)V", exit_program)
    registry.register(RUNTIME, "getRuntime", "()Ljava/lang/Runtime;", get_runtime)
    for parameter in PRINT_PARAMETERS:
        registry.register(PRINT_STREAM, "println", f"({parameter})V", print_value)
        if parameter:
            registry.register(PRINT_STREAM, "print", f"({parameter})V", print_value)
    registry.register(PRINT_STREAM, "flush", "()V", print_value)
    registry.register(PRINT_STREAM, "write", "(I)V", print_value)
