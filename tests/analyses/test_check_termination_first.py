"""`check` tries a termination proof of the entry's graph before its non-termination searches
and skips them when it holds (issue 36: on a three-class program, an interface and two
implementations, those searches of a loop that ends took most of `check`'s 23–28 s).
Expectations come from the Java program below."""

from __future__ import annotations

from pathlib import Path

import pytest
from javac import compile_java

from jhalt.analyses import check
from jhalt.budget import Budget
from jhalt.findings import NON_TERMINATION
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program

SHAPE = "public interface Shape { int area(); }"
SQUARE = """
public class Square implements Shape {
    private final int side;
    public Square(int side) { this.side = side; }
    public int area() { return side * side; }
}
"""
RECT = """
public class Rect implements Shape {
    private final int w, h;
    public Rect(int w, int h) { this.w = w; this.h = h; }
    public int area() { return w * h; }

    // ten iterations whichever shape: terminates for every input
    public static void main(String[] args) {
        Shape s = args.length > 0 ? new Square(args.length) : new Rect(2, 3);
        int total = 0;
        for (int i = 0; i < 10; i++) total += s.area();
        System.out.println(total);
    }
}
"""
SPIN = """
public class Spin {
    // both shapes have a positive area and nothing in the loop changes it: never ends
    public static void main(String[] args) {
        Shape s = args.length > 0 ? new Square(args.length) : new Rect(2, 3);
        int total = 0;
        while (s.area() > 0) total++;
        System.out.println(total);
    }
}
"""

MAIN = "([Ljava/lang/String;)V"


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Program:
    directory: Path = tmp_path_factory.mktemp("shapes")
    sources = []
    for name, text in (("Shape", SHAPE), ("Square", SQUARE), ("Rect", RECT), ("Spin", SPIN)):
        sources.append(directory / f"{name}.java")
        sources[-1].write_text(text)
    return Program.from_spec(str(compile_java(sources)))


def _check(program: Program, cls: str) -> check.ExceptionReport:
    return check.check_entry(
        program, MethodId(cls, "main", MAIN), command_line=True,
        registry=default_registry(), budget=Budget(60.0),
    )  # fmt: skip


def test_a_proved_loop_is_not_searched_for_non_termination(
    program: Program, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_search(*_: object, **__: object) -> None:
        raise AssertionError("a non-termination search ran on a proved graph")

    monkeypatch.setattr(check, "search_nontermination", no_search)
    monkeypatch.setattr(check, "find_recurrent_nontermination", no_search)
    report = _check(program, "Rect")
    assert report.stats.get("terminates") == 1
    assert not report.findings


def test_a_loop_that_never_ends_is_still_found(program: Program) -> None:
    report = _check(program, "Spin")
    assert "terminates" not in report.stats
    assert [f.kind for f in report.findings] == [NON_TERMINATION.name]
