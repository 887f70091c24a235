"""Models of ``java.lang.Math`` and ``java.lang.StrictMath`` (issue 3 item 5).

``max``/``min``/``abs`` of ``int``/``long`` are exact case splits that return one of the
argument references (``max(a, b)`` is ``a`` when ``a ≥ b``) or ``-a`` with a ``neg``
relation. ``abs`` follows Java, not mathematical integers: ``abs(MIN_VALUE)`` is
``MIN_VALUE`` (a separate case, guarded by ``a == MIN_VALUE``), so the negation case only
covers ``MIN_VALUE < a < 0`` and never leaves the type's range.

The ``*Exact`` methods of ``int``/``long`` compute their mathematical result (a ``+``, ``-``,
``*`` or ``neg`` relation) and return it when it fits the return type, else throw an
ArithmeticException (a case per side, guarded by the comparison).

Every other method of the class (floor, ceil, sqrt, pow, random, float ``max``, …) is
covered by one class-wide model: an unknown value of the return type, plus an
``ArithmeticException`` for the methods that can throw one (``*Exact``, ``floorDiv``,
``floorMod``). Assumption: Math methods terminate and have no effect on objects.
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.intervals import Interval, type_range
from jhalt.domains.values import Ref
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


_EXACT = {
    "addExact": "+",
    "subtractExact": "-",
    "multiplyExact": "*",
    "incrementExact": "+",
    "decrementExact": "-",
    "negateExact": "neg",
    "toIntExact": "+",
}
"""The ``*Exact`` methods of ints and longs and the operation each computes (``increment``,
``decrement`` and ``toIntExact`` with the constant operands 1, 1 and 0)."""


def _exact_operands(call: LibraryCall) -> tuple[Ref | int, ...]:
    name = call.method.name
    if name in ("incrementExact", "decrementExact"):
        return (call.parameters[0], 1)
    if name == "toIntExact":
        return (call.parameters[0], 0)
    return tuple(call.parameters)


def _apply(op: str, operands: Sequence[Interval]) -> Interval:
    if op == "neg":
        return operands[0].neg()
    if op == "+":
        return operands[0].add(operands[1])
    if op == "-":
        return operands[0].sub(operands[1])
    return operands[0].mul(operands[1])


@model
def exact(call: LibraryCall) -> Sequence[Outcome]:
    """``addExact``, ``subtractExact``, ``multiplyExact``, ``incrementExact``,
    ``decrementExact``, ``negateExact`` of ints and longs, ``toIntExact``: the mathematical
    result when it fits the return type, else an ArithmeticException (their Javadoc)."""
    letter = call.return_descriptor
    low, high = type_range(letter)
    op = _EXACT[call.method.name]
    operands = _exact_operands(call)
    intervals = [
        Interval.const(o) if isinstance(o, int) else interval_of(call.state, o) for o in operands
    ]
    exact_value = _apply(op, intervals)
    popped = call.popped_state()
    state, result = fresh_int(
        popped, exact_value.meet(Interval(low, high)) or exact_value, letter, call.fresh
    )
    computed = compute(op, result, *operands)
    outcomes = returns_if_possible(
        call,
        Returns(state, result, (computed, check(">=", result, low), check("<=", result, high))),
    )
    for outside in (Interval.at_most(low - 1), Interval.at_least(high + 1)):
        beyond = exact_value.meet(outside)
        if beyond is None:
            continue
        thrown, value = fresh_int(popped, beyond, "J", call.fresh)
        limit = (
            check("<", value, low)
            if beyond.hi is not None and beyond.hi < low
            else check(">", value, high)
        )
        outcomes.append(
            Throws(thrown, ARITHMETIC_EXCEPTION, constraints=(compute(op, value, *operands), limit))
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


_EXACT_DESCRIPTORS = {
    "addExact": ("(II)I", "(JJ)J"),
    "subtractExact": ("(II)I", "(JJ)J"),
    "multiplyExact": ("(II)I", "(JJ)J", "(JI)J"),
    "incrementExact": ("(I)I", "(J)J"),
    "decrementExact": ("(I)I", "(J)J"),
    "negateExact": ("(I)I", "(J)J"),
    "toIntExact": ("(J)I",),
}


def register(registry: ModelRegistry) -> None:
    for class_name in MATH_CLASSES:
        for letter in ("I", "J"):
            registry.register(class_name, "max", f"({letter}{letter}){letter}", max_min)
            registry.register(class_name, "min", f"({letter}{letter}){letter}", max_min)
            registry.register(class_name, "abs", f"({letter}){letter}", abs_value)
        for name in _EXACT:
            for descriptor in _EXACT_DESCRIPTORS[name]:
                registry.register(class_name, name, descriptor, exact)
        registry.register_class(class_name, any_math)
