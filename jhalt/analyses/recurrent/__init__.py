"""Universal recurrent sets of loops (seed 002, issue 17): the forward search for recurrent
components over intervals and octagons, the independent check, and witnesses from the set.

Public API: :func:`find_recurrent_nontermination` with :class:`RecurrentConfig`, answering
a :class:`RecurrentSetResult` (a `jhalt.findings.Evidence`). Modules: ``transitions`` (the
loops of the graph as transition systems with exits), ``search`` (Figs 3–5), ``sets`` (the
checked sets per loop), ``reach`` (witnesses into a set), ``result``, ``engine``.
"""

from jhalt.analyses.recurrent.engine import (
    RecurrentConfig,
    RecurrentSearchOutcome,
    find_recurrent_nontermination,
    with_samples,
)
from jhalt.analyses.recurrent.result import RecurrentSetResult, Sample

__all__ = [
    "RecurrentConfig",
    "RecurrentSearchOutcome",
    "RecurrentSetResult",
    "Sample",
    "find_recurrent_nontermination",
    "with_samples",
]
