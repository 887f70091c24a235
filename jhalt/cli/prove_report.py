"""What `jhalt prove` hands its renderer: the answer and, for the HTML page of a NO, the
entry's symbolic execution graph, built again (as `jhalt graph` builds it) within
`PAGE_GRAPH_S` seconds so that the page can draw the loop in it. The analysis does not keep
its graph; building it again costs milliseconds on the programs a page is read for, and a
graph that cannot be built leaves the page without the picture, never without the answer."""

from __future__ import annotations

import argparse

from jhalt.classfile import ClassPath
from jhalt.errors import JhaltError
from jhalt.findings import ProveResult, Verdict
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.report.formats import ProveReport
from jhalt.seg.builder import BuildLimits
from jhalt.seg.field_types import build_with_field_types
from jhalt.seg.graph import SymbolicExecutionGraph

PAGE_GRAPH_S = 10.0
"""Seconds at most for the graph of the page (at most the run's ``--timeout``)."""


def _graph(
    classpath: ClassPath, entry: MethodId, timeout_s: float
) -> SymbolicExecutionGraph | None:
    limits = BuildLimits(timeout_s=min(PAGE_GRAPH_S, timeout_s))
    try:
        graph, _ = build_with_field_types(Program(classpath), entry, default_registry(), limits)
    except JhaltError:
        return None
    return graph


def prove_report(
    result: ProveResult, classpath: ClassPath, args: argparse.Namespace, timeout_s: float
) -> ProveReport:
    """The report of ``result`` (``args``: ``--format``, ``--source-root``); with the graph
    only for the ``html`` page of a NO."""
    wanted = args.format == "html" and result.verdict is Verdict.NO
    graph = _graph(classpath, result.entry, timeout_s) if wanted else None
    return ProveReport(result, classpath, graph, args.source_root)
