"""Soundness of the ITS extraction on concrete runs (issue 6 deliverable 1): every concrete
run through an SCC of the graph maps to a run of that SCC's ITS.

A run of the concrete interpreter (jhalt.seg.concrete_run, the same evaluator as the
graph) is matched to graph nodes by `check_simulation`.  Each time the run passes a cut point
(a loop head), the values of the ITS variables are read from the concrete state: integer
references through the instance renaming, ``sz(o)`` as the longest path of objects from the
concrete object (which must be acyclic — the size rule claims so).  Between two consecutive
cut-point visits inside one SCC some ITS transition must allow the step (its auxiliary
variables existentially quantified; decided by z3)."""

from __future__ import annotations

from collections import deque

import pytest
from corpus import compile_program

from jhalt.analyses.termination.cutpoints import graph_components, size_name
from jhalt.analyses.termination.extract import extract_component
from jhalt.domains.instance import check_instance
from jhalt.domains.state import AbstractState, successors
from jhalt.domains.values import NULL, IntValue, is_object_value
from jhalt.ids import MethodId
from jhalt.its.linear import const
from jhalt.its.system import primed
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import build_graph
from jhalt.seg.concrete_run import run_concrete
from jhalt.seg.context import ProgramHierarchy
from jhalt.seg.labels import EvalEdge
from jhalt.seg.simulation import check_simulation, with_shared_self_joins
from jhalt.smt.encode import Domain
from jhalt.smt.entailment import check_satisfiable
from jhalt.smt.session import SatAnswer, SmtConfig

MAIN = "([Ljava/lang/String;)V"


def concrete_size(
    state: AbstractState, reference: str, on_path: tuple[str, ...] = ()
) -> int | None:
    """Objects on the longest path from ``reference``; None when the data is cyclic."""
    if reference == NULL:
        return 0
    if reference in on_path:
        return None
    best = 0
    for _, child in successors(state.heap.get(reference)):
        if child != NULL and is_object_value(state.heap[child]):
            size = concrete_size(state, child, on_path + (reference,))
            if size is None:
                return None
            best = max(best, size)
    return best + 1


def route(graph, source: int, target: int) -> list[int]:
    """Nodes from ``source`` through non-evaluation edges to the node whose evaluation edge
    reaches ``target``."""
    out: dict[int, list] = {}
    for s, label, t in graph.edges:
        out.setdefault(s, []).append((label, t))
    parents: dict[int, int | None] = {source: None}
    queue = deque([source])
    while queue:
        node = queue.popleft()
        if any(isinstance(label, EvalEdge) and t == target for label, t in out.get(node, [])):
            nodes = [node]
            while parents[nodes[-1]] is not None:
                nodes.append(parents[nodes[-1]])  # type: ignore[arg-type]
            return nodes[::-1]
        for label, t in out.get(node, []):
            if not isinstance(label, EvalEdge) and t not in parents:
                parents[t] = node
                queue.append(t)
    return [source]


def valuation(
    cut_point, concrete: AbstractState, general: AbstractState, hierarchy
) -> dict[str, int]:
    answer = check_instance(concrete, general, hierarchy)
    if not answer:  # the relaxation check_simulation also applies (its docstring)
        answer = check_instance(concrete, with_shared_self_joins(general), hierarchy)
    assert answer, f"the concrete state is not an instance of its cut point: {answer.reasons}"
    values: dict[str, int] = {}
    for reference in cut_point.int_refs:
        concrete_ref = answer.renaming.get(reference)
        value = concrete.heap.get(concrete_ref) if concrete_ref else None
        if isinstance(value, IntValue) and value.interval.is_singleton:
            values[reference] = value.interval.value
    for reference in cut_point.sized_refs:
        concrete_ref = answer.renaming.get(reference)
        if concrete_ref is None:
            continue
        size = concrete_size(concrete, concrete_ref)
        assert size is not None, f"{reference} was given a size but the concrete data is cyclic"
        values[size_name(reference)] = size
    return values


@pytest.mark.parametrize(
    ("name", "arguments"),
    [
        ("CountDown", ["abcd"]),
        ("NestedLoops", ["ab", "c", "def"]),
        ("ListTraversal", ["a", "bb", "c"]),
        ("GcdModulo", ["abcdef", "abcd"]),
        ("Lexicographic", ["abc", "de"]),
        ("BubbleSort", ["ccc", "a", "bb"]),
    ],
)
def test_concrete_loop_iterations_are_allowed_by_the_its(name, arguments):
    compiled = compile_program(name)
    program = Program.from_spec(str(compiled.classes_dir))
    entry = MethodId(compiled.main_class, "main", MAIN)
    graph = build_graph(program, entry, default_registry())
    run = run_concrete(program, entry, arguments, registry=default_registry(), max_steps=3000)
    hierarchy = ProgramHierarchy(program)
    simulation = check_simulation(graph, run, hierarchy, tolerate_self_joins=True)
    assert simulation.sound, simulation.failure
    systems = [extract_component(graph, nodes) for nodes in graph_components(graph)]
    cut_of = {c.node: (system, c) for system in systems for c in system.cut_points}
    path = simulation.path
    visits = []
    for index in range(len(path) - 1):
        for node in route(graph, path[index], path[index + 1]):
            if node in cut_of:
                visits.append((index, node))
    checked = 0
    for (first_index, first), (second_index, second) in zip(visits, visits[1:]):
        system, source = cut_of[first]
        if cut_of[second][0] is not system:
            continue
        if not all(path[k] in system.nodes for k in range(first_index, second_index + 1)):
            continue
        target = cut_of[second][1]
        pre = valuation(source, run.states[first_index], graph.states[first], hierarchy)
        post = valuation(target, run.states[second_index], graph.states[second], hierarchy)
        values = dict(pre)
        values.update({primed(k): v for k, v in post.items()})
        candidates = [
            t
            for t in system.its.transitions
            if t.source == source.location and t.target == target.location
        ]
        allowed = any(
            check_satisfiable(
                [c.substitute({k: const(v) for k, v in values.items()}) for c in t.guard],
                Domain.INTEGER,
                SmtConfig(),
            )
            is SatAnswer.SAT
            for t in candidates
        )
        assert allowed, f"step {first}->{second} with {values} is not allowed by {candidates}"
        checked += 1
    assert checked >= 2, "the run should pass a loop head at least twice"
