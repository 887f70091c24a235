"""The CLP engine's parts: the exact abstraction of division, remainder and masks against
Java's semantics, binary unfolding of calls, and the criterion of Prop. 4 on clauses whose
behaviour is known."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from javac import compile_java

from jhalt.analyses.clp import find_clp_nontermination
from jhalt.analyses.clp.abstraction import INT, PathState, Slot, StepContext, step
from jhalt.analyses.clp.clauses import Atom, Clause
from jhalt.analyses.clp.criterion import is_recurrent
from jhalt.analyses.clp.unfold import UnfoldLimits, unfold
from jhalt.bytecode.instructions import decode
from jhalt.classfile import ClassPath
from jhalt.ids import MethodId
from jhalt.its.linear import eq, ge, le, var
from jhalt.smt.clp import small_model
from jhalt.smt.session import SmtConfig

MAIN = "([Ljava/lang/String;)V"
# iload_0, iconst DIVISOR (bipush), OP; the opcodes of idiv, irem, iand
_OPCODES = {"idiv": 0x6C, "irem": 0x70, "iand": 0x7E}


def _results(op: str, x: int, operand: int) -> set[int]:
    """Every value the abstraction allows for ``x OP operand`` (at most two, if inexact)."""
    code = bytes([0x1A, 0x10, operand & 0xFF, _OPCODES[op]])
    instructions = decode(code, (None,), "test")
    state = PathState((Slot(var("x"), INT),), ())
    states = [state]
    for ins in instructions:
        states = [s for current in states for s, _ in step(current, ins, StepContext({}))]
    found = set()
    for final in states:
        result = final.stack[-1].expr
        constraints = (*final.constraint, eq(var("x"), x), eq(var("_r"), result))
        model = small_model(constraints, ["_r"], SmtConfig())
        if model is not None:
            found.add(model["_r"])
            excluded = (*constraints, le(var("_r"), model["_r"] - 1))
            other = small_model(excluded, ["_r"], SmtConfig())
            higher = small_model(
                (*constraints, ge(var("_r"), model["_r"] + 1)), ["_r"], SmtConfig()
            )
            found.update(m["_r"] for m in (other, higher) if m is not None)
    return found


def _java(op: str, x: int, d: int) -> int:
    if op == "iand":
        return x & d
    quotient = abs(x) // abs(d) * (1 if (x >= 0) == (d > 0) else -1)
    return quotient if op == "idiv" else x - d * quotient


@pytest.mark.parametrize("op", ["idiv", "irem"])
def test_division_by_a_constant_is_exactly_javas(op: str) -> None:
    for x, d in itertools.product((-7, -6, -1, 0, 1, 5, 9), (-3, -2, 2, 3, 7)):
        assert _results(op, x, d) == {_java(op, x, d)}, (op, x, d)


def test_mask_is_exactly_javas_and() -> None:
    for x, mask in itertools.product((-9, -2, -1, 0, 3, 12), (1, 3, 7)):
        assert _results("iand", x, mask) == {x & mask}, (x, mask)


def _clause(head: Atom, *constraints, body: tuple[Atom, ...] = ()) -> Clause:
    return Clause(head, tuple(constraints), body)


def test_unfolding_turns_a_recursive_call_into_a_binary_clause() -> None:
    # f(x, r) :- x >= 1, y = x + 1, f(y, s), k(x, s, r).   k(x, s, r) :- r = s + 1.
    f = _clause(
        Atom("f", ("x", "r")),
        ge(var("x"), 1),
        eq(var("y"), var("x") + 1),
        body=(Atom("f", ("y", "s")), Atom("k", ("x", "s", "r"))),
    )
    k = _clause(Atom("k", ("x", "s", "r")), eq(var("r"), var("s") + 1))
    unfolding = unfold((f, k), UnfoldLimits(max_iterations=3), lambda c: True, lambda u, n: False)
    recursive = [c for c in unfolding.binary["f"] if c.body[0].predicate == "f"]
    assert any(c.calls == ("f",) for c in recursive)
    assert all(c.calls and set(c.calls) == {"f"} for c in recursive)
    assert any(is_recurrent(c, java_ints=False, config=SmtConfig()) for c in recursive)


def test_criterion_on_known_clauses() -> None:
    def loop(*constraints) -> Clause:
        return _clause(Atom("p", ("x",)), *constraints, body=(Atom("p", ("y",)),))

    config = SmtConfig()
    growing = loop(ge(var("x"), 1), eq(var("y"), var("x") + 1))
    shrinking = loop(ge(var("x"), 1), eq(var("y"), var("x") - 1))
    assert is_recurrent(growing, java_ints=False, config=config)
    assert not is_recurrent(growing, java_ints=True, config=config)  # wraps at 2^31 - 1
    assert not is_recurrent(shrinking, java_ints=False, config=config)
    stuck = loop(ge(var("x"), 1), eq(var("y"), var("x")))
    assert is_recurrent(stuck, java_ints=True, config=config)


def test_invokedynamic_is_refused_not_a_crash() -> None:
    source = Path(__file__).parent / "refused" / "ClpIndy.java"
    classpath = ClassPath.from_spec(str(compile_java(source, release=17)))
    search = find_clp_nontermination(classpath, MethodId("ClpIndy", "main", MAIN))
    assert search.result is None
    # the lambda is refused (the concatenation is exact, but its text, of a length the engine
    # does not know, cannot become the loop head's ``s``: another refused path)
    assert any("invokedynamic other than a string concatenation" in r for r in search.reasons)
    assert not any("internal error" in r for r in search.reasons)


def test_popping_no_value_leaves_the_stack_as_it_is() -> None:
    """A call without arguments pops nothing (``stack[-0:]`` would be the whole stack: the
    call atom then had the caller's stack as arguments — TicTacToe's ``Game.nbRows()``)."""
    state = PathState((), (Slot(var("x"), INT), Slot(var("y"), INT)))
    after, popped = state.pop(0)
    assert popped == () and after.stack == state.stack
    after, popped = state.pop(1)
    assert [s.expr for s in popped] == [var("y")] and len(after.stack) == 1


def test_a_call_without_arguments_under_a_value_on_the_stack(tmp_path: Path) -> None:
    """``n + three()`` loops forever when n stays positive; the call has no arguments while
    n is on the stack."""
    source = """
public class ZeroArgCall {
    static int three() { return 3; }
    public static void main(String[] args) {
        int n = args.length + 1;
        while (n > 0) {
            n = n + three() - 3;
        }
    }
}
"""
    path = tmp_path / "ZeroArgCall.java"
    path.write_text(source)
    classes = compile_java(path)
    search = find_clp_nontermination(
        ClassPath.from_spec(str(classes)), MethodId("ZeroArgCall", "main", MAIN)
    )
    assert not any("internal error" in reason for reason in search.reasons), search.reasons
    assert search.result is not None, search.reasons
