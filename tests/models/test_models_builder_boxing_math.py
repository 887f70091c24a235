"""StringBuilder, boxing and Math models against the JDK's meaning."""

from __future__ import annotations

import random

import pytest
from model_testkit import Builder, represented, string_length

from jhalt.domains.intervals import Interval
from jhalt.domains.values import NULL, InstanceValue, IntValue
from jhalt.models import boxing, math, string_builder
from jhalt.models.support import NFE
from jhalt.models.text import BUILDER_COUNT, STRING_BUILDER
from jhalt.seg.library import Refines, Returns

RNG = random.Random(99)
INT_MIN, INT_MAX = -(2**31), 2**31 - 1


def _builder_with(builder: Builder, count: int | Interval) -> str:
    size = builder.int(count)
    return builder.value(InstanceValue.of(STRING_BUILDER, {BUILDER_COUNT: size}))


def _count(state, reference):  # type: ignore[no-untyped-def]
    value = state.heap[reference]
    return value.field(BUILDER_COUNT)


@pytest.mark.parametrize(
    "value",
    [0, 5, -5, 99, -100, INT_MAX, INT_MIN] + [RNG.randint(INT_MIN, INT_MAX) for _ in range(10)],
)
def test_append_int_grows_by_the_decimal_length(value: int) -> None:
    builder = Builder()
    receiver = _builder_with(builder, 3)
    argument = builder.int(value)
    call = builder.call(
        STRING_BUILDER, "append", "(I)Ljava/lang/StringBuilder;", receiver, argument
    )
    (outcome,) = string_builder.append_primitive(call)
    assert isinstance(outcome, Returns) and outcome.result == receiver
    known = {_count(call.state, receiver): 3, argument: value}
    assert represented([outcome], known, ("same", receiver))
    new_count = outcome.state.heap[_count(outcome.state, receiver)]
    assert new_count.interval.contains(3 + len(str(value)))  # type: ignore[union-attr]
    assert new_count.interval == Interval.const(3 + len(str(value)))  # type: ignore[union-attr]


def test_append_unknown_int_grows_by_1_to_11() -> None:
    builder = Builder()
    receiver = _builder_with(builder, 0)
    argument = builder.int(Interval.of_type("I"))
    call = builder.call(
        STRING_BUILDER, "append", "(I)Ljava/lang/StringBuilder;", receiver, argument
    )
    (outcome,) = string_builder.append_primitive(call)
    assert outcome.state.heap[_count(outcome.state, receiver)].interval == Interval(1, 11)  # type: ignore[union-attr]


def test_append_null_string_adds_four_and_to_string_has_the_count() -> None:
    builder = Builder()
    receiver = _builder_with(builder, 2)
    call = builder.call(
        STRING_BUILDER, "append", "(Ljava/lang/String;)Ljava/lang/StringBuilder;", receiver, NULL
    )
    (outcome,) = string_builder.append_string(call)
    count = _count(outcome.state, receiver)
    assert outcome.state.heap[count].interval == Interval.const(6)  # type: ignore[union-attr]
    after = outcome.state.push(receiver)
    to_string = builder.call(
        STRING_BUILDER, "toString", "()Ljava/lang/String;", receiver, state=after
    )
    (result,) = string_builder.to_string(to_string)
    assert string_length(result.state, result.result) == count  # type: ignore[union-attr, arg-type]


def test_append_to_a_possibly_aliased_builder_resolves_the_alias_first() -> None:
    builder = Builder()
    first, second = _builder_with(builder, 1), _builder_with(builder, 2)
    state = builder.state(first, NULL)
    state = state.with_predicates(state.predicates.with_maybe_equal(first, second))
    call = builder.call(
        STRING_BUILDER,
        "append",
        "(Ljava/lang/String;)Ljava/lang/StringBuilder;",
        first,
        NULL,
        state=state,
    )
    (outcome,) = string_builder.append_string(call)
    assert isinstance(outcome, Refines) and outcome.refinement == "equality"


@pytest.mark.parametrize("index", [-1, 0, 2, 3, 7])
def test_builder_char_at_and_delete(index: int) -> None:
    builder = Builder()
    receiver = _builder_with(builder, 3)
    argument = builder.int(index)
    call = builder.call(
        STRING_BUILDER, "deleteCharAt", "(I)Ljava/lang/StringBuilder;", receiver, argument
    )
    outcomes = string_builder.delete_char_at(call)
    known = {_count(call.state, receiver): 3, argument: index}
    if 0 <= index < 3:
        assert represented(outcomes, known, ("same", receiver))
        assert not represented(
            outcomes, known, ("throws", "java/lang/StringIndexOutOfBoundsException")
        )
    else:
        assert represented(outcomes, known, ("throws", "java/lang/StringIndexOutOfBoundsException"))


