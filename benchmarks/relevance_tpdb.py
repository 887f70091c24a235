#!/usr/bin/env python3
"""`jhalt relevance --all` over the jars of a TPDB-style folder (issue 18): reports per folder,
their mutation checks, errors and time.

Usage:
    python benchmarks/relevance_tpdb.py [ROOT] [--timeout S] [--jobs N] [--every K]
                                        [--inputs N] [--no-validate] [--markdown OUT.md]

ROOT defaults to ../shared/benchmarks/tpdb next to the repository (both the iterative and the
recursive collection). Each jar runs as `jhalt relevance JAR --all --format json` in its own
process with a wall-clock limit; ``--every K`` takes every K-th jar only and ``--exclude
FOLDER`` leaves a folder out (a subset, said in the report). The table has one row per folder: jars, entries analysed, entries that could not be
analysed (timeouts apart), findings (groups of irrelevant instructions on one source line),
how many were mutation-confirmed, withdrawn (a mutant differed: not reported) or not checked,
the jars whose run failed (exit other than 0), and the wall time (total and max per jar).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
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
    statuses: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    withdrawn: int = 0
    incomplete: int = 0


def run_one(jar: Path, root: Path, args: argparse.Namespace) -> JarOutcome:
    problem = str(jar.relative_to(root).with_suffix(""))
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
        for finding in entry["findings"]:
            outcome.statuses[finding["mutation"]["status"]] += 1
    outcome.not_analysed += [f"{e['entry']}: {e['reason']}" for e in document["errors"]]
    return outcome


def report(outcomes: list[JarOutcome], subset: str) -> str:
    groups: dict[str, list[JarOutcome]] = defaultdict(list)
    for outcome in outcomes:
        groups[outcome.folder].append(outcome)
    lines = [
        "| folder | jars | entries | not analysed (timeouts) | graphs incomplete | findings "
        "| confirmed | not checked | withdrawn | failed jars | wall s total | wall s max |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
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
            f"| {unchecked} | {sum(o.withdrawn for o in group)} | {failed} "
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
    parser.add_argument("--markdown", type=Path, help="also write the report to this file")
    args = parser.parse_args(argv)
    if not args.root.is_dir():
        print(f"relevance_tpdb: error: no such folder: {args.root}", file=sys.stderr)
        return 2
    every = sorted(args.root.rglob("*.jar"))
    kept = [j for j in every if j.parent.name not in args.exclude]
    jars = kept[:: max(1, args.every)]
    subset = (
        f"Jars: {len(jars)} of {len(every)}"
        + (f" (every {args.every}-th)" if args.every > 1 else "")
        + (f", without {', '.join(args.exclude)}." if args.exclude else ".")
    )
    with (
        StderrProgress(len(jars), "jars") as progress,
        ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool,
    ):

        def analyse(jar: Path) -> JarOutcome:
            outcome = run_one(jar, args.root, args)
            progress.advance(outcome.problem)
            return outcome

        outcomes = list(pool.map(analyse, jars))
    text = report(outcomes, subset)
    print(text, end="")
    if args.markdown:
        args.markdown.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
