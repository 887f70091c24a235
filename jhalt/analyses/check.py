"""`jhalt check` for one entry: uncaught exceptions and non-termination, from one graph.

The Symbolic Execution Graph is built once; the exception analysis (issue 4,
`jhalt.analyses.exceptions`) and the non-termination prover (issue 5,
`jhalt.analyses.nontermination`) both read it. A non-termination proof becomes a finding of
kind ``non-termination`` located at the loop head (an infinite recursion: at its recursive
call), with the loop's first and last source lines as its path. `check_entry` does not replay; `check_and_replay` then triages every finding
(`jhalt.analyses.triage`: its level, and its witness through the public API when one is found,
replayed) and hands the others to the witness layer (`jhalt.witness.validate`), which writes
their reproducer and replays it; a finding that needs forged state is not reported unless
``ReplaySetup.include_internal``.
Time: the entry's `Budget`, split as `jhalt.budget` says.
"""

from __future__ import annotations

import dataclasses
import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jhalt.analyses.absence import AbsenceProof, prove_absence
from jhalt.analyses.exceptions import ExceptionReport, check_exceptions
from jhalt.analyses.nontermination import NonTerminationConfig, search_nontermination
from jhalt.analyses.nontermination.result import NonTerminationResult
from jhalt.analyses.recurrent import RecurrentConfig, find_recurrent_nontermination
from jhalt.analyses.recurrent.result import RECURRENT_SET, RecurrentSetResult
from jhalt.analyses.triage import (
    assess,
    constructible_classes,
    is_public_entry,
    public_classes,
)
from jhalt.budget import (
    CHECK_ANALYSIS_REPLAYED,
    CHECK_ANALYSIS_UNREPLAYED,
    CHECK_END_RESERVE_S,
    CHECK_GRAPH,
    CHECK_NONTERMINATION,
    CHECK_RECURRENT_MAX_S,
    REPLAY,
    REPLAY_CAP_S,
    REPLAY_FLOOR_S,
    REPLAY_MIN_S,
    Budget,
    cpu_seconds,
)
from jhalt.errors import INTERNAL_ERROR
from jhalt.findings import NON_TERMINATION, Finding, Replay, SourceLocation
from jhalt.ids import MethodId
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.seg.context import EvalOptions
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.library import ModelRegistry
from jhalt.witness.api.literals import class_literals
from jhalt.witness.api.public import PublicSearch
from jhalt.witness.junit import ReproducerStyle
from jhalt.witness.replay import BUDGET_SPENT, Jdk, Observer
from jhalt.witness.search.backward import WitnessLimits
from jhalt.witness.validate import validate_finding


@dataclass(frozen=True)
class CheckSettings:
    """What the user said about the program's environment (issue 21): ``input_classes``
    (``--inputs``: their methods returning a primitive or String are environment values,
    `jhalt.seg.environment`) and whether ``assert`` statements run (``--assertions``)."""

    input_classes: frozenset[str] = frozenset()
    assertions: bool = True


def check_entry(
    program: Program,
    entry: MethodId,
    *,
    command_line: bool,
    registry: ModelRegistry,
    budget: Budget,
    settings: CheckSettings = CheckSettings(),
) -> ExceptionReport:
    """Exception findings and (at most one) non-termination finding for ``entry``.

    ``command_line``: ``main`` as the ``java`` launcher calls it (non-null strings);
    otherwise the entry is called as a method with arbitrary arguments. ``budget`` is the
    analysis part of the entry's time: the graph gets ``CHECK_GRAPH`` of it and the
    non-termination prover ``CHECK_NONTERMINATION``; every step (the exception witnesses
    too) stops at the end of ``budget`` (its `Deadline`)."""
    options = EvalOptions(
        competition_main=command_line,
        input_classes=settings.input_classes,
        assertions=settings.assertions,
    )
    deadline = budget.deadline()
    limits = BuildLimits(timeout_s=budget.share(CHECK_GRAPH), deadline=deadline)
    graph = build_graph(program, entry, registry, limits, options)
    report = check_exceptions(
        program, entry, command_line=command_line, registry=registry, graph=graph,
        witness_limits=WitnessLimits(deadline=deadline), options=options,
    )  # fmt: skip
    report = dataclasses.replace(report, absence=prove_absence(graph, deadline))
    config = NonTerminationConfig(timeout_s=budget.share(CHECK_NONTERMINATION), deadline=deadline)
    search = search_nontermination(graph, program, registry, config, options)
    found: NonTerminationResult | RecurrentSetResult | None = search.result
    if found is None and not deadline.expired():
        # the recurrent-set engine, as `prove` tries it after the others (seed 002)
        cap = cpu_seconds(CHECK_RECURRENT_MAX_S)
        recurrent = RecurrentConfig(deadline=deadline.within(cap))
        found = find_recurrent_nontermination(graph, program, registry, recurrent).result
    if found is None:
        # an internal error it caught is a note, which ends the run with exit 3 (jhalt.errors)
        caught = [f"non-termination search: {r}" for r in search.reasons if INTERNAL_ERROR in r]
        # a search cut by the deadline is in the stats (the results cache keeps no such answer)
        stopped = [r for r in search.reasons if r.startswith("timeout")]
        stats = {**report.stats, **({"non_termination_stopped": stopped[0]} if stopped else {})}
        return dataclasses.replace(report, notes=report.notes + tuple(caught[:1]), stats=stats)
    finding = nontermination_finding(entry, found, _call_chain(program, graph, found.loop.method))
    kind = found.kind if isinstance(found, NonTerminationResult) else RECURRENT_SET
    stats = {**report.stats, "non_termination": kind}
    return dataclasses.replace(report, findings=report.findings + (finding,), stats=stats)


