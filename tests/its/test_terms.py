"""The one term language (`jhalt.its.terms`) and its one z3 translation (`jhalt.smt.terms`).

The reference meaning of every operation is the JVM's (JVMS §6.5), computed independently
here with Python integers; `evaluate` and the z3 encodings must agree with it, and with each
other, on random terms.
"""

from __future__ import annotations

import pytest
import z3
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from jhalt.bytecode.semantics import DivisionByZero
from jhalt.its.terms import (
    INT,
    LONG,
    Atom,
    Lit,
    Var,
    app,
    definedness,
    evaluate,
    holds,
    linear_of,
    render,
    substitute,
    variables,
)
from jhalt.smt.terms import NotEncodable, Semantics, SortClash, TermEncoder

INT_MIN, INT_MAX = -(2**31), 2**31 - 1


def _jvm_int(value: int) -> int:
    """Two's complement 32-bit, written out without jhalt's helpers."""
    value %= 2**32
    return value - 2**32 if value >= 2**31 else value


def test_jvm_examples() -> None:
    a, b = Var("a"), Var("b")
    env = {"a": -7, "b": 2}
    assert evaluate(app("div", a, b), env) == -3  # truncation toward zero, not floor
    assert evaluate(app("rem", a, b), env) == -1  # sign of the dividend
    assert evaluate(app("shl", Lit(1), Lit(33)), {}) == 2  # distance masked to 5 bits
    assert evaluate(app("ushr", Lit(-1), Lit(28)), {}) == 15
    assert evaluate(app("shr", Lit(-16), Lit(2)), {}) == -4
    assert evaluate(app("conv:B", Lit(200)), {}) == -56
    assert evaluate(app("conv:C", Lit(-1)), {}) == 65535
    assert evaluate(app("add", Lit(INT_MAX), Lit(1)), {}) == INT_MIN
    assert evaluate(app("add", Lit(INT_MAX), Lit(1)), {}, machine=False) == 2**31
    assert evaluate(app("add", Lit(INT_MAX), Lit(1), sort=LONG), {}) == 2**31
    assert evaluate(app("cmp", Lit(3), Lit(9)), {}) == -1
    with pytest.raises(DivisionByZero):
        evaluate(app("rem", a, Lit(0)), env)
    assert holds(Atom("lt", a, b), env) and not holds(Atom("lt", a, b).negated(), env)


def test_traversal_and_text() -> None:
    term = app("add", Var("i"), app("mul", Lit(2), Var("j")))
    assert variables(Atom("le", term, Var("n"))) == {"i", "j", "n"}
    moved = substitute(term, lambda v: Lit(5) if v.name == "i" else v)
    assert moved is not None and evaluate(moved, {"j": 1}) == 7
    assert substitute(term, lambda v: None if v.name == "j" else v) is None
    assert render(Atom("le", term, Var("n"))) == "(i + (2 * j)) <= n"
    assert render(app("=", Var("i"), sort=LONG)) == "(long) i"
    assert definedness(app("div", Var("x"), app("rem", Var("y"), Var("z")))) == [
        Atom("ne", Var("z"), Lit(0)),
        Atom("ne", app("rem", Var("y"), Var("z")), Lit(0)),
    ]


def test_linear_fragment() -> None:
    term = app("sub", app("mul", Lit(3), Var("i")), app("neg", Var("j")))
    linear = linear_of(term)
    assert linear is not None
    assert linear.evaluate({"i": 2, "j": 5}) == 11
    assert linear.evaluate({"i": 0, "j": 0}) == 0
    assert linear_of(app("mul", Var("i"), Var("j"))) is None
    assert linear_of(app("div", Var("i"), Lit(2))) is None


