"""Models of ``java.time.LocalDate`` construction and of ``java.util.logging.Logger`` (issue 33
item 5: programs using ``java.time`` and logging), after the JDK 17 Javadoc.

* ``LocalDate.of(int year, int month, int dayOfMonth)``: ``DateTimeException`` when the year
  is outside ``[-999999999, 999999999]`` (``Year.MIN_VALUE``/``MAX_VALUE``), the month
  outside ``1..12`` or the day outside ``1..31`` — one outcome per failing bound, each with
  its condition on the edge — and when the day is past the end of its month, possible only
  for a day above 28 (that outcome may also return: stated as a failure of a day ``> 28``,
  an over-approximation); otherwise a new non-null ``LocalDate`` (its ``toString`` is plain
  library text, :mod:`jhalt.models.plain_objects`). ``of(int, Month, int)`` is not modelled.
* ``Logger.getLogger(String)``: ``NullPointerException`` for a null name; otherwise a
  non-null ``Logger`` — the same object for the same name, so it may be any logger the
  state holds. ``info``/``warning``/``severe``/``config``/``fine``/``finer``/``finest`` of a
  ``String``: no effect on the program's objects and no exception. Assumption (stated on
  the edge): the logging configuration is the JDK's default (its ``ConsoleHandler``, no
  program handler, filter or formatter that could run program code).
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.values import HeapValue, InstanceValue, UnknownValue
from jhalt.models.support import (
    bind_canonical,
    model,
    need_non_null,
    returns_if_possible,
)
from jhalt.seg.labels import Relation, check
from jhalt.seg.library import (
    LibraryCall,
    ModelRegistry,
    Outcome,
    Returns,
    Throws,
    with_fresh_value,
)

LOCAL_DATE = "java/time/LocalDate"
DATE_TIME_EXCEPTION = "java/time/DateTimeException"
YEAR_BOUND = 999_999_999
LOGGER = "java/util/logging/Logger"
LOGGING_ASSUMPTION = "logging uses the JDK's default configuration (no program handler)"
LOG_LEVELS = ("severe", "warning", "info", "config", "fine", "finer", "finest")


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
    state, result = with_fresh_value(popped, InstanceValue.of(LOCAL_DATE, {}), call.fresh)
    outcomes += returns_if_possible(call, Returns(state, result, valid))
    return outcomes


@model
def get_logger(call: LibraryCall) -> Sequence[Outcome]:
    """``Logger.getLogger(String)`` (module docstring)."""
    (name,) = call.parameters
    need_non_null(call, name)

    def same(value: HeapValue) -> bool:
        if isinstance(value, UnknownValue):
            return value.type_name in (LOGGER, "java/lang/Object")
        return isinstance(value, InstanceValue) and value.class_name == LOGGER

    state, logger = bind_canonical(
        call.popped_state(), UnknownValue(LOGGER, nullable=False), call.fresh, same
    )
    return [Returns(state, logger, assumptions=(LOGGING_ASSUMPTION,))]


@model
def log_message(call: LibraryCall) -> Sequence[Outcome]:
    """``info(String)`` and its kin: output only (module docstring)."""
    return [Returns(call.popped_state(), None, assumptions=(LOGGING_ASSUMPTION,))]


def register(registry: ModelRegistry) -> None:
    registry.register(LOCAL_DATE, "of", "(III)Ljava/time/LocalDate;", local_date_of)
    registry.register(
        LOGGER, "getLogger", "(Ljava/lang/String;)Ljava/util/logging/Logger;", get_logger
    )
    for level in LOG_LEVELS:
        registry.register(LOGGER, level, "(Ljava/lang/String;)V", log_message)