def nontermination_finding(
    entry: MethodId,
    found: NonTerminationResult | RecurrentSetResult,
    chain: tuple[SourceLocation, ...] = (),
) -> Finding:
    """The finding of a non-termination proof: at the loop's head (its first line), or for an
    infinite recursion at the call by which it recurses, where the JVM's stack trace of the
    overflow points (`LoopLocation.call`); its path is ``chain`` (the calls from the entry to
    the loop's method, `_call_chain`), then the loop's lines."""
    loop = found.loop
    first_line = loop.lines[0] if loop.lines else None
    location = SourceLocation(loop.method, loop.head_pc, loop.source_file, first_line)
    if loop.call is not None:
        location = SourceLocation(loop.method, loop.call[0], loop.source_file, loop.call[1])
    path: tuple[SourceLocation, ...] = chain
    if loop.lines:
        path += tuple(
            SourceLocation(loop.method, loop.head_pc, loop.source_file, line) for line in loop.lines
        )
    return Finding(
        kind=NON_TERMINATION.name,
        message=found.plain(),
        location=location,
        entry=entry,
        witness=found.witness,
        path=path,
        calls=loop.calls,
        derivation=found.explanation(),
    )


def _call_chain(
    program: Program, graph: SymbolicExecutionGraph, method: MethodId
) -> tuple[SourceLocation, ...]:
    """The call sites from the graph's entry down to ``method`` (outermost first), as the
    graph's first states in ``method`` called from the entry hold them in their frames (the
    fewest frames); empty when the loop is in the entry itself or no such state is known."""
    if method == graph.entry_method:
        return ()
    frames = min(
        (
            state.frames
            for state in graph.states.values()
            if len(state.frames) > 1
            and state.frames[0].position.method == method
            and state.frames[-1].position.method == graph.entry_method
        ),
        key=len,
        default=(),
    )
    chain = []
    for frame in reversed(frames[1:]):
        position = frame.position
        owner = program.find(position.method.class_name)
        info = owner.method(position.method.name, position.method.descriptor) if owner else None
        line = info.code.line_at(position.pc) if info is not None and info.code else None
        source = getattr(owner, "source_file", None)
        chain.append(SourceLocation(position.method, position.pc, source, line))
    return tuple(chain)


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
    reproducer_style: ReproducerStyle = ReproducerStyle.REGRESSION
    """``--reproducer-style``: the reproducers' JUnit tests (`jhalt.witness.junit`)."""


def reproducer_prefix(entry: MethodId) -> str:
    """``pkg_Cls_name_HHHHHH``: the start of the reproducer directories of ``entry``'s findings
    (``…_1``, ``…_2``). ``HHHHHH`` (6 hex digits of the descriptor's SHA-256) keeps overloads
    apart: without it ``add(int[], int)`` and ``add(long[], long)`` wrote the same directories,
    and a finding could name the other overload's reproducer."""
    overload = hashlib.sha256(entry.descriptor.encode()).hexdigest()[:6]
    return f"{entry.class_name.replace('/', '_')}_{entry.name.strip('<>')}_{overload}"


