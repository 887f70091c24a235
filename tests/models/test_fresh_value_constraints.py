"""Library outcomes whose constraints name a value the outcome creates (`returns_if_possible`
in `jhalt.models.support`): judged on the call's state, which does not know it, they raised a
KeyError — "internal error" in graph construction for commons-lang3's ``ArrayUtils.shuffle``
(``Random.nextInt(n)``'s result) and ``StringUtils.splitByCharacterType``
(``new String(chars, offset, count)``'s ``offset + count``)."""

from __future__ import annotations

import pytest
from model_testkit import Builder

from jhalt.domains.intervals import Interval
from jhalt.domains.strings import STRING_CLASS
from jhalt.domains.values import ArrayValue, InstanceValue
from jhalt.models import random as random_model
from jhalt.models import strings
from jhalt.seg.library import Returns, Throws

RANDOM = "java/util/Random"


@pytest.mark.parametrize(
    ("bound", "results", "throws"),
    [(Interval(1, 10), True, False), (Interval(-5, 0), False, True), (Interval(-3, 3), True, True)],
)
def test_next_int_with_a_bound(bound: Interval, results: bool, throws: bool) -> None:
    builder = Builder()
    receiver = builder.value(InstanceValue.of(RANDOM, {}))
    argument = builder.int(bound)
    call = builder.call(RANDOM, "nextInt", "(I)I", receiver, argument)
    outcomes = random_model.next_int(call)
    assert any(isinstance(o, Returns) for o in outcomes) is results
    assert any(isinstance(o, Throws) for o in outcomes) is throws
    if results:
        # nextInt(n) for the largest n allowed returns 0 .. n - 1
        [returned] = [o for o in outcomes if isinstance(o, Returns)]
        assert returned.result is not None
        assert returned.state.heap[returned.result].interval == Interval(0, bound.hi - 1)


@pytest.mark.parametrize(
    ("length", "offset", "count", "fits"),
    [(5, 1, 3, True), (5, 3, 3, False), (5, Interval(0, 2), Interval(1, 3), True)],
)
def test_new_string_of_a_char_range(length: int, offset, count, fits: bool) -> None:
    """``new String(chars, offset, count)``: its success's constraint ``end <= chars.length``
    names ``end = offset + count``, a value only the outcome's state knows (the same KeyError:
    commons-lang3's ``StringUtils.splitByCharacterType``). A range past the end cannot return."""
    builder = Builder()
    receiver = builder.value(InstanceValue(STRING_CLASS, ()))
    chars = builder.value(ArrayValue("[C", builder.int(length)))
    call = builder.call(
        STRING_CLASS, "<init>", "([CII)V", receiver, chars, builder.int(offset),
        builder.int(count), invoke="invokespecial",
    )  # fmt: skip
    outcomes = strings.init_chars_range(call)
    assert any(isinstance(o, Returns) for o in outcomes) is fits
    assert any(isinstance(o, Throws) for o in outcomes)  # offset + count > length is kept
