"""The one table of concrete JVM semantics every interpreter reads (JVM spec §2.3, §2.11, §6.5).

Two parts:

- the operand-stack shapes of the stack-manipulation instructions (``pop`` … ``swap``) as
  the forms of JVM spec §6.5: each form lists the categories of the values it takes from
  the top of the stack (deepest first) and the result as indices into them. The first
  form of each instruction is the all-category-1 one, i.e. its effect on slots, from which
  the opcode table takes ``pops``/``pushes``; `apply_stack_op` applies the form that
  matches the categories of the actual entries;
- Java's integral and floating-point semantics on Python numbers: two's-complement wrap to
  int/long (and the narrowing to byte/short/char/boolean), idiv/irem/ldiv/lrem (truncation
  toward zero, remainder with the sign of the dividend, a zero divisor signalled by
  `DivisionByZero`), the shifts with their 5/6-bit distance mask, the conversions
  (i2b, i2s, i2c, l2i, f2i/d2l saturating), float rounding and remainder, and the
  comparisons (lcmp, fcmpl/fcmpg, the ``if<cond>`` conditions).

Callers that compute with mathematical integers (the abstract interpreter's competition
semantics) use only the parts that do not depend on overflow (`java_div`, `java_rem`, the
shift mask, the narrowing conversions); callers that model the machine use the wrapping
operations (`java_int_op`).
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

# ---------------------------------------------------------------- operand-stack shapes


@dataclass(frozen=True, slots=True)
class StackForm:
    """One form of a stack instruction: ``takes`` are the categories of the values taken
    from the stack, deepest first; ``result`` the values pushed back, deepest first, as
    indices into the taken ones (JVM spec §6.5, e.g. dup_x1: ..., v2, v1 → ..., v1, v2, v1)."""

    takes: tuple[int, ...]
    result: tuple[int, ...]

    @property
    def slots_taken(self) -> int:
        return sum(self.takes)

    @property
    def slots_pushed(self) -> int:
        return sum(self.takes[i] for i in self.result)


STACK_FORMS: dict[str, tuple[StackForm, ...]] = {
    "pop": (StackForm((1,), ()),),
    "pop2": (StackForm((1, 1), ()), StackForm((2,), ())),
    "dup": (StackForm((1,), (0, 0)),),
    "dup_x1": (StackForm((1, 1), (1, 0, 1)),),
    "dup_x2": (StackForm((1, 1, 1), (2, 0, 1, 2)), StackForm((2, 1), (1, 0, 1))),
    "dup2": (StackForm((1, 1), (0, 1, 0, 1)), StackForm((2,), (0, 0))),
    "dup2_x1": (StackForm((1, 1, 1), (1, 2, 0, 1, 2)), StackForm((1, 2), (1, 0, 1))),
    "dup2_x2": (
        StackForm((1, 1, 1, 1), (2, 3, 0, 1, 2, 3)),
        StackForm((1, 1, 2), (2, 0, 1, 2)),
        StackForm((2, 1, 1), (1, 2, 0, 1, 2)),
        StackForm((2, 2), (1, 0, 1)),
    ),
    "swap": (StackForm((1, 1), (1, 0)),),
}
"""Every stack-manipulation instruction -> its forms (JVM spec §6.5; form 1 first)."""


def slot_form(op: str) -> StackForm:
    """The form of ``op`` over slots (every slot counted as a category-1 value): what the
    instruction does to a slot-based stack such as the verifier's (JVM spec §4.10.1)."""
    return STACK_FORMS[op][0]


T = TypeVar("T")


def apply_stack_op(op: str, stack: Sequence[T], category: Callable[[T], int]) -> list[T] | None:
    """The stack (bottom first) after ``op`` on entries whose categories ``category`` gives,
    or None when no form of ``op`` fits the top of ``stack``."""
    for form in STACK_FORMS[op]:
        count = len(form.takes)
        if count > len(stack):
            continue
        taken = list(stack[len(stack) - count :])
        if all(category(v) == c for v, c in zip(taken, form.takes)):
            return [*stack[: len(stack) - count], *(taken[i] for i in form.result)]
    return None


# ---------------------------------------------------------------- integral types

BITS: dict[str, int] = {"Z": 1, "B": 8, "C": 16, "S": 16, "I": 32, "J": 64}
"""Width in bits of the JVM integral types by descriptor letter (JVM spec §2.3.1)."""

UNSIGNED = frozenset({"Z", "C"})


def wrap(value: int, letter: str = "I") -> int:
    """``value`` reduced to the JVM integral type ``letter``: two's complement for
    B, S, I, J; the low bits for the unsigned C (char) and Z (boolean, as bastore narrows
    to a boolean array: JVM spec §6.5.bastore)."""
    bits = BITS[letter]
    value &= (1 << bits) - 1
    if letter in UNSIGNED or value < 1 << (bits - 1):
        return value
    return value - (1 << bits)


def shift_distance(distance: int, letter: str) -> int:
    """The shift distance actually used: the low 5 bits for int, 6 for long (§6.5.ishl)."""
    return distance & (BITS[letter] - 1)


class DivisionByZero(ZeroDivisionError):
    """An integral division or remainder by zero: the JVM throws ArithmeticException."""


