"""`jhalt prove`: the termination verdict of one entry, combining the analyses.

1. Build the Symbolic Execution Graph (`jhalt.seg.builder`), with half of the time budget;
   a program with callees that can be summarised is built again with them summarised when
   the inlined graph grows too big (`jhalt.seg.staged_build`).
2. Non-termination (issue 5, `jhalt.analyses.nontermination`), first slice: the first
   ``PROVE_FIRST_CANDIDATES`` candidate inputs. A NO needs a proof of a recurrent set on
   exact edges and a witness from the entry; this step is sound on an incomplete graph too
   (its proofs re-evaluate the program from the witness). Most witnesses are found here.
3. Termination (issue 6, `jhalt.analyses.termination`): a YES needs a complete graph and a
   verified ranking proof for every SCC. It runs before the rest of the witness search
   because that search, which cannot succeed on a terminating program, was most of the
   time of a YES (issue 16).
4. Non-termination, second slice, when the termination proof failed: the candidates up to
   the ``PROVE_CANDIDATES``-th.
5. The CLP engine (issue 15, `jhalt.analyses.clp`, seed 001), independent of the graph: when
   neither a YES nor a NO came out, for at most ``PROVE_CLP_MAX_S``; a NO it proves carries
   its witness like every NO. ``engine`` selects the engines (`ENGINES`): ``graph`` (steps
   1-4), ``clp`` (this step alone, with the whole budget, for measurement), ``recurrent``
   (step 1 and the recurrent-set engine alone, with the whole budget: a NO shows the
   loop's universal recurrent set), ``all`` (the default). The answer's ``stats`` say
   which engine decided (``engine``).
5b. The recurrent-set engine (issue 17, `jhalt.analyses.recurrent`, seed 002) on the graph:
   with ``--engine all`` after the CLP engine, when no answer came out, for at most
   ``PROVE_RECURRENT_MAX_S``; its NO has a checked universal recurrent set and a witness
   into it (and ``samples`` further witnesses into the set).
   A NO of steps 2 or 4 that holds for mathematical integers only gives way to a NO of this
   engine that holds for Java's too (`_for_machine_integers`).
5c. When the termination proof found no ranking function on a small complete graph: the
   graph built again with the loops' first ``PROVE_UNROLL`` iterations unrolled and the
   termination proof on it (`_unrolled`): a loop that ends after a few iterations by the
   shape of its heap, which merged loop-head states forget (SharingPair).
6. Otherwise MAYBE with the reason (incomplete graph, no ranking function, …).

Since a YES and a NO are each proved (a verified ranking proof, a witness with a recurrent
set), the order changes only the time an answer takes, never the answer.

Time: one `Deadline` (the end of ``budget``) is handed to every step (`jhalt.budget`); the graph
also stops after ``PROVE_GRAPH`` of the budget, the first slice after ``PROVE_FIRST_SLICE_S``
(a candidate it cut short is run again by the second), the termination proof leaves a
reserve for the second slice, and the second slice stops after ``PROVE_NONTERMINATION`` of
what is left, at most ``PROVE_NONTERMINATION_CAP_S``. A step
that runs out answers MAYBE with ``"timeout in <phase>"`` (graph construction,
non-termination search, termination proof) unless another step already decided.

Replay of a NO witness on a JVM is not done here (it belongs to the `witness` layer); the
command line does it (`jhalt.cli.main.cmd_prove`).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable

from jhalt.analyses.clp import ClpConfig, find_clp_nontermination
from jhalt.analyses.nontermination import NonTerminationConfig, NonTerminationSearcher
from jhalt.analyses.recurrent import RecurrentConfig, find_recurrent_nontermination
from jhalt.analyses.termination import (
    TerminationConfig,
    TerminationOutcome,
    prove_graph_terminates,
)
from jhalt.budget import (
    GRAPH_PHASE,
    NONTERMINATION_PHASE,
    PROVE_CANDIDATES,
    PROVE_CLP_MAX_S,
    PROVE_FIRST_CANDIDATES,
    PROVE_FIRST_SLICE_S,
    PROVE_GRAPH,
    PROVE_NONTERMINATION,
    PROVE_NONTERMINATION_CAP_S,
    PROVE_NONTERMINATION_RESERVE,
    Budget,
    Deadline,
    cpu_seconds,
    timeout_in,
)
from jhalt.classfile import ClassPath
from jhalt.errors import INTERNAL_ERROR, InputError
from jhalt.findings import MaybeReason, ProveResult, Verdict
from jhalt.ids import MethodId
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits
from jhalt.seg.field_types import FIELD_WRITES_ASSUMPTION, describe_field_types
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.library import ModelRegistry
from jhalt.seg.staged_build import build_staged

GRAPH, CLP, RECURRENT, ALL = "graph", "clp", "recurrent", "all"
PROVE_UNROLL = 3
"""Loop iterations kept apart in step 5c's graph (`BuildLimits.unroll`)."""
PROVE_UNROLL_MAX_STATES = 400
"""Step 5c runs only on a first graph of at most this many states: the unrolled graph of a
loop nest grows with the unrolling to the power of its depth."""
ENGINES = (ALL, GRAPH, CLP, RECURRENT)
PROVE_RECURRENT_MAX_S = 1.0
"""Seconds of one core (`budget.cpu_seconds`) of the recurrent-set engine after the others with ``--engine all`` (step 5b): it
runs only for a MAYBE, and every second of it is added to MAYBE answers (issue 16's speed
target); the sets it finds on the Invel programs take under 3 s with ``--engine recurrent``,
where the graph engine has already answered NO."""
"""The values of ``engine`` (module doc, step 5)."""


