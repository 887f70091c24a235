"""The one table of concrete JVM semantics (`jhalt.bytecode.semantics`) against the JVM spec.

Property tests (hypothesis) of Java's integral arithmetic as JVM spec §6.5 states it (idiv
truncates toward zero, irem has the sign of the dividend, ``(a / b) * b + a % b == a`` on
wrapped ints, shift distances masked to 5/6 bits, narrowing conversions keep the low bits)
and of the stack shapes of §6.5 (pop … swap), checked against the opcode table's slot effect.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jhalt.bytecode.opcodes import Kind, by_mnemonic
from jhalt.bytecode.semantics import (
    STACK_FORMS,
    DivisionByZero,
    apply_stack_op,
    condition_holds,
    float_compare,
    float_to_integral,
    java_div,
    java_fdiv,
    java_frem,
    java_int_op,
    java_rem,
    java_shift,
    narrow,
    slot_form,
    to_float32,
    wrap,
)

INT_MIN, INT_MAX = -(2**31), 2**31 - 1
LONG_MIN, LONG_MAX = -(2**63), 2**63 - 1
ints = st.integers(INT_MIN, INT_MAX)
longs = st.integers(LONG_MIN, LONG_MAX)
anything = st.integers(-(2**80), 2**80)


# ---------------------------------------------------------------- wrap


@given(anything)
def test_wrap_lands_in_the_type_and_keeps_the_low_bits(value: int) -> None:
    for letter, (lo, hi), bits in [
        ("I", (INT_MIN, INT_MAX), 32),
        ("J", (LONG_MIN, LONG_MAX), 64),
        ("B", (-128, 127), 8),
        ("S", (-(2**15), 2**15 - 1), 16),
        ("C", (0, 2**16 - 1), 16),
        ("Z", (0, 1), 1),
    ]:
        wrapped = wrap(value, letter)
        assert lo <= wrapped <= hi
        assert (wrapped - value) % (1 << bits) == 0


@given(ints)
def test_wrap_is_the_identity_inside_the_type(value: int) -> None:
    assert wrap(value, "I") == value and wrap(value, "J") == value


def test_wrap_examples() -> None:
    assert wrap(INT_MAX + 1) == INT_MIN
    assert wrap(INT_MIN - 1) == INT_MAX
    assert wrap(LONG_MAX + 1, "J") == LONG_MIN


# ---------------------------------------------------------------- division and remainder


def test_division_examples_from_the_spec() -> None:
    assert (java_div(7, 2), java_div(-7, 2), java_div(7, -2), java_div(-7, -2)) == (3, -3, -3, 3)
    assert (java_rem(7, 2), java_rem(-7, 2), java_rem(7, -2), java_rem(-7, -2)) == (1, -1, 1, -1)
    # §6.5.idiv: the one overflow, MIN_VALUE / -1, gives MIN_VALUE; the remainder is 0
    assert java_int_op("div", INT_MIN, -1, "I") == INT_MIN
    assert java_int_op("rem", INT_MIN, -1, "I") == 0
    assert java_int_op("div", LONG_MIN, -1, "J") == LONG_MIN
    assert java_int_op("rem", LONG_MIN, -1, "J") == 0


@pytest.mark.parametrize("op", ["div", "rem"])
def test_division_by_zero_is_signalled(op: str) -> None:
    with pytest.raises(DivisionByZero):
        java_int_op(op, 5, 0, "I")
    with pytest.raises(ZeroDivisionError):  # DivisionByZero is one
        java_div(0, 0)


@given(ints, ints.filter(lambda b: b != 0))
def test_int_division_identity_on_wrapped_ints(a: int, b: int) -> None:
    q = java_int_op("div", a, b, "I")
    r = java_int_op("rem", a, b, "I")
    assert wrap(q * b + r) == a
    assert abs(r) < abs(b)
    assert r == 0 or (r > 0) == (a > 0)  # the remainder has the sign of the dividend


@given(longs, longs.filter(lambda b: b != 0))
def test_long_division_identity_on_wrapped_longs(a: int, b: int) -> None:
    q = java_int_op("div", a, b, "J")
    r = java_int_op("rem", a, b, "J")
    assert wrap(q * b + r, "J") == a
    assert r == 0 or (r > 0) == (a > 0)


@given(anything, anything.filter(lambda b: b != 0))
def test_quotient_truncates_toward_zero(a: int, b: int) -> None:
    q = java_div(a, b)
    exact = abs(a) // abs(b)
    assert abs(q) == exact  # the magnitude is the floor of the true quotient's magnitude
    assert q == 0 or (q > 0) == ((a > 0) == (b > 0))
    assert java_rem(a, b) == a - q * b


# ---------------------------------------------------------------- shifts


@given(ints, st.integers(-(2**31), 2**31 - 1))
def test_int_shifts_use_the_low_five_bits_of_the_distance(value: int, distance: int) -> None:
    s = distance & 0x1F
    assert java_shift("shl", value, distance, "I") == wrap(value * 2**s)
    assert java_shift("shr", value, distance, "I") == value >> s  # floor: sign-extending
    unsigned = value % 2**32
    assert java_shift("ushr", value, distance, "I") == wrap(unsigned >> s)
    for op in ("shl", "shr", "ushr"):
        assert java_shift(op, value, distance, "I") == java_shift(op, value, distance + 32, "I")


@given(longs, ints)
def test_long_shifts_use_the_low_six_bits_of_the_distance(value: int, distance: int) -> None:
    s = distance & 0x3F
    assert java_int_op("shl", value, distance, "J") == wrap(value * 2**s, "J")
    assert java_int_op("shr", value, distance, "J") == value >> s
    assert java_int_op("ushr", value, distance, "J") == wrap((value % 2**64) >> s, "J")


def test_shift_examples() -> None:
    assert java_shift("ushr", -1, 28, "I") == 15
    assert java_shift("ushr", -1, 0, "I") == -1  # x >>> 0 is x
    assert java_shift("ushr", -1, 32, "I") == -1  # the distance 32 is masked to 0
    assert java_shift("shl", 1, 31, "I") == INT_MIN
    assert java_shift("shr", -8, 1, "I") == -4
    assert java_shift("ushr", -1, 60, "J") == 15


# ---------------------------------------------------------------- conversions


@given(ints)
def test_int_narrowing_conversions(value: int) -> None:
    b, s, c = narrow(value, "i2b"), narrow(value, "i2s"), narrow(value, "i2c")
    assert -128 <= b <= 127 and (b - value) % 256 == 0
    assert -(2**15) <= s < 2**15 and (s - value) % 2**16 == 0
    assert 0 <= c < 2**16 and c == value & 0xFFFF


@given(longs)
def test_l2i_keeps_the_low_32_bits_and_i2l_is_exact(value: int) -> None:
    assert narrow(value, "l2i") == wrap(value & 0xFFFFFFFF)
    low = wrap(value)
    assert narrow(low, "i2l") == low


def test_conversion_examples() -> None:
    assert narrow(200, "i2b") == -56 and narrow(40000, "i2s") == -25536
    assert narrow(-1, "i2c") == 65535 and narrow(2**32 + 5, "l2i") == 5


@given(st.floats(allow_nan=True, allow_infinity=True))
def test_float_to_integral_saturates(value: float) -> None:
    for letter, lo, hi in (("I", INT_MIN, INT_MAX), ("J", LONG_MIN, LONG_MAX)):
        result = float_to_integral(value, letter)
        assert lo <= result <= hi
        if math.isnan(value):
            assert result == 0
        elif lo < value < hi:
            assert result == math.trunc(value)


def test_float_examples() -> None:
    assert float_to_integral(1e30, "I") == INT_MAX and float_to_integral(-math.inf, "J") == LONG_MIN
    assert to_float32(0.1) != 0.1 and to_float32(1e300) == math.inf
    assert math.isnan(java_fdiv(0.0, 0.0)) and java_fdiv(-1.0, 0.0) == -math.inf
    assert java_fdiv(1.0, -0.0) == -math.inf
    assert math.isnan(java_frem(1.0, 0.0)) and math.isnan(java_frem(math.inf, 2.0))
    assert java_frem(-7.5, 2.0) == -1.5 and java_frem(5.0, math.inf) == 5.0


# ---------------------------------------------------------------- comparisons


@given(longs, longs)
def test_lcmp_and_conditions_agree(a: int, b: int) -> None:
    sign = float_compare(float(a), float(b), "dcmpl") if a == b else None
    assert sign in (None, 0)
    assert condition_holds("lt", a, b) == (a < b) and condition_holds("ge", a, b) == (a >= b)
    assert condition_holds("eq", a, b) != condition_holds("ne", a, b)


def test_float_compare_nan() -> None:
    assert float_compare(math.nan, 1.0, "fcmpl") == -1
    assert float_compare(math.nan, 1.0, "dcmpg") == 1
    assert float_compare(2.0, 1.0, "fcmpl") == 1


# ---------------------------------------------------------------- stack shapes


def test_every_stack_instruction_has_forms_and_the_opcode_table_uses_the_slot_form() -> None:
    stack_ops = {info.mnemonic for info in map(by_mnemonic, STACK_FORMS) if info.kind is Kind.STACK}
    assert stack_ops == set(STACK_FORMS)
    for op, forms in STACK_FORMS.items():
        info = by_mnemonic(op)
        first = slot_form(op)
        assert set(first.takes) == {1}
        assert (info.pops, info.pushes) == (first.slots_taken, first.slots_pushed)
        for form in forms:  # every form moves the same number of slots
            assert (form.slots_taken, form.slots_pushed) == (info.pops, info.pushes)


def _category(value: str) -> int:
    return 2 if value.startswith("L") else 1


@pytest.mark.parametrize(
    ("op", "before", "after"),
    [
        ("dup", ["x", "a"], ["x", "a", "a"]),
        ("dup_x1", ["x", "b", "a"], ["x", "a", "b", "a"]),
        ("dup_x2", ["c", "b", "a"], ["a", "c", "b", "a"]),
        ("dup_x2", ["Lb", "a"], ["a", "Lb", "a"]),
        ("dup2", ["b", "a"], ["b", "a", "b", "a"]),
        ("dup2", ["La"], ["La", "La"]),
        ("dup2_x1", ["c", "b", "a"], ["b", "a", "c", "b", "a"]),
        ("dup2_x1", ["b", "La"], ["La", "b", "La"]),
        ("dup2_x2", ["d", "c", "b", "a"], ["b", "a", "d", "c", "b", "a"]),
        ("dup2_x2", ["c", "b", "La"], ["La", "c", "b", "La"]),
        ("dup2_x2", ["Lc", "b", "a"], ["b", "a", "Lc", "b", "a"]),
        ("dup2_x2", ["Lb", "La"], ["La", "Lb", "La"]),
        ("swap", ["b", "a"], ["a", "b"]),
        ("pop", ["b", "a"], ["b"]),
        ("pop2", ["b", "a"], []),
        ("pop2", ["x", "La"], ["x"]),
    ],
)
def test_stack_forms_of_the_spec(op: str, before: list[str], after: list[str]) -> None:
    assert apply_stack_op(op, before, _category) == after


@pytest.mark.parametrize(
    ("op", "stack"),
    [("dup", ["La"]), ("swap", ["La", "b"]), ("pop", ["La"]), ("pop2", ["La", "b"]), ("dup", [])],
)
def test_stack_forms_reject_mismatched_categories(op: str, stack: list[str]) -> None:
    assert apply_stack_op(op, stack, _category) is None


@given(st.sampled_from(sorted(STACK_FORMS)), st.lists(st.sampled_from(["a", "b", "La", "Lb"])))
def test_stack_forms_preserve_slot_counts(op: str, stack: list[str]) -> None:
    result = apply_stack_op(op, stack, _category)
    if result is not None:
        info = by_mnemonic(op)
        slots = sum(map(_category, stack))
        assert sum(map(_category, result)) == slots - info.pops + info.pushes  # type: ignore[operator]
