"""Where `jhalt check --all` spends its time on a library, on a sample of its classes (issue 36).

A whole library is hours of CPU (guava: 2 h 19 min at ``--jobs 2``); this script measures a
deterministic sample instead and profiles its slowest entries:

1. **Sample**: the classes of ``--all`` (public classes with public entries), sorted; every
   k-th of them so that ``--classes N`` are taken, and of each at most ``--per-class M`` entries
   (the first in ``--all``'s sorted order). ``--only GLOB`` picks classes by glob instead;
   ``--limit N`` keeps the first N entries of the sample.
2. **Run**: the sample as ``check --all`` runs it — `jhalt.cli.check_run.run_check_entries`
   with `jhalt.cli.cache.RecordingCheck` (forked workers, ``--jobs``, the shared facts
   computed once before the workers fork when the sample has `SHARE_FROM_ENTRIES` entries or
   more), no results cache, replays on with the run's compile server. Per entry: wall seconds,
   analysis and replay seconds, the kept findings (kind, location, replay status) and the
   dropped ones (kind, location), and its CPU seconds (the worker's and the JVMs' it waited
   for). Printed: entries, sum, median and p95 of the entry times, wall and CPU.
3. **Compare** (``--compare OLD.json``; ``--diff OLD NEW`` for two saved runs): the findings
   of this run and of an earlier one (``--save``), entry by entry; every difference is printed. Findings a time limit cut may
   differ between two runs of the same code on a loaded machine; those entries are marked.
4. **Profile** (``--profile N``): the N slowest entries, one at a time, in this process under
   cProfile (the shared facts taken over first, as a worker does); per entry its top
   ``--top`` functions by cumulative time, then the same over all N together.
   ``--profile-entry ENTRY`` (as ``str(MethodId)``, repeatable) profiles these entries alone.
5. **Search log** (``--log-searches FILE``): one JSON line per public-API witness search
   (`log_searches`), to see which searches find sequences and which only spend their time.

    python benchmarks/library_profile.py JAR [--classes 12] [--per-class 8] [--only GLOB…]
        [--jobs 1] [--timeout 60] [--save OUT.json] [--compare OLD.json] [--profile 5]
        [--top 25]

Run it with ``nice -n 10`` on a shared machine; never on a whole library (``--classes`` is a
sample by design).
"""

from __future__ import annotations

import argparse
import cProfile
import fnmatch
import gc
import io
import json
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jhalt.analyses.check import CheckedEntry, ReplaySetup, check_and_replay
from jhalt.budget import NEVER, Budget
from jhalt.cli.cache import RecordingCheck, share_classpath
from jhalt.cli.check_run import SHARE_FROM_ENTRIES, RunSettings, run_check_entries
from jhalt.cli.target import open_classpath, public_entries
from jhalt.cli.versions import replay_blocker
from jhalt.dynamic.confirm import finding_observer
from jhalt.findings import Finding
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.entry import is_main
from jhalt.seg.evaluate.callee_effects import shared_facts
from jhalt.witness.api import public as api_public
from jhalt.witness.api.goals import forges_state
from jhalt.witness.api.search import FoundCalls, SearchRequest
from jhalt.witness.claim import find_jdk
from jhalt.witness.compiler import compile_server


