#!/usr/bin/env python3
"""`jhalt relevance --all` over the jars of a TPDB-style folder (issue 18): reports per folder,
their mutation checks, errors and time.

Usage:
    python benchmarks/relevance_tpdb.py [ROOT] [--timeout S] [--jobs N] [--every K]
                                        [--inputs N] [--no-validate] [--markdown OUT.md]
                                        [--results OUT.jsonl]

ROOT defaults to ../shared/benchmarks/tpdb next to the repository (both the iterative and the
recursive collection). Each jar runs as `jhalt relevance JAR --all --format json` in its own
process with a wall-clock limit; ``--every K`` takes every K-th jar only, ``--exclude
FOLDER`` leaves a folder out and ``--only FOLDER`` keeps only that one (a subset, said in the
report). The table has one row per folder: jars, entries analysed, entries that could not be
analysed (timeouts apart), findings (groups of irrelevant instructions on one source line),
how many were mutation-confirmed or reported not checked (only with ``--no-validate``), how
many were held back (a mutant differed: withdrawn; no mutant could check them: unchecked),
the jars whose run failed (exit other than 0), and the wall time (total and max per jar).

``--results FILE`` keeps one JSON line per finished jar, written as soon as the jar ends; run
the same command again after an interruption and the jars already in FILE are not run again
(the table covers them all). A whole sweep is hours on two cores.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

from bounded_run import run_bounded

from jhalt.cli.progress import StderrProgress

REPO = Path(__file__).resolve().parent.parent
DEFAULT_ROOT = REPO.parent / "shared" / "benchmarks" / "tpdb"
GRACE_S = 30.0


@dataclass
class JarOutcome:
    problem: str
    folder: str
    exit_code: int | None  # None: the wall-clock limit
    wall_s: float
    entries: int = 0
    not_analysed: list[str] = field(default_factory=list)
    findings: int = 0
    statuses: dict[str, int] = field(default_factory=dict)
    withdrawn: int = 0
    unchecked: int = 0
    incomplete: int = 0


class ResultsFile:
    """The outcomes of finished jars, one JSON line each (``--results``), shared by threads."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.lock = threading.Lock()

    def load(self) -> dict[str, JarOutcome]:
        """The outcomes an earlier, interrupted run of the sweep kept, by problem."""
        if self.path is None or not self.path.exists():
            return {}
        kept: dict[str, JarOutcome] = {}
        for line in self.path.read_text().splitlines():
            if line.strip():
                record = json.loads(line)
                kept[record["problem"]] = JarOutcome(**record)
        return kept

    def add(self, outcome: JarOutcome) -> None:
        if self.path is None:
            return
        with self.lock, self.path.open("a") as stream:
            stream.write(json.dumps(asdict(outcome)) + "\n")


def problem_of(jar: Path, root: Path) -> str:
    return str(jar.relative_to(root).with_suffix(""))


def select_jars(args: argparse.Namespace) -> tuple[list[Path], str]:
    """The jars of the sweep (``--only``, ``--exclude``, ``--every``) and a line saying which."""
    every = sorted(args.root.rglob("*.jar"))
    kept = [
        j
        for j in every
        if j.parent.name not in args.exclude and (not args.only or j.parent.name in args.only)
    ]
    jars = kept[:: max(1, args.every)]
    subset = (
        f"Jars: {len(jars)} of {len(every)}"
        + (f" (every {args.every}-th)" if args.every > 1 else "")
        + (f", only {', '.join(args.only)}" if args.only else "")
        + (f", without {', '.join(args.exclude)}." if args.exclude else ".")
    )
    return jars, subset


