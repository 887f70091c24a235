"""The simulation check itself (jhalt.seg.simulation.check_simulation) must be able
to fail: a graph that misses a behaviour, or whose states are too narrow, is reported with
the unmatched trace state and check_instance's reasons."""

from __future__ import annotations

import dataclasses

from corpus import compile_program
from soundness_kit import TEST_LIMITS, registry

from jhalt.domains.heap import Heap
from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState, Frame
from jhalt.domains.values import ArrayValue, IntValue
from jhalt.ids import MethodId, ProgramPosition
from jhalt.program import Program
from jhalt.seg.builder import build_graph
from jhalt.seg.concrete_run import run_concrete
from jhalt.seg.context import EvalContext
from jhalt.seg.graph import Incomplete, SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge
from jhalt.seg.simulation import check_simulation, with_shared_self_joins

MAIN = MethodId("CountDown", "main", "([Ljava/lang/String;)V")


def _countdown() -> tuple[Program, SymbolicExecutionGraph]:
    program = Program.from_spec(str(compile_program("CountDown").classes_dir))
    return program, build_graph(program, MAIN, registry(), TEST_LIMITS)


def _check(program: Program, graph: SymbolicExecutionGraph, arguments: tuple[int, ...]):
    run = run_concrete(program, MAIN, arguments, registry())
    return check_simulation(
        graph, run, EvalContext(program, registry()).hierarchy, tolerate_self_joins=True
    )


def test_the_real_graph_simulates_the_run() -> None:
    program, graph = _countdown()
    result = _check(program, graph, (5,))
    assert result.complete and result.sound
    assert len(result.path) == result.total
    assert result.path[0] == graph.entry
    assert result.path[-1] in graph.ends


def _narrowed(state: AbstractState) -> AbstractState:
    """Every integer interval cut down to at most 2 (loses the runs with n = 5)."""
    changes = {}
    for reference, value in state.heap.items():
        if isinstance(value, IntValue):
            meet = value.interval.meet(Interval(None, 2))
            if meet is not None and meet != value.interval:
                changes[reference] = IntValue(meet, value.type_letter)
    return state.with_heap(state.heap.update(changes))


def test_too_narrow_graph_states_are_a_counterexample() -> None:
    program, graph = _countdown()
    narrowed = dataclasses.replace(graph, states={n: _narrowed(s) for n, s in graph.states.items()})
    result = _check(program, narrowed, (5,))
    assert not result.sound
    assert result.failure is not None
    assert "is not matched" in result.failure or "not an instance" in result.failure
    assert "check_instance" in result.failure


def test_a_missing_evaluation_edge_is_a_counterexample() -> None:
    program, graph = _countdown()
    run = run_concrete(program, MAIN, (2,), registry())
    full = _check(program, graph, (2,))
    assert full.complete
    victim = full.path[len(full.path) // 2]
    edges = tuple(e for e in graph.edges if not (e[0] == victim and isinstance(e[1], EvalEdge)))
    assert len(edges) < len(graph.edges)
    cut = dataclasses.replace(graph, edges=edges)
    result = check_simulation(
        cut, run, EvalContext(program, registry()).hierarchy, tolerate_self_joins=True
    )
    assert not result.sound
    assert result.matched < result.total


def test_an_incomplete_node_ends_the_check_without_a_verdict() -> None:
    program, graph = _countdown()
    full = _check(program, graph, (2,))
    victim = full.path[len(full.path) // 2]
    edges = tuple(e for e in graph.edges if e[0] != victim)
    cut = dataclasses.replace(
        graph, edges=edges, incomplete=(Incomplete(victim, "limit: test", "limit"),)
    )
    result = _check(program, cut, (2,))
    assert result.sound and not result.complete
    assert result.incomplete is not None and "limit: test" in result.incomplete


def test_another_programs_graph_does_not_simulate_the_run() -> None:
    program, _ = _countdown()
    other_program = Program.from_spec(str(compile_program("CountUp").classes_dir))
    other = build_graph(
        other_program, MethodId("CountUp", "main", MAIN.descriptor), registry(), TEST_LIMITS
    )
    result = _check(program, other, (1,))
    assert not result.sound and result.matched == 0
    assert result.failure is not None and "initial trace state" in result.failure


def test_self_joins_are_added_exactly_for_references_reached_twice() -> None:
    method = MethodId("A", "m", "()V")
    heap = Heap(
        {
            "a1": ArrayValue("[I", "i1"),
            "i1": IntValue(Interval(0, None)),
            "a2": ArrayValue("[I", "i1"),
        }
    )
    state = AbstractState((Frame(ProgramPosition(method, 0), ("a1", "a2"), ("a1",)),), heap)
    joined = with_shared_self_joins(state).predicates
    assert joined.may_join("a1", "a1")
    assert not joined.may_join("a2", "a2")
    assert not joined.may_join("i1", "i1")  # integers carry no annotations
