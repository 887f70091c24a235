"""Two ways a graph is built again or differently for ``prove`` (issue 36):

* **Unrolled loops** (`BuildLimits.unroll`, ``prove`` step 5c): OverwrittenHead's walk ends
  with a NullPointerException in its third iteration, which only loop-head states kept apart
  show; its look-alike OverwrittenHeadForever never ends and must never be proved.
* **Summarised pure callees** (`EvalOptions.summarise_pure_loops`,
  `jhalt.seg.evaluate.summaries`, `jhalt.seg.staged_build`): PureScan's ``matches`` (a loop
  nest that only reads) is analysed once in its own call context; the proof over the smaller
  graph still holds. PureScanForever waits forever on a result the summary forgets: never
  proved. WritingScan shows which callees are of the kind.

Expectations come from the programs' meaning (their header comments; they were run on the JVM
when written: OverwrittenHead throws, the Forever programs are still running after 3 s).
"""

from __future__ import annotations

from javac import compile_java
from termination_kit import JAVA, MAIN, java_graph, prove_java

from jhalt.analyses.prove import PROVE_UNROLL, prove_termination
from jhalt.analyses.termination import prove_graph_terminates
from jhalt.budget import Budget
from jhalt.classfile import ClassPath
from jhalt.findings import Verdict
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.seg.context import EvalContext, EvalOptions
from jhalt.seg.evaluate.summaries import summarisable
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge
from jhalt.seg.staged_build import build_staged


def _prove_main(name: str) -> Verdict:
    classpath = ClassPath.from_spec(str(compile_java(JAVA / f"{name}.java")))
    entry = MethodId(name, "main", MAIN)
    answer = prove_termination(classpath, entry, Budget(120.0), default_registry())
    if answer.verdict is Verdict.YES:  # the YES of these programs is the unrolled graph's
        assert answer.stats.get("unroll") == PROVE_UNROLL
    return answer.verdict


def test_the_walk_over_an_overwritten_head_is_proved_only_unrolled() -> None:
    assert not prove_java("OverwrittenHead").proved  # merged heads: cur may be anything
    assert prove_java("OverwrittenHead", unroll=PROVE_UNROLL).proved


def test_the_unrolled_step_of_prove_answers_yes() -> None:
    assert _prove_main("OverwrittenHead") is Verdict.YES


def test_the_walk_that_restarts_at_the_head_is_never_proved() -> None:
    assert not prove_java("OverwrittenHeadForever", unroll=PROVE_UNROLL).proved
    assert _prove_main("OverwrittenHeadForever") is not Verdict.YES


def _summarised_graph(name: str, **limits: object) -> tuple[SymbolicExecutionGraph, Program]:
    program = Program.from_spec(str(compile_java(JAVA / f"{name}.java")))
    graph = build_graph(
        program,
        MethodId(name, "main", MAIN),
        default_registry(),
        limits=BuildLimits(timeout_s=20, **limits),  # type: ignore[arg-type]
        options=EvalOptions(summarise_pure_loops=True),
    )
    return graph, program


def _entered(graph: SymbolicExecutionGraph) -> set[str]:
    return {
        graph.states[target].position.method.name
        for _, label, target in graph.eval_edges()
        if isinstance(label, EvalEdge) and label.enters_call
    }


def test_a_pure_loop_nest_is_summarised_and_the_proof_still_holds() -> None:
    inlined, _ = java_graph("PureScan")
    graph, program = _summarised_graph("PureScan")
    assert graph.is_complete and inlined.is_complete
    assert _entered(graph) == {"matches"} and not _entered(inlined)
    assert len(graph) < len(inlined)
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved
    assert any("summarised call of PureScan.matches" in a for a in graph_assumptions(graph))


def graph_assumptions(graph: SymbolicExecutionGraph) -> set[str]:
    return {a for _, label, _ in graph.eval_edges() for a in getattr(label, "assumptions", ())}


def test_a_forgotten_result_does_not_end_a_loop() -> None:
    graph, program = _summarised_graph("PureScanForever")
    assert graph.is_complete and _entered(graph) == {"matches"}
    assert not prove_graph_terminates(graph, program).proved


def test_the_staged_build_summarises_when_the_inlined_graph_is_too_big() -> None:
    inlined, program = java_graph("PureScan")
    summarised, _ = _summarised_graph("PureScan")
    entry = MethodId("PureScan", "main", MAIN)
    between = BuildLimits(timeout_s=20, max_states=(len(inlined) + len(summarised)) // 2)
    graph, _ = build_staged(program, entry, default_registry(), between)
    assert graph.is_complete and _entered(graph) == {"matches"}
    graph, _ = build_staged(program, entry, default_registry(), BuildLimits(timeout_s=600))
    assert graph.is_complete and not _entered(graph)


def test_only_reading_callees_with_a_loop_and_a_primitive_result_are_summarisable() -> None:
    program = Program.from_spec(str(compile_java(JAVA / "WritingScan.java")))
    ctx = EvalContext(program, default_registry())

    def kind(name: str) -> bool:
        method = next(m for m in program.methods_by_signature()[(name, _DESCRIPTORS[name])])
        return summarisable(ctx, method)

    assert kind("total")  # a loop, reads only, an int
    assert not kind("count")  # writes the board
    assert not kind("sum")  # no loop of its own: cheap to inline
    assert not kind("main")  # returns nothing


_DESCRIPTORS = {"total": "()I", "count": "()I", "sum": "(II)I", "main": MAIN}