@dataclass(frozen=True)
class CheckedEntry:
    """One entry's outcome after replay: the findings kept (confirmed or not run), one line per
    finding the JVM did not confirm or site without a witness, the analysis notes and stats."""

    kept: tuple[Finding, ...]
    dropped: tuple[str, ...]
    notes: tuple[str, ...]
    stats: dict[str, Any]
    proved: bool = False
    """No uncaught exception from the entry is possible (`jhalt.analyses.absence`) and nothing
    was found; a note states it with its assumptions."""


def check_and_replay(
    program: Program,
    entry: MethodId,
    *,
    command_line: bool,
    registry: ModelRegistry,
    budget: Budget,
    setup: ReplaySetup,
    settings: CheckSettings = CheckSettings(),
) -> CheckedEntry:
    """`check_entry` on its share of ``budget``, then every finding triaged (`assess`: level,
    public-API witness in ``…/Cls_method_HHHHHH_N/public``) and, unless that witness was
    replayed or the finding is hidden (counted in ``stats["internal_states"]``), validated in
    turn (reproducer in ``setup.reproducer_dir``/``Cls_method_HHHHHH_N`` (`reproducer_prefix`),
    replay on ``REPLAY`` of the time left). A finding the JVM does not confirm is dropped with
    a line saying why (issues 4, 5). Searches and replays end `CHECK_END_RESERVE_S` before
    ``budget`` does; a finding whose turn comes with less than `REPLAY_MIN_S` left, or whose
    replay the deadline cut, is not reported (every reported finding was replayed) but listed
    with the unconfirmed ones ("budget", issue 19), counted in ``stats["not_replayed_budget"]``
    and a note — the findings confirmed before are kept. ``stats`` has the seconds of the
    analysis (``analysis_time_s``) and of triage and replay after it (``replay_time_s``)."""
    started = time.monotonic()
    analysis = CHECK_ANALYSIS_REPLAYED if setup.jdk else CHECK_ANALYSIS_UNREPLAYED
    report = check_entry(
        program, entry, command_line=command_line, registry=registry,
        budget=budget.portion(analysis), settings=settings,
    )  # fmt: skip
    analysed = time.monotonic()
    kept: list[Finding] = []
    dropped = list(report.dropped)
    hidden = unreplayed = 0
    replays = budget.ending_early(CHECK_END_RESERVE_S)
    for number, finding in enumerate(report.findings, 1):
        outcome = _triaged(program, finding, (entry, command_line), setup, replays, number)
        if outcome is None:
            hidden += 1
        elif isinstance(outcome, str):
            dropped.append(outcome)
        elif BUDGET_SPENT in outcome.witness.replay_detail:
            unreplayed += 1  # a finding is reported only with its witness replayed
            dropped.append(_unreplayed_line(outcome))
        else:
            kept.append(outcome)
    stats = dict(report.stats)
    stats["replay_unconfirmed"] = len(report.findings) - len(kept) - hidden
    stats["internal_states"] = hidden
    stats["analysis_time_s"] = round(analysed - started, 3)
    stats["replay_time_s"] = round(time.monotonic() - analysed, 3)
    notes = report.notes
    if unreplayed:
        stats["not_replayed_budget"] = unreplayed
        notes += (f"{entry}: {unreplayed} of {len(report.findings)} findings not replayed: "
                  f"the entry's --timeout ran out (not reported; listed as unconfirmed, "
                  f"a larger --timeout replays them)",)  # fmt: skip
    proved = isinstance(report.absence, AbsenceProof) and not report.findings
    if proved and isinstance(report.absence, AbsenceProof):
        notes += (proof_note(entry, report.absence, settings),)
    return CheckedEntry(tuple(kept), tuple(dropped), tuple(notes), stats, proved)


def _unreplayed_line(finding: Finding) -> str:
    return (
        f"{finding.kind} at {finding.location.method}@{finding.location.pc}: "
        f"witness not replayed ({BUDGET_SPENT})"
    )


