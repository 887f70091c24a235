"""Generated reproducer source: literals, names, validation (no JVM; the replay and JUnit tests
compile and run the generated code)."""

from __future__ import annotations

import pytest

from jhalt.findings import NON_TERMINATION
from jhalt.ids import MethodId
from jhalt.witness.inputs import (
    ConcreteInputs,
    EnvironmentValues,
    IntInput,
    NullInput,
    args_inputs,
)
from jhalt.witness.java_literals import string_literal
from jhalt.witness.junit import ReproducerStyle
from jhalt.witness.reproducer import (
    JUnitRequest,
    generate_reproducer,
    reproducer_class_name,
)

MAIN = MethodId("p/App", "main", "([Ljava/lang/String;)V")


def test_class_names_are_java_identifiers() -> None:
    assert reproducer_class_name(MAIN) == "Reproduce_App_main"
    constructor = MethodId("a/Outer$In", "<init>", "()V")
    assert reproducer_class_name(constructor) == "Reproduce_Outer_In_init"
    assert reproducer_class_name(MethodId("C", "m\u00e9-x", "()V")) == "Reproduce_C_m__x"


def test_sources_name_their_classes_and_expectation() -> None:
    """The characterising test asserts the behaviour; the regression test (the default) that
    the call does not show it — by reflection here, as ``p.App`` is not known to be public."""
    characterise = JUnitRequest(ReproducerStyle.CHARACTERISE)
    exception = "java/lang/IllegalStateException"
    reproducer = generate_reproducer(MAIN, args_inputs(["x"]), exception, test=characterise)
    assert f"public class {reproducer.class_name} {{" in reproducer.source
    assert f"public class {reproducer.test_class_name} {{" in reproducer.test_source
    assert "assertThrows(java.lang.IllegalStateException.class" in reproducer.test_source
    assert "org.junit" not in reproducer.source  # the main class needs the JDK only
    hang = generate_reproducer(
        MAIN, args_inputs([""]), NON_TERMINATION.name, hang_timeout_s=2, test=characterise
    )
    assert "worker.join(2000L)" in hang.test_source
    assert "assertTrue(worker.isAlive()" in hang.test_source
    regression = generate_reproducer(MAIN, args_inputs(["x"]), exception).test_source
    assert "assertDoesNotThrow(() -> run()," in regression
    assert "// reflection: no public calls are known" in regression
    assert 'input: args {\\"x\\"}' in regression
    hang = generate_reproducer(MAIN, args_inputs([""]), NON_TERMINATION.name, hang_timeout_s=2.5)
    assert "assertTimeoutPreemptively(Duration.ofMillis(2500), () -> run()," in hang.test_source


def test_names_cannot_break_out_of_comments_or_literals() -> None:
    evil = MethodId("Evil\\u000a*/", "m\nx", "(I)V")
    source = generate_reproducer(evil, ConcreteInputs(arguments=(IntInput(1),)), "x.Y").source
    header = source.split("\nimport", 1)[0]
    assert "\\u" not in header and "m\nx" not in source
    assert string_literal("m\nx") in source


def test_inputs_must_fit_the_entry() -> None:
    with pytest.raises(ValueError):
        generate_reproducer(MAIN, ConcreteInputs(arguments=(IntInput(1),)), "x.Y")
    with pytest.raises(ValueError):
        generate_reproducer(MAIN, ConcreteInputs(arguments=(NullInput(),)), "not a class name!")


def test_the_regression_test_makes_the_given_calls_and_names_the_environment() -> None:
    """Given plain calls, the test makes them (no reflection) and says in comments which
    values the rewritten classes of injected/ return; the message names kind, method, line."""
    entry = MethodId("p/Game", "play", "(I)I")
    site = MethodId("p/Game", "play", "(I)I")
    rolled = EnvironmentValues(
        site, 4, MethodId("java/util/Random", "nextInt", "(I)I"), "invokevirtual", (IntInput(6),)
    )
    inputs = ConcreteInputs(arguments=(IntInput(2),), environment=(rolled,))
    request = JUnitRequest(calls=("p.Game.play(2);",), lines=(9, 9))
    source = generate_reproducer(entry, inputs, "java.lang.ArithmeticException", test=request)
    test = source.test_source
    assert "assertDoesNotThrow(() -> p.Game.play(2)," in test
    assert "java.lang.reflect" not in test and "setAccessible" not in test
    assert "// environment values, in call order per site" in test
    assert "java.util.Random.nextInt(I)I at p.Game.play@4: Integer.valueOf(6)" in test.replace(
        "//   ", ""
    )
    message = "uncaught java.lang.ArithmeticException in Game.play, line 9; input: (2)"
    assert message in test
