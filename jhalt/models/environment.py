"""Models of JDK methods that read the outside world (issue 21, item 1): ``BufferedReader.readLine`` (on any
``Reader``, typically an ``InputStreamReader`` of ``System.in``; null: the end of the input),
``System.in.read()`` (the call made directly on ``getstatic System.in``, `jhalt.models.literals`;
-1: the end; on any other stream the unknown-call fallback), ``System.getenv`` and
``Math.random``, ``Console.readLine``; ``System.getenv()``, the environment as a map (never
null), and its ``get(name)``/``getOrDefault(name, d)`` with a literal name when made directly
on the map ``getenv()`` just returned (`jhalt.models.literals.receiver_from_call`; any other
map's ``get`` is the unknown-call fallback): the variable, as ``getenv(name)`` reads it; the
JDK's environment map holds only non-null Strings, so ``getOrDefault`` is the variable when
it is set and ``d`` when it is not. ``java.util.Scanner`` has its own module,
`jhalt.models.scanner`.

Every result is an *environment value* (`jhalt.seg.environment`): any value of its type,
marked on the edge, which a witness records per call site and the replay injects.
Assumptions (stated on every edge): the methods terminate and change no object of the
program.
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.intervals import Interval
from jhalt.domains.values import NULL, UnknownValue
from jhalt.models.literals import (
    literal_argument,
    literal_without_arguments,
    receiver_from_call,
    static_receiver,
)
from jhalt.models.remaining_input import consume, counted
from jhalt.models.support import fresh_float, fresh_int, model, need_known_nullness
from jhalt.seg.environment import READS_INPUT, input_relation
from jhalt.seg.library import (
    LibraryCall,
    ModelRegistry,
    Outcome,
    Returns,
    Throws,
    unknown_library_call,
    with_fresh_value,
)

READER = "java/io/InputStreamReader"
BUFFERED = "java/io/BufferedReader"
SYSTEM = "java/lang/System"
STRING = "java/lang/String"
MATH = "java/lang/Math"
MAP = "java/util/Map"
MAP_GET_OR_DEFAULT = "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;"
ENVIRONMENT_MAP = (SYSTEM, "getenv", "()Ljava/util/Map;")
NPE = "java/lang/NullPointerException"
READS = READS_INPUT
CONSOLE = "java/io/Console"
ILLEGAL_FORMAT = "java/util/IllegalFormatException"
NO_IO_ERROR = "the terminal raises no IOError while a line is read"


@model
def read_primitive(call: LibraryCall) -> Sequence[Outcome]:
    """``Math.random()``: any value of the return type."""
    descriptor = call.return_descriptor
    popped = call.popped_state()
    if descriptor in ("F", "D"):
        state, result = fresh_float(popped, descriptor, call.fresh)
    else:
        state, result = fresh_int(popped, Interval.of_type(descriptor), descriptor, call.fresh)
    return [Returns(state, result, (input_relation(result),), (READS,))]


@model
def reader_init(call: LibraryCall) -> Sequence[Outcome]:
    """``new InputStreamReader(InputStream)``, ``new BufferedReader(Reader)``: a
    NullPointerException for null, else a reader (changing no program object)."""
    source = call.parameters[0]
    need_known_nullness(call, source)
    if source == NULL:
        return [Throws(call.popped_state(), NPE)]
    return [Returns(call.popped_state(), None, assumptions=(READS,))]


@model
def read_nullable_line(call: LibraryCall) -> Sequence[Outcome]:
    """``BufferedReader.readLine()``: a line (any String) or null at the end of the input; on
    standard input a line delivers input (`jhalt.models.remaining_input`), the end does not."""
    popped = call.popped_state()
    value = UnknownValue(STRING, nullable=True)
    state, result = with_fresh_value(popped, value, call.fresh)
    line = UnknownValue(STRING, nullable=False)
    delivered, relations, assumed = consume(call, state.with_value(result, line))
    if not relations:
        return [Returns(state, result, (input_relation(result),), (READS,))]
    # standard input: the end (null, nothing delivered) or a line (a byte or more delivered)
    return [
        Returns(delivered, result, (input_relation(result), *relations), (READS, *assumed)),
        Returns(counted(call, popped), NULL, (), (READS,)),
    ]


@model
def read_byte(call: LibraryCall) -> Sequence[Outcome]:
    """``InputStream.read()``: on ``System.in`` (module docstring) a byte 0..255 (delivered:
    `jhalt.models.remaining_input`) or -1;
    on any other stream what the fallback says of a method without a model."""
    if static_receiver(call.program, call.position) != (SYSTEM, "in"):
        return unknown_library_call(call)
    popped = call.popped_state()
    state, result = fresh_int(popped, Interval(0, 255), "I", call.fresh)
    delivered, relations, assumed = consume(call, state)
    data = Returns(delivered, result, (input_relation(result), *relations), (READS, *assumed))
    state, end = fresh_int(counted(call, popped), Interval.const(-1), "I", call.fresh)
    return [data, Returns(state, end, (input_relation(end),), (READS,))]


@model
def getenv(call: LibraryCall) -> Sequence[Outcome]:
    """``System.getenv(name)``: NullPointerException for a null name, else a String or null
    (an unset variable), an environment value."""
    (name,) = call.parameters
    need_known_nullness(call, name)
    popped = call.popped_state()
    if name == NULL:
        return [Throws(popped, NPE)]
    value = UnknownValue(STRING, nullable=True)
    state, result = with_fresh_value(popped, value, call.fresh)
    return [Returns(state, result, (input_relation(result),), (READS,))]


@model
def environment_map(call: LibraryCall) -> Sequence[Outcome]:
    """``System.getenv()``: the environment's map, never null (module docstring)."""
    value = UnknownValue("java/util/Map", nullable=False)
    state, result = with_fresh_value(call.popped_state(), value, call.fresh)
    return [Returns(state, result, assumptions=(READS,))]


