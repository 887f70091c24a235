"""The subtype index (`jhalt.program.subtype_index`, issue 36) answers exactly what the scan
(`jhalt.program.hierarchy.subtypes`) answers: the same known subtypes and the same
undetermined (class, missing class) pairs in the same order, for every class of a program
with missing supertypes on some branches, with and without the JDK classes."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

from jhalt.program import Program, hierarchy
from jhalt.program.subtype_index import PROGRAM_INDEX_KEY, indexed_subtypes

# ``Gone`` and ``GoneFace`` are deleted after compiling: ``Orphan`` (extends Gone) and
# ``Mixed`` (implements Face and GoneFace) have ancestries that cannot be decided fully;
# ``Mixed`` still reaches ``Face`` on a branch that is there. ``Leaf`` is final.
SOURCES = {
    "p/Face.java": "package p; public interface Face { }",
    "p/SubFace.java": "package p; public interface SubFace extends Face { }",
    "p/GoneFace.java": "package p; public interface GoneFace { }",
    "p/Gone.java": "package p; public class Gone { }",
    "p/Base.java": "package p; public class Base implements SubFace { }",
    "p/Middle.java": "package p; public class Middle extends Base implements Runnable {"
    " public void run() { } }",
    "p/Leaf.java": "package p; public final class Leaf extends Middle { }",
    "p/Orphan.java": "package p; public class Orphan extends Gone implements Face { }",
    "p/Mixed.java": "package p; public class Mixed implements Face, GoneFace { }",
    "p/Boom.java": "package p; public class Boom extends RuntimeException { }",
}

QUESTIONS = (
    "p/Face",
    "p/SubFace",
    "p/GoneFace",
    "p/Gone",
    "p/Base",
    "p/Middle",
    "p/Leaf",
    "p/Orphan",
    "p/Mixed",
    "p/Boom",
    "p/NeverWritten",
    "java/lang/Runnable",
    "java/lang/RuntimeException",
    "java/lang/Comparable",
    "java/lang/Object",
    "[Lp/Face;",
)


def _program(compile_java: Callable[..., Path], tmp_path: Path) -> Callable[[], Program]:
    copy = tmp_path / "classes"
    shutil.copytree(compile_java(SOURCES), copy)
    (copy / "p" / "Gone.class").unlink()
    (copy / "p" / "GoneFace.class").unlink()
    return lambda: Program.from_spec(str(copy))


def test_index_answers_as_the_scan(compile_java: Callable[..., Path], tmp_path: Path) -> None:
    fresh = _program(compile_java, tmp_path)
    scanned, indexed = fresh(), fresh()
    for include_library in (False, True):
        for name in QUESTIONS:
            expected = hierarchy.subtypes(scanned, name, include_library)
            assert indexed_subtypes(indexed, name, include_library) == expected, name


def test_index_answers_from_the_programs_classes(
    compile_java: Callable[..., Path], tmp_path: Path
) -> None:
    """The answers themselves, from the class declarations above."""
    program = _program(compile_java, tmp_path)()
    face = program.subtypes("p/Face")
    # Mixed and Orphan reach Face directly: known, whatever GoneFace and Gone are; no other
    # class meets a missing class
    assert face.known == ("p/Base", "p/Leaf", "p/Middle", "p/Mixed", "p/Orphan", "p/SubFace")
    assert face.undetermined == ()
    base = program.subtypes("p/Base")
    assert base.known == ("p/Leaf", "p/Middle")
    # Orphan (through Gone) and Mixed (through GoneFace) might extend Base
    assert base.undetermined == (("p/Mixed", "p/GoneFace"), ("p/Orphan", "p/Gone"))
    assert program.subtypes("p/Leaf") == hierarchy.SubtypeScan((), ())  # final: no subtypes
    assert "p/Middle" in program.subtypes("java/lang/Runnable", include_library=True).known


def test_index_is_built_once_and_taken_over(
    compile_java: Callable[..., Path], tmp_path: Path
) -> None:
    """A second program over the same classes that takes over the cache entry (as
    ``check --all``'s workers take over the shared facts) walks no class again."""
    fresh = _program(compile_java, tmp_path)
    first = fresh()
    first.subtypes("p/Face")
    second = fresh()
    second.cache[PROGRAM_INDEX_KEY] = first.cache[PROGRAM_INDEX_KEY]
    read: list[str] = []
    find = second.find

    def counted(name: str) -> object:
        read.append(name)
        return find(name)

    second.find = counted  # type: ignore[method-assign,assignment]
    assert second.subtypes("p/Face") == first.subtypes("p/Face")
    assert set(read) <= {"p/Face"}  # the question's own class, no candidate's ancestry
