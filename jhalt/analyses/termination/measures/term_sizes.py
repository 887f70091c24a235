"""The loop's sizes as term sizes (`termsize`: the nodes of an object's structure, some fields
weighted) instead of longest paths, for a loop the longest paths do not rank: each candidate
norm extracted again and searched cheaply, without the invariants (they speak of longest
paths); then, when every heap is a forest (`forest`), the longest paths and those norms again
with the unique-parent rule; else, when every heap is a forest along the fields of a
structure's own type (`forest`, "Along fields"), the norms along one of them with its rules."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from jhalt.analyses.termination.config import TerminationConfig
from jhalt.analyses.termination.cutpoints import refusal
from jhalt.analyses.termination.extract import extract_component
from jhalt.analyses.termination.heap.acyclicity import acyclic_before
from jhalt.analyses.termination.heap.forest_check import NO_FOREST, ForestCheck, forest_fact
from jhalt.analyses.termination.measures.measure import Candidate, LoopTask
from jhalt.analyses.termination.norms.termsize import (
    TermSizeNorm,
    candidate_norms,
    own_type_fields,
    reference_fields,
)
from jhalt.analyses.termination.proof_context import ProofContext
from jhalt.domains.state import AbstractState

TERM_SIZE_MODULE = "jhalt.analyses.termination.norms.termsize"
RESTRICTED_FACT = (
    "no write that may run before the loop closes a cycle along the fields {} and array entries,"
    " so the sizes along them ignore the states' ! and =? annotations (jhalt.analyses."
    "termination.heap.acyclicity, restricted norms)"
)


@dataclass(frozen=True)
class TermSizes:
    """Term-size norms (`candidate_norms`) in turn; ``max_norms`` of them, then
    ``max_linking`` with weight 2 on a field linking two structures
    (`termsize.linking_fields`), and when the program may close a cycle before the loop,
    norms along one field along which no heap there has a cycle, at most ``max_restricted``.
    The extraction uses the acyclicity rule when the forest rule, the rule before the loop or
    a restricted norm allows it, and the term-size lemmas of the norm (`lemmas.term_sizes`). An ITS
    over ``max_transitions`` ends the measure."""

    max_norms: int = 4
    max_linking: int = 2
    max_restricted: int = 3
    name: str = "term sizes"
    after_invariants: bool = True

    def candidates(
        self, loop: LoopTask, context: ProofContext, config: TerminationConfig
    ) -> Iterator[Candidate]:
        graph, program = context.graph, context.program
        states = [graph.states[n] for n in sorted(loop.nodes)]
        context.decide()
        for norm, forest in self._choices(states, loop.nodes, context):
            if config.deadline.expired():
                return
            only = bool(norm and norm.only)
            with_rule = forest.holds or context.holds_before(loop.nodes) or only
            bounds = context.norm_bounds(norm)  # the lemmas about longest paths or about norm
            system = extract_component(
                graph, loop.nodes, program, config.deadline, bounds, with_rule, norm, forest
            )
            if refusal(system, config.max_transitions) is not None:
                return
            facts: tuple[str, ...] = ()
            if forest.holds:
                facts = (forest_fact(forest),)
            elif norm is not None and norm.only:
                facts += (RESTRICTED_FACT.format(", ".join(norm.only)),)
            if norm is not None:
                facts += (f"sizes are {norm.describe()} ({TERM_SIZE_MODULE})",)
            yield Candidate(system, norm, heap_facts=facts)

    def proved(self, candidate: Candidate, loop: LoopTask, context: ProofContext) -> None:
        """The rule before the loop and the norm's lemmas become part of the proof."""
        norm = candidate.norm
        assert norm is None or isinstance(norm, TermSizeNorm), "a term-size candidate"
        context.proved_with(loop.nodes, norm)

    def _choices(
        self, states: list[AbstractState], nodes: frozenset[int], context: ProofContext
    ) -> Iterator[tuple[TermSizeNorm | None, ForestCheck]]:
        """When every heap is a forest (`ProofContext.forest`), first the longest path and
        `candidate_norms` with its rules — they add facts to the same norms, so they are
        tried before the norms under the states' own annotations (`_norms`), which follow;
        else `_norms`, then the norms along a structure's own fields when the heap is a
        forest along them."""
        forest = context.forest()
        if forest.holds:
            for chosen in [None, *candidate_norms(states, self.max_norms)]:
                yield chosen, forest
        for norm in self._norms(states, nodes, context):
            yield norm, NO_FOREST
        if forest.holds:
            return
        along = own_type_fields(states)
        if along and context.forest_along(along).holds:
            for name in sorted(along)[: self.max_restricted]:
                yield TermSizeNorm(only=(name,)), context.forest_along(along)

    def _norms(
        self, states: list[AbstractState], nodes: frozenset[int], context: ProofContext
    ) -> list[TermSizeNorm]:
        """`candidate_norms`; when the program may close a cycle before the loop at
        ``nodes``, then also the norms along one reference field of ``states`` along which
        no heap there has a cycle (`acyclic_before` restricted to it)."""
        norms = candidate_norms(states, self.max_norms, self.max_linking)
        if context.holds_before(nodes):
            return norms
        names = sorted({f.name for f in reference_fields(states)})
        for name in names[: self.max_restricted]:
            if acyclic_before(
                context.graph, context.program, nodes, frozenset({name}), context.deadline
            ).holds:
                norms.append(TermSizeNorm(only=(name,)))
        return norms
