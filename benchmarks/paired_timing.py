#!/usr/bin/env python3
"""Analysis time of two source trees on the same TPDB problems, run back to back (issue 33's
"analysis median and p95 no worse by more than 10 %" on a shared machine).

Usage:
    python benchmarks/paired_timing.py BASE_TREE [NEW_TREE] [--root ROOT] [--every K]
                                       [--timeout S] [--json OUT]

For every K-th problem of ``ROOT/../expected.csv`` (sorted by name; K = 1 takes all), the script
runs ``jhalt prove JAR --format json`` once with each tree (``PYTHONPATH`` names it; NEW_TREE
defaults to this repository), one run at a time, alternating which tree goes first, so that both
see the same load from whatever else runs on the machine. Per tree it prints the median and p95
of the analysis time (jhalt's ``time_s``: graph, search and proofs, without start-up and replay)
and of the CPU time of the whole process tree (start-up and replay included; unlike wall time,
CPU time hardly grows with the machine's load), and per problem the ratio new / base of the
analysis time, whose median is the paired estimate of the change. Problems either tree did not
answer within the timeout count with the timeout. Run with bytecode caching on (the variable
``PYTHONDONTWRITEBYTECODE`` unset): otherwise every start recompiles jhalt.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import resource
import statistics
import sys
from pathlib import Path

from bounded_run import run_bounded

REPO = Path(__file__).resolve().parent.parent
DEFAULT_ROOT = REPO.parent / "shared" / "benchmarks" / "tpdb"
GRACE_S = 15.0


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(tree: Path, jar: Path, timeout: float) -> tuple[float, float, str]:
    """(analysis seconds, CPU seconds, verdict) of one ``jhalt prove`` run with ``tree``."""
    command = [sys.executable, "-m", "jhalt", "prove", str(jar), "--format", "json"]
    command += ["--timeout", str(timeout), "--replay-wait", "3"]
    environment = {**os.environ, "PYTHONPATH": str(tree)}
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    before = _children_cpu()
    done = run_bounded(command, timeout + GRACE_S, cwd=tree, env=environment)
    cpu = _children_cpu() - before
    if done is None or done.returncode != 0:
        return timeout, cpu, "TIMEOUT" if done is None else "ERROR"
    try:
        result = json.loads(done.stdout)
        return float(result.get("time_s") or timeout), cpu, str(result["verdict"])
    except (json.JSONDecodeError, KeyError, TypeError, ValueError):
        return timeout, cpu, "ERROR"


def problems(root: Path, every: int) -> list[Path]:
    with (root.parent / "expected.csv").open(newline="") as handle:
        names = sorted(row["problem"] for row in csv.DictReader(handle))
    return [root / f"{name}.jar" for name in names[::every]]


def summary(label: str, analysis: list[float], cpu: list[float]) -> str:
    return (
        f"{label}: analysis median {statistics.median(analysis):.2f} s, "
        f"p95 {percentile(analysis, 0.95):.2f} s; CPU median {statistics.median(cpu):.2f} s, "
        f"p95 {percentile(cpu, 0.95):.2f} s"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", type=Path)
    parser.add_argument("new", type=Path, nargs="?", default=REPO)
    parser.add_argument("--root", type=Path, default=DEFAULT_ROOT)
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    rows: list[tuple[str, dict[str, tuple[float, float, str]]]] = []
    jars = problems(args.root, max(1, args.every))
    for index, jar in enumerate(jars):
        trees = [("base", args.base), ("new", args.new)]
        order = trees if index % 2 == 0 else trees[::-1]
        runs = {name: run_once(tree, jar, args.timeout) for name, tree in order}
        rows.append((jar.stem, runs))
        base, new = runs["base"], runs["new"]
        print(f"[{index + 1}/{len(jars)}] {jar.stem}: base {base[0]:.2f} s {base[2]}, "
              f"new {new[0]:.2f} s {new[2]}", file=sys.stderr)  # fmt: skip
    for name in ("base", "new"):
        print(summary(name, [r[name][0] for _, r in rows], [r[name][1] for _, r in rows]))
    ratios = [r["new"][0] / r["base"][0] for _, r in rows if r["base"][0] > 0.05]
    if ratios:
        print(f"paired ratio new/base of the analysis time: median {statistics.median(ratios):.3f}")
    changed = [problem for problem, r in rows if r["base"][2] != r["new"][2]]
    print(f"problems: {len(rows)}; verdicts that differ: {len(changed)} {changed}")
    if args.json:
        args.json.write_text(json.dumps([{"problem": p, **r} for p, r in rows], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