def prove_termination(
    classpath: ClassPath,
    entry: MethodId,
    budget: Budget,
    registry: ModelRegistry,
    engine: str = ALL,
    samples: int = 0,
) -> ProveResult:
    """Decide whether ``entry`` terminates for every input (competition semantics);
    ``samples``: further witnesses into a recurrent set (step 5b)."""
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
    graph, field_types = build_staged(program, entry, registry, limits)
    stats: dict[str, object] = {"classes": len(classpath.class_names()), **graph.stats()}
    if field_types:
        stats["field_types"] = describe_field_types(field_types)
    recurrent = _RecurrentStep(graph, program, registry, deadline, samples)
    if engine == RECURRENT:
        found = recurrent.answer(result, stats, alone=True)
        return found or result(
            Verdict.MAYBE, recurrent.reason, stats={**stats, "engine": RECURRENT}
        )
    answer, outcome = _graph_engine(graph, program, registry, budget, stats, result, caught)
    if answer is not None:
        answer = _for_machine_integers(answer, recurrent, result, stats)
        return _stating_field_types(answer) if field_types else answer
    reason = _maybe_reason(graph, outcome)
    return (
        clp.answer(result, stats)
        or recurrent.answer(result, stats, alone=False)
        or _unrolled(graph, outcome, program, entry, registry, deadline, stats, result)
        or result(Verdict.MAYBE, reason + clp.note(), stats=stats)
    )


def _unrolled(
    graph: SymbolicExecutionGraph,
    outcome: TerminationOutcome | None,
    program: Program,
    entry: MethodId,
    registry: ModelRegistry,
    deadline: Deadline,
    stats: dict[str, object],
    result: Callable[..., ProveResult],
) -> ProveResult | None:
    """Step 5c (module doc): the YES of the termination proof on the graph built again with
    the first ``PROVE_UNROLL`` iterations of every loop kept apart (`BuildLimits.unroll`),
    when the first graph was complete, at most ``PROVE_UNROLL_MAX_STATES`` states, and its
    proof found no ranking function. Runs only when nothing else answered, so it only adds
    time to what would be a MAYBE; the graph represents every run as the first does, and its
    proof is verified as every proof is."""
    if outcome is None or outcome.proved or outcome.reason.startswith("timeout in"):
        return None
    if not graph.is_complete or len(graph) > PROVE_UNROLL_MAX_STATES or deadline.expired():
        return None
    limits = BuildLimits(timeout_s=deadline.remaining(), deadline=deadline, unroll=PROVE_UNROLL)
    unrolled, field_types = build_staged(program, entry, registry, limits)
    if not unrolled.is_complete or deadline.expired():
        return None
    second = prove_graph_terminates(unrolled, program, TerminationConfig(deadline=deadline))
    if not second.proved:
        return None
    unrolled_stats = {**stats, **unrolled.stats(), "engine": GRAPH, "unroll": PROVE_UNROLL}
    answer = result(Verdict.YES, second.reason, proof=second, stats=unrolled_stats)
    return _stating_field_types(answer) if field_types else answer


def _for_machine_integers(
    answer: ProveResult,
    recurrent: _RecurrentStep,
    result: Callable[..., ProveResult],
    stats: dict[str, object],
) -> ProveResult:
    """A NO of the graph engine whose proof holds for mathematical integers only (its
    ``overflow_note``: a value grows until Java's ``int`` wraps around) is replaced by the
    recurrent-set engine's NO when that one holds for Java's integers too (no note): its
    witness is one the JVM can show (``-Dstep=0`` rather than ``-1`` for a loop draining by
    ``step``). Both are proved; the choice changes only which witness the replay runs. Costs
    the recurrent engine's share (`PROVE_RECURRENT_MAX_S`) for such NOs only."""
    if answer.verdict is not Verdict.NO or not getattr(answer.proof, "overflow_note", None):
        return answer
    other = recurrent.answer(result, stats, alone=False)
    if other is None or getattr(other.proof, "overflow_note", None):
        return answer
    return other


