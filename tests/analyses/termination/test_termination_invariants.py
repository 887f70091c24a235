"""Inductive invariants (`invariants`) and the split by predecessor (`chaining`) on small,
hand-built transition systems whose behaviour is clear from the arithmetic."""

from __future__ import annotations

from jhalt.analyses.termination.cutpoints import ENTRY, ComponentSystem, CutPoint
from jhalt.analyses.termination.invariants import Congruence, infer_invariants, strengthen
from jhalt.analyses.termination.processors.chaining import base_location, split_by_predecessor
from jhalt.analyses.termination.processors.ranking import prove_termination
from jhalt.its.linear import eq, ge, gt, le, lt, var
from jhalt.its.system import ITS, Transition

X, Y, N, UP = var("x"), var("y"), var("n"), var("up")


def system(variables, transitions, entries) -> ComponentSystem:
    its = ITS(tuple(variables), "n1", tuple(transitions))
    return ComponentSystem(
        frozenset({1}), (CutPoint(1, tuple(variables), ()),), its, 0, tuple(entries)
    )


def entry(*guard) -> Transition:
    return Transition("e0", ENTRY, "n1", tuple(guard))


def test_even_countdown_keeps_parity_and_sign_and_then_terminates():
    # x = 2k >= 0; while (x != 0) x -= 2   -- x >= 0 is inductive only together with parity
    loop = [
        Transition("t0", "n1", "n1", (gt(X, 0), eq(var("x'"), X - 2))),
        Transition("t1", "n1", "n1", (lt(X, 0), eq(var("x'"), X - 2))),
    ]
    sys_ = system(["x"], loop, [entry(eq(var("x'"), var("_k") * 2), ge(var("_k"), 0))])
    assert not prove_termination(sys_.its).proved  # x < 0 would run forever
    invariants = infer_invariants(sys_)
    facts = invariants.at("n1")
    assert ge(X, 0) in facts
    assert Congruence(X, 2, 0) in facts
    assert Congruence(X, 2, 1) not in facts
    assert prove_termination(strengthen(sys_.its, invariants)).proved


def test_odd_start_refutes_the_sign_invariant():
    # x odd and >= 1: x = 1 steps to -1, so x >= 0 is no invariant (and the loop is infinite)
    loop = [
        Transition("t0", "n1", "n1", (gt(X, 0), eq(var("x'"), X - 2))),
        Transition("t1", "n1", "n1", (lt(X, 0), eq(var("x'"), X - 2))),
    ]
    sys_ = system(["x"], loop, [entry(eq(var("x'"), var("_k") * 2 + 1), ge(var("_k"), 0))])
    invariants = infer_invariants(sys_)
    assert ge(X, 0) not in invariants.at("n1")
    assert not prove_termination(strengthen(sys_.its, invariants)).proved


def test_relational_invariant_from_the_entry():
    # x = 1, y = n + 1 >= 1; loop: x < y  ->  x' = x + 1: x <= y and x >= 1 hold at every visit
    loop = [Transition("t0", "n1", "n1", (lt(X, Y), eq(var("x'"), X + 1), eq(var("y'"), Y)))]
    sys_ = system(["x", "y"], loop, [entry(eq(var("x'"), 1), ge(var("y'"), 1))])
    facts = infer_invariants(sys_).at("n1")
    assert le(X, Y) in facts and ge(X, 1) in facts
    assert le(Y, X) not in facts  # fails at entry for y = 2


def test_no_entries_means_no_invariants():
    loop = [Transition("t0", "n1", "n1", (gt(X, 0), eq(var("x'"), X - 1)))]
    its = ITS(("x",), "n1", tuple(loop))
    sys_ = ComponentSystem(frozenset({1}), (CutPoint(1, ("x",), ()),), its, 0, None)
    assert infer_invariants(sys_).by_location == ()


def two_phase() -> ITS:
    # up: i < n -> i++ ; up: i >= n -> up := 0 ; down: i > 0 -> i--
    keep = [eq(var("n'"), N)]
    return ITS(("i", "n", "up"), "n1", (
        Transition("a", "n1", "n1", (eq(UP, 1), lt(var("i"), N), eq(var("i'"), var("i") + 1), eq(var("up'"), 1), *keep)),
        Transition("b", "n1", "n1", (eq(UP, 1), ge(var("i"), N), eq(var("i'"), var("i")), eq(var("up'"), 0), *keep)),
        Transition("c", "n1", "n1", (eq(UP, 0), gt(var("i"), 0), eq(var("i'"), var("i") - 1), eq(var("up'"), 0), *keep)),
    ))  # fmt: skip


def test_split_separates_phases_that_never_alternate():
    its = two_phase()
    split = split_by_predecessor(its)
    assert split is not None
    names = {t.name for t in split.transitions}
    assert {"a@a", "b@a", "c@b", "c@c"} <= names
    assert "a@c" not in names and "a@b" not in names  # up = 0 after b and c: a cannot follow
    assert {base_location(loc) for loc in split.locations} == {"n1"}
    assert prove_termination(split).proved


def test_split_keeps_alternating_transitions():
    # x > 0 -> x' = x - 1 (p) and x' = x + 1 (q) may alternate forever: every pair stays
    its = ITS(("x",), "n1", (
        Transition("p", "n1", "n1", (gt(X, 0), eq(var("x'"), X - 1))),
        Transition("q", "n1", "n1", (gt(X, 0), eq(var("x'"), X + 1))),
    ))  # fmt: skip
    split = split_by_predecessor(its)
    assert split is not None
    assert {t.name for t in split.transitions} == {"p@p", "p@q", "q@p", "q@q"}
    assert not prove_termination(split).proved
