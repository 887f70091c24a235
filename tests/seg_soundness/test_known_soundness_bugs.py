"""Regression tests: minimal programs whose Symbolic Execution Graph once failed to simulate a
concrete run (found by the corpus/TPDB sweeps: heap stores that lost sharing or cyclicity).
A newly found counterexample goes here as a strict xfail naming the cause until it is fixed."""

from __future__ import annotations

from pathlib import Path

from javac import compile_java
from soundness_kit import MAIN, TEST_LIMITS, registry

from jhalt.ids import MethodId
from jhalt.program import Program
from jhalt.seg.builder import build_graph
from jhalt.seg.concrete_run import run_concrete
from jhalt.seg.context import EvalContext
from jhalt.seg.simulation import check_simulation


def _simulated(tmp_path: Path, name: str, body: str, arguments: tuple[int, ...]) -> None:
    source = tmp_path / f"{name}.java"
    source.write_text(f"public class {name} {{\n{body}\n}}\n")
    program = Program.from_spec(str(compile_java(source)))
    entry = MethodId(name, "main", MAIN)
    graph = build_graph(program, entry, registry(), TEST_LIMITS)
    run = run_concrete(program, entry, arguments, registry())
    result = check_simulation(
        graph, run, EvalContext(program, registry()).hierarchy, tolerate_self_joins=True
    )
    assert result.sound, result.failure


def test_copying_arguments_into_an_unrepresented_array(tmp_path: Path) -> None:
    body = """
    public static void main(String[] args) {
        String[] copy = new String[args.length + 20];
        for (int i = 0; i < args.length; i++) copy[i] = args[i];
    }
    """
    _simulated(tmp_path, "CopyArgs", body, (1,))


def test_closing_a_cyclic_list(tmp_path: Path) -> None:
    body = """
    static class Node { Node next; Node(Node n) { next = n; } }
    public static void main(String[] args) {
        Node last = new Node(null);
        Node current = last;
        int x = args.length;
        while (--x > 0) current = new Node(current);
        last.next = current;
        Node walk = current;
        for (int i = 0; i < 5; i++) walk = walk.next;
    }
    """
    _simulated(tmp_path, "CloseCycle", body, (0, 0, 0))


def test_an_argument_array_stored_in_a_field_next_to_fresh_objects(tmp_path: Path) -> None:
    body = """
    static class A { int val; }
    static class B extends A { }
    static class H { Object obj; A a; }
    public static void main(String[] args) {
        H h = new H();
        int k = 0;
        for (int i = 0; i < args.length; i++) {
            int l = args[i].length();
            A n = (l > 2) ? new B() : new A();
            if (l > 1) h.obj = n; else h.obj = args;
            if (l > 0) h.a = n;
        }
        if (h.a != null) h.a.val = 5;
        if (h.obj instanceof A && ((A) h.obj).val == 5) k += 2;
    }
    """
    _simulated(tmp_path, "ArgsInField", body, (1, 3, 5))
