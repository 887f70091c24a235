"""Class initialisation triggers and order (JVM spec §5.5, JLS §12.4.1), checked on the JVM."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from program_java import run_java

from jhalt.classfile.model import MemberRef
from jhalt.program import LinkageFailure, Program
from jhalt.program.initialization import (
    initialization_target,
    startup_initializations,
    triggered_initializations,
)

INIT = {
    "Log.java": 'class Log { static int log(String s) { System.out.println("init " + s); return 1; } }',
    "WithDefault.java": 'interface WithDefault { int W = Log.log("WithDefault"); default void d() {} }',
    "NoDefault.java": 'interface NoDefault { int N = Log.log("NoDefault"); void a(); }',
    "Parent.java": 'class Parent { static int px = Log.log("Parent"); static int pm() { return 1; } }',
    "Child.java": "class Child extends Parent implements NoDefault, WithDefault {"
    ' static int cx = Log.log("Child"); public void a() {} }',
    "ViaField.java": "public class ViaField { public static void main(String[] a) { int v = Child.px; } }",
    "ViaNew.java": "public class ViaNew { public static void main(String[] a) { new Child(); } }",
    "ViaStatic.java": "public class ViaStatic { public static void main(String[] a) { Child.pm(); } }",
    "ViaInterface.java": "public class ViaInterface { public static void main(String[] a) { int v = NoDefault.N; } }",
}
OBJECT = "java/lang/Object"


@pytest.fixture(scope="module")
def init_program(program_of: Callable[..., Program]) -> Program:
    return program_of(INIT)


def test_static_initializer_lookup(init_program: Program) -> None:
    assert init_program.static_initializer("Child") is not None
    assert init_program.static_initializer("ViaNew") is None
    assert init_program.static_initializer("java/lang/System") is not None  # described JDK class


def test_new_initializes_superclass_then_default_interfaces(init_program: Program) -> None:
    # §5.5 step 7: superclass, then superinterfaces declaring a non-abstract instance method;
    # NoDefault declares none, so it is not initialised
    assert triggered_initializations(init_program, "new", "Child") == (
        OBJECT,
        "Parent",
        "WithDefault",
        "Child",
    )
    assert triggered_initializations(
        init_program, 0xBB, "Child", frozenset({OBJECT, "Parent"})
    ) == ("WithDefault", "Child")


def test_static_field_initializes_its_declaring_class_only(init_program: Program) -> None:
    ref = MemberRef("field", "Child", "px", "I")
    assert initialization_target(init_program, "getstatic", ref) == "Parent"
    assert triggered_initializations(init_program, "getstatic", ref, frozenset({OBJECT})) == (
        "Parent",
    )
    assert triggered_initializations(
        init_program, "invokestatic", MemberRef("method", "Child", "pm", "()I"), frozenset({OBJECT})
    ) == ("Parent",)


def test_interface_initialization_does_not_initialize_superinterfaces(
    init_program: Program,
) -> None:
    ref = MemberRef("field", "NoDefault", "N", "I")
    assert triggered_initializations(init_program, "getstatic", ref) == ("NoDefault",)


def test_other_instructions_trigger_nothing(init_program: Program) -> None:
    assert (
        triggered_initializations(init_program, "getfield", MemberRef("field", "Child", "px", "I"))
        == ()
    )
    assert (
        triggered_initializations(
            init_program, "invokevirtual", MemberRef("method", "Child", "a", "()V")
        )
        == ()
    )
    assert (
        triggered_initializations(
            init_program, "new", "Child", frozenset({OBJECT, "Parent", "WithDefault", "Child"})
        )
        == ()
    )


def test_new_of_interface_or_abstract_class_fails(init_program: Program) -> None:
    with pytest.raises(LinkageFailure) as failure:
        initialization_target(init_program, "new", "NoDefault")
    assert failure.value.error_class == "java/lang/InstantiationError"


def test_startup_initializes_main_class(init_program: Program) -> None:
    assert startup_initializations(init_program, "ViaNew") == (OBJECT, "ViaNew")


@pytest.mark.jvm
@pytest.mark.parametrize(
    ("main", "instruction", "operand"),
    [
        ("ViaNew", "new", "Child"),
        ("ViaField", "getstatic", MemberRef("field", "Child", "px", "I")),
        ("ViaStatic", "invokestatic", MemberRef("method", "Child", "pm", "()I")),
        ("ViaInterface", "getstatic", MemberRef("field", "NoDefault", "N", "I")),
    ],
)
def test_order_agrees_with_the_jvm(
    compile_java: Callable[..., Path],
    init_program: Program,
    main: str,
    instruction: str,
    operand: object,
) -> None:
    output = run_java(compile_java(INIT), main)
    observed = [
        line.removeprefix("init ") for line in output.splitlines() if line.startswith("init ")
    ]
    predicted = triggered_initializations(init_program, instruction, operand)  # type: ignore[arg-type]
    # Log itself is initialised by the first initialiser that calls it: not a class of interest
    assert [c for c in predicted if c not in (OBJECT, "Log")] == observed
