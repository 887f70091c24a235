"""The location graph of an ITS and its strongly connected components.

Any infinite run of an ITS eventually stays inside one strongly connected component (SCC) of
the graph formed by the transitions it uses, and uses only transitions inside it.  Termination
tools therefore prove each *cyclic* SCC separately and discard transitions that lie on no cycle
(issue 6, "decomposition into SCCs of the ITS").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jhalt.graphs import edge_components
from jhalt.its.system import Transition


@dataclass(frozen=True, slots=True)
class Component:
    """A cyclic SCC: its locations and the transitions with both ends inside it."""

    locations: frozenset[str]
    transitions: tuple[Transition, ...]

    def transition_names(self) -> frozenset[str]:
        return frozenset(t.name for t in self.transitions)


def cyclic_components(
    transitions: Sequence[Transition], locations: Sequence[str] = ()
) -> list[Component]:
    """The SCCs that contain at least one transition (a cycle), each with its internal
    transitions, ordered deterministically (by the first transition of each in input order)."""
    ordered_locations = list(
        dict.fromkeys(list(locations) + [end for t in transitions for end in (t.source, t.target)])
    )
    components = edge_components(ordered_locations, ((t.source, t.target) for t in transitions))
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
