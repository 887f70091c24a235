"""A recursive method that calls a class jhalt has no description of (an undescribed JDK
class such as ``java.util.BitSet``, found in guava's ``Range.canonical``) gets a summary
that says the call may change anything — not an internal error of graph construction."""

from __future__ import annotations

from pathlib import Path

import pytest
from seg_testkit import compile_source, graph_of

from jhalt.classfile import ClassPath
from jhalt.program import Program

SOURCE = """
public class Rec {
    static class Node { Node next; }

    public static int depth(Node n) {
        if (n == null) return 0;
        int d = 1 + depth(n.next);
        if (d > 100) new java.util.BitSet().set(d);
        return d;
    }
}
"""


@pytest.fixture(scope="module")
def classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_source(tmp_path_factory.mktemp("rec"), "Rec", SOURCE)


def test_bitset_is_undescribed(classes: Path) -> None:
    assert Program(ClassPath.from_spec(str(classes))).find("java/util/BitSet") is None


def test_the_recursive_call_is_summarised(classes: Path) -> None:
    graph = graph_of(classes, "Rec", "depth", "(LRec$Node;)I")
    internal = [item.reason for item in graph.incomplete if item.category == "internal"]
    assert internal == []
    assert "return" in set(graph.ends.values())  # the base case and the summarised return
