"""`Relation.formula`: SEG labels as formulas of the one integer term language
(jhalt.its.terms), through one table of label operations."""

from __future__ import annotations

import pytest

from jhalt.its.terms import LONG, App, Atom, Lit, Term, Var, holds
from jhalt.seg.labels import TERM_OPS, Operand, Relation, check, compute


def test_a_check_is_a_comparison() -> None:
    assert check("<=", "i1", 3).formula() == Atom("le", Var("i1"), Lit(3))
    assert check("!=", "i1", "i2").formula() == Atom("ne", Var("i1"), Var("i2"))


def test_a_computation_is_an_equation_with_its_result() -> None:
    assert compute("+", "i3", "i1", 1).formula() == Atom(
        "eq", Var("i3"), App("add", (Var("i1"), Lit(1)))
    )
    assert compute("conv:B", "i4", "i3").formula() == Atom(
        "eq", Var("i4"), App("conv:B", (Var("i3"),))
    )


@pytest.mark.parametrize(
    "op,args,result,expected",
    [
        ("/", (-7, 2), "q", -3),
        ("%", (-7, 2), "q", -1),
        (">>>", (-8, 1), "q", 2147483644),
        ("cmp", (3, 9), "q", -1),
        ("neg", (5,), "q", -5),
    ],
)
def test_formulas_mean_what_the_jvm_computes(op, args, result, expected) -> None:
    formula = compute(op, result, *args).formula()
    assert formula is not None
    assert holds(formula, {result: expected})


def test_operations_without_integer_meaning_have_no_formula() -> None:
    assert compute("havoc", "i1", "i0").formula() is None
    assert compute("float", "f1", "i0").formula() is None
    assert compute("[]", "i1", "a0", "i0").formula() is None
    assert check("ref==", "o1", "null").formula() is None
    assert Relation("+", "i1", ("i0",)).formula() is None  # wrong arity


def test_the_operand_map_decides_terms_and_sorts() -> None:
    def operand(value: Operand) -> Term | None:
        if isinstance(value, int):
            return Lit(value, LONG)
        return None if value.startswith("?") else Var(value, LONG)

    assert compute("<<", "j2", "j1", 3).formula(operand) == Atom(
        "eq", Var("j2", LONG), App("shl", (Var("j1", LONG), Lit(3, LONG)), LONG)
    )
    assert compute("+", "j2", "?j1", 3).formula(operand) is None
    assert compute("+", "?j2", "j1", 3).formula(operand) is None


def test_every_label_operation_maps_to_a_term_operation() -> None:
    assert set(TERM_OPS) == {
        "+", "-", "*", "/", "%", "neg", "<<", ">>", ">>>", "&", "|", "^", "=",
        "conv:B", "conv:C", "conv:S", "conv:I", "cmp", "len",
    }  # fmt: skip
