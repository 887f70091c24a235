"""Classes whose ancestry holds an undescribed JDK class (issue 19: guava's own annotation
types extend ``java.lang.annotation.Annotation``, not in the bundled descriptions) do not
make the subtypes of the program's classes undetermined: a ``java.*`` class is defined by
the boot loader and cannot extend a class-path class. A missing class outside ``java/``
still leaves the answer open (it might extend anything).

These JDK classes are read from the installed JDK's runtime image now (issue 33); the tests of
the pruning use the descriptions alone, as a run without a readable image does."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from seg_testkit import compile_source, graph_of

from jhalt.classfile import ClassPath
from jhalt.program import JdkLibrary, Program, jdk_descriptions

SOURCE = """
public class Lib {
    @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
    @interface Marker {}

    static class Node { int value; }
    static class Leaf extends Node {}
    static class Task implements java.util.concurrent.Future<String> {
        public boolean cancel(boolean b) { return false; }
        public boolean isCancelled() { return false; }
        public boolean isDone() { return true; }
        public String get() { return ""; }
        public String get(long t, java.util.concurrent.TimeUnit u) { return ""; }
    }
    static class Outside extends Helper {}

    @Marker
    public static int read(Node node) { return 10 / node.value; }
}
class Helper {}
"""

UNDESCRIBED = ("java/lang/annotation/Annotation", "java/util/concurrent/Future")
DESCRIBED_ONLY = JdkLibrary(jdk_descriptions(), None, "no image (the test asks for none)")


@pytest.fixture(scope="module")
def classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_source(tmp_path_factory.mktemp("lib"), "Lib", SOURCE)


def test_the_jdk_classes_are_undescribed(classes: Path) -> None:
    program = Program(ClassPath.from_spec(str(classes)), DESCRIBED_ONLY)
    assert all(program.find(name) is None for name in UNDESCRIBED)


def test_subtypes_of_a_program_class_are_decided(classes: Path) -> None:
    program = Program(ClassPath.from_spec(str(classes)), DESCRIBED_ONLY)
    scan = program.subtypes("Lib$Node")
    assert scan.known == ("Lib$Leaf",)
    assert scan.undetermined == ()


def test_a_missing_class_outside_java_leaves_them_open(classes: Path, tmp_path: Path) -> None:
    copy = tmp_path / "classes"
    shutil.copytree(classes, copy)
    (copy / "Helper.class").unlink()  # Helper might extend Node for all we know
    program = Program(ClassPath.from_spec(str(copy)), DESCRIBED_ONLY)
    scan = program.subtypes("Lib$Node")
    assert scan.known == ("Lib$Leaf",)
    assert scan.undetermined == (("Lib$Outside", "Helper"),)


def test_a_jdk_type_keeps_its_undescribed_subtypes_open(classes: Path) -> None:
    program = Program(ClassPath.from_spec(str(classes)), DESCRIBED_ONLY)
    scan = program.subtypes("java/lang/Object")
    assert ("Lib$Task", "java/util/concurrent/Future") in scan.undetermined or (
        "Lib$Task" in scan.known
    )
    # whether Task is a Runnable depends on what Future extends: not decided by a guess
    assert "Lib$Task" not in program.subtypes("java/lang/Runnable").known


def test_a_field_access_is_explored(classes: Path) -> None:
    graph = graph_of(classes, "Lib", "read", "(LLib$Node;)I")
    assert graph.is_complete, graph.incomplete
    assert "java/lang/ArithmeticException" in set(graph.ends.values())
