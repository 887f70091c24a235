"""Cut points of a component and the names of its ITS variables (the "Cut points" and
"Variables" paragraphs of :mod:`jhalt.analyses.termination.extract`; seed 000 §2, thesis
§1.8).

The SCCs of the Symbolic Execution Graph that contain a cycle (:func:`graph_components`),
the loop heads that cut them (:class:`CutPoint`), the ITS of a component
(:class:`ComponentSystem`) and the variable names: ``n<node>`` for a location, the
reference for an integer, ``sz(o)`` for the size of an object, ``o.f`` for an integer
field ``f`` of the object at ``o`` that the state does not represent and ``sz(o.f)`` for the
size of what such a reference field holds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from jhalt.analyses.termination.array_lengths import length_refs
from jhalt.domains.state import AbstractState
from jhalt.domains.values import InstanceValue, IntValue, Ref, UnknownValue
from jhalt.graphs import edge_components
from jhalt.ids import FieldId
from jhalt.its.system import ITS, Transition
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EdgeLabel, InstanceEdge

MAX_FIELD_VARIABLES = 12
"""A cut point gets at most this many field variables (module doc); beyond that none."""
ENTRY = "entry"
"""The pseudo location of the transitions into an SCC (`ComponentSystem.entries`)."""


def location_name(node: int) -> str:
    return f"n{node}"


def size_name(reference: Ref) -> str:
    return f"sz({reference})"


def size_field_name(reference: Ref, field_id: FieldId) -> str:
    """The ITS variable of the size of what reference field ``field_id`` of the object at
    ``reference`` holds (`untouched`)."""
    return f"sz({reference}.{field_id.name})"


def field_name(reference: Ref, field_id: FieldId) -> str:
    """The ITS variable of integer field ``field_id`` of the object at ``reference``."""
    return f"{reference}.{field_id.name}"


@dataclass(frozen=True)
class CutPoint:
    """A loop head of the component: its node and the ITS variables that live there."""

    node: int
    int_refs: tuple[Ref, ...]
    sized_refs: tuple[Ref, ...]
    field_refs: tuple[tuple[Ref, FieldId], ...] = ()
    """(object reference, integer field not represented there): the field variables."""
    size_fields: tuple[tuple[Ref, FieldId], ...] = ()
    """(object reference, reference field not represented there): the variables of the
    sizes of what those fields hold (`untouched`)."""

    @property
    def location(self) -> str:
        return location_name(self.node)

    def variables(self) -> tuple[str, ...]:
        return (
            self.int_refs
            + tuple(size_name(r) for r in self.sized_refs)
            + tuple(field_name(r, f) for r, f in self.field_refs)
            + tuple(size_field_name(r, f) for r, f in self.size_fields)
        )


@dataclass(frozen=True)
class ComponentSystem:
    """The ITS of one SCC of the graph, with its cut points."""

    nodes: frozenset[int]
    cut_points: tuple[CutPoint, ...]
    its: ITS
    dropped_disjunctions: int = 0
    entries: tuple[Transition, ...] | None = None
    """Transitions from the pseudo location `ENTRY` to the cut points that cover every way
    into the system (guards over auxiliary names and primed ITS variables); None if unknown."""
    facts: tuple[str, ...] = ()
    """Facts of the program the ITS relies on beyond the states (`command_line`)."""


def graph_components(graph: SymbolicExecutionGraph) -> list[frozenset[int]]:
    """The SCCs of the graph that contain a cycle (sorted by their smallest node)."""
    nodes = sorted(graph.states)
    edges = [(s, t) for s, _, t in graph.edges]
    self_loops = {s for s, t in edges if s == t}
    result = edge_components([str(n) for n in nodes], [(str(s), str(t)) for s, t in edges])
    cyclic = []
    for component in result:
        members = frozenset(int(n) for n in component)
        if len(members) > 1 or members & self_loops:
            cyclic.append(members)
    return sorted(cyclic, key=min)


def int_refs(state: AbstractState) -> tuple[Ref, ...]:
    return tuple(sorted(r for r, v in state.heap.items() if isinstance(v, IntValue)))


def represented_int_fields(
    graph: SymbolicExecutionGraph, nodes: frozenset[int]
) -> tuple[frozenset[FieldId], dict[FieldId, frozenset[str]]]:
    """Integer fields represented in some state of ``nodes``, and the classes of the
    instances that represent each."""
    classes = represented_fields(graph, nodes, lambda s, r: isinstance(s.heap.get(r), IntValue))
    return frozenset(classes), classes


def represented_fields(
    graph: SymbolicExecutionGraph,
    nodes: frozenset[int],
    holds: Callable[[AbstractState, Ref], bool],
) -> dict[FieldId, frozenset[str]]:
    """The fields represented in some state of ``nodes`` by a value the state ``holds``
    (an integer, an object), with the classes of the instances that represent each."""
    classes: dict[FieldId, set[str]] = {}
    for node in nodes:
        state = graph.states[node]
        for value in state.heap.values():
            if isinstance(value, InstanceValue):
                for field_id, held in value.fields:
                    if holds(state, held):
                        classes.setdefault(field_id, set()).add(value.class_name)
    return {f: frozenset(c) for f, c in classes.items()}


def analysis_heads(
    graph: SymbolicExecutionGraph,
) -> tuple[dict[int, list[tuple[EdgeLabel, int]]], set[int]]:
    """The edges out of every node, and the *heads* of a forward analysis along the graph
    (`forest`, `heap.must_not_reach`): the entry, the targets of instance edges and the nodes with
    several incoming edges — every other node has one edge in, from its head's region."""
    out: dict[int, list[tuple[EdgeLabel, int]]] = {}
    incoming: dict[int, int] = {}
    heads = {graph.entry}
    for source, label, target in graph.edges:
        out.setdefault(source, []).append((label, target))
        if isinstance(label, InstanceEdge):
            heads.add(target)
        else:
            incoming[target] = incoming.get(target, 0) + 1
    heads |= {n for n, count in incoming.items() if count > 1}
    return out, heads


