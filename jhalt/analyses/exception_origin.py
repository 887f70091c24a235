"""Where an exception that a handler caught and threw again was first raised (issue 34).

A ``finally`` block, or ``catch (E e) { …; throw e; }``, catches an exception and throws the
same object again: the graph's error state is then the handler's ``athrow``, but the JVM's
stack trace names the place where the object was raised first — a bad index in a callee
``badSink`` called inside the ``try``, say. The flaw is there, and the witness's path shows
it: `origin` follows the thrown reference backwards along the path (through the renamings of
refinement and instance edges) to where that very object was made, and answers its first raise
— an exception of the same class that the analysis raised at that place. Any doubt — the
reference lost on the way (an instance edge that does not rename it), or no earlier raise —
leaves the finding where it is.
"""

from __future__ import annotations

from dataclasses import dataclass

from jhalt.domains.state import AbstractState
from jhalt.domains.values import Ref, value_type_name
from jhalt.ids import ProgramPosition
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EdgeLabel, EvalEdge, InstanceEdge, RefineEdge

__all__ = ["Origin", "origin"]


@dataclass(frozen=True)
class Origin:
    """The first raise of a rethrown exception: its place and the index of its state on the
    witness's path (the path up to it is the call chain into the throwing line)."""

    position: ProgramPosition
    index: int


def _earlier_name(label: EdgeLabel | None, reference: Ref) -> Ref | None:
    """The name that ``reference`` of an edge's target has in its source (the state before it
    on the path); None when the edge renames it in a way not recorded."""
    if isinstance(label, EvalEdge):
        return reference
    if isinstance(label, (RefineEdge, InstanceEdge)):
        # refinement: (old, new); instance edge: (general = target's, instance = source's)
        pairs = label.renaming
        back = {new: old for old, new in pairs} if isinstance(label, RefineEdge) else dict(pairs)
        if reference in back:
            return back[reference]
        if isinstance(label, InstanceEdge):
            return None  # an instance's names are its own
        return reference
    return None


def origin(graph: SymbolicExecutionGraph, path: tuple[int, ...]) -> Origin | None:
    """The first raise of the exception that ``path``'s last state raises, when it is an
    earlier state of ``path`` at another place (module docstring); else None."""
    if not path:
        return None
    last = graph.states[path[-1]]
    reference = last.exception
    if reference is None:
        return None
    labels = {(source, target): label for source, label, target in graph.edges}
    first: int | None = None
    for index in range(len(path) - 1, 0, -1):
        state = graph.states[path[index]]
        before = graph.states[path[index - 1]]
        earlier = _earlier_name(labels.get((path[index - 1], path[index])), reference)
        if earlier is None:
            return None  # the object is lost: where it was made is not known
        if state.exception == reference and before.exception != earlier:
            first = index  # raised here: the object was not the thrown one just before
        if earlier not in before.heap:
            break  # made here (an implicit exception by its raise, an explicit one by new)
        reference = earlier
    if first is None or first == len(path) - 1:
        return None
    raised = graph.states[path[first]]
    if raised.position == last.position or _kind(raised) != _kind(last):
        return None
    return Origin(raised.position, first)


def _kind(state: AbstractState) -> str | None:
    value = state.heap.get(state.exception) if state.exception is not None else None
    return None if value is None else value_type_name(value)
