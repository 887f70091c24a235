#!/usr/bin/env python3
"""Build the symbolic execution graph of every jar of a TPDB-style folder (issue 3).

Usage:
    python benchmarks/graph_tpdb.py [ROOT] [--timeout S] [--jobs N] [--markdown OUT.md]

ROOT defaults to ../shared/benchmarks/tpdb/Java_Bytecode next to the repository. Each jar's
Main-Class `main` is built with `jhalt graph --format json` in its own process with a
wall-clock limit. A graph counts as built when it is complete; recursion is reported apart
(the graph of a recursive program is not expected to be finite: recursion is its own
issue). The table has one row per folder: jars, complete graphs, graph states (median, max)
and build time (median, p95, max); the jars whose graph is incomplete are listed with the
reason.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from bounded_run import run_bounded

from jhalt.cli.progress import StderrProgress

REPO = Path(__file__).resolve().parent.parent
DEFAULT_ROOT = REPO.parent / "shared" / "benchmarks" / "tpdb" / "Java_Bytecode"
GRACE_S = 15.0


@dataclass
class GraphOutcome:
    problem: str
    folder: str
    status: str  # complete, recursion, incomplete, error, timeout
    reason: str
    states: int | None
    build_s: float | None
    wall_s: float


def build_one(jar: Path, root: Path, timeout: float) -> GraphOutcome:
    problem = str(jar.relative_to(root).with_suffix(""))
    folder = str(jar.parent.relative_to(root))
    command = [
        sys.executable,
        "-m",
        "jhalt",
        "graph",
        str(jar),
        "--format",
        "json",
        "--timeout",
        str(timeout),
    ]
    started = time.monotonic()
    done = run_bounded(command, timeout + GRACE_S)
    if done is None:
        return GraphOutcome(
            problem, folder, "timeout", "wall-clock limit", None, None, time.monotonic() - started
        )
    wall = time.monotonic() - started
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return GraphOutcome(problem, folder, "error", last, None, None, wall)
    try:
        graph = json.loads(done.stdout)
    except json.JSONDecodeError:
        return GraphOutcome(problem, folder, "error", "unreadable output", None, None, wall)
    stats = graph.get("stats", {})
    incomplete = graph.get("incomplete", [])
    if not incomplete:
        status, reason = "complete", ""
    elif all(item.get("category") == "recursion" for item in incomplete):
        status, reason = "recursion", incomplete[0].get("reason", "")
    else:
        first = next(item for item in incomplete if item.get("category") != "recursion")
        category, text = first.get("category", ""), first.get("reason", "")
        status, reason = (
            "incomplete",
            text if text.startswith(f"{category}:") else f"{category}: {text}",
        )
    return GraphOutcome(
        problem,
        folder,
        status,
        reason,
        stats.get("graph_states"),
        stats.get("graph_build_time_s"),
        wall,
    )


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def report(outcomes: list[GraphOutcome]) -> str:
    groups: dict[str, list[GraphOutcome]] = defaultdict(list)
    for outcome in outcomes:
        groups[outcome.folder].append(outcome)
    lines = [
        "| folder | jars | complete | recursion | incomplete / timeout / error | states median | states max "
        "| build s median | build s p95 | build s max |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]

    def row(name: str, group: list[GraphOutcome]) -> str:
        count = defaultdict(int)
        for outcome in group:
            count[outcome.status] += 1
        states = [o.states for o in group if o.states is not None]
        times = [o.build_s if o.build_s is not None else o.wall_s for o in group]
        failed = count["incomplete"] + count["timeout"] + count["error"]
        return (
            f"| {name} | {len(group)} | {count['complete']} | {count['recursion']} | {failed} "
            f"| {statistics.median(states) if states else '-'} | {max(states) if states else '-'} "
            f"| {statistics.median(times):.2f} | {_percentile(times, 0.95):.2f} | {max(times):.2f} |"
        )

    for name in sorted(groups):
        lines.append(row(name, groups[name]))
    lines.append(row("**all**", outcomes))
    considered = [o for o in outcomes if o.status != "recursion"]
    built = sum(o.status == "complete" for o in considered)
    which = " not stopped by recursion" if len(considered) < len(outcomes) else ""
    lines += [
        "",
        f"Complete graphs: {built} of {len(considered)} programs{which} "
        f"({100 * built / max(1, len(considered)):.1f} %).",
    ]
    failures = [o for o in outcomes if o.status in ("incomplete", "timeout", "error")]
    if failures:
        lines += ["", "Not built:", ""]
        lines += [
            f"- {o.problem}: {o.status} ({o.reason})"
            for o in sorted(failures, key=lambda o: o.problem)
        ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", type=Path, default=DEFAULT_ROOT)
    parser.add_argument(
        "--timeout", type=float, default=60.0, help="seconds per graph (default 60)"
    )
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--markdown", type=Path, help="also write the report to this file")
    args = parser.parse_args(argv)
    if not args.root.is_dir():
        print(f"graph_tpdb: error: no such folder: {args.root}", file=sys.stderr)
        return 2
    jars = sorted(args.root.rglob("*.jar"))
    with (
        StderrProgress(len(jars), "graphs") as progress,
        ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool,
    ):

        def build(jar: Path) -> GraphOutcome:
            outcome = build_one(jar, args.root, args.timeout)
            progress.advance(outcome.problem)
            return outcome

        outcomes = list(pool.map(build, jars))
    text = report(outcomes)
    print(text, end="")
    if args.markdown:
        args.markdown.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
