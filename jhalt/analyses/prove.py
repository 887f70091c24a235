"""`jhalt prove`: the termination verdict of one entry, combining the analyses.

Order (as the analyses land): build the symbolic execution graph, try the
non-termination provers (a NO needs a witness), then the termination prover (a YES
needs a proof). Until those exist this answers MAYBE with the reason.
"""

from __future__ import annotations

import time

from jhalt.classfile import ClassPath
from jhalt.errors import InputError
from jhalt.findings import ProveResult, Verdict
from jhalt.ids import MethodId
from jhalt.seg.library import ModelRegistry


def prove_termination(
    classpath: ClassPath, entry: MethodId, timeout_s: float, registry: ModelRegistry | None = None
) -> ProveResult:
    """Decide whether ``entry`` terminates for every input (competition semantics)."""
    started = time.monotonic()
    cls = classpath.find(entry.class_name)
    method = cls.method(entry.name, entry.descriptor) if cls else None
    if method is None:
        raise InputError(f"no method {entry}")
    if method.code is None:
        return ProveResult(
            Verdict.MAYBE,
            entry,
            "the entry method has no bytecode (abstract or native)",
            time_s=time.monotonic() - started,
        )
    from jhalt.program import Program
    from jhalt.seg.builder import BuildLimits, build_graph

    graph = build_graph(Program(classpath), entry, registry, BuildLimits(timeout_s=max(1.0, timeout_s / 2)))
    stats: dict[str, object] = {"classes": len(classpath.class_names()), **graph.stats()}
    # --- non-termination (issue 5): NO with a witness (sound on incomplete graphs too) ---
    from jhalt.analyses.nontermination import NonTerminationConfig, find_nontermination

    found = find_nontermination(graph, Program(classpath), registry or ModelRegistry(),
                                NonTerminationConfig(timeout_s=max(1.0, timeout_s / 4)))
    if found is not None:
        return ProveResult(Verdict.NO, entry, found.explanation(), witness=found.witness,
                           proof=found.to_json(), time_s=time.monotonic() - started, stats=stats)
    # ------------------------------------------------------------------------------------
    if graph.incomplete:
        reasons = sorted({item.reason for item in graph.incomplete})
        reason = f"graph incomplete ({len(graph)} states): " + "; ".join(reasons[:3])
    else:
        # --- termination (issue 6): YES with a verified ranking proof -------------------
        from jhalt.analyses.termination import prove_graph_terminates

        outcome = prove_graph_terminates(graph, Program(classpath))
        if outcome.proved:
            return ProveResult(Verdict.YES, entry, outcome.reason, proof=outcome.to_json(),
                               time_s=time.monotonic() - started, stats=stats)
        reason = f"graph built ({len(graph)} states); termination: {outcome.reason}"
        # ------------------------------------------------------------------------------
    return ProveResult(Verdict.MAYBE, entry, reason, time_s=time.monotonic() - started, stats=stats)
