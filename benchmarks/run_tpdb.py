#!/usr/bin/env python3
"""Run `jhalt prove` on every jar of a TPDB-style folder and compare with the reference.

Usage:
    python benchmarks/run_tpdb.py [ROOT] [--timeout S] [--jobs N] [--expected CSV]
                                  [--markdown OUT.md] [--results OUT.json] [--filter TEXT]
                                  [--problems FILE]

ROOT defaults to ../shared/benchmarks/tpdb next to the repository. Each jar is one
problem (its Main-Class's main). Problems run in parallel, each `jhalt prove` in its own
process with a wall-clock limit of the timeout plus a grace period. The table (one row
per folder) counts YES / NO / MAYBE / errors / timeouts, the contradictions with the
reference verdicts of expected.csv (a YES or NO that disagrees with a YES or NO there),
and the median and p95 times: the wall time of the whole `jhalt prove` process (start-up
and the replay of a NO included) and the analysis time (jhalt's ``time_s``: graph, witness
search and proofs, without start-up and replay; errors and timeouts have none).
Contradictions are listed first, by name. ``--problems FILE`` runs only the problems named
in FILE, one a line as in expected.csv (``Java_Bytecode/Aprove_09/GCD``).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import statistics
import sys
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from pathlib import Path

from bounded_run import run_bounded

from jhalt.cli.progress import StderrProgress

REPO = Path(__file__).resolve().parent.parent
DEFAULT_ROOT = REPO.parent / "shared" / "benchmarks" / "tpdb"
GRACE_S = 15.0
REPLAY_WAIT_S = 3.0


@dataclass
class Outcome:
    problem: str  # path below ROOT without .jar, e.g. Java_Bytecode/Aprove_09/GCD
    folder: str
    verdict: str  # YES, NO, MAYBE, ERROR or TIMEOUT
    expected: str | None
    reason: str
    time_s: float
    replay: str = ""  # for NO: confirmed / unconfirmed / not run
    graph_states: int | None = None
    graph_build_s: float | None = None
    analysis_s: float | None = None  # jhalt's own time_s: the analysis, without start-up and replay

    @property
    def contradicts(self) -> bool:
        return (
            self.verdict in ("YES", "NO")
            and self.expected in ("YES", "NO")
            and self.verdict != self.expected
        )


def load_expected(path: Path) -> dict[str, str]:
    if not path.is_file():
        return {}
    with path.open(newline="") as handle:
        return {row["problem"]: row["verdict"] for row in csv.DictReader(handle)}


def run_one(jar: Path, root: Path, timeout: float, expected: dict[str, str]) -> Outcome:
    problem = jar.relative_to(root).with_suffix("").as_posix()
    folder = jar.parent.relative_to(root).as_posix()
    command = [
        sys.executable,
        "-m",
        "jhalt",
        "prove",
        str(jar),
        "--format",
        "json",
        "--timeout",
        str(timeout),
        "--replay-wait",
        str(REPLAY_WAIT_S),
    ]
    started = time.monotonic()
    done = run_bounded(command, timeout + GRACE_S, cwd=REPO)
    if done is None:
        return Outcome(
            problem,
            folder,
            "TIMEOUT",
            expected.get(problem),
            "wall-clock limit",
            time.monotonic() - started,
        )
    elapsed = time.monotonic() - started
    if done.returncode != 0:
        message = (done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1]
        return Outcome(problem, folder, "ERROR", expected.get(problem), message, elapsed)
    try:
        result = json.loads(done.stdout)
        verdict, reason = result["verdict"], result.get("reason", "")
    except (json.JSONDecodeError, KeyError) as exc:
        return Outcome(
            problem, folder, "ERROR", expected.get(problem), f"unreadable output: {exc}", elapsed
        )
    stats = result.get("stats") or {}
    replay = (result.get("witness") or {}).get("replay", "")
    return Outcome(
        problem, folder, verdict, expected.get(problem), reason, elapsed, replay,
        stats.get("graph_states"), stats.get("graph_build_time_s"), result.get("time_s"),
    )  # fmt: skip


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def table(outcomes: list[Outcome]) -> str:
    rows = defaultdict(list)
    for outcome in outcomes:
        rows[outcome.folder].append(outcome)
    header = (
        "| folder | problems | YES | NO (replayed) | MAYBE | errors | contradictions | timeouts "
        "| median s | p95 s | analysis median s | analysis p95 s | graph states (median) "
        "| graph build s (median) |"
    )
    lines = [header, "|" + "---|" * 14]

    def row(name: str, group: list[Outcome]) -> str:
        count = lambda v: sum(1 for o in group if o.verdict == v)  # noqa: E731
        times = [o.time_s for o in group]
        replayed = sum(1 for o in group if o.verdict == "NO" and o.replay == "confirmed")
        states = [o.graph_states for o in group if o.graph_states is not None]
        builds = [o.graph_build_s for o in group if o.graph_build_s is not None]
        analysis = [o.analysis_s for o in group if o.analysis_s is not None]
        return (
            f"| {name} | {len(group)} | {count('YES')} | {count('NO')} ({replayed}) | {count('MAYBE')} | "
            f"{count('ERROR')} | {sum(o.contradicts for o in group)} | {count('TIMEOUT')} | "
            f"{statistics.median(times):.2f} | {percentile(times, 0.95):.2f} | "
            f"{_seconds(statistics.median(analysis) if analysis else None)} | "
            f"{_seconds(percentile(analysis, 0.95) if analysis else None)} | "
            f"{statistics.median(states) if states else '-'} | "
            f"{f'{statistics.median(builds):.2f}' if builds else '-'} |"
        )

    for folder in sorted(rows):
        lines.append(row(folder, rows[folder]))
    lines.append(row("**all**", outcomes))
    return "\n".join(lines)


def report(outcomes: list[Outcome]) -> str:
    parts = []
    contradictions = sorted((o for o in outcomes if o.contradicts), key=lambda o: o.problem)
    if contradictions:
        parts.append(f"**Contradictions with the reference ({len(contradictions)}):**\n")
        parts.extend(
            f"- {o.problem}: jhalt {o.verdict}, reference {o.expected} ({o.reason})"
            for o in contradictions
        )
        parts.append("")
    else:
        parts.append("Contradictions with the reference: none.\n")
    parts.append(table(outcomes))
    unreplayed = sorted(
        (o for o in outcomes if o.verdict == "NO" and o.replay != "confirmed"),
        key=lambda o: o.problem,
    )
    if unreplayed:
        parts.append(f"\nNO whose witness did not replay as a hang ({len(unreplayed)}):\n")
        parts.extend(f"- {o.problem}: replay {o.replay or '?'}; {o.reason}" for o in unreplayed)
    errors = sorted(
        (o for o in outcomes if o.verdict in ("ERROR", "TIMEOUT")), key=lambda o: o.problem
    )
    if errors:
        parts.append(f"\nErrors and timeouts ({len(errors)}):\n")
        parts.extend(f"- {o.problem}: {o.verdict} {o.reason}" for o in errors)
    reasons = defaultdict(int)
    for outcome in outcomes:
        if outcome.verdict == "MAYBE":
            reasons[outcome.reason] += 1
    if reasons:
        parts.append("\nMAYBE reasons:\n")
        parts.extend(
            f"- {n} × {reason}" for reason, n in sorted(reasons.items(), key=lambda kv: -kv[1])
        )
    return "\n".join(parts) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("root", nargs="?", type=Path, default=DEFAULT_ROOT)
    parser.add_argument(
        "--timeout", type=float, default=60.0, help="seconds per problem (default 60)"
    )
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--expected", type=Path, help="reference CSV (default: ROOT/../expected.csv)"
    )
    parser.add_argument(
        "--markdown", type=Path, help="also write the report as markdown to this file"
    )
    parser.add_argument("--results", type=Path, help="write every outcome as JSON to this file")
    parser.add_argument("--filter", default="", help="only problems whose path contains this text")
    parser.add_argument("--problems", type=Path, help="only the problems listed in this file")
    args = parser.parse_args(argv)

    root = args.root.resolve()
    if not root.is_dir():
        print(f"run_tpdb: {root}: not a directory", file=sys.stderr)
        return 2
    expected = load_expected(args.expected or root.parent / "expected.csv")
    jars = sorted(j for j in root.rglob("*.jar") if args.filter in j.relative_to(root).as_posix())
    if args.problems:
        wanted = set(args.problems.read_text().split())
        jars = [j for j in jars if j.relative_to(root).with_suffix("").as_posix() in wanted]
    if not jars:
        print(f"run_tpdb: no jars under {root}", file=sys.stderr)
        return 2
    outcomes: list[Outcome] = []
    started = time.monotonic()
    with (
        StderrProgress(len(jars), "problems") as progress,
        ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool,
    ):
        futures = [pool.submit(run_one, jar, root, args.timeout, expected) for jar in jars]
        for future in as_completed(futures):
            outcome = future.result()
            outcomes.append(outcome)
            progress.advance(outcome.problem)
    outcomes.sort(key=lambda o: o.problem)
    text = report(outcomes)
    text += f"\n{len(jars)} problems, timeout {args.timeout:g} s, {args.jobs} jobs, wall {time.monotonic() - started:.0f} s\n"
    print(text)
    if args.markdown:
        args.markdown.write_text(text)
    if args.results:
        args.results.write_text(json.dumps([asdict(o) for o in outcomes], indent=1))
    return 1 if any(o.contradicts for o in outcomes) else 0


if __name__ == "__main__":
    raise SystemExit(main())
