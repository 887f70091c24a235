#!/usr/bin/env python3
"""Measure the CLP non-termination engine alone (issue 15, seed 001) on TPDB jars.

Usage:
    python benchmarks/clp_tpdb.py [ROOT] [--folders F ...] [--only-no] [--timeout S]
                                  [--jobs N] [--markdown OUT.md]

Each jar is one problem (its Main-Class's main), run as ``jhalt prove JAR --engine clp
--format json`` in its own process (the witness of a NO replayed on the JVM as for every NO,
``--replay-wait 3``). The default folders are the Invel set (Java_Bytecode/BSOG_FoVeOOS_11)
and the recursive programs; ``--only-no`` keeps the problems whose reference verdict in
expected.csv is NO (the infinite-recursion programs of Java_Bytecode_Recursive). The report
has one row per problem (verdict, reference, replay, time), the totals per folder and the
contradictions with the reference (a NO where the reference says YES). Exit 1 when there is a
contradiction.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from bounded_run import run_bounded
from run_tpdb import load_expected

REPO = Path(__file__).resolve().parent.parent
DEFAULT_ROOT = REPO.parent / "shared" / "benchmarks" / "tpdb"
DEFAULT_FOLDERS = ("Java_Bytecode/BSOG_FoVeOOS_11", "Java_Bytecode_Recursive")
GRACE_S = 15.0
REPLAY_WAIT_S = 3.0


@dataclass
class Row:
    problem: str
    folder: str
    verdict: str
    expected: str | None
    replay: str
    time_s: float
    kind: str
    reason: str

    @property
    def contradicts(self) -> bool:
        return self.verdict == "NO" and self.expected == "YES"


def run_one(jar: Path, root: Path, timeout: float, expected: dict[str, str]) -> Row:
    problem = jar.relative_to(root).with_suffix("").as_posix()
    folder = jar.parent.relative_to(root).as_posix()
    command = [
        sys.executable, "-m", "jhalt", "prove", str(jar), "--engine", "clp", "--format", "json",
        "--timeout", str(timeout), "--replay-wait", str(REPLAY_WAIT_S),
    ]  # fmt: skip
    started = time.monotonic()
    done = run_bounded(command, timeout + GRACE_S, cwd=REPO)
    elapsed = time.monotonic() - started
    reference = expected.get(problem)
    if done is None:
        return Row(problem, folder, "TIMEOUT", reference, "", elapsed, "", "wall-clock limit")
    try:
        answer = json.loads(done.stdout)
    except json.JSONDecodeError:
        last = (done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1]
        return Row(problem, folder, "ERROR", reference, "", elapsed, "", last)
    proof = answer.get("proof") or {}
    replay = (answer.get("witness") or {}).get("replay", "")
    kind = proof.get("kind", "")
    if kind and not proof.get("java_ints", True):
        kind += " (math. ints)"
    return Row(
        problem, folder, answer["verdict"], reference, replay, elapsed, kind, answer["reason"]
    )


def report(rows: list[Row]) -> str:
    lines = [
        "| problem | reference | CLP verdict | kind | replay | time s |",
        "|---|---|---|---|---|---|",
    ]
    for row in rows:
        lines.append(
            f"| {row.problem} | {row.expected or '-'} | {row.verdict} | {row.kind or '-'} | "
            f"{row.replay or '-'} | {row.time_s:.2f} |"
        )
    lines += ["", "| folder | problems | NO (replay confirmed) | MAYBE | errors | contradictions |"]
    lines.append("|---|---|---|---|---|---|")
    for folder in sorted({r.folder for r in rows}) + ["**all**"]:
        group = [r for r in rows if folder == "**all**" or r.folder == folder]
        no = [r for r in group if r.verdict == "NO"]
        confirmed = sum(1 for r in no if r.replay == "confirmed")
        maybe = sum(1 for r in group if r.verdict == "MAYBE")
        errors = sum(1 for r in group if r.verdict in ("ERROR", "TIMEOUT"))
        lines.append(
            f"| {folder} | {len(group)} | {len(no)} ({confirmed}) | {maybe} | {errors} | "
            f"{sum(r.contradicts for r in group)} |"
        )
    contradictions = [r for r in rows if r.contradicts]
    lines.append("")
    lines.append(
        "Contradictions: none."
        if not contradictions
        else "Contradictions: " + ", ".join(r.problem for r in contradictions)
    )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("root", nargs="?", type=Path, default=DEFAULT_ROOT)
    parser.add_argument("--folders", nargs="*", default=list(DEFAULT_FOLDERS))
    parser.add_argument("--only-no", action="store_true", help="only reference-NO problems")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per problem")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--markdown", type=Path, help="also write the report to this file")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    expected = load_expected(root.parent / "expected.csv")
    jars = sorted(j for folder in args.folders for j in (root / folder).rglob("*.jar"))
    if args.only_no:
        jars = [
            j for j in jars if expected.get(j.relative_to(root).with_suffix("").as_posix()) == "NO"
        ]
    if not jars:
        print(f"clp_tpdb: no jars under {root} in {args.folders}", file=sys.stderr)
        return 2
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        rows = list(pool.map(lambda jar: run_one(jar, root, args.timeout, expected), jars))
    text = report(rows)
    text += f"\n{len(rows)} problems, timeout {args.timeout:g} s, {args.jobs} jobs, "
    text += f"wall {time.monotonic() - started:.0f} s\n"
    print(text)
    if args.markdown:
        args.markdown.write_text(text)
    return 1 if any(r.contradicts for r in rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
