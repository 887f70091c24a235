"""A layered layout of a small directed graph, for the SVG pictures of the HTML reports.

The classic layered drawing (Sugiyama, Tagawa and Toda), in its simplest form, without any
external tool:

1. **Cycles broken** by a depth-first search from the first node (then from every node not yet
   reached, in the given order): an edge to a node still on the search's stack is a *back
   edge*; it is drawn, but not used to place nodes. Self-loops are left out of the placing too.
2. **Layers**: a node's layer is the length of the longest path of forward edges reaching it,
   so every forward edge points downwards.
3. **Order within a layer**: first the given order (the caller passes nodes by source line),
   then a few sweeps that move each node to the mean position (barycentre) of its neighbours
   in the layer above, then below, which removes most crossings of small graphs.

Assumption: graphs are small (the caller keeps them below about a hundred nodes); every step
is quadratic at worst.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Layout", "layered_layout"]

SWEEPS = 4
"""Barycentre sweeps (each one down and one up)."""


@dataclass(frozen=True)
class Layout:
    """Each node's layer and its index within the layer; the back edges (drawn as arcs)."""

    layer: dict[str, int]
    index: dict[str, int]
    layers: tuple[tuple[str, ...], ...]
    back_edges: frozenset[tuple[str, str]]


def _back_edges(nodes: Sequence[str], successors: dict[str, list[str]]) -> set[tuple[str, str]]:
    """Edges closing a cycle in an iterative depth-first search (step 1)."""
    state: dict[str, int] = {}  # 1: on the stack, 2: done
    back: set[tuple[str, str]] = set()
    for root in nodes:
        if root in state:
            continue
        state[root] = 1
        stack = [(root, iter(successors[root]))]
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                state[node] = 2
                stack.pop()
            elif state.get(child) == 1:
                back.add((node, child))
            elif child not in state:
                state[child] = 1
                stack.append((child, iter(successors[child])))
    return back


def _layers(nodes: Sequence[str], forward: list[tuple[str, str]]) -> dict[str, int]:
    """Longest-path layering over the forward edges (step 2), in topological order."""
    incoming = {node: 0 for node in nodes}
    outgoing: dict[str, list[str]] = {node: [] for node in nodes}
    for source, target in forward:
        incoming[target] += 1
        outgoing[source].append(target)
    layer = {node: 0 for node in nodes}
    ready = [node for node in nodes if incoming[node] == 0]
    while ready:
        node = ready.pop(0)
        for target in outgoing[node]:
            layer[target] = max(layer[target], layer[node] + 1)
            incoming[target] -= 1
            if incoming[target] == 0:
                ready.append(target)
    return layer


def _sweep(
    layers: list[list[str]], neighbours: dict[str, list[str]], position: dict[str, int]
) -> None:
    """Reorder each layer (but the first) by the barycentres of ``neighbours`` (step 3)."""
    for row in layers[1:]:
        keys = {}
        for index, node in enumerate(row):
            placed = [position[n] for n in neighbours[node] if n in position]
            keys[node] = sum(placed) / len(placed) if placed else float(index)
        row.sort(key=keys.__getitem__)
        for index, node in enumerate(row):
            position[node] = index


def layered_layout(nodes: Sequence[str], edges: Sequence[tuple[str, str]]) -> Layout:
    """The layout of the graph (module doc); ``nodes`` in their preferred order, first the
    root; edges between unknown nodes are ignored."""
    known = set(nodes)
    edges = [(s, t) for s, t in edges if s in known and t in known]
    successors: dict[str, list[str]] = {node: [] for node in nodes}
    for source, target in edges:
        if target not in successors[source]:
            successors[source].append(target)
    back = _back_edges(nodes, successors)
    forward = [(s, t) for s, t in dict.fromkeys(edges) if s != t and (s, t) not in back]
    layer = _layers(nodes, forward)
    rows: list[list[str]] = [[] for _ in range(max(layer.values(), default=-1) + 1)]
    for node in nodes:
        rows[layer[node]].append(node)
    above: dict[str, list[str]] = {node: [] for node in nodes}
    below: dict[str, list[str]] = {node: [] for node in nodes}
    for source, target in forward:
        above[target].append(source)
        below[source].append(target)
    position = {node: row.index(node) for row in rows for node in row}
    for _ in range(SWEEPS):
        _sweep(rows, above, position)
        _sweep(rows[::-1], below, position)
    return Layout(
        layer=layer,
        index=dict(position),
        layers=tuple(tuple(row) for row in rows),
        back_edges=frozenset(back),
    )
