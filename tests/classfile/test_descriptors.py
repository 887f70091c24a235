"""Descriptor parsing (JVM spec §4.3): round trips and rejection of malformed text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jhalt.classfile.descriptors import (
    from_source,
    is_field_descriptor,
    parameter_slots,
    parse_method_descriptor,
    slot_size,
    to_source,
)
from jhalt.errors import ClassFormatError

identifier = st.from_regex(r"[A-Za-z_$][A-Za-z0-9_$]{0,8}", fullmatch=True)
class_name = st.lists(identifier, min_size=1, max_size=4).map("/".join)
base = st.sampled_from(list("BCDFIJSZ")) | class_name.map(lambda n: f"L{n};")
field_descriptor = st.tuples(st.integers(0, 3), base).map(lambda t: "[" * t[0] + t[1])


@given(st.lists(field_descriptor, max_size=6), field_descriptor | st.just("V"))
def test_method_descriptor_round_trip(params: list[str], ret: str) -> None:
    text = f"({''.join(params)}){ret}"
    assert parse_method_descriptor(text) == (tuple(params), ret)
    assert parameter_slots(text, is_static=True) == sum(slot_size(p) for p in params)
    assert parameter_slots(text, is_static=False) == 1 + parameter_slots(text, is_static=True)


@given(field_descriptor)
def test_source_names_round_trip(descriptor: str) -> None:
    assert is_field_descriptor(descriptor)
    assert from_source(to_source(descriptor)) == descriptor


@pytest.mark.parametrize(
    "text", ["", "I", "(I", "(IV)V", "(Ljava/lang/String)V", "(L;)V", "()VV", "(Q)V", "(La.b;)V"]
)
def test_malformed_method_descriptors_are_rejected(text: str) -> None:
    with pytest.raises(ClassFormatError):
        parse_method_descriptor(text)


def test_examples() -> None:
    assert parse_method_descriptor("(I[JLjava/lang/String;D)V") == (
        ("I", "[J", "Ljava/lang/String;", "D"),
        "V",
    )
    assert parameter_slots("(IJD)V", is_static=True) == 5
    assert to_source("[[Ljava/lang/String;") == "java.lang.String[][]"
    assert from_source("int[]") == "[I"
