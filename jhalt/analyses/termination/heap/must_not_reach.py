"""Must-not-reach facts along the graph: pairs ``(a, b)`` whose object ``a`` cannot reach the
object ``b`` (nor be it), kept across writes and recursive calls after the states have
forgotten why (issue 14).

The whole-program acyclicity rule (`jhalt.analyses.termination.heap.acyclicity`) asks at every
write ``p.f = v`` whether ``v`` may reach ``p``.  A recursive method's call context starts
from merged states in which its argument "may be cyclic" (``!``: the summaries of earlier
calls havocked what they reached), so ``l.next`` ``=?`` ``l`` and the result of a call on
``l.next`` ``=?`` ``l``, although no run of the program ever has a cycle.  Under the
induction of that rule — every heap before the write is acyclic — the graph tells more:
``n = l.next`` read from a represented field cannot reach ``l``, and what a call on ``n``
returns reaches only what ``n`` reached and new objects.  This module carries such facts
forward along the paths of the graph (``reverse``: ``nextItem.next = l`` after
``rest = reverse(nextItem)``; ``insert``: ``l.next = insert(l.next, v)``).

**The fact** at a node: a set of pairs ``(a, b)`` of object references of its state, each
meaning "in every concrete state at the node, reached by a run whose heaps up to there are
all acyclic, the object of ``a`` does not reach the object of ``b`` along fields and array
entries, and is not it".  Besides the carried pairs, a state itself shows pairs
(`state_apart`): ``a`` not among the references that may reach ``b``
(`pathfacts.may_reach`: ``=?`` and ``⋀`` partners in both directions), or ``a`` on a path of
represented fields below ``b`` (an acyclic heap has no path back; rule 1' of
`acyclicity`).

**Transfer** along an edge (every step of a run is an edge of a complete graph, seed 000
Thm. 1; a recursive callee's steps are the edges below its enter edge):

* a refinement renames references (one object, new names); a pair that becomes one name or
  ``null`` is dropped;
* an evaluation that writes no reference field keeps every pair (references are names of
  objects; integers and new objects add no path between existing objects);
* ``p.f = v`` (``putfield``, ``aastore``) with an object ``v``: a new path from ``a`` to
  ``b`` uses the new edge ``p -> v``: its part before the first use of the edge is a path
  of the old heap from ``a`` to ``p``, its part after the last use one from ``v`` to ``b``.
  So ``(a, b)`` stays when it held before and ``a`` could not reach ``p`` or ``v`` could not
  reach ``b``; a store of ``null`` removes paths only;
* the summary of a recursive call with *roots* ``R`` (its arguments and the static fields
  its code may read, `jhalt.seg.evaluate.callee_effects`): the callee reaches only ``S``,
  the objects reachable from ``R`` before the call, and objects it allocates; it writes
  only those, and only stores references it holds, so afterwards the objects of ``S`` and
  the new ones reach only each other (the summary's own rule and assumption: library code
  the callee runs hands it no other object of the caller, `jhalt.seg.evaluate.recursion`).
  A pair ``(a, b)`` whose ``b`` no root reaches stays (a path from ``a`` into ``S`` never
  leaves it; one that avoids ``S`` is old), and the returned object, one of ``S`` or new,
  reaches no such ``b``: ``(result, b)``;
* a library call that may write program objects (one the acyclicity rule refuses) drops
  every pair; the others write none.

At every *head* — the entry, the target of an instance edge, a node with several incoming
edges — the fact is the greatest fixpoint of the intersection of what reaches it (an
instance edge's source pairs, carried and shown by its state, in the general state's
names).  Every fact rests on the acyclicity of the heaps before it, which is what the rule's
induction assumes at each write: the rule may use them (`acyclicity`, rule 3).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from jhalt.analyses.termination.cutpoints import analysis_heads
from jhalt.analyses.termination.heap.forest_reach import call_roots
from jhalt.analyses.termination.pathfacts import below, may_reach
from jhalt.budget import NEVER, Deadline
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, Ref, is_object_value
from jhalt.ids import FieldId
from jhalt.program import Program
from jhalt.seg.context import EvalContext
from jhalt.seg.evaluate.callee_effects import named_callee_effects
from jhalt.seg.evaluate.recursion import summary_callee
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EdgeLabel, EvalEdge, InstanceEdge, RefineEdge
from jhalt.seg.library import ModelRegistry

Pair = tuple[Ref, Ref]
Pairs = frozenset[Pair]
KeepsHeap = Callable[[AbstractState, AbstractState, EvalEdge], bool]
"""Whether an evaluation edge that is no write and no recursion writes no program object
(the acyclicity rule's judgement of library calls)."""
_WRITES = {"putfield": 1, "aastore": 2}


class StateApart:
    """The pairs one state shows (module doc), with the references that may reach each
    object computed once."""

    def __init__(self, state: AbstractState) -> None:
        self.state = state
        self._reaching: dict[Ref, frozenset[Ref]] = {}

    def holds(self, a: Ref, b: Ref) -> bool:
        state = self.state
        if a == b or not state.is_object(a) or not state.is_object(b):
            return a != b and (a == NULL or b == NULL)
        if b not in self._reaching:
            self._reaching[b] = may_reach(state, b)
        return a not in self._reaching[b] or below(state, b, a, None)

    def all_pairs(self) -> Pairs:
        objects = [r for r, v in self.state.heap.items() if is_object_value(v)]
        return frozenset((a, b) for a in objects for b in objects if self.holds(a, b))


@dataclass(frozen=True)
class Unreach:
    """The answer of `unreachable_pairs`: the carried pairs per node."""

    pairs: dict[int, Pairs] = field(default_factory=dict)

    def apart(self, node: int, state: AbstractState) -> Callable[[Ref, Ref], bool]:
        """Whether ``a`` cannot reach ``b`` at ``node`` (carried, or shown by ``state``)."""
        carried = self.pairs.get(node, frozenset())
        shown = StateApart(state)
        return lambda a, b: (a, b) in carried or shown.holds(a, b)


NO_UNREACH = Unreach()


class _Analysis:
    def __init__(
        self, graph: SymbolicExecutionGraph, program: Program | None, keeps_heap: KeepsHeap
    ) -> None:
        self.graph, self.program, self.keeps_heap = graph, program, keeps_heap
        self.ctx = EvalContext(program, ModelRegistry()) if program is not None else None
        self.reads: dict[str, frozenset[FieldId] | None] = {}

    def transfer(self, fact: Pairs, node: int, label: EdgeLabel, target: int) -> Pairs:
        before, after = self.graph.states[node], self.graph.states[target]
        if isinstance(label, RefineEdge):
            return _renamed(fact, dict(label.renaming))
        if not isinstance(label, EvalEdge) or label.enters_call:
            return fact
        callee = summary_callee(label.assumptions)
        if callee is not None:
            return self._summary(fact, before, after, label, callee)
        depth = _WRITES.get(label.mnemonic)
        if depth is not None:
            stored, written = before.peek(0), before.peek(depth)
            if not before.is_object(stored):
                return _known(fact, before) if stored == NULL else fact
            known, nr = _known(fact, before), _query(fact, before)
            return frozenset((a, b) for a, b in known if nr(a, written) or nr(stored, b))
        if label.mnemonic.startswith("invoke") and len(after.frames) <= len(before.frames):
            return fact if self.keeps_heap(before, after, label) else frozenset()
        return fact

    def _summary(
        self, fact: Pairs, before: AbstractState, after: AbstractState, label: EvalEdge, callee: str
    ) -> Pairs:
        """The summary rule of the module doc."""
        if callee not in self.reads:
            effects = named_callee_effects(self.ctx, callee) if self.ctx is not None else None
            self.reads[callee] = None if effects is None else effects.static_reads
        roots = call_roots(before, label, self.program, self.reads)
        if roots is None:
            return frozenset()
        nr = _query(fact, before)
        outside = {b for b in _objects(before) if all(nr(root, b) for root in roots)}
        kept = frozenset((a, b) for a, b in _known(fact, before) if b in outside)
        result = after.peek() if after.frames and after.frames[0].stack else NULL
        if (
            after.exception is None
            and len(after.frames) == len(before.frames)
            and after.is_object(result)
            and result not in before.heap
        ):
            kept |= {(result, b) for b in outside}
        return kept


def _objects(state: AbstractState) -> list[Ref]:
    return [r for r, v in state.heap.items() if is_object_value(v)]


def _query(fact: Pairs, state: AbstractState) -> Callable[[Ref, Ref], bool]:
    shown = StateApart(state)
    return lambda a, b: (a, b) in fact or shown.holds(a, b)


def _known(fact: Pairs, state: AbstractState) -> Pairs:
    """The carried pairs and those ``state`` shows, between its object references."""
    return _on(fact, state) | StateApart(state).all_pairs()


def _on(fact: Pairs, state: AbstractState) -> Pairs:
    return frozenset((a, b) for a, b in fact if state.is_object(a) and state.is_object(b))


def _renamed(fact: Pairs, renaming: dict[Ref, Ref]) -> Pairs:
    found = set()
    for a, b in fact:
        a, b = renaming.get(a, a), renaming.get(b, b)
        if a != b and NULL not in (a, b):
            found.add((a, b))
    return frozenset(found)


def _in_general(fact: Pairs, state: AbstractState, renaming: Iterable[tuple[Ref, Ref]]) -> Pairs:
    """The pairs of an instance (carried and shown by its ``state``) in the general names."""
    names: dict[Ref, list[Ref]] = {}
    for general, instance in renaming:
        names.setdefault(instance, []).append(general)
    known = _known(fact, state)
    return frozenset((g, k) for a, b in known for g in names.get(a, ()) for k in names.get(b, ()))


def unreachable_pairs(
    graph: SymbolicExecutionGraph,
    program: Program | None,
    keeps_heap: KeepsHeap,
    deadline: Deadline = NEVER,
) -> Unreach:
    """The facts of the module doc at every node of a complete ``graph``: the greatest
    fixpoint at the heads of the intersections of what reaches them.  Raises `OutOfTime`
    once ``deadline`` has passed (checked per edge)."""
    analysis = _Analysis(graph, program, keeps_heap)
    out, heads = analysis_heads(graph)
    at_heads: dict[int, Pairs] = {graph.entry: frozenset()}
    facts: dict[int, Pairs] = {}
    changed = True
    while changed:
        changed = False
        reaching: dict[int, list[Pairs]] = {}
        for head in sorted(at_heads):
            _region(analysis, out, heads, head, at_heads[head], facts, reaching, deadline)
        for head, found in reaching.items():
            met = frozenset.intersection(*found, *([at_heads[head]] if head in at_heads else []))
            if met != at_heads.get(head):
                at_heads[head] = met
                changed = True
    return Unreach(facts)


def _region(
    analysis: _Analysis,
    out: dict[int, list[tuple[EdgeLabel, int]]],
    heads: set[int],
    head: int,
    start: Pairs,
    facts: dict[int, Pairs],
    reaching: dict[int, list[Pairs]],
    deadline: Deadline,
) -> None:
    """The facts of the nodes from ``head`` up to the next heads (into ``facts``), and what
    reaches those heads (into ``reaching``, in their names)."""
    states = analysis.graph.states
    todo = [(head, start)]
    while todo:
        deadline.check()
        node, fact = todo.pop()
        facts[node] = fact
        for label, target in out.get(node, []):
            if isinstance(label, InstanceEdge):
                general = _in_general(fact, states[node], label.renaming)
                reaching.setdefault(target, []).append(general)
                continue
            following = analysis.transfer(fact, node, label, target)
            if target in heads:
                reaching.setdefault(target, []).append(following)
            else:
                todo.append((target, following))
