"""The independent check of a universal recurrent set (`jhalt.smt.recurrent`, issue 17 item
2) on hand-made loops: it accepts a set exactly when, by the loop's meaning, no state of it
can leave the loop and every state has a step, and it notes a step that overflows ``int``."""

from __future__ import annotations

from jhalt.its.octagon import Octagon, binary, unary
from jhalt.its.terms import Atom, Lit, Var, app
from jhalt.smt.recurrent import (
    RecurrentLoop,
    RecurrentPath,
    check_recurrent_set,
    overflowing_variable,
    sample_points,
)
from jhalt.smt.session import SmtConfig

X, Y, R = Var("x"), Var("y"), Var("r")
CONFIG = SmtConfig()


def _loop(step: int, guard: str = "gt") -> RecurrentLoop:
    """``while (x > 0) x += step`` (``guard`` the comparison of ``x`` with 0)."""
    enters = RecurrentPath((Atom(guard, X, Lit(0)),), (("x", app("add", X, Lit(step))),))
    leaves = RecurrentPath((Atom(guard, X, Lit(0)).negated(),), exits=True)
    return RecurrentLoop((("x", "I"),), Octagon(), (enters, leaves))


def at_least(value: int) -> Octagon:
    return Octagon.of({unary("x", -1): -value})


def test_an_increasing_loop_has_the_set_x_at_least_1() -> None:
    assert check_recurrent_set(_loop(1), [at_least(1)], CONFIG).holds
    assert check_recurrent_set(_loop(1), [at_least(7)], CONFIG).holds


def test_a_set_with_an_exiting_state_is_rejected() -> None:
    check = check_recurrent_set(_loop(1), [at_least(0)], CONFIG)
    assert not check.holds and "exit" in check.reason


def test_a_set_a_step_leaves_is_rejected() -> None:
    """``x--`` from ``x >= 1`` reaches 0: the set is not closed."""
    bounded = Octagon.of({unary("x", -1): -1, unary("x", 1): 5})
    check = check_recurrent_set(_loop(-1), [bounded], CONFIG)
    assert not check.holds and "leaves" in check.reason


def test_the_empty_set_is_rejected() -> None:
    empty = Octagon.of({unary("x", -1): -3, unary("x", 1): 2})
    assert not check_recurrent_set(_loop(1), [empty], CONFIG).holds


def test_a_union_is_closed_when_its_parts_feed_each_other() -> None:
    """``while (x != 0) x = -x``: neither ``x >= 1`` nor ``x <= -1`` alone, their union is."""
    enters = RecurrentPath((Atom("ne", X, Lit(0)),), (("x", app("neg", X)),))
    leaves = RecurrentPath((Atom("eq", X, Lit(0)),), exits=True)
    loop = RecurrentLoop((("x", "I"),), Octagon(), (enters, leaves))
    positive, negative = at_least(1), Octagon.of({unary("x", 1): -1})
    assert not check_recurrent_set(loop, [positive], CONFIG).holds
    assert check_recurrent_set(loop, [positive, negative], CONFIG).holds


def test_a_free_input_is_read_for_every_value() -> None:
    """``while (x > y) { x += r; y += 1 }`` with ``r`` read in the loop: no set survives
    every ``r``; with ``r >= 1`` known, ``x - y >= 1`` does."""
    guard = Atom("gt", X, Y)
    post = (("x", app("add", X, R)), ("y", app("add", Y, Lit(1))))
    leaves = RecurrentPath((guard.negated(),), exits=True)
    apart = Octagon.of({binary("x", -1, "y", 1): -1})
    variables = (("x", "I"), ("y", "I"))
    anything = RecurrentLoop(variables, Octagon(), (RecurrentPath((guard,), post), leaves))
    assert not check_recurrent_set(anything, [apart], CONFIG).holds
    positive = RecurrentPath((guard, Atom("ge", R, Lit(1))), post)
    loop = RecurrentLoop(variables, Octagon(), (positive, leaves))
    assert check_recurrent_set(loop, [apart], CONFIG).holds


def test_a_state_without_a_step_is_rejected() -> None:
    """A loop whose only path needs ``x = 5`` has no step from ``x = 6`` (and no exit)."""
    stuck = RecurrentPath((Atom("eq", X, Lit(5)),), (("x", X),))
    loop = RecurrentLoop((("x", "I"),), Octagon(), (stuck,))
    assert check_recurrent_set(
        loop, [Octagon.of({unary("x", 1): 5, unary("x", -1): -5})], CONFIG
    ).holds
    six = Octagon.of({unary("x", 1): 6, unary("x", -1): -5})
    assert "no successor" in check_recurrent_set(loop, [six], CONFIG).reason


def test_an_overflowing_step_is_noted_and_samples_lie_in_the_set() -> None:
    assert overflowing_variable(_loop(1), [at_least(1)], CONFIG) == "x"
    bounded = Octagon.of({unary("x", -1): -1, unary("x", 1): 10})
    cycling = _loop(0)
    assert overflowing_variable(cycling, [bounded], CONFIG) is None
    points = sample_points(cycling, [bounded], 5, CONFIG)
    assert len(points) == 5 and all(1 <= p["x"] <= 10 for p in points)
    assert len({p["x"] for p in points}) == 5
