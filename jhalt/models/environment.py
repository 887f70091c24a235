"""Models of JDK methods that read the outside world (issue 21, item 1): ``java.util.Scanner``
(on any ``InputStream``, typically ``System.in``), ``BufferedReader.readLine`` (on any
``Reader``, typically an ``InputStreamReader`` of ``System.in``; null: the end of the input),
``System.in.read()`` (the call made directly on ``getstatic System.in``, `jhalt.models.literals`;
-1: the end; on any other stream the unknown-call fallback), ``System.getenv`` and
``Math.random``; ``System.getenv()``, the environment as a map (never null), and its
``get(name)``/``getOrDefault(name, d)`` with a literal name when made directly on the map
``getenv()`` just returned (`jhalt.models.literals.receiver_from_call`; any other map's
``get`` is the unknown-call fallback): the variable, as ``getenv(name)`` reads it; the
JDK's environment map holds only non-null Strings, so ``getOrDefault`` is the variable when
it is set and ``d`` when it is not. A Scanner's ``next()`` is a token: never empty (issue 33).

Every result is an *environment value* (`jhalt.seg.environment`): any value of its type,
marked on the edge, which a witness records per call site and the replay injects.
Assumptions (stated on every edge): the methods terminate and change no object of the
program (a Scanner changes only its own private buffer, which no program code reads).
Not modelled: a Scanner's ``NoSuchElementException``/``InputMismatchException`` on exhausted
or malformed input — a witness gives each read a value of the requested kind, which the
input could always have held; the models describe the runs where the input fits, and every
``next…`` states it on its edge (`FITS`), so a proof of no exception says so.
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.intervals import Interval
from jhalt.domains.strings import unknown_length
from jhalt.domains.values import NULL, IntValue, UnknownValue
from jhalt.models.literals import literal_argument, receiver_from_call, static_receiver
from jhalt.models.support import fresh_float, fresh_int, model, need_known_nullness, new_string
from jhalt.seg.environment import FITS_INPUT, READS_INPUT, input_relation
from jhalt.seg.library import (
    LibraryCall,
    ModelRegistry,
    Outcome,
    Returns,
    Throws,
    unknown_library_call,
    with_fresh_value,
)

SCANNER = "java/util/Scanner"
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
FITS = FITS_INPUT


def _assumed(call: LibraryCall) -> tuple[str, ...]:
    """What a read assumes: a Scanner's ``next…`` also that the input fits (`FITS`: the
    exceptions of an exhausted or malformed input are not modelled, module docstring)."""
    fits = call.method.class_name == SCANNER and call.method.name.startswith("next")
    return (READS, FITS) if fits else (READS,)


@model
def scanner_init(call: LibraryCall) -> Sequence[Outcome]:
    """``new Scanner(InputStream)``: NullPointerException for null, else a reader."""
    (source,) = call.parameters
    need_known_nullness(call, source)
    if source == NULL:
        return [Throws(call.popped_state(), NPE)]
    return [Returns(call.popped_state(), None, assumptions=(READS,))]


@model
def read_primitive(call: LibraryCall) -> Sequence[Outcome]:
    """``nextInt()``, ``nextLong()``, ``nextBoolean()``, ``hasNext…()``, ``nextDouble()``,
    ``Math.random()``: any value of the return type ([0, 1) for ``Math.random``)."""
    descriptor = call.return_descriptor
    popped = call.popped_state()
    if descriptor in ("F", "D"):
        state, result = fresh_float(popped, descriptor, call.fresh)
    else:
        state, result = fresh_int(popped, Interval.of_type(descriptor), descriptor, call.fresh)
    return [Returns(state, result, (input_relation(result),), _assumed(call))]


@model
def read_line(call: LibraryCall) -> Sequence[Outcome]:
    """``next()``, ``nextLine()``: a fresh non-null String of any length (a token of
    ``next()`` at least one character long)."""
    popped = call.popped_state()
    length = call.fresh("i")
    lengths = IntValue(Interval.at_least(1), "I") if call.method.name == "next" else None
    popped = popped.with_value(length, lengths or unknown_length())
    state, result = new_string(popped, length, call.fresh)
    return [Returns(state, result, (input_relation(result),), _assumed(call))]


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
    """``BufferedReader.readLine()``: a line (any String) or null at the end of the input."""
    value = UnknownValue(STRING, nullable=True)
    state, result = with_fresh_value(call.popped_state(), value, call.fresh)
    return [Returns(state, result, (input_relation(result),), (READS,))]


@model
def read_byte(call: LibraryCall) -> Sequence[Outcome]:
    """``InputStream.read()``: on ``System.in`` (module docstring) a byte 0..255 or -1;
    on any other stream what the fallback says of a method without a model."""
    if static_receiver(call.program, call.position) != (SYSTEM, "in"):
        return unknown_library_call(call)
    state, result = fresh_int(call.popped_state(), Interval(-1, 255), "I", call.fresh)
    return [Returns(state, result, (input_relation(result),), (READS,))]


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


def register(registry: ModelRegistry) -> None:
    registry.register(SCANNER, "<init>", "(Ljava/io/InputStream;)V", scanner_init)
    for name, descriptor in (
        ("nextInt", "()I"),
        ("nextLong", "()J"),
        ("nextShort", "()S"),
        ("nextByte", "()B"),
        ("nextBoolean", "()Z"),
        ("nextDouble", "()D"),
        ("nextFloat", "()F"),
        ("hasNext", "()Z"),
        ("hasNextInt", "()Z"),
        ("hasNextLong", "()Z"),
        ("hasNextLine", "()Z"),
    ):
        registry.register(SCANNER, name, descriptor, read_primitive)
    registry.register(SCANNER, "next", "()Ljava/lang/String;", read_line)
    registry.register(SCANNER, "nextLine", "()Ljava/lang/String;", read_line)
    registry.register(SCANNER, "close", "()V", close)
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
