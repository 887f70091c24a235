"""How `jhalt check` runs its entries (issue 19): results cache first, the rest locally or on a
Dask cluster, one progress line, an optional file of per-entry timings.

Order of work: every entry is looked up in the results cache (`jhalt.cli.cache`); the entries
without a valid stored result run in forked workers (`jhalt.cli.batch`, ``--jobs``) or on a
cluster (`jhalt.cli.dask_runner`, ``--dask``); each fresh complete result is stored. The
outcomes come back in entry order, cached or not; a result is stored as soon as it arrives. The progress line (`jhalt.cli.progress`)
counts the cached entries as done from the start and the findings so far.

Interrupted (SIGINT/SIGTERM/SIGHUP): the finished entries' results are stored — a re-run
resumes where the run stopped — and `BatchInterrupted` is raised again with the outcomes of
all finished entries, cached ones included, in entry order. A result from the cache has
``stats["cached"]`` (its times were spent by an earlier run: `jhalt.cli.check_summary`).

``--timings FILE``: one tab-separated line per entry in entry order — the entry, seconds,
``cache`` or ``analysed``, the number of findings, and ``ok`` or the error — for finding the
slow entries of a library (`benchmarks/real_world.py` reads it); an interrupted run writes
the lines of the entries it finished.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from jhalt.analyses.check import CheckedEntry
from jhalt.budget import Deadline
from jhalt.cli.batch import WORKER_TIMEOUT, BatchInterrupted, EntryOutcome, run_entries
from jhalt.cli.cache import CachedTimeout, Recorded, RecordingCheck, ResultsCache, restore
from jhalt.cli.dask_runner import run_on_dask
from jhalt.cli.output import write_output
from jhalt.cli.progress import StderrProgress
from jhalt.ids import MethodId
from jhalt.witness import isolation

Outcomes = list[EntryOutcome[MethodId, CheckedEntry]]


@dataclass(frozen=True)
class RunSettings:
    """How to run: ``--jobs``, ``--timeout``, the ``--max-time`` deadline, ``--quiet``,
    ``--dask`` (None: locally) and ``--timings``."""

    jobs: int
    timeout_s: float
    deadline: Deadline
    quiet: bool = False
    dask: str | None = None
    timings: str | None = None


def run_check_entries(
    entries: Sequence[MethodId],
    check: RecordingCheck,
    cache: ResultsCache | None,
    settings: RunSettings,
) -> Outcomes:
    """The outcome of every entry, in entry order (module docstring)."""
    root = check.reproducer_root
    cached: dict[int, EntryOutcome[MethodId, CheckedEntry]] = {}
    for index, entry in enumerate(entries):
        started = time.monotonic()
        hit = cache.lookup(entry) if cache is not None else None
        if isinstance(hit, CachedTimeout):
            cached[index] = EntryOutcome(entry, None, hit.error, time.monotonic() - started)
        elif hit is not None:
            result = restore(hit, root, write=True)
            result = dataclasses.replace(result, stats={**result.stats, "cached": 1})
            cached[index] = EntryOutcome(entry, result, None, time.monotonic() - started)
    todo = [index for index in range(len(entries)) if index not in cached]
    progress = StderrProgress(
        len(entries), "entries", quiet=settings.quiet, done=len(cached), counts_findings=True
    )
    progress.findings = sum(len(o.result.kept) for o in cached.values() if o.result)
    with progress:
        store = _Store(cache, settings.timeout_s)
        try:
            fresh = _run([entries[i] for i in todo], check, settings, progress, store)
        except BatchInterrupted as stop:
            finished = _unwrapped(stop.outcomes, root)
            merged = _merge(entries, cached, todo, finished, complete=False)
            if settings.timings:
                write_timings(settings.timings, merged, {o.entry for o in cached.values()})
            raise BatchInterrupted(merged, len(entries), stop.cause) from stop.cause
    outcomes = _merge(entries, cached, todo, _unwrapped(fresh, root), complete=True)
    if settings.timings:
        write_timings(settings.timings, outcomes, {o.entry for o in cached.values()})
    return outcomes


def _run(
    entries: Sequence[MethodId],
    check: RecordingCheck,
    settings: RunSettings,
    progress: StderrProgress,
    store: _Store,
) -> list[EntryOutcome[MethodId, Recorded]]:
    if not entries:
        return []
    if settings.dask is not None:
        return run_on_dask(
            settings.dask, entries, check, timeout_s=settings.timeout_s,
            deadline=settings.deadline, progress=progress, count=_findings, finished=store,
            prepare=check.prepare,
        )  # fmt: skip
    check.prepare(share_facts=_worth_sharing(len(entries), settings.deadline))
    isolation.chosen()  # probed once here: the forked workers inherit the answer
    return run_entries(
        entries, check, jobs=settings.jobs, timeout_s=settings.timeout_s,
        deadline=settings.deadline, progress=progress, count=_findings, finished=store,
    )  # fmt: skip


SHARE_FROM_ENTRIES = 20
"""From this many entries to analyse, the program's shared facts are computed once before the
workers start (`RecordingCheck.prepare`): about as long as one entry that needs them (17 s for
guava's 15,600 methods), saved by every entry that does."""
SHARE_NEEDS_S = 300.0
"""...and only when ``--max-time`` leaves at least this much: the computation has no deadline."""


def _worth_sharing(entries: int, deadline: Deadline) -> bool:
    return entries >= SHARE_FROM_ENTRIES and deadline.remaining() >= SHARE_NEEDS_S


def _findings(recorded: Recorded) -> int:
    return len(recorded.result.kept)


@dataclass(frozen=True)
class _Store:
    """Stores each fresh complete result as it arrives (a run killed later keeps it)."""

    cache: ResultsCache | None
    timeout_s: float

    def __call__(self, outcome: EntryOutcome[MethodId, Recorded]) -> None:
        if self.cache is None:
            return
        if outcome.result is not None:
            self.cache.store(outcome.entry, outcome.result, outcome.time_s, self.timeout_s)
        elif outcome.error is not None and outcome.error.startswith(WORKER_TIMEOUT):
            self.cache.store_timeout(outcome.entry, outcome.error)


def _unwrapped(
    outcomes: Sequence[EntryOutcome[MethodId, Recorded]], root: Path
) -> list[EntryOutcome[MethodId, CheckedEntry]]:
    """Fresh outcomes with their results; reproducers a remote worker wrote are written under
    ``root`` (a local worker wrote them there already)."""
    unwrapped: list[EntryOutcome[MethodId, CheckedEntry]] = []
    for outcome in outcomes:
        recorded = outcome.result
        result = (
            restore(recorded, root, write=Path(recorded.root) != root)
            if recorded is not None
            else None
        )
        unwrapped.append(EntryOutcome(outcome.entry, result, outcome.error, outcome.time_s))
    return unwrapped


def _merge(
    entries: Sequence[MethodId],
    cached: dict[int, EntryOutcome[MethodId, CheckedEntry]],
    todo: list[int],
    fresh: list[EntryOutcome[MethodId, CheckedEntry]],
    *,
    complete: bool,
) -> Outcomes:
    """Cached and fresh outcomes in entry order. ``fresh`` holds one outcome per ``todo``
    entry when ``complete``, else those of the finished entries (matched by entry)."""
    by_index = dict(cached)
    if complete:
        by_index.update(zip(todo, fresh))
    else:
        position = {entries[index]: index for index in todo}
        by_index.update((position[outcome.entry], outcome) for outcome in fresh)
    return [by_index[index] for index in sorted(by_index)]


def write_timings(path: str, outcomes: Outcomes, cached: set[MethodId]) -> None:
    """The ``--timings`` file (module docstring); ``cached``: the entries from the cache."""
    lines = []
    for outcome in outcomes:
        source = "cache" if outcome.entry in cached else "analysed"
        found = len(outcome.result.kept) if outcome.result is not None else 0
        status = outcome.error or "ok"
        lines.append(f"{outcome.entry}\t{outcome.time_s:.3f}\t{source}\t{found}\t{status}")
    write_output("\n".join(lines) + ("\n" if lines else ""), path)
