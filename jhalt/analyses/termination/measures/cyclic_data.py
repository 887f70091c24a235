"""Measures that exist on cyclic data, for a loop neither longest paths nor term sizes rank:
marking counts (`marking`) and distances along a field (`distance`), each extracted again —
without the acyclicity rule and the size lemmas, which speak of longest paths — and searched
cheaply, first alone, then strengthened by the loop's integer invariants (an outer loop's
``i <= n`` around a walk over a ring, issue 16)."""

from __future__ import annotations

from collections.abc import Iterator

from jhalt.analyses.termination.config import TerminationConfig
from jhalt.analyses.termination.cutpoints import refusal
from jhalt.analyses.termination.extract import extract_component
from jhalt.analyses.termination.invariants import NO_INVARIANTS, integer_facts
from jhalt.analyses.termination.lemmas.result_bounds import NO_BOUNDS
from jhalt.analyses.termination.measures.measure import Candidate, LoopTask
from jhalt.analyses.termination.norms.distance import DistanceNorm, candidate_distances
from jhalt.analyses.termination.norms.marking import MarkingNorm, candidate_markings
from jhalt.analyses.termination.proof_context import ProofContext


class CyclicData:
    """`candidate_markings`, then `candidate_distances` (computed only when reached: each
    costs a pass over the graph); for each, the ITS alone and with the integer facts of the
    loop's invariants (`integer_facts`: they hold whichever norm sizes the objects). An ITS
    over ``max_transitions`` ends the measure. The proof records the context's heap facts
    only with the invariants (they are the graph's, extracted with the context's rules)."""

    name = "cyclic data"
    after_invariants = True

    def candidates(
        self, loop: LoopTask, context: ProofContext, config: TerminationConfig
    ) -> Iterator[Candidate]:
        facts = integer_facts(loop.invariants, loop.system.cut_points)
        for norm in self._norms(loop, context, config):
            if config.deadline.expired():
                return
            system = extract_component(
                context.graph, loop.nodes, context.program, config.deadline, NO_BOUNDS, False, norm
            )
            if refusal(system, config.max_transitions) is not None:
                return
            sizes = (f"sizes are {norm.describe()}",)
            for used in (NO_INVARIANTS, facts) if facts.by_location else (NO_INVARIANTS,):
                context_facts = bool(used.by_location)
                yield Candidate(system, norm, used, heap_facts=sizes, context_facts=context_facts)

    def proved(self, candidate: Candidate, loop: LoopTask, context: ProofContext) -> None:
        pass

    def _norms(
        self, loop: LoopTask, context: ProofContext, config: TerminationConfig
    ) -> Iterator[MarkingNorm | DistanceNorm]:
        yield from candidate_markings(context.graph, loop.nodes, context.program)
        yield from candidate_distances(context.graph, loop.nodes, context.program, config.deadline)
