"""Relevance of control: branches (thesis Def. 4.7–4.9, §4.3.4 for exceptions), method
invocations (Def. 4.10) and, when termination is part of the result, loops.

The *opcode graph* collapses the Symbolic Execution Graph to opcode keys (`locations.Key`)
within one method: an edge between two states of the same frame depth is an edge between
their keys; a call is summarised by an edge from the invoking key to the key its return (or
the exception leaving the callee) reaches in the caller; a program end is `END`. ``R(o)`` of
Def. 4.7 is reachability in this graph (``o`` included); an exception that may leave the
method reaches `END` — the thesis's dummy target ⊥.

* Branches — a deviation from Def. 4.8. The thesis makes a branch ``b`` relevant when a
  relevant ``o ∈ R(b)`` is missing from ``R(t)`` of a target ``t``. Inside a loop every target
  reaches the whole body again, so a branch that skips a relevant instruction in this iteration
  (``if (found) list.add(x)`` in a loop) would be irrelevant — a removal that changes the
  result (`tests/relevance_corpus/relevance` has such loops; the thesis's own §4.7 program is one).
  jhalt uses control dependence instead: ``b`` is relevant when a relevant key post-dominates
  one of its targets but does not strictly post-dominate ``b`` (post-dominance towards `END`;
  a key that cannot reach `END`, an endless loop, gets an edge to it). On acyclic code this is
  Def. 4.8 up to transitivity (a branch nested in a relevant one is relevant through the
  fixpoint), and it keeps the thesis's point of Ex. 4.13: code after a loop post-dominates the
  loop's branch, so it does not make the loop relevant.
* Def. 4.10: the key of a call is relevant if a relevant key is executed inside the call
  (the states after the call edge while the callee's frame is on the stack).
* Termination: unless the caller says every loop terminates, a key with several targets that
  lies on a cycle of the opcode graph is relevant (its choice decides whether the loop ends).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from jhalt.analyses.relevance.contexts import call_contexts, reachable
from jhalt.analyses.relevance.locations import Key, key_of
from jhalt.ids import MethodId
from jhalt.seg.graph import RETURN, SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge

END: Key | None = None


@dataclass
class OpcodeGraph:
    """Targets per key, ``R`` per key, and the keys executed inside each call edge."""

    targets: dict[Key, set[Key | None]] = field(default_factory=dict)
    reach: dict[Key, frozenset[Key]] = field(default_factory=dict)
    calls: dict[Key, set[Key]] = field(default_factory=dict)
    keys: list[Key | None] = field(default_factory=list)
    index: dict[Key | None, int] = field(default_factory=dict)
    post_dominators: dict[Key | None, int] = field(default_factory=dict)
    recursive: set[Key] = field(default_factory=set)
    """The keys that enter a recursive call (`contexts`)."""
    recursive_methods: set[MethodId] = field(default_factory=set)
    """The methods entered by recursive calls."""


def opcode_graph(graph: SymbolicExecutionGraph, value_only: bool = False) -> OpcodeGraph:
    """The opcode graph of ``graph`` (module docstring); with ``value_only``, of the states
    from which a normal return is reachable (`returning_nodes`)."""
    result = OpcodeGraph()
    states = graph.states
    successors: dict[int, list[int]] = {}
    for source, _, target in graph.edges:
        successors.setdefault(source, []).append(target)
    alive = returning_nodes(graph) if value_only else None
    contexts = call_contexts(graph)
    context_keys: dict[int, set[Key]] = {}
    for source, label, target in graph.edges:
        if alive is not None and target not in alive:
            continue
        n, m = states[source], states[target]
        key = key_of(n)
        if key is None:
            continue
        if isinstance(label, EvalEdge) and label.enters_call:
            if target not in context_keys:
                reached = reachable(successors, {target})
                context_keys[target] = {k for k in (key_of(states[i]) for i in reached) if k}
            result.calls.setdefault(key, set()).update(context_keys[target])
            result.recursive.add(key)
            result.recursive_methods.add(m.position.method)
        elif not m.frames:
            result.targets.setdefault(key, set()).add(END)
        elif len(m.frames) == len(n.frames):
            if key_of(m) != key:
                result.targets.setdefault(key, set()).add(key_of(m))
        elif len(m.frames) < len(n.frames):
            caller = n.frames[1].position
            invoking = (caller.method, caller.pc, False)
            result.targets.setdefault(invoking, set()).add(key_of(m))
        else:
            inside = _inside_call(graph, successors, target, len(n.frames), contexts.nodes)
            result.calls.setdefault(key, set()).update(inside)
    for key in list(result.targets):
        result.reach[key] = frozenset(_reachable(result.targets, key))
    _post_dominance(result)
    return result


def returning_nodes(graph: SymbolicExecutionGraph) -> set[int]:
    """The nodes from which a normal return of the entry (a program end that is no uncaught
    exception) is reachable. When only the returned value is the result (no exceptions,
    effects or termination), a run that throws or does not end computes no value to compare
    (`mutation_check` compares values when both runs return), so a choice between such a run
    and one that returns is no choice the value depends on: the opcode graph keeps only
    these nodes — a deviation from §4.3.4, whose dummy target ⊥ of an uncaught exception makes
    the throwing opcode a branch (Example 4.14 needs it because the side effect is relevant
    there; thesis Example 4.19 removes a loop whose calls may throw, which needs this). An
    incomplete node and the end of a call context (the callee returns to a caller the context
    does not represent) may lead to a return: they count as returning."""
    predecessors: dict[int, list[int]] = {}
    for source, _, target in graph.edges:
        predecessors.setdefault(target, []).append(source)
    ends = [n for n, kind in graph.ends.items() if kind == RETURN]
    return reachable(
        predecessors, [*ends, *graph.context_ends, *(i.node for i in graph.incomplete)]
    )


def _post_dominance(ops: OpcodeGraph) -> None:
    """Post-dominator sets (bit masks over ``ops.keys``) towards `END`. A key without a
    target in its method (a return, an exception leaving it) or from which `END` cannot be
    reached (an endless loop) gets an edge to `END`, so that every key has post-dominators."""
    keys: list[Key | None] = [END]
    for key, targets in ops.targets.items():
        keys.append(key)
        keys.extend(targets)
    ops.keys = list(dict.fromkeys(keys))
    ops.index = {key: i for i, key in enumerate(ops.keys)}
    exits_to_end = {k for k in ops.keys if k is not None and END in ops.targets.get(k, ())}
    successors: dict[Key | None, set[Key | None]] = {END: set()}
    for item in ops.keys:
        if item is not None:
            successors[item] = set(ops.targets.get(item, ())) or {END}
    reaching = _reaching_end(successors, exits_to_end)
    for item in ops.keys:
        if item is not None and item not in reaching:
            successors[item].add(END)
    full = (1 << len(ops.keys)) - 1
    dominators = {key: full for key in ops.keys}
    dominators[END] = 1
    changed = True
    while changed:
        changed = False
        for node in reversed(ops.keys):
            if node is None:
                continue
            meet = full
            for nxt in successors[node]:
                meet &= dominators[nxt]
            value = meet | (1 << ops.index[node])
            if value != dominators[node]:
                dominators[node] = value
                changed = True
    ops.post_dominators = dominators


def _reaching_end(
    successors: dict[Key | None, set[Key | None]], _exits: set[Key]
) -> set[Key | None]:
    """The keys from which `END` can be reached."""
    predecessors: dict[Key | None, list[Key | None]] = {}
    for key, targets in successors.items():
        for target in targets:
            predecessors.setdefault(target, []).append(key)
    return reachable(predecessors, [END])


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
    graph: SymbolicExecutionGraph,
    successors: dict[int, list[int]],
    start: int,
    caller_depth: int,
    context_nodes: frozenset[int] = frozenset(),
) -> set[Key]:
    """The keys of the states reached from ``start`` while the callee's frame is on the stack,
    and of the call contexts entered from there (they run inside the call)."""
    found: set[Key] = set()
    seen = {start}
    todo = [start]
    states = graph.states
    while todo:
        node = todo.pop()
        state = states[node]
        if len(state.frames) <= caller_depth and node not in context_nodes:
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
    """The branching keys on which a relevant key is control dependent (module docstring:
    the relevant key post-dominates one target of the branch but not the branch itself)."""
    chosen = set(relevant)
    index = ops.index
    relevant_mask = 0
    for key in chosen:
        position = index.get(key)
        if position is not None:
            relevant_mask |= 1 << position
    found: dict[Key, str] = {}
    for key, targets in ops.targets.items():
        if len(targets) < 2 or key in chosen:
            continue
        own = 1 << index[key]
        strict = ops.post_dominators[key] & ~own
        dependent = 0
        for target in targets:
            dependent |= ops.post_dominators[target]
        hit = dependent & ~strict & ~own & relevant_mask
        if hit:
            other = ops.keys[(hit & -hit).bit_length() - 1]
            pc = other[1] if other is not None else "end"
            found[key] = f"whether the relevant instruction at pc {pc} runs depends on it"
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
    """The branching keys on a cycle: they decide whether a loop ends; the keys that enter a
    recursive call and the branching keys of the methods so entered: they decide whether a
    recursion ends."""
    found: dict[Key, str] = dict.fromkeys(
        ops.recursive, "enters a recursive call (termination is not proved)"
    )
    for key, targets in ops.targets.items():
        if len(targets) < 2:
            continue
        if key[0] in ops.recursive_methods:
            found[key] = "decides whether a recursion ends (termination is not proved)"
        elif any(t is not None and key in ops.reach.get(t, frozenset()) for t in targets):
            found[key] = "decides whether a loop ends (termination is not proved)"
    return found
