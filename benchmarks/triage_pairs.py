"""Issue 34's figure on the flawed/correct pairs of ``tests/triage_corpus``: how many flaws
`jhalt check --all` shows with default options (each with a replayed witness), and how many
findings it gives on the correct twins (must be 0), per route of the flaw's input.

    python benchmarks/triage_pairs.py [--timeout 30] [--jobs 2]

Compiles the corpus with the machine's ``javac -g`` into a temporary directory, runs one
``check --all --format json --no-cache`` over it and prints a Markdown table (per route, then
the total) and the pairs whose flaw was not shown. A pair's route is read from its source: a
``main`` reading a file by name (``Files.read…``, ``new File…(``: file), ``System.in``
(standard input), ``System.getenv`` (environment),
``System.getProperty`` (property) or ``args`` (command line); a ``bad(…)`` with parameters
(parameters); a hang (non-termination); else the values are the program's own (constants).
The expected flaw is the file's first line (``// EXPECT: <kind> at <Class>.<method>:<line>``,
as the corpus test reads it).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
CORPUS = HERE / "tests" / "triage_corpus"
EXPECT = re.compile(r"// EXPECT: (\S+) at (\w+)\.(\w+):(\d+)")


def route(source: str, kind: str) -> str:
    """Where the flaw's input comes from (module docstring)."""
    if kind == "non-termination":
        return "hang"
    if "route=random" in source.splitlines()[0]:
        return "random"
    if re.search(r"\bFiles\.read|new File(Reader|InputStream)?\(", source):
        return "file"
    if "System.in" in source:
        return "standard input"
    if "System.getenv" in source:
        return "environment"
    if "System.getProperty" in source:
        return "property"
    if "static void main" in source:
        return "command line"
    if re.search(r"public \w+ bad\(\w", source):
        return "parameters"
    return "constants"


def pairs() -> dict[str, tuple[str, int, str]]:
    """Class → (kind, line, route) of each pair's flaw."""
    found = {}
    for path in sorted(CORPUS.glob("*.java")):
        text = path.read_text()
        match = EXPECT.match(text.splitlines()[0])
        if match:
            kind, _owner, _method, line = match.groups()
            found[path.stem] = (kind, int(line), route(text, kind))
    return found


def run_check(classes: Path, timeout_s: int, jobs: int, out: Path) -> dict:
    command = [sys.executable, "-m", "jhalt", "check", str(classes), "--all", "--no-cache"]
    command += ["--timeout", str(timeout_s), "--jobs", str(jobs), "--format", "json"]
    subprocess.run([*command, "-o", str(out)], cwd=HERE, check=False)
    return json.loads(out.read_text())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=int, default=30)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    expected = pairs()
    with tempfile.TemporaryDirectory() as work:
        classes = Path(work) / "classes"
        sources = [str(p) for p in sorted(CORPUS.glob("*.java"))]
        subprocess.run(["javac", "-g", "-nowarn", "-d", str(classes), *sources], check=True)
        report = run_check(classes, args.timeout, args.jobs, Path(work) / "check.json")
    findings = report["findings"]
    totals: Counter[str] = Counter()
    shown: Counter[str] = Counter()
    missed = []
    for name, (kind, line, where) in expected.items():
        totals[where] += 1
        flawed = (f"{name}.bad(", f"{name}.main(")
        hits = [
            f
            for f in findings
            if f["entry"].startswith(flawed)
            and f["kind"] == kind
            and f["location"].get("line") == line
            and f["witness"].get("replay") == ("reproduced" if where == "random" else "confirmed")
        ]
        if hits:
            shown[where] += 1
        else:
            missed.append(name)
    twins = [f for f in findings if f["entry"].startswith(tuple(f"{n}.good1(" for n in expected))]
    twins += [f for f in findings if "$Good." in f["entry"]]
    print("| input route | pairs | flaws shown, replayed | findings on the twins |")
    print("| --- | --- | --- | --- |")
    for where in sorted(totals):
        on_twins = sum(1 for f in twins if f["entry"].split(".")[0].split("$")[0] in expected
                       and expected[f["entry"].split(".")[0].split("$")[0]][2] == where)  # fmt: skip
        print(f"| {where} | {totals[where]} | {shown[where]} | {on_twins} |")
    total, hit = sum(totals.values()), sum(shown.values())
    print(f"| **all** | {total} | {hit} ({100 * hit / total:.0f} %) | {len(twins)} |")
    print(f"not shown: {', '.join(missed) or 'none'}")
    summary = report.get("summary", {})
    print(f"wall {summary.get('wall_time_s')} s, analysis {summary.get('analysis_time_s')} s, "
          f"replay {summary.get('replay_time_s')} s")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