def cut_point_field_refs(
    state: AbstractState,
    int_fields: frozenset[FieldId],
    classes_with: dict[FieldId, frozenset[str]],
    lengths: bool = False,
) -> tuple[tuple[Ref, FieldId], ...]:
    """The field variables of a cut point with ``state`` (module doc): object references
    (not arrays) of a class that has the field (its declaring class or a class seen with it)
    that do not represent it; with ``lengths`` also the lengths of its unknown arrays
    (`array_lengths.length_refs`).  Which variables exist is a matter of precision only."""
    found: list[tuple[Ref, FieldId]] = []
    for reference in sorted(state.heap):
        typed = type_and_fields(state, reference)
        if typed is None:
            continue
        type_name, represented = typed
        names: set[str] = set()
        for field_id in sorted(int_fields, key=str):
            if field_id in represented or field_id.name in names:
                continue
            if type_name == field_id.class_name or type_name in classes_with.get(field_id, ()):
                found.append((reference, field_id))
                names.add(field_id.name)
    fields = tuple(found) if len(found) <= MAX_FIELD_VARIABLES else ()
    return fields + (length_refs(state) if lengths else ())


def type_and_fields(state: AbstractState, reference: Ref) -> tuple[str, set[FieldId]] | None:
    """The class of the object at ``reference`` (an instance or an unknown object; None for
    anything else) and the fields ``state`` represents of it."""
    value = state.heap.get(reference)
    if isinstance(value, InstanceValue):
        return value.class_name, {f for f, _ in value.fields}
    if isinstance(value, UnknownValue):
        return value.type_name, set()
    return None


def refusal(system: ComponentSystem, max_transitions: int) -> str | None:
    """Why the SCC of ``system`` is not attempted at all (no cut point, or more than
    ``max_transitions`` transitions), or None."""
    if not system.cut_points:
        return f"an SCC of {len(system.nodes)} nodes has no instance edge"
    if len(system.its.transitions) > max_transitions:
        return (
            f"the ITS of a loop has {len(system.its.transitions)} transitions "
            f"(limit {max_transitions})"
        )
    return None
