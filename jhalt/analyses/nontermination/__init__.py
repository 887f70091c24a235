"""Non-termination proofs with witnesses (seed 000 §4; issue 5): looping and non-looping
loops found on the graph, proved with z3 and reached by a concrete witness input.

Public API: :func:`find_nontermination` (and :func:`search_nontermination`, which also
returns the reasons for a MAYBE; :class:`NonTerminationSearcher` runs it in slices),
:class:`NonTerminationConfig`, :class:`NonTerminationResult`. Modules: ``interesting``
(Def. 6), ``loops`` (loop heads, Thm 8 path systems), ``calls`` (recursive calls a loop's
proof may pass), ``recurrence`` (the soundness rule, closure check, deterministic runs),
``candidates`` (concrete inputs and the order they are tried), ``techniques`` (the ordered
processors tried at a loop head: ``thm8``, ``closure``; what they see, ``visit``), ``guesses``
(candidate invariants), ``config`` (the search's budgets), ``overflow`` (Java vs
mathematical integers), ``prover`` (the procedure), ``result`` (the answer, a
`jhalt.findings.Evidence`), ``condition`` (a non-looping proof's recurrent set, evaluable on
concrete values).
"""

from jhalt.analyses.nontermination.config import NonTerminationConfig
from jhalt.analyses.nontermination.prover import (
    NonTerminationSearcher,
    find_nontermination,
    search_nontermination,
)
from jhalt.analyses.nontermination.result import (
    LOOPING,
    NON_LOOPING,
    LoopLocation,
    NonTerminationResult,
    NonTerminationSearch,
)

__all__ = [
    "LOOPING",
    "NON_LOOPING",
    "LoopLocation",
    "NonTerminationConfig",
    "NonTerminationResult",
    "NonTerminationSearch",
    "NonTerminationSearcher",
    "find_nontermination",
    "search_nontermination",
]
