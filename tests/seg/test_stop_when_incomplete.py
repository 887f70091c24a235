"""`BuildLimits.stop_when_incomplete`: the builder stops at the first node outside call contexts
that it cannot expand, leaving the rest of its worklist unexpanded (the relevance analysis
reports nothing on such a graph, so building on is wasted time)."""

from __future__ import annotations

from pathlib import Path

from seg_testkit import compile_source, graph_of

from jhalt.models import default_registry
from jhalt.seg.builder import BuildLimits

SOURCE = """
import java.util.function.IntUnaryOperator;

public class Stops {
    static int run(int n, IntUnaryOperator f) {
        int s = 0;
        if (n > 0) {
            s = f.applyAsInt(n);   // f may be use()'s serializable lambda: unsupported
        }
        for (int i = 0; i < n; i++) {          // explored only when the builder goes on
            s += i * i;
        }
        return s;
    }

    static int use() {
        return run(3, (IntUnaryOperator & java.io.Serializable) x -> x + 1);
    }
}
"""
RUN = "(ILjava/util/function/IntUnaryOperator;)I"


def test_the_builder_stops_at_the_first_incomplete_node(tmp_path: Path) -> None:
    classes = compile_source(tmp_path, "Stops", SOURCE)
    full = graph_of(classes, "Stops", "run", RUN, default_registry())
    stopped = graph_of(
        classes, "Stops", "run", RUN, default_registry(),
        BuildLimits(stop_when_incomplete=True),
    )  # fmt: skip
    assert not full.is_complete and not stopped.is_complete
    assert {i.category for i in full.incomplete} == {"lambda"}
    assert "lambda" in {i.category for i in stopped.incomplete}
    assert len(stopped) < len(full)
