"""String models against the meaning of the JDK methods (differential, in Python)."""

from __future__ import annotations

import random

import pytest
from model_testkit import Builder, represented, string_length

from jhalt.domains.intervals import Interval
from jhalt.domains.strings import STRING_CLASS
from jhalt.domains.values import NULL, UnknownValue
from jhalt.models import strings
from jhalt.models.support import NPE, SIOOBE
from jhalt.seg.library import Refines, Returns, Throws

RNG = random.Random(1234)
WORDS = ["", "a", "ab", "hello", "xyzzy!", "0123456789"]


def _string_call(name: str, descriptor: str, text: str, *ints: int):  # type: ignore[no-untyped-def]
    builder = Builder()
    receiver = builder.string(len(text))
    arguments = [builder.int(i) for i in ints]
    call = builder.call(STRING_CLASS, name, descriptor, receiver, *arguments)
    known = {string_length(call.state, receiver): len(text)}
    known.update({a: i for a, i in zip(arguments, ints)})
    return call, receiver, known


def test_length_is_exactly_the_length_field() -> None:
    builder = Builder()
    receiver = builder.string(Interval(2, 9))
    call = builder.call(STRING_CLASS, "length", "()I", receiver)
    (outcome,) = strings.length(call)
    assert isinstance(outcome, Returns)
    assert outcome.result == string_length(call.state, receiver)


@pytest.mark.parametrize("text", WORDS)
def test_char_at_differential(text: str) -> None:
    for index in [-1, 0, 1, len(text) - 1, len(text), len(text) + 3, RNG.randint(-5, 12)]:
        call, _, known = _string_call("charAt", "(I)C", text, index)
        outcomes = strings.char_at(call)
        if 0 <= index < len(text):
            assert represented(outcomes, known, ("returns", ord(text[index])))
            assert not represented(outcomes, known, ("throws", SIOOBE))
        else:
            assert represented(outcomes, known, ("throws", SIOOBE))
            assert not any(
                isinstance(o, Returns) for o in outcomes if represented([o], known, ("returns", 0))
            )


def test_char_at_with_known_bounds_has_only_the_success_outcome() -> None:
    call, _, _ = _string_call("charAt", "(I)C", "abc", 1)
    outcomes = strings.char_at(call)
    assert [type(o) for o in outcomes] == [Returns]


@pytest.mark.parametrize("text", WORDS)
def test_substring_differential(text: str) -> None:
    for _ in range(25):
        begin, end = RNG.randint(-2, len(text) + 2), RNG.randint(-2, len(text) + 2)
        call, receiver, known = _string_call(
            "substring", "(II)Ljava/lang/String;", text, begin, end
        )
        outcomes = strings.substring(call)
        if 0 <= begin <= end <= len(text):
            expected = (
                ("same", receiver) if (begin, end) == (0, len(text)) else ("string", end - begin)
            )
            assert represented(outcomes, known, expected), (text, begin, end)
        else:
            assert represented(outcomes, known, ("throws", SIOOBE)), (text, begin, end)


@pytest.mark.parametrize("first", WORDS)
@pytest.mark.parametrize("second", WORDS[:4])
def test_concat_length_is_the_sum(first: str, second: str) -> None:
    builder = Builder()
    a, b = builder.string(len(first)), builder.string(len(second))
    call = builder.call(STRING_CLASS, "concat", "(Ljava/lang/String;)Ljava/lang/String;", a, b)
    known = {string_length(call.state, a): len(first), string_length(call.state, b): len(second)}
    outcomes = strings.concat(call)
    expected = ("same", a) if second == "" else ("string", len(first + second))
    assert represented(outcomes, known, expected)
    if second:
        assert not represented(outcomes, known, ("string", len(first + second) + 1))


def test_concat_records_the_sum_as_a_relation() -> None:
    builder = Builder()
    a, b = builder.string(Interval.at_least(0)), builder.string(Interval.at_least(1))
    call = builder.call(STRING_CLASS, "concat", "(Ljava/lang/String;)Ljava/lang/String;", a, b)
    (outcome,) = strings.concat(call)  # b is never empty
    assert isinstance(outcome, Returns)
    new_length = string_length(outcome.state, outcome.result)  # type: ignore[arg-type]
    assert any(
        r.op == "+"
        and r.result == new_length
        and set(r.args) == {string_length(call.state, a), string_length(call.state, b)}
        for r in outcome.constraints
    )


def test_concat_with_null_throws_npe() -> None:
    builder = Builder()
    a = builder.string(3)
    call = builder.call(STRING_CLASS, "concat", "(Ljava/lang/String;)Ljava/lang/String;", a, NULL)
    outcomes = strings.concat(call)
    assert [type(o) for o in outcomes] == [Throws] and outcomes[0].exception_class == NPE  # type: ignore[union-attr]