def is_environment_read(call: LibraryCall) -> bool:
    """Whether a ``Map.get``/``getOrDefault`` call is made on the map ``System.getenv()``
    just returned, with a literal name (module docstring)."""
    parameters = len(call.parameters)
    if literal_argument(call.program, call.position, parameters - 1) is None:
        return False
    return receiver_from_call(call.program, call.position, parameters, ENVIRONMENT_MAP)


@model
def environment_map_read(call: LibraryCall) -> Sequence[Outcome]:
    """``System.getenv().get(name)``: as ``getenv(name)``; ``getOrDefault(name, d)``: a
    set variable's value (a non-null String) or ``d`` (module docstring). Any other map:
    the unknown-call fallback."""
    if not is_environment_read(call):
        return unknown_library_call(call)
    popped = call.popped_state()
    if call.method.name == "get":
        value = UnknownValue(STRING, nullable=True)
        state, result = with_fresh_value(popped, value, call.fresh)
        return [Returns(state, result, (input_relation(result),), (READS,))]
    default = call.parameters[1]
    value = UnknownValue(STRING, nullable=False)
    state, result = with_fresh_value(popped, value, call.fresh)
    return [
        Returns(state, result, (input_relation(result),), (READS,)),
        Returns(popped, default, assumptions=(READS,)),
    ]


@model
def close(call: LibraryCall) -> Sequence[Outcome]:
    """``Scanner.close()``: no effect on program objects."""
    return [Returns(call.popped_state(), None, assumptions=(READS,))]


@model
def console(call: LibraryCall) -> Sequence[Outcome]:
    """``System.console()``: the terminal's Console, or null when the JVM has none (standard
    input or output redirected, a service) — an unknown value, not one a witness chooses
    (its replay runs with a pipe: null); no exception."""
    value = UnknownValue(CONSOLE, nullable=True)
    state, result = with_fresh_value(call.popped_state(), value, call.fresh)
    return [Returns(state, result, (), (READS,))]


@model
def console_line(call: LibraryCall) -> Sequence[Outcome]:
    """``Console.readLine()``, ``Console.readLine(format, args…)``: a line the user typed, or
    null at the end of the terminal's input — an unknown value, not one a witness chooses (a
    replay has no terminal). A format given as a literal without ``%`` and no arguments
    cannot be malformed; any other may throw an IllegalFormatException (inexact class).
    Assumption (stated): the terminal raises no ``IOError``."""
    popped = call.popped_state()
    value = UnknownValue(STRING, nullable=True)
    state, result = with_fresh_value(popped, value, call.fresh)
    outcomes: list[Outcome] = [Returns(state, result, (), (READS, NO_IO_ERROR))]
    if call.parameters:
        text = literal_without_arguments(call.program, call.position)
        if text is None or "%" in text:
            outcomes.append(Throws(popped, ILLEGAL_FORMAT, exact=False))
    return outcomes


def register(registry: ModelRegistry) -> None:
    registry.register(SYSTEM, "console", f"()L{CONSOLE};", console)
    registry.register(CONSOLE, "readLine", "()Ljava/lang/String;", console_line)
    registry.register(
        CONSOLE,
        "readLine",
        "(Ljava/lang/String;[Ljava/lang/Object;)Ljava/lang/String;",
        console_line,
    )
    registry.register(READER, "<init>", "(Ljava/io/InputStream;)V", reader_init)
    registry.register(BUFFERED, "<init>", "(Ljava/io/Reader;)V", reader_init)
    registry.register(BUFFERED, "readLine", "()Ljava/lang/String;", read_nullable_line)
    registry.register(BUFFERED, "close", "()V", close)
    registry.register(READER, "close", "()V", close)
    registry.register("java/io/InputStream", "read", "()I", read_byte)
    registry.register(SYSTEM, "getenv", "(Ljava/lang/String;)Ljava/lang/String;", getenv)
    registry.register(*ENVIRONMENT_MAP, environment_map)
    registry.register(MAP, "get", "(Ljava/lang/Object;)Ljava/lang/Object;", environment_map_read)
    registry.register(MAP, "getOrDefault", MAP_GET_OR_DEFAULT, environment_map_read)
    registry.register(MATH, "random", "()D", read_primitive)
