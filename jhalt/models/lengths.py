"""Lengths of the text Java produces for primitive values (``String.valueOf``,
``StringBuilder.append``, string concatenation; JLS §5.1.11, ``Integer.toString``,
``Double.toString``).

Strings are represented by their length only (seed 000 §2.2), so these functions give,
for an abstract value, the interval of possible lengths of its decimal text:

* integers (``I J S B``): exact on each side of zero — the text of ``x ≥ 0`` has
  ``len(str(x))`` digits and grows with ``x``; a negative ``x`` has a ``-`` and grows as
  ``x`` falls. Unbounded intervals are cut by the type's range (``int``: 1..11 chars);
* ``char``: always exactly one UTF-16 code unit; ``boolean``: ``true``/``false``;
* ``float``/``double``: between 3 (``0.0``, ``NaN``) and :data:`MAX_FLOATING_TEXT`
  (``Double.toString`` prints at most 17 significant digits, a sign, a point and an
  exponent of at most 4 characters; 32 is a safe bound);
* ``null``: ``"null"``.
"""

from __future__ import annotations

from jhalt.domains.intervals import Interval, type_range
from jhalt.domains.values import FloatValue, HeapValue, IntValue

NULL_TEXT_LENGTH = 4
MAX_FLOATING_TEXT = 32
FLOATING_TEXT = Interval(3, MAX_FLOATING_TEXT)


def _text_length(value: int) -> int:
    return len(str(value))


def decimal_length(interval: Interval, type_letter: str = "I") -> Interval:
    """The possible lengths of ``String.valueOf(x)`` for an integer ``x`` of the interval
    (and of the JVM type ``type_letter``, which bounds infinite ends)."""
    low_type, high_type = type_range(type_letter if type_letter in "BSIJ" else "J")
    low = low_type if interval.lo is None else max(interval.lo, low_type)
    high = high_type if interval.hi is None else min(interval.hi, high_type)
    if low > high:  # an interval outside the type: mathematical integers, be generous
        low, high = (
            (interval.lo if interval.lo is not None else low_type),
            (interval.hi if interval.hi is not None else high_type),
        )
    lengths: list[int] = []
    if high >= 0:
        non_negative_low = max(low, 0)
        lengths += [_text_length(non_negative_low), _text_length(high)]
    if low < 0:
        negative_high = min(high, -1)
        lengths += [_text_length(negative_high), _text_length(low)]
    return Interval(min(lengths), max(lengths))


def value_text_length(value: HeapValue) -> Interval:
    """The possible lengths of the text of a primitive value (module docstring)."""
    if isinstance(value, IntValue):
        if value.type_letter == "C":
            return Interval.const(1)
        if value.type_letter == "Z":
            return boolean_text_length(value.interval)
        return decimal_length(value.interval, value.type_letter)
    if isinstance(value, FloatValue):
        return FLOATING_TEXT
    raise TypeError(f"{value} is not a primitive value")


def boolean_text_length(interval: Interval) -> Interval:
    """``"true"`` has 4 characters, ``"false"`` 5."""
    lengths = []
    if interval.contains(1):
        lengths.append(4)
    if interval.contains(0):
        lengths.append(5)
    if not lengths:
        lengths = [4, 5]
    return Interval.hull(lengths)


def text_length_of_descriptor(descriptor: str, value: HeapValue) -> Interval:
    """The text length of a value passed as ``descriptor`` (``C`` and ``Z`` parameters
    are typed by the descriptor, since their values may be stored as plain ints)."""
    if descriptor == "C":
        return Interval.const(1)
    if descriptor == "Z":
        return (
            boolean_text_length(value.interval) if isinstance(value, IntValue) else Interval(4, 5)
        )
    if descriptor in ("F", "D"):
        return FLOATING_TEXT
    if isinstance(value, IntValue):
        return decimal_length(value.interval, descriptor)
    return decimal_length(Interval.of_type(descriptor), descriptor)
