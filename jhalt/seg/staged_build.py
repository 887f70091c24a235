"""The graph of ``prove`` in two stages (issue 36: big graphs).

Calls are inlined by default: the most precise graph, but one whose size multiplies when a
callee with a loop nest is called from many caller states. A program that has callees of the
kind `jhalt.seg.evaluate.summaries` can summarise (a primitive result, no writes to objects
that existed before the call, a loop of its own) is built

1. inlined, with ``INLINED_SHARE`` of the graph's time and at most ``INLINED_MAX_STATES``
   states; a graph completed (or left incomplete for any reason but a time-out or a size
   limit) is the answer;
2. otherwise again with those callees summarised, with the graph's whole time again (the
   run's deadline still holds): the later phases lose what the inlined build took, at most
   ``INLINED_SHARE`` of the graph's time — TicTacToe's inlined build reaches its state bound
   after about 8 s of CPU, its summarised graph takes about 21 s, its proof 7 s.

A program without such callees is built once, inlined, with the whole time. Both graphs
represent every run (the summaries over-approximate the callees' effects), so either may be
handed to the analyses; the second loses the summarised calls' results.
"""

from __future__ import annotations

import time
from dataclasses import replace

from jhalt.ids import MethodId
from jhalt.program.world import Program
from jhalt.seg.builder import BuildLimits
from jhalt.seg.context import EvalContext, EvalOptions
from jhalt.seg.evaluate.summaries import has_summarisable_callee
from jhalt.seg.field_types import FieldTypes, build_with_field_types
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.library import ModelRegistry

INLINED_SHARE = 0.5
"""The fraction of the graph's time the inlined build of a program with summarisable
callees gets before the build with summaries (module docstring)."""
INLINED_MAX_STATES = 2500
"""The states the inlined build of such a program may have (module docstring): the largest
inlined graphs of the TPDB programs with summarisable callees that complete have 1,950
(TermsCreateMatch) and 1,650 (Gauss) states; TicTacToe's passes 2,000 after a few seconds
and would need minutes, where its summarised graph of 3,900 states takes about 20 s."""

_TOO_BIG = frozenset({"timeout", "limit"})


def build_staged(
    program: Program,
    entry: MethodId,
    registry: ModelRegistry,
    limits: BuildLimits,
    options: EvalOptions | None = None,
) -> tuple[SymbolicExecutionGraph, FieldTypes]:
    """The graph of ``entry`` and the field types it was built with (module docstring)."""
    options = options or EvalOptions()
    methods = [m for group in program.methods_by_signature().values() for m in group]
    if not has_summarisable_callee(EvalContext(program, registry), methods):
        return build_with_field_types(program, entry, registry, limits, options)
    started = time.monotonic()
    first = replace(
        limits,
        timeout_s=limits.timeout_s * INLINED_SHARE,
        max_states=min(limits.max_states, INLINED_MAX_STATES),
    )
    graph, types = build_with_field_types(program, entry, registry, first, options)
    if not any(item.category in _TOO_BIG for item in graph.incomplete):
        return graph, types
    summarised = replace(options, summarise_pure_loops=True)
    graph, types = build_with_field_types(program, entry, registry, limits, summarised)
    return replace(graph, build_time_s=time.monotonic() - started), types


__all__ = ["INLINED_MAX_STATES", "INLINED_SHARE", "build_staged"]
