"""The aggregated registry, and the Object/exception/System/reflection models."""

from __future__ import annotations

import pytest
from model_testkit import Builder, represented

from jhalt.domains.intervals import Interval
from jhalt.domains.values import NULL, ArrayValue, InstanceValue
from jhalt.ids import MethodId
from jhalt.models import default_registry, exceptions, objects, reflection, system
from jhalt.models.exceptions import DETAIL_MESSAGE
from jhalt.models.objects import represented_type
from jhalt.program import jdk_descriptions
from jhalt.program.jdk_library import jdk_library
from jhalt.seg.library import Exits, Returns

REQUIRED = [
    ("java/lang/Object", "<init>", "()V"),
    ("java/lang/Object", "equals", "(Ljava/lang/Object;)Z"),
    ("java/lang/Object", "hashCode", "()I"),
    ("java/lang/Object", "getClass", "()Ljava/lang/Class;"),
    ("java/lang/String", "length", "()I"),
    ("java/lang/String", "charAt", "(I)C"),
    ("java/lang/String", "equals", "(Ljava/lang/Object;)Z"),
    ("java/lang/String", "valueOf", "(I)Ljava/lang/String;"),
    ("java/lang/String", "concat", "(Ljava/lang/String;)Ljava/lang/String;"),
    ("java/lang/StringBuilder", "append", "(I)Ljava/lang/StringBuilder;"),
    ("java/lang/StringBuilder", "append", "(Ljava/lang/String;)Ljava/lang/StringBuilder;"),
    ("java/lang/StringBuilder", "toString", "()Ljava/lang/String;"),
    ("java/lang/Integer", "valueOf", "(I)Ljava/lang/Integer;"),
    ("java/lang/Integer", "parseInt", "(Ljava/lang/String;)I"),
    ("java/lang/Long", "valueOf", "(J)Ljava/lang/Long;"),
    ("java/lang/Long", "parseLong", "(Ljava/lang/String;)J"),
    ("java/lang/Math", "max", "(II)I"),
    ("java/lang/Math", "min", "(JJ)J"),
    ("java/lang/Math", "abs", "(I)I"),
    ("java/lang/RuntimeException", "<init>", "(Ljava/lang/String;)V"),
    ("java/lang/IllegalArgumentException", "<init>", "()V"),
    ("java/lang/System", "arraycopy", "(Ljava/lang/Object;ILjava/lang/Object;II)V"),
    ("java/lang/reflect/Array", "newInstance", "(Ljava/lang/Class;I)Ljava/lang/Object;"),
    ("java/lang/Class", "getComponentType", "()Ljava/lang/Class;"),
]


def test_every_required_method_has_a_model() -> None:
    registry = default_registry()
    for class_name, name, descriptor in REQUIRED:
        assert MethodId(class_name, name, descriptor) in registry, (class_name, name, descriptor)
    assert registry.lookup(
        MethodId(
            "java/lang/invoke/StringConcatFactory",
            "makeConcatWithConstants",
            "(I)Ljava/lang/String;",
        )
    )


def test_every_registered_method_exists_in_jdk_17() -> None:
    # the bundled descriptions, else the installed JDK's image (JDK 17 on this project's
    # machines) when it can be read: java.io.File and the private ArrayList$Itr are not bundled
    jdk = jdk_descriptions()
    library = jdk_library()
    for method in default_registry().methods():
        described = jdk.find(method.class_name)
        if described is None:
            if library.image is None:
                continue  # no image to check against
            described = library.find(method.class_name)
        assert described is not None, method
        assert described.method(method.name, method.descriptor) is not None, method


def test_registering_twice_raises() -> None:
    registry = default_registry()
    with pytest.raises(ValueError):
        objects.register(registry)
    with pytest.raises(ValueError):
        default_registry().register_class("java/lang/Math", objects.init)


def test_object_equals_is_identity_and_get_class_knows_exact_types() -> None:
    builder = Builder()
    a = builder.value(InstanceValue("Foo", ()))
    b = builder.value(InstanceValue("Foo", ()))
    call = builder.call("java/lang/Object", "equals", "(Ljava/lang/Object;)Z", a, b)
    assert represented(objects.equals(call), {}, ("returns", 0))
    assert not represented(objects.equals(call), {}, ("returns", 1))
    same = builder.call("java/lang/Object", "equals", "(Ljava/lang/Object;)Z", a, a)
    assert represented(objects.equals(same), {}, ("returns", 1))
    get_class = builder.call("java/lang/Object", "getClass", "()Ljava/lang/Class;", a)
    (outcome,) = objects.get_class(get_class)
    assert represented_type(outcome.state.heap[outcome.result]) == "LFoo;"  # type: ignore[union-attr, index]


