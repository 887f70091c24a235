"""Termination proofs via the Symbolic Execution Graph (issue 6): one integer transition
system per cyclic SCC, ranking functions re-checked over the integers, loops in source names.

Pipeline: the cyclic SCCs of the graph (`extract.graph_components`) → one integer transition
system per SCC (`extract.extract_component`; sizes of heap references from `sizes`, linear
facts of edge labels from `relations`) → the loop processors (`processors`: direct, chaining)
over the ITS processors (`techniques`: infeasible, acyclic, ranking, bounded runs) run by
`jhalt.analyses.termination.processors.ranking`, for each (norm, facts) candidate of the measures
(`measures.MEASURES`) in turn → `outcome.TerminationOutcome` (a
`jhalt.findings.Evidence`) with the loops, their ranking functions in source names (`naming`)
and the assumptions.

Public entry point: `prove_graph_terminates(graph, program=None, config=TerminationConfig())`.
"""

from jhalt.analyses.termination.config import TerminationConfig
from jhalt.analyses.termination.loop_proof import LoopHead, LoopProof
from jhalt.analyses.termination.outcome import TerminationOutcome
from jhalt.analyses.termination.prover import (
    LIBRARY_TERMINATES,
    MATHEMATICAL_INTEGERS,
    UNSHARED_INPUTS,
    prove_graph_terminates,
)

__all__ = [
    "LIBRARY_TERMINATES",
    "MATHEMATICAL_INTEGERS",
    "UNSHARED_INPUTS",
    "LoopHead",
    "LoopProof",
    "TerminationConfig",
    "TerminationOutcome",
    "prove_graph_terminates",
]