# ---------------------------------------------------------------- boxing
def test_value_of_small_ints_may_share_cached_boxes() -> None:
    builder = Builder()
    a, b = builder.int(5), builder.int(5)
    call = builder.call(
        "java/lang/Integer", "valueOf", "(I)Ljava/lang/Integer;", a, invoke="invokestatic"
    )
    (first,) = boxing.value_of(call)
    state = first.state.push(b)  # type: ignore[union-attr]
    second_call = builder.call(
        "java/lang/Integer",
        "valueOf",
        "(I)Ljava/lang/Integer;",
        b,
        invoke="invokestatic",
        state=state,
    )
    (second,) = boxing.value_of(second_call)
    assert second.state.predicates.may_equal(first.result, second.result)  # type: ignore[union-attr, arg-type]


def test_value_of_large_ints_gives_new_boxes_and_int_value_is_exact() -> None:
    builder = Builder()
    a = builder.int(1000)
    call = builder.call(
        "java/lang/Integer", "valueOf", "(I)Ljava/lang/Integer;", a, invoke="invokestatic"
    )
    (boxed,) = boxing.value_of(call)
    assert not boxed.state.predicates.equal_partners(boxed.result)  # type: ignore[union-attr, arg-type]
    unbox = builder.call(
        "java/lang/Integer", "intValue", "()I", boxed.result, state=boxed.state.push(boxed.result)
    )  # type: ignore[union-attr, arg-type]
    (value,) = boxing.unbox(unbox)
    assert value.result == a  # type: ignore[union-attr]


@pytest.mark.parametrize("left,right", [(1, 2), (2, 2), (3, -4), (INT_MIN, INT_MAX)])
def test_integer_compare_and_equals(left: int, right: int) -> None:
    builder = Builder()
    a, b = builder.int(Interval.of_type("I")), builder.int(Interval.of_type("I"))
    call = builder.call("java/lang/Integer", "compare", "(II)I", a, b, invoke="invokestatic")
    expected = (left > right) - (left < right)
    outcomes = boxing.compare(call)
    assert represented(outcomes, {a: left, b: right}, ("returns", expected))
    assert not represented(outcomes, {a: left, b: right}, ("returns", -expected if expected else 1))


def test_parse_int_may_throw_and_needs_text() -> None:
    builder = Builder()
    text = builder.string(Interval.at_least(0))
    call = builder.call(
        "java/lang/Integer", "parseInt", "(Ljava/lang/String;)I", text, invoke="invokestatic"
    )
    outcomes = boxing.parse(call)
    known = {string_length(call.state, text): 3}
    assert represented(outcomes, known, ("returns", 123))  # "123"
    assert represented(outcomes, known, ("throws", NFE))  # "abc"
    assert not represented(
        outcomes, {string_length(call.state, text): 0}, ("returns", 0)
    )  # "" never parses
    null_call = builder.call(
        "java/lang/Integer", "parseInt", "(Ljava/lang/String;)I", NULL, invoke="invokestatic"
    )
    assert represented(boxing.parse(null_call), {}, ("throws", NFE))


# ---------------------------------------------------------------- Math
@pytest.mark.parametrize(
    "a,b",
    [(1, 2), (5, 5), (-3, -9), (INT_MIN, INT_MAX)]
    + [(RNG.randint(-50, 50), RNG.randint(-50, 50)) for _ in range(8)],
)
def test_max_min_differential(a: int, b: int) -> None:
    builder = Builder()
    x, y = builder.int(Interval.of_type("I")), builder.int(Interval.of_type("I"))
    for name, expected in (("max", max(a, b)), ("min", min(a, b))):
        call = builder.call("java/lang/Math", name, "(II)I", x, y, invoke="invokestatic")
        outcomes = math.max_min(call)
        assert represented(outcomes, {x: a, y: b}, ("returns", expected))
        wrong = expected + 1 if expected not in (a, b) or a == b else (a if expected == b else b)
        if a != b:
            assert not represented(outcomes, {x: a, y: b}, ("returns", wrong))


def _java_abs(value: int, bits: int) -> int:
    result = abs(value)
    return result - 2**bits if result >= 2 ** (bits - 1) else result


@pytest.mark.parametrize("value", [0, 7, -7, INT_MIN, INT_MIN + 1, INT_MAX])
def test_abs_follows_java_including_min_value(value: int) -> None:
    builder = Builder()
    x = builder.int(Interval.of_type("I"))
    call = builder.call("java/lang/Math", "abs", "(I)I", x, invoke="invokestatic")
    outcomes = math.abs_value(call)
    assert represented(outcomes, {x: value}, ("returns", _java_abs(value, 32)))
    if value == INT_MIN:
        assert not represented(outcomes, {x: value}, ("returns", 2**31))


def test_other_math_methods_give_unknown_values_and_exact_ones_may_throw() -> None:
    builder = Builder()
    x, y = builder.int(Interval.of_type("I")), builder.int(Interval.of_type("I"))
    call = builder.call("java/lang/Math", "addExact", "(II)I", x, y, invoke="invokestatic")
    outcomes = math.any_math(call)
    assert represented(outcomes, {x: INT_MAX, y: 1}, ("throws", "java/lang/ArithmeticException"))
    assert represented(outcomes, {x: 2, y: 3}, ("returns", 5))
    assert isinstance(outcomes[0].state.heap[outcomes[0].result], IntValue)  # type: ignore[union-attr, index]
