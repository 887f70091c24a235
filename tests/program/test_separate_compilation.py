"""Linkage outcomes that only inconsistent (separately compiled) classes show, each checked
against the real JVM: conflicting defaults, missing implementations, package-private
overriding across packages (JVM spec §5.4.5, §5.4.6, §6.5), and missing classes."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from program_java import run_java

from jhalt.errors import MissingClassError
from jhalt.program import LinkageFailure, Program

CONFLICT_V1 = {
    "A.java": 'interface A { default String m() { return "A"; } }',
    "B.java": "interface B { }",
    "C.java": "class C implements A, B { }",
    "Main.java": "public class Main { public static void main(String[] a) { C c = new C();"
    ' try { System.out.println(c.m()); } catch (Throwable t) { System.out.println("virtual: " + t); }'
    ' A x = c; try { System.out.println(x.m()); } catch (Throwable t) { System.out.println("interface: " + t); } } }',
}
CONFLICT_V2 = {"B.java": 'interface B { default String m() { return "B"; } }'}

ABSTRACT_V1 = {"I.java": "interface I { }", "D.java": "class D implements I { }"}
ABSTRACT_V2 = {
    "I.java": "interface I { String m(); }",
    "Main.java": "public class Main { public static void main(String[] a) { I x = new D(); System.out.println(x.m()); } }",
}

PACKAGES = {
    "p1/A.java": 'package p1; public class A { String m() { return "A"; } public static String call(A a) { return a.m(); } }',
    "p2/B.java": 'package p2; public class B extends p1.A { String m() { return "B"; } }',
    "p1/C.java": 'package p1; public class C extends p2.B { String m() { return "C"; } }',
    "Main.java": "public class Main { public static void main(String[] a) { "
    'System.out.println("B:" + p1.A.call(new p2.B()) + " C:" + p1.A.call(new p1.C())); } }',
}


def _two_versions(compile_java: Callable[..., Path], v1: dict[str, str], v2: dict[str, str]) -> str:
    old = compile_java(v1)
    new = compile_java(v2, str(old))
    return f"{new}:{old}"


def test_conflicting_default_methods(compile_java: Callable[..., Path]) -> None:
    classpath = _two_versions(compile_java, CONFLICT_V1, CONFLICT_V2)
    program = Program.from_spec(classpath)
    # invokevirtual C.m resolves (§5.4.3.3 step 3: two non-abstract maximally specific
    # methods, so "any" superinterface method) and then fails in selection
    via_class = program.resolve_method("C", "m", "()Ljava/lang/String;")
    assert via_class.owner in ("A", "B")
    with pytest.raises(LinkageFailure, match="conflicting default methods"):
        program.select_method("C", via_class)
    resolved = program.resolve_interface_method("A", "m", "()Ljava/lang/String;")
    with pytest.raises(LinkageFailure) as failure:
        program.select_method("C", resolved)
    assert failure.value.error_class == "java/lang/IncompatibleClassChangeError"
    candidates = program.dispatch_candidates("A", "m", "()Ljava/lang/String;")
    assert [(r, e) for r, e, _ in candidates.failures] == [
        ("C", "java/lang/IncompatibleClassChangeError")
    ]


def test_missing_implementation(compile_java: Callable[..., Path]) -> None:
    program = Program.from_spec(_two_versions(compile_java, ABSTRACT_V1, ABSTRACT_V2))
    resolved = program.resolve_interface_method("I", "m", "()Ljava/lang/String;")
    with pytest.raises(LinkageFailure) as failure:
        program.select_method("D", resolved)
    assert failure.value.error_class == "java/lang/AbstractMethodError"


def test_package_private_overriding_across_packages(program_of: Callable[..., Program]) -> None:
    program = program_of(PACKAGES)
    resolved = program.resolve_method("p1/A", "m", "()Ljava/lang/String;")
    # p2.B.m is in another run-time package: it does not override p1.A.m (§5.4.5)
    assert program.select_method("p2/B", resolved).owner == "p1/A"
    # p1.C.m is in A's package: it overrides A.m
    assert program.select_method("p1/C", resolved).owner == "p1/C"


@pytest.mark.jvm
def test_linkage_outcomes_agree_with_the_jvm(compile_java: Callable[..., Path]) -> None:
    conflict = run_java(_two_versions(compile_java, CONFLICT_V1, CONFLICT_V2), "Main")
    assert "virtual: java.lang.IncompatibleClassChangeError" in conflict
    # JVM spec §6.5 invokeinterface says IncompatibleClassChangeError too; HotSpot before
    # JDK 25 throws AbstractMethodError there (JDK-8356942, openjdk/jdk#26122)
    assert (
        "interface: java.lang.IncompatibleClassChangeError" in conflict
        or "interface: java.lang.AbstractMethodError" in conflict
    )
    assert "AbstractMethodError" in run_java(
        _two_versions(compile_java, ABSTRACT_V1, ABSTRACT_V2), "Main"
    )
    assert "B:A C:C" in run_java(compile_java(PACKAGES), "Main")


def test_missing_superclass(compile_java: Callable[..., Path], tmp_path: Path) -> None:
    compiled = compile_java(
        {
            "Top.java": "class Top { }",
            "Sub.java": "class Sub extends Top { }",
            "Other.java": "class Other { }",
        }
    )
    copy = tmp_path / "classes"
    shutil.copytree(compiled, copy)
    (copy / "Top.class").unlink()
    program = Program.from_spec(str(copy))
    assert program.lookup("Sub").super_name == "Top"  # the class itself is there
    with pytest.raises(MissingClassError, match="class not found: Top") as missing:
        program.superclasses("Sub")
    assert missing.value.class_name == "Top"
    with pytest.raises(MissingClassError):
        program.is_subtype("Sub", "Other")
    # every class is an Object, whatever its missing superclass
    assert program.subclasses("java/lang/Object") == ("Other", "Sub")
    # but whether Sub is an Other depends on Top
    scan = program.subtypes("Other")
    assert scan.known == () and scan.undetermined == (("Sub", "Top"),)
    with pytest.raises(MissingClassError):
        program.subclasses("Other")
    candidates = program.dispatch_candidates("Other", "hashCode", "()I")
    assert candidates.open_reasons  # Sub might be an Other: the answer says so
