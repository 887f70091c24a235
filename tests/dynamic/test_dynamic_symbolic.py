"""Java arithmetic, substitution and text of Looper's terms over locations (seed 003 §3.3)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from jhalt.bytecode.semantics import java_div, java_rem
from jhalt.dynamic.symbolic import FieldLoc, LocalLoc, StaticLoc, kept, render
from jhalt.its.terms import (
    INT,
    LONG,
    REF,
    App,
    Atom,
    Fresh,
    Lit,
    Var,
    evaluate,
    machine_value,
    substitute_atom,
    variables,
)

ints = st.integers(-(2**31), 2**31 - 1)


def test_java_division_truncates_towards_zero() -> None:
    assert java_div(-7, 2) == -3 and java_rem(-7, 2) == -1
    assert java_div(7, -2) == -3 and java_rem(7, -2) == 1


@given(ints, ints.filter(lambda b: b != 0))
def test_division_identity(a: int, b: int) -> None:
    assert java_div(a, b) * b + java_rem(a, b) == a
    assert abs(java_rem(a, b)) < abs(b)


def test_wrap_is_twos_complement() -> None:
    assert machine_value(2**31, INT) == -(2**31)
    assert machine_value(-(2**31) - 1, INT) == 2**31 - 1


def test_machine_and_unbounded_evaluation_differ_only_on_overflow() -> None:
    y = LocalLoc(2)
    incremented = App("add", (Var(y, INT), Lit(1, INT)), INT)
    assert evaluate(incremented, {y: 2**31 - 1}, machine=True) == -(2**31)
    assert evaluate(incremented, {y: 2**31 - 1}, machine=False) == 2**31


def test_substitution_replaces_inputs_by_their_updates() -> None:
    p, nxt = LocalLoc(3), FieldLoc(13, "Node", "next")
    phi = Atom("eq", Var(p, REF), Lit(13, REF))
    after = substitute_atom(phi, lambda v: Var(nxt, REF) if v.name == p else v)
    assert after == Atom("eq", Var(nxt, REF), Lit(13, REF))
    assert after is not None and variables(after) == {nxt}


def test_terms_over_locations_render_as_java() -> None:
    i, count = LocalLoc(1), StaticLoc("p/Counter", "count")
    widened = App("=", (App("add", (Var(i, INT), Lit(1, INT)), INT),), LONG)
    assert (
        render(Atom("lt", widened, Var(count, LONG)), {1: "i"}) == "(long) (i + 1) < Counter.count"
    )
    negated = App("neg", (Var(LocalLoc(2), INT),), INT)
    assert render(Atom("ne", negated, Lit(3, INT))) == "-(local2) != 3"
    node = Var(FieldLoc(7, "Node", "next"), REF)
    assert render(Atom("eq", node, Lit(0, REF))) == "o7.next == null"
    assert render(Atom("ne", node, Lit(9, REF))) == "o7.next != o9"
    assert render(Fresh("2.1")) == "new#2.1"


def test_kept_updates_are_the_identity() -> None:
    x = LocalLoc(1)
    assert kept(x, Var(x, INT)) and not kept(x, Var(LocalLoc(2), INT))
    assert not kept(x, Lit(0, INT)) and not kept(x, None)
