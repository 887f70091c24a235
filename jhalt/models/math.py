"""Models of ``java.lang.Math`` and ``java.lang.StrictMath`` (issue 3 item 5).

``max``/``min``/``abs`` of ``int``/``long`` are exact case splits that return one of the
argument references (``max(a, b)`` is ``a`` when ``a ≥ b``) or ``-a`` with a ``neg``
relation. ``abs`` follows Java, not mathematical integers: ``abs(MIN_VALUE)`` is
``MIN_VALUE`` (a separate case, guarded by ``a == MIN_VALUE``), so the negation case only
covers ``MIN_VALUE < a < 0`` and never leaves the type's range.

Every other method of the class (floor, ceil, sqrt, pow, random, float ``max``, …) is
covered by one class-wide model: an unknown value of the return type, plus an
``ArithmeticException`` for the methods that can throw one (``*Exact``, ``floorDiv``,
``floorMod``). Assumption: Math methods terminate and have no effect on objects.
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.intervals import Interval, type_range
from jhalt.models.support import fresh_int, interval_of, model, returns_if_possible
from jhalt.seg.labels import check, compute
from jhalt.seg.library import (
    LibraryCall,
    ModelRegistry,
    Outcome,
    Returns,
    Throws,
    unknown_value,
    with_fresh_value,
)

MATH_CLASSES = ("java/lang/Math", "java/lang/StrictMath")
ARITHMETIC_EXCEPTION = "java/lang/ArithmeticException"
MAY_THROW_ARITHMETIC = frozenset(
    {
        "addExact", "subtractExact", "multiplyExact", "incrementExact", "decrementExact",
        "negateExact", "toIntExact", "floorDiv", "floorMod", "absExact",
    }
)  # fmt: skip


@model
def max_min(call: LibraryCall) -> Sequence[Outcome]:
    """``max(a, b)``/``min(a, b)`` of ints/longs: ``a`` if it wins, else ``b``."""
    first, second = call.parameters
    popped = call.popped_state()
    first_wins = ">=" if call.method.name == "max" else "<="
    second_wins = "<" if call.method.name == "max" else ">"
    return [
        *returns_if_possible(call, Returns(popped, first, (check(first_wins, first, second),))),
        *returns_if_possible(call, Returns(popped, second, (check(second_wins, first, second),))),
    ]


@model
def abs_value(call: LibraryCall) -> Sequence[Outcome]:
    """``abs(a)`` of an int/long (Java semantics, see the module docstring)."""
    (argument,) = call.parameters
    letter = call.return_descriptor
    minimum = type_range(letter)[0]
    popped = call.popped_state()
    outcomes = returns_if_possible(call, Returns(popped, argument, (check(">=", argument, 0),)))
    negative = interval_of(call.state, argument).meet(Interval(minimum + 1, -1))
    if negative is not None:
        state, result = fresh_int(popped, negative.neg(), letter, call.fresh)
        outcomes.append(
            Returns(
                state,
                result,
                (
                    compute("neg", result, argument),
                    check("<", argument, 0),
                    check(">", argument, minimum),
                ),
            )
        )
    outcomes += returns_if_possible(
        call, Returns(popped, argument, (check("==", argument, minimum),))
    )
    return outcomes


@model
def any_math(call: LibraryCall) -> Sequence[Outcome]:
    """Every other Math method: an unknown result of the return type (ArithmeticException
    possible for the ``*Exact``/``floorDiv``/``floorMod`` family)."""
    popped = call.popped_state()
    outcomes: list[Outcome] = []
    descriptor = call.return_descriptor
    if descriptor == "V":
        outcomes.append(Returns(popped, None))
    else:
        state, result = with_fresh_value(
            popped, unknown_value(descriptor, nullable=False), call.fresh
        )
        outcomes.append(Returns(state, result))
    if call.method.name in MAY_THROW_ARITHMETIC:
        outcomes.append(Throws(popped, ARITHMETIC_EXCEPTION))
    return outcomes


def register(registry: ModelRegistry) -> None:
    for class_name in MATH_CLASSES:
        for letter in ("I", "J"):
            registry.register(class_name, "max", f"({letter}{letter}){letter}", max_min)
            registry.register(class_name, "min", f"({letter}{letter}){letter}", max_min)
            registry.register(class_name, "abs", f"({letter}){letter}", abs_value)
        registry.register_class(class_name, any_math)
