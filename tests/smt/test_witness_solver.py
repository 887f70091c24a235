"""jhalt.smt.witness_solver: small integer values for a path's formulas (seed 000 §3)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jhalt.its.terms import LONG, Atom, Lit, Var, app
from jhalt.smt.witness_solver import PathFormula, solve_integers, variable_sort


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
