"""The location graph of an ITS and its strongly connected components.

Any infinite run of an ITS eventually stays inside one strongly connected component (SCC) of
the graph formed by the transitions it uses, and uses only transitions inside it.  Termination
tools therefore prove each *cyclic* SCC separately and discard transitions that lie on no cycle
(issue 6, "decomposition into SCCs of the ITS").
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from jhalt.its.system import Transition


@dataclass(frozen=True, slots=True)
class Component:
    """A cyclic SCC: its locations and the transitions with both ends inside it."""

    locations: frozenset[str]
    transitions: tuple[Transition, ...]

    def transition_names(self) -> frozenset[str]:
        return frozenset(t.name for t in self.transitions)


Node = TypeVar("Node", bound=Hashable)


def strongly_connected_components(
    locations: Sequence[Node], edges: Iterable[tuple[Node, Node]]
) -> list[frozenset[Node]]:
    """All SCCs of the directed graph (Tarjan, iterative), in reverse topological order;
    the result is deterministic for a given ``locations`` order and edge order."""
    successors: dict[Node, list[Node]] = {location: [] for location in locations}
    for source, target in edges:
        successors.setdefault(source, [])
        successors.setdefault(target, [])
        if target not in successors[source]:
            successors[source].append(target)
    index_of: dict[Node, int] = {}
    low: dict[Node, int] = {}
    on_stack: set[Node] = set()
    stack: list[Node] = []
    components: list[frozenset[Node]] = []
    counter = 0
    for root in successors:
        if root in index_of:
            continue
        work: list[tuple[Node, int]] = [(root, 0)]
        while work:
            node, child_position = work.pop()
            if child_position == 0:
                index_of[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            children = successors[node]
            if child_position < len(children):
                work.append((node, child_position + 1))
                child = children[child_position]
                if child not in index_of:
                    work.append((child, 0))
                elif child in on_stack:
                    low[node] = min(low[node], index_of[child])
                continue
            if low[node] == index_of[node]:
                members: set[Node] = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.add(member)
                    if member == node:
                        break
                components.append(frozenset(members))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return components


def cyclic_components(
    transitions: Sequence[Transition], locations: Sequence[str] = ()
) -> list[Component]:
    """The SCCs that contain at least one transition (a cycle), each with its internal
    transitions, ordered deterministically (by the first transition of each in input order)."""
    ordered_locations = list(
        dict.fromkeys(list(locations) + [end for t in transitions for end in (t.source, t.target)])
    )
    components = strongly_connected_components(
        ordered_locations, ((t.source, t.target) for t in transitions)
    )
    component_of = {location: i for i, c in enumerate(components) for location in c}
    internal: dict[int, list[Transition]] = {}
    for transition in transitions:
        source_component = component_of[transition.source]
        if source_component == component_of[transition.target]:
            internal.setdefault(source_component, []).append(transition)
    return [Component(components[i], tuple(members)) for i, members in internal.items()]


def transitions_on_no_cycle(transitions: Sequence[Transition]) -> tuple[Transition, ...]:
    """Transitions whose ends lie in different SCCs: an infinite run uses each at most once."""
    inside = {t.name for c in cyclic_components(transitions) for t in c.transitions}
    return tuple(t for t in transitions if t.name not in inside)
