"""Integer and floating-point arithmetic, iinc, conversions and the compare instructions
(thesis §1.6.1; JVMS §6.5). Integers are mathematical (competition semantics): ``+ - *``
never overflow; the result keeps the JVM type letter of the operation.

Every integer computation is recorded as an SSA relation on the evaluation edge (seed 000
Def. 3, ArithOp). Division and remainder by an interval that contains 0 first refine the
divisor into its negative, zero and positive parts (thesis Fig. 1.25: IDIV needs an
integer refinement); a zero divisor throws ``ArithmeticException``. Shifts and bitwise
operations are exact on known operands, otherwise a fresh value with the sound facts.
The concrete Java operations (idiv/irem, shift masks, ushr, narrowing, float rounding and
compares) come from the one table `jhalt.bytecode.semantics`.
"""

from __future__ import annotations

from jhalt.bytecode import Instruction
from jhalt.bytecode.semantics import (
    float_compare,
    float_to_integral,
    java_div,
    java_fdiv,
    java_frem,
    java_rem,
    java_shift,
    narrow,
    shift_distance,
    to_float32,
)
from jhalt.domains.intervals import Interval, type_range
from jhalt.domains.state import AbstractState
from jhalt.domains.values import FloatValue, IntValue
from jhalt.seg.context import EvalContext, StepResult
from jhalt.seg.evaluate.common import advance, bind, bind_int, interval_of, step, throw
from jhalt.seg.labels import Relation, check, compute
from jhalt.seg.refine import refine_integer

ARITHMETIC_EXCEPTION = "java/lang/ArithmeticException"
_SYMBOL = {"add": "+", "sub": "-", "mul": "*", "div": "/", "rem": "%", "shl": "<<", "shr": ">>", "ushr": ">>>",
           "and": "&", "or": "|", "xor": "^"}  # fmt: skip


def _letter(ins: Instruction) -> str:
    return "J" if ins.mnemonic[0] == "l" else "I"


def _result(
    ctx: EvalContext, state: AbstractState, ins: Instruction, popped: AbstractState, interval: Interval,
    letter: str, relation_op: str, args: tuple[str | int, ...], extra: tuple[Relation, ...] = (),
) -> StepResult:  # fmt: skip
    new_state, result = bind_int(ctx, popped, interval, letter)
    constraints = extra + (compute(relation_op, result, *args),)
    return step(state, ins, advance(new_state.push(result), ins), constraints)


def _exact(
    ctx: EvalContext, state: AbstractState, ins: Instruction, popped: AbstractState, value: int,
    letter: str,
) -> StepResult:  # fmt: skip
    """Push ``value``, computed exactly from literal operands: a constant, no relation to
    them (a ``havoc`` would mark the step inexact, `jhalt.analyses.nontermination`)."""
    new_state, result = bind_int(ctx, popped, Interval.const(value), letter)
    return step(state, ins, advance(new_state.push(result), ins))


