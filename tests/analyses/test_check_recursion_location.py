"""`jhalt check` locates an infinite recursion at the call by which it recurses — where the
JVM's stack trace of the StackOverflowError points, frame after frame — not at the first line
of the recursive method (issue 34: findings at the line a developer must look at).

``Depth.depth(n)`` returns at ``n == 0`` (line 4) and otherwise calls ``depth(n - 1)`` (line
5): from a negative ``n`` it never reaches 0. ``Depth.bad()`` and ``Depth.main`` start it at -1;
``Depth.good()`` starts at 3 and ends. The finding is an infinite recursion of ``depth``
located at line 5; its path is the entry's call of ``depth`` (line 9 in ``bad``, 17 in
``main``), then the method's lines (3 to 5). (The graph prover's location
of a recursion is tested in tests/analyses/nonterm/test_recursion.py.)
"""

from __future__ import annotations

import shutil

import pytest
from javac import compile_java

from jhalt.analyses.check import check_entry
from jhalt.budget import Budget
from jhalt.findings import NON_TERMINATION
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program

SOURCE = """\
public class Depth {
    private static int depth(int n) {
        int one = 1;
        if (n == 0) return 0;
        return one + depth(n - 1);
    }

    public int bad() {
        return depth(-1);
    }

    public int good() {
        return depth(3);
    }

    public static void main(String[] args) {
        System.out.println(depth(-1));
    }
}
"""
pytestmark = pytest.mark.skipif(shutil.which("javac") is None, reason="no javac on PATH")


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Program:
    source = tmp_path_factory.mktemp("depth") / "Depth.java"
    source.write_text(SOURCE)
    return Program.from_spec(str(compile_java([source])))


@pytest.mark.parametrize(
    ("name", "descriptor", "command_line", "call_line"),
    [("bad", "()I", False, 9), ("main", "([Ljava/lang/String;)V", True, 17)],
)
def test_a_recursion_is_located_at_its_recursive_call(
    program: Program, name: str, descriptor: str, command_line: bool, call_line: int
) -> None:
    report = check_entry(
        program, MethodId("Depth", name, descriptor), command_line=command_line,
        registry=default_registry(), budget=Budget(30.0),
    )  # fmt: skip
    (finding,) = [f for f in report.findings if f.kind == NON_TERMINATION.name]
    assert finding.location.method == MethodId("Depth", "depth", "(I)I")
    assert finding.location.line == 5
    assert "recursion" in finding.message
    # the call chain first — the entry's call of depth(-1) — then the method's lines: 3 to 5
    assert [(step.method.name, step.line) for step in finding.path] == [
        (name, call_line),
        ("depth", 3),
        ("depth", 5),
    ]


def test_a_recursion_that_ends_has_no_finding(program: Program) -> None:
    report = check_entry(
        program, MethodId("Depth", "good", "()I"), command_line=False,
        registry=default_registry(), budget=Budget(30.0),
    )  # fmt: skip
    assert not report.findings
