"""`jhalt prove`: the termination verdict of one entry, combining the analyses.

1. Build the Symbolic Execution Graph (`jhalt.seg.builder`), with half of the time budget.
2. Non-termination (issue 5, `jhalt.analyses.nontermination`): a NO needs a proof of a
   recurrent set on exact edges and a witness from the entry. This step is sound on an
   incomplete graph too (its proofs re-evaluate the program from the witness), so it runs
   first.
3. Termination (issue 6, `jhalt.analyses.termination`): a YES needs a complete graph and a
   verified ranking proof for every SCC.
4. The CLP engine (issue 15, `jhalt.analyses.clp`, seed 001), independent of the graph: when
   the graph is incomplete or the termination proof failed, with the time left; a NO it proves
   carries its witness like every NO. ``engine`` selects the engines (`ENGINES`): ``graph``
   (steps 1-3), ``clp`` (this step alone, for measurement), ``all`` (the default). The
   answer's ``stats`` say which engine decided (``engine``).
5. Otherwise MAYBE with the reason (incomplete graph, recursion, no ranking function, …).

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
from collections.abc import Callable

from jhalt.analyses.clp import ClpConfig, find_clp_nontermination
from jhalt.analyses.nontermination import NonTerminationConfig, search_nontermination
from jhalt.analyses.termination import TerminationConfig, prove_graph_terminates
from jhalt.budget import (
    GRAPH_PHASE,
    NONTERMINATION_PHASE,
    PROVE_CLP_MAX_S,
    PROVE_GRAPH,
    PROVE_NONTERMINATION,
    Budget,
    Deadline,
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

GRAPH, CLP, ALL = "graph", "clp", "all"
ENGINES = (ALL, GRAPH, CLP)
"""The values of ``engine`` (module doc, step 4)."""


def prove_termination(
    classpath: ClassPath,
    entry: MethodId,
    budget: Budget,
    registry: ModelRegistry,
    engine: str = ALL,
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

    deadline = budget.deadline()
    clp = _ClpStep(classpath, entry, deadline, engine)
    if engine == CLP:
        return clp.answer(result) or result(Verdict.MAYBE, clp.reason, stats={"engine": CLP})
    program = Program(classpath)
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
            stats={**stats, "engine": GRAPH},
            loop=found.loop.site(),
        )

    if graph.incomplete:
        return clp.answer(result, stats) or result(
            Verdict.MAYBE, _incomplete_reason(graph) + clp.note(), stats=stats
        )
    return _terminates(graph, program, deadline, stats, result, clp)


def _terminates(
    graph: SymbolicExecutionGraph,
    program: Program,
    deadline: Deadline,
    stats: dict[str, object],
    result: Callable[..., ProveResult],
    clp: _ClpStep,
) -> ProveResult:
    """Step 3 on a complete graph, then step 4 when it fails (module doc)."""
    if deadline.expired():
        reason = f"{timeout_in(NONTERMINATION_PHASE)} (graph built, {len(graph)} states)"
        return result(Verdict.MAYBE, reason, stats=stats)
    outcome = prove_graph_terminates(graph, program, TerminationConfig(deadline=deadline))
    if outcome.proved:
        return result(Verdict.YES, outcome.reason, proof=outcome, stats={**stats, "engine": GRAPH})
    if outcome.reason.startswith("timeout in"):
        reason = f"{outcome.reason}; graph built ({len(graph)} states)"
    else:
        reason = f"graph built ({len(graph)} states); termination: {outcome.reason}"
    return clp.answer(result, stats) or result(Verdict.MAYBE, reason + clp.note(), stats=stats)


class _ClpStep:
    """Step 4 (module doc): run at most once, with the time left before ``deadline`` — at
    most ``PROVE_CLP_MAX_S`` after the graph engine (`jhalt.budget`)."""

    def __init__(self, classpath: ClassPath, entry: MethodId, deadline: Deadline, engine: str):
        self.classpath, self.entry, self.deadline = classpath, entry, deadline
        self.on, self.alone = engine != GRAPH, engine == CLP
        self.reason = ""

    def answer(
        self, result: Callable[..., ProveResult], stats: dict[str, object] | None = None
    ) -> ProveResult | None:
        """The NO of the CLP engine, or None (its reason kept for `note`)."""
        if not self.on or self.deadline.expired():
            return None
        seconds = self.deadline.remaining() if self.alone else PROVE_CLP_MAX_S
        config = ClpConfig(timeout_s=seconds, deadline=self.deadline)
        search = find_clp_nontermination(self.classpath, self.entry, config)
        self.reason = "; ".join(search.reasons)
        found = search.result
        if found is None:
            return None
        merged = {**(stats or {}), **search.stats, "engine": CLP}
        return result(
            Verdict.NO,
            found.explanation(),
            witness=found.witness,
            proof=found,
            stats=merged,
            loop=found.site(),
        )

    def note(self) -> str:
        return f"; {self.reason}" if self.reason else ""


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
