"""The z3 encodings of seed 000 §4.2 (jhalt.smt.nonterm): exact JVM arithmetic, Thm 8's ρ/σ
on hand-made loop systems, and the refusal of values the head does not determine."""

from __future__ import annotations

import pytest

from jhalt.its.terms import Atom
from jhalt.seg.labels import Operand, Relation
from jhalt.smt.nonterm import (
    LinearBound,
    LoopPath,
    LoopSystem,
    NotEncodable,
    cycle_model,
    formula_text,
    in_recurrent_set,
    prove_nonlooping,
)


def rel(op: str, result: str | None, args: tuple[Operand, ...]) -> Atom:
    """The formula of an SEG relation (`Relation.formula`)."""
    formula = Relation(op, result, args).formula()
    assert formula is not None
    return formula


def _value_of(op: str, left: int, right: int) -> int:
    model = cycle_model([[rel(op, "r", (left, right))]], [])
    assert model is not None
    return model["r"]


@pytest.mark.parametrize(
    "op,left,right,expected",
    [
        ("/", -7, 2, -3),
        ("%", -7, 2, -1),
        ("/", 7, -2, -3),
        ("%", 7, -2, 1),
        ("/", -7, -2, 3),
        ("%", -7, -2, -1),
    ],
)
def test_division_truncates_toward_zero_as_the_jvm(op, left, right, expected) -> None:
    assert _value_of(op, left, right) == expected


def test_bit_operations_have_no_exact_encoding_and_havoc_no_formula() -> None:
    path = LoopPath((rel(">", None, ("x", 0)),), (rel("&", "y", ("x", 1)),), (("x", "y"),))
    with pytest.raises(NotEncodable, match="relation y = x & 1 has no exact encoding"):
        prove_nonlooping(LoopSystem(("x",), (("x", None, None),), (path,)))
    assert Relation("havoc", "r", ("a",)).formula() is None
    assert Relation("float", "r", ("a",)).formula() is None
    assert Relation("ref==", None, ("a", "null")).formula() is None


def _counter(step: int, guard: str = ">") -> LoopSystem:
    """while (x guard 0) x = x + step, head reference x, path value y."""
    path = LoopPath((rel(guard, None, ("x", 0)),), (rel("+", "y", ("x", step)),), (("x", "y"),))
    return LoopSystem(("x",), (("x", None, None),), (path,))


def test_increasing_counter_above_zero_is_recurrent() -> None:
    answer = prove_nonlooping(_counter(1))
    assert answer.proved
    assert in_recurrent_set(_counter(1), {"x": 5})
    assert not in_recurrent_set(_counter(1), {"x": 0})


def test_decreasing_counter_is_not_proved() -> None:
    assert not prove_nonlooping(_counter(-1)).proved


def test_candidate_box_must_be_preserved() -> None:
    # while (x != 0) x = x - 2: recurrent for x <= -1, but not for x >= 1 (2 -> 0 stops)
    system = _counter(-2, "!=")
    assert not prove_nonlooping(system).proved
    assert prove_nonlooping(system, candidate=(("x", None, -1),)).proved
    assert not prove_nonlooping(system, candidate=(("x", 1, None),)).proved


def test_free_values_are_refused() -> None:
    # the path reads z, which the head does not determine (an unknown library result)
    path = LoopPath((rel(">", None, ("z", 0)),), (rel("+", "y", ("x", 1)),), (("x", "y"),))
    with pytest.raises(NotEncodable):
        prove_nonlooping(LoopSystem(("x",), (("x", None, None),), (path,)))


def _flip(grow: bool) -> LoopSystem:
    """while (x != 0) x = x > 0 ? -x - d : -x + d, with d = 1 (|x| grows) or d = -1 (shrinks)."""
    d = 1 if grow else -1
    positive = LoopPath(
        (rel("!=", None, ("x", 0)), rel(">", None, ("x", 0))),
        (rel("neg", "n", ("x",)), rel("-", "y", ("n", d))),
        (("x", "y"),),
    )
    negative = LoopPath(
        (rel("!=", None, ("x", 0)), rel("<", None, ("x", 0))),
        (rel("neg", "m", ("x",)), rel("+", "z", ("m", d))),
        (("x", "z"),),
    )
    return LoopSystem(("x",), (("x", None, None),), (positive, negative))


