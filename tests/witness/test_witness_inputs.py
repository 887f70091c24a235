"""The concrete-input model: validation, JSON round trip, command lines (no JVM needed)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jhalt.ids import FieldId, MethodId
from jhalt.witness.inputs import (
    ArrayInput,
    ConcreteInputs,
    EnvironmentValues,
    FieldValue,
    FloatInput,
    IntInput,
    NullInput,
    ObjectInput,
    Ref,
    StaticValue,
    StringInput,
    args_inputs,
    as_witness,
    main_args,
    readable_text,
    utf16_length,
)

STRING = "Ljava/lang/String;"
NEXT = FieldId("p/Node", "next", "Lp/Node;")


def cyclic_inputs() -> ConcreteInputs:
    return ConcreteInputs(
        arguments=(Ref("n1"), IntInput(-3), FloatInput(math.nan, "F"), NullInput()),
        heap=(
            ("n1", ObjectInput("p/Node", (FieldValue(NEXT, Ref("n2")),))),
            ("n2", ObjectInput("p/Node", (FieldValue(NEXT, Ref("n1")),))),
            ("grid", ArrayInput("[J", (Ref("row"), Ref("row"), NullInput()))),
            ("row", ArrayInput("J", (IntInput(-(2**63), "J"),))),
            ("s", StringInput(2, "\ud83d\ude00"[:1] + "x")),
        ),
        statics=(StaticValue(FieldId("p/Cfg", "on", "Z"), IntInput(1, "Z")),),
    )


def test_json_round_trip_keeps_sharing_cycles_and_special_floats() -> None:
    inputs = cyclic_inputs()
    back = ConcreteInputs.from_json(inputs.to_json())
    # NaN != NaN, so compare everything else and the NaN separately.
    assert back.heap == inputs.heap and back.statics == inputs.statics
    assert back.arguments[0] == Ref("n1") and back.arguments[1] == IntInput(-3)
    assert math.isnan(back.arguments[2].value) and back.arguments[2].type == "F"
    grid = back.entry("grid")
    assert isinstance(grid, ArrayInput) and grid.elements[0] == grid.elements[1] == Ref("row")


def test_json_is_plain_json() -> None:
    import json

    text = json.dumps(cyclic_inputs().to_json(), allow_nan=False)
    assert ConcreteInputs.from_json(json.loads(text)).heap == cyclic_inputs().heap


values = st.one_of(
    st.builds(IntInput, st.integers(-(2**31), 2**31 - 1)),
    st.builds(lambda v: IntInput(v, "J"), st.integers(-(2**63), 2**63 - 1)),
    st.builds(lambda v: IntInput(v, "C"), st.integers(0, 65535)),
    st.builds(lambda v: FloatInput(v, "D"), st.floats(allow_nan=False)),
    st.just(NullInput()),
    st.text(max_size=5).map(lambda t: StringInput(utf16_length(t), t)),
    st.integers(0, 4).map(StringInput),
)


@given(st.lists(values, max_size=5))
def test_round_trip_of_any_argument_list(arguments: list) -> None:
    inputs = ConcreteInputs(arguments=tuple(arguments))
    assert ConcreteInputs.from_json(inputs.to_json()) == inputs


@pytest.mark.parametrize(
    "make",
    [
        lambda: IntInput(128, "B"),
        lambda: IntInput(-1, "C"),
        lambda: IntInput(2**31, "I"),
        lambda: IntInput(2, "Z"),
        lambda: IntInput(True, "Z"),
        lambda: IntInput(1, "X"),
        lambda: FloatInput(1.0, "I"),
        lambda: StringInput(2, "abc"),
        lambda: StringInput(1, "\U0001f600"),  # one code point, two UTF-16 units
        lambda: StringInput(-1),
        lambda: ArrayInput("I", (NullInput(),)),
        lambda: ArrayInput("I", (IntInput(1, "J"),)),
        lambda: ArrayInput("[I", (IntInput(1),)),
        lambda: ArrayInput("Ljava/util/List;", (StringInput(1),)),
        lambda: ConcreteInputs(arguments=(Ref("missing"),)),
        lambda: ConcreteInputs(heap=(("a", StringInput(0)), ("a", StringInput(1)))),
        lambda: ConcreteInputs(receiver=NullInput()),
        lambda: ObjectInput("C", (FieldValue(NEXT, NullInput()), FieldValue(NEXT, NullInput()))),
    ],
)
def test_ill_formed_inputs_are_rejected(make) -> None:
    with pytest.raises(ValueError):
        make()


def test_inputs_are_checked_against_the_descriptor() -> None:
    method = MethodId("C", "m", "(I[ILjava/lang/String;)V")
    good = ConcreteInputs(
        arguments=(IntInput(1), Ref("a"), StringInput(0)), heap=(("a", ArrayInput("I")),)
    )
    good.check_against(method, is_static=True)
    with pytest.raises(ValueError, match="needs a receiver"):
        good.check_against(method, is_static=False)
    with pytest.raises(ValueError, match="takes 3 arguments"):
        ConcreteInputs(arguments=(IntInput(1),)).check_against(method, is_static=True)
    wrong_referent = ConcreteInputs(
        arguments=(IntInput(1), Ref("s"), NullInput()), heap=(("s", StringInput(0)),)
    )
    with pytest.raises(ValueError, match="must be an array"):
        wrong_referent.check_against(method, is_static=True)
    with pytest.raises(ValueError):
        ConcreteInputs(arguments=(IntInput(1, "J"), NullInput(), NullInput())).check_against(
            method, is_static=True
        )


def test_readable_text_uses_letters() -> None:
    assert readable_text(0) == ""
    assert readable_text(3) == "abc"
    assert readable_text(28) == "abcdefghijklmnopqrstuvwxyzab"
    assert StringInput(2).text() == "ab" and StringInput(2, "zz").text() == "zz"


def test_main_args_of_a_string_array() -> None:
    inputs = ConcreteInputs(
        arguments=(Ref("args"),),
        heap=(
            ("args", ArrayInput(STRING, (StringInput(0), Ref("s"), StringInput(2, "é!")))),
            ("s", StringInput(3)),
        ),
    )
    assert main_args(inputs) == ("", "abc", "é!")
    assert main_args(args_inputs(["x", "", "ü"])) == ("x", "", "ü")


@pytest.mark.parametrize(
    "inputs",
    [
        # a null element, a shared string, the array containing itself, statics, extra objects
        ConcreteInputs(arguments=(Ref("a"),), heap=(("a", ArrayInput(STRING, (NullInput(),))),)),
        ConcreteInputs(
            arguments=(Ref("a"),),
            heap=(("a", ArrayInput(STRING, (Ref("s"), Ref("s")))), ("s", StringInput(1))),
        ),
        ConcreteInputs(
            arguments=(Ref("a"),),
            heap=(("a", ArrayInput("Ljava/lang/Object;", (Ref("a"),))),),
        ),
        ConcreteInputs(
            arguments=(Ref("a"),),
            heap=(("a", ArrayInput(STRING)),),
            statics=(StaticValue(FieldId("C", "f", "I"), IntInput(1)),),
        ),
        ConcreteInputs(
            arguments=(Ref("a"),),
            heap=(("a", ArrayInput(STRING)), ("o", ObjectInput("C"))),
        ),
        ConcreteInputs(arguments=(NullInput(),)),
    ],
)
def test_inputs_that_are_no_command_line(inputs: ConcreteInputs) -> None:
    assert main_args(inputs) is None


def test_witness_of_inputs() -> None:
    main = MethodId("App", "main", "([Ljava/lang/String;)V")
    witness = as_witness(main, args_inputs(["", "x"]))
    assert witness.args == ("", "x")
    assert ConcreteInputs.from_json(witness.inputs) == args_inputs(["", "x"])
    other = as_witness(MethodId("App", "run", "([Ljava/lang/String;)V"), args_inputs(["x"]))
    assert other.args is None and other.to_json()["replay"] == "not run"


def test_a_boxed_environment_result_holds_the_number_inside() -> None:
    # Integer.getInteger(key, default) returns an Integer: its environment value is the int a
    # property's text gives (-Dstep=-1); a floating-point value is no such value
    site = MethodId("Drain", "main", "([Ljava/lang/String;)V")
    callee = MethodId("java/lang/Integer", "getInteger", "(Ljava/lang/String;I)Ljava/lang/Integer;")
    recorded = EnvironmentValues(site, 4, callee, "invokestatic", (IntInput(-1, "I"),))
    assert recorded.values == (IntInput(-1, "I"),)
    with pytest.raises(ValueError):
        EnvironmentValues(site, 4, callee, "invokestatic", (FloatInput(0.5, "D"),))
