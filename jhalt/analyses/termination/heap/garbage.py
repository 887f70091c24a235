"""Garbage holders of the forest check's moves (issue 36): ``t = append(t.left, t.right)``.

`jhalt.analyses.termination.heap.forest` lets an object be held by two explicit fields during
a *move* and fails when a move is still open at a loop head.  ``append`` hangs the right
subtree under the rightmost node of the left one while the old root still holds it; the old
root is then dropped (``t`` overwritten) and never read again.  Once no *live* root
(`heap.live_roots`: locals some path still reads, stacks, statics) may reach it, the program
can never read or write it again: it is *released*.  The check's invariant becomes: the heap
without the edges out of released objects is a forest (and the whole heap has no cycle: a
cycle through a released object would consist of objects no live root reaches, and every
write, into a live object, is checked).  The forest check keeps the references of released
objects the states still bind — a dead local may hold one — in its facts (a may-set: united
where paths meet, renamed along the graph) and never counts their fields as holders; a
holder missed that way only makes the rules more careful.

`Garbage.released` drops such holders along one edge of the graph, only when all of this
holds (each keeps the rule sound):

* the edge changes no object (no field, entry or static write, no library call or summary,
  no recursive call), so the heap after it is the heap before it;
* both nodes are outside call contexts: a context's state lacks its callers' frames, which
  may still hold the object;
* every live root after the edge is bound before it (not a value just read from a field);
* no ``putstatic`` of the graph stores an object other than strings (a static field a merge
  forgot may still hold it) and the edge forgets no static field;
* the holder is bound in the state before the edge (one the state dropped may still be
  reached through what it does not represent) and no live root is among the references that
  may reach it there (`pathfacts.may_reach`), except those explicitly below it (the heap is
  acyclic: every write of the check closed no cycle).

A holder is a field or a read array entry (`array_entries`): a garbage array's entries are
never read again either.  The set of released references is a may-set along one path; where
paths meet (`Garbage.still_dead`) a name stays released only when it is dead in the head's
state, so a name that one path released and another path keeps live holds for the rules.
"""

from __future__ import annotations

from jhalt.analyses.termination.heap.forest_holders import Edge
from jhalt.analyses.termination.heap.live_roots import LiveRoots
from jhalt.analyses.termination.pathfacts import below, may_reach
from jhalt.domains.state import AbstractState
from jhalt.domains.values import Ref
from jhalt.program import Program
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EdgeLabel, EvalEdge

Pending = tuple[tuple[Ref, frozenset[Edge]], ...]
"""Objects held by the listed explicit holders — fields, or read array entries — (the forest
check's moves)."""


class Garbage:
    """The garbage rule (module doc) over one graph; ``used`` once it dropped a holder."""

    def __init__(self, graph: SymbolicExecutionGraph, program: Program | None) -> None:
        self.graph = graph
        self.roots = LiveRoots(program)
        self.outside = _outside_contexts(graph)
        self.static_objects = _stores_static_objects(graph)
        self.used = False

    def released(
        self, pending: Pending, node: int, label: EdgeLabel, target: int
    ) -> tuple[Pending, frozenset[Ref]] | None:
        """``pending`` after the edge ``label`` from ``node`` into ``target`` — holders that
        are garbage after it dropped, objects left with one holder settled — and the
        holders dropped; None when the rule does not apply to the edge."""
        if node not in self.outside or target not in self.outside or self.static_objects:
            return None
        before, after = self.graph.states[node], self.graph.states[target]
        if not isinstance(label, EvalEdge) or not _heap_unchanged(label, before, after):
            return None
        if {f for f, _ in before.static_fields} - {f for f, _ in after.static_fields}:
            return None
        roots = self.roots.live_roots(after)
        if any(r not in before.heap for r in roots):
            return None
        kept: list[tuple[Ref, frozenset[Edge]]] = []
        dropped: set[Ref] = set()
        for reference, edges in pending:
            left = frozenset(e for e in edges if not _dead(before, e[0], roots))
            dropped |= {holder for holder, _ in edges - left}
            if len(left) > 1:
                kept.append((reference, left))
        self.used |= bool(dropped)
        return tuple(kept), frozenset(dropped)

    def still_dead(self, released: frozenset[Ref], node: int) -> frozenset[Ref]:
        """The references of ``released`` that no live root of ``node``'s state may reach:
        at a head, where paths meet, a name one path released may be a live object on
        another; only those dead in the head's state (so on every path into it) stay
        released.  None inside a call context (its state lacks the callers' frames)."""
        if node not in self.outside or self.static_objects:
            return frozenset()
        state = self.graph.states[node]
        roots = self.roots.live_roots(state)
        return frozenset(r for r in released if _dead(state, r, roots))


_HEAP_WRITES = frozenset(
    {"putfield", "putstatic", "iastore", "lastore", "fastore", "dastore", "aastore", "bastore"}
    | {"castore", "sastore"}
)


def _stores_static_objects(graph: SymbolicExecutionGraph) -> bool:
    """Whether some ``putstatic`` of the graph stores an object other than a string or an
    array of strings (``main``'s arguments): then a static field may hold a program object
    the states no longer bind it to (merges keep only the statics both sides bind)."""
    for source, label, _ in graph.edges:
        if isinstance(label, EvalEdge) and label.mnemonic == "putstatic":
            state = graph.states[source]
            stored = state.peek(0)
            value = state.heap.get(stored)
            name = (
                getattr(value, "class_name", None)
                or getattr(value, "type_name", None)
                or getattr(value, "array_type", None)
            )
            if state.is_object(stored) and name not in _STRINGS:
                return True
    return False


_STRINGS = frozenset({"java/lang/String", "[Ljava/lang/String;"})


def _heap_unchanged(label: EvalEdge, before: AbstractState, after: AbstractState) -> bool:
    """Whether the edge leaves every object's fields and entries as they were: no write, no
    library call or summary (an ``invoke`` that pushes no frame), no recursive call."""
    if label.mnemonic in _HEAP_WRITES or label.enters_call:
        return False
    return not label.mnemonic.startswith("invoke") or len(after.frames) > len(before.frames)


def _dead(before: AbstractState, holder: Ref, roots: list[Ref]) -> bool:
    """Whether no live root after an edge that changed no object (``roots``, all bound in
    ``before``) may reach ``holder``: none is among the references of ``before`` that may
    reach it (`pathfacts.may_reach`) other than those below it (the heap is acyclic, every
    write of the check closed no cycle).  A holder ``before`` no longer binds may still be
    reached through what the state does not represent: not dead."""
    if holder not in before.heap:
        return False
    reaching = may_reach(before, holder)
    return not any(
        r in reaching and (r == holder or not below(before, holder, r, None)) for r in roots
    )


def _outside_contexts(graph: SymbolicExecutionGraph) -> frozenset[int]:
    """The nodes no path from an enter edge's target reaches: nodes outside every call
    context (their states hold all frames of the run)."""
    out: dict[int, list[int]] = {}
    inside: list[int] = []
    for source, label, target in graph.edges:
        out.setdefault(source, []).append(target)
        if isinstance(label, EvalEdge) and label.enters_call:
            inside.append(target)
    seen = set(inside)
    while inside:
        for successor in out.get(inside.pop(), ()):
            if successor not in seen:
                seen.add(successor)
                inside.append(successor)
    return frozenset(graph.states) - seen
