"""The z3 encodings of seed 000 §4.2 (jhalt.smt.nonterm): exact JVM arithmetic, Thm 8's ρ/σ
on hand-made loop systems, and the refusal of values the head does not determine."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
import z3

from jhalt.smt.nonterm import LoopPath, LoopSystem, NotEncodable, _Vars, encode_relation, in_recurrent_set, prove_nonlooping


@dataclass(frozen=True)
class Rel:
    op: str
    result: str | None
    args: tuple


def _value_of(op: str, left: int, right: int) -> int:
    variables = _Vars()
    term = encode_relation(Rel(op, "r", (left, right)), variables, "x")
    solver = z3.Solver()
    solver.add(term)
    assert solver.check() == z3.sat
    return solver.model().eval(variables.get("r", "x")).as_long()


@pytest.mark.parametrize(
    "op,left,right,expected",
    [("/", -7, 2, -3), ("%", -7, 2, -1), ("/", 7, -2, -3), ("%", 7, -2, 1), ("/", -7, -2, 3), ("%", -7, -2, -1)],
)
def test_division_truncates_toward_zero_as_the_jvm(op, left, right, expected) -> None:
    assert _value_of(op, left, right) == expected


def test_bit_operations_and_havoc_have_no_exact_encoding() -> None:
    assert encode_relation(Rel("&", "r", ("a", "b")), _Vars(), "x") is None
    assert encode_relation(Rel("havoc", "r", ("a",)), _Vars(), "x") is None
    assert encode_relation(Rel("float", "r", ("a",)), _Vars(), "x") is None


def _counter(step: int, guard: str = ">") -> LoopSystem:
    """while (x guard 0) x = x + step, head reference x, path value y."""
    path = LoopPath((Rel(guard, None, ("x", 0)),), (Rel("+", "y", ("x", step)),), (("x", "y"),))
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
    path = LoopPath((Rel(">", None, ("z", 0)),), (Rel("+", "y", ("x", 1)),), (("x", "y"),))
    with pytest.raises(NotEncodable):
        prove_nonlooping(LoopSystem(("x",), (("x", None, None),), (path,)))
