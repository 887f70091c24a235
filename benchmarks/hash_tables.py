#!/usr/bin/env python3
"""Run `jhalt prove` on the hash-table corpus of issue 36 and print its table.

Usage:
    python benchmarks/hash_tables.py [--timeout S] [--filter TEXT] [--markdown OUT.md]

Each program of ``tests/hash_corpus/`` is compiled alone with the machine's ``javac``
(``--release 8 -g``) and proved by `jhalt prove --format json --no-validate` in its own
process with a wall-clock limit of the timeout plus a grace period. One row per program:
the expected answer from its header (YES for a terminating program, NO for a
non-terminating look-alike), the verdict, whether it is wrong (a YES for a non-terminating
program or a NO for a terminating one) and the analysis time; then the counts. Exit status
1 when any verdict is wrong.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bounded_run import run_bounded

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO / "tests" / "hash_corpus"
GRACE_S = 15.0


@dataclass(frozen=True)
class Row:
    program: str
    expected: str  # YES or NO
    verdict: str  # YES, NO, MAYBE, error or timeout
    analysis_s: float | None
    wall_s: float
    reason: str

    @property
    def wrong(self) -> bool:
        return self.verdict in ("YES", "NO") and self.verdict != self.expected


def expected_of(source: Path) -> str:
    header = source.read_text(encoding="utf-8").splitlines()[0]
    return "NO" if header.startswith("// EXPECT: NONTERM") else "YES"


def compile_one(source: Path, out: Path) -> None:
    command = ["javac", "--release", "8", "-g", "-nowarn", "-d", str(out), str(source)]
    subprocess.run(command, check=True, capture_output=True, text=True)


def prove_one(source: Path, scratch: Path, timeout: float) -> Row:
    name = source.stem
    classes = scratch / name
    compile_one(source, classes)
    command = [sys.executable, "-m", "jhalt", "prove", str(classes), "--main", name]
    command += ["--no-validate", "--format", "json", "--timeout", str(timeout)]
    started = time.monotonic()
    done = run_bounded(command, timeout + GRACE_S, cwd=REPO)
    wall = time.monotonic() - started
    expected = expected_of(source)
    if done is None:
        return Row(name, expected, "timeout", None, wall, "killed")
    try:
        answer = json.loads(done.stdout)
    except json.JSONDecodeError:
        return Row(name, expected, "error", None, wall, done.stderr.strip()[-200:])
    return Row(name, expected, answer["verdict"], answer.get("time_s"), wall, answer["reason"])


def table(rows: list[Row]) -> str:
    lines = [
        "| program | expected | verdict | wrong | analysis s | wall s |",
        "|---|---|---|---|---|---|",
    ]
    for row in rows:
        analysis = "-" if row.analysis_s is None else f"{row.analysis_s:.1f}"
        wrong = "WRONG" if row.wrong else ""
        lines.append(
            f"| {row.program} | {row.expected} | {row.verdict} | {wrong} | {analysis} | {row.wall_s:.1f} |"
        )
    terminating = [r for r in rows if r.expected == "YES"]
    looping = [r for r in rows if r.expected == "NO"]
    proved = sum(r.verdict == "YES" for r in terminating)
    disproved = sum(r.verdict == "NO" for r in looping)
    wrongs = sum(r.wrong for r in rows)
    lines.append("")
    lines.append(
        f"terminating: {proved}/{len(terminating)} YES; non-terminating: "
        f"{disproved}/{len(looping)} NO; wrong: {wrongs}"
    )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per program")
    parser.add_argument("--filter", default="", help="only programs whose name contains this")
    parser.add_argument("--markdown", type=Path, help="also write the table to this file")
    options = parser.parse_args()
    sources = [s for s in sorted(CORPUS.glob("*.java")) if options.filter in s.stem]
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="jhalt-hash-") as scratch:
        for source in sources:
            row = prove_one(source, Path(scratch), options.timeout)
            print(f"{row.program}: {row.verdict} ({row.wall_s:.1f} s)", file=sys.stderr)
            rows.append(row)
    text = table(rows)
    print(text)
    if options.markdown:
        options.markdown.write_text(text + "\n", encoding="utf-8")
    for row in rows:
        if row.verdict != row.expected:
            print(f"{row.program}: {row.reason}", file=sys.stderr)
    return 1 if any(r.wrong for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
