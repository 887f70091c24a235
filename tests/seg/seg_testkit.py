"""Helpers for the seg tests: compile a Java source at test time and build its graph."""

from __future__ import annotations

import textwrap
from pathlib import Path

from javac import compile_java

from jhalt.classfile import ClassPath
from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState
from jhalt.domains.values import IntValue
from jhalt.ids import MethodId
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.library import LibraryCall, ModelRegistry, Returns, with_fresh_value

PROGRAMS = Path(__file__).resolve().parent.parent / "programs"


def compile_source(tmp_path: Path, class_name: str, source: str, release: int = 8) -> Path:
    path = tmp_path / f"{class_name}.java"
    path.write_text(textwrap.dedent(source))
    return compile_java(path, release=release)


def graph_of(
    classes: Path, class_name: str, name: str = "main", descriptor: str = "([Ljava/lang/String;)V",
    registry: ModelRegistry | None = None, limits: BuildLimits | None = None,
) -> SymbolicExecutionGraph:  # fmt: skip
    program = Program(ClassPath.from_spec(str(classes)))
    return build_graph(program, MethodId(class_name, name, descriptor), registry, limits)


def string_length_registry() -> ModelRegistry:
    """A registry with the one model the seed examples need: ``String.length()`` returns a
    non-negative int and cannot throw on a non-null receiver (JLS §4.3.3)."""

    def length(call: LibraryCall) -> list[Returns]:
        state, result = with_fresh_value(
            call.popped_state(), IntValue(Interval.at_least(0), "I"), call.fresh
        )
        return [Returns(state, result)]

    registry = ModelRegistry()
    registry.register("java/lang/String", "length", "()I", length)
    return registry


def top_int(state: AbstractState, depth: int = 0) -> Interval:
    value = state.heap[state.peek(depth)]
    assert isinstance(value, IntValue), value
    return value.interval


def return_values(graph: SymbolicExecutionGraph, mnemonic: str = "ireturn") -> list[Interval]:
    """Intervals on top of the stack at every evaluated ``mnemonic`` of the entry method."""
    result = []
    for source, label, _ in graph.eval_edges():
        if label.mnemonic == mnemonic and label.position.method == graph.entry_method:
            result.append(top_int(graph.states[source]))
    return result
