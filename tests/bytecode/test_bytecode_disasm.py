"""The human-readable disassembly used by ``jhalt disasm``."""

import re

from bytecode_testkit import compile_classes

from jhalt.report.disasm import render_class

SOURCE = """public class Dis {
    static int counter;
    static int sum(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }
    static int safeDiv(int a, int b) {
        try { return a / b; } catch (ArithmeticException e) { return -1; }
    }
    public static void main(String[] args) { System.out.println(sum(new int[] {1, 2})); }
}
"""


def _method_section(text: str, signature: str) -> list[str]:
    lines = text.splitlines()
    start = lines.index(signature)
    end = next((i for i in range(start + 1, len(lines)) if lines[i] == ""), len(lines))
    return lines[start + 1 : end]


def test_methods_lines_operands_and_loops_are_shown():
    text = render_class(compile_classes(SOURCE, release=17)["Dis"])
    assert text.startswith("class Dis\n")
    loop = _method_section(text, "static int sum(int[])")
    assert sum("loop head" in line for line in loop) == 1
    (back_edge,) = [line for line in loop if "back edge" in line]
    assert "goto" in back_edge  # javac closes a for loop with a goto to its condition
    # the head line after the marker carries the frame: a is int[], s and i are ints
    head = loop[[i for i, line in enumerate(loop) if "loop head" in line][0] + 1]
    assert "0:int[]" in head and "1:int" in head and "2:int" in head
    target = int(re.search(r"goto -> (\d+)", back_edge).group(1))
    assert back_edge.endswith(f"back edge to {target}") and head.split()[0] == str(target)
    body_line = next(line for line in loop if re.search(r"\bL6\b", line))  # s += a[i] is line 6
    assert "iload_1 (s)" in body_line
    assert any("iinc #2 (i) by 1" in line for line in loop)


def test_exception_table_and_handler_are_shown():
    text = render_class(compile_classes(SOURCE, release=17)["Dis"])
    section = _method_section(text, "static int safeDiv(int, int)")
    assert any("exception handler (java.lang.ArithmeticException)" in line for line in section)
    (row,) = [line for line in section if line.strip().startswith("[")]
    assert row.strip().endswith("java.lang.ArithmeticException")
    assert any("idiv" in line for line in section)


def test_members_and_arrays_are_readable():
    text = render_class(compile_classes(SOURCE, release=8)["Dis"])
    main = _method_section(text, "public static void main(java.lang.String[])")
    assert any("getstatic java.lang.System.out:Ljava/io/PrintStream;" in line for line in main)
    assert any("invokevirtual java.io.PrintStream.println(I)V" in line for line in main)
    assert any("newarray int[]" in line for line in main)
    assert any("invokestatic Dis.sum([I)I" in line for line in main)


def test_all_frames_option_shows_a_frame_on_every_instruction():
    cls = compile_classes(SOURCE, release=8)["Dis"]
    section = _method_section(render_class(cls, all_frames=True), "static int sum(int[])")
    code_lines = [line for line in section if re.match(r"\s+\d+\s", line)]
    assert code_lines and all("; locals {" in line for line in code_lines)
