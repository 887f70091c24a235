"""Models of ``java.time.LocalDate`` (issue 33 item 5: programs using ``java.time``), after
the JDK 17 Javadoc and source.

A ``LocalDate`` is an instance whose one represented field is the pseudo-field
:data:`EPOCH_DAY` (a ``long``: what ``toEpochDay()`` returns, in ``[MIN_EPOCH_DAY,
MAX_EPOCH_DAY]``, the days of ``LocalDate.MIN``/``MAX``), so that dates compare and advance
as integers. The class is final and immutable.

* ``of(int year, int month, int dayOfMonth)``: ``DateTimeException`` when the year is
  outside ``[-999999999, 999999999]``, the month outside ``1..12`` or the day outside
  ``1..31`` — one outcome per failing bound, each with its condition on the edge — and when
  the day is past the end of its month, possible only for a day above 28 (stated as a
  failure of a day ``> 28``, an over-approximation); otherwise a new date: of known
  arguments its exact epoch day (Python's proleptic Gregorian calendar is ISO-8601's, as
  ``LocalDate``'s, for the years ``1..9999`` it knows), else any epoch day.
  ``of(int, Month, int)`` is not modelled.
* ``isBefore``/``isAfter``/``isEqual`` of another ``LocalDate``: a comparison of the epoch
  days (``NullPointerException`` for null; an argument of another ``ChronoLocalDate`` class,
  which may be program code: the unknown-call fallback).
* ``plusDays(long n)``: the receiver itself when ``n == 0`` (the JDK returns ``this``); else
  a new date of epoch day ``e + n``, or ``DateTimeException`` when that is outside the
  range (``ArithmeticException`` first when ``e + n`` overflows a ``long``: possible only
  for an ``n`` beyond ``±2^62``).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState
from jhalt.domains.values import InstanceValue, IntValue, Ref, UnknownValue
from jhalt.ids import FieldId
from jhalt.models.support import (
    Preliminary,
    fresh_int,
    interval_of,
    model,
    need_non_null,
    realization,
    returns_if_possible,
)
from jhalt.seg.labels import Relation, check, compute
from jhalt.seg.library import (
    LibraryCall,
    ModelRegistry,
    Outcome,
    Returns,
    Throws,
    unknown_library_call,
    with_fresh_value,
)

LOCAL_DATE = "java/time/LocalDate"
DATE_TIME_EXCEPTION = "java/time/DateTimeException"
ARITHMETIC_EXCEPTION = "java/lang/ArithmeticException"
EPOCH_DAY = FieldId(LOCAL_DATE, "epochDay", "J")
"""The pseudo-field of a date's epoch day (not a field of the JDK class)."""
YEAR_BOUND = 999_999_999
MIN_EPOCH_DAY = -365_243_219_162
MAX_EPOCH_DAY = 365_241_780_471
EPOCH_DAYS = Interval(MIN_EPOCH_DAY, MAX_EPOCH_DAY)
_ORIGIN = datetime.date(1970, 1, 1).toordinal()


def _exact_epoch_day(call: LibraryCall) -> int | None:
    """The epoch day of ``of`` with three known arguments of a date Python knows."""
    numbers = [interval_of(call.state, r) for r in call.parameters]
    if not all(n.is_singleton for n in numbers):
        return None
    year, month, day = (n.value for n in numbers)
    try:
        return datetime.date(year, month, day).toordinal() - _ORIGIN
    except ValueError:
        return None


def _new_date(
    state: AbstractState, call: LibraryCall, day: Interval | Ref
) -> tuple[AbstractState, Ref]:
    """``state`` with a new date of epoch day ``day`` (a reference or a fresh interval)."""
    if isinstance(day, Interval):
        state, day = fresh_int(state, day, "J", call.fresh)
    return with_fresh_value(state, InstanceValue.of(LOCAL_DATE, {EPOCH_DAY: day}), call.fresh)


