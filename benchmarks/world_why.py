"""Why `jhalt check` proved no absence of exceptions for an open-world corpus program.

`jhalt check` says "proved" or nothing; for the table of causes the benchmark
(`world_corpus.py`) asks the absence proof itself on the graph `check` builds (``main`` as
the launcher calls it, assertions on, the default models): the graph is incomplete (and
why), or some states throw (which exceptions). In-process, no witness search, no replay.
"""

from __future__ import annotations

from pathlib import Path

from jhalt.analyses.absence import AbsenceProof, prove_absence
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.seg.context import EvalOptions

MAIN = "([Ljava/lang/String;)V"


def absence_reason(classes: Path, name: str, timeout_s: float = 30.0) -> str:
    """The absence proof's reason for ``name.main`` of ``classes`` ("" when it holds)."""
    options = EvalOptions(competition_main=True, assertions=True)
    program = Program.from_spec(str(classes))
    graph = build_graph(
        program, MethodId(name, "main", MAIN), default_registry(),
        BuildLimits(timeout_s=timeout_s), options,
    )  # fmt: skip
    proof = prove_absence(graph)
    return "" if isinstance(proof, AbsenceProof) else " ".join(proof.reason.split())
