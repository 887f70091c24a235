"""Exception ends of a Symbolic Execution Graph that no run reaches, shown path by path.

The graph over-approximates: a state may throw although no run gets there, because a state's
values are intervals and what a model knows of a call's result is a relation on the edge, not
a narrower interval (``free = Math.max(0, 3 - args.length); assert free >= 0``: the state
after the call holds ``free`` in ``(-∞, +∞)``, its edge says ``free ≥ 0``). The conditions of
one *path* are exact enough: the intervals of its states and the relations of its edges
(`jhalt.witness.search.path.collect_path_facts`), all of which every run along the path
satisfies. When they have no integer solution, no run follows the path.

`refute_ends` shows that no run reaches an exception end when

* the part of the graph that leads to it has no cycle, so its paths from the entry are
  finitely many — at most `MAX_PATHS`, all of them checked;
* the graph has no recursive call contexts (their ends are reached through summaries, not
  along the graph's edges from its entry);
* every path's integer conditions are unsatisfiable (Z3: ``unsat``, not ``unknown``), read
  with the JVM's integers kept in their types' ranges — which a caller must have shown
  (`jhalt.analyses.absence`: no computed integer leaves its range, so no run overflows) — and
  without the paths' String contents or heap shapes (fewer conditions: an ``unsat`` only
  says more).

A path whose conditions the collection cannot express (``unsupported``) is not refuted.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from jhalt.budget import NEVER, Deadline
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EdgeLabel
from jhalt.smt.session import SatAnswer, SmtConfig
from jhalt.smt.witness_solver import solve_path
from jhalt.witness.search.path import collect_path_facts, edge_labels

MAX_PATHS = 64
"""Paths from the entry to one exception end checked at most (more: not refuted)."""
RLIMIT = 4_000_000
"""Z3 resource limit of one path's check."""


def refute_ends(
    graph: SymbolicExecutionGraph, ends: Iterable[int], deadline: Deadline = NEVER
) -> set[int]:
    """The nodes of ``ends`` that no run reaches (module docstring)."""
    if graph.context_ends:
        return set()
    predecessors: dict[int, list[int]] = {}
    for source, _, target in graph.edges:
        predecessors.setdefault(target, []).append(source)
    labels = edge_labels(graph)
    config = SmtConfig(RLIMIT, deadline)
    refuted: set[int] = set()
    for end in ends:
        paths = _all_paths(graph.entry, end, predecessors)
        if paths is None:
            continue
        if paths and all(_infeasible(graph, path, labels, config) for path in paths):
            refuted.add(end)
    return refuted


def _infeasible(
    graph: SymbolicExecutionGraph,
    path: tuple[int, ...],
    labels: dict[tuple[int, int], EdgeLabel],
    config: SmtConfig,
) -> bool:
    facts = collect_path_facts(graph, path, labels)
    if facts.unsupported or config.deadline.expired():
        return False
    return solve_path(facts, config) is SatAnswer.UNSAT


def _all_paths(
    entry: int, end: int, predecessors: dict[int, list[int]]
) -> list[tuple[int, ...]] | None:
    """Every path ``entry`` → ``end``, or None when the part of the graph that reaches
    ``end`` has a cycle or more than `MAX_PATHS` paths."""
    reaching = _backward_closure(end, predecessors)
    if entry not in reaching or _has_cycle(reaching, predecessors):
        return None
    paths: list[tuple[int, ...]] = []
    for path in _paths_back(end, entry, predecessors, reaching):
        paths.append(path)
        if len(paths) > MAX_PATHS:
            return None
    return paths


def _backward_closure(end: int, predecessors: dict[int, list[int]]) -> set[int]:
    seen = {end}
    todo = [end]
    while todo:
        for previous in predecessors.get(todo.pop(), ()):
            if previous not in seen:
                seen.add(previous)
                todo.append(previous)
    return seen


def _has_cycle(nodes: set[int], predecessors: dict[int, list[int]]) -> bool:
    """Whether the edges among ``nodes`` close a cycle (depth-first, colours)."""
    state: dict[int, int] = {}  # 1: on the stack, 2: done
    for root in nodes:
        if root in state:
            continue
        stack = [(root, iter(predecessors.get(root, ())))]
        state[root] = 1
        while stack:
            node, following = stack[-1]
            step = next((p for p in following if p in nodes), None)
            if step is None:
                state[node] = 2
                stack.pop()
            elif state.get(step) == 1:
                return True
            elif step not in state:
                state[step] = 1
                stack.append((step, iter(predecessors.get(step, ()))))
    return False


def _paths_back(
    node: int, entry: int, predecessors: dict[int, list[int]], reaching: set[int]
) -> Iterator[tuple[int, ...]]:
    """The paths ``entry`` → ``node`` of an acyclic part, built backwards."""
    stack: list[tuple[int, tuple[int, ...]]] = [(node, (node,))]
    while stack:
        current, suffix = stack.pop()
        if current == entry:
            yield suffix
            continue
        for previous in predecessors.get(current, ()):
            if previous in reaching:
                stack.append((previous, (previous, *suffix)))
