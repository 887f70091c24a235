#!/usr/bin/env python3
"""Wall time of confirmed NO answers: `jhalt prove JAR --timeout 60`, one problem at a time.

Usage:
    PYTHONPATH=REPO python benchmarks/confirm_times.py [--folder TEXT] [--results OUT.json]

Runs every problem whose reference verdict (``../shared/benchmarks/expected.csv``) is NO and
whose path contains ``--folder`` (default ``BSOG_FoVeOOS_11/``), each `jhalt prove` in its own
process, and prints one JSON line per problem (verdict, replay status, how the replay decided,
wall time, analysis time) and then the median and p95 wall time of the confirmed NO answers
and how many were confirmed by an exact repeat, by the proved condition, by Looper's proof or
by the fixed wait (issue 20).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import statistics
import sys
import time
from pathlib import Path

from bounded_run import run_bounded

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared" / "benchmarks"
WAYS = (
    ("repeat", "state at "),
    ("condition", "confirmed: "),
    ("looper", "Looper proved"),
    ("wait", "still running after"),
)


def how(replay: str | None, detail: str) -> str:
    """How a confirmed replay decided, "-" for any other."""
    if replay != "confirmed":
        return "-"
    return next((way for way, prefix in WAYS if detail.startswith(prefix)), "other")


def run(jar: Path) -> dict[str, object]:
    command = [sys.executable, "-m", "jhalt", "prove", str(jar), "--timeout", "60"]
    began = time.monotonic()
    done = run_bounded([*command, "--format", "json"], 300)
    wall = time.monotonic() - began
    try:
        answer = json.loads(done.stdout) if done is not None else {"verdict": "TIMEOUT"}
    except json.JSONDecodeError:
        answer = {"verdict": "ERROR"}
    witness = answer.get("witness") or {}
    detail = witness.get("replay_detail", "")
    return {
        "problem": jar.stem,
        "verdict": answer.get("verdict"),
        "replay": witness.get("replay"),
        "how": how(witness.get("replay"), detail),
        "wall_s": round(wall, 2),
        "analysis_s": answer.get("time_s"),
        "detail": detail[:200],
    }


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", default="BSOG_FoVeOOS_11/")
    parser.add_argument("--results", type=Path)
    args = parser.parse_args()
    with (SHARED / "expected.csv").open(newline="") as handle:
        problems = [
            row["problem"]
            for row in csv.DictReader(handle)
            if args.folder in row["problem"] and row["verdict"] == "NO"
        ]
    outcomes = []
    for problem in problems:
        outcome = run(SHARED / "tpdb" / f"{problem}.jar")
        print(json.dumps(outcome, ensure_ascii=False), flush=True)
        outcomes.append(outcome)
    if args.results:
        args.results.write_text(json.dumps(outcomes, indent=1, ensure_ascii=False))
    confirmed = [float(o["wall_s"]) for o in outcomes if o["how"] != "-"]  # type: ignore[arg-type]
    print(f"NO: {sum(o['verdict'] == 'NO' for o in outcomes)} of {len(outcomes)}")
    if confirmed:
        print(
            f"confirmed: {len(confirmed)}, wall median {statistics.median(confirmed):.2f} s, "
            f"p95 {p95(confirmed):.2f} s"
        )
    for way, _ in (*WAYS, ("other", "")):
        print(f"  by {way}: {sum(o['how'] == way for o in outcomes)}")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONPATH", str(REPO))
    sys.exit(main())
