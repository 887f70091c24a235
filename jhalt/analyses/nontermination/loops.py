"""Loops of the Symbolic Execution Graph and their integer path systems (seed 000 §4.2).

A *loop head* is the target of an instance edge that lies on a cycle (seed 000: "a node in
a cycle with a predecessor outside of the cycle"; in jhalt's graphs cycles are closed by
instance edges into merged states). The *loop* of a head is its strongly connected part:
the nodes reachable from the head that reach it again.

:func:`loop_system` turns a loop into the :class:`~jhalt.smt.nonterm.LoopSystem` of Thm 8:
every path from the head back to it, with its conditions ``φ`` and computations ``ψ``.
It refuses (the soundness rule of :mod:`.recurrence`, plus what Thm 8 needs):

* a node of the loop with several successors whose cases are not integer refinements or
  integer T/F splits — the condition for taking a path must be an integer formula, or a
  concrete state satisfying ``φ_j`` might take another branch (e.g. a null check);
* an inner cycle (a loop inside the loop: Thm 8 needs finitely many paths);
* an inexact edge (assumption, ``havoc``, ``float``) on a path, and — once every path is
  known — a relation without a term formula (`jhalt.seg.labels.Relation.formula`: array
  reads, reference comparisons); a formula without an exact encoding (a shift, a bitwise
  operation) is refused later by :func:`jhalt.smt.nonterm.prove_nonlooping`.

A node that enters a recursive call goes on into the callee only
(`SymbolicExecutionGraph.next_steps`): a loop through such edges is an infinite recursion.
A call whose callee runs outside the loop is passed along its summary's return case when
`calls.passed_calls` proved that it never completes abruptly and changes nothing
(``passes``); otherwise the paths through it end there.

Integer refinement cases contribute their assumed relations *and* the refined interval of
the new reference, so the case condition is exact even when no relation is attached.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from jhalt.analyses.nontermination.recurrence import Refused, inexact_reason
from jhalt.domains.state import AbstractState
from jhalt.domains.values import IntValue, Ref
from jhalt.ids import ProgramPosition
from jhalt.its.terms import Atom
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EdgeLabel, EvalEdge, InstanceEdge, RefineEdge, Relation, check, compute
from jhalt.smt.nonterm import LoopPath, LoopSystem

EXCLUSIVE_REFINEMENTS = frozenset({"integer", "relation"})
MAX_PATHS = 256


def _adjacency(graph: SymbolicExecutionGraph, backwards: bool = False) -> dict[int, list[int]]:
    adjacency: dict[int, list[int]] = {}
    for source, _, target in graph.edges:
        if backwards:
            adjacency.setdefault(target, []).append(source)
        else:
            adjacency.setdefault(source, []).append(target)
    return adjacency


def _reachable(adjacency: dict[int, list[int]], start: int) -> set[int]:
    seen = {start}
    todo = [start]
    while todo:
        node = todo.pop()
        for target in adjacency.get(node, ()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def loop_heads(graph: SymbolicExecutionGraph) -> list[int]:
    """Targets of instance edges that lie on a cycle, sorted."""
    adjacency = _adjacency(graph)
    reach: dict[int, set[int]] = {}
    heads = set()
    for source, _, target in graph.instance_edges():
        if target not in reach:
            reach[target] = _reachable(adjacency, target)
        if source in reach[target]:
            heads.add(target)
    return sorted(heads)


def loop_nodes(graph: SymbolicExecutionGraph, head: int) -> set[int]:
    """The nodes reachable from ``head`` that reach it again (its loop)."""
    return _reachable(_adjacency(graph), head) & _reachable(_adjacency(graph, backwards=True), head)


def enters_calls(graph: SymbolicExecutionGraph, nodes: set[int]) -> bool:
    """Whether a path inside ``nodes`` enters a recursive call (the loop is a recursion)."""
    return any(source in nodes and target in nodes for source, target in _entering(graph))


def _entering(graph: SymbolicExecutionGraph) -> list[tuple[int, int]]:
    return [
        (source, target)
        for source, label, target in graph.edges
        if isinstance(label, EvalEdge) and label.enters_call
    ]


def recursion_nodes(
    graph: SymbolicExecutionGraph, heads: list[int], positions: tuple[ProgramPosition, ...]
) -> set[int]:
    """The nodes of the loops of the ``heads`` at ``positions`` (the call stack) that enter
    recursive calls (empty when none does): a proof there is an infinite recursion."""
    entering = _entering(graph)
    found: set[int] = set()
    for head in heads if entering else ():
        if tuple(frame.position for frame in graph.states[head].frames) != positions:
            continue
        nodes = loop_nodes(graph, head)
        if any(s in nodes and t in nodes for s, t in entering):
            found |= nodes
    return found


def int_refs(state: AbstractState) -> list[Ref]:
    """The integer references reachable in ``state``, sorted."""
    return sorted(r for r in state.reachable() if isinstance(state.heap.get(r), IntValue))


def _interval_conditions(state: AbstractState, reference: Ref) -> list[Relation]:
    value = state.heap.get(reference)
    if not isinstance(value, IntValue):
        return []
    conditions = []
    if value.interval.lo is not None:
        conditions.append(check(">=", reference, value.interval.lo))
    if value.interval.hi is not None:
        conditions.append(check("<=", reference, value.interval.hi))
    return conditions


@dataclass
class _PathBuilder:
    conditions: list[Relation]
    computations: list[Relation]
    nodes: list[int]


def _edge_relations(
    graph: SymbolicExecutionGraph,
    edge: tuple[int, EdgeLabel, int],
    path: _PathBuilder,
    passed: Collection[int] = (),
) -> Refused | None:
    """Add the relations of one (non-closing) edge of a path; an edge from a node of
    ``passed`` (the return case of a passed call) may carry the summary's assumption."""
    source, label, target = edge
    before, after = graph.states[source], graph.states[target]
    problem = inexact_reason(label, summary_proved=source in passed)
    if problem:
        return Refused(problem)
    if isinstance(label, EvalEdge):
        defined = set()
        for relation in label.constraints:
            if relation.is_check:
                path.conditions.append(relation)
            elif relation.op == "len" and relation.result in before.heap:
                continue  # a fact of the representation: the length reference already exists
            else:
                path.computations.append(relation)
                defined.add(relation.result)
        for reference in int_refs(after):
            value = after.heap[reference]
            if (
                reference not in before.heap
                and reference not in defined
                and isinstance(value, IntValue)  # always: int_refs keeps IntValue references
                and value.interval.is_singleton
            ):
                path.computations.append(
                    compute("=", reference, value.interval.value)
                )  # a constant
    elif isinstance(label, RefineEdge):
        path.conditions.extend(label.assumed)
        for old, new in label.renaming:
            if isinstance(after.heap.get(new), IntValue):
                path.computations.append(compute("=", new, old))
                if label.refinement == "integer":
                    path.conditions.extend(_interval_conditions(after, new))
    elif isinstance(label, InstanceEdge):
        for general, instance in label.renaming:
            if isinstance(after.heap.get(general), IntValue) and general != instance:
                path.computations.append(compute("=", general, instance))
    return None


