"""Class literals (``ldc A.class``): the Class object of a type is unique (JLS §15.8.2,
JVMS §5.4.3.1), so ``A.class == A.class`` is true and ``A.class == B.class`` is false."""

from __future__ import annotations

import pytest
from seg_testkit import compile_source, graph_of, return_values

from jhalt.domains.intervals import Interval
from jhalt.models import default_registry

SOURCE = """
public class Literals {
    static class A {}
    static class B {}
    static Object stored;

    static int same() { Class<?> x = A.class; Class<?> y = A.class; return x == y ? 1 : 0; }
    static int different() { Object x = A.class; Object y = B.class; return x == y ? 1 : 0; }
    static int throughField() { stored = A.class; return stored == A.class ? 1 : 0; }
    static int unknown(Object o) { return o == A.class ? 1 : 0; }
}
"""


@pytest.fixture(scope="module")
def classes(tmp_path_factory):
    return compile_source(tmp_path_factory.mktemp("literals"), "Literals", SOURCE)


@pytest.mark.parametrize(
    "registry", [None, default_registry()], ids=["no-models", "default-models"]
)
@pytest.mark.parametrize(
    ("method", "expected"),
    [
        ("same", {Interval.const(1)}),
        ("different", {Interval.const(0)}),
        ("throughField", {Interval.const(1)}),
    ],
)
def test_class_literals_of_one_type_are_one_object(classes, registry, method, expected):
    graph = graph_of(classes, "Literals", method, "()I", registry=registry)
    assert graph.is_complete
    assert set(return_values(graph)) == expected


def test_an_unknown_object_may_be_the_class_object(classes):
    graph = graph_of(
        classes, "Literals", "unknown", "(Ljava/lang/Object;)I", registry=default_registry()
    )
    assert graph.is_complete
    assert set(return_values(graph)) == {Interval.const(0), Interval.const(1)}