def sample(
    jar: str, classes: int, per_class: int, only: Sequence[str], limit: int = 0
) -> list[MethodId]:
    """The sampled entries (module docstring, step 1), in ``--all``'s order; the first
    ``limit`` of them when ``limit`` is not 0."""
    by_class: dict[str, list[MethodId]] = {}
    for entry in public_entries(open_classpath(jar)):
        by_class.setdefault(entry.dotted_class, []).append(entry)
    names = sorted(by_class)
    if only:
        chosen = [n for n in names if any(fnmatch.fnmatchcase(n, glob) for glob in only)]
    else:
        step = max(1, len(names) // max(1, classes))
        chosen = names[::step][:classes]
    picked = [entry for name in chosen for entry in by_class[name][:per_class]]
    return picked[:limit] if limit else picked


@dataclass(frozen=True)
class EntryRun:
    """One entry as `check --all` runs it (`jhalt.cli.main`'s entry check, without a deadline):
    its own budget of ``timeout_s``, a ``main`` with the launcher's semantics."""

    setup: ReplaySetup
    timeout_s: float

    def __call__(self, program: Program, entry: MethodId) -> CheckedEntry:
        before = _cpu_seconds()
        checked = check_and_replay(
            program, entry, command_line=is_main(entry), registry=default_registry(),
            budget=Budget(self.timeout_s), setup=self.setup,
        )  # fmt: skip
        checked.stats["cpu_s"] = round(_cpu_seconds() - before, 3)
        return checked


def _cpu_seconds() -> float:
    """CPU seconds of this process and of its children it waited for (the JVMs of searches
    and replays; not the compile server's javac, a process of the run's parent)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def log_searches(path: Path) -> None:
    """Every public-API search of this process and of the workers it forks from now on appends
    one JSON line to ``path``: the entry, the claim, whether the witness forges state (and
    which static fields it sets), whether a sequence was found, the seconds."""
    search = api_public.search_calls

    def logged(request: SearchRequest, classpath: str, jdk: Any) -> FoundCalls | None:
        started = time.monotonic()
        found = search(request, classpath, jdk)
        line = {
            "entry": str(request.entry),
            "claim": [request.claim.kind, str(request.claim.method), request.claim.lines],
            "forges": forges_state(request.inputs),
            "statics": [str(s.field) for s in request.inputs.statics],
            "receiver": request.inputs.receiver is not None,
            "found": found is not None,
            "seconds": round(time.monotonic() - started, 3),
        }
        with path.open("a") as out:
            out.write(json.dumps(line) + "\n")
        return found

    api_public.search_calls = logged  # type: ignore[assignment]


def replay_setup(jar: str, directory: Path) -> ReplaySetup:
    classpath = open_classpath(jar)
    jdk = find_jdk(None)
    return ReplaySetup(
        classpath.runtime_spec(), jdk, directory, replay_blocker(classpath, jdk),
        observe=finding_observer,
    )  # fmt: skip


def _finding(finding: Finding) -> list[str]:
    where = f"{finding.location.method}@{finding.location.pc}"
    return [finding.kind, where, finding.witness.replay.name]


def _dropped(line: str) -> str:
    """``kind at Class.method``: a dropped line's key (its pc, line and reason vary with the
    machine's load: a witness search cut by time gives another reason)."""
    return line.split(" (", 1)[0]


def run_sample(jar: str, entries: list[MethodId], options: argparse.Namespace) -> dict[str, Any]:
    """Step 2 of the module docstring: per entry its times and findings."""
    work = Path(tempfile.mkdtemp(prefix="jhalt-library-profile-"))
    setup = replay_setup(jar, work / "reproducers")
    classpath = open_classpath(jar)
    share_classpath(classpath)
    check = RecordingCheck(EntryRun(setup, options.timeout), classpath.spec, work / "reproducers")
    settings = RunSettings(options.jobs, options.timeout, NEVER, quiet=True)
    started = time.monotonic()
    assert setup.jdk is not None, "a JDK is needed: the findings are replayed"
    with compile_server(setup.jdk.java, setup.jdk.javac):
        outcomes = run_check_entries(entries, check, None, settings)
    wall = time.monotonic() - started
    rows: dict[str, Any] = {}
    for outcome in outcomes:
        result = outcome.result
        rows[str(outcome.entry)] = {
            "time_s": round(outcome.time_s, 3),
            "error": outcome.error,
            "analysis_s": result.stats.get("analysis_time_s") if result else None,
            "replay_s": result.stats.get("replay_time_s") if result else None,
            "cpu_s": result.stats.get("cpu_s") if result else None,
            "kept": sorted(_finding(f) for f in result.kept) if result else [],
            "dropped": sorted(result.dropped) if result else [],
            "cut": bool(result and any("timeout" in str(v) for v in result.stats.values())),
        }
    return {"jar": jar, "wall_s": round(wall, 1), "entries": rows}


def _p95(values: list[float]) -> float:
    return values[min(len(values) - 1, int(0.95 * len(values)))]


def summary(run: dict[str, Any]) -> str:
    """Entries, wall, and per entry the sum, median, p95 and max of the wall seconds, then of
    the CPU seconds (load-independent; runs saved before they were recorded have none)."""
    times = sorted(row["time_s"] for row in run["entries"].values())
    if not times:
        return "no entries"
    kept = sum(len(row["kept"]) for row in run["entries"].values())
    errors = sum(1 for row in run["entries"].values() if row["error"])
    cpu = sorted(row["cpu_s"] for row in run["entries"].values() if row.get("cpu_s") is not None)
    cpu_text = (
        f"; CPU sum {sum(cpu):.1f} s, median {statistics.median(cpu):.3f} s, p95 "
        f"{_p95(cpu):.2f} s, max {cpu[-1]:.1f} s"
        if cpu
        else ""
    )
    return (
        f"{Path(run['jar']).name}: {len(times)} entries, wall {run['wall_s']:.0f} s, sum "
        f"{sum(times):.1f} s, median {statistics.median(times):.3f} s, p95 {_p95(times):.2f} s, "
        f"max {times[-1]:.1f} s{cpu_text}; {kept} findings kept, {errors} errors"
    )


def compare(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """Step 3: one line per entry whose findings differ (``cut``: a time limit cut a run)."""
    lines = []
    for entry in sorted(set(old["entries"]) | set(new["entries"])):
        before, after = old["entries"].get(entry), new["entries"].get(entry)
        if before is None or after is None:
            lines.append(f"{entry}: only in the {'new' if before is None else 'old'} run")
            continue
        for part in ("kept", "dropped", "error"):
            if part == "dropped":
                differ = sorted(map(_dropped, before[part])) != sorted(map(_dropped, after[part]))
            else:
                differ = before[part] != after[part]
            if differ:
                cut = " (cut by time)" if before["cut"] or after["cut"] else ""
                lines.append(f"{entry}: {part}{cut}: {before[part]} -> {after[part]}")
    return lines


def profile(jar: str, entries: list[str], options: argparse.Namespace) -> None:
    """Step 4: the entries one at a time under cProfile, in this process."""
    classpath = open_classpath(jar)
    by_name = {str(e): e for e in public_entries(classpath)}
    facts = shared_facts(Program(classpath))
    if not options.no_freeze:
        gc.collect()
        gc.freeze()  # as `RecordingCheck.prepare` does before the workers fork
    collecting = _GcClock()
    gc.callbacks.append(collecting)
    work = Path(tempfile.mkdtemp(prefix="jhalt-library-profile-"))
    setup = replay_setup(jar, work / "reproducers")
    total: pstats.Stats | None = None
    assert setup.jdk is not None
    with compile_server(setup.jdk.java, setup.jdk.javac):
        for name in entries:
            program = Program(classpath)
            program.cache.update(facts)
            one = cProfile.Profile()  # one profiler at a time: Python has one profile hook
            started = time.monotonic()
            one.runcall(EntryRun(setup, options.timeout), program, by_name[name])
            spent, collecting.seconds = collecting.seconds, 0.0
            print(f"\n== {name}: {time.monotonic() - started:.1f} s ({spent:.1f} s in gc)")
            print(_top(one, options.top))
            total = pstats.Stats(one) if total is None else total.add(one)
    if total is not None:
        print(f"\n== all {len(entries)} profiled entries together")
        print(_top(total, options.top))


class _GcClock:
    """Seconds the garbage collector ran (a `gc.callbacks` entry)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.seconds += time.perf_counter() - self._started


def _top(profiled: cProfile.Profile | pstats.Stats, count: int) -> str:
    text = io.StringIO()
    stats = pstats.Stats(profiled) if isinstance(profiled, cProfile.Profile) else profiled
    stats.stream = text  # type: ignore[attr-defined]
    stats.sort_stats("cumulative").print_stats(count)
    return "\n".join(line for line in text.getvalue().splitlines() if line.strip())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("jar")
    parser.add_argument("--classes", type=int, default=12)
    parser.add_argument("--per-class", type=int, default=8)
    parser.add_argument("--only", action="append", default=[], metavar="GLOB")
    parser.add_argument("--limit", type=int, default=0, help="the first N sampled entries")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--save", type=Path)
    parser.add_argument("--compare", type=Path)
    parser.add_argument("--profile", type=int, default=0, metavar="N")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--diff", nargs=2, type=Path, metavar=("OLD", "NEW"))
    parser.add_argument("--no-freeze", action="store_true", help="no gc.freeze() of the facts")
    parser.add_argument("--log-searches", type=Path, metavar="FILE")
    parser.add_argument("--profile-entry", action="append", default=[], metavar="ENTRY")
    parser.add_argument("--no-run", action="store_true", help="profile the --compare run's slowest")
    options = parser.parse_args()
    if options.diff:  # two saved runs, no run
        old, new = (json.loads(path.read_text()) for path in options.diff)
        print(summary(old), summary(new), sep="\n")
        print("\n".join(compare(old, new)) or "findings: the same, entry by entry")
        return 0
    if options.log_searches:
        log_searches(options.log_searches)
    entries = sample(options.jar, options.classes, options.per_class, options.only, options.limit)
    shared = "shared facts" if len(entries) >= SHARE_FROM_ENTRIES else "no shared facts"
    print(f"{len(entries)} entries sampled ({shared})", file=sys.stderr)
    if options.profile_entry:  # these entries alone, no run
        profile(options.jar, options.profile_entry, options)
        return 0
    run = json.loads(options.compare.read_text()) if options.no_run else None
    if run is None:
        run = run_sample(options.jar, entries, options)
        print(summary(run))
        if options.save:
            options.save.write_text(json.dumps(run, indent=1, sort_keys=True) + "\n")
        if options.compare:
            differences = compare(json.loads(options.compare.read_text()), run)
            print("\n".join(differences) or "findings: the same, entry by entry")
    if options.profile:
        slowest = sorted(run["entries"], key=lambda e: -run["entries"][e]["time_s"])
        profile(options.jar, slowest[: options.profile], options)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
