"""Java literals of witness values (`jhalt.witness.java_literals`): the exact forms compiled and
run on the JVM must give back the very type and bits, the string form the very UTF-16 units."""

from __future__ import annotations

import math
import struct
from pathlib import Path

import pytest

from jhalt.witness.inputs import FloatInput, IntInput
from jhalt.witness.java_literals import (
    boxed_literal,
    exact_literal,
    readable_literal,
    string_literal,
)
from tests.javac import compile_java, run_java


@pytest.mark.parametrize(
    ("text", "literal"),
    [
        ("plain ASCII ~", '"plain ASCII ~"'),
        ('q"b\\', '"q\\"b\\\\"'),
        ("l\nc\rt\tb\bf\f", '"l\\nc\\rt\\tb\\bf\\f"'),
        ("\x00\x1f\x7f", '"\\u0000\\u001f\\u007f"'),
        ("\u00e9\u4e2d", '"\\u00e9\\u4e2d"'),
        ("\U0001f600", '"\\ud83d\\ude00"'),  # a surrogate pair: two UTF-16 units
        ("\ud800", '"\\ud800"'),  # a lone surrogate is a legal Java char
        ("\\u0041", '"\\\\u0041"'),  # a backslash-u in the text must not become an escape
    ],
)
def test_string_literals(text: str, literal: str) -> None:
    assert string_literal(text) == literal


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (IntInput(5, "J"), "5L"),
        (IntInput(ord("x"), "C"), "'x'"),
        (IntInput(ord("'"), "C"), "'\\''"),
        (IntInput(0x263A, "C"), "'\\u263a'"),
        (IntInput(1, "Z"), "true"),
        (IntInput(-7, "I"), "-7"),
        (FloatInput(1.5, "F"), "1.5f"),
        (FloatInput(math.nan, "D"), "Double.NaN"),
        (FloatInput(-math.inf, "F"), "Float.NEGATIVE_INFINITY"),
    ],
)
def test_readable_literals_as_a_programmer_writes_them(
    value: IntInput | FloatInput, text: str
) -> None:
    assert readable_literal(value) == text


_EXTREMES = {"B": (-128, 127), "S": (-32768, 32767), "C": (0, 65535)}
_EXTREMES |= {"I": (-(2**31), 2**31 - 1), "J": (-(2**63), 2**63 - 1)}
_VALUES: list[IntInput | FloatInput] = [IntInput(0, "Z"), IntInput(1, "Z")]
_VALUES += [IntInput(v, t) for t, pair in _EXTREMES.items() for v in (*pair, 0, 3)]
_VALUES += [FloatInput(v, t) for t in "FD" for v in (-0.0, 0.1, math.inf, -math.inf, math.nan)]
_VALUES += [FloatInput(5e-324, "D"), FloatInput(1e-45, "F")]  # the smallest subnormals

_PROBE = """
public class LiteralProbe {
    static void e(boolean x) { System.out.println("Z " + (x ? 1 : 0)); }
    static void e(byte x) { System.out.println("B " + x); }
    static void e(short x) { System.out.println("S " + x); }
    static void e(char x) { System.out.println("C " + (int) x); }
    static void e(int x) { System.out.println("I " + x); }
    static void e(long x) { System.out.println("J " + x); }
    static void e(float x) { System.out.println("F " + Float.floatToRawIntBits(x)); }
    static void e(double x) { System.out.println("D " + Double.doubleToRawLongBits(x)); }
    static void o(Object x) { System.out.print(x.getClass().getSimpleName() + " "); }
    static void s(String x) {
        StringBuilder b = new StringBuilder("U");
        for (char c : x.toCharArray()) b.append(' ').append((int) c);
        System.out.println(b);
    }
    public static void main(String[] args) {
BODY
    }
}
"""


def _expected(value: IntInput | FloatInput) -> str:
    if isinstance(value, IntInput):
        return f"{value.type} {value.value}"
    if value.type == "F":
        return f"F {struct.unpack('>i', struct.pack('>f', value.value))[0]}"
    return f"D {struct.unpack('>q', struct.pack('>d', value.value))[0]}"


_WRAPPERS = dict(
    zip("ZBSCIJFD", ["Boolean", "Byte", "Short", "Character", "Integer", "Long", "Float", "Double"])
)


def test_exact_and_boxed_literals_give_back_type_and_bits_on_the_jvm(tmp_path: Path) -> None:
    texts = ['a"\\\n\u00e9\U0001f600\ud800', "", "\\u0041"]
    body = [
        f"        e({exact_literal(v)}); o({boxed_literal(v)}); e({exact_literal(v)});"
        for v in _VALUES
    ]
    body += [f"        s({string_literal(t)});" for t in texts]
    source = tmp_path / "LiteralProbe.java"
    source.write_text(_PROBE.replace("BODY", "\n".join(body)))
    run = run_java(compile_java(source), "LiteralProbe")
    expected: list[str] = []
    for value in _VALUES:
        expected += [_expected(value), f"{_WRAPPERS[value.type]} {_expected(value)}"]
    for text in texts:
        units = text.encode("utf-16-be", "surrogatepass")
        expected.append(
            " ".join(
                [
                    "U",
                    *(
                        str(int.from_bytes(units[i : i + 2], "big"))
                        for i in range(0, len(units), 2)
                    ),
                ]
            )
        )
    assert run.stdout.splitlines() == expected
