"""`jhalt prove`: the termination verdict of one entry, combining the analyses.

1. Build the Symbolic Execution Graph (`jhalt.seg.builder`), with half of the time budget.
2. Non-termination (issue 5, `jhalt.analyses.nontermination`): a NO needs a proof of a
   recurrent set on exact edges and a witness from the entry. This step is sound on an
   incomplete graph too (its proofs re-evaluate the program from the witness), so it runs
   first.
3. Termination (issue 6, `jhalt.analyses.termination`): a YES needs a complete graph and a
   verified ranking proof for every SCC.
4. Otherwise MAYBE with the reason (incomplete graph, recursion, no ranking function, …).

Time: one `Deadline` (the end of ``budget``) is handed to every step (`jhalt.budget`); the graph
also stops after ``PROVE_GRAPH`` of the budget and the non-termination search after
``PROVE_NONTERMINATION`` of what is left. A step that runs out answers MAYBE with
``"timeout in <phase>"`` (graph construction, non-termination search, termination proof)
unless another step already decided.

Replay of a NO witness on a JVM is not done here (it belongs to the `witness` layer); the
command line does it (`jhalt.cli.main.cmd_prove`).
"""

from __future__ import annotations

import time

from jhalt.analyses.nontermination import NonTerminationConfig, search_nontermination
from jhalt.analyses.termination import TerminationConfig, prove_graph_terminates
from jhalt.budget import (
    GRAPH_PHASE,
    NONTERMINATION_PHASE,
    PROVE_GRAPH,
    PROVE_NONTERMINATION,
    Budget,
    timeout_in,
)
from jhalt.classfile import ClassPath
from jhalt.errors import INTERNAL_ERROR, InputError
from jhalt.findings import MaybeReason, ProveResult, Verdict
from jhalt.ids import MethodId
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.library import ModelRegistry


def prove_termination(
    classpath: ClassPath, entry: MethodId, budget: Budget, registry: ModelRegistry
) -> ProveResult:
    """Decide whether ``entry`` terminates for every input (competition semantics)."""
    started = time.monotonic()

    caught: list[str] = []  # internal errors the non-termination search caught

    def result(verdict: Verdict, reason: str, **extra: object) -> ProveResult:
        if verdict is Verdict.MAYBE:
            if caught:  # named in the reason: the CLI then ends with exit 3 (jhalt.errors)
                reason += f"; non-termination search: {caught[0]}"
            extra.setdefault("proof", MaybeReason(reason))
        return ProveResult(verdict, entry, reason, time_s=time.monotonic() - started, **extra)  # type: ignore[arg-type]

    cls = classpath.find(entry.class_name)
    method = cls.method(entry.name, entry.descriptor) if cls else None
    if method is None:
        raise InputError(f"no method {entry}")
    if method.code is None:
        return result(Verdict.MAYBE, "the entry method has no bytecode (abstract or native)")

    program = Program(classpath)
    deadline = budget.deadline()
    limits = BuildLimits(timeout_s=budget.share(PROVE_GRAPH), deadline=deadline)
    graph = build_graph(program, entry, registry, limits)
    stats: dict[str, object] = {"classes": len(classpath.class_names()), **graph.stats()}

    config = NonTerminationConfig(
        timeout_s=budget.share_left(PROVE_NONTERMINATION), deadline=deadline
    )
    search = search_nontermination(graph, program, registry, config)
    found = search.result
    caught.extend(reason for reason in search.reasons if INTERNAL_ERROR in reason)
    if found is not None:
        return result(
            Verdict.NO,
            found.explanation(),
            witness=found.witness,
            proof=found,
            stats=stats,
            loop=found.loop.site(),
        )

    if graph.incomplete:
        return result(Verdict.MAYBE, _incomplete_reason(graph), stats=stats)
    if deadline.expired():
        reason = f"{timeout_in(NONTERMINATION_PHASE)} (graph built, {len(graph)} states)"
        return result(Verdict.MAYBE, reason, stats=stats)
    outcome = prove_graph_terminates(graph, program, TerminationConfig(deadline=deadline))
    if outcome.proved:
        return result(Verdict.YES, outcome.reason, proof=outcome, stats=stats)
    if outcome.reason.startswith("timeout in"):
        reason = f"{outcome.reason}; graph built ({len(graph)} states)"
    else:
        reason = f"graph built ({len(graph)} states); termination: {outcome.reason}"
    return result(Verdict.MAYBE, reason, stats=stats)


def _incomplete_reason(graph: SymbolicExecutionGraph) -> str:
    """Why a graph is incomplete: an internal error first (the CLI then ends the MAYBE with
    exit 3), else a timeout ("timeout in graph construction"), else the first reasons."""
    reasons = sorted(
        {item.reason for item in graph.incomplete},
        key=lambda reason: (not reason.startswith(INTERNAL_ERROR), reason),
    )
    internal = reasons[0].startswith(INTERNAL_ERROR)
    if not internal and any(item.category == "timeout" for item in graph.incomplete):
        return f"{timeout_in(GRAPH_PHASE)} ({len(graph)} states)"
    return f"graph incomplete ({len(graph)} states): " + "; ".join(reasons[:3])
