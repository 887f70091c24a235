"""Recursive calls a non-termination proof may pass (issue 14: a loop that calls a recursive
method, TerminatorRec04).

In the graph, a call of a method already on the call stack has two parts
(`jhalt.seg.evaluate.recursion`): the *enter* edge into the callee's call context, and the
*summary*, the caller's state after the call returned or threw. A loop whose body makes such
a call reaches its head again only through the summary's return case, and the summary is an
assumption ("the recursive call returns or throws"), so the Thm 8 system of the loop
(`loops.loop_system`) refuses it. Here the summary is *proved* usable, per call node of the
loop:

1. **The call never completes abruptly**: no run of the callee throws an exception out of
   it or ends the program. Every activation of the callee from this call (at any depth) is
   represented by the nodes reachable from the enter edge's target (the graph's call
   contexts represent every run, issue 14), so it suffices that none of these nodes has an
   edge that may start an abrupt completion (`abrupt_step`): an edge into an exception
   state from a state without one — other than the summary's own throw case, which only
   passes on an exception some deeper activation started —, an edge that ends the program
   other than by the return of the context's bottom frame (``System.exit``), an edge that
   relies on another assumption (an unknown library call), or an incomplete node. By
   induction over the time of a run: the first exception any activation raises would be
   such an edge. Runs of the callee that never return are allowed: then the program does
   not terminate either, which is what the proof claims.
2. **The summary's return case changes nothing the loop reads**: the state after the call
   is the state before it with the arguments popped — the same references with the same
   values, the same static fields (a callee that writes only objects it allocates, returns
   nothing and writes no static field). As the summary over-approximates the callee's
   effect, the concrete state after any return is the concrete state before it.

So every run of the loop through the call either never comes back (non-termination) or
continues exactly along the summary's return case: the Thm 8 system may take that case as
an exact step. Assumption (stated in the proof): an unbounded stack (the competition's
semantics); on a real JVM the deepening calls end in ``StackOverflowError``, which the
replay observes (`jhalt.witness.deepening`).

`recheck` re-verifies a passed call from the graph by a second, independent computation: a
backward closure from every edge that may complete abruptly and from every incomplete node
must not contain the enter edge's target, and the summary's states are compared again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from jhalt.analyses.nontermination.recurrence import Refused
from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.domains.state import AbstractState
from jhalt.ids import MethodId, ProgramPosition
from jhalt.seg.evaluate.recursion import is_summary_assumption, summary_callee
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EdgeLabel, EvalEdge, RefineEdge

_SUMMARY_RETURNS = "returns"


@dataclass(frozen=True)
class PassedCall:
    """A recursive call node of a loop whose summary's return case the proof takes: ``node``
    (the call), ``enter`` (the callee's call context), ``returns`` (the summary's return
    case) and ``after`` (the state after the call), with the region checked and why."""

    node: int
    position: ProgramPosition
    callee: MethodId
    enter: int
    returns: int
    after: int
    region: int
    """How many nodes represent the callee's runs (the nodes checked)."""
    graph: SymbolicExecutionGraph

    @property
    def reason(self) -> str:
        return (
            f"the recursive call of {self.callee} at {self.position} never completes abruptly "
            f"(no exception raised and no program end in the {self.region} states of its runs; "
            f"a run that never returns does not terminate either) and its return changes "
            f"nothing the caller holds"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "call": str(self.position),
            "callee": str(self.callee),
            "node": self.node,
            "callee_states": self.region,
            "why": self.reason,
        }

    def recheck(self) -> bool:
        """The independent re-check (module docstring)."""
        graph = self.graph
        starts = {i.node for i in graph.incomplete}
        starts |= {s for s, label, t in graph.edges if abrupt_step(graph, s, label, t)}
        backwards: dict[int, list[int]] = {}
        for source, _, target in graph.edges:
            backwards.setdefault(target, []).append(source)
        closure, todo = set(starts), list(starts)
        while todo:
            for source in backwards.get(todo.pop(), ()):
                if source not in closure:
                    closure.add(source)
                    todo.append(source)
        return self.enter not in closure and _unchanged(
            graph.states[self.node], graph.states[self.after], self.callee
        )


def abrupt_step(
    graph: SymbolicExecutionGraph, source: int, label: EdgeLabel, target: int
) -> str | None:
    """Why the edge may start an abrupt completion of a callee (module docstring, 1), or None."""
    before, after = graph.states[source], graph.states[target]
    summary = isinstance(label, EvalEdge) and summary_callee(label.assumptions) is not None
    if isinstance(label, EvalEdge):
        others = [a for a in label.assumptions if not is_summary_assumption(a)]
        if others:
            return f"{label.position}: relies on an over-approximation ({'; '.join(others)})"
    if after.exception is not None and before.exception is None and not summary:
        return f"{_where(label, before)} may raise an exception"
    if not after.frames and after.exception is None and before.frames:
        returns = isinstance(label, EvalEdge) and label.mnemonic.endswith("return")
        if not (returns and len(before.frames) == 1):
            return f"{_where(label, before)} may end the program"
    return None


