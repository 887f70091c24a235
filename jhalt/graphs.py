"""Strongly connected components of a directed graph: the one Tarjan of jhalt.

Generic over the node type (any hashable value) and iterative, so a graph of any depth is
safe from Python's recursion limit. Its users: the loops of a control-flow graph
(`bytecode.loops`), the location graph of an ITS (`its.graph`), the SCCs of a symbolic
execution graph and of heap shapes (`analyses.termination`, `seg.abstraction`) and the import
graph of the layering test.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import TypeVar

Node = TypeVar("Node", bound=Hashable)


def strongly_connected_components(
    nodes: Iterable[Node], successors: Callable[[Node], Iterable[Node]]
) -> list[frozenset[Node]]:
    """All SCCs of the graph reachable from ``nodes`` (Tarjan, iterative).

    ``successors`` is called once per node; a successor missing from ``nodes`` is a node
    too. Order: reverse topological — a component comes before every component with an edge
    into it (sinks first). The search starts from ``nodes`` in their order and follows
    successors in theirs, so the result is deterministic for deterministic inputs."""
    index_of: dict[Node, int] = {}
    low: dict[Node, int] = {}
    on_stack: set[Node] = set()
    stack: list[Node] = []
    components: list[frozenset[Node]] = []

    def enter(node: Node) -> tuple[Node, Iterator[Node]]:
        index_of[node] = low[node] = len(index_of)
        stack.append(node)
        on_stack.add(node)
        return node, iter(successors(node))

    for root in nodes:
        if root in index_of:
            continue
        work = [enter(root)]
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index_of:
                    work.append(enter(child))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index_of[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index_of[node]:
                    components.append(_pop_component(stack, on_stack, node))
    return components


def _pop_component(stack: list[Node], on_stack: set[Node], root: Node) -> frozenset[Node]:
    """The members of ``root``'s component: the Tarjan stack down to ``root``, popped."""
    members: set[Node] = set()
    while True:
        member = stack.pop()
        on_stack.discard(member)
        members.add(member)
        if member == root:
            return frozenset(members)


def edge_components(
    nodes: Iterable[Node], edges: Iterable[tuple[Node, Node]]
) -> list[frozenset[Node]]:
    """`strongly_connected_components` of a graph given by its edges: the nodes are ``nodes``
    then the ends of ``edges`` not among them, in order of appearance."""
    successors: dict[Node, list[Node]] = {node: [] for node in nodes}
    for source, target in edges:
        successors.setdefault(source, []).append(target)
        successors.setdefault(target, [])
    return strongly_connected_components(list(successors), successors.__getitem__)
