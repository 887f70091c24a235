"""Class lookup: classpath first, then JDK descriptions, array classes; missing is missing."""

from __future__ import annotations

import glob

import pytest

from jhalt.classfile.model import Access, ClassFile
from jhalt.errors import MissingClassError
from jhalt.program import ClassKind, Program


def test_kinds_and_origins(shapes: Program) -> None:
    assert shapes.kind("Square") is ClassKind.PROGRAM
    assert shapes.kind("java/lang/String") is ClassKind.LIBRARY
    assert shapes.kind("[LSquare;") is ClassKind.ARRAY
    assert shapes.lookup("java/lang/String").origin.startswith("jdk 17")
    assert all(m.code is None for m in shapes.lookup("java/lang/String").methods)
    assert shapes.is_library("java/lang/Math") and not shapes.is_library("Square")


def test_missing_class_raises_with_the_name(shapes: Program) -> None:
    # java.util.concurrent has no class of this name in any JDK (the image is asked, too)
    with pytest.raises(
        MissingClassError, match=r"class not found: java\.util\.concurrent\.NoSuchMap"
    ):
        shapes.lookup("java/util/concurrent/NoSuchMap")
    assert shapes.find("java/util/concurrent/NoSuchMap") is None
    with pytest.raises(MissingClassError, match="class not found: NoSuchThing"):
        shapes.lookup("[[LNoSuchThing;")  # an array of a missing class names the element
    with pytest.raises(MissingClassError):
        shapes.kind("NoSuchThing")


def test_array_classes(shapes: Program) -> None:
    ints = shapes.lookup("[I")
    assert ints.super_name == "java/lang/Object"
    assert ints.interfaces == ("java/lang/Cloneable", "java/io/Serializable")
    assert ints.fields == ()
    assert ints.access & Access.PUBLIC and ints.access & Access.FINAL
    (clone,) = ints.methods
    assert (clone.name, clone.descriptor) == ("clone", "()Ljava/lang/Object;")
    assert clone.access & Access.PUBLIC
    # a package-private element class makes a package-private array class
    assert not shapes.lookup("[LSquare;").access & Access.PUBLIC
    assert shapes.find("[X") is None  # not a descriptor


def test_classpath_takes_precedence_over_descriptions() -> None:
    own_random = ClassFile(
        major_version=52,
        minor_version=0,
        access=Access.PUBLIC | Access.SUPER_OR_SYNCHRONIZED,
        name="java/util/Random",
        super_name="java/lang/Object",
        interfaces=(),
        fields=(),
        methods=(),
        constant_pool=(),
        origin="own",
    )
    program = Program.from_classes([own_random])
    assert program.lookup("java/util/Random").origin == "own"
    assert program.kind("java/util/Random") is ClassKind.PROGRAM
    assert "java/util/Random" not in program.library_class_names()
    assert not program.is_subtype("java/util/Random", "java/io/Serializable")  # the JDK's is


def test_required_descriptions_are_present(shapes: Program) -> None:
    required = [
        "java/lang/Object",
        "java/lang/String",
        "java/lang/StringBuilder",
        "java/lang/StringBuffer",
        "java/lang/CharSequence",
        "java/lang/Comparable",
        "java/lang/Iterable",
        "java/lang/AutoCloseable",
        "java/lang/Cloneable",
        "java/io/Serializable",
        "java/lang/Number",
        "java/lang/Integer",
        "java/lang/Long",
        "java/lang/Short",
        "java/lang/Byte",
        "java/lang/Character",
        "java/lang/Boolean",
        "java/lang/Float",
        "java/lang/Double",
        "java/lang/Math",
        "java/lang/StrictMath",
        "java/lang/System",
        "java/lang/Class",
        "java/lang/Throwable",
        "java/lang/Exception",
        "java/lang/Error",
        "java/lang/RuntimeException",
        "java/lang/NullPointerException",
        "java/lang/ArithmeticException",
        "java/lang/ArrayIndexOutOfBoundsException",
        "java/lang/IndexOutOfBoundsException",
        "java/lang/StringIndexOutOfBoundsException",
        "java/lang/NegativeArraySizeException",
        "java/lang/ClassCastException",
        "java/lang/ArrayStoreException",
        "java/lang/IllegalArgumentException",
        "java/lang/IllegalStateException",
        "java/lang/NumberFormatException",
        "java/lang/UnsupportedOperationException",
        "java/lang/IllegalMonitorStateException",
        "java/lang/StackOverflowError",
        "java/lang/OutOfMemoryError",
        "java/lang/AssertionError",
        "java/lang/reflect/Array",
        "java/util/Random",
        "java/util/Scanner",
        "java/util/Collection",
        "java/util/List",
        "java/util/Set",
        "java/util/Map",
        "java/util/Queue",
        "java/util/Deque",
        "java/util/Iterator",
        "java/util/NoSuchElementException",
        "java/util/ConcurrentModificationException",
    ]
    missing = [name for name in required if shapes.kind(name) is not ClassKind.LIBRARY]
    assert missing == []


def test_every_runtime_exception_of_java_lang_is_described(shapes: Program) -> None:
    described = set(shapes.subtypes("java/lang/RuntimeException", include_library=True).known)
    java_lang = {n for n in described if n.count("/") == 2 and n.startswith("java/lang/")}
    assert {
        "java/lang/NegativeArraySizeException",
        "java/lang/SecurityException",
        "java/lang/EnumConstantNotPresentException",
        "java/lang/IllegalCallerException",
    } <= java_lang


@pytest.mark.slow
def test_every_tpdb_reference_resolves() -> None:
    """Every field and method reference of every TPDB jar resolves (the benchmarks are
    consistent, javac-compiled programs: a failure is a bug in jhalt or a missing description)."""
    from jhalt.classfile.model import MemberRef
    from jhalt.program.resolution import resolve_field, resolve_method_ref

    jars = sorted(glob.glob("/work/shared/benchmarks/tpdb/**/*.jar", recursive=True))
    if not jars:
        pytest.skip("TPDB benchmarks not available")
    for jar in jars:
        program = Program.from_spec(jar)
        for name in program.program_class_names():
            for entry in program.lookup(name).constant_pool:
                if isinstance(entry, MemberRef):
                    if entry.kind == "field":
                        resolve_field(program, entry.owner, entry.name, entry.descriptor)
                    else:
                        resolve_method_ref(program, entry)