@model
def local_date_of(call: LibraryCall) -> Sequence[Outcome]:
    """``LocalDate.of(int, int, int)`` (module docstring)."""
    year, month, day = call.parameters
    popped = call.popped_state()
    failures: list[tuple[Relation, ...]] = [
        (check("<", year, -YEAR_BOUND),),
        (check(">", year, YEAR_BOUND),),
        (check("<", month, 1),),
        (check(">", month, 12),),
        (check("<", day, 1),),
        (check(">", day, 28),),
    ]
    exact = _exact_epoch_day(call)
    if exact is not None:
        failures = []  # a date Python knows exists
    outcomes: list[Outcome] = []
    for failure in failures:
        outcomes += returns_if_possible(call, Throws(popped, DATE_TIME_EXCEPTION, True, failure))
    valid = (
        check(">=", year, -YEAR_BOUND),
        check("<=", year, YEAR_BOUND),
        check(">=", month, 1),
        check("<=", month, 12),
        check(">=", day, 1),
        check("<=", day, 31),
    )
    epoch = EPOCH_DAYS if exact is None else Interval.const(exact)
    state, result = _new_date(popped, call, epoch)
    outcomes += returns_if_possible(call, Returns(state, result, valid))
    return outcomes


def epoch_day(call: LibraryCall, reference: Ref) -> Ref | None:
    """The epoch day of a non-null ``LocalDate`` (realized when not represented; raises
    :class:`Preliminary`), None for an object of another class."""
    value = need_non_null(call, reference)
    if isinstance(value, InstanceValue) and value.class_name == LOCAL_DATE:
        found = value.field(EPOCH_DAY)
        if found is not None:
            return found
    elif not (isinstance(value, UnknownValue) and value.type_name == LOCAL_DATE):
        return None
    fresh = call.fresh("i")
    realized = InstanceValue.of(LOCAL_DATE, {EPOCH_DAY: fresh})
    raise Preliminary([realization(call, reference, realized, {fresh: IntValue(EPOCH_DAYS, "J")})])


_COMPARISONS = {"isBefore": ("<", ">="), "isAfter": (">", "<="), "isEqual": ("==", "!=")}


@model
def compare(call: LibraryCall) -> Sequence[Outcome]:
    """``isBefore``/``isAfter``/``isEqual`` (module docstring)."""
    receiver = call.receiver
    assert receiver is not None
    (other,) = call.parameters
    mine = epoch_day(call, receiver)
    theirs = epoch_day(call, other)
    if mine is None or theirs is None:
        return unknown_library_call(call)
    popped = call.popped_state()
    outcomes: list[Outcome] = []
    for answer, op in zip((1, 0), _COMPARISONS[call.method.name]):
        state, result = fresh_int(popped, Interval.const(answer), "Z", call.fresh)
        outcomes += returns_if_possible(call, Returns(state, result, (check(op, mine, theirs),)))
    return outcomes


@model
def plus_days(call: LibraryCall) -> Sequence[Outcome]:
    """``plusDays(long)`` (module docstring)."""
    receiver = call.receiver
    assert receiver is not None
    (days,) = call.parameters
    mine = epoch_day(call, receiver)
    assert mine is not None  # the receiver of a LocalDate method is a LocalDate
    popped = call.popped_state()
    outcomes: list[Outcome] = returns_if_possible(
        call, Returns(popped, receiver, (check("==", days, 0),))
    )
    count = interval_of(call.state, days)
    if not count.is_subset_of(Interval(-(2**62), 2**62)):
        outcomes.append(Throws(popped, ARITHMETIC_EXCEPTION))
    total = interval_of(call.state, mine).add(count)
    state, end = fresh_int(popped, total, "J", call.fresh)
    step = (check("!=", days, 0), compute("+", end, mine, days))
    for outside in (check("<", end, MIN_EPOCH_DAY), check(">", end, MAX_EPOCH_DAY)):
        outcomes += returns_if_possible(
            call, Throws(state, DATE_TIME_EXCEPTION, True, (*step, outside))
        )
    inside = total.meet(EPOCH_DAYS)
    if inside is not None:
        narrowed = state.with_value(end, IntValue(inside, "J"))
        moved, result = _new_date(narrowed, call, end)
        bounds = (check(">=", end, MIN_EPOCH_DAY), check("<=", end, MAX_EPOCH_DAY))
        outcomes += returns_if_possible(call, Returns(moved, result, (*step, *bounds)))
    return outcomes


def register(registry: ModelRegistry) -> None:
    registry.register(LOCAL_DATE, "of", "(III)Ljava/time/LocalDate;", local_date_of)
    for name in _COMPARISONS:
        registry.register(LOCAL_DATE, name, "(Ljava/time/chrono/ChronoLocalDate;)Z", compare)
    registry.register(LOCAL_DATE, "plusDays", "(J)Ljava/time/LocalDate;", plus_days)