def java_div(a: int, b: int) -> int:
    """Integral quotient truncated toward zero (§6.5.idiv), on unbounded integers; wrap
    the result for the machine (MIN_VALUE / -1 wraps to MIN_VALUE). Raises
    `DivisionByZero` when ``b`` is 0."""
    if b == 0:
        raise DivisionByZero("/ by zero")
    quotient = abs(a) // abs(b)
    return quotient if (a >= 0) == (b > 0) else -quotient


def java_rem(a: int, b: int) -> int:
    """Remainder with the sign of the dividend, ``a - java_div(a, b) * b`` (§6.5.irem).
    Raises `DivisionByZero` when ``b`` is 0."""
    return a - java_div(a, b) * b


def java_shift(op: str, value: int, distance: int, letter: str) -> int:
    """``shl``/``shr``/``ushr`` of a ``letter`` (I or J) value as the JVM computes them,
    the result wrapped to the type (§6.5.ishl, ishr, iushr)."""
    bits = BITS[letter]
    distance = shift_distance(distance, letter)
    value = wrap(value, letter)
    if op == "shl":
        return wrap(value << distance, letter)
    if op == "shr":
        return value >> distance
    if op == "ushr":
        return wrap((value & ((1 << bits) - 1)) >> distance, letter)
    raise ValueError(f"not a shift: {op}")


INTEGRAL_OPERATIONS: dict[str, Callable[[int, int], int]] = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "div": java_div,
    "rem": java_rem,
    "and": lambda a, b: a & b,
    "or": lambda a, b: a | b,
    "xor": lambda a, b: a ^ b,
}
"""The binary integral operations other than shifts over unbounded integers (Java's division
and remainder round toward zero); `java_int_op` wraps the result to the machine type."""


def java_int_op(op: str, a: int, b: int, letter: str) -> int:
    """The binary integral operation ``op`` (the mnemonic without its i/l prefix: add, sub,
    mul, div, rem, shl, shr, ushr, and, or, xor) on machine integers of type ``letter``
    (I or J); raises `DivisionByZero` for div/rem by 0."""
    if op in ("shl", "shr", "ushr"):
        return java_shift(op, a, b, letter)
    return wrap(INTEGRAL_OPERATIONS[op](a, b), letter)


def narrow(value: int, mnemonic: str) -> int:
    """i2b, i2s, i2c, l2i (and i2l): the value after the conversion (§6.5.i2b …)."""
    return wrap(value, {"i2b": "B", "i2s": "S", "i2c": "C", "l2i": "I", "i2l": "J"}[mnemonic])


# ---------------------------------------------------------------- floating point


def to_float32(value: float) -> float:
    """``value`` rounded to the nearest float (IEEE 754 binary32); too large: ±infinity."""
    try:
        return float(struct.unpack(">f", struct.pack(">f", value))[0])
    except OverflowError:
        return math.copysign(math.inf, value)


def float_to_integral(value: float, letter: str) -> int:
    """f2i, d2i, f2l, d2l: NaN → 0, rounding toward zero, saturating at the type's bounds
    (§6.5.d2i)."""
    if math.isnan(value):
        return 0
    bits = BITS[letter]
    low, high = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    if value <= low:
        return low
    if value >= high:
        return high
    return int(value)


def java_fdiv(a: float, b: float) -> float:
    """fdiv/ddiv in IEEE 754: a zero divisor gives NaN for 0/0 and NaN/0, else ±infinity."""
    if b == 0.0:
        if a == 0.0 or math.isnan(a):
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)
    return a / b


def java_frem(a: float, b: float) -> float:
    """frem/drem: truncating remainder with the sign of the dividend (§6.5.drem); NaN when
    the divisor is 0, the dividend infinite, or either is NaN."""
    if b == 0.0 or math.isinf(a) or math.isnan(a) or math.isnan(b):
        return math.nan
    return math.fmod(a, b)


# ---------------------------------------------------------------- comparisons


def compare(a: int | float, b: int | float) -> int:
    """lcmp (and fcmp on non-NaN operands): -1, 0 or 1 (§6.5.lcmp)."""
    return (a > b) - (a < b)


def float_compare(a: float, b: float, mnemonic: str) -> int:
    """fcmpl/fcmpg/dcmpl/dcmpg: NaN gives -1 for the *l forms, 1 for the *g ones."""
    if math.isnan(a) or math.isnan(b):
        return -1 if mnemonic.endswith("l") else 1
    return compare(a, b)


CONDITIONS: dict[str, Callable[[int | float, int | float], bool]] = {
    "eq": lambda a, b: a == b,
    "ne": lambda a, b: a != b,
    "lt": lambda a, b: a < b,
    "ge": lambda a, b: a >= b,
    "gt": lambda a, b: a > b,
    "le": lambda a, b: a <= b,
}
"""The conditions of if<cond>, if_icmp<cond>, if_acmp<cond> (§6.5.if_cond) by suffix."""


def condition_holds(cond: str, a: int | float, b: int | float) -> bool:
    """Whether ``a <cond> b`` holds (``cond``: eq ne lt ge gt le)."""
    return CONDITIONS[cond](a, b)
