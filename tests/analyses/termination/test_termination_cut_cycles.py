"""Cycles that the program cuts off, and inputs that never change (issue 14, h-cyc).

* A ring made garbage by an overwrite (TPDB CyclicAnalysisRec): after ``head.next = new
  Node()`` every reference field below ``head`` is represented, so the stale ``⋀``/``!``
  annotations are dropped (`jhalt.seg.evaluate.complete_joins`, rule 2) and the walk of
  ``length()`` has a size.
* A write inside a recursive call's context runs before whatever follows the calls that
  entered it, nothing else (`acyclicity.acyclic_before`): a walk along ``next`` before a
  recursive ``ring()`` closes a ring keeps its sizes along ``next`` (TPDB MainMove).
* ``len(args[k])`` (TPDB UnionFind): when no edge writes an entry of ``main``'s argument,
  ``args[k].length()`` is one number for the whole run
  (`jhalt.analyses.termination.facts.command_line`).

Each has a program it proves and a look-alike it must not prove; the expected verdicts come
from the programs' meaning (tests/programs headers, the look-alike's comment)."""

from __future__ import annotations

from corpus import compile_program
from javac import compile_java, run_java
from termination_kit import JAVA, heap_facts, main_graph

from jhalt.analyses.termination import prove_graph_terminates
from jhalt.analyses.termination.cutpoints import graph_components
from jhalt.analyses.termination.facts.command_line import COMMAND_LINE_FACT, CommandLine
from jhalt.analyses.termination.heap.acyclicity import acyclic_before


def _graph(name: str):
    graph, program = main_graph(compile_program(name).classes_dir, name)
    assert graph.is_complete
    return graph, program


def test_a_ring_cut_off_by_an_overwrite_is_walked_to_its_end() -> None:
    outcome = prove_graph_terminates(*_graph("RecCutRing"))
    assert outcome.proved, outcome.reason
    assert outcome.verify()
    assert any(loop.recursive and "length" in loop.method for loop in outcome.loops)


def test_a_ring_that_stays_below_the_walked_list_is_not_proved() -> None:
    assert not prove_graph_terminates(*_graph("RecKeepRing")).proved


def test_an_unwritten_command_line_string_has_one_length() -> None:
    graph, program = _graph("ArgLengthLoop")
    assert CommandLine(graph, program).holds
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.reason
    assert outcome.verify()
    assert COMMAND_LINE_FACT in heap_facts(outcome)
    assert any(
        "len(args[0])" in "".join(head.ranking) for loop in outcome.loops for head in loop.heads
    )


def test_a_command_line_string_replaced_in_the_loop_is_not_a_constant() -> None:
    """ArgLengthGrows (tests/analyses/termination/java): ``args[0]`` grows by one character
    per iteration, so ``i`` never reaches its length (the JVM still runs it after 3 s)."""
    classes = compile_java(JAVA / "ArgLengthGrows.java")
    assert run_java(classes, "ArgLengthGrows", ["a"], timeout=3).status == "timeout"
    graph, program = main_graph(classes, "ArgLengthGrows")
    assert graph.is_complete
    assert not CommandLine(graph, program).holds  # the aastore into args
    assert not prove_graph_terminates(graph, program).proved


def _walk_nodes(graph) -> frozenset[int]:
    (nodes,) = [
        c for c in graph_components(graph) if graph.states[min(c)].position.method.name == "walk"
    ]
    return nodes


def test_a_walk_before_a_recursive_call_closes_a_ring_is_ranked_along_next() -> None:
    graph, program = _graph("RecWalkThenRing")
    nodes = _walk_nodes(graph)
    assert acyclic_before(graph, program, nodes, frozenset({"next"})).holds
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.reason
    assert outcome.verify()
    facts = heap_facts(outcome)
    assert any("before the loop" in f and "along the fields next" in f for f in facts), facts


def test_a_walk_after_a_recursive_call_closed_a_ring_is_not_proved() -> None:
    graph, program = _graph("RecRingThenWalk")
    assert not acyclic_before(graph, program, _walk_nodes(graph), frozenset({"next"})).holds
    assert not prove_graph_terminates(graph, program).proved
