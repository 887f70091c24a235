"""Field and method resolution (JVM spec §5.4.3.2-§5.4.3.4) and instruction linking (§6.5)."""

from __future__ import annotations

import pytest

from jhalt.classfile.model import MemberRef
from jhalt.errors import MissingClassError, UnsupportedError
from jhalt.ids import FieldId, MethodId
from jhalt.program import LinkageFailure, Program, link_field_instruction, link_invoke_instruction


def test_field_shadowing_resolves_to_nearest_declaration(shapes: Program) -> None:
    assert shapes.resolve_field("Square", "x", "I").id == FieldId("Square", "x", "I")
    assert shapes.resolve_field("Triangle", "x", "I").id == FieldId("Base", "x", "I")
    assert shapes.resolve_field("Square", "counter", "I").id == FieldId("Base", "counter", "I")


def test_field_descriptor_is_part_of_the_key(shapes: Program) -> None:
    with pytest.raises(LinkageFailure) as failure:
        shapes.resolve_field("Square", "x", "J")
    assert failure.value.error_class == "java/lang/NoSuchFieldError"


def test_field_lookup_searches_superinterfaces_before_superclass(shapes: Program) -> None:
    # Both extends Holder implements Consts; only one declares each name
    assert shapes.resolve_field("Both", "K", "I").owner == "Consts"
    assert shapes.resolve_field("Both", "f", "I").owner == "Holder"


def test_arrays_have_no_fields(shapes: Program) -> None:
    with pytest.raises(LinkageFailure) as failure:
        shapes.resolve_field("[I", "length", "I")
    assert failure.value.error_class == "java/lang/NoSuchFieldError"


def test_library_field(shapes: Program) -> None:
    resolved = shapes.resolve_field("java/lang/Integer", "MAX_VALUE", "I")
    assert resolved.is_static and resolved.field.constant_value == 2**31 - 1
    out = shapes.resolve_field("java/lang/System", "out", "Ljava/io/PrintStream;")
    assert out.owner == "java/lang/System"


def test_method_resolution_walks_superclasses_first(shapes: Program) -> None:
    assert shapes.resolve_method("Square", "area", "()D").id == MethodId("Base", "area", "()D")
    assert shapes.resolve_method("Square", "name", "()Ljava/lang/String;").owner == "Square"
    assert shapes.resolve_method("Square", "hashCode", "()I").owner == "java/lang/Object"


def test_method_resolution_uses_maximally_specific_default(shapes: Program) -> None:
    # Base declares no name(); Polygon.name overrides Shape.name: Polygon's is maximally specific
    resolved = shapes.resolve_method("Triangle", "name", "()Ljava/lang/String;")
    assert resolved.id == MethodId("Polygon", "name", "()Ljava/lang/String;")
    assert not resolved.is_abstract


def test_method_resolution_of_abstract_interface_method(shapes: Program) -> None:
    # Circle does not declare or inherit name() from a class; Shape.name is a default
    assert shapes.resolve_method("Circle", "name", "()Ljava/lang/String;").owner == "Shape"


def test_method_resolution_failures(shapes: Program) -> None:
    with pytest.raises(LinkageFailure) as missing:
        shapes.resolve_method("Square", "nothing", "()V")
    assert missing.value.error_class == "java/lang/NoSuchMethodError"
    assert str(missing.value) == "java.lang.NoSuchMethodError: Square.nothing()V"
    with pytest.raises(LinkageFailure) as wrong_kind:
        shapes.resolve_method("Shape", "area", "()D")
    assert wrong_kind.value.error_class == "java/lang/IncompatibleClassChangeError"
    with pytest.raises(LinkageFailure) as wrong_kind2:
        shapes.resolve_interface_method("Square", "area", "()D")
    assert wrong_kind2.value.error_class == "java/lang/IncompatibleClassChangeError"


def test_interface_method_resolution(shapes: Program) -> None:
    assert shapes.resolve_interface_method("Polygon", "area", "()D").owner == "Shape"
    assert (
        shapes.resolve_interface_method("Polygon", "name", "()Ljava/lang/String;").owner
        == "Polygon"
    )
    # public methods of Object are found for interfaces (§5.4.3.4 step 3) ...
    assert (
        shapes.resolve_interface_method("Shape", "toString", "()Ljava/lang/String;").owner
        == "java/lang/Object"
    )
    # ... protected ones are not
    with pytest.raises(LinkageFailure):
        shapes.resolve_interface_method("Shape", "clone", "()Ljava/lang/Object;")