def evaluate_int_binary(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    """iadd … lxor, ishl … lushr."""
    operation = ins.mnemonic[1:]
    letter = _letter(ins)
    left_ref, right_ref = state.peek(1), state.peek(0)
    left, right = interval_of(state, left_ref), interval_of(state, right_ref)
    popped, _ = state.pop(2)
    symbol = _SYMBOL[operation]
    args = (left_ref, right_ref)
    if operation in ("add", "sub", "mul"):
        interval = {"add": left.add, "sub": left.sub, "mul": left.mul}[operation](right)
        return _result(ctx, state, ins, popped, interval, letter, symbol, args)
    if operation in ("div", "rem"):
        if right.is_singleton and right.value == 0:
            return throw(ctx, state, ins, ARITHMETIC_EXCEPTION, (check("==", right_ref, 0),))
        if right.contains(0):
            return _split_divisor(ctx, state, right_ref, right)
        if left.is_singleton and right.is_singleton:
            exact = (
                java_div(left.value, right.value)
                if operation == "div"
                else java_rem(left.value, right.value)
            )
            quotient: Interval | None = Interval.const(exact)
        else:
            quotient = left.div(right) if operation == "div" else left.rem(right)
        assert quotient is not None
        return _result(
            ctx, state, ins, popped, quotient, letter, symbol, args, (check("!=", right_ref, 0),)
        )
    if operation in ("shl", "shr", "ushr"):
        return _result(
            ctx, state, ins, popped, _shift(operation, left, right, letter), letter, symbol, args
        )
    return _result(
        ctx, state, ins, popped, _bitwise(operation, left, right, letter), letter, symbol, args
    )


def _split_divisor(
    ctx: EvalContext, state: AbstractState, reference: str, interval: Interval
) -> StepResult:
    parts = []
    negative = interval.meet(Interval.at_most(-1))
    if negative is not None:
        parts.append((negative, "<0", (check("<", reference, 0),)))
    parts.append((Interval.const(0), "=0", (check("==", reference, 0),)))
    positive = interval.meet(Interval.at_least(1))
    if positive is not None:
        parts.append((positive, ">0", (check(">", reference, 0),)))
    return refine_integer(ctx, state, reference, parts)


def _shift(operation: str, left: Interval, right: Interval, letter: str) -> Interval:
    if right.is_singleton:
        distance = shift_distance(right.value, letter)
        if left.is_singleton:
            value = left.value
            if operation == "shl":
                return Interval.const(value << distance)  # mathematical: value · 2^distance
            if operation == "shr":
                return Interval.const(value >> distance)
            if value >= 0:
                return Interval.const(value >> distance)
            if left.fits_type(letter):
                return Interval.const(java_shift("ushr", value, distance, letter))
            return Interval.of_type(letter)
        if operation == "shl":
            return left.mul(Interval.const(1 << distance))
        if operation == "shr" or (left.lo is not None and left.lo >= 0):
            lo = None if left.lo is None else left.lo >> distance
            hi = None if left.hi is None else left.hi >> distance
            return Interval(lo, hi)
        if distance == 0:
            return left
        return Interval(0, type_range(letter)[1] >> (distance - 1))
    # unknown distance
    nonnegative = left.lo is not None and left.lo >= 0
    if operation == "shl":
        return Interval.at_least(0) if nonnegative else Interval.top()
    if operation == "shr" or nonnegative:
        lo = 0 if nonnegative else (None if left.lo is None else min(left.lo, -1))
        hi = None if left.hi is None else max(left.hi, 0)
        return Interval(lo, hi)
    return Interval.of_type(letter).join(left)


def _bitwise(operation: str, left: Interval, right: Interval, letter: str) -> Interval:
    if left.is_singleton and right.is_singleton:
        a, b = left.value, right.value
        value = a & b if operation == "and" else a | b if operation == "or" else a ^ b
        return Interval.const(value)
    if operation == "and":
        return left.bit_and(right)
    nonnegative = all(i.lo is not None and i.lo >= 0 for i in (left, right))
    if nonnegative and left.hi is not None and right.hi is not None:
        width = max(left.hi, right.hi).bit_length()
        return Interval(0, (1 << width) - 1)
    if nonnegative:
        return Interval.at_least(0)
    return Interval.of_type(letter).join(left).join(right) if letter else Interval.top()


def evaluate_int_neg(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    operand = state.peek()
    popped, _ = state.pop(1)
    return _result(
        ctx, state, ins, popped, interval_of(state, operand).neg(), _letter(ins), "neg", (operand,)
    )


def evaluate_iinc(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    """``iinc x, c``: ``x' = x + c`` (seed 000 Fig. 4 edge labels)."""
    assert ins.local is not None and isinstance(ins.value, int)
    old = state.local(ins.local)
    assert old is not None
    new_state, result = bind_int(
        ctx, state, interval_of(state, old).add(Interval.const(ins.value)), "I"
    )
    new_state = new_state.with_local(ins.local, result)
    return step(state, ins, advance(new_state, ins), (compute("+", result, old, ins.value),))


# ---------------------------------------------------------------- conversions
def evaluate_int_convert(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    """i2l (same value), l2i / i2b / i2c / i2s (narrowing: the same value when it fits,
    else any value of the target type)."""
    operand = state.peek()
    interval = interval_of(state, operand)
    popped, _ = state.pop(1)
    target = {"i2l": "J", "l2i": "I", "i2b": "B", "i2c": "C", "i2s": "S"}[ins.mnemonic]
    if ins.mnemonic == "i2l" or interval.fits_type(target):
        return _result(
            ctx, state, ins, popped, interval, target if target != "I" else "I", "=", (operand,)
        )
    if interval.is_singleton:
        exact = narrow(interval.value, ins.mnemonic)
        return _result(
            ctx, state, ins, popped, Interval.const(exact), target, f"conv:{target}", (operand,)
        )
    return _result(
        ctx, state, ins, popped, Interval.of_type(target), target, f"conv:{target}", (operand,)
    )


def evaluate_to_float(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    """i2f, i2d, l2f, l2d, f2d, d2f: exact on literals, else an unknown float."""
    operand = state.peek()
    popped, _ = state.pop(1)
    target = "F" if ins.mnemonic.endswith("f") else "D"
    value = state.heap[operand]
    literal: float | None = None
    if isinstance(value, IntValue) and value.interval.is_singleton:
        literal = float(value.interval.value)
    elif isinstance(value, FloatValue) and value.bits is not None:
        literal = value.value
    new_value = FloatValue(target) if literal is None else _float_value(literal, target)
    new_state, result = bind(ctx, popped, new_value)
    return step(
        state, ins, advance(new_state.push(result), ins), (compute("float", result, operand),)
    )


def _float_value(value: float, letter: str) -> FloatValue:
    return FloatValue.of(to_float32(value) if letter == "F" else value, letter)


def evaluate_float_to_int(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    """f2i, f2l, d2i, d2l: exact on literals (NaN → 0, saturating, JVMS §6.5.d2i)."""
    operand = state.peek()
    popped, _ = state.pop(1)
    target = "J" if ins.mnemonic.endswith("l") else "I"
    value = state.heap[operand]
    assert isinstance(value, FloatValue)
    if value.bits is not None:
        exact = float_to_integral(value.value, target)
        return _exact(ctx, state, ins, popped, exact, target)
    return _result(ctx, state, ins, popped, Interval.of_type(target), target, "havoc", (operand,))


def evaluate_float_arith(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    """fadd … drem and fneg/dneg: exact on literals (IEEE 754 via Python floats), else unknown."""
    letter = "F" if ins.mnemonic[0] == "f" else "D"
    operation = ins.mnemonic[1:]
    count = 1 if operation == "neg" else 2
    operands = [state.peek(count - 1 - k) for k in range(count)]
    popped, _ = state.pop(count)
    values = [state.heap[r] for r in operands]
    literal: float | None = None
    if all(isinstance(v, FloatValue) and v.bits is not None for v in values):
        numbers = [v.value for v in values]  # type: ignore[union-attr]
        literal = _float_op(operation, numbers)
    new_value = FloatValue(letter) if literal is None else _float_value(literal, letter)
    new_state, result = bind(ctx, popped, new_value)
    # a literal result is exact (a float's +-*/ rounded from the double result is the IEEE
    # float result); an unknown one keeps the ``float`` relation that marks it inexact
    unknown = () if literal is not None else (compute("float", result, *operands),)
    return step(state, ins, advance(new_state.push(result), ins), unknown)


def _float_op(operation: str, numbers: list[float]) -> float | None:
    try:
        if operation == "neg":
            return -numbers[0]
        a, b = numbers
        if operation == "add":
            return a + b
        if operation == "sub":
            return a - b
        if operation == "mul":
            return a * b
        if operation == "div":
            return java_fdiv(a, b)
        if operation == "rem":
            return java_frem(a, b)
    except (OverflowError, ValueError):
        return None
    return None


def evaluate_lcmp(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    """``lcmp``: the sign of ``a - b`` — exact when the intervals decide it; when one side is
    a known value, the other is refined first into its parts below, at and above it (as an
    ``if`` against a literal does), so that the sign is exact in each case and the branch that
    reads it refines the operand; else a fresh value in [-1, 1] with the relation
    ``r = cmp(a, b)``."""
    left_ref, right_ref = state.peek(1), state.peek(0)
    left, right = interval_of(state, left_ref), interval_of(state, right_ref)
    signs = left.possible_signs(right)
    if len(signs) > 1 and (left.is_singleton or right.is_singleton):
        unknown, interval, known = (
            (right_ref, right, left.value) if left.is_singleton else (left_ref, left, right.value)
        )
        pieces = (
            (interval.meet(Interval.at_most(known - 1)), f"{unknown} < {known}", "<"),
            (interval.meet(Interval.const(known)), f"{unknown} == {known}", "=="),
            (interval.meet(Interval.at_least(known + 1)), f"{unknown} > {known}", ">"),
        )
        parts = [
            (piece, case, (check(op, unknown, known),))
            for piece, case, op in pieces
            if piece is not None
        ]
        return refine_integer(ctx, state, unknown, parts)
    popped, _ = state.pop(2)
    interval = Interval(min(signs), max(signs))
    return _result(ctx, state, ins, popped, interval, "I", "cmp", (left_ref, right_ref))


def evaluate_float_compare(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    """fcmpl/fcmpg/dcmpl/dcmpg: exact on literals (NaN → -1 for *l, +1 for *g), a constant
    without a relation; else any of -1, 0, 1 (``havoc``: not exact)."""
    left_ref, right_ref = state.peek(1), state.peek(0)
    left, right = state.heap[left_ref], state.heap[right_ref]
    popped, _ = state.pop(2)
    if (
        isinstance(left, FloatValue)
        and isinstance(right, FloatValue)
        and left.bits is not None
        and right.bits is not None
    ):
        compared = float_compare(left.value, right.value, ins.mnemonic)
        return _exact(ctx, state, ins, popped, compared, "I")
    return _result(ctx, state, ins, popped, Interval(-1, 1), "I", "havoc", (left_ref, right_ref))
