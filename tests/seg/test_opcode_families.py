"""Per opcode family: small compiled methods whose graphs must show the JVM semantics
(expected values come from Java semantics, JLS/JVMS)."""

from __future__ import annotations

import pytest
from seg_testkit import compile_source, graph_of, return_values

from jhalt.domains.intervals import Interval

SOURCE = """
public class Ops {
    static int X = 5;
    int f;

    static int divRem() { int a = 7; int b = 2; return a / b + a % b; }
    static int divUnknown(int x) { return 10 / x; }
    static int remTwo(int x) { return x % 2; }
    static int andOne(int x) { return x & 1; }
    static int shifts() { int a = -8; return (a >> 1) + (a << 2) + (8 >>> 2); }
    static long longs() { long a = 5L; long b = a * 3; return b - 1; }
    static int newArray() { int[] a = new int[3]; a[1] = 5; return a[1] + a.length; }
    static int arrayRead(int[] a, int i) { return a[i]; }
    static int field() { Ops o = new Ops(); o.f = 3; return o.f; }
    static int caught() { try { int[] a = null; return a.length; } catch (NullPointerException e) { return -1; } }
    static int staticField() { return X; }
    static int sw(int k) { switch (k) { case 1: return 10; case 2: return 20; default: return 0; } }
    static int fact(int n) { return n <= 0 ? 1 : n * fact(n - 1); }
    static int loopSum(int n) { int s = 0; for (int i = 0; i < n; i++) { s += i; } return s; }
    static int cast(Object o) { return ((String) o).length(); }
    static int dispatch(Shape s) { return s.area(); }
    static int narrow(int x) { byte b = (byte) x; return b; }
    static int narrowConst() { int x = 200; int y = 40000; byte b = (byte) x; short s = (short) y; return b + s; }
    static int ushrZero() { int a = -1; int d = 0; return a >>> d; }
}
interface Shape { int area(); }
class Square implements Shape { int side; public int area() { return side * side; } }
class Unit implements Shape { public int area() { return 1; } }
"""


@pytest.fixture(scope="module")
def classes(tmp_path_factory):
    return compile_source(tmp_path_factory.mktemp("ops"), "Ops", SOURCE)


def test_integer_division_and_remainder_are_exact_on_literals(classes):
    graph = graph_of(classes, "Ops", "divRem", "()I")
    assert return_values(graph) == [Interval.const(4)]  # 7/2 + 7%2 = 3 + 1


def test_division_by_unknown_splits_the_divisor(classes):
    graph = graph_of(classes, "Ops", "divUnknown", "(I)I")
    assert set(graph.ends.values()) == {"return", "java/lang/ArithmeticException"}
    cases = {l.case for _, l, _ in graph.refine_edges() if l.refinement == "integer"}
    assert len(cases) == 3  # x < 0, x == 0, x > 0
    values = return_values(graph)
    assert all(v.is_subset_of(Interval(-10, 10)) for v in values)
    assert any(v.contains(-10) for v in values) and any(v.contains(10) for v in values)


@pytest.mark.parametrize(
    "method, expected", [("remTwo", Interval(-1, 1)), ("andOne", Interval(0, 1))]
)
def test_unknown_operands_keep_sound_facts(classes, method, expected):
    graph = graph_of(classes, "Ops", method, "(I)I")
    values = return_values(graph)
    assert values and all(v.is_subset_of(expected) for v in values)
    ops = {c.op for _, l, _ in graph.eval_edges() for c in l.constraints if c.result is not None}
    assert ops & {"%", "&"}


def test_shifts_are_exact_on_literals(classes):
    graph = graph_of(classes, "Ops", "shifts", "()I")
    assert return_values(graph) == [Interval.const((-8 >> 1) + (-8 << 2) + (8 >> 2))]


def test_narrowing_and_unsigned_shift_of_literals_follow_java(classes):
    """i2b/i2s keep the low 8/16 bits as a signed value; ``x >>> 0`` is x (JVMS §6.5)."""
    graph = graph_of(classes, "Ops", "narrowConst", "()I")
    assert return_values(graph) == [Interval.const(-56 + -25536)]
    graph = graph_of(classes, "Ops", "ushrZero", "()I")
    assert return_values(graph) == [Interval.const(-1)]


def test_long_arithmetic(classes):
    graph = graph_of(classes, "Ops", "longs", "()J")
    assert return_values(graph, "lreturn") == [Interval.const(14)]


def test_new_array_keeps_small_literal_arrays_exact(classes):
    graph = graph_of(classes, "Ops", "newArray", "()I")
    assert return_values(graph) == [Interval.const(8)]
    assert set(graph.ends.values()) == {"return"}


