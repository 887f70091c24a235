"""The forward check of a witness decides ``aastore``'s type check (JVMS §6.5) in a concrete run:
the graph splits where an array's type is an upper bound (an array it did not create), but a
concrete array has its exact type and an object its exact class. A store that cannot fail gets no witness (it used to be
reported as an "inconclusive" finding that the JVM then refuted); one that must fail is
reached."""

from __future__ import annotations

from pathlib import Path

from javac import compile_java

from jhalt.analyses.exceptions import check_exceptions
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program

SOURCE = """public class StoreCheck {
    public static void safe(int n) {
        Object first = new Object();
        Object[] data = {first, new Object()};
        if (data[0] != first) {
            safe(n);
        }
    }

    public static void fails(int n) {
        Object[] numbers = new Integer[1];
        if (n > 3) {
            numbers[0] = new Object();
        }
    }
}
"""
ASE = "java.lang.ArrayStoreException"


def _check(tmp_path: Path, name: str):
    source = tmp_path / "StoreCheck.java"
    source.write_text(SOURCE)
    program = Program.from_spec(str(compile_java([source])))
    entry = MethodId("StoreCheck", name, "(I)V")
    return check_exceptions(program, entry, command_line=False, registry=default_registry())


def test_a_store_of_objects_into_an_object_array_has_no_witness(tmp_path: Path) -> None:
    # the array is made here as an Object[]: its type is exact, so the graph has no failing
    # case to refute (before, the graph split and the forward check refuted the candidates)
    report = _check(tmp_path, "safe")
    assert [f for f in report.findings if f.kind == ASE] == []
    refuted = [line for line in report.dropped if line.startswith(ASE)]
    assert all("ends elsewhere" in line for line in refuted), report.dropped


def test_a_store_of_an_object_into_an_integer_array_is_reached(tmp_path: Path) -> None:
    report = _check(tmp_path, "fails")
    (finding,) = [f for f in report.findings if f.kind == ASE]
    assert finding.witness.replay_detail == ""  # the forward check reached it: not "inconclusive"
    assert finding.witness.inputs["arguments"][0]["value"] > 3
