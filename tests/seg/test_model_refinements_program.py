"""A model's refinements consult the program (issue 19: commons-lang3's
``ToStringBuilder.build()`` stopped with "internal error: AttributeError: '_FreshOnly' object
has no attribute 'program'"): ``StringBuffer.append`` on a buffer that may be another
argument first splits into "the same object" and "another" (`need_unshared`), judged by the
types of both, which needs the hierarchy."""

from __future__ import annotations

from pathlib import Path

import pytest
from seg_testkit import compile_source, graph_of

from jhalt.models import default_registry

SOURCE = """
public class Eq {
    Object object;
    StringBuffer buffer;

    public int grow() {
        Object o = object;
        buffer.append("x");  // the buffer may be the object read before
        return o.hashCode();
    }
}
"""


@pytest.fixture(scope="module")
def classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_source(tmp_path_factory.mktemp("eq"), "Eq", SOURCE)


def test_append_to_a_possible_alias_is_refined(classes: Path) -> None:
    graph = graph_of(classes, "Eq", "grow", "()I", default_registry())
    assert [item.reason for item in graph.incomplete if item.category == "internal"] == []
    assert "return" in set(graph.ends.values())
