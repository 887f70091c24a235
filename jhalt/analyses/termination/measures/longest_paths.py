"""The loop's sizes as longest paths (`sizes`), the extraction's own norm: first as extracted,
searched cheaply — again with the acyclicity rule when it gives the heads more sizes —, then,
once the graph's invariants are known, strengthened by them and searched fully."""

from __future__ import annotations

from collections.abc import Iterator

from jhalt.analyses.termination.config import TerminationConfig
from jhalt.analyses.termination.extract import extract_component
from jhalt.analyses.termination.measures.measure import Candidate, LoopTask, Search
from jhalt.analyses.termination.proof_context import ProofContext


class LongestPaths:
    """The SCC's ITS as first extracted, then (when `ProofContext.holds`: the global
    acyclicity rule, or the rule before the loop, gives a cut point more sizes) extracted
    again with that rule; both searched cheaply (issue 16: most loops need neither
    invariants nor multiphase functions)."""

    name = "longest paths"
    after_invariants = False

    def candidates(
        self, loop: LoopTask, context: ProofContext, config: TerminationConfig
    ) -> Iterator[Candidate]:
        yield Candidate(loop.system)
        if context.holds(loop.system):
            graph, program = context.graph, context.program
            system = extract_component(
                graph, loop.nodes, program, config.deadline, context.bounds, acyclic_heap=True
            )
            yield Candidate(system)

    def proved(self, candidate: Candidate, loop: LoopTask, context: ProofContext) -> None:
        pass


class LongestPathsWithInvariants:
    """The ITS of the loop's last cheap attempt strengthened by the graph's inductive
    invariants at its heads (`invariants`), searched by every loop processor from that
    attempt's steps."""

    name = "longest paths with invariants"
    after_invariants = True

    def candidates(
        self, loop: LoopTask, context: ProofContext, config: TerminationConfig
    ) -> Iterator[Candidate]:
        yield Candidate(loop.system, None, loop.invariants, Search.FULL, loop.start)

    def proved(self, candidate: Candidate, loop: LoopTask, context: ProofContext) -> None:
        pass
