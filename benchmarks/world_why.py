"""Why `jhalt check` proved no absence of exceptions for an open-world corpus program.

`jhalt check` says "proved" or nothing; for the table of causes the benchmark
(`world_corpus.py`) asks the absence proof itself on the graph `check` builds (``main`` as
the launcher calls it, assertions on, the default models): the graph is incomplete (and
why), or some states throw (which exceptions). In-process, no witness search, no replay.

One proof at a time: `world_corpus.py` calls `absence_reason` from its ``--jobs`` threads, and
z3's context — one per process, shared by every jhalt solver — is not thread-safe. Two threads
in it at once corrupt its terms (a crash of ``--jobs 2``: a model's integer read back as a
``BoolRef``; or z3's own "UNEXPECTED CODE WAS REACHED" and a segmentation fault), so `_Z3`
serialises the in-process analyses.
"""

from __future__ import annotations

import threading
from pathlib import Path

from jhalt.analyses.absence import AbsenceProof, prove_absence
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.seg.context import EvalOptions

MAIN = "([Ljava/lang/String;)V"
_Z3 = threading.Lock()
"""Held while a graph is built and its absence proof asked (module docstring)."""


def absence_reason(classes: Path, name: str, timeout_s: float = 30.0) -> str:
    """The absence proof's reason for ``name.main`` of ``classes`` ("" when it holds)."""
    options = EvalOptions(competition_main=True, assertions=True)
    with _Z3:
        program = Program.from_spec(str(classes))
        graph = build_graph(
            program, MethodId(name, "main", MAIN), default_registry(),
            BuildLimits(timeout_s=timeout_s), options,
        )  # fmt: skip
        proof = prove_absence(graph)
    return "" if isinstance(proof, AbsenceProof) else " ".join(proof.reason.split())
