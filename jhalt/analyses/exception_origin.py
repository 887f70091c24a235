"""Where a thrown exception was made (issue 34): the place the JVM's stack trace names.

A ``finally`` block, or ``catch (E e) { …; throw e; }``, catches an exception and throws the
same object again: the graph's error state is then the handler's ``athrow``, but the stack
trace is filled in when the object is made — a bad index in a callee ``badSink`` called inside
the ``try``, say. The flaw is there, and the witness's path shows it: `origin` follows the
thrown reference backwards along the path (through the renamings of refinement and instance
edges) to the edge that made that very object: the raise of an implicit exception of the same
class (the analysis raised it at that place), or the ``new`` of an explicit one (``throw e``
of an exception made in a helper, or earlier). Any doubt — the reference lost on the way (an
instance edge that does not rename it), an object a library call made — leaves the finding
where it is.

The class of a lambda object (`jhalt.program.lambdas`) is a hidden class at run time, whose
frames stack traces leave out: an exception raised in its functional method (a method
reference to a throwing JDK method, ``Integer::parseInt``) is located at the call of the
functional method in the program, the frame the JVM names (`visible`). The same holds for an
exception raised in jhalt's stream library (`jhalt.program.substitutes`: ``Optional.get`` of an
empty optional, a lambda's exception inside a pipeline): located at the program's call into
the library, the program frame of the JVM's stack trace (whose library frames are the JDK's).
"""

from __future__ import annotations

from dataclasses import dataclass

from jhalt.analyses.loop_location import hidden_class
from jhalt.domains.state import AbstractState
from jhalt.domains.values import Ref, value_type_name
from jhalt.ids import ProgramPosition
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EdgeLabel, EvalEdge, InstanceEdge, RefineEdge

__all__ = ["Origin", "origin", "visible"]


@dataclass(frozen=True)
class Origin:
    """Where a thrown exception was made: its place (the raising instruction, or the ``new``
    of an explicit one) and the index of its state on the witness's path (the path up to it is
    the call chain into that line)."""

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
    """Where the exception that ``path``'s last state raises was made, when that is an earlier
    state of ``path`` (module docstring); else None. An implicit exception (a bad index, a
    null, a JDK model's) is made by its raise; an explicit one by its ``new``."""
    if not path:
        return None
    last = graph.states[path[-1]]
    reference = last.exception
    if reference is None:
        return None
    labels = {(source, target): label for source, label, target in graph.edges}
    for index in range(len(path) - 1, 0, -1):
        state = graph.states[path[index]]
        before = graph.states[path[index - 1]]
        label = labels.get((path[index - 1], path[index]))
        earlier = _earlier_name(label, reference)
        if earlier is None:
            return None  # the object is lost: where it was made is not known
        if earlier in before.heap:
            reference = earlier
            continue
        # made by this edge: raised right away (implicit) or allocated by `new` (explicit)
        if state.exception == reference and _kind(state) == _kind(last):
            found = Origin(state.position, index)
        elif isinstance(label, EvalEdge) and label.mnemonic == "new":
            found = Origin(label.position, index)
        else:
            return None
        return None if found.index == len(path) - 1 else found
    return None


def _kind(state: AbstractState) -> str | None:
    value = state.heap.get(state.exception) if state.exception is not None else None
    return None if value is None else value_type_name(value)


def visible(graph: SymbolicExecutionGraph, path: tuple[int, ...], index: int) -> Origin | None:
    """The place the JVM's stack trace names for the exception raised at ``path[index]``
    when that is in a lambda object's class: the invocation of its functional method in
    the nearest frame below of another class, at the last state of ``path`` up to ``index``
    where that invocation is on top; None when the raise is elsewhere (module docstring)."""
    frames = graph.states[path[index]].frames
    if not frames or not hidden_class(frames[0].position.method.class_name):
        return None
    caller = next((f for f in frames if not hidden_class(f.position.method.class_name)), None)
    if caller is None:
        return None
    for earlier in range(index, -1, -1):
        state = graph.states[path[earlier]]
        if state.frames and state.position == caller.position:
            return Origin(caller.position, earlier)
    return None
