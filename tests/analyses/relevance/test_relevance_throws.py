"""An opcode that may throw a relevant exception is relevant on every run (issue 18): whether
it throws is decided by its operands also where the graph knows them exactly and has no branch
on them — here ``x`` is known null on one path and a known object on the others, so the stores
that make it an object decide that ``x.more()`` does not throw."""

from __future__ import annotations

from pathlib import Path

from javac import compile_java

from jhalt.analyses.relevance import RelevanceConfig, analyse_relevance
from jhalt.analyses.relevance.obligations import Obligations
from jhalt.classfile import ClassPath
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program

SOURCE = """
public class TypeSwitchMain {
    static class A { boolean more() { return false; } A next() { return null; } }
    static class B extends A { boolean more() { return true; } A next() { return new A(); } }
    static class C extends B { A next() { return new B(); } }

    public static void main(String[] args) {
        A x = null;
        switch (args.length) {
            case 0: x = new A(); break;
            case 1: x = new B(); break;
            case 2: x = new C(); break;
        }
        while (x.more()) {
            x = x.next();
        }
    }
}
"""
MAIN = MethodId("TypeSwitchMain", "main", "([Ljava/lang/String;)V")


def _findings(tmp_path: Path, parts: str) -> list[int | None]:
    source = tmp_path / "TypeSwitchMain.java"
    source.write_text(SOURCE)
    program = Program(ClassPath.from_spec(str(compile_java(source))))
    config = RelevanceConfig(Obligations.of(parts))
    result = analyse_relevance(program, MAIN, default_registry(), config, lambda _: True)
    return [f.line for f in result.findings if f.method == MAIN]


def test_stores_that_decide_a_null_dereference_are_relevant(tmp_path: Path) -> None:
    """With three or more arguments x stays null and ``x.more()`` throws: the switch and the
    stores into x are relevant for the exception (before the fix all of them were reported)."""
    assert _findings(tmp_path, "exceptions") == []
    assert _findings(tmp_path, "all") == []


def test_the_same_code_is_irrelevant_when_only_the_value_matters(tmp_path: Path) -> None:
    """``main`` returns nothing: for its value alone the switch, the stores and the loop's
    update are irrelevant (the test above can fail: the analysis does report them)."""
    assert {9, 10, 11, 12, 15} <= set(_findings(tmp_path, "value"))