def test_possibly_null_argument_is_refined_first() -> None:
    builder = Builder()
    a = builder.string(3)
    b = builder.value(UnknownValue(STRING_CLASS, nullable=True))
    call = builder.call(STRING_CLASS, "concat", "(Ljava/lang/String;)Ljava/lang/String;", a, b)
    (outcome,) = strings.concat(call)
    assert (
        isinstance(outcome, Refines)
        and outcome.refinement == "existence"
        and len(outcome.states) == 2
    )


def test_unknown_string_receiver_is_realized_with_a_non_negative_length() -> None:
    builder = Builder()
    receiver = builder.value(UnknownValue(STRING_CLASS, nullable=False))
    call = builder.call(STRING_CLASS, "length", "()I", receiver)
    (outcome,) = strings.length(call)
    assert isinstance(outcome, Refines) and outcome.refinement == "realization"
    (realized,) = outcome.states
    length_value = realized.heap[string_length(realized, receiver)]
    assert length_value.interval == Interval(0, None)  # type: ignore[union-attr]


@pytest.mark.parametrize("first", WORDS)
@pytest.mark.parametrize("second", WORDS)
def test_equals_differential(first: str, second: str) -> None:
    builder = Builder()
    a, b = builder.string(len(first)), builder.string(len(second))
    call = builder.call(STRING_CLASS, "equals", "(Ljava/lang/Object;)Z", a, b)
    known = {string_length(call.state, a): len(first), string_length(call.state, b): len(second)}
    outcomes = strings.equals(call)
    assert represented(outcomes, known, ("returns", int(first == second)))
    if len(first) != len(second):
        assert not represented(outcomes, known, ("returns", 1))


def test_is_empty_and_index_of() -> None:
    for text in WORDS:
        call, _, known = _string_call("isEmpty", "()Z", text)
        outcomes = strings.is_empty(call)
        assert represented(outcomes, known, ("returns", int(text == "")))
        assert not represented(outcomes, known, ("returns", int(text != "")))
        call, _, known = _string_call("indexOf", "(I)I", text, ord("l"))
        assert represented(strings.index_of(call), known, ("returns", text.find("l")))


@pytest.mark.parametrize("value", [0, 7, -7, 10, 2**31 - 1, -(2**31), 123456])
def test_value_of_int_length_is_exact(value: int) -> None:
    builder = Builder()
    argument = builder.int(value)
    call = builder.call(
        STRING_CLASS, "valueOf", "(I)Ljava/lang/String;", argument, invoke="invokestatic"
    )
    (outcome,) = strings.value_of_primitive(call)
    assert isinstance(outcome, Returns)
    size = outcome.state.heap[string_length(outcome.state, outcome.result)]  # type: ignore[arg-type]
    assert size.interval == Interval.const(len(str(value)))  # type: ignore[union-attr]


def test_value_of_unknown_int_has_1_to_11_characters() -> None:
    builder = Builder()
    argument = builder.int(Interval.of_type("I"))
    call = builder.call(
        STRING_CLASS, "valueOf", "(I)Ljava/lang/String;", argument, invoke="invokestatic"
    )
    (outcome,) = strings.value_of_primitive(call)
    size = outcome.state.heap[string_length(outcome.state, outcome.result)]  # type: ignore[arg-type, union-attr]
    assert size.interval == Interval(1, 11)  # type: ignore[union-attr]


def test_string_literals_may_be_the_same_object() -> None:
    builder = Builder()
    state = builder.state()
    state, first = strings.string_constant(state, "abc", builder.namer.fresh)
    state, second = strings.string_constant(state, "abc", builder.namer.fresh)
    state, third = strings.string_constant(state, "abcd", builder.namer.fresh)
    assert state.predicates.may_equal(first, second)  # "abc" == "abc" in Java
    assert not state.predicates.may_equal(first, third)  # different lengths: never the same
    assert state.heap[string_length(state, third)].interval == Interval.const(4)  # type: ignore[union-attr]


def test_constructor_sets_the_length() -> None:
    builder = Builder()
    receiver = builder.value(
        __import__("jhalt.domains.values", fromlist=["InstanceValue"]).InstanceValue(
            STRING_CLASS, ()
        )
    )
    original = builder.string(5)
    call = builder.call(
        STRING_CLASS, "<init>", "(Ljava/lang/String;)V", receiver, original, invoke="invokespecial"
    )
    (outcome,) = strings.init_copy(call)
    assert isinstance(outcome, Returns) and outcome.result is None
    assert string_length(outcome.state, receiver) == string_length(call.state, original)
