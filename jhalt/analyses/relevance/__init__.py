"""Irrelevant code (thesis 004 ch. 4): the instructions whose removal cannot change an entry's
result, computed over the Symbolic Execution Graph, each finding checked by a mutant on the JVM."""

from jhalt.analyses.relevance.analysis import RelevanceConfig, analyse_relevance
from jhalt.analyses.relevance.result import (
    IrrelevantFinding,
    MutationCheck,
    RelevanceResult,
)

__all__ = [
    "IrrelevantFinding",
    "MutationCheck",
    "RelevanceConfig",
    "RelevanceResult",
    "analyse_relevance",
]
