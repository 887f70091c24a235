"""Graph walks over references: the one reachability search of the abstract domains.

Every "what can this reference reach" question of the analysis (reachable references of a
state, the objects below a reference, the holders of a written object, the data below an
acyclic object; seed 000 §2.1, thesis Def. 1.41-1.43) is a closure over some edge relation
between references. The two walks here are generic in the node type, the edges (``follow``)
and which nodes count (``admit``); the heap-specific instances live in
:mod:`jhalt.domains.state` (:func:`~jhalt.domains.state.reachable_objects`).

:func:`walk` is depth-first with an explicit stack: it visits the starts from the last to
the first and pushes a node's edges in the order ``follow`` yields them, so the returned
first-visit order is deterministic. :func:`levels` is breadth-first and records the level
at which each node is first admitted.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

Node = TypeVar("Node", bound=Hashable)


def _admit_all(_node: object) -> bool:
    return True


def walk(
    starts: Iterable[Node],
    follow: Callable[[Node], Iterable[Node]],
    admit: Callable[[Node], bool] = _admit_all,
) -> list[Node]:
    """The nodes reachable from ``starts`` (starts included) through ``follow``, in the
    order of their first visit by a depth-first search with an explicit stack. A node for
    which ``admit`` is false is neither recorded nor expanded (it blocks the paths through
    it); ``admit`` must depend on the node only."""
    seen: set[Node] = set()
    order: list[Node] = []
    todo = list(starts)
    while todo:
        current = todo.pop()
        if current in seen or not admit(current):
            continue
        seen.add(current)
        order.append(current)
        todo.extend(follow(current))
    return order


def levels(
    starts: Iterable[Node],
    follow: Callable[[Node], Iterable[Node]],
    admit: Callable[[Node], bool] = _admit_all,
    first: int = 0,
) -> dict[Node, int]:
    """Breadth-first levels: each admitted node reachable from ``starts`` mapped to the
    number of edges on a shortest path to it, plus ``first`` (the starts get ``first``).
    The mapping's insertion order is the order of the search; ``admit`` as in :func:`walk`."""
    depth: dict[Node, int] = {}
    frontier = list(starts)
    level = first
    while frontier:
        following: list[Node] = []
        for node in frontier:
            if node in depth or not admit(node):
                continue
            depth[node] = level
            following.extend(follow(node))
        frontier = following
        level += 1
    return depth