def _triaged(
    program: Program,
    finding: Finding,
    called: tuple[MethodId, bool],
    setup: ReplaySetup,
    replays: Budget,
    number: int,
) -> Finding | str | None:
    """The ``number``-th finding of the entry (``called``: the entry and whether it is run
    from the command line) triaged and replayed (`check_and_replay`): the finding to report,
    the line saying why it is dropped, or None when it is hidden."""
    entry, command_line = called
    directory = setup.reproducer_dir / f"{reproducer_prefix(entry)}_{number}"
    spent = replays.remaining() < REPLAY_MIN_S
    assessment = assess(
        program, finding, command_line=command_line,
        search=None if spent else _public_search(program, finding, setup, (directory, replays)),
        include_internal=setup.include_internal,
    )  # fmt: skip
    if assessment.hidden:
        return None
    if assessment.replayed:
        return assessment.finding
    how = dataclasses.replace(setup, skip_reason=BUDGET_SPENT) if spent else setup
    public = is_public_entry(program, entry)
    validated, unconfirmed = _validated(
        assessment.finding, (entry, command_line, public), how, replays, directory
    )
    return validated if unconfirmed is None else unconfirmed


def _validated(
    finding: Finding,
    called: tuple[MethodId, bool, bool],
    setup: ReplaySetup,
    budget: Budget,
    directory: Path,
) -> tuple[Finding, str | None]:
    """``finding`` replayed on the JVM (its reproducer in ``directory``; ``called``: the entry,
    whether it runs from the command line and whether it is public): the finding with its
    replay status, and the line saying why it is dropped when the JVM did not confirm it (else
    None)."""
    entry, command_line, public = called
    finding, result = validate_finding(
        finding,
        classpath=setup.classpath,
        entry=entry,
        command_line=command_line,
        reproducer_dir=directory,
        jdk=setup.jdk,
        skip_reason=setup.skip_reason,
        timeout_s=budget.share_left(REPLAY, floor=REPLAY_FLOOR_S, cap=REPLAY_CAP_S),
        observe=setup.observe(finding, setup.classpath) if setup.observe else None,
        deadline=budget.deadline(),
        style=setup.reproducer_style,
        public_entry=public,
    )
    if result.status is not Replay.UNCONFIRMED:
        return finding, None
    return finding, (
        f"{finding.kind} at {finding.location.method}@{finding.location.pc}: "
        f"witness not confirmed by the JVM ({result.detail})"
    )


def proof_note(entry: MethodId, proof: AbsenceProof, settings: CheckSettings) -> str:
    """``proved: no uncaught exception from `Main.main` (under the stated assumptions: …)``."""
    stated = list(proof.assumptions)
    if settings.input_classes:
        stated.append("methods of the input classes return values of their types")
    stated.append("assertions " + ("enabled (-ea)" if settings.assertions else "disabled"))
    stated.append("no VirtualMachineError (the stack and the heap suffice)")
    shown = "; ".join(stated[:8]) + ("; …" if len(stated) > 8 else "")
    return (
        f"proved: no uncaught exception from `{entry.dotted_class}.{entry.name}` "
        f"(under the stated assumptions: {shown})"
    )


def _public_search(
    program: Program, finding: Finding, setup: ReplaySetup, where: tuple[Path, Budget]
) -> PublicSearch | None:
    """How ``finding``'s public-API witness is searched (None when nothing may run): its
    reproducer below the directory, within the budget of ``where``, its hang observed as the
    finding's own replay would observe it."""
    if setup.jdk is None or setup.skip_reason is not None:
        return None
    directory, budget = where
    classes, constructible = program_classes(program)
    observe = setup.observe(finding, setup.classpath) if setup.observe else None
    literals = _entry_literals(program, finding.entry.class_name)
    return PublicSearch(
        setup.classpath, classes, setup.jdk, directory / "public", budget,
        constructible, observe, literals, setup.reproducer_style,
    )  # fmt: skip


def program_classes(program: Program) -> tuple[tuple[str, ...], frozenset[str]]:
    """The program's public classes (`public_classes`) and those a public no-argument
    constructor makes (`constructible_classes`): scanned once per program (`Program.cache`),
    not once per finding (each scan reads every class of the classpath)."""
    key = ("check.program_classes",)
    cached = program.cache.get(key)
    if cached is None:
        cached = (public_classes(program), constructible_classes(program))
        program.cache[key] = cached
    return cached  # type: ignore[return-value]


def _entry_literals(program: Program, class_name: str) -> tuple[int, ...]:
    """The integer literals of ``class_name`` (`class_literals`), decoded once per class and
    program (`Program.cache`) however many findings its entries have."""
    key = ("check.class_literals", class_name)
    cached = program.cache.get(key)
    if cached is None:
        owner = program.find(class_name)
        cached = class_literals(owner) if owner is not None else ()
        program.cache[key] = cached
    return cached  # type: ignore[return-value]
