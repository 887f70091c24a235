"""A flaw past more loop iterations than the witness search unrolls (issue 34's ``OffByOne``):
when every candidate path is infeasible, one concrete run from default inputs is checked
forward (`jhalt.witness.search.backward.find_witness`'s probe), and it follows the program
wherever it goes.

* ``Fill.bad()`` writes ``a[i] = i`` for ``i = 0 … a.length`` over an array of 4: the fifth
  store (``i == 4``, line 6) throws ArrayIndexOutOfBoundsException — after four iterations,
  each a separate path of the graph per index (4^4 orders of them before the right one);
* ``Fill.good()`` stops at ``i < a.length``: no exception;
* ``Fill.late(n)`` throws only when ``n == 6`` after the loop: the witness gives ``n = 6``;
  defaults would not reach it, so this is the ordinary path search (the loop needs the same
  unrolling, so the probe must not hide a result the solver should find).
"""

from __future__ import annotations

import shutil

import pytest
from javac import compile_java

from jhalt.analyses.exceptions import check_exceptions
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.witness.inputs import ConcreteInputs, IntInput

SOURCE = """\
public class Fill {
    public int bad() {
        int[] a = new int[4];
        for (int i = 0; i <= a.length; i++) {
            a[i] = i;
        }
        return a[0];
    }

    public int good() {
        int[] a = new int[4];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        return a[0];
    }

    public int late(int n) {
        int[] a = new int[4];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        return 12 / (n - 6);
    }
}
"""
pytestmark = pytest.mark.skipif(shutil.which("javac") is None, reason="no javac on PATH")


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Program:
    source = tmp_path_factory.mktemp("fill") / "Fill.java"
    source.write_text(SOURCE)
    return Program.from_spec(str(compile_java([source])))


def _findings(program: Program, name: str, descriptor: str) -> list:
    report = check_exceptions(
        program, MethodId("Fill", name, descriptor), command_line=False,
        registry=default_registry(),
    )  # fmt: skip
    return list(report.findings)


def test_the_fifth_store_is_found_past_the_unrolling_bound(program: Program) -> None:
    (finding,) = _findings(program, "bad", "()I")
    assert finding.kind == "java.lang.ArrayIndexOutOfBoundsException"
    assert finding.location.line == 5  # a[i] = i with i == 4


def test_the_correct_loop_has_no_finding(program: Program) -> None:
    assert _findings(program, "good", "()I") == []


def test_an_input_after_the_loop_is_still_solved(program: Program) -> None:
    (finding,) = _findings(program, "late", "(I)I")
    assert finding.kind == "java.lang.ArithmeticException"
    inputs = ConcreteInputs.from_json(finding.witness.inputs)
    assert inputs.arguments == (IntInput(6),)
