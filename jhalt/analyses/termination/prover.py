"""Termination of a whole Symbolic Execution Graph: YES with a proof, or a reason (issue 6).

`prove_graph_terminates` answers *proved* only when

1. the graph is complete — no node was left unexpanded (recursion, an unsupported construct,
   a limit), so every concrete run of the entry is a path of the graph (seed 000 Thm. 1);
2. every cycle of the graph contains an evaluation edge (seed 000 Def. 3);
3. for every cyclic SCC of the graph, the ITS of `extract` (which over-approximates the runs
   that stay in the SCC) under one of the candidates of `measures.MEASURES` has a termination
   proof that `jhalt.analyses.termination.processors.ranking.verify` re-checked over the integers. The
   measures are tried in their order, each candidate (a norm for the sizes, the invariants
   that strengthen the ITS, a search) in turn; the first proved wins. The measures that need
   no invariants are tried on every SCC first; the inductive invariants of `invariants`
   (facts that hold at every visit of a loop head) are then inferred once, for the heads of
   the SCCs left (issue 16), and the other measures tried on them.

An infinite run of the program would be an infinite path of the graph, which eventually stays
in one SCC and passes its cut points infinitely often — an infinite run of that SCC's ITS.

Every YES states its assumptions: the library calls on the graph terminate (the assumptions
recorded on its edges), integers are mathematical (the competition's semantics), and for an
entry other than ``main(String[])`` that its object inputs do not share (`UNSHARED_INPUTS`).
For a later ``--int=java`` mode each loop keeps the JVM type of its integer variables.

Time (issue 20): ``TerminationConfig.deadline`` reaches every solver call (as
``SmtConfig.deadline``) and is checked between loops and between the steps of each search;
once it has passed the answer is *not proved* with reason ``"timeout in termination proof"``
(a proof found and verified in time stands).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from jhalt.analyses.termination.config import TerminationConfig
from jhalt.analyses.termination.cutpoints import graph_components, location_name, refusal
from jhalt.analyses.termination.extract import extract_component
from jhalt.analyses.termination.invariants import (
    NO_INVARIANTS,
    Invariants,
    extract_graph,
    infer_invariants,
)
from jhalt.analyses.termination.lemmas.longest_paths import as_bounds, result_lemmas
from jhalt.analyses.termination.lemmas.result_bounds import NO_BOUNDS
from jhalt.analyses.termination.loop_proof import LoopProof, loop_proof
from jhalt.analyses.termination.measures import MEASURES, LoopTask, Measure
from jhalt.analyses.termination.measures.measure import Candidate, attempt, proved_system
from jhalt.analyses.termination.outcome import TerminationOutcome
from jhalt.analyses.termination.processors import Attempt
from jhalt.analyses.termination.proof_context import ProofContext
from jhalt.budget import TERMINATION_PHASE, OutOfTime, timeout_in
from jhalt.domains.values import UnknownValue
from jhalt.program import Program
from jhalt.seg.evaluate.recursion import is_summary_assumption
from jhalt.seg.graph import SymbolicExecutionGraph

MATHEMATICAL_INTEGERS = "integers are mathematical (no overflow; the competition's semantics)"
LIBRARY_TERMINATES = "every library call terminates"
UNSHARED_INPUTS = (
    "the entry's object inputs (this, parameters, static fields) are distinct acyclic objects "
    "that share nothing (seed 000 section 2.1, state A)"
)
"""Stated for an entry other than the competition's ``main``: its initial state has unknown
objects without ``=?``/``⋀``/``!`` annotations (:mod:`jhalt.seg.entry`), so a YES says nothing
about calls with aliased or cyclic arguments."""


def _entry_assumptions(graph: SymbolicExecutionGraph) -> tuple[str, ...]:
    entry = graph.states.get(graph.entry)
    if entry is not None and any(isinstance(v, UnknownValue) for v in entry.heap.values()):
        return (UNSHARED_INPUTS,)
    return ()


def _graph_invariants(
    graph: SymbolicExecutionGraph,
    config: TerminationConfig,
    program: Program | None,
    components: Iterable[frozenset[int]],
    acyclic: ProofContext,
) -> Invariants:
    """Inductive invariants at the loop heads of ``components``, from the ITS of the whole
    graph (`invariants`; restricted to the locations that reach those heads, which leaves
    the invariants at the heads as they are)."""
    system = extract_graph(
        graph, program, config.deadline, acyclic.bounds, acyclic_heap=acyclic.known
    )
    if len(system.its.transitions) > config.max_invariant_transitions:
        return NO_INVARIANTS
    heads = [location_name(n) for nodes in components for n in nodes]
    return infer_invariants(system, config.ranking.smt, heads)


def prove_graph_terminates(
    graph: SymbolicExecutionGraph,
    program: Program | None = None,
    config: TerminationConfig = TerminationConfig(),
    measures: Sequence[Measure] = MEASURES,
) -> TerminationOutcome:
    """Decide whether every run represented by ``graph`` terminates (module doc).

    ``program`` (optional) supplies LineNumberTable and LocalVariableTable for the report;
    ``measures`` are tried in their order (`measures.MEASURES`)."""
    assumptions = tuple(graph.assumptions()) + _entry_assumptions(graph) + (MATHEMATICAL_INTEGERS,)
    if not graph.is_complete:
        first = graph.incomplete[0]
        return TerminationOutcome(
            False,
            f"the graph is incomplete ({len(graph.incomplete)} parts; first: {first.reason})",
            assumptions=assumptions,
        )
    if not graph.cycles_have_eval_edges():
        return TerminationOutcome(
            False, "a cycle of the graph has no evaluation edge", assumptions=assumptions
        )
    loops: list[LoopProof] = []
    config = config.with_deadline()
    try:
        context = ProofContext(graph, program, config.deadline, NO_BOUNDS)
        lemmas = result_lemmas(graph, program, config.deadline, context.decide)
        context.bounds = as_bounds(lemmas)
        outcome = _prove_loops(config, assumptions, loops, context, measures)
        used = lemmas + context.norm_lemmas.used()  # ... and those of the norms used
        return replace(outcome, lemmas=used) if outcome.proved else outcome
    except OutOfTime:
        return TerminationOutcome(False, timeout_in(TERMINATION_PHASE), tuple(loops), assumptions)


def _prove_loops(
    config: TerminationConfig,
    assumptions: tuple[str, ...],
    loops: list[LoopProof],
    context: ProofContext,
    measures: Sequence[Measure],
) -> TerminationOutcome:
    """Item 3 of the module doc for every cyclic SCC, cheapest first (issue 16): each SCC's
    ITS, extracted with longest paths (refused above ``max_transitions``), is tried with the
    measures that need no invariants; the inductive invariants are then inferred once, for
    the heads of the SCCs left, which are tried with the other measures. Each proved loop is
    appended to ``loops``. Raises `OutOfTime` when ``config.deadline`` passes during an
    extraction."""
    graph, program = context.graph, context.program
    pending: list[LoopTask] = []
    order: dict[frozenset[int], int] = {}  # the SCCs' order, kept by the proofs
    proved_nodes: list[frozenset[int]] = []  # the SCC of each loop proof in ``loops``
    for nodes in graph_components(graph):
        order[nodes] = len(order)
        config.deadline.check()
        system = extract_component(graph, nodes, program, config.deadline, context.bounds)
        refused = refusal(system, config.max_transitions)
        if refused is not None:
            return TerminationOutcome(False, refused, tuple(loops), assumptions)
        task = LoopTask(nodes, system)
        loop = _measure(task, [m for m in measures if not m.after_invariants], context, config)
        if loop is None:
            pending.append(task)
            continue
        loops.append(loop)
        proved_nodes.append(nodes)
    graph_invariants = NO_INVARIANTS
    if pending:
        components = [task.nodes for task in pending]
        graph_invariants = _graph_invariants(graph, config, program, components, context)
    for task in pending:
        task.invariants = graph_invariants.restricted_to(c.location for c in task.system.cut_points)
        loop = _measure(task, [m for m in measures if m.after_invariants], context, config)
        if loop is None:
            head = graph.states[task.system.cut_points[0].node].position
            reason = f"loop at {head}: {task.reason or 'no measure ranks it'}"
            if config.deadline.expired():
                reason = f"{timeout_in(TERMINATION_PHASE)} ({reason})"
            return TerminationOutcome(False, reason, tuple(loops), assumptions)
        loops.append(loop)
        proved_nodes.append(task.nodes)
    reason = f"{len(loops)} loop(s) ranked" if loops else "the graph has no cycle"
    ranked = sorted(zip(proved_nodes, loops), key=lambda pair: order[pair[0]])
    # every run of a recursive callee is a path through its enter edge, ranked above: the
    # summaries' assumption that the call returns or throws is proved, no longer assumed
    proved = tuple(a for a in assumptions if not is_summary_assumption(a))
    return TerminationOutcome(True, reason, tuple(loop for _, loop in ranked), proved)


def _measure(
    task: LoopTask, measures: Sequence[Measure], context: ProofContext, config: TerminationConfig
) -> LoopProof | None:
    """The one loop over the measures: each candidate of each of ``measures`` in turn, until
    one is proved (its record), else None. A failed attempt before the invariants leaves
    its ITS and partial steps in ``task`` (where the search with invariants starts); the
    first failed attempt after them gives the loop's reason."""
    for measure in measures:
        for candidate in measure.candidates(task, context, config):
            tried = attempt(candidate, config)
            if tried.result.proved and tried.result.proof is not None:
                measure.proved(candidate, task, context)
                return _record(candidate, tried, context)
            if not measure.after_invariants:
                task.system, task.start = candidate.system, tried.result.partial
            elif task.reason is None:
                task.reason = tried.result.reason
    return None


def _record(candidate: Candidate, tried: Attempt, context: ProofContext) -> LoopProof:
    """The proof record of ``candidate``'s proved attempt ``tried`` (`loop_proof`), with the
    heap facts the candidate adds."""
    assert tried.result.proof is not None, "a proved attempt"
    with_context = context if candidate.context_facts else None
    loop = loop_proof(
        context.graph,
        context.program,
        proved_system(candidate, tried),
        tried.result.proof,
        candidate.facts,
        with_context,
    )
    if not candidate.heap_facts:
        return loop
    return replace(loop, heap_facts=loop.heap_facts + candidate.heap_facts)
