"""Upper bounds on the sizes of new objects (extract: ``sz(x) <= 1 + sum of sz(children)``)
must not make a growing list look shrinking: a loop that adds two nodes and drops one per
round never gets YES (corpus twin: GrowShrinkList, which drops four and adds three)."""

from __future__ import annotations

from pathlib import Path

from javac import compile_java

from jhalt.analyses.termination import prove_graph_terminates
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph

SOURCE = Path(__file__).parent / "java" / "GrowsForever.java"


def test_growing_list_walk_is_not_proved_terminating():
    classes = compile_java(SOURCE)
    program = Program.from_spec(str(classes))
    graph = build_graph(
        program,
        MethodId("GrowsForever", "main", "([Ljava/lang/String;)V"),
        default_registry(),
        limits=BuildLimits(timeout_s=20),
    )
    outcome = prove_graph_terminates(graph, program)
    assert not outcome.proved, outcome.describe()