def _where(label: EdgeLabel, before: AbstractState) -> str:
    if isinstance(label, EvalEdge):
        return f"{label.position} ({label.mnemonic})"
    return str(before.position)


def _region(graph: SymbolicExecutionGraph, start: int) -> set[int]:
    seen, todo = {start}, [start]
    while todo:
        for _, target in graph.successors(todo.pop()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def _unchanged(before: AbstractState, after: AbstractState, callee: MethodId) -> bool:
    """The state ``after`` the call is ``before`` with the arguments popped (module docstring, 2)."""
    if parse_method_descriptor(callee.descriptor)[1] != "V":
        return False
    if len(after.frames) != len(before.frames) or after.static_fields != before.static_fields:
        return False
    if after.class_init != before.class_init:
        return False
    top_before, top_after = before.frames[0], after.frames[0]  # frames[0]: the top frame
    depth = len(top_after.stack)
    if top_after.locals != top_before.locals or top_after.stack != top_before.stack[:depth]:
        return False
    if any(a != b for a, b in zip(after.frames[1:], before.frames[1:])):
        return False
    return all(before.heap.get(r) == after.heap[r] for r in after.heap)


def _summary_return(graph: SymbolicExecutionGraph, node: int) -> tuple[int, int] | str:
    """The summary's return case of the call at ``node``: (its node, the node after the call)."""
    cases = [
        target
        for label, target in graph.successors(node)
        if isinstance(label, RefineEdge) and label.case == _SUMMARY_RETURNS
    ]
    if len(cases) != 1:
        return "the call has no single return case"
    steps = graph.successors(cases[0])
    if len(steps) != 1 or not isinstance(steps[0][0], EvalEdge):
        return "the return case is not one step"
    label, after = steps[0]
    assert isinstance(label, EvalEdge)
    if not label.assumptions or not all(is_summary_assumption(a) for a in label.assumptions):
        return "the return case is not a summary"
    return cases[0], after


def pass_call(graph: SymbolicExecutionGraph, node: int, loop: set[int]) -> PassedCall | Refused:
    """The proof that the loop (``loop``, its nodes) may pass the recursive call at ``node``
    along its summary's return case, or why not (module docstring)."""
    state = graph.states[node]
    entering = [
        (label, target)
        for label, target in graph.successors(node)
        if isinstance(label, EvalEdge) and label.enters_call
    ]
    if len(entering) != 1 or entering[0][1] in loop:
        return Refused(f"{state.position}: the call is no single call outside the loop")
    enter = entering[0][1]
    found = _summary_return(graph, node)
    if isinstance(found, str):
        return Refused(f"{state.position}: {found}")
    returns, after = found
    callee = graph.states[enter].position.method
    if not _unchanged(state, graph.states[after], callee):
        return Refused(f"{state.position}: the call of {callee} may change the caller's state")
    region = _region(graph, enter)
    incomplete = [i for i in graph.incomplete if i.node in region]
    if incomplete:
        return Refused(f"{state.position}: the runs of {callee} are not all represented")
    for source, label, target in graph.edges:
        if source in region:
            problem = abrupt_step(graph, source, label, target)
            if problem:
                return Refused(
                    f"the call of {callee} at {state.position} may complete abruptly: {problem}"
                )
    return PassedCall(node, state.position, callee, enter, returns, after, len(region), graph)


def passed_calls(
    graph: SymbolicExecutionGraph, nodes: Iterable[int]
) -> tuple[dict[int, PassedCall], list[str]]:
    """The recursive call nodes among the loop's ``nodes`` that enter a call context outside
    the loop, passed (`pass_call`), and why the others cannot be: a path of the loop through
    one of those goes into the callee only and never back to the head (as before: the Thm 8
    system lacks these paths, its recurrent set excludes the states that take them)."""
    loop = set(nodes)
    passed: dict[int, PassedCall] = {}
    refused: list[str] = []
    for node in sorted(loop):
        entering = [
            target
            for label, target in graph.successors(node)
            if isinstance(label, EvalEdge) and label.enters_call
        ]
        if not entering or any(target in loop for target in entering):
            continue  # no call, or the loop runs through the callee: a recursion
        found = pass_call(graph, node, loop)
        if isinstance(found, Refused):
            refused.append(found.reason)
        else:
            passed[node] = found
    return passed, refused