def test_alternating_sign_needs_two_iterations_as_one() -> None:
    # 3 -> -4 -> 5 -> ...: x >= 1 holds every second iteration only
    system = _flip(grow=True)
    assert not prove_nonlooping(system, candidate=(("x", 1, None),)).proved
    assert prove_nonlooping(system, candidate=(("x", 1, None),), unroll=2).proved
    assert in_recurrent_set(system, {"x": 3}, candidate=(("x", 1, None),))


def test_two_iterations_do_not_prove_a_shrinking_alternation() -> None:
    # 3 -> -2 -> 1 -> 0 stops: no invariant x >= c (c >= 1) is kept over two iterations
    system = _flip(grow=False)
    for low in (1, 3, 100):
        assert not prove_nonlooping(system, candidate=(("x", low, None),), unroll=2).proved


def _widening(step: int) -> LoopSystem:
    """while (i != 0) { if (i > w) i = i + 1; else i = 0; w = w + step } (head refs i, w)."""
    grows = LoopPath(
        (rel("!=", None, ("i", 0)), rel(">", None, ("i", "w"))),
        (rel("+", "i1", ("i", 1)), rel("+", "w1", ("w", step))),
        (("i", "i1"), ("w", "w1")),
    )
    stops = LoopPath(
        (rel("!=", None, ("i", 0)), rel("<=", None, ("i", "w"))),
        (rel("=", "i2", (0,)), rel("+", "w2", ("w", step))),
        (("i", "i2"), ("w", "w2")),
    )
    return LoopSystem(("i", "w"), (("i", None, None), ("w", None, None)), (grows, stops))


def test_relational_bound_proves_what_a_box_cannot() -> None:
    system = _widening(1)  # i - w stays 1 from (6, 5); (6, 9) is in the box but stops
    box = (("i", 6, None), ("w", 5, None))
    assert not prove_nonlooping(system, candidate=box).proved
    relation = LinearBound((("i", 1), ("w", -1)), 1, 1)
    assert prove_nonlooping(system, candidate=box + (relation,)).proved
    assert str(relation) == "i - w = 1"


def test_relational_bound_is_checked_not_trusted() -> None:
    system = _widening(2)  # i - w shrinks by 1 per iteration: every run stops
    relation = LinearBound((("i", 1), ("w", -1)), 1, None)
    assert not prove_nonlooping(system, candidate=(relation,)).proved
    assert not prove_nonlooping(system, candidate=(relation,), unroll=2).proved


def test_candidate_invariants_keep_each_direction() -> None:
    from jhalt.analyses.nontermination.guesses import candidate_invariants

    found = dict(candidate_invariants({"i": 8, "w": 7, "n": 6}, {"i": 6, "w": 5, "n": 6}))
    # i and w grew: i >= 8, w >= 7; n did not move: n = 6
    assert set(found["box"]) == {("i", 8, None), ("n", 6, 6), ("w", 7, None)}
    relations = {str(b) for b in found["octagon"] if isinstance(b, LinearBound)}
    assert relations == {"i - w = 1", "i + w ≥ 15"}


@pytest.mark.parametrize(
    "relation",
    [
        Relation("+", "y", ("x", 1)),
        Relation(">>>", "y", ("x", "s")),
        Relation("neg", "y", ("x",)),
        Relation("=", "y", (5,)),
        Relation("cmp", "y", ("a", "b")),
        Relation("len", "n", ("a",)),
        Relation("conv:B", "y", ("x",)),
        Relation("<=", None, ("x", 3)),
        Relation("!=", None, ("x", "z")),
    ],
)
def test_refusals_print_formulas_as_the_seg_prints_labels(relation: Relation) -> None:
    formula = relation.formula()
    assert formula is not None
    assert formula_text(formula) == str(relation)
