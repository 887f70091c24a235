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

from jhalt.analyses.relevance.code import Bodies
from jhalt.bytecode import Kind
from jhalt.ids import MethodId
from jhalt.seg.graph import SymbolicExecutionGraph


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
