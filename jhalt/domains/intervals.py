"""Integer intervals with infinite bounds, the numeric domain of abstract states.

Seed 000 §2.1 ("INTEGERS = {x ∈ Z | a ≤ x ≤ b}, a ∈ Z ∪ {-∞}, b ∈ Z ∪ {∞}") and thesis
(seed 004) Def. 1.1. Integers are *mathematical* (no overflow) as in the competition
semantics; the Java type of a value (B S C I J Z) is kept next to the interval by
:class:`jhalt.domains.values.IntValue` and :func:`type_range` gives its range.

Bounds are ``int`` or ``None``: ``lo=None`` is -∞, ``hi=None`` is +∞. An interval is never
empty; operations that could produce the empty set (:meth:`Interval.meet`, the
``restrict_*`` functions) return ``None`` instead. Division and remainder follow the JVM
(truncation toward zero, the remainder has the sign of the dividend; JVMS §6.5 idiv/irem)
as the one table of concrete semantics, `jhalt.bytecode.semantics`, computes them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from jhalt.bytecode.semantics import BITS, java_div
from jhalt.bytecode.semantics import java_rem as java_rem  # re-exported

# Internal extended-integer arithmetic: Python ints plus the two infinities below.
_POS_INF = float("inf")
_NEG_INF = float("-inf")
ExtInt = int | float  # an int, or one of the two float infinities (never another float)

TYPE_RANGES: dict[str, tuple[int, int]] = {
    letter: (0, 2**bits - 1) if letter in "ZC" else (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1)
    for letter, bits in BITS.items()
}
"""Value ranges of the JVM integral types by descriptor letter (JVMS §2.3.1)."""


def _lo_ext(bound: int | None) -> ExtInt:
    return _NEG_INF if bound is None else bound


def _hi_ext(bound: int | None) -> ExtInt:
    return _POS_INF if bound is None else bound


def _to_bound(value: ExtInt) -> int | None:
    if value in (_POS_INF, _NEG_INF):
        return None
    return int(value)


def _mul_ext(a: ExtInt, b: ExtInt) -> ExtInt:
    """Extended multiplication with the interval convention 0·∞ = 0."""
    if a == 0 or b == 0:
        return 0
    return a * b


def _div_ext(a: ExtInt, b: ExtInt) -> list[ExtInt]:
    """Candidate values of the truncating quotient at a corner (b ≠ 0).

    ∞/∞ has no single limit; both 0 and the signed infinity are returned (a safe hull).
    """
    a_inf = a in (_POS_INF, _NEG_INF)
    b_inf = b in (_POS_INF, _NEG_INF)
    sign = 1 if (a > 0) == (b > 0) else -1
    if a_inf and b_inf:
        return [0, sign * _POS_INF]
    if b_inf:
        return [0]
    if a_inf:
        return [sign * _POS_INF]
    return [java_div(int(a), int(b))]


@dataclass(frozen=True, slots=True)
class Interval:
    """A non-empty set ``{x ∈ Z | lo ≤ x ≤ hi}``; ``None`` bounds are infinite."""

    lo: int | None
    hi: int | None

    def __post_init__(self) -> None:
        if self.lo is not None and self.hi is not None and self.lo > self.hi:
            raise ValueError(f"empty interval [{self.lo}, {self.hi}]")

    # ----------------------------------------------------------------- constructors
    @staticmethod
    def top() -> Interval:
        """Z, the interval of all integers."""
        return _TOP

    @staticmethod
    def const(value: int) -> Interval:
        """The singleton ``{value}``."""
        return Interval(value, value)

    @staticmethod
    def at_least(lo: int) -> Interval:
        return Interval(lo, None)

    @staticmethod
    def at_most(hi: int) -> Interval:
        return Interval(None, hi)

    @staticmethod
    def of_type(type_letter: str) -> Interval:
        """The value range of a JVM integral type (``"I"``, ``"J"``, ``"B"``, …)."""
        lo, hi = type_range(type_letter)
        return Interval(lo, hi)

    @staticmethod
    def hull(values: Iterable[int]) -> Interval:
        """The smallest interval containing all ``values`` (at least one)."""
        items = list(values)
        if not items:
            raise ValueError("hull of no values")
        return Interval(min(items), max(items))

    # ----------------------------------------------------------------- queries
    @property
    def is_singleton(self) -> bool:
        return self.lo is not None and self.lo == self.hi

    @property
    def value(self) -> int:
        """The only member of a singleton interval."""
        if not self.is_singleton:
            raise ValueError(f"{self} is not a singleton")
        assert self.lo is not None
        return self.lo

    @property
    def is_top(self) -> bool:
        return self.lo is None and self.hi is None

    @property
    def is_finite(self) -> bool:
        return self.lo is not None and self.hi is not None

    def contains(self, value: int) -> bool:
        return _lo_ext(self.lo) <= value <= _hi_ext(self.hi)

    def __contains__(self, value: int) -> bool:
        return self.contains(value)

    def is_subset_of(self, other: Interval) -> bool:
        return _lo_ext(other.lo) <= _lo_ext(self.lo) and _hi_ext(self.hi) <= _hi_ext(other.hi)

    def fits_type(self, type_letter: str) -> bool:
        """True iff every member is representable in the given JVM integral type."""
        return self.is_subset_of(Interval.of_type(type_letter))

    # ----------------------------------------------------------------- lattice
    def join(self, other: Interval) -> Interval:
        """Least upper bound (convex hull): ``mergeVal`` of seed 000 §2.3."""
        lo = None if self.lo is None or other.lo is None else min(self.lo, other.lo)
        hi = None if self.hi is None or other.hi is None else max(self.hi, other.hi)
        return Interval(lo, hi)

    def meet(self, other: Interval) -> Interval | None:
        """Intersection, or ``None`` when it is empty (thesis §1.5)."""
        lo = max(_lo_ext(self.lo), _lo_ext(other.lo))
        hi = min(_hi_ext(self.hi), _hi_ext(other.hi))
        if lo > hi:
            return None
        return Interval(_to_bound(lo), _to_bound(hi))

    def widen(self, newer: Interval) -> Interval:
        """Standard interval widening ``self ∇ newer``: an unstable bound jumps to infinity.

        ``self.widen(x)`` is an upper bound of both, and any chain
        ``a0, a1 = a0 ∇ b0, a2 = a1 ∇ b1, …`` stabilises after at most two strict steps.
        """
        lo = (
            self.lo
            if (self.lo is not None and newer.lo is not None and newer.lo >= self.lo)
            else None
        )
        hi = (
            self.hi
            if (self.hi is not None and newer.hi is not None and newer.hi <= self.hi)
            else None
        )
        return Interval(lo, hi)

    # ----------------------------------------------------------------- arithmetic
    def neg(self) -> Interval:
        return Interval(
            None if self.hi is None else -self.hi, None if self.lo is None else -self.lo
        )

    def add(self, other: Interval) -> Interval:
        lo = None if self.lo is None or other.lo is None else self.lo + other.lo
        hi = None if self.hi is None or other.hi is None else self.hi + other.hi
        return Interval(lo, hi)

    def sub(self, other: Interval) -> Interval:
        return self.add(other.neg())

    def mul(self, other: Interval) -> Interval:
        corners = [
            _mul_ext(a, b)
            for a in (_lo_ext(self.lo), _hi_ext(self.hi))
            for b in (_lo_ext(other.lo), _hi_ext(other.hi))
        ]
        return Interval(_to_bound(min(corners)), _to_bound(max(corners)))

    def div(self, divisor: Interval) -> Interval | None:
        """Truncating quotient over the non-zero members of ``divisor``.

        Returns ``None`` when ``divisor`` is ``{0}`` (every division throws
        ArithmeticException); the caller handles the zero case separately.
        """
        candidates: list[ExtInt] = []
        for part in divisor._nonzero_parts():
            for a in (_lo_ext(self.lo), _hi_ext(self.hi)):
                for b in (_lo_ext(part.lo), _hi_ext(part.hi)):
                    candidates.extend(_div_ext(a, b))
        if not candidates:
            return None
        return Interval(_to_bound(min(candidates)), _to_bound(max(candidates)))

    def rem(self, divisor: Interval) -> Interval | None:
        """Java remainder over the non-zero members of ``divisor`` (``None`` if ``{0}``)."""
        parts = divisor._nonzero_parts()
        if not parts:
            return None
        max_abs: ExtInt = max(max(abs(_lo_ext(p.lo)), abs(_hi_ext(p.hi))) for p in parts)
        min_abs: ExtInt = min(
            0 if p.contains(0) else min(abs(_lo_ext(p.lo)), abs(_hi_ext(p.hi))) for p in parts
        )
        results: list[Interval] = []
        non_negative = self.meet(Interval.at_least(0))
        if non_negative is not None:
            if _hi_ext(non_negative.hi) < min_abs:
                results.append(non_negative)  # x % d == x for 0 <= x < |d|
            else:
                upper = min(_hi_ext(non_negative.hi), max_abs - 1)
                results.append(Interval(0, _to_bound(upper)))
        non_positive = self.meet(Interval.at_most(0))
        if non_positive is not None:
            if -_lo_ext(non_positive.lo) < min_abs:
                results.append(non_positive)
            else:
                lower = max(_lo_ext(non_positive.lo), -(max_abs - 1))
                results.append(Interval(_to_bound(lower), 0))
        result = results[0]
        for extra in results[1:]:
            result = result.join(extra)
        return result

    def _nonzero_parts(self) -> list[Interval]:
        parts: list[Interval] = []
        negative = self.meet(Interval.at_most(-1))
        positive = self.meet(Interval.at_least(1))
        if negative is not None:
            parts.append(negative)
        if positive is not None:
            parts.append(positive)
        return parts

    def bit_and(self, other: Interval) -> Interval:
        """``&``: exact on constants; ``[0, min(hi)]`` for non-negative operands; else Z."""
        if self.is_singleton and other.is_singleton:
            return Interval.const(self.value & other.value)
        if self.lo is not None and self.lo >= 0 and other.lo is not None and other.lo >= 0:
            hi = min(_hi_ext(self.hi), _hi_ext(other.hi))
            return Interval(0, _to_bound(hi))
        if self.lo is not None and self.lo >= 0:
            return Interval(0, self.hi)
        if other.lo is not None and other.lo >= 0:
            return Interval(0, other.hi)
        return Interval.top()

    def narrow_to_type(self, type_letter: str) -> Interval:
        """Value after a narrowing conversion (i2b, i2c, i2s, l2i): identity when the
        interval already fits the type, else the whole type range (sound for wrap-around)."""
        if self.fits_type(type_letter):
            return self
        return Interval.of_type(type_letter)

    # ----------------------------------------------------------------- comparisons
    def may_be_less(self, other: Interval) -> bool:
        """∃x∈self, y∈other: x < y."""
        return _lo_ext(self.lo) < _hi_ext(other.hi)

    def may_be_equal(self, other: Interval) -> bool:
        return self.meet(other) is not None

    def may_be_greater(self, other: Interval) -> bool:
        return other.may_be_less(self)

    def possible_signs(self, other: Interval) -> frozenset[int]:
        """The possible results of ``compare(x, y)`` (-1, 0, 1) for x∈self, y∈other (lcmp)."""
        signs = set()
        if self.may_be_less(other):
            signs.add(-1)
        if self.may_be_equal(other):
            signs.add(0)
        if self.may_be_greater(other):
            signs.add(1)
        return frozenset(signs)

    def __str__(self) -> str:
        if self.is_singleton:
            return str(self.lo)
        lo = "(-∞" if self.lo is None else f"[{self.lo}"
        hi = "∞)" if self.hi is None else f"{self.hi}]"
        return f"{lo}, {hi}"


_TOP = Interval(None, None)


def type_range(type_letter: str) -> tuple[int, int]:
    """(min, max) of a JVM integral type given by its descriptor letter."""
    try:
        return TYPE_RANGES[type_letter]
    except KeyError:
        raise ValueError(f"not an integral JVM type: {type_letter!r}") from None


def restrict_less(left: Interval, right: Interval) -> tuple[Interval, Interval] | None:
    """Largest sub-intervals of (left, right) consistent with ``left < right``, or None."""
    new_left = left.meet(Interval(None, None if right.hi is None else right.hi - 1))
    new_right = right.meet(Interval(None if left.lo is None else left.lo + 1, None))
    if new_left is None or new_right is None:
        return None
    return new_left, new_right


def restrict_less_equal(left: Interval, right: Interval) -> tuple[Interval, Interval] | None:
    """Largest sub-intervals of (left, right) consistent with ``left ≤ right``, or None."""
    new_left = left.meet(Interval(None, right.hi))
    new_right = right.meet(Interval(left.lo, None))
    if new_left is None or new_right is None:
        return None
    return new_left, new_right


def restrict_equal(left: Interval, right: Interval) -> tuple[Interval, Interval] | None:
    """Both sides become the meet when ``left == right`` is possible, else None."""
    common = left.meet(right)
    if common is None:
        return None
    return common, common
