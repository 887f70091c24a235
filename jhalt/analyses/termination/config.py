"""The bounds of one termination proof search (`prover.prove_graph_terminates`): the ranking
search, the sizes of the ITSs attempted and the run's deadline."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from jhalt.analyses.termination.processors.ranking import RankingConfig
from jhalt.budget import NEVER, Deadline


@dataclass(frozen=True)
class TerminationConfig:
    """Bounds of the proof search."""

    ranking: RankingConfig = field(default_factory=RankingConfig)
    max_transitions: int = 400
    """An SCC whose ITS has more transitions is not attempted (reason given)."""
    multiphase_transitions: int = 24
    """Above this many transitions only linear (lexicographic) ranking functions are tried."""
    max_split_transitions: int = 120
    """`chaining.split_by_predecessor` is tried only when the split ITS has at most this many
    transitions (it is tried only after the unsplit ITS resisted)."""
    max_invariant_transitions: int = 600
    """Invariants are inferred only when the ITS of the whole graph has at most this many
    transitions."""
    deadline: Deadline = NEVER
    """The run's deadline for the proof (`prover` module doc); given to every solver call."""

    def with_deadline(self) -> TerminationConfig:
        """This config with ``deadline`` also in the solver config of the ranking search."""
        if self.deadline == NEVER:
            return self
        smt = replace(self.ranking.smt, deadline=self.deadline)
        return replace(self, ranking=replace(self.ranking, smt=smt))