def run_one(jar: Path, root: Path, args: argparse.Namespace) -> JarOutcome:
    problem = problem_of(jar, root)
    folder = str(jar.parent.relative_to(root))
    command = [
        sys.executable, "-m", "jhalt", "relevance", str(jar), "--all", "--format", "json",
        "--timeout", str(args.timeout), "--inputs", str(args.inputs),
        *(["--no-validate"] if args.no_validate else []),
    ]  # fmt: skip
    started = time.monotonic()
    done = run_bounded(command, args.jar_limit)
    wall = time.monotonic() - started
    if done is None:
        return JarOutcome(problem, folder, None, wall)
    outcome = JarOutcome(problem, folder, done.returncode, wall)
    try:
        document = json.loads(done.stdout)
    except json.JSONDecodeError:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        outcome.not_analysed.append(f"unreadable output: {last}")
        return outcome
    for entry in document["entries"]:
        outcome.entries += 1
        outcome.incomplete += not entry["complete"]
        outcome.findings += len(entry["findings"])
        outcome.withdrawn += len(entry["withdrawn"])
        outcome.unchecked += len(entry.get("unchecked", []))
        for finding in entry["findings"]:
            status = finding["mutation"]["status"]
            outcome.statuses[status] = outcome.statuses.get(status, 0) + 1
    outcome.not_analysed += [f"{e['entry']}: {e['reason']}" for e in document["errors"]]
    return outcome


def report(outcomes: list[JarOutcome], subset: str) -> str:
    groups: dict[str, list[JarOutcome]] = defaultdict(list)
    for outcome in outcomes:
        groups[outcome.folder].append(outcome)
    lines = [
        "| folder | jars | entries | not analysed (timeouts) | graphs incomplete | findings "
        "| confirmed | not checked | withdrawn | unchecked (held back) | failed jars "
        "| wall s total | wall s max |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]

    def row(name: str, group: list[JarOutcome]) -> str:
        missing = [m for o in group for m in o.not_analysed]
        timeouts = sum("timeout" in m for m in missing)
        failed = sum(o.exit_code != 0 for o in group)
        confirmed = sum(o.statuses.get("confirmed", 0) for o in group)
        unchecked = sum(o.statuses.get("not checked", 0) for o in group)
        return (
            f"| {name} | {len(group)} | {sum(o.entries for o in group)} | {len(missing)} ({timeouts}) "
            f"| {sum(o.incomplete for o in group)} | {sum(o.findings for o in group)} | {confirmed} "
            f"| {unchecked} | {sum(o.withdrawn for o in group)} "
            f"| {sum(o.unchecked for o in group)} | {failed} "
            f"| {sum(o.wall_s for o in group):.0f} | {max(o.wall_s for o in group):.1f} |"
        )

    for name in sorted(groups):
        lines.append(row(name, groups[name]))
    lines.append(row("**all**", outcomes))
    lines += ["", subset]
    problems = [o for o in outcomes if o.exit_code != 0 or o.not_analysed]
    if problems:
        lines += ["", "Not analysed or failed:", ""]
        for o in sorted(problems, key=lambda o: o.problem):
            status = "wall-clock limit" if o.exit_code is None else f"exit {o.exit_code}"
            lines.append(f"- {o.problem} ({status}): " + "; ".join(o.not_analysed[:3]))
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", type=Path, default=DEFAULT_ROOT)
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per entry")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--every", type=int, default=1, help="only every K-th jar")
    parser.add_argument("--jar-limit", type=float, default=900.0, help="wall seconds per jar")
    parser.add_argument("--inputs", type=int, default=4, help="inputs per mutation check")
    parser.add_argument("--no-validate", action="store_true", help="no mutation checks")
    parser.add_argument(
        "--exclude", action="append", default=[], metavar="FOLDER", help="leave out this folder"
    )
    parser.add_argument(
        "--only", action="append", default=[], metavar="FOLDER", help="only this folder"
    )
    parser.add_argument("--markdown", type=Path, help="also write the report to this file")
    parser.add_argument("--results", type=Path, help="one JSON line per finished jar (resumable)")
    args = parser.parse_args(argv)
    if not args.root.is_dir():
        print(f"relevance_tpdb: error: no such folder: {args.root}", file=sys.stderr)
        return 2
    jars, subset = select_jars(args)
    results = ResultsFile(args.results)
    done = results.load()
    todo = [j for j in jars if problem_of(j, args.root) not in done]
    with (
        StderrProgress(len(todo), "jars") as progress,
        ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool,
    ):

        def analyse(jar: Path) -> JarOutcome:
            outcome = run_one(jar, args.root, args)
            results.add(outcome)
            progress.advance(outcome.problem)
            return outcome

        fresh = {o.problem: o for o in pool.map(analyse, todo)}
    outcomes = [done.get(p) or fresh[p] for p in (problem_of(j, args.root) for j in jars)]
    text = report(outcomes, subset)
    print(text, end="")
    if args.markdown:
        args.markdown.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
