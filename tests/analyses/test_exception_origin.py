"""A rethrown exception is located where it was raised first (issue 34 item 2;
`jhalt.analyses.exception_origin`), without running anything: the JVM's stack trace names the
line that made the exception object, and so must the finding.

``Rethrows`` (line numbers in the comments):

* ``viaFinally`` — ``badSink`` writes ``a[5]`` (line 4) inside ``try … finally``: the finally
  handler throws the same object again; the finding is at line 4, in ``badSink``;
* ``inPlace`` — the bad write is in the entry itself (line 13), again inside ``try … finally``;
* ``wrapped`` — the handler throws a *new* exception (line 22): that object is made there, so
  the finding stays at line 22;
* ``twice`` — the same object thrown again by a catch and by an outer finally: line 4;
* ``viaHelper`` — ``throw problem(…)`` throws an exception the helper made (line 34): there;
* ``stored`` — an exception made at line 42 and thrown at line 44: line 42.
"""

from __future__ import annotations

from javac import compile_java

from jhalt.analyses.exceptions import check_exceptions
from jhalt.classfile import ClassPath
from jhalt.ids import MethodId
from jhalt.program import Program

RETHROWS = """\
public class Rethrows {
    static int sink;
    private static void badSink(int[] a, int i) {
        a[i] = 1;
    }
    public static void viaFinally() {
        int[] a = new int[5];
        try { badSink(a, 5); } finally { sink++; }
    }
    public static void inPlace() {
        int[] a = new int[5];
        try {
            a[5] = 1;
        } finally {
            sink++;
        }
    }
    public static void wrapped() {
        int[] a = new int[5];
        try { badSink(a, 5); } catch (RuntimeException e) {
            sink++;
            throw new IllegalStateException("wrapped", e);
        }
    }
    public static void twice() {
        int[] a = new int[5];
        try {
            try { badSink(a, 9); } catch (RuntimeException e) { sink++; throw e; }
        } finally {
            sink--;
        }
    }
    private static RuntimeException problem(String why) {
        return new IllegalStateException(why);
    }
    public static void viaHelper(int x) {
        if (x > 3) {
            throw problem("too big");
        }
    }
    public static void stored() {
        RuntimeException early = new UnsupportedOperationException("later");
        sink++;
        throw early;
    }
}
"""


def _located(
    program: Program, name: str, descriptor: str = "()V"
) -> list[tuple[str, str, int | None]]:
    report = check_exceptions(program, MethodId("Rethrows", name, descriptor))
    return [(f.kind, f.location.method.name, f.location.line) for f in report.findings]


def test_a_rethrown_exception_is_located_where_it_was_made(tmp_path) -> None:
    source = tmp_path / "Rethrows.java"
    source.write_text(RETHROWS)
    program = Program(ClassPath.from_spec(str(compile_java(source))))
    bounds = "java.lang.ArrayIndexOutOfBoundsException"
    assert _located(program, "viaFinally") == [(bounds, "badSink", 4)]
    assert _located(program, "inPlace") == [(bounds, "inPlace", 13)]
    assert _located(program, "wrapped") == [("java.lang.IllegalStateException", "wrapped", 22)]
    assert _located(program, "twice") == [(bounds, "badSink", 4)]
    illegal, unsupported = (
        "java.lang.IllegalStateException",
        "java.lang.UnsupportedOperationException",
    )
    assert _located(program, "viaHelper", "(I)V") == [(illegal, "problem", 34)]
    assert _located(program, "stored") == [(unsupported, "stored", 42)]
    (finding,) = check_exceptions(program, MethodId("Rethrows", "viaFinally", "()V")).findings
    # the path is the call chain into the throwing line, ending there
    assert [(step.method.name, step.line) for step in finding.path] == [
        ("viaFinally", 7),
        ("viaFinally", 8),
        ("badSink", 4),
    ]
