"""The measures a loop is ranked by, in the order they are tried (`MEASURES`): each a source
of (norm, facts) candidates (`measure.Measure`), tried one by one by `prover`.

Order: longest paths as extracted, searched cheaply (before any invariant is inferred); then
with the graph's inductive invariants, searched fully; then term sizes; then the measures of
cyclic data. A new measure is a module here and one entry below.
"""

from jhalt.analyses.termination.measures.cyclic_data import CyclicData
from jhalt.analyses.termination.measures.longest_paths import (
    LongestPaths,
    LongestPathsWithInvariants,
)
from jhalt.analyses.termination.measures.measure import Candidate, LoopTask, Measure, Search
from jhalt.analyses.termination.measures.term_sizes import TermSizes

MEASURES: tuple[Measure, ...] = (
    LongestPaths(),
    LongestPathsWithInvariants(),
    TermSizes(max_norms=4, max_linking=2, max_restricted=3),
    CyclicData(),
)
"""The measures in the order they are tried; the per-measure bounds are their arguments."""

__all__ = ["MEASURES", "Candidate", "LoopTask", "Measure", "Search"]
