"""The recurrent-set engine of `jhalt prove` (issue 17): a NO from a checked universal
recurrent set and a witness that reaches it.

For the graph of the entry, :func:`find_recurrent_nontermination` takes the checked sets
of its loops (`sets.recurrent_sets`: the seed 002 search and the independent z3 check) in
order and returns the first that a witness input reaches (`reach.reach_set`), with
``samples`` further witnesses into the same set (different head values). Its answer has a
`result.RecurrentSetResult` or the reasons why there is none (MAYBE).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from jhalt.analyses.loop_location import LoopLocation, locate_loop, recursion_calls, visible_call
from jhalt.analyses.recurrent.reach import Reached, reach_set
from jhalt.analyses.recurrent.result import RecurrentSetResult, Sample
from jhalt.analyses.recurrent.sets import CheckedSet, RecurrentSetConfig, recurrent_sets
from jhalt.budget import NEVER, Deadline
from jhalt.findings import Witness
from jhalt.program import Program
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge
from jhalt.seg.library import ModelRegistry
from jhalt.witness.inputs import as_witness
from jhalt.witness.search.backward import WitnessLimits


@dataclass(frozen=True)
class RecurrentConfig:
    deadline: Deadline = NEVER
    samples: int = 0
    """Further witnesses into the set (``--samples``)."""
    max_states: int = 160


@dataclass(frozen=True)
class RecurrentSearchOutcome:
    result: RecurrentSetResult | None
    reasons: tuple[str, ...] = ()
    stats: dict[str, Any] = field(default_factory=dict)
    checked: CheckedSet | None = field(default=None, compare=False)
    """The set behind ``result``: its loop's transitions and octagons (for measurements)."""


def loop_location(
    graph: SymbolicExecutionGraph, found: CheckedSet, program: Program
) -> LoopLocation:
    """The loop's method, head pc, the pcs of its nodes in that method and their lines; an
    infinite recursion when a path inside it enters a recursive call (with that call)."""
    caller = visible_call(graph.states[found.head.head].frames)
    if caller is not None:  # a loop in hidden code: at the program's call into it
        return locate_loop(program, caller.method, caller.pc, [caller.pc])
    head = graph.states[found.head.head].position
    states = [graph.states[n] for n in found.head.nodes]
    pcs = [s.position.pc for s in states if s.frames and s.position.method == head.method]
    nodes = found.head.nodes
    recursive = any(
        isinstance(label, EvalEdge) and label.enters_call and source in nodes and target in nodes
        for source, label, target in graph.edges
    )
    depth = len(graph.states[found.head.head].frames)
    calls = recursion_calls(graph, nodes, head.method, depth) if recursive else ()
    return locate_loop(program, head.method, head.pc, pcs, recursive, calls)


def _named(found: CheckedSet, values: dict[str, int]) -> dict[str, int]:
    """The values of the variables the set constrains, by source name."""
    return {found.name(ref): values[ref] for ref in found.relevant() if ref in values}


def _witness(graph: SymbolicExecutionGraph, reached: Reached) -> Witness:
    return as_witness(graph.entry_method, reached.inputs)


def find_recurrent_nontermination(
    graph: SymbolicExecutionGraph,
    program: Program,
    registry: ModelRegistry,
    config: RecurrentConfig = RecurrentConfig(),
) -> RecurrentSearchOutcome:
    """The first checked and reached recurrent set of the graph's loops (module docstring)."""
    reasons: list[str] = []
    sets_config = RecurrentSetConfig(max_states=config.max_states, deadline=config.deadline)
    limits = WitnessLimits(deadline=config.deadline)
    checked = 0
    for found in recurrent_sets(graph, program, sets_config, reasons):
        checked += 1
        reached = reach_set(graph, found, program, registry, limits)
        if isinstance(reached, str):
            reasons.append(f"loop at node {found.head.head}: {found.render()}: {reached}")
            continue
        samples = _samples(graph, found, program, registry, limits, reached, config.samples)
        result = RecurrentSetResult(
            loop=loop_location(graph, found, program),
            disjuncts=tuple(found.render_states()),
            variables=tuple(found.name(name) for name in found.relevant()),
            domain=found.domain,
            abstract_states=found.abstract_states,
            witness=_witness(graph, reached),
            values=_named(found, reached.values),
            overflow_note=found.overflow_note(),
            samples=samples,
        )
        stats = {"recurrent_sets_checked": checked, "recurrent_search_s": round(found.seconds, 3)}
        return RecurrentSearchOutcome(result, tuple(reasons), stats, found)
    return RecurrentSearchOutcome(None, tuple(reasons), {"recurrent_sets_checked": checked})


def _samples(
    graph: SymbolicExecutionGraph,
    found: CheckedSet,
    program: Program,
    registry: ModelRegistry,
    limits: WitnessLimits,
    first: Reached,
    count: int,
) -> tuple[Sample, ...]:
    """Up to ``count`` further witnesses, each avoiding the head values of those before."""
    samples: list[Sample] = []
    avoid = [first.values]
    while len(samples) < count and not limits.deadline.expired():
        reached = reach_set(graph, found, program, registry, limits, avoid)
        if isinstance(reached, str) or reached.values in avoid:
            break
        avoid.append(reached.values)
        samples.append(Sample(_witness(graph, reached), _named(found, reached.values)))
    return tuple(samples)


def with_samples(result: RecurrentSetResult, samples: tuple[Sample, ...]) -> RecurrentSetResult:
    """``result`` with its samples replaced (after their replay)."""
    return replace(result, samples=samples)
