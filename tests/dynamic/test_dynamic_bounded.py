"""Long iterations keep their symbolic expressions small (issue 22, `jhalt.dynamic.bounded`).

The expected values come from Java's arithmetic: an int that starts at x and is updated by
``+= 3`` a hundred thousand times and then ``-= 300000`` ends at x again (wrapping or not).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from jhalt.bytecode.semantics import wrap
from jhalt.dynamic.bounded import MAX_TERM_NODES, combine, term_nodes
from jhalt.dynamic.memory import IterationMemory, Value, constant
from jhalt.dynamic.operations import int_arith
from jhalt.dynamic.symbolic import LocalLoc
from jhalt.its.terms import INT, Atom, Lit, Var, evaluate, holds

ints = st.integers(-(2**31), 2**31 - 1)


def _input(memory: IterationMemory, slot: int, value: int) -> Value:
    return memory.input(LocalLoc(slot), value, "I")


def test_a_hundred_thousand_updates_keep_the_term_small() -> None:
    memory = IterationMemory("1")
    total = _input(memory, 1, 5)
    for _ in range(100_000):
        total = int_arith(memory, "add", total, constant(3, "I"))
    total = int_arith(memory, "sub", total, constant(300_000, "I"))
    assert total.concrete == 5
    assert total.expr == Var(LocalLoc(1), INT)  # x + 3 * 100000 - 300000 is x
    assert memory.path == []  # nothing had to be pinned


def test_growing_sums_of_many_inputs_are_pinned_not_deepened() -> None:
    memory = IterationMemory("1")
    total = constant(0, "I")
    for slot in range(1, 2_000):
        total = int_arith(memory, "add", total, _input(memory, slot, slot))
    assert total.concrete == sum(range(1, 2_000))
    assert term_nodes(total.expr, 10**6) <= MAX_TERM_NODES
    assert all(term_nodes(a.left, 10**6) <= MAX_TERM_NODES for a in memory.path)
    env = {LocalLoc(slot): slot for slot in range(1, 2_000)}
    # The pinned facts hold for the values observed: the abstraction stays sound.
    assert all(holds(a, env) for a in memory.path)


@given(ints, ints, st.lists(st.tuples(st.sampled_from(["add", "sub", "mul"]), ints), max_size=30))
def test_normal_form_evaluates_like_the_operations(x: int, y: int, ops) -> None:  # type: ignore[no-untyped-def]
    """Flattening is exact over unbounded and over wrapping 32-bit integers."""
    vx, vy = Var("x", INT), Var("y", INT)
    term = combine("add", (vx, vy), INT)
    unbounded = x + y
    for op, k in ops:
        term = combine(op, (term, Lit(k, INT)), INT)
        unbounded = {"add": unbounded + k, "sub": unbounded - k, "mul": unbounded * k}[op]
    env = {"x": x, "y": y}
    assert evaluate(term, env, machine=False) == unbounded
    assert evaluate(term, env, machine=True) == wrap(unbounded, "I")


def test_cancelling_terms_vanish() -> None:
    x, y = Var("x", INT), Var("y", INT)
    assert combine("sub", (combine("add", (x, y), INT), x), INT) == y
    assert combine("sub", (x, x), INT) == Lit(0, INT)


def test_path_constraint_keeps_the_strongest_bound_of_an_inner_loop() -> None:
    """An inner loop ``for (i = 0; i < n; i++)`` with a constant i adds 0 < n, 1 < n, …;
    the last one implies all the others (for every value of n)."""
    memory = IterationMemory("1")
    n = Var(LocalLoc(1), INT)
    for k in range(2_000):
        memory.assume(Atom("lt", Lit(k, INT), n))
    memory.assume(Atom("ge", Lit(2_000, INT), n))  # the exit test: 2000 >= n
    memory.assume(Atom("le", n, Lit(5_000, INT)))  # weaker than n <= 2000: dropped
    assert memory.path == [Atom("lt", Lit(1_999, INT), n), Atom("ge", Lit(2_000, INT), n)]
    for value in (1_999, 2_000, 2_001):
        expected = 1_999 < value <= 2_000
        assert all(holds(a, {LocalLoc(1): value}) for a in memory.path) == expected
