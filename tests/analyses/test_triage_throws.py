"""Which exceptions a ``throws`` clause makes part of a method's contract (issue 34 item 1;
`jhalt.analyses.triage.precondition`).

A checked exception must be declared, so its ``throws`` clause documents it. An unchecked one
(a RuntimeException or Error) needs no clause: a broad ``throws Throwable`` or ``throws
Exception`` — the suite's ``bad() throws Throwable`` — says nothing about a
NullPointerException, while ``throws NullPointerException`` names it on purpose."""

from __future__ import annotations

from javac import compile_java

from jhalt.analyses.triage import constructible_classes, precondition
from jhalt.findings import Finding, SourceLocation, Witness
from jhalt.ids import MethodId
from jhalt.program import Program

CLAUSES = """
import java.io.IOException;

public class Clauses {
    public void broad(String s) throws Throwable { s.length(); }
    public void general(String s) throws Exception { s.length(); }
    public void named(String s) throws NullPointerException { s.length(); }
    public void io(String s) throws Exception { throw new IOException(s); }
    public void failing() throws Throwable { throw new AssertionError("no"); }
}

abstract class Shape {
    public Shape() {}
}
"""


def _finding(method: str, descriptor: str, kind: str) -> Finding:
    entry = MethodId("Clauses", method, descriptor)
    return Finding(kind, "", SourceLocation(entry, 2), entry, Witness())


def test_a_broad_throws_clause_documents_checked_exceptions_only(tmp_path) -> None:
    source = tmp_path / "Clauses.java"
    source.write_text(CLAUSES)
    program = Program.from_spec(str(compile_java(source)))
    npe, string = "java.lang.NullPointerException", "(Ljava/lang/String;)V"
    assert precondition(program, _finding("broad", string, npe)) is None
    assert precondition(program, _finding("general", string, npe)) is None
    assert precondition(program, _finding("failing", "()V", "java.lang.AssertionError")) is None
    named = precondition(program, _finding("named", string, npe))
    assert named == "declared: throws java.lang.NullPointerException"
    io = precondition(program, _finding("io", string, "java.io.IOException"))
    assert io == "declared: throws java.lang.Exception"
    # new Clauses() is a public call; the abstract Shape (package-private) is no receiver
    assert constructible_classes(program) == {"Clauses"}
