"""The immutable Symbolic Execution Graph (seed 000 §2.2 Def. 3 "termination graph";
thesis §1.8).

Nodes are integers mapped to :class:`~jhalt.domains.state.AbstractState`; edges are
``(source, label, target)`` with an :data:`~jhalt.seg.labels.EdgeLabel`. ``ends`` maps
each program-end node (no frames left) to its kind: ``"return"`` or the internal name of
the uncaught exception's (upper bound) class; ``context_ends`` are the ends of recursive
calls' call contexts among them (thesis §3.5). ``incomplete`` lists nodes that could not be
expanded, with the reason (recursion, unsupported construct, a limit); a graph with
incomplete nodes does not represent every execution, so analyses answer MAYBE for what
depends on them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property

from jhalt.domains.state import AbstractState
from jhalt.domains.values import value_type_name
from jhalt.ids import MethodId
from jhalt.seg.labels import EdgeLabel, EvalEdge, InstanceEdge, RefineEdge

RETURN = "return"


@dataclass(frozen=True)
class Incomplete:
    """A node that was not expanded, and why."""

    node: int
    reason: str
    category: str


@dataclass(frozen=True)
class SymbolicExecutionGraph:
    """See the module docstring."""

    entry_method: MethodId
    entry: int
    states: dict[int, AbstractState]
    edges: tuple[tuple[int, EdgeLabel, int], ...]
    ends: dict[int, str] = field(default_factory=dict)
    context_ends: frozenset[int] = frozenset()
    """The ends of call contexts (:mod:`jhalt.seg.evaluate.recursion`): the callee
    returned or threw to a caller the context does not represent — not program ends."""
    incomplete: tuple[Incomplete, ...] = ()
    build_time_s: float = 0.0

    # ------------------------------------------------------------ reading
    def __len__(self) -> int:
        return len(self.states)

    @property
    def is_complete(self) -> bool:
        return not self.incomplete

    @cached_property
    def _outgoing(self) -> dict[int, list[tuple[EdgeLabel, int]]]:
        """The edges by source, in the order of ``edges`` (built once: the graph is immutable)."""
        outgoing: dict[int, list[tuple[EdgeLabel, int]]] = {}
        for source, label, target in self.edges:
            outgoing.setdefault(source, []).append((label, target))
        return outgoing

    @cached_property
    def _incoming(self) -> dict[int, list[tuple[int, EdgeLabel]]]:
        """The edges by target, in the order of ``edges``."""
        incoming: dict[int, list[tuple[int, EdgeLabel]]] = {}
        for source, label, target in self.edges:
            incoming.setdefault(target, []).append((source, label))
        return incoming

    def successors(self, node: int) -> list[tuple[EdgeLabel, int]]:
        return list(self._outgoing.get(node, ()))

    def next_steps(self, node: int) -> list[tuple[EdgeLabel, int]]:
        """The edges by which a run at ``node`` goes on: its successors, except that a node
        that enters a recursive call goes on into the callee only — its other successors
        (the call's summary) describe the same run after the call returned."""
        successors = self.successors(node)
        entering: list[tuple[EdgeLabel, int]] = [
            (label, target)
            for label, target in successors
            if isinstance(label, EvalEdge) and label.enters_call
        ]
        return entering or successors

    def predecessors(self, node: int) -> list[tuple[int, EdgeLabel]]:
        return list(self._incoming.get(node, ()))

    def edges_of_kind(self, kind: type) -> Iterator[tuple[int, EdgeLabel, int]]:
        return (edge for edge in self.edges if isinstance(edge[1], kind))

    def instance_edges(self) -> list[tuple[int, InstanceEdge, int]]:
        return [(s, label, t) for s, label, t in self.edges if isinstance(label, InstanceEdge)]

    def eval_edges(self) -> list[tuple[int, EvalEdge, int]]:
        return [(s, label, t) for s, label, t in self.edges if isinstance(label, EvalEdge)]

    def refine_edges(self) -> list[tuple[int, RefineEdge, int]]:
        return [(s, label, t) for s, label, t in self.edges if isinstance(label, RefineEdge)]

    def exception_ends(self, contexts: bool = False) -> dict[int, str]:
        """Program ends with an uncaught exception; with ``contexts`` also the ends of call
        contexts where an exception leaves the callee (it may be caught further down)."""
        return {
            node: kind
            for node, kind in self.ends.items()
            if kind != RETURN and (contexts or node not in self.context_ends)
        }

    def nodes_at(self, pc: int, method: MethodId | None = None) -> list[int]:
        """Nodes whose top frame is at ``pc`` (of ``method``, default the entry method)."""
        method = method or self.entry_method
        return [
            node
            for node, state in self.states.items()
            if state.frames and state.position.method == method and state.position.pc == pc
        ]

    def assumption_nodes(self) -> set[int]:
        """Nodes reachable from an evaluation edge that carries an assumption (e.g. an
        unknown library call): non-termination proofs must not rely on paths through
        them; termination proofs state the assumptions."""
        marked: set[int] = set()
        todo = [
            target
            for _, label, target in self.edges
            if isinstance(label, EvalEdge) and label.assumptions
        ]
        while todo:
            node = todo.pop()
            if node in marked:
                continue
            marked.add(node)
            todo.extend(target for _, target in self.successors(node))
        return marked

    def assumptions(self) -> tuple[str, ...]:
        """Every assumption made on some edge, once each, sorted."""
        found = {
            a
            for _, label, _ in self.edges
            if isinstance(label, EvalEdge)
            for a in label.assumptions
        }
        return tuple(sorted(found))

    def cycles_have_eval_edges(self) -> bool:
        """Def. 3: every cycle contains an evaluation edge (checked on the graph without
        evaluation edges: it must be acyclic)."""
        adjacency: dict[int, list[int]] = {}
        for source, label, target in self.edges:
            if not isinstance(label, EvalEdge):
                adjacency.setdefault(source, []).append(target)
        state: dict[int, int] = {}
        for start in adjacency:
            if state.get(start):
                continue
            stack = [(start, iter(adjacency.get(start, [])))]
            state[start] = 1
            while stack:
                node, children = stack[-1]
                child = next(children, None)
                if child is None:
                    state[node] = 2
                    stack.pop()
                elif state.get(child) == 1:
                    return False
                elif not state.get(child):
                    state[child] = 1
                    stack.append((child, iter(adjacency.get(child, []))))
        return True

    def stats(self) -> dict[str, object]:
        return {
            "graph_states": len(self.states),
            "graph_edges": len(self.edges),
            "graph_instance_edges": len(self.instance_edges()),
            "graph_program_ends": len(self.ends),
            "graph_incomplete": len(self.incomplete),
            "graph_build_time_s": round(self.build_time_s, 3),
        }


def end_kind(state: AbstractState) -> str:
    """``return``, or the class (upper bound) of the uncaught exception."""
    if state.exception is None:
        return RETURN
    return value_type_name(state.heap[state.exception])
