"""The termination tests' common steps: a program of ``tests/analyses/termination/java`` (or
any compiled classes) built into the graph of its ``main``, proved, and its heap facts read."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from corpus import compile_program
from javac import compile_java

from jhalt.analyses.termination import TerminationOutcome, prove_graph_terminates
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.seg.graph import SymbolicExecutionGraph

JAVA = Path(__file__).parent / "analyses" / "termination" / "java"
MAIN = "([Ljava/lang/String;)V"


def main_graph(classes: Path, name: str, **limits: Any) -> tuple[SymbolicExecutionGraph, Program]:
    """The graph of ``name.main`` in ``classes`` (20 s, further `BuildLimits` by keyword)."""
    program = Program.from_spec(str(classes))
    graph = build_graph(
        program, MethodId(name, "main", MAIN), default_registry(),
        limits=BuildLimits(timeout_s=20, **limits),
    )  # fmt: skip
    return graph, program


def java_graph(name: str, **limits: Any) -> tuple[SymbolicExecutionGraph, Program]:
    """`main_graph` of ``JAVA/name.java``, compiled."""
    return main_graph(compile_java(JAVA / f"{name}.java"), name, **limits)


def program_graph(name: str) -> tuple[SymbolicExecutionGraph, Program]:
    """The complete graph of the corpus program ``name`` (tests/programs), or of
    ``JAVA/name.java`` when there is one (the look-alikes kept out of the corpus)."""
    source = JAVA / f"{name}.java"
    classes = compile_java(source) if source.exists() else compile_program(name).classes_dir
    graph, program = main_graph(classes, name)
    assert graph.is_complete
    return graph, program


def prove_java(name: str, **limits: Any) -> TerminationOutcome:
    """The termination outcome of ``JAVA/name.java``'s ``main``."""
    return prove_graph_terminates(*java_graph(name, **limits))


def heap_facts(outcome: TerminationOutcome) -> list[str]:
    """The heap facts every loop proof of ``outcome`` rests on."""
    return [fact for loop in outcome.loops for fact in loop.heap_facts]