def test_array_read_checks_null_and_bounds(classes):
    graph = graph_of(classes, "Ops", "arrayRead", "([II)I")
    assert set(graph.ends.values()) == {
        "return",
        "java/lang/NullPointerException",
        "java/lang/ArrayIndexOutOfBoundsException",
    }
    loads = [
        l
        for _, l, _ in graph.eval_edges()
        if l.mnemonic == "iaload" and any(c.op == "[]" for c in l.constraints)
    ]
    assert loads
    for label in loads:
        checks = {(c.op, c.args[1]) for c in label.constraints if c.is_check}
        assert (">=", 0) in checks and any(op == "<" for op, _ in checks)


def test_fields_of_new_objects(classes):
    graph = graph_of(classes, "Ops", "field", "()I")
    assert return_values(graph) == [Interval.const(3)]


def test_implicit_exception_is_caught_by_handler(classes):
    graph = graph_of(classes, "Ops", "caught", "()I")
    assert set(graph.ends.values()) == {"return"}
    assert return_values(graph) == [Interval.const(-1)]


def test_static_initialiser_runs_for_main_style_entry(tmp_path):
    classes = compile_source(
        tmp_path,
        "Init",
        """
        public class Init {
            static int X = 2 + 3;
            public static void main(String[] a) { int y = X; if (y != 5) { throw new IllegalStateException(); } }
        }
    """,
    )
    graph = graph_of(classes, "Init")
    assert graph.is_complete
    assert set(graph.ends.values()) == {"return"}


def test_switch_refines_the_key(classes):
    graph = graph_of(classes, "Ops", "sw", "(I)I")
    assert {(v.lo, v.hi) for v in return_values(graph)} == {(0, 0), (10, 10), (20, 20)}


def test_recursion_enters_a_call_context(classes):
    """fact(n) calls itself: the recursive call is one edge into a call context (the callee's
    frame alone), closed by an instance edge at its entry, so the graph is finite and
    complete; the context's returns are not program ends."""
    graph = graph_of(classes, "Ops", "fact", "(I)I")
    assert graph.is_complete
    entering = [(s, t) for s, label, t in graph.eval_edges() if label.enters_call]
    assert entering
    assert all(len(graph.states[t].frames) == 1 for _, t in entering)
    assert graph.cycles_have_eval_edges()
    assert graph.context_ends and not set(graph.context_ends) & set(graph.exception_ends())


def test_loop_graph_is_finite(classes):
    graph = graph_of(classes, "Ops", "loopSum", "(I)I")
    assert graph.is_complete and graph.instance_edges() and graph.cycles_have_eval_edges()


def test_checkcast_of_unknown_object(classes):
    graph = graph_of(classes, "Ops", "cast", "(Ljava/lang/Object;)I")
    assert "java/lang/ClassCastException" in graph.ends.values()
    assert "java/lang/NullPointerException" in graph.ends.values()


def test_virtual_call_refines_receiver_type(classes):
    graph = graph_of(classes, "Ops", "dispatch", "(LShape;)I")
    cases = {l.case for _, l, _ in graph.refine_edges() if l.refinement == "type"}
    assert {"Square", "Unit"} <= cases
    called = {
        l.position.method.class_name for _, l, _ in graph.eval_edges() if l.mnemonic == "ireturn"
    }
    assert {"Square", "Unit"} <= called


def test_narrowing_conversion(classes):
    graph = graph_of(classes, "Ops", "narrow", "(I)I")
    assert all(v.is_subset_of(Interval(-128, 127)) for v in return_values(graph))


def test_unknown_library_call_is_marked(tmp_path):
    classes = compile_source(
        tmp_path,
        "Lib",
        """
        public class Lib {
            public static void main(String[] a) { System.out.println(a.length); }
        }
    """,
    )
    graph = graph_of(classes, "Lib")
    assert graph.is_complete
    assert any("PrintStream.println" in a for a in graph.assumptions())
    assert graph.assumption_nodes()


def test_string_concatenation_and_lambda(tmp_path):
    classes = compile_source(
        tmp_path,
        "Indy",
        """
        public class Indy {
            public static void main(String[] a) { String s = "n=" + a.length; Runnable r = () -> {}; r.run(); }
        }
    """,
        release=11,
    )
    graph = graph_of(classes, "Indy")
    # the lambda object's class is spun from its call site and its run() evaluated
    assert graph.is_complete
    spun = {s.position.method.class_name for s in graph.states.values() if s.frames}
    assert "Indy$$Lambda$1" in spun
    assert sum(l.mnemonic == "invokedynamic" for _, l, _ in graph.eval_edges()) == 2