_LEAVES = st.one_of(
    st.sampled_from([Var("a"), Var("b")]),
    st.integers(INT_MIN, INT_MAX).map(Lit),
    st.integers(-3, 40).map(Lit),
)
_BINARY = ["add", "sub", "mul", "div", "rem", "shl", "shr", "ushr", "and", "or", "xor", "cmp"]
_UNARY = ["neg", "conv:B", "conv:C", "conv:S", "conv:I"]


def _terms(ops_binary: list[str], ops_unary: list[str], depth: int) -> st.SearchStrategy:
    return st.recursive(
        _LEAVES,
        lambda inner: st.one_of(
            st.builds(lambda op, x, y: app(op, x, y), st.sampled_from(ops_binary), inner, inner),
            st.builds(lambda op, x: app(op, x), st.sampled_from(ops_unary), inner),
        ),
        max_leaves=depth,
    )


def _z3_value(encoder: TermEncoder, term, env: dict[str, int]) -> int:  # type: ignore[no-untyped-def]
    encoded = encoder.term(term)
    pairs = [
        (
            encoder.term(Var(name)),
            z3.BitVecVal(v, 32) if encoder.semantics.machine else z3.IntVal(v),
        )
        for name, v in env.items()
    ]
    value = z3.simplify(z3.substitute(encoded, *pairs))
    if z3.is_bv_value(value):
        return value.as_signed_long()
    return value.as_long()


_ENV = st.fixed_dictionaries(
    {"a": st.integers(INT_MIN, INT_MAX), "b": st.integers(INT_MIN, INT_MAX)}
)


@settings(max_examples=150, deadline=None)
@given(_terms(_BINARY, _UNARY, 6), _ENV)
def test_machine_encoding_agrees_with_evaluate(term, env) -> None:  # type: ignore[no-untyped-def]
    try:
        expected = evaluate(term, env, machine=True)
    except DivisionByZero:
        assume(False)
    assert _z3_value(TermEncoder(Semantics(machine=True)), term, env) == expected


@settings(max_examples=150, deadline=None)
@given(_terms(["add", "sub", "mul", "div", "rem", "cmp"], _UNARY, 6), _ENV)
def test_mathematical_encoding_agrees_with_evaluate(term, env) -> None:  # type: ignore[no-untyped-def]
    try:
        expected = evaluate(term, env, machine=False)
    except DivisionByZero:
        assume(False)
    assert _z3_value(TermEncoder(), term, env) == expected


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(["shl", "shr", "ushr", "and", "or", "xor"]), _ENV)
def test_bitwise_over_mathematical_integers_in_range(op: str, env: dict[str, int]) -> None:
    """With ``bitwise`` the operation is computed on the 32-bit pattern: exact for in-range
    arguments (the witness solver keeps every value in its type's range)."""
    a, b = env["a"], env["b"]
    reference = {
        "shl": _jvm_int(a << (b & 31)),
        "shr": a >> (b & 31),
        "ushr": _jvm_int((a % 2**32) >> (b & 31)),
        "and": a & b,
        "or": a | b,
        "xor": a ^ b,
    }[op]
    term = app(op, Var("a"), Var("b"))
    assert evaluate(term, env) == reference
    assert _z3_value(TermEncoder(Semantics(bitwise=True)), term, env) == reference
    with pytest.raises(NotEncodable):
        TermEncoder().term(term)  # refused without `bitwise`: no meaning on unbounded integers


def test_refusals_and_sort_clash() -> None:
    with pytest.raises(NotEncodable):
        TermEncoder().term(app("havoc", Var("a")))
    with pytest.raises(NotEncodable):
        TermEncoder().term(app("len", Var("arr")))
    assert TermEncoder(Semantics(lengths=True)).term(app("len", Var("arr"))) is not None
    encoder = TermEncoder(Semantics(machine=True))
    encoder.term(Var("x", INT))
    with pytest.raises(SortClash):
        encoder.term(Var("x", LONG))
    copies = TermEncoder()
    assert str(copies.term(Var("i"), "h")) == "i@h"
    assert str(copies.term(Var("i"), "r1")) == "i@r1"
