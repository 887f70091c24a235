"""The ITS termination processors (`LOOP_PROCESSORS`, here) and what they run: the techniques of
`ranking` (`techniques`, `counters`) and the split by predecessors (`chaining`).

The ways a loop's ITS is proved terminating, as an ordered list of processors (issue 13
item 4): a measure's candidate searched fully (`measures.Search.FULL`: the longest-path ITS
of a cyclic SCC strengthened by the inductive invariants of `invariants`) tries
`LOOP_PROCESSORS` in order; the first that answers with a verified proof wins, and a failure
reports the reason of the first attempt.

1. `Direct` — the ITS as it is, with `ranking.prove_termination` (its own processors,
   `techniques`: infeasible guards, acyclic transitions, ranking functions — linear and
   multiphase —, bounded runs);
2. `Chaining` — the ITS with its locations split by the preceding transition
   (`chaining.split_by_predecessor`), ranked with linear functions only (phases separated
   by the split are usually ranked lexicographically); tried only when the split ITS has at
   most ``max_split_transitions`` transitions.

A new technique (recursion, another back end) is one more entry. Once the deadline of
``ranking.smt`` has passed no further processor is tried (issue 20).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from jhalt.analyses.termination.processors.chaining import split_by_predecessor
from jhalt.analyses.termination.processors.ranking import (
    RankingConfig,
    TerminationResult,
    prove_termination,
    verify,
)
from jhalt.its.proof import ProofStep
from jhalt.its.system import ITS
from jhalt.smt.session import SmtConfig


@dataclass(frozen=True)
class Attempt:
    """What a processor did: the ITS it worked on and the search's result there."""

    its: ITS
    result: TerminationResult


class LoopProcessor(Protocol):
    """``try_`` a loop's ITS (None: not applicable), ``verify`` an attempt's proof against
    the ITS it is for, ``describe`` the processor."""

    def try_(
        self, its: ITS, ranking: RankingConfig, max_split: int, start: Sequence[ProofStep] = ()
    ) -> Attempt | None: ...

    def verify(self, attempt: Attempt, config: SmtConfig) -> bool: ...

    def describe(self) -> str: ...


def _verified(attempt: Attempt, config: SmtConfig) -> bool:
    proof = attempt.result.proof
    return proof is not None and verify(proof, attempt.its, config).ok


class Direct:
    """The ITS itself, with the configured ranking search."""

    def try_(
        self, its: ITS, ranking: RankingConfig, max_split: int, start: Sequence[ProofStep] = ()
    ) -> Attempt | None:
        return Attempt(its, prove_termination(its, ranking, start))

    def verify(self, attempt: Attempt, config: SmtConfig) -> bool:
        return _verified(attempt, config)

    def describe(self) -> str:
        return "the loop's ITS, ranked (lexicographic, multiphase, bounded runs)"


class Chaining:
    """The ITS split by the preceding transition, ranked linearly (module doc)."""

    def try_(
        self, its: ITS, ranking: RankingConfig, max_split: int, start: Sequence[ProofStep] = ()
    ) -> Attempt | None:
        """``start`` is not used: the split ITS has other transitions."""
        split = split_by_predecessor(its, ranking.smt)
        if split is None or len(split.transitions) > max_split:
            return None
        return Attempt(split, prove_termination(split, RankingConfig(1, ranking.smt)))

    def verify(self, attempt: Attempt, config: SmtConfig) -> bool:
        return _verified(attempt, config)

    def describe(self) -> str:
        return "the loop's ITS split by predecessor (chaining), ranked linearly"


LOOP_PROCESSORS: tuple[LoopProcessor, ...] = (Direct(), Chaining())


def prove_cheaply(its: ITS, ranking: RankingConfig) -> Attempt:
    """The cheap first try at a loop (issue 16, speed): ``its`` as it is, before any
    invariant is inferred, with linear (lexicographic) ranking functions and bounded runs
    only (`ranking.prove_termination`, whose proofs are verified). When it is not proved,
    the measures after it strengthen ``its`` and try `LOOP_PROCESSORS`, starting from the
    steps found here (``result.partial``). Most loops need neither invariants nor multiphase
    functions, and the invariants of the whole graph cost more than all the loops' proofs
    together."""
    return Attempt(its, prove_termination(its, RankingConfig(1, ranking.smt)))


def prove_loop(
    its: ITS, ranking: RankingConfig, max_split: int, start: Sequence[ProofStep] = ()
) -> Attempt:
    """The first proved attempt of `LOOP_PROCESSORS`, else the first attempt (its reason);
    ``start``: steps to begin with (`ranking.prove_termination`)."""
    first: Attempt | None = None
    for processor in LOOP_PROCESSORS:
        if first is not None and ranking.smt.deadline.expired():
            break  # out of time: the first attempt's reason stands
        attempt = processor.try_(its, ranking, max_split, start)
        if attempt is None:
            continue
        if attempt.result.proved:
            return attempt
        first = first or attempt
    assert first is not None, "the direct processor always makes an attempt"
    return first
