"""The SMT-LIB text encodings used for speed (entailment, satisfiability, Houdini checks) decide
exactly what the term encodings decide: a differential test on random small integer problems."""

from __future__ import annotations

import random

import z3

from jhalt.its.linear import LinearConstraint, LinearExpr, Relation, normalize
from jhalt.smt.encode import Domain, LinearEncoder
from jhalt.smt.entailment import Validity, check_entailment, check_satisfiable
from jhalt.smt.inductive import InductivenessChecker
from jhalt.smt.session import SatAnswer, SmtConfig, SmtSession

NAMES = ["x", "y'", "sz(o1)", "o2.val", "_i3"]


def random_constraint(rng: random.Random) -> LinearConstraint:
    coefficients = {n: rng.randint(-3, 3) for n in rng.sample(NAMES, rng.randint(1, 3))}
    relation = Relation.EQ if rng.random() < 0.2 else Relation.LE
    return normalize(LinearExpr.of(coefficients, rng.randint(-5, 5)), relation)


def satisfiable_by_terms(constraints: list[LinearConstraint]) -> SatAnswer:
    encoder = LinearEncoder(Domain.INTEGER)
    session = SmtSession(SmtConfig(), "QF_LIA")
    session.add(encoder.conjunction(constraints))
    return session.check()


def test_text_and_term_encodings_agree_on_random_problems():
    rng = random.Random(6)
    for _ in range(150):
        constraints = [random_constraint(rng) for _ in range(rng.randint(1, 5))]
        goal = random_constraint(rng)
        assert check_satisfiable(constraints) is satisfiable_by_terms(constraints)
        result = check_entailment(constraints, goal)
        negated = (
            satisfiable_by_terms(constraints + [normalize(-goal.expr + 1, Relation.LE)])
            if goal.relation is Relation.LE
            else None
        )
        if negated is not None:
            assert (result.validity is Validity.VALID) == (negated is SatAnswer.UNSAT)
        if result.validity is Validity.INVALID:
            assert result.counterexample is not None
            values = {n: result.counterexample.get(n, 0) for n in NAMES}
            assert all(c.holds(values) for c in constraints) and not goal.holds(values)


def test_houdini_survivors_hold_after_the_transition():
    rng = random.Random(7)
    for _ in range(60):
        guard = [random_constraint(rng) for _ in range(rng.randint(1, 4))]
        goals = list(dict.fromkeys(random_constraint(rng) for _ in range(4)))
        kept = InductivenessChecker(SmtConfig()).surviving(guard, [], goals)
        assert kept is not None
        for goal in goals:
            entailed = check_entailment(guard, goal).validity is Validity.VALID
            assert (goal in kept) == entailed, (guard, goal)


def test_quoted_symbols_name_the_same_constants():
    assert str(z3.Int("sz(o1)")) == "sz(o1)"
