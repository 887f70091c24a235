"""Models of ``java.util.Scanner`` reading an ``InputStream`` (issue 33, item 3): its reads
and the exceptions of an exhausted or malformed input, with ``hasNext…()`` related to the
``next…()`` it guards.

A Scanner made by ``new Scanner(InputStream)`` here carries, besides the JDK's own ``closed``
flag, three *promise* pseudo-fields (booleans, `PROMISES`): what the input is known to hold
next because a ``hasNext…()`` answered true since the last read that consumed input —
``token`` (some token: ``hasNext``, ``hasNextInt``, ``hasNextLong``), ``int`` (a token that
``nextInt`` reads: ``hasNextInt``), ``long`` (one that ``nextLong`` reads: ``hasNextInt`` or
``hasNextLong``) and ``line`` (some input at all: any of them, ``hasNextLine``). A field holds
the reference of the ``hasNext…()`` result itself, so the program's branch on that result
refines it: on the branch where it is 1 the promise is known. A ``hasNext…()`` never consumes
input, so a promise already known stays; every ``next…()`` consumes and clears them all.

The reads (JDK 17's Scanner, default radix and locale):

* ``next…()`` on a closed Scanner throws IllegalStateException (``closed`` not known 0: a
  possible outcome); so does ``hasNext…()``;
* ``nextInt/nextLong`` with their promise return a value of their type; with only ``token``
  they may throw InputMismatchException (a token that is not such a number); with nothing
  promised also NoSuchElementException (no token at all). ``nextShort/nextByte/nextBoolean/
  nextDouble/nextFloat`` have no promise of their own: likewise without ``int``/``long``;
* ``next()`` needs ``token``, ``nextLine()`` needs ``line``; without it NoSuchElementException;
* every value read is an *environment value* (`jhalt.seg.environment`); ``next()`` is a
  non-empty token, ``nextLine()`` any String; a read of ``System.in`` that returns delivers
  input (`jhalt.models.remaining_input`).

A Scanner in any other shape (made over a file, `jhalt.models.files`; its fields forgotten by
code that was not analysed) has no promise: every exception above is possible. Assumptions
(on every edge): reading terminates and changes no program object (the Scanner's buffer is
its own, private state); an IOException of the stream is swallowed by the Scanner, as the JDK
does (``ioException()``), and reads as the end of the input.
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState
from jhalt.domains.strings import unknown_length
from jhalt.domains.values import NULL, InstanceValue, IntValue, Ref
from jhalt.ids import FieldId
from jhalt.models.remaining_input import consume, counted
from jhalt.models.support import (
    fresh_float,
    fresh_int,
    interval_of,
    model,
    need_known_nullness,
    need_unshared,
    new_string,
)
from jhalt.seg.environment import READS_INPUT, input_relation
from jhalt.seg.library import LibraryCall, ModelRegistry, Outcome, Returns, Throws

SCANNER = "java/util/Scanner"
CLOSED = FieldId(SCANNER, "closed", "Z")
TOKEN = FieldId(SCANNER, "jhalt$promisedToken", "Z")
INT = FieldId(SCANNER, "jhalt$promisedInt", "Z")
LONG = FieldId(SCANNER, "jhalt$promisedLong", "Z")
LINE = FieldId(SCANNER, "jhalt$promisedLine", "Z")
PROMISES = (TOKEN, INT, LONG, LINE)
NPE = "java/lang/NullPointerException"
ISE = "java/lang/IllegalStateException"
NSEE = "java/util/NoSuchElementException"
IME = "java/util/InputMismatchException"

_HAS: dict[str, tuple[FieldId, ...]] = {
    "hasNext": (TOKEN, LINE),
    "hasNextInt": (TOKEN, INT, LONG, LINE),
    "hasNextLong": (TOKEN, LONG, LINE),
    "hasNextLine": (LINE,),
}
"""What a true answer of each ``hasNext…()`` promises."""
_NUMBER_PROMISE = {"nextInt": INT, "nextLong": LONG}


def _scanner(call: LibraryCall) -> InstanceValue | None:
    """The receiver when it is a Scanner of this module's shape (module docstring)."""
    receiver = call.receiver
    value = None if receiver is None else call.state.value(receiver)
    if not isinstance(value, InstanceValue) or value.class_name != SCANNER:
        return None
    if any(value.field(f) is None for f in (CLOSED, *PROMISES)):
        return None
    return value


def _known(call: LibraryCall, scanner: InstanceValue | None, field_id: FieldId, n: int) -> bool:
    """Whether ``field_id`` of ``scanner`` is certainly ``n``."""
    if scanner is None:
        return False
    reference = scanner.field(field_id)
    assert reference is not None
    return interval_of(call.state, reference) == Interval.const(n)


def _closed_outcomes(call: LibraryCall, scanner: InstanceValue | None) -> list[Outcome]:
    """IllegalStateException unless the Scanner is certainly open."""
    if _known(call, scanner, CLOSED, 0):
        return []
    return [Throws(call.popped_state(), ISE, assumptions=(READS_INPUT,))]


