"""SmtSession, encoders, entailment and Farkas synthesis (jhalt.smt)."""

from __future__ import annotations

from fractions import Fraction

import pytest
import z3

from jhalt.its import Transition, eq, ge, gt, le, lt, var
from jhalt.smt.encode import Domain, LinearEncoder
from jhalt.smt.entailment import Validity, check_entailment, check_satisfiable
from jhalt.smt.farkas import synthesize_ranking
from jhalt.smt.session import SatAnswer, SmtConfig, SmtSession, fraction_of

x, y = var("x"), var("y")


def test_session_answers_and_models() -> None:
    session = SmtSession()
    a = z3.Int("a")
    session.add(a > 3, a < 5)
    assert session.check() is SatAnswer.SAT
    assert session.model().eval(a).as_long() == 4
    with session.scope():
        session.add(a > 4)
        assert session.check() is SatAnswer.UNSAT
        with pytest.raises(RuntimeError):
            session.model()
    assert session.check() is SatAnswer.SAT


def test_resource_limit_gives_unknown_deterministically() -> None:
    a, b = z3.Ints("a b")
    answers = []
    for _ in range(2):
        session = SmtSession(SmtConfig(rlimit=20_000))
        session.add(a * a * a + b * b * b == 33, a > 0)  # a hard non-linear problem
        answers.append(session.check())
    assert answers == [SatAnswer.UNKNOWN, SatAnswer.UNKNOWN]


def test_fraction_of_numerals() -> None:
    assert fraction_of(z3.RealVal("3/4")) == Fraction(3, 4)
    assert fraction_of(z3.IntVal(-7)) == -7
    with pytest.raises(ValueError):
        fraction_of(z3.Int("a"))


def test_encoder_respects_the_domain() -> None:
    # 0 < 2z < 2 has a rational solution (z = 1/2) but no integer one
    z = var("z")
    constraints = [gt(2 * z, 0), lt(2 * z, 2)]
    assert check_satisfiable(constraints, Domain.INTEGER) is SatAnswer.UNSAT
    encoder = LinearEncoder(Domain.RATIONAL)
    session = SmtSession()
    session.add(encoder.expr(2 * z) > 0, encoder.expr(2 * z) < 2)
    assert session.check() is SatAnswer.SAT
    assert 0 < encoder.valuation(session.model())["z"] < 1


def test_entailment_valid_invalid_with_counterexample() -> None:
    assert check_entailment([gt(x, 0), eq(y, x + 1)], gt(y, 1)).validity is Validity.VALID
    result = check_entailment([ge(x, 0)], gt(x, 0))
    assert result.validity is Validity.INVALID
    assert result.counterexample == {"x": 0}


def test_entailment_over_integers_versus_rationals() -> None:
    a, b = var("a"), var("b")
    premises = [eq(x, 2 * a), eq(y, 2 * b + 1), le(y, x)]  # x even, y odd, y <= x
    goal = le(y, x - 1)
    assert check_entailment(premises, goal, Domain.INTEGER).validity is Validity.VALID
    assert check_entailment(premises, goal, Domain.RATIONAL).validity is Validity.INVALID


def countdown() -> Transition:
    return Transition.from_updates("t", "l", "l", [gt(x, 0)], {"x": x - 1}, ["x", "y"])


def test_farkas_finds_an_integer_ranking_function_for_a_countdown() -> None:
    result = synthesize_ranking([countdown()], ["l"], ["x", "y"], {"t"})
    assert result.phases is not None
    (function,) = result.phases
    expr = function.at("l")
    assert all(c.denominator == 1 for _, c in expr.terms)
    # decreasing by >= 1 and bounded on every step x > 0, x' = x - 1 (checked by sampling)
    for value in range(1, 30):
        before = expr.evaluate({"x": value, "y": 0})
        after = expr.evaluate({"x": value - 1, "y": 0})
        assert before >= 0 and before - after >= 1


def test_farkas_finds_nothing_for_an_increasing_loop() -> None:
    up = Transition.from_updates("t", "l", "l", [gt(x, 0)], {"x": x + 1}, ["x", "y"])
    for depth in (1, 2, 3):
        result = synthesize_ranking([up], ["l"], ["x", "y"], {"t"}, depth)
        assert result.phases is None and result.answer is SatAnswer.UNSAT


def test_farkas_weak_transitions_are_only_non_increasing() -> None:
    keep = Transition.from_updates("k", "l", "l", [], {}, ["x", "y"])  # identity, unbounded
    result = synthesize_ranking([countdown(), keep], ["l"], ["x", "y"], {"t"})
    assert result.phases is not None
    with pytest.raises(ValueError):
        synthesize_ranking([countdown()], ["l"], ["x", "y"], {"t"}, depth=0)
