"""A recursive call whose callee stores a new JDK object (``new ArrayList()``) into a field:
the summary asks whether that constructor stores only null — a JDK class jhalt describes has no
code to read, so the answer is "not known" (any store), not an internal error (commons-lang3's
``StrBuilder.appendln(long)``: "ArrayList.<init>()V has no code" in graph construction)."""

from __future__ import annotations

from pathlib import Path

from seg_testkit import compile_source, graph_of

from jhalt.models import default_registry

SOURCE = """
public class Fill {
    Object items;

    void fill(int n) {
        if (n > 0) {
            items = new java.util.ArrayList();
            fill(n - 1);
        }
    }
}
"""


def test_a_library_constructor_in_a_recursive_callee_is_no_internal_error(tmp_path: Path) -> None:
    classes = compile_source(tmp_path, "Fill", SOURCE)
    graph = graph_of(classes, "Fill", "fill", "(I)V", registry=default_registry())
    assert [item.reason for item in graph.incomplete if item.category == "internal"] == []
    assert graph.ends  # the recursion returns (n <= 0)
