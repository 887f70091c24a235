"""`jhalt check` for one entry: uncaught exceptions and non-termination, from one graph.

The Symbolic Execution Graph is built once; the exception analysis (issue 4,
`jhalt.analyses.exceptions`) and the non-termination prover (issue 5,
`jhalt.analyses.nontermination`) both read it. A non-termination proof becomes a finding of
kind ``non-termination`` located at the loop head, with the loop's first and last source
lines as its path. `check_entry` does not replay; `check_and_replay` then triages every finding
(`jhalt.analyses.triage`: its level, and its witness through the public API when one is found,
replayed) and hands the others to the witness layer (`jhalt.witness.validate`), which writes
their reproducer and replays it; a finding that needs forged state is not reported unless
``ReplaySetup.include_internal``.
Time: the entry's `Budget`, split as `jhalt.budget` says.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jhalt.analyses.exceptions import ExceptionReport, check_exceptions
from jhalt.analyses.nontermination import NonTerminationConfig, search_nontermination
from jhalt.analyses.nontermination.result import NonTerminationResult
from jhalt.analyses.triage import assess, public_classes
from jhalt.budget import (
    CHECK_ANALYSIS_REPLAYED,
    CHECK_ANALYSIS_UNREPLAYED,
    CHECK_GRAPH,
    CHECK_NONTERMINATION,
    REPLAY,
    REPLAY_CAP_S,
    REPLAY_FLOOR_S,
    Budget,
)
from jhalt.errors import INTERNAL_ERROR
from jhalt.findings import Finding, Replay, SourceLocation
from jhalt.ids import MethodId
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.seg.context import EvalOptions
from jhalt.seg.library import ModelRegistry
from jhalt.witness.api.public import PublicSearch
from jhalt.witness.replay import Jdk, Observer
from jhalt.witness.search.backward import WitnessLimits
from jhalt.witness.validate import validate_finding

NON_TERMINATION = "non-termination"


def check_entry(
    program: Program,
    entry: MethodId,
    *,
    command_line: bool,
    registry: ModelRegistry,
    budget: Budget,
) -> ExceptionReport:
    """Exception findings and (at most one) non-termination finding for ``entry``.

    ``command_line``: ``main`` as the ``java`` launcher calls it (non-null strings);
    otherwise the entry is called as a method with arbitrary arguments. ``budget`` is the
    analysis part of the entry's time: the graph gets ``CHECK_GRAPH`` of it and the
    non-termination prover ``CHECK_NONTERMINATION``; every step (the exception witnesses
    too) stops at the end of ``budget`` (its `Deadline`)."""
    options = EvalOptions(competition_main=command_line)
    deadline = budget.deadline()
    limits = BuildLimits(timeout_s=budget.share(CHECK_GRAPH), deadline=deadline)
    graph = build_graph(program, entry, registry, limits, options)
    report = check_exceptions(
        program, entry, command_line=command_line, registry=registry, graph=graph,
        witness_limits=WitnessLimits(deadline=deadline),
    )  # fmt: skip
    config = NonTerminationConfig(timeout_s=budget.share(CHECK_NONTERMINATION), deadline=deadline)
    search = search_nontermination(graph, program, registry, config, options)
    found = search.result
    if found is None:
        # an internal error it caught is a note, which ends the run with exit 3 (jhalt.errors)
        caught = [f"non-termination search: {r}" for r in search.reasons if INTERNAL_ERROR in r]
        return dataclasses.replace(report, notes=report.notes + tuple(caught[:1]))
    finding = nontermination_finding(entry, found)
    stats = {**report.stats, "non_termination": found.kind}
    return dataclasses.replace(report, findings=report.findings + (finding,), stats=stats)


def nontermination_finding(entry: MethodId, found: NonTerminationResult) -> Finding:
    loop = found.loop
    first_line = loop.lines[0] if loop.lines else None
    location = SourceLocation(loop.method, loop.head_pc, loop.source_file, first_line)
    path: tuple[SourceLocation, ...] = ()
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


@dataclass(frozen=True)
class ReplaySetup:
    """How findings are replayed: the classpath given to ``java``, the JDK (None: none found),
    where reproducers go, and why replay is off (``--no-validate``), if it is."""

    classpath: str
    jdk: Jdk | None
    reproducer_dir: Path
    skip_reason: str | None = None
    observe: Callable[[Finding, str], Observer | None] | None = None
    """Makes the observer of a finding's hang (``jhalt.dynamic.confirm.finding_observer``;
    given by the CLI, since ``dynamic`` is above ``analyses``), given the class path."""
    include_internal: bool = False
    """``--include-internal-states``: report findings that need forged state (as notes)."""


@dataclass(frozen=True)
class CheckedEntry:
    """One entry's outcome after replay: the findings kept (confirmed or not run), one line per
    finding the JVM did not confirm or site without a witness, the analysis notes and stats."""

    kept: tuple[Finding, ...]
    dropped: tuple[str, ...]
    notes: tuple[str, ...]
    stats: dict[str, Any]


def check_and_replay(
    program: Program,
    entry: MethodId,
    *,
    command_line: bool,
    registry: ModelRegistry,
    budget: Budget,
    setup: ReplaySetup,
) -> CheckedEntry:
    """`check_entry` on its share of ``budget``, then every finding triaged (`assess`: level,
    public-API witness in ``…/Cls_method_N/public``) and, unless that witness was replayed or
    the finding is hidden (counted in ``stats["internal_states"]``), validated in turn
    (reproducer in ``setup.reproducer_dir``/``Cls_method_N``, replay on ``REPLAY`` of the time
    left). A finding the JVM does not confirm is dropped with a line saying why (issues 4, 5)."""
    analysis = CHECK_ANALYSIS_REPLAYED if setup.jdk else CHECK_ANALYSIS_UNREPLAYED
    report = check_entry(
        program, entry, command_line=command_line, registry=registry,
        budget=budget.portion(analysis),
    )  # fmt: skip
    kept: list[Finding] = []
    dropped = list(report.dropped)
    hidden = 0
    prefix = f"{entry.class_name.replace('/', '_')}_{entry.name.strip('<>')}"
    for number, finding in enumerate(report.findings, 1):
        directory = setup.reproducer_dir / f"{prefix}_{number}"
        assessment = assess(
            program, finding, command_line=command_line,
            search=_public_search(program, setup, directory, budget),
            include_internal=setup.include_internal,
        )  # fmt: skip
        if assessment.hidden:
            hidden += 1
            continue
        if assessment.replayed:
            kept.append(assessment.finding)
            continue
        finding, result = validate_finding(
            assessment.finding,
            classpath=setup.classpath,
            entry=entry,
            command_line=command_line,
            reproducer_dir=directory,
            jdk=setup.jdk,
            skip_reason=setup.skip_reason,
            timeout_s=budget.share_left(REPLAY, floor=REPLAY_FLOOR_S, cap=REPLAY_CAP_S),
            observe=setup.observe(finding, setup.classpath) if setup.observe else None,
        )
        if result.status is Replay.UNCONFIRMED:
            dropped.append(
                f"{finding.kind} at {finding.location.method}@{finding.location.pc}: "
                f"witness not confirmed by the JVM ({result.detail})"
            )
        else:
            kept.append(finding)
    stats = dict(report.stats)
    stats["replay_unconfirmed"] = len(report.findings) - len(kept) - hidden
    stats["internal_states"] = hidden
    return CheckedEntry(tuple(kept), tuple(dropped), tuple(report.notes), stats)


def _public_search(
    program: Program, setup: ReplaySetup, directory: Path, budget: Budget
) -> PublicSearch | None:
    """How a finding's public-API witness is searched (None when nothing may run)."""
    if setup.jdk is None or setup.skip_reason is not None:
        return None
    classes = public_classes(program)
    return PublicSearch(setup.classpath, classes, setup.jdk, directory / "public", budget)
