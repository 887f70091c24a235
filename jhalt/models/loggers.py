"""Models of ``java.util.logging.Logger`` (issue 33 item 5: programs that log), after the JDK
17 Javadoc.

* ``Logger.getLogger(String)``: ``NullPointerException`` for a null name; otherwise a
  non-null ``Logger`` — the same object for the same name, so it may be any logger the
  state holds.
* ``info``/``warning``/``severe``/``config``/``fine``/``finer``/``finest`` of a ``String``:
  no effect on the program's objects and no exception. Assumption (stated on the edge): the
  logging configuration is the JDK's default (its ``ConsoleHandler``, no program handler,
  filter or formatter that could run program code).
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.values import HeapValue, InstanceValue, UnknownValue
from jhalt.models.support import bind_canonical, model, need_non_null
from jhalt.seg.library import LibraryCall, ModelRegistry, Outcome, Returns

LOGGER = "java/util/logging/Logger"
LOGGING_ASSUMPTION = "logging uses the JDK's default configuration (no program handler)"
LOG_LEVELS = ("severe", "warning", "info", "config", "fine", "finer", "finest")


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
    registry.register(
        LOGGER, "getLogger", "(Ljava/lang/String;)Ljava/util/logging/Logger;", get_logger
    )
    for level in LOG_LEVELS:
        registry.register(LOGGER, level, "(Ljava/lang/String;)V", log_message)
