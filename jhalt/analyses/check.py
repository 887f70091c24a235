"""`jhalt check` for one entry: uncaught exceptions and non-termination, from one graph.

The Symbolic Execution Graph is built once; the exception analysis (issue 4,
`jhalt.analyses.exceptions`) and the non-termination prover (issue 5,
`jhalt.analyses.nontermination`) both read it. A non-termination proof becomes a finding of
kind ``non-termination`` located at the loop head, with the loop's first and last source
lines as its path. Findings are not replayed here (the witness layer does that).
"""

from __future__ import annotations

import dataclasses

from jhalt.analyses.exceptions import ExceptionReport, check_exceptions
from jhalt.analyses.nontermination import NonTerminationConfig, find_nontermination
from jhalt.analyses.nontermination.result import NonTerminationResult
from jhalt.findings import Finding, SourceLocation
from jhalt.ids import MethodId
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.seg.context import EvalOptions
from jhalt.seg.library import ModelRegistry

NON_TERMINATION = "non-termination"


def check_entry(
    program: Program,
    entry: MethodId,
    *,
    command_line: bool,
    registry: ModelRegistry,
    timeout_s: float,
) -> ExceptionReport:
    """Exception findings and (at most one) non-termination finding for ``entry``.

    ``command_line``: ``main`` as the ``java`` launcher calls it (non-null strings);
    otherwise the entry is called as a method with arbitrary arguments."""
    options = EvalOptions(competition_main=command_line)
    graph = build_graph(
        program, entry, registry, BuildLimits(timeout_s=max(1.0, timeout_s * 0.4)), options
    )
    report = check_exceptions(
        program, entry, command_line=command_line, registry=registry, graph=graph
    )
    found = find_nontermination(
        graph, program, registry, NonTerminationConfig(timeout_s=max(1.0, timeout_s * 0.3)), options
    )
    if found is None:
        return report
    finding = nontermination_finding(entry, found)
    stats = {**report.stats, "non_termination": found.kind}
    return dataclasses.replace(report, findings=report.findings + (finding,), stats=stats)


def nontermination_finding(entry: MethodId, found: NonTerminationResult) -> Finding:
    loop = found.loop
    first_line = loop.lines[0] if loop.lines else None
    location = SourceLocation(loop.method, loop.head_pc, loop.source_file, first_line)
    path = ()
    if loop.lines:
        path = tuple(
            SourceLocation(loop.method, loop.head_pc, loop.source_file, line) for line in loop.lines
        )
    return Finding(
        kind=NON_TERMINATION,
        message=found.explanation(),
        location=location,
        entry=entry,
        witness=found.witness,
        path=path,
    )
