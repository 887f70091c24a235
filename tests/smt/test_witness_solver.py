"""jhalt.smt.witness_solver: small integer values for a path's formulas (seed 000 §3)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jhalt.its.terms import LONG, Atom, Lit, Var, app
from jhalt.smt.session import SatAnswer, SmtConfig
from jhalt.smt.witness_solver import PathFormula, solve_integers, solve_path, variable_sort


@dataclass
class Facts:
    atoms: list[Atom | None]
    int_types: dict[str, str] = field(default_factory=dict)
    intervals: list[tuple[str, int | None, int | None]] = field(default_factory=list)
    objects: dict[str, Any] = field(default_factory=dict)
    reads: list[tuple[str, str, str]] = field(default_factory=list)
    inputs: set[str] = field(default_factory=set)
    mentioned: tuple[str, ...] = ()

    @property
    def formulas(self) -> list[PathFormula]:
        return [(self.mentioned, None)] + [((), atom) for atom in self.atoms]


def test_division_needs_a_non_zero_divisor_and_truncates() -> None:
    quotient = Atom("eq", Var("q"), app("div", Lit(-7), Var("d")))
    facts = Facts([quotient, Atom("gt", Var("d"), Lit(-3)), Atom("lt", Var("d"), Lit(1))])
    facts.int_types = {"q": "I", "d": "I"}
    model = solve_integers(facts)
    assert model is not None
    assert model["d"] in (-2, -1)
    assert model["q"] == (3 if model["d"] == -2 else 7)


def test_long_shifts_use_sixty_four_bits() -> None:
    shifted = Atom("eq", Var("r", LONG), app("shl", Var("x", LONG), Lit(40), sort=LONG))
    facts = Facts([shifted, Atom("eq", Var("x", LONG), Lit(1))], int_types={"x": "J", "r": "J"})
    model = solve_integers(facts)
    assert model is not None and model["r"] == 1 << 40
    assert variable_sort(facts.int_types, "x") == LONG


def test_small_values_come_first_and_lengths_constrain_nothing() -> None:
    length = Atom("eq", Var("n"), app("len", Var("a")))
    facts = Facts([length, Atom("gt", Var("x"), Lit(2))], int_types={"x": "I", "n": "I"})
    facts.inputs = {"x"}
    model = solve_integers(facts)
    assert model is not None and model["x"] in (3, 4)


def test_every_mentioned_variable_gets_a_value() -> None:
    facts = Facts([None], int_types={"x": "I"}, mentioned=("x", 3, "o1", "?u", "null"))
    model = solve_integers(facts)
    assert model is not None and set(model) == {"x", "o1"}


def test_no_model_says_whether_none_exists_or_none_was_found_in_time() -> None:
    """A contradiction is UNSAT; a hard satisfiable product (x * y = a large semiprime) with a
    tiny resource limit is UNKNOWN — never reported as unsatisfiable (issue 19's notes)."""
    contradiction = Facts([Atom("gt", Var("x"), Lit(2)), Atom("lt", Var("x"), Lit(1))])
    contradiction.int_types = {"x": "I"}
    assert solve_path(contradiction) is SatAnswer.UNSAT
    semiprime = 1_000_003 * 999_983
    product = Atom("eq", app("mul", Var("x", LONG), Var("y", LONG), sort=LONG), Lit(semiprime))
    hard = Facts([product, Atom("gt", Var("x", LONG), Lit(1)), Atom("gt", Var("y", LONG), Lit(1))])
    hard.int_types = {"x": "J", "y": "J"}
    assert solve_path(hard, SmtConfig(rlimit=1)) is SatAnswer.UNKNOWN
