"""The entry call as a developer writes it in a test (`jhalt.witness.call_text`): values inline,
a cast only where the value's own type would not pick the entry's overload, no form when the
witness needs more than values; and the inputs in one line for a test's message."""

from __future__ import annotations

from jhalt.ids import FieldId, MethodId
from jhalt.witness.call_text import MAX_INPUT_TEXT, compact_call, input_text
from jhalt.witness.inputs import (
    ArrayInput,
    ConcreteInputs,
    FieldValue,
    FloatInput,
    IntInput,
    NullInput,
    ObjectInput,
    Ref,
    StaticValue,
    StringInput,
    args_inputs,
)

MAIN = MethodId("app/Cli", "main", "([Ljava/lang/String;)V")


def test_a_command_line_is_a_string_array_literal() -> None:
    assert compact_call(MAIN, args_inputs(["0", 'a"b'])) == (
        'app.Cli.main(new String[] {"0", "a\\"b"});'
    )
    assert input_text(MAIN, args_inputs(["0"])) == 'args {"0"}'


def test_literals_of_the_parameter_type_need_no_cast_others_do() -> None:
    """``4`` is an int and ``2L`` a long, the most specific match for (int) and (long)
    parameters; a byte or a null needs its cast to pick the overload ``m(byte, String)``."""
    entry = MethodId("p/M", "m", "(IJBLjava/lang/String;D)V")
    inputs = ConcreteInputs(
        arguments=(IntInput(4), IntInput(2, "J"), IntInput(3, "B"), NullInput(), FloatInput(0.5))
    )
    call = compact_call(entry, inputs)
    assert call is not None
    assert call == "p.M.m(4, 2L, (byte) 3, (String) null, 0.5);"
    assert input_text(entry, inputs) == "(4, 2L, 3, null, 0.5)"


def test_an_array_passed_as_object_is_cast_and_a_constructor_is_new() -> None:
    entry = MethodId("p/Box", "<init>", "(Ljava/lang/Object;)V")
    inputs = ConcreteInputs(arguments=(Ref("a"),), heap=(("a", ArrayInput("I", (IntInput(1),))),))
    assert compact_call(entry, inputs) == "new p.Box((Object) new int[] {1});"


def test_no_compact_form_when_the_witness_needs_more_than_values() -> None:
    """A receiver, a static field, an object with fields, an array passed twice (the entry may
    compare them by identity) and a nested class (its outer class's access is unknown)."""
    entry = MethodId("p/M", "two", "([I[I)V")
    shared = ConcreteInputs(arguments=(Ref("a"), Ref("a")), heap=(("a", ArrayInput("I")),))
    assert compact_call(entry, shared) is None
    count = StaticValue(FieldId("p/M", "count", "I"), IntInput(1))
    assert compact_call(MethodId("p/M", "f", "()V"), ConcreteInputs(statics=(count,))) is None
    node = ObjectInput("p/Node", (FieldValue(FieldId("p/Node", "v", "I"), IntInput(2)),))
    holder = ConcreteInputs(arguments=(Ref("n"),), heap=(("n", node),))
    assert compact_call(MethodId("p/M", "g", "(Lp/Node;)V"), holder) is None
    assert input_text(MethodId("p/M", "g", "(Lp/Node;)V"), holder) == "(Node{v=2})"
    receiver = ConcreteInputs(receiver=Ref("n"), heap=(("n", node),))
    assert compact_call(MethodId("p/Node", "h", "()V"), receiver) is None
    assert compact_call(MethodId("p/Outer$In", "f", "()V"), ConcreteInputs()) is None


def test_a_long_input_is_cut() -> None:
    text = input_text(MAIN, args_inputs(["x" * 400]))
    assert len(text) == MAX_INPUT_TEXT and text.endswith("…")
    assert input_text(MethodId("p/M", "s", "(Ljava/lang/String;)V"),
                      ConcreteInputs(arguments=(StringInput(2, "hi"),))) == '("hi")'  # fmt: skip
