"""Work ``check --all`` does once instead of once per finding, and searches it does not start
(issue 36). Expectations come from the Java programs below."""

from __future__ import annotations

import pytest
from javac import compile_java

from jhalt.analyses import check
from jhalt.analyses.initialised_statics import (
    never_null_after_initialisation,
    unreachable_statics,
)
from jhalt.analyses.triage import constructible_classes, public_classes
from jhalt.ids import FieldId
from jhalt.program import Program
from jhalt.witness.inputs import ConcreteInputs, NullInput, ObjectInput, Ref, StaticValue

COLOR = """
public enum Color {
    RED, GREEN;
    static int uses;                               // an enum's own static, not a constant
}
"""

HOLDER = """
public class Holder {
    public static final Object LOCK = new Object();   // final, but not an enum constant
    static Color chosen;                              // may be null: never assigned
    public Holder() {}
}
"""

HIDDEN = """
class Hidden {                                        // not public: no public caller makes one
    Hidden() {}
}
"""


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Program:
    directory = tmp_path_factory.mktemp("speed")
    sources = []
    for name, text in (("Color", COLOR), ("Holder", HOLDER), ("Hidden", HIDDEN)):
        sources.append(directory / f"{name}.java")
        sources[-1].write_text(text)
    return Program.from_spec(str(compile_java(sources)))


def test_enum_constants_and_values_are_never_null_after_initialisation(program: Program) -> None:
    # javac fills RED, GREEN and $VALUES in Color.<clinit> with new objects
    assert never_null_after_initialisation(program, FieldId("Color", "RED", "LColor;"))
    assert never_null_after_initialisation(program, FieldId("Color", "$VALUES", "[LColor;"))
    # not claimed: an enum's ordinary static, a final static of a class, a static that
    # nothing assigns (null until someone does), a field the program does not have
    assert not never_null_after_initialisation(program, FieldId("Color", "uses", "I"))
    assert not never_null_after_initialisation(
        program, FieldId("Holder", "LOCK", "Ljava/lang/Object;")
    )
    assert not never_null_after_initialisation(program, FieldId("Holder", "chosen", "LColor;"))
    assert not never_null_after_initialisation(program, FieldId("Color", "BLUE", "LColor;"))


def test_a_witness_with_a_null_enum_constant_is_not_searched(program: Program) -> None:
    red = FieldId("Color", "RED", "LColor;")
    chosen = FieldId("Holder", "chosen", "LColor;")
    needs_null_red = ConcreteInputs(
        statics=(StaticValue(red, NullInput()), StaticValue(chosen, NullInput()))
    )
    assert unreachable_statics(program, needs_null_red) == (red,)
    # RED holding an object is what every run after Color's initialisation has
    object_red = ConcreteInputs(
        heap=(("o1", ObjectInput("Color")),), statics=(StaticValue(red, Ref("o1")),)
    )
    assert unreachable_statics(program, object_red) == ()
    # Holder.chosen null is what a run has until something assigns it: searched as before
    assert (
        unreachable_statics(program, ConcreteInputs(statics=(StaticValue(chosen, NullInput()),)))
        == ()
    )


def test_the_program_classes_are_scanned_once_per_program(
    program: Program, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every finding of an entry asks for the program's public and constructible classes; the
    second finding gets the first one's answer, equal to a fresh scan."""
    expected = (public_classes(program), constructible_classes(program))
    assert "Holder" in expected[1] and "Hidden" not in expected[0]
    scans: list[int] = []

    def counted(scanned: Program) -> tuple[str, ...]:
        scans.append(1)
        return public_classes(scanned)

    monkeypatch.setattr(check, "public_classes", counted)
    fresh = Program(program.classes)
    first = check.program_classes(fresh)
    second = check.program_classes(fresh)
    assert first == expected and second is first
    assert scans == [1]
    check.program_classes(Program(program.classes))  # another entry's program scans again
    assert scans == [1, 1]
