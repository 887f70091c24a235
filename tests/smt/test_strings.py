"""jhalt.smt.strings: the content relations of a path (`jhalt.its.contents`) as z3 sequences —
each encoding against Java's own answer for the values the model picks."""

from __future__ import annotations

from dataclasses import dataclass

import z3

from jhalt.its import contents as c
from jhalt.smt.strings import StringEncoder, relevant


@dataclass(frozen=True)
class Rel:
    op: str
    result: str | None
    args: tuple[str | int, ...]


def _text(text: str) -> tuple[int, ...]:
    units = c.code_units(text)
    return (c.TEXT, len(units), *units)


def _solve(relations: list[Rel], *extra: z3.BoolRef) -> tuple[dict[str, int], dict[str, str]]:
    integers: dict[str, z3.ArithRef] = {}

    def integer(operand: str | int) -> z3.ArithRef:
        if isinstance(operand, int):
            return z3.IntVal(operand)
        return integers.setdefault(operand, z3.Int(operand))

    encoder = StringEncoder(integer)
    for index in relevant(relations):
        encoder.add(relations[index])
    solver = z3.Solver()
    solver.add(*encoder.constraints, *(e(integers) for e in extra))  # type: ignore[operator]
    assert solver.check() == z3.sat
    model = solver.model()
    values = {n: model.eval(t, model_completion=True).as_long() for n, t in integers.items()}
    return values, encoder.values(model)


def test_only_what_a_condition_reads_is_encoded() -> None:
    printed = [Rel(c.JOIN, "s", _text("hello")), Rel(c.JOIN, "t", (c.STRING, "s", *_text("!")))]
    assert relevant(printed) == []
    read = [*printed, Rel(c.CHAR_AT, "ch", ("t", 5))]
    assert relevant(read) == [0, 1, 2]


def test_char_at_of_a_concatenation() -> None:
    relations = [
        Rel(c.JOIN, "t", (c.STRING, "s", *_text("!"), c.DECIMAL, "n")),
        Rel(c.CHAR_AT, "ch", ("t", 2)),
        Rel(c.EQUALS, "b", ("t", "u")),
        Rel(c.JOIN, "u", _text("ab!-7")),
    ]
    values, texts = _solve(relations, lambda v: v["b"] == 1)
    assert texts["s"] == "ab" and values["n"] == -7 and values["ch"] == ord("!")


def test_compare_to_is_javas() -> None:
    relations = [Rel(c.COMPARE, "r", ("a", "b")), Rel(c.JOIN, "b", _text("abc"))]
    for wanted in (-2, 5, 0, -3):
        values, texts = _solve(relations, lambda v, w=wanted: v["r"] == w)  # type: ignore[misc]
        first, second = texts["a"], "abc"
        java = next(
            (ord(x) - ord(y) for x, y in zip(first, second) if x != y), len(first) - len(second)
        )
        assert java == wanted, (first, wanted)


def test_parse_int_and_its_number_format_exception() -> None:
    parsed = [Rel(c.PARSE, "n", ("s", -(2**31), 2**31 - 1))]
    values, texts = _solve(parsed, lambda v: v["n"] == -(2**31))
    assert int(texts["s"]) == -(2**31)
    failing = [Rel(c.NO_PARSE, None, ("s", -(2**31), 2**31 - 1)), Rel(c.STARTS, "p", ("s", "d"))]
    failing.append(Rel(c.JOIN, "d", _text("2147483648")))
    values, texts = _solve(failing, lambda v: v["p"] == 1)
    assert texts["s"].startswith("2147483648")  # out of range, or not only digits


def test_builders_take_one_content_per_change() -> None:
    relations = [
        Rel(c.SET, None, ("sb", *_text("x"))),
        Rel(c.APPEND, None, ("sb", c.CHAR, "ch")),
        Rel(
            c.JOIN,
            "t",
            (
                c.STRING,
                "sb",
            ),
        ),
        Rel(c.CHANGE, None, ("sb",)),
        Rel(c.APPEND, None, ("sb", *_text("z"))),
        Rel(
            c.JOIN,
            "u",
            (
                c.STRING,
                "sb",
            ),
        ),
        Rel(c.INDEX, "k", ("t", "y")),
        Rel(c.JOIN, "y", _text("q")),
        Rel(c.LAST_INDEX_CHAR, "m", ("u", ord("z"))),
    ]
    values, texts = _solve(relations, lambda v: v["k"] == 1)
    assert texts["t"] == "xq" and values["ch"] == ord("q")
    assert texts["u"].endswith("z") and values["m"] == len(texts["u"]) - 1
