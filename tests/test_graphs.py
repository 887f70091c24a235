"""The one SCC algorithm (`jhalt.graphs`) against a plain definition: two nodes share a
component exactly when each reaches the other, found here by breadth-first search."""

from __future__ import annotations

from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from jhalt.graphs import edge_components, strongly_connected_components

Graph = dict[int, list[int]]


@st.composite
def graphs(draw: st.DrawFn) -> Graph:
    size = draw(st.integers(min_value=0, max_value=12))
    nodes = list(range(size))
    if not nodes:
        return {}
    edge = st.tuples(st.sampled_from(nodes), st.sampled_from(nodes))
    graph: Graph = {node: [] for node in nodes}
    for source, target in draw(st.lists(edge, max_size=30)):
        graph[source].append(target)  # duplicates kept: the algorithm must not care
    return graph


def _reachable(graph: Graph, start: int) -> set[int]:
    seen = {start}
    queue = deque([start])
    while queue:
        for child in graph[queue.popleft()]:
            if child not in seen:
                seen.add(child)
                queue.append(child)
    return seen


def _reference(graph: Graph) -> set[frozenset[int]]:
    reach = {node: _reachable(graph, node) for node in graph}
    return {frozenset(m for m in graph if m in reach[n] and n in reach[m]) for n in graph}


@given(graphs())
@settings(max_examples=300, deadline=None)
def test_components_are_the_mutual_reachability_classes(graph: Graph) -> None:
    components = strongly_connected_components(graph, graph.__getitem__)
    assert len(components) == len(set(components))  # each node in exactly one component
    assert set(components) == _reference(graph)


@given(graphs())
@settings(max_examples=300, deadline=None)
def test_order_is_reverse_topological(graph: Graph) -> None:
    components = strongly_connected_components(graph, graph.__getitem__)
    position = {node: i for i, component in enumerate(components) for node in component}
    for source, targets in graph.items():
        for target in targets:
            # an edge leads to a component listed no later (sinks first)
            assert position[target] <= position[source]


@given(graphs())
@settings(max_examples=200, deadline=None)
def test_edge_form_agrees_and_is_deterministic(graph: Graph) -> None:
    edges = [(s, t) for s in graph for t in graph[s]]
    by_edges = edge_components(list(graph), edges)
    assert by_edges == strongly_connected_components(graph, graph.__getitem__)
    assert by_edges == edge_components(list(graph), edges)


def test_successors_outside_the_given_nodes_are_nodes_too() -> None:
    graph = {"a": ["b"], "b": ["c"], "c": ["b"]}
    # only "a" given: b and c are reached, their cycle found, and listed before a
    assert strongly_connected_components(["a"], graph.__getitem__) == [
        frozenset("bc"),
        frozenset("a"),
    ]


def test_edge_ends_missing_from_the_nodes_are_added() -> None:
    assert edge_components(["x"], [("y", "z"), ("z", "y")]) == [frozenset("x"), frozenset("yz")]


def test_a_long_cycle_needs_no_recursion() -> None:
    size = 20_000  # far beyond Python's default recursion limit of 1000
    graph = {i: [(i + 1) % size] for i in range(size)}
    assert strongly_connected_components(range(size), graph.__getitem__) == [frozenset(range(size))]