def _branching_refused(
    graph: SymbolicExecutionGraph, head: int, nodes: Iterable[int]
) -> Refused | None:
    """Why the loop cannot have a Thm 8 system: a node of it branches other than by an
    exclusive integer refinement, or by a relation split that lost its relation."""
    for node in nodes:
        successors = graph.next_steps(node)
        if len(successors) > 1:
            for label, _ in successors:
                if not (
                    isinstance(label, RefineEdge) and label.refinement in EXCLUSIVE_REFINEMENTS
                ):
                    kind = label.refinement if isinstance(label, RefineEdge) else label.kind
                    return Refused(
                        f"the loop at {graph.states[head].position} branches on a non-integer condition ({kind})"
                    )
                if label.refinement == "relation" and not label.assumed:
                    return Refused("a relation split without its relation")
    return None


def _formulas(relations: list[Relation]) -> tuple[Atom, ...] | Refused:
    """The formulas of ``relations``, or the refusal of the first that has none."""
    formulas = []
    for relation in relations:
        formula = relation.formula()
        if formula is None:
            return Refused(f"relation {relation} has no exact encoding")
        formulas.append(formula)
    return tuple(formulas)


def _loop_path(
    path: _PathBuilder, back: tuple[tuple[str, str], ...], head: int
) -> LoopPath | Refused:
    """The closed path ``path`` as a `LoopPath` of formulas (its conditions first)."""
    conditions = _formulas(path.conditions)
    if isinstance(conditions, Refused):
        return conditions
    computations = _formulas(path.computations)
    if isinstance(computations, Refused):
        return computations
    description = " → ".join(map(str, path.nodes + [head]))
    return LoopPath(conditions, computations, back, description)


def _steps(
    graph: SymbolicExecutionGraph, node: int, passes: Mapping[int, int]
) -> list[tuple[EdgeLabel, int]]:
    """How a path of the loop goes on from ``node``: at a passed call, its summary's return
    case only (``passes``: call node → return case node, `calls.passed_calls`)."""
    if node in passes:
        return [(label, t) for label, t in graph.successors(node) if t == passes[node]]
    return graph.next_steps(node)


def loop_system(
    graph: SymbolicExecutionGraph, head: int, passes: Mapping[int, int] | None = None
) -> LoopSystem | Refused:
    """The Thm 8 system of the loop at ``head`` (module docstring); at the call nodes of
    ``passes`` (proved by `calls.passed_calls`) the paths take the summary's return case."""
    passes = passes or {}
    nodes = loop_nodes(graph, head)
    refused = _branching_refused(graph, head, nodes)
    if refused is not None:
        return refused
    head_state = graph.states[head]
    paths: list[LoopPath] = []
    closed = 0
    unencodable: Refused | None = None  # reported once the loop's structure is accepted
    stack: list[tuple[int, _PathBuilder]] = [(head, _PathBuilder([], [], [head]))]
    while stack:
        node, path = stack.pop()
        for label, target in _steps(graph, node, passes):
            if target not in nodes:
                continue
            if target == head:
                if not isinstance(label, InstanceEdge):
                    return Refused("the loop returns to its head without an instance edge")
                problem = inexact_reason(label)
                if problem:
                    return Refused(problem)
                back = tuple(
                    (general, instance)
                    for general, instance in label.renaming
                    if isinstance(head_state.heap.get(general), IntValue)
                )
                loop_path = _loop_path(path, back, head)
                if isinstance(loop_path, LoopPath):
                    paths.append(loop_path)
                elif unencodable is None:
                    unencodable = loop_path
                closed += 1
                if closed > MAX_PATHS:
                    return Refused(f"more than {MAX_PATHS} paths through the loop")
                continue
            if target in path.nodes:
                return Refused(f"the loop at {head_state.position} contains an inner loop")
            extended = _PathBuilder(
                list(path.conditions), list(path.computations), path.nodes + [target]
            )
            refused = _edge_relations(graph, (node, label, target), extended, passes.values())
            if refused:
                return refused
            stack.append((target, extended))
    if unencodable is not None:
        return unencodable
    head_refs = tuple(int_refs(head_state))
    invariants = tuple(
        (r, head_state.int_value(r).interval.lo, head_state.int_value(r).interval.hi)
        for r in head_refs
    )
    return LoopSystem(head_refs, invariants, tuple(paths))