def test_array_clone_is_public(shapes: Program) -> None:
    resolved = shapes.resolve_method("[I", "clone", "()Ljava/lang/Object;")
    assert resolved.owner == "[I" and not resolved.is_static
    assert shapes.resolve_method("[LSquare;", "hashCode", "()I").owner == "java/lang/Object"


def test_private_and_static_methods(shapes: Program) -> None:
    assert shapes.resolve_method("Base", "secret", "()I").is_private
    ref_static = MemberRef("method", "Square", "util", "()I")
    assert link_invoke_instruction(shapes, "invokestatic", ref_static).owner == "Base"
    with pytest.raises(LinkageFailure) as failure:
        link_invoke_instruction(shapes, "invokevirtual", ref_static)
    assert failure.value.error_class == "java/lang/IncompatibleClassChangeError"
    with pytest.raises(LinkageFailure):
        link_invoke_instruction(
            shapes, "invokestatic", MemberRef("method", "Square", "sides", "()I")
        )


def test_invokespecial_init_must_be_declared_by_referenced_class(shapes: Program) -> None:
    ok = link_invoke_instruction(
        shapes, "invokespecial", MemberRef("method", "Base", "<init>", "(Ljava/lang/String;)V")
    )
    assert ok.owner == "Base"
    with pytest.raises(LinkageFailure) as failure:
        link_invoke_instruction(
            shapes,
            "invokespecial",
            MemberRef("method", "Triangle", "<init>", "(Ljava/lang/String;)V"),
        )
    assert failure.value.error_class == "java/lang/NoSuchMethodError"


def test_field_instruction_static_checks(shapes: Program) -> None:
    counter = MemberRef("field", "Square", "counter", "I")
    assert link_field_instruction(shapes, "getstatic", counter).owner == "Base"
    with pytest.raises(LinkageFailure):
        link_field_instruction(shapes, "getfield", counter)
    with pytest.raises(LinkageFailure):
        link_field_instruction(shapes, "putstatic", MemberRef("field", "Square", "x", "I"))


def test_library_methods_resolve(shapes: Program) -> None:
    append = shapes.resolve_method(
        "java/lang/StringBuilder", "append", "(Ljava/lang/String;)Ljava/lang/StringBuilder;"
    )
    assert append.owner == "java/lang/StringBuilder"
    assert shapes.resolve_method("java/lang/String", "length", "()I").owner == "java/lang/String"
    assert shapes.resolve_method("java/lang/Math", "abs", "(I)I").is_static
    assert shapes.resolve_method(
        "java/lang/ArithmeticException", "getMessage", "()Ljava/lang/String;"
    ).owner == ("java/lang/Throwable")
    assert (
        shapes.resolve_interface_method("java/util/List", "size", "()I").owner == "java/util/List"
    )


def test_signature_polymorphic_is_unsupported(shapes: Program) -> None:
    with pytest.raises(UnsupportedError, match="signature-polymorphic"):
        shapes.resolve_method("java/lang/invoke/MethodHandle", "invoke", "(I)I")
    with pytest.raises(UnsupportedError):
        shapes.resolve_method("java/lang/invoke/MethodHandle", "invokeExact", "()V")
    # an ordinary MethodHandle method resolves
    assert shapes.resolve_method(
        "java/lang/invoke/MethodHandle", "type", "()Ljava/lang/invoke/MethodType;"
    )


def test_missing_owner_is_missing_not_no_such_method(shapes: Program) -> None:
    # no JDK has this class (java.util.concurrent.Flow itself is read from the JDK's image)
    with pytest.raises(MissingClassError, match="class not found: java.util.concurrent.NoFlow"):
        shapes.resolve_method("java/util/concurrent/NoFlow", "x", "()V")


def test_a_member_the_described_jdk_lacks_is_said_to_be_absent_in_that_release_only(
    shapes: Program,
) -> None:
    # List.getFirst() came with JDK 21 (SequencedCollection); jhalt describes JDK 17's List
    with pytest.raises(LinkageFailure) as missing:
        shapes.resolve_interface_method("java/util/List", "getFirst", "()Ljava/lang/Object;")
    assert missing.value.error_class == "java/lang/NoSuchMethodError"
    version = shapes.jdk.version
    assert str(missing.value) == (
        "java.lang.NoSuchMethodError: java.util.List.getFirst()Ljava/lang/Object; "
        f"(in JDK {version}, which jhalt describes; a newer JDK may have it)"
    )
