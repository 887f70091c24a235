#!/usr/bin/env python3
"""Every earlier NO against the current code: the lost ones are listed (issue 35).

Usage:
    python benchmarks/no_regressions.py [ROOT] [--timeout S] [--jobs N] [--expected CSV]
                                        [--baseline RESULTS.json ...] [--results OUT.json]
                                        [--filter TEXT]

The earlier NOs are the reference NOs of expected.csv (ROOT/../expected.csv; every NO jhalt
ever gave on the TPDB is one of them, since a NO that contradicts the reference is a
contradiction of `run_tpdb.py`) and the NOs of any earlier ``--results`` files of
`run_tpdb.py` or of this script (``--baseline``; e.g. the results of a stop's sweep). Each
runs as `run_tpdb.py` runs a problem (`jhalt prove --format json`, the same timeout and
replay wait). A problem is *kept* when it is NO again; otherwise it is listed as lost with
what it is now (MAYBE and its reason, YES, an error or a timeout) and the script exits 1. NOs
whose replay did not confirm them are listed too, apart: a program that hangs only with
mathematical integers ends on the JVM (Velroyen08-whileBreak, MultiLasso: their witness notes
the overflow), so the replay cannot confirm it. Reference NOs no earlier run proved and that are not
NO now are listed apart (not proved yet, not lost) and do not change the exit status when a
baseline is given; without a baseline every reference NO counts as earlier.

The run takes the time of the NO problems of a sweep (60 on the TPDB, a few seconds each with
the replay); run it before a merge that touches the witness search or the budget.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict
from pathlib import Path

from run_tpdb import DEFAULT_ROOT, Outcome, load_expected, run_one


def reference_nos(expected_csv: Path) -> list[str]:
    """The problems whose reference verdict is NO, in the file's order."""
    with expected_csv.open(newline="") as handle:
        return [row["problem"] for row in csv.DictReader(handle) if row["verdict"] == "NO"]


def baseline_nos(results: list[Path]) -> set[str]:
    """The problems an earlier run answered NO (results files of run_tpdb.py or this script)."""
    earlier: set[str] = set()
    for path in results:
        for row in json.loads(path.read_text()):
            if row.get("verdict") == "NO":
                earlier.add(row["problem"])
    return earlier


def kept(outcome: Outcome) -> bool:
    """NO again (the replay is reported apart)."""
    return outcome.verdict == "NO"


def now(outcome: Outcome) -> str:
    """What a problem is now, for the list of lost ones."""
    if outcome.verdict == "NO":
        return f"NO, replay {outcome.replay or 'not run'}"
    reason = " ".join(outcome.reason.split())
    return f"{outcome.verdict}: {reason[:160]}"


def report(outcomes: list[Outcome], earlier: set[str]) -> tuple[str, list[Outcome]]:
    """The text and the lost outcomes (earlier NOs not kept)."""
    lost = [o for o in outcomes if o.problem in earlier and not kept(o)]
    unproved = [o for o in outcomes if o.problem not in earlier and not kept(o)]
    unconfirmed = [o for o in outcomes if kept(o) and o.replay != "confirmed"]
    lines = [f"{sum(kept(o) for o in outcomes)} of {len(outcomes)} NO"]
    lines.append(f"LOST: {len(lost)} earlier NO(s) not NO now")
    lines += [f"  {o.problem}: {now(o)}" for o in lost]
    if unconfirmed:
        lines.append(
            f"NO without a confirmed replay (an overflow ends some on the JVM): {len(unconfirmed)}"
        )
        lines += [f"  {o.problem}: {now(o)}" for o in unconfirmed]
    if unproved:
        lines.append(f"not proved by any earlier run given, and not NO now: {len(unproved)}")
        lines += [f"  {o.problem}: {now(o)}" for o in unproved]
    return "\n".join(lines) + "\n", lost


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("root", nargs="?", type=Path, default=DEFAULT_ROOT)
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per problem")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--expected", type=Path, help="default: ROOT/../expected.csv")
    parser.add_argument("--baseline", type=Path, nargs="*", default=[], help="earlier results")
    parser.add_argument("--results", type=Path, help="write every outcome as JSON to this file")
    parser.add_argument("--filter", default="", help="only problems whose path contains this")
    args = parser.parse_args(argv)

    root = args.root.resolve()
    expected_csv = args.expected or root.parent / "expected.csv"
    if not expected_csv.is_file():
        print(f"no_regressions: {expected_csv}: no such file", file=sys.stderr)
        return 2
    earlier = baseline_nos(args.baseline)
    problems = sorted(set(reference_nos(expected_csv)) | earlier)
    problems = [p for p in problems if args.filter in p and (root / f"{p}.jar").is_file()]
    if not problems:
        print(f"no_regressions: no NO problems under {root}", file=sys.stderr)
        return 2
    expected = load_expected(expected_csv)
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        jobs = [pool.submit(run_one, root / f"{p}.jar", root, args.timeout, expected) for p in problems]  # fmt: skip
        outcomes = [job.result() for job in jobs]
    text, lost = report(outcomes, earlier or set(problems))
    print(text + f"{len(problems)} problems, {time.monotonic() - started:.0f} s")
    if args.results:
        args.results.write_text(json.dumps([asdict(o) for o in outcomes], indent=1))
    return 1 if lost else 0


if __name__ == "__main__":
    raise SystemExit(main())
