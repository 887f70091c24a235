"""A recursive method that calls a class jhalt has no description of (an undescribed JDK
class such as ``java.util.BitSet``, found in guava's ``Range.canonical``) gets a summary
that says the call may change anything — not an internal error of graph construction. Where the
JDK's runtime image can be read, BitSet is found there (`jhalt.program.jdk_library`): the test
asks for the descriptions alone, as a run without a readable image does, and checks the
graph with the image too."""

from __future__ import annotations

from pathlib import Path

import pytest
from seg_testkit import compile_source

from jhalt.classfile import ClassPath
from jhalt.ids import MethodId
from jhalt.program import JdkLibrary, Program, jdk_descriptions
from jhalt.seg.builder import build_graph
from jhalt.seg.graph import SymbolicExecutionGraph

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


DESCRIBED_ONLY = JdkLibrary(jdk_descriptions(), None, "no image (the test asks for none)")


def _graph(classes: Path, library: JdkLibrary | None) -> SymbolicExecutionGraph:
    path = ClassPath.from_spec(str(classes))
    program = Program(path, library) if library is not None else Program(path)
    return build_graph(program, MethodId("Rec", "depth", "(LRec$Node;)I"))


def test_bitset_is_undescribed(classes: Path) -> None:
    program = Program(ClassPath.from_spec(str(classes)), DESCRIBED_ONLY)
    assert program.find("java/util/BitSet") is None


@pytest.mark.parametrize("library", [DESCRIBED_ONLY, None], ids=["descriptions", "image"])
def test_the_recursive_call_is_summarised(classes: Path, library: JdkLibrary | None) -> None:
    graph = _graph(classes, library)
    internal = [item.reason for item in graph.incomplete if item.category == "internal"]
    assert internal == []
    assert "return" in set(graph.ends.values())  # the base case and the summarised return
