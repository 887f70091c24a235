"""What a measure is (`Measure`): a source of (norm, facts) candidates for one loop, each a
`Candidate` — the loop's ITS extracted with sizes under a norm, the invariants that strengthen
it and the search that ranks it — tried in turn by `prover.prove_graph_terminates`."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from enum import Enum
from typing import Protocol

from jhalt.analyses.termination.config import TerminationConfig
from jhalt.analyses.termination.cutpoints import ComponentSystem
from jhalt.analyses.termination.extract import Norm
from jhalt.analyses.termination.invariants import NO_INVARIANTS, Invariants, strengthen
from jhalt.analyses.termination.processors import Attempt, prove_cheaply, prove_loop
from jhalt.analyses.termination.processors.ranking import RankingConfig
from jhalt.analyses.termination.proof_context import ProofContext
from jhalt.its.proof import ProofStep


class Search(Enum):
    """How a candidate's ITS is searched for a ranking proof."""

    CHEAP = "cheap"
    """Linear (lexicographic) ranking functions and bounded runs only (`prove_cheaply`)."""
    FULL = "full"
    """Every processor of `LOOP_PROCESSORS` (`prove_loop`), multiphase functions only up to
    ``multiphase_transitions``, from the candidate's ``start`` steps."""


@dataclass(frozen=True)
class Candidate:
    """One (norm, facts) pair for a loop: ``system`` is its ITS with sizes under ``norm``
    (None: longest paths), to be strengthened by the inductive invariants ``facts`` and
    searched by ``search`` from ``start``. A proof of it records ``heap_facts`` besides the
    system's own, and the facts of the `ProofContext` only when ``context_facts``."""

    system: ComponentSystem
    norm: Norm | None = None
    facts: Invariants = NO_INVARIANTS
    search: Search = Search.CHEAP
    start: tuple[ProofStep, ...] = ()
    heap_facts: tuple[str, ...] = ()
    context_facts: bool = True


@dataclass
class LoopTask:
    """One cyclic SCC of the graph while its measures are tried: ``system`` and ``start`` are
    the ITS and the partial proof steps of its last failed attempt before the invariants were
    inferred; ``invariants`` the graph's invariants at its heads (inferred after the measures
    that need none); ``reason`` why its first attempt with them failed."""

    nodes: frozenset[int]
    system: ComponentSystem
    start: tuple[ProofStep, ...] = ()
    invariants: Invariants = NO_INVARIANTS
    reason: str | None = None


class Measure(Protocol):
    """An entry of `MEASURES`: its ``name``; whether it is tried only once the graph's
    invariants are inferred (``after_invariants``: the prover first tries the other measures
    on every loop, since the invariants of the whole graph cost more than most proofs); its
    ``candidates`` for a loop, computed lazily (the next one only when the previous failed),
    within the deadline and the size bounds of ``config`` (a measure stops yielding when they
    are reached); and ``proved``, told which of its candidates was proved (before the proof
    is recorded)."""

    @property
    def name(self) -> str: ...

    @property
    def after_invariants(self) -> bool: ...

    def candidates(
        self, loop: LoopTask, context: ProofContext, config: TerminationConfig
    ) -> Iterator[Candidate]: ...

    def proved(self, candidate: Candidate, loop: LoopTask, context: ProofContext) -> None: ...


def attempt(candidate: Candidate, config: TerminationConfig) -> Attempt:
    """``candidate``'s ITS strengthened by its facts, searched as it says (`Search`)."""
    its = strengthen(candidate.system.its, candidate.facts)
    if candidate.search is Search.CHEAP:
        return prove_cheaply(its, config.ranking)
    ranking = config.ranking
    if len(its.transitions) > config.multiphase_transitions:
        ranking = RankingConfig(1, ranking.smt)  # multiphase search is quadratic in transitions
    return prove_loop(its, ranking, config.max_split_transitions, candidate.start)


def proved_system(candidate: Candidate, result: Attempt) -> ComponentSystem:
    """``candidate``'s system with the ITS ``result`` proved (strengthened, maybe split)."""
    return replace(candidate.system, its=result.its)