@model
def scanner_init(call: LibraryCall) -> Sequence[Outcome]:
    """``new Scanner(InputStream)``: NullPointerException for null, else an open Scanner with
    nothing promised."""
    (source,) = call.parameters
    need_known_nullness(call, source)
    popped = call.popped_state()
    if source == NULL:
        return [Throws(popped, NPE)]
    receiver = call.receiver
    value = None if receiver is None else call.state.value(receiver)
    if receiver is None or not isinstance(value, InstanceValue) or value.fields:
        return [Returns(popped, None, assumptions=(READS_INPUT,))]
    state, zero = fresh_int(popped, Interval.const(0), "Z", call.fresh)
    fields = dict.fromkeys((CLOSED, *PROMISES), zero)
    state = state.with_value(receiver, InstanceValue.of(SCANNER, fields))
    return [Returns(state, None, assumptions=(READS_INPUT,))]


@model
def has_next(call: LibraryCall) -> Sequence[Outcome]:
    """``hasNext()``, ``hasNextInt()``, ``hasNextLong()``, ``hasNextLine()``: any boolean
    (an environment value); a true answer promises what `_HAS` says (module docstring)."""
    scanner = _scanner(call)
    state, result = fresh_int(counted(call, call.popped_state()), Interval(0, 1), "Z", call.fresh)
    if scanner is not None:
        promised = [f for f in _HAS[call.method.name] if not _known(call, scanner, f, 1)]
        changes = dict.fromkeys(promised, result)
        receiver = _written(call)
        state = state.with_value(receiver, _with_fields(scanner, changes))
    returned = Returns(state, result, (input_relation(result),), (READS_INPUT,))
    return [returned, *_closed_outcomes(call, scanner)]


def _written(call: LibraryCall) -> Ref:
    """The receiver, checked unshared before its fields are written."""
    receiver = call.receiver
    assert receiver is not None
    need_unshared(call, receiver)
    return receiver


def _consumed(call: LibraryCall, scanner: InstanceValue | None) -> AbstractState:
    """The popped state with the receiver's promises cleared (a read consumed input)."""
    state = call.popped_state()
    if scanner is None:
        return state
    state, zero = fresh_int(state, Interval.const(0), "Z", call.fresh)
    changes = dict.fromkeys(PROMISES, zero)
    receiver = _written(call)
    return state.with_value(receiver, _with_fields(scanner, changes))


def _with_fields(value: InstanceValue, changes: dict[FieldId, Ref]) -> InstanceValue:
    for field_id, reference in changes.items():
        value = value.with_field(field_id, reference)
    return value


def _failures(call: LibraryCall, scanner: InstanceValue | None) -> list[Outcome]:
    """The exceptions of the read ``call`` given what ``scanner`` promises (module docstring)."""
    name = call.method.name
    popped = call.popped_state()
    failures = _closed_outcomes(call, scanner)
    if name == "next" or name == "nextLine":
        needed = TOKEN if name == "next" else LINE
        if not _known(call, scanner, needed, 1):
            failures.append(Throws(popped, NSEE, assumptions=(READS_INPUT,)))
        return failures
    promise = _NUMBER_PROMISE.get(name)
    if promise is not None and _known(call, scanner, promise, 1):
        return failures
    failures.append(Throws(popped, IME, assumptions=(READS_INPUT,)))
    if not _known(call, scanner, TOKEN, 1):
        failures.append(Throws(popped, NSEE, assumptions=(READS_INPUT,)))
    return failures


@model
def read_value(call: LibraryCall) -> Sequence[Outcome]:
    """``nextInt()``, ``nextLong()``, ``nextShort()``, ``nextByte()``, ``nextBoolean()``,
    ``nextDouble()``, ``nextFloat()``, ``next()``, ``nextLine()``: a value of the return type
    (an environment value), or the exceptions of `_failures`."""
    scanner = _scanner(call)
    state = _consumed(call, scanner)
    descriptor = call.return_descriptor
    if descriptor in ("F", "D"):
        state, result = fresh_float(state, descriptor, call.fresh)
    elif descriptor == "Ljava/lang/String;":
        length = call.fresh("i")
        at_least_one = IntValue(Interval.at_least(1), "I")
        state = state.with_value(
            length, at_least_one if call.method.name == "next" else unknown_length()
        )
        state, result = new_string(state, length, call.fresh)
    else:
        state, result = fresh_int(state, Interval.of_type(descriptor), descriptor, call.fresh)
    state, relations, assumed = consume(call, state)
    returned = Returns(state, result, (input_relation(result), *relations), (READS_INPUT, *assumed))
    return [returned, *_failures(call, scanner)]


@model
def close(call: LibraryCall) -> Sequence[Outcome]:
    """``close()``: the Scanner is closed (closing twice has no effect)."""
    scanner = _scanner(call)
    state = call.popped_state()
    if scanner is not None:
        state, one = fresh_int(state, Interval.const(1), "Z", call.fresh)
        receiver = _written(call)
        state = state.with_value(receiver, scanner.with_field(CLOSED, one))
    return [Returns(state, None, assumptions=(READS_INPUT,))]


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
        ("next", "()Ljava/lang/String;"),
        ("nextLine", "()Ljava/lang/String;"),
    ):
        registry.register(SCANNER, name, descriptor, read_value)
    for name in _HAS:
        registry.register(SCANNER, name, "()Z", has_next)
    registry.register(SCANNER, "close", "()V", close)
