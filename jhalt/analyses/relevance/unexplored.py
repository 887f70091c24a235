"""What an incomplete graph leaves open: the methods whose code may run in the part the graph
did not explore, so that none of their instructions may be reported as irrelevant.

After an incomplete node the program continues in the methods on its call stack (each frame
returns into its caller) and in every method those may call; that call graph is taken
statically and coarsely — a call site may reach every program method with the callee's name
and descriptor (any override), and a class initialiser of any program class may run.
Assumption: the unexplored part runs only program code reachable this way (library code is
covered by `library_effects`).
"""

from __future__ import annotations

from dataclasses import replace

from jhalt.analyses.relevance.code import Bodies
from jhalt.bytecode import Kind
from jhalt.ids import MethodId
from jhalt.seg.graph import Incomplete, SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge


def methods_after_incomplete(graph: SymbolicExecutionGraph, bodies: Bodies) -> set[MethodId]:
    """The program methods that may run after an incomplete node of ``graph`` (module
    docstring); empty for a complete graph."""
    starts = {
        frame.position.method
        for item in graph.incomplete
        for frame in graph.states[item.node].frames
    }
    if not starts:
        return set()
    by_signature = bodies.program.methods_by_signature()
    initialisers = by_signature.get(("<clinit>", "()V"), ())
    found: set[MethodId] = set()
    todo = list(starts | set(initialisers))
    while todo:
        method = todo.pop()
        if method in found:
            continue
        found.add(method)
        try:
            instructions = bodies.body(method).instructions
        except (ValueError, KeyError):
            continue
        for ins in instructions:
            if ins.kind is Kind.INVOKE and ins.mnemonic != "invokedynamic":
                member = ins.member
                todo.extend(by_signature.get((member.name, member.descriptor), ()))
    return found


def without_call_contexts(graph: SymbolicExecutionGraph) -> SymbolicExecutionGraph:
    """``graph`` with every recursive call left unexplored: the relevance demands follow frames
    within one run, not the call contexts of recursive calls (`jhalt.seg.evaluate.recursion`),
    so each node that enters one loses its successors and becomes incomplete (category
    ``recursion``) — what may run after it counts as relevant, as for any incomplete node."""
    calls = sorted(
        {
            source
            for source, label, _ in graph.edges
            if isinstance(label, EvalEdge) and label.enters_call
        }
    )
    if not calls:
        return graph
    cut = set(calls)
    edges = [(s, label, t) for s, label, t in graph.edges if s not in cut]
    reached = {graph.entry}
    todo = [graph.entry]
    successors: dict[int, list[int]] = {}
    for source, _, target in edges:
        successors.setdefault(source, []).append(target)
    while todo:
        for target in successors.get(todo.pop(), ()):
            if target not in reached:
                reached.add(target)
                todo.append(target)
    reason = "recursion: call contexts are not followed by the relevance analysis"
    return replace(
        graph,
        states={n: s for n, s in graph.states.items() if n in reached},
        edges=tuple(e for e in edges if e[0] in reached),
        ends={n: k for n, k in graph.ends.items() if n in reached},
        context_ends=frozenset(n for n in graph.context_ends if n in reached),
        incomplete=tuple(i for i in graph.incomplete if i.node in reached)
        + tuple(Incomplete(n, reason, "recursion") for n in calls if n in reached),
    )