def _stating_field_types(answer: ProveResult) -> ProveResult:
    """A YES of a graph built with field types states their assumption (a NO needs none: its
    witness is replayed)."""
    if answer.verdict is not Verdict.YES or not isinstance(answer.proof, TerminationOutcome):
        return answer
    assumptions = (*answer.proof.assumptions, FIELD_WRITES_ASSUMPTION)
    return dataclasses.replace(
        answer, proof=dataclasses.replace(answer.proof, assumptions=assumptions)
    )


def _graph_engine(
    graph: SymbolicExecutionGraph,
    program: Program,
    registry: ModelRegistry,
    budget: Budget,
    stats: dict[str, object],
    result: Callable[..., ProveResult],
    caught: list[str],
) -> tuple[ProveResult | None, TerminationOutcome | None]:
    """Steps 2-4 (module doc): a YES or a NO of the graph engine, else None and the
    termination proof's outcome (None when it did not run)."""
    deadline = budget.deadline()
    config = NonTerminationConfig(
        timeout_s=budget.share_left(PROVE_NONTERMINATION), deadline=deadline
    )
    searcher = NonTerminationSearcher(graph, program, registry, config)
    search = searcher.search(PROVE_FIRST_CANDIDATES, PROVE_FIRST_SLICE_S)
    outcome: TerminationOutcome | None = None
    if search.result is None and graph.is_complete and not deadline.expired():
        termination = TerminationConfig(deadline=_termination_deadline(budget, searcher))
        outcome = prove_graph_terminates(graph, program, termination)
        if outcome.proved:
            proved = result(
                Verdict.YES, outcome.reason, proof=outcome, stats={**stats, "engine": GRAPH}
            )
            return proved, outcome
    if search.result is None and not searcher.finished and not deadline.expired():
        seconds = min(PROVE_NONTERMINATION_CAP_S, budget.share_left(PROVE_NONTERMINATION))
        search = searcher.search(PROVE_CANDIDATES - searcher.tried, seconds)
    found = search.result
    caught.extend(reason for reason in search.reasons if INTERNAL_ERROR in reason)
    if found is None:
        return None, outcome
    answer = result(
        Verdict.NO,
        found.explanation(),
        witness=found.witness,
        proof=found,
        stats={**stats, "engine": GRAPH},
        loop=found.loop.site(),
    )
    return answer, outcome


def _termination_deadline(budget: Budget, searcher: NonTerminationSearcher) -> Deadline:
    """The run's deadline, less the second slice's reserve while candidates are left."""
    if searcher.finished:
        return budget.deadline()
    reserve = min(PROVE_NONTERMINATION_CAP_S, budget.remaining() * PROVE_NONTERMINATION_RESERVE)
    return Deadline(budget.deadline().at - reserve)


def _maybe_reason(graph: SymbolicExecutionGraph, outcome: TerminationOutcome | None) -> str:
    """Why neither a YES nor a NO: the incomplete graph, the termination proof's reason, or
    no time left for it."""
    if graph.incomplete:
        return _incomplete_reason(graph)
    if outcome is None:
        return f"{timeout_in(NONTERMINATION_PHASE)} (graph built, {len(graph)} states)"
    if outcome.reason.startswith("timeout in"):
        return f"{outcome.reason}; graph built ({len(graph)} states)"
    return f"graph built ({len(graph)} states); termination: {outcome.reason}"


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


class _ClpStep:
    """Step 4 (module doc): run at most once, with the time left before ``deadline`` — at
    most ``PROVE_CLP_MAX_S`` after the graph engine (`jhalt.budget`), the whole budget alone."""

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
        seconds = self.deadline.remaining() if self.alone else cpu_seconds(PROVE_CLP_MAX_S)
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


class _RecurrentStep:
    """Step 5b (module doc): the recurrent-set engine on the graph, with the time left before
    ``deadline`` when alone, else at most ``PROVE_RECURRENT_MAX_S``."""

    def __init__(
        self,
        graph: SymbolicExecutionGraph,
        program: Program,
        registry: ModelRegistry,
        deadline: Deadline,
        samples: int,
    ) -> None:
        self.graph, self.program, self.registry = graph, program, registry
        self.deadline, self.samples = deadline, samples
        self.reason = "no recurrent set"

    def answer(
        self, result: Callable[..., ProveResult], stats: dict[str, object], alone: bool
    ) -> ProveResult | None:
        if self.deadline.expired():
            self.reason = "timeout in the recurrent-set search"
            return None
        seconds = self.deadline.remaining() if alone else cpu_seconds(PROVE_RECURRENT_MAX_S)
        deadline = self.deadline.within(seconds)
        config = RecurrentConfig(deadline=deadline, samples=self.samples)
        search = find_recurrent_nontermination(self.graph, self.program, self.registry, config)
        found = search.result
        if found is None:
            self.reason = "; ".join(search.reasons[:3]) or "no loop with a recurrent set"
            return None
        return result(
            Verdict.NO,
            found.explanation(),
            witness=found.witness,
            proof=found,
            stats={**stats, **search.stats, "engine": RECURRENT},
            loop=found.loop.site(),
        )
