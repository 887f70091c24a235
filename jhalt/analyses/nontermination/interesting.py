"""Interesting references (seed 000 §4.1, Def. 6), propagated backwards over the graph.

The references that decide the control flow are those the graph refines. ``I(s)`` is the
least set with

* ``(s, REFINE_R, s')``: ``R ⊆ I(s)``;
* ``(s, REFINE|INS, s')``: a reference of ``s`` at a position whose reference in ``s'``
  is interesting is interesting (positions compared directly, so renamings are followed);
* ``(s, EVAL_C, s')``: ``I(s') ∩ refs(s) ⊆ I(s)``, and for a computation
  ``i = f(i', i'') ∈ C`` with ``i ∈ I(s')`` also ``i', i'' ∈ I(s)``.

Two deliberate supersets (they can only make the looping proof *less* general, never
unsound — the closure check of :mod:`.recurrence` decides): the arguments of relations
an evaluation edge *checked* (a branch the intervals decided) are interesting too, and
so are the arguments of every computation whose result is interesting, whatever its
operator (array reads, lengths).
"""

from __future__ import annotations

from collections.abc import Iterable

from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, Ref
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge, RefineEdge


def _state_refs(state: AbstractState) -> set[Ref]:
    return state.reachable() | {r for _, r in state.roots()}


def _by_position(source: AbstractState, target: AbstractState, interesting: set[Ref]) -> set[Ref]:
    """References of ``source`` at positions where ``target`` holds an interesting one."""
    found: set[Ref] = set()
    if not interesting:
        return found
    for position, reference in target.positions():
        if reference in interesting:
            mine = source.value_at(position)
            if mine is not None and mine != NULL:
                found.add(mine)
    return found


def interesting_references(graph: SymbolicExecutionGraph) -> dict[int, frozenset[Ref]]:
    """``I(s)`` for every node (Def. 6, module docstring), as a least fixpoint."""
    interesting: dict[int, set[Ref]] = {node: set() for node in graph.states}
    refs_of = {node: _state_refs(state) for node, state in graph.states.items()}
    for source, label, _ in graph.edges:
        if isinstance(label, RefineEdge):
            interesting[source] |= {r for r in label.refs if r in refs_of[source]}
        elif isinstance(label, EvalEdge):
            for relation in label.constraints:
                if relation.is_check:
                    interesting[source] |= {
                        a for a in relation.args if isinstance(a, str) and a in refs_of[source]
                    }
    changed = True
    while changed:
        changed = False
        for source, label, target in reversed(graph.edges):
            wanted = interesting[target]
            if not wanted:
                continue
            if isinstance(label, EvalEdge):
                new = {r for r in wanted if r in refs_of[source]}
                for relation in label.constraints:
                    if relation.result is not None and relation.result in wanted:
                        new |= {
                            a for a in relation.args if isinstance(a, str) and a in refs_of[source]
                        }
            else:
                new = _by_position(graph.states[source], graph.states[target], wanted)
                if isinstance(label, RefineEdge):
                    renamed = {old for old, fresh in label.renaming if fresh in wanted}
                    new |= {r for r in renamed if r in refs_of[source]}
            if not new <= interesting[source]:
                interesting[source] |= new
                changed = True
    return {node: frozenset(refs) for node, refs in interesting.items()}


def interesting_positions(state: AbstractState, interesting: Iterable[Ref]) -> frozenset[str]:
    """The positions ``Π`` (as text) of the interesting references of ``state``."""
    wanted = set(interesting)
    return frozenset(
        str(position) for position, reference in state.positions() if reference in wanted
    )
