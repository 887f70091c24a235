"""Issue 21, item 2: library and arithmetic facts the analysis relies on, checked against the
JVM: floating-point division and remainder by zero throw nothing; ``/`` and ``%`` on ``int`` and
``long`` by zero throw ``ArithmeticException``; ``System.exit``, ``Runtime.exit`` and
``Runtime.halt`` end the program without an exception (nothing after them runs);
``Runtime.getRuntime()`` is never null. Each fact is one method of ``Facts``, run on the JVM
(``java Facts <method>``) and given to the graph builder as an entry."""

from __future__ import annotations

from pathlib import Path

import pytest
from javac import compile_java, run_java

from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import build_graph

SOURCE = """
public class Facts {
    static int zeroInt() { return Integer.parseInt("0"); }

    public static void floatDivision() {
        float f = 1.0f / 0.0f;
        double d = -1.0 / 0.0;
        double r = 5.0 % 0.0;
        float z = 0.0f / 0.0f;
        System.out.println(f + " " + d + " " + r + " " + z);
    }

    public static void intDivision(int zero) { System.out.println(7 / zero); }

    public static void intRemainder(int zero) { System.out.println(7 % zero); }

    public static void longDivision(long zero) { System.out.println(7L / zero); }

    public static void longRemainder(long zero) { System.out.println(7L % zero); }

    public static void exit() {
        System.exit(3);
        throw new IllegalStateException("after exit");
    }

    public static void runtimeExit() {
        Runtime.getRuntime().exit(4);
        throw new IllegalStateException("after Runtime.exit");
    }

    public static void halt() {
        Runtime.getRuntime().halt(5);
        throw new IllegalStateException("after halt");
    }

    public static void runtime() {
        if (Runtime.getRuntime() == null) {
            throw new IllegalStateException("no runtime");
        }
    }

    public static void main(String[] args) throws Exception {
        String name = args[0];
        if (name.endsWith("Division") && !name.startsWith("float") || name.endsWith("Remainder")) {
            boolean isLong = name.startsWith("long");
            Facts.class.getMethod(name, isLong ? long.class : int.class)
                .invoke(null, isLong ? (Object) 0L : (Object) 0);
        } else {
            Facts.class.getMethod(name).invoke(null);
        }
    }
}
"""
# method -> (descriptor, exit code on the JVM, exception thrown on the JVM or None)
FACTS = {
    "floatDivision": ("()V", 0, None),
    "intDivision": ("(I)V", 1, "java.lang.ArithmeticException"),
    "intRemainder": ("(I)V", 1, "java.lang.ArithmeticException"),
    "longDivision": ("(J)V", 1, "java.lang.ArithmeticException"),
    "longRemainder": ("(J)V", 1, "java.lang.ArithmeticException"),
    "exit": ("()V", 3, None),
    "runtimeExit": ("()V", 4, None),
    "halt": ("()V", 5, None),
    "runtime": ("()V", 0, None),
}


@pytest.fixture(scope="module")
def classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = tmp_path_factory.mktemp("facts") / "Facts.java"
    source.write_text(SOURCE)
    return compile_java(source)


@pytest.mark.parametrize("name", sorted(FACTS))
def test_fact_holds_on_the_jvm_and_in_the_graph(classes: Path, name: str) -> None:
    descriptor, code, exception = FACTS[name]
    run = run_java(classes, "Facts", [name])
    assert run.status == code, run.stderr
    assert (exception in run.stderr) if exception else ("Exception" not in run.stderr)
    graph = build_graph(
        Program.from_spec(str(classes)), MethodId("Facts", name, descriptor), default_registry()
    )
    assert graph.incomplete == ()
    thrown = set(graph.exception_ends(contexts=True).values())
    expected = {exception.replace(".", "/")} if exception else set()
    assert thrown == expected
