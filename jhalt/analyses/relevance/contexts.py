"""Recursive calls in the relevance analysis: the call contexts of the graph
(`jhalt.seg.evaluate.recursion`, thesis §3.5) read as the thesis reads a method invocation
(§4.3.3), with the summary edge standing for the call in the caller.

A recursive call in the graph is a node with two kinds of successors: the *enter* edge into a
call context (the callee's frame alone, the caller's frames dropped) and the *summary* edges,
the caller after the call returned or threw. The demands follow them as follows:

* **Summary edge** (`jhalt.analyses.relevance.effects`, kind ``summary``): the call as the caller sees it. It reads its arguments
  (values and the contents of what they reach), sets the result, and may write the static
  fields and every object its arguments or the static fields reach — only the static fields
  when the callee writes no object but those it allocates
  (`jhalt.seg.evaluate.recursion.keeps_existing_objects`). It is relevant when its
  result is demanded, or when a write may hit demanded contents (an argument's object may
  reach them, or a static field is demanded); the thesis's Def. 4.10 adds the relevant code
  the callee runs (`branches`).
* **Enter edge**: the callee's states name their frames from the callee up (the caller's are
  not represented), so no demand crosses it; the caller's arguments are demanded through the
  summary edge.
* **In a call context** everything the caller may observe is demanded at its ends
  (`context_end_demands`: the returned value, every static field, and the exception unless
  exceptions are not part of the result and no method of the graph has a handler — then an
  exception can only end the entry), and every write into an object counts as observable
  (the caller's objects are not named there).

So a call context reports what is irrelevant whatever its caller does with the result: dead
stores and unused values inside the recursive method. Soundness: every run of a recursive call
is a path from the enter edge to a context end (`jhalt.seg.graph`), and what the caller sees
afterwards is covered by the summary edge.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from jhalt.analyses.relevance.code import Bodies
from jhalt.analyses.relevance.effects import RESULT
from jhalt.analyses.relevance.locations import (
    CONTENT,
    EXCEPTION,
    VALUE,
    Demand,
    Location,
    reference_at,
    static,
)
from jhalt.analyses.relevance.sharing import may_reach_all
from jhalt.domains.state import AbstractState
from jhalt.seg.evaluate.recursion import keeps_existing_objects, summary_callee
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge

T = TypeVar("T")


@dataclass
class CallContexts:
    """The enter edges (source → call entry), the summary edges and the nodes of call
    contexts of a graph."""

    enters: dict[int, set[int]] = field(default_factory=dict)
    summaries: set[tuple[int, int]] = field(default_factory=set)
    keeps_existing: set[tuple[int, int]] = field(default_factory=set)
    nodes: frozenset[int] = frozenset()


def call_contexts(graph: SymbolicExecutionGraph) -> CallContexts:
    """The call contexts of ``graph`` (module docstring)."""
    found = CallContexts()
    successors: dict[int, list[int]] = {}
    for source, label, target in graph.edges:
        successors.setdefault(source, []).append(target)
        if not isinstance(label, EvalEdge):
            continue
        if label.enters_call:
            found.enters.setdefault(source, set()).add(target)
        elif summary_callee(label.assumptions) is not None:
            found.summaries.add((source, target))
            if keeps_existing_objects(label.assumptions):
                found.keeps_existing.add((source, target))
    entries = {t for targets in found.enters.values() for t in targets}
    found.nodes = frozenset(reachable(successors, entries))
    return found


def reachable(successors: Mapping[T, Iterable[T]], starts: Iterable[T]) -> set[T]:
    """``starts`` and everything reachable from them along ``successors``."""
    seen = set(starts)
    todo = list(starts)
    while todo:
        for nxt in successors.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def summary_writes_hit(
    n: AbstractState, m: AbstractState, after: frozenset[Demand], statics_only: bool = False
) -> bool:
    """Whether the callee of a summary edge may write data a demand after it covers: a static
    field is demanded, or (unless it writes ``statics_only``) an object its arguments or the
    static fields may reach may also be reached from a location whose contents are demanded
    (before the call or after it)."""
    if any(loc[0] == "g" for loc, _ in after):
        return True
    content: list[Location] = [loc for loc, kind in after if kind == CONTENT]
    if not content or statics_only:
        return False
    for state in (n, m):
        writable = [r for r in n.top.stack if n.is_object(r)]
        writable += [r for _, r in n.static_fields if n.is_object(r)]
        starts = [r for r in (reference_at(state, loc) for loc in content) if r is not None]
        if starts and writable and may_reach_all(n, writable) & may_reach_all(state, starts):
            return True
    return False


def may_catch(graph: SymbolicExecutionGraph, bodies: Bodies) -> bool:
    """Whether a method the graph runs has an exception handler: only then can an exception
    that leaves a call context be seen by anything but the entry's end."""
    methods = {state.position.method for state in graph.states.values() if state.frames}
    return any(bodies.body(method).code.exception_table for method in methods)


def context_end_demands(state: AbstractState, exception: bool) -> frozenset[Demand]:
    """At the end of a call context: everything the unrepresented caller may observe — the
    exception only when ``exception`` (it is part of the result, or a handler may catch it)."""
    found: set[Demand] = {(RESULT, VALUE), (RESULT, CONTENT)}
    if exception:
        found.add((EXCEPTION, VALUE))
    for field_id, _ in state.static_fields:
        found.update({(static(field_id), VALUE), (static(field_id), CONTENT)})
    return frozenset(found)
