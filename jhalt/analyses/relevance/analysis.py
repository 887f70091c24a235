"""The relevance analysis of one entry (thesis 004 §4.3–4.4): build the graph, propagate the
demands of the result (`demands`), add the control obligations (`branches`) until nothing
changes, and classify every executed instruction (`classify`).

The combination is a least fixpoint: the demand propagation is monotone in the set of keys
forced relevant, and the control obligations are monotone in the set of relevant keys, so
alternating them from the empty set reaches the minimal model of the thesis's formula (all of
its clauses are single-premise Horn clauses, `demands`). Termination: when termination is part
of the result and a loop's branches are not relevant anyway, the loops count as irrelevant only
if ``loops_terminate`` (the caller's termination prover) proves the entry terminating on the
complete graph; otherwise every branch on a cycle is relevant.

Where the graph is incomplete, the unexplored continuation counts as relevant and demands
everything of its state, and no instruction of a method that may run after it is reported
(`unexplored`), so only what the explored part proves irrelevant is reported; a graph on which
that is every executed method is not analysed at all, and its construction stops at the first
such node (`BuildLimits.stop_when_incomplete`). Recursive calls are followed through their
call contexts (`contexts`). The graph is built under the non-null field invariants it proves
(`jhalt.seg.field_invariants`; thesis Example 4.19 needs them).

Assumption: the findings hold for the executions the graph represents — for ``main`` the
competition's input, for any other entry arguments that are tree-shaped and do not share
(`jhalt.seg.entry`). A finding that depends on it (e.g. that an empty cyclic list is never
passed) is refuted by the mutation check, which runs real inputs, and withdrawn.

Deviations from the thesis, each stated in its module: positions instead of renamed references
(`locations`); control dependence instead of Def. 4.8 (`branches`); the result includes
termination and observable effects (`obligations`); library calls classified by their effects
(`library_effects`); no SAT solver — the formula's minimal model is a least fixpoint
(`demands`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from jhalt.analyses.relevance.branches import (
    OpcodeGraph,
    branch_obligations,
    call_obligations,
    loop_obligations,
    opcode_graph,
)
from jhalt.analyses.relevance.classify import classify, group_by_line
from jhalt.analyses.relevance.code import Bodies
from jhalt.analyses.relevance.demands import (
    DemandProblem,
    Propagation,
    propagate,
    throw_obligations,
)
from jhalt.analyses.relevance.locations import Key, key_of
from jhalt.analyses.relevance.obligations import EntryObligations, Obligations
from jhalt.analyses.relevance.result import RelevanceResult
from jhalt.analyses.relevance.unexplored import methods_after_incomplete
from jhalt.budget import NEVER, Deadline
from jhalt.domains.values import InstanceValue
from jhalt.ids import FieldId, MethodId
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits
from jhalt.seg.field_invariants import applicable_fields, build_with_field_invariants
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.library import ModelRegistry

LoopsTerminate = Callable[[SymbolicExecutionGraph], bool]


@dataclass(frozen=True)
class RelevanceConfig:
    """``obligations``: the parts of the result; ``graph_timeout_s``: the graph's share of the
    time; ``deadline``: the end of the run; ``max_rounds``: a bound on the alternations of
    demands and control obligations (each round adds a key, so the bound only guards against
    a bug; hitting it makes every executed instruction relevant)."""

    obligations: Obligations = field(default_factory=Obligations)
    graph_timeout_s: float = 30.0
    deadline: Deadline = NEVER
    max_rounds: int = 10_000
    field_invariants: bool = True
    """Build the graph under the non-null field invariants it proves
    (`jhalt.seg.field_invariants`)."""
    assume_input_invariants: bool = False
    """Precondition of the entry: the objects it gets from outside satisfy those invariants
    too (otherwise the fields of classes its inputs may hold are not assumed)."""


def analyse_relevance(
    program: Program,
    entry: MethodId,
    registry: ModelRegistry,
    config: RelevanceConfig | None = None,
    loops_terminate: LoopsTerminate | None = None,
) -> RelevanceResult:
    """The irrelevant instructions of ``entry`` and of the methods it calls (module
    docstring); the findings are not mutation-checked yet (`mutation_check`)."""
    config = config or RelevanceConfig()
    started = time.monotonic()
    limits = BuildLimits(
        timeout_s=config.graph_timeout_s, deadline=config.deadline, stop_when_incomplete=True
    )
    fields = (
        applicable_fields(program, entry, assume_inputs=config.assume_input_invariants)
        if config.field_invariants
        else frozenset()
    )
    graph, fields = build_with_field_invariants(program, entry, registry, limits, fields)
    result = relevance_of_graph(graph, program, config, loops_terminate, started)
    notes = _invariant_notes(program, graph, fields, config)
    return replace(result, notes=(*result.notes, *notes))


def _invariant_notes(
    program: Program,
    graph: SymbolicExecutionGraph,
    fields: frozenset[FieldId],
    config: RelevanceConfig,
) -> list[str]:
    """The invariants of the classes whose objects the graph holds (the others it did not
    need), and the precondition they rest on, if any."""
    held = {
        value.class_name
        for state in graph.states.values()
        for value in state.heap.values()
        if isinstance(value, InstanceValue)
    }
    fields = frozenset(f for f in fields if any(program.is_subtype(c, f.class_name) for c in held))
    if not fields:
        return []
    names = ", ".join(sorted(f"{f.class_name.rsplit('/', 1)[-1]}.{f.name}" for f in fields))
    note = f"fields non-null in every constructed object (proved on the graph): {names}"
    if config.assume_input_invariants:
        note += "; precondition: the entry's inputs satisfy this as well"
    return [note]


def relevance_of_graph(
    graph: SymbolicExecutionGraph,
    program: Program,
    config: RelevanceConfig,
    loops_terminate: LoopsTerminate | None = None,
    started: float | None = None,
) -> RelevanceResult:
    """The analysis over a graph already built (module docstring)."""
    started = time.monotonic() if started is None else started
    bodies = Bodies(program)
    statics = frozenset(f for state in graph.states.values() for f, _ in state.static_fields)
    obligations = EntryObligations(config.obligations, graph.entry_method, bodies, statics)
    open_methods = methods_after_incomplete(graph, bodies)
    executed = {k for k in map(key_of, graph.states.values()) if k}
    if executed and all(key[0] in open_methods for key in executed):
        # every executed instruction may run in the unexplored part: nothing can be reported
        notes = [_open_note(open_methods)]
        irrelevant, counts = classify(graph, bodies, executed, OpcodeGraph())
    else:
        problem = DemandProblem(
            graph, bodies, obligations.at_end, obligations.everywhere,
            all_heap=obligations.all_heap, world_relevant=config.obligations.effects,
            exceptions_relevant=config.obligations.exceptions,
        )  # fmt: skip
        parts = config.obligations
        value_only = not (parts.exceptions or parts.effects or parts.termination)
        ops = opcode_graph(graph, value_only)
        relevant, notes = _solve(problem, ops, config, loops_terminate, open_methods)
        irrelevant, counts = classify(graph, bodies, relevant, ops)
    if obligations.all_heap:
        notes.append("the entry overwrites a reference parameter: every heap write is observable")
    return RelevanceResult(
        graph.entry_method,
        config.obligations.describe(),
        graph.is_complete,
        len(graph),
        tuple(group_by_line(irrelevant, bodies)),
        counts=counts,
        notes=tuple(notes),
        time_s=time.monotonic() - started,
    )


def _solve(
    problem: DemandProblem,
    ops: OpcodeGraph,
    config: RelevanceConfig,
    loops_terminate: LoopsTerminate | None,
    open_methods: set[MethodId],
) -> tuple[set[Key], list[str]]:
    """The relevant keys: alternate demands and control obligations to the fixpoint; the
    keys of incomplete nodes and of the methods that may run after them (`unexplored`) are
    relevant from the start."""
    graph = problem.graph
    notes: list[str] = []
    executed = {k for k in map(key_of, graph.states.values()) if k}
    forced: set[Key] = {k for k in (key_of(graph.states[i.node]) for i in graph.incomplete) if k}
    forced |= {k for k in executed if k[0] in open_methods}
    if open_methods:
        notes.append(_open_note(open_methods))
    loops_checked = not config.obligations.termination
    for _ in range(config.max_rounds):
        propagation = propagate(problem, frozenset(forced))
        relevant = _relevant_keys(graph, propagation) | forced
        new = {**branch_obligations(ops, relevant), **call_obligations(ops, relevant)}
        new |= throw_obligations(problem, propagation)
        if not new and not loops_checked:
            loops_checked = True
            loops = set(loop_obligations(ops)) - relevant
            if loops and not _terminates(graph, loops_terminate, notes):
                new = dict.fromkeys(loops, "loop")
        if not set(new) - forced:
            return relevant, notes
        forced |= set(new)
    notes.append("relevance: round limit reached, every executed instruction counts as relevant")
    return executed, notes


def _open_note(open_methods: set[MethodId]) -> str:
    return "graph incomplete: nothing is reported in the methods that may run after it: " + (
        ", ".join(sorted(m.name for m in open_methods))
    )


def _relevant_keys(graph: SymbolicExecutionGraph, propagation: Propagation) -> set[Key]:
    return {k for k in (key_of(graph.states[n]) for n in propagation.relevant) if k}


def _terminates(
    graph: SymbolicExecutionGraph, loops_terminate: LoopsTerminate | None, notes: list[str]
) -> bool:
    """Whether the loops may count as irrelevant: a complete graph proved terminating."""
    if graph.is_complete and loops_terminate is not None and loops_terminate(graph):
        notes.append("termination proved: loops whose body is irrelevant are reported")
        return True
    notes.append("termination not proved: every loop's branch counts as relevant")
    return False
