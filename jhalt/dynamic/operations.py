"""Java's operand-stack, arithmetic, conversion and compare instructions on concolic values.

Seed 003 §3.3 (change 2): linear integer operations (add, sub, neg, multiplication by a
constant, i2l, a shift left by a constant distance) keep a symbolic expression; every other
operation is computed on operands pinned to their concrete values (``memory.pin`` adds
``expr == value`` to the path constraint). The concrete results come from the one table of
JVM semantics, `jhalt.bytecode.semantics` (wrap, idiv/irem, shifts, conversions, float
rounding, compares); a division by zero is not modelled (`UnsupportedStep`).
"""

from __future__ import annotations

from jhalt.bytecode.semantics import (
    BITS,
    apply_stack_op,
    compare,
    float_compare,
    float_to_integral,
    java_fdiv,
    java_frem,
    java_int_op,
    java_shift,
    narrow,
    shift_distance,
    to_float32,
    wrap,
)
from jhalt.dynamic.bounded import combine, too_large
from jhalt.dynamic.memory import IterationMemory, Value, constant
from jhalt.dynamic.vmview import UnsupportedStep
from jhalt.its.terms import INT, LONG, App, Lit


def stack_op(op: str, stack: list[Value]) -> None:
    """pop … swap in place, by the form that fits the categories on top (JVM spec §6.5)."""
    result = apply_stack_op(op, stack, lambda value: value.category)
    if result is None:
        raise UnsupportedStep(f"{op} on an unexpected stack")
    stack[:] = result


def int_arith(memory: IterationMemory, op: str, a: Value, b: Value | None) -> Value:
    """The integral operation ``op`` (mnemonic without the i/l prefix) on ``a`` and ``b``
    (None for neg): linear operations stay symbolic, the rest is computed on pinned operands."""
    letter = "I" if a.kind == "I" else "J"
    if op == "neg":
        return linear(memory, "neg", a, None, wrap(-a.as_int(), letter), letter)
    assert b is not None
    x, y = a.as_int(), b.as_int()  # pinning keeps the concrete values
    if op in ("add", "sub"):
        return linear(memory, op, a, b, java_int_op(op, x, y, letter), letter)
    if op == "mul":
        if not isinstance(a.expr, Lit) and not isinstance(b.expr, Lit):
            a = memory.pin(a)
        return linear(memory, "mul", a, b, java_int_op("mul", x, y, letter), letter)
    if op in ("div", "rem"):
        b = memory.pin(b)
        if y == 0:
            raise UnsupportedStep("division by zero (ArithmeticException is not modelled)")
        return linear(memory, op, a, b, java_int_op(op, x, y, letter), letter)
    if op in ("shl", "shr", "ushr"):
        memory.pin(b)
        distance = shift_distance(y, letter)
        if op == "shl" and not isinstance(a.expr, Lit) and distance < BITS[letter] - 1:
            factor = constant(1 << distance, letter)
            shifted = java_shift("shl", x, distance, letter)
            return linear(memory, "mul", a, factor, shifted, letter)
        memory.pin(a)
        return constant(java_shift(op, x, distance, letter), letter)
    memory.pin(a)
    memory.pin(b)
    return constant(java_int_op(op, x, y, letter), letter)


def linear(
    memory: IterationMemory, op: str, a: Value, b: Value | None, result: int, kind: str
) -> Value:
    """``result`` with the expression ``a op b`` (linear parts in normal form,
    `jhalt.dynamic.bounded`), or a constant when both are constants. An expression
    larger than `jhalt.dynamic.bounded.MAX_TERM_NODES` is not built: the operands are
    pinned and the result is the constant (§3.3 change 2)."""
    sort = INT if kind == "I" else LONG
    if isinstance(a.expr, Lit) and (b is None or isinstance(b.expr, Lit)):
        return constant(result, kind)
    args = (a.expr,) if b is None else (a.expr, b.expr)
    expr = combine(op, args, sort)
    if isinstance(expr, Lit):
        return constant(result, kind)
    if too_large(expr):
        memory.pin(a)
        if b is not None:
            memory.pin(b)
        return constant(result, kind)
    return Value(result, expr, kind)


_FLOAT_OPS = {
    "add": lambda x, y: x + y,
    "sub": lambda x, y: x - y,
    "mul": lambda x, y: x * y,
    "div": java_fdiv,
    "rem": java_frem,
}


def arith(memory: IterationMemory, op: str, stack: list[Value]) -> None:
    """An ARITH instruction (iadd … lxor, fadd … dneg) on the top of ``stack``."""
    prefix, name = op[0], op[1:]
    if name == "neg":
        a = stack.pop()
        if prefix in "il":
            stack.append(int_arith(memory, "neg", a, None))
        else:
            stack.append(constant(-memory.pin(a).as_float(), a.kind))
        return
    b, a = stack.pop(), stack.pop()
    if prefix in "il":
        stack.append(int_arith(memory, name, a, b))
        return
    x, y = memory.pin(a).as_float(), memory.pin(b).as_float()
    r = _FLOAT_OPS[name](x, y)
    stack.append(constant(to_float32(r) if prefix == "f" else r, a.kind))


def convert(memory: IterationMemory, op: str, a: Value) -> Value:
    """A CONVERT instruction: i2l stays symbolic (sign extension), the rest is pinned."""
    source, target = op[0], op[2]
    if op == "i2l":
        if isinstance(a.expr, Lit) or too_large(a.expr):
            return constant(memory.pin(a).as_int(), "J")
        return Value(a.as_int(), App("=", (a.expr,), LONG), "J")
    x = memory.pin(a)
    if target in "bcs":
        return constant(narrow(x.as_int(), op), "I")
    if target == "i":
        r = narrow(x.as_int(), "l2i") if source == "l" else float_to_integral(x.as_float(), "I")
        return constant(r, "I")
    if target == "l":
        return constant(float_to_integral(x.as_float(), "J"), "J")
    if target == "f":
        return constant(to_float32(x.as_float()), "F")
    return constant(x.as_float(), "D")


def compare_values(
    memory: IterationMemory, op: str, stack: list[Value], feeds_branch: bool
) -> None:
    """lcmp followed by ifXX stays a linear comparison of the two longs (the result carries
    them in ``compared``); any other use of its -1/0/1 result and every float comparison
    is computed on pinned operands."""
    b, a = stack.pop(), stack.pop()
    if op == "lcmp" and not feeds_branch:
        a, b = memory.pin(a), memory.pin(b)
    if op == "lcmp":
        r = compare(a.as_int(), b.as_int())
        stack.append(Value(r, Lit(r, INT), "I", (a, b)))
        return
    x, y = memory.pin(a).as_float(), memory.pin(b).as_float()
    stack.append(constant(float_compare(x, y, op), "I"))