def test_exception_constructor_records_the_message() -> None:
    builder = Builder()
    receiver = builder.value(InstanceValue("java/lang/IllegalStateException", ()))
    message = builder.string(3)
    call = builder.call(
        "java/lang/IllegalStateException",
        "<init>",
        "(Ljava/lang/String;)V",
        receiver,
        message,
        invoke="invokespecial",
    )
    (outcome,) = exceptions.init_message(call)
    assert isinstance(outcome, Returns)
    assert outcome.state.heap[receiver].field(DETAIL_MESSAGE) == message  # type: ignore[union-attr]


def test_arraycopy_differential_on_small_arrays() -> None:
    for source_position, destination_position, count, expect_failure in [
        (0, 0, 2, False), (1, 0, 2, False), (2, 0, 2, True), (-1, 0, 1, True), (0, 1, 2, False), (0, 0, -1, True),
    ]:  # fmt: skip
        builder = Builder()
        entries = tuple(builder.int(v) for v in (1, 2, 3))
        source = builder.value(ArrayValue("[I", builder.int(3), entries), "a")
        destination = builder.value(
            ArrayValue("[I", builder.int(3), tuple(builder.int(0) for _ in range(3))), "a"
        )
        args = (
            source,
            builder.int(source_position),
            destination,
            builder.int(destination_position),
            builder.int(count),
        )
        call = builder.call(
            "java/lang/System",
            "arraycopy",
            "(Ljava/lang/Object;ILjava/lang/Object;II)V",
            *args,
            invoke="invokestatic",
        )
        outcomes = system.arraycopy(call)
        known = {args[1]: source_position, args[3]: destination_position, args[4]: count}
        failing = (
            source_position < 0
            or destination_position < 0
            or count < 0
            or source_position + count > 3
            or destination_position + count > 3
        )
        assert failing == expect_failure
        assert (
            represented(outcomes, known, ("throws", "java/lang/ArrayIndexOutOfBoundsException"))
            == failing
        )
        if not failing:
            (success,) = [o for o in outcomes if isinstance(o, Returns)]
            copied = success.state.heap[destination]
            values = [success.state.heap[e].interval.value for e in copied.entries]  # type: ignore[union-attr]
            expected = [0, 0, 0]
            expected[destination_position : destination_position + count] = [1, 2, 3][
                source_position : source_position + count
            ]
            assert values == expected


def test_arraycopy_of_null_throws_and_exit_ends_the_program() -> None:
    builder = Builder()
    zero = builder.int(0)
    call = builder.call(
        "java/lang/System",
        "arraycopy",
        "(Ljava/lang/Object;ILjava/lang/Object;II)V",
        NULL,
        zero,
        NULL,
        zero,
        zero,
        invoke="invokestatic",
    )
    assert represented(system.arraycopy(call), {}, ("throws", "java/lang/NullPointerException"))
    exit_call = builder.call("java/lang/System", "exit", "(I)V", zero, invoke="invokestatic")
    assert isinstance(system.exit_program(exit_call)[0], Exits)  # issue 21: a program end


def test_array_new_instance_uses_the_class_type() -> None:
    builder = Builder()
    receiver = builder.value(InstanceValue("Foo", ()))
    get_class = builder.call("java/lang/Object", "getClass", "()Ljava/lang/Class;", receiver)
    (klass,) = objects.get_class(get_class)
    size = builder.int(Interval(-1, 4))
    state = klass.state.with_value(size, builder.heap[size]).push(klass.result, size)  # type: ignore[union-attr, arg-type]
    call = builder.call(
        "java/lang/reflect/Array",
        "newInstance",
        "(Ljava/lang/Class;I)Ljava/lang/Object;",
        klass.result,
        size,
        invoke="invokestatic",
        state=state,
    )  # type: ignore[union-attr, arg-type]
    outcomes = reflection.new_instance(call)
    assert represented(outcomes, {size: -1}, ("throws", "java/lang/NegativeArraySizeException"))
    (success,) = [o for o in outcomes if isinstance(o, Returns)]
    assert success.state.heap[success.result] == ArrayValue("[LFoo;", size)  # type: ignore[index]
