"""Hierarchy questions on the shapes program; expected answers from JLS/JVM spec §6.5."""

from __future__ import annotations

import pytest

from jhalt.program import Program

OBJECT = "java/lang/Object"


def test_superclass_chain(shapes: Program) -> None:
    assert shapes.superclasses("Square") == ("Base", OBJECT)
    assert shapes.superclasses(OBJECT) == ()
    # an interface's superclass in the class file is Object (JVM spec §4.1)
    assert shapes.superclasses("Polygon") == (OBJECT,)


def test_superinterfaces_include_inherited_and_indirect(shapes: Program) -> None:
    assert set(shapes.superinterfaces("Square")) == {"Named", "Polygon", "Shape"}
    assert set(shapes.superinterfaces("Triangle")) == {"Polygon", "Shape"}
    assert shapes.superinterfaces("Shape") == ()
    assert set(shapes.superinterfaces("java/lang/String")) >= {
        "java/io/Serializable",
        "java/lang/Comparable",
        "java/lang/CharSequence",
    }


@pytest.mark.parametrize(
    ("sub", "sup", "expected"),
    [
        ("Square", "Base", True),
        ("Square", "Shape", True),
        ("Square", "Named", True),
        ("Triangle", "Named", False),
        ("Circle", "Polygon", False),
        ("Base", "Square", False),
        ("Polygon", "Shape", True),
        ("Shape", "Polygon", False),
        ("Shape", OBJECT, True),  # interface -> Object
        ("Shape", "Base", False),  # interface -> a class other than Object
        ("java/lang/Integer", "java/lang/Number", True),
        ("java/lang/Integer", "java/lang/Comparable", True),
        ("java/lang/ArithmeticException", "java/lang/RuntimeException", True),
        ("java/lang/StackOverflowError", "java/lang/Exception", False),
        # arrays (§6.5 checkcast, array cases)
        ("[LSquare;", "[LShape;", True),
        ("[LShape;", "[LSquare;", False),
        ("[I", "[I", True),
        ("[I", "[J", False),
        ("[I", OBJECT, True),
        ("[I", "java/lang/Cloneable", True),
        ("[I", "java/io/Serializable", True),
        ("[I", "Shape", False),
        ("[[I", "[Ljava/lang/Object;", True),  # int[] is an Object
        ("[[I", "[Ljava/lang/Cloneable;", True),
        ("[I", "[Ljava/lang/Object;", False),  # primitive elements are not Objects
        ("[[LSquare;", "[[LPolygon;", True),
        ("Square", "[LSquare;", False),
    ],
)
def test_is_subtype(shapes: Program, sub: str, sup: str, expected: bool) -> None:
    assert shapes.is_subtype(sub, sup) is expected


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("Square", "Triangle", "Base"),
        ("Square", "Base", "Base"),
        ("Square", "Circle", OBJECT),
        ("Square", "Shape", OBJECT),  # interfaces merge to Object in the verifier
        ("java/lang/Integer", "java/lang/Long", "java/lang/Number"),
        (
            "java/lang/ArithmeticException",
            "java/lang/NullPointerException",
            "java/lang/RuntimeException",
        ),
        ("[LSquare;", "[LTriangle;", "[LBase;"),
        ("[I", "[J", OBJECT),
        ("[I", "[I", "[I"),
        ("[I", "Square", OBJECT),
        ("[[I", "[Ljava/lang/String;", "[Ljava/lang/Object;"),
    ],
)
def test_common_superclass(shapes: Program, a: str, b: str, expected: str) -> None:
    assert shapes.common_superclass(a, b) == expected
    assert shapes.common_superclass(b, a) == expected


def test_subclasses_over_program_classes(shapes: Program) -> None:
    assert set(shapes.subclasses("Base")) == {"Square", "Triangle"}
    assert set(shapes.subclasses("Shape")) == {
        "Base",
        "Square",
        "Triangle",
        "Circle",
        "Polygon",
        "Hexagon",
    }
    assert shapes.subclasses("Circle") == ()
    # every classpath class is an Object
    assert set(shapes.subclasses(OBJECT)) == set(shapes.program_class_names())


def test_subtypes_can_include_library_classes(shapes: Program) -> None:
    scan = shapes.subtypes("java/lang/RuntimeException", include_library=True)
    assert {
        "java/lang/ArithmeticException",
        "java/lang/NullPointerException",
        "java/lang/ClassCastException",
        "java/lang/IndexOutOfBoundsException",
        "java/lang/ArrayIndexOutOfBoundsException",
        "java/util/NoSuchElementException",
    } <= set(scan.known)
    assert "java/lang/Error" not in scan.known
    assert scan.undetermined == ()
