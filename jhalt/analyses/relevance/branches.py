"""Relevance of control: branches (thesis Def. 4.7–4.9, §4.3.4 for exceptions), method
invocations (Def. 4.10) and, when termination is part of the result, loops.

The *opcode graph* collapses the Symbolic Execution Graph to opcode keys (`locations.Key`)
within one method: an edge between two states of the same frame depth is an edge between
their keys; a call is summarised by an edge from the invoking key to the key its return (or
the exception leaving the callee) reaches in the caller; a program end is `END`. ``R(o)`` of
Def. 4.7 is reachability in this graph (``o`` included); an exception that may leave the
method reaches `END`, whose ``R`` is empty — the thesis's dummy target ⊥.

* Def. 4.8/4.9: a key ``b`` with several targets is relevant if a relevant key ``o`` in
  ``R(b)`` is missing from ``R(t)`` of some target ``t`` (taking ``t`` may skip ``o``).
* Def. 4.10: the key of a call is relevant if a relevant key is executed inside the call
  (the states after the call edge while the callee's frame is on the stack).
* Termination: unless the caller says every loop terminates, a key with several targets that
  lies on a cycle of the opcode graph is relevant (its choice decides whether the loop ends).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from jhalt.analyses.relevance.locations import Key, key_of
from jhalt.seg.graph import SymbolicExecutionGraph

END: Key | None = None


@dataclass
class OpcodeGraph:
    """Targets per key, ``R`` per key, and the keys executed inside each call edge."""

    targets: dict[Key, set[Key | None]] = field(default_factory=dict)
    reach: dict[Key, frozenset[Key]] = field(default_factory=dict)
    calls: dict[Key, set[Key]] = field(default_factory=dict)


def opcode_graph(graph: SymbolicExecutionGraph) -> OpcodeGraph:
    """The opcode graph of ``graph`` (module docstring)."""
    result = OpcodeGraph()
    states = graph.states
    successors: dict[int, list[int]] = {}
    for source, _, target in graph.edges:
        successors.setdefault(source, []).append(target)
    for source, _, target in graph.edges:
        n, m = states[source], states[target]
        key = key_of(n)
        if key is None:
            continue
        if not m.frames:
            result.targets.setdefault(key, set()).add(END)
        elif len(m.frames) == len(n.frames):
            if key_of(m) != key:
                result.targets.setdefault(key, set()).add(key_of(m))
        elif len(m.frames) < len(n.frames):
            caller = n.frames[1].position
            invoking = (caller.method, caller.pc, False)
            result.targets.setdefault(invoking, set()).add(key_of(m))
        else:
            inside = _inside_call(graph, successors, target, len(n.frames))
            result.calls.setdefault(key, set()).update(inside)
    for key in list(result.targets):
        result.reach[key] = frozenset(_reachable(result.targets, key))
    return result


def _reachable(targets: dict[Key, set[Key | None]], start: Key) -> set[Key]:
    seen = {start}
    todo = [start]
    while todo:
        for nxt in targets.get(todo.pop(), ()):
            if nxt is not None and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def _inside_call(
    graph: SymbolicExecutionGraph, successors: dict[int, list[int]], start: int, caller_depth: int
) -> set[Key]:
    """The keys of the states reached from ``start`` while the callee's frame is on the stack."""
    found: set[Key] = set()
    seen = {start}
    todo = [start]
    states = graph.states
    while todo:
        node = todo.pop()
        state = states[node]
        if len(state.frames) <= caller_depth:
            continue
        key = key_of(state)
        if key is not None:
            found.add(key)
        for nxt in successors.get(node, ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return found


def branch_obligations(ops: OpcodeGraph, relevant: Iterable[Key]) -> dict[Key, str]:
    """Def. 4.9: the branching keys made relevant by the relevant keys, with the reason."""
    chosen = set(relevant)
    found: dict[Key, str] = {}
    for key, targets in ops.targets.items():
        if len(targets) < 2 or key in chosen:
            continue
        reach = ops.reach[key]
        for target in targets:
            skipped = reach - (ops.reach.get(target, frozenset()) if target else frozenset())
            hit = sorted(skipped & chosen, key=lambda k: (str(k[0]), k[1], k[2]))
            if hit:
                found[key] = f"choosing a target may skip the relevant instruction at pc {hit[0][1]}"
                break
    return found


def call_obligations(ops: OpcodeGraph, relevant: Iterable[Key]) -> dict[Key, str]:
    """Def. 4.10: the call keys inside whose calls a relevant key is executed."""
    chosen = set(relevant)
    return {
        key: "the called method executes relevant code"
        for key, inside in ops.calls.items()
        if key not in chosen and inside & chosen
    }


def loop_obligations(ops: OpcodeGraph) -> dict[Key, str]:
    """The branching keys on a cycle: they decide whether a loop ends."""
    found: dict[Key, str] = {}
    for key, targets in ops.targets.items():
        if len(targets) < 2:
            continue
        if any(t is not None and key in ops.reach.get(t, frozenset()) for t in targets):
            found[key] = "decides whether a loop ends (termination is not proved)"
    return found
