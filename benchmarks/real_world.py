"""`jhalt check --all` over real libraries: the Debian-packaged jars of the machine (issue 19).

For each jar: ``jhalt check JAR --all --jobs N --timeout S --format json --timings FILE`` with
a fresh results cache, then the same command again on that cache (no change in between). It
prints, per jar: entries, wall time of the first run, time per analysed entry (median and
95th percentile, from ``--timings``), findings per level (the findings' ``level`` field when
the JSON has one, else one count), timeouts, errors (worker errors, internal errors), the
re-run's wall time and its ratio to the first run.

    python benchmarks/real_world.py [JAR…] [--jobs 2] [--timeout 60] [--only GLOB…]
                                    [--every K] [--work DIR] [--markdown OUT]

Without JAR the four jars of `JARS` are used; a missing one is skipped with the package to
``apt-get install``. ``--only`` passes globs to ``check --only`` (a documented subset of a big
library, e.g. ``'com.google.common.base.*'``); ``--every K`` analyses every K-th entry of
``--all`` (in its sorted order). Run it with ``nice -n 10`` on a shared
machine: a whole library is minutes to hours of CPU.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from jhalt.cli.target import open_classpath, public_entries

JARS = {
    "/usr/share/java/commons-cli.jar": "libcommons-cli-java",
    "/usr/share/java/commons-io.jar": "libcommons-io-java",
    "/usr/share/java/commons-lang3.jar": "libcommons-lang3-java",
    "/usr/share/java/guava.jar": "libguava-java",
}


@dataclass
class JarRun:
    """The figures of one jar (module docstring)."""

    jar: str
    entries: int = 0
    wall_s: float = 0.0
    median_s: float = 0.0
    p95_s: float = 0.0
    levels: Counter[str] = field(default_factory=Counter)
    timeouts: int = 0
    errors: int = 0
    exit_code: int = 0
    rerun_s: float = 0.0
    rerun_cached: int = 0

    def row(self) -> str:
        levels = ", ".join(f"{k} {v}" for k, v in sorted(self.levels.items())) or "0"
        ratio = f"{100 * self.rerun_s / self.wall_s:.1f} %" if self.wall_s else "-"
        return (
            f"| {Path(self.jar).name} | {self.entries} | {self.wall_s:.0f} | {self.median_s:.3f} "
            f"| {self.p95_s:.2f} | {levels} | {self.timeouts} | {self.errors} | {self.exit_code} "
            f"| {self.rerun_s:.1f} ({self.rerun_cached} cached) | {ratio} |"
        )


HEADER = (
    "| jar | entries | first run (s) | median s/entry | p95 s/entry | findings | timeouts "
    "| entries with errors | exit | re-run (s) | re-run / first |\n"
    "| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |"
)


def check(jar: str, work: Path, name: str, options: argparse.Namespace) -> tuple[float, int, Path]:
    """One ``check --all`` run: its wall time, exit code and the directory of its files."""
    out = work / name
    out.mkdir(parents=True, exist_ok=True)
    command = [
        sys.executable, "-m", "jhalt", "check", jar, "--all", "--jobs", str(options.jobs),
        "--timeout", str(options.timeout), "--format", "json", "--quiet",
        "--cache", str(work / "cache"), "--reproducers", str(out / "reproducers"),
        "--timings", str(out / "timings.tsv"), "--out", str(out / "report.json"),
    ]  # fmt: skip
    for glob in options.only or ():
        command += ["--only", glob]
    if options.every > 1:
        names = [
            f"{e.dotted_class}.{e.name}{e.descriptor}" for e in public_entries(open_classpath(jar))
        ]
        for name in names[:: options.every]:
            command += ["--only", name.replace("[", "[[]")]
    started = time.monotonic()
    with (out / "stderr.txt").open("w") as stderr:
        code = subprocess.run(command, stderr=stderr, cwd=out, check=False).returncode
    return time.monotonic() - started, code, out


def summarise(jar: str, work: Path, options: argparse.Namespace) -> JarRun:
    run = JarRun(jar)
    run.wall_s, run.exit_code, first = check(jar, work, "first", options)
    rows = [line.split("\t") for line in (first / "timings.tsv").read_text().splitlines()]
    run.entries = len(rows)
    times = sorted(float(row[1]) for row in rows if row[2] == "analysed")
    if times:
        run.median_s = statistics.median(times)
        run.p95_s = times[min(len(times) - 1, int(0.95 * len(times)))]
    run.timeouts = sum(1 for row in rows if row[4].startswith("timeout"))
    failed = {row[0] for row in rows if row[4] != "ok" and not row[4].startswith("timeout")}
    report = json.loads((first / "report.json").read_text())
    run.levels = Counter(f.get("level", "findings") for f in report["findings"])
    names = [row[0] for row in rows]
    for note in report["notes"]:  # an entry's internal error inside an analysis
        if "internal error" in note:
            failed.update(name for name in names if note.startswith(f"{name}:"))
    run.errors = len(failed)  # entries, each once
    run.rerun_s, _, again = check(jar, work, "rerun", options)
    run.rerun_cached = sum(
        1 for line in (again / "timings.tsv").read_text().splitlines() if "\tcache\t" in line
    )
    return run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("jars", nargs="*", default=list(JARS))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--only", action="append", metavar="GLOB")
    parser.add_argument("--every", type=int, default=1, metavar="K")
    parser.add_argument("--work", type=Path, default=Path("/tmp/jhalt-real-world"))
    parser.add_argument("--markdown", type=Path)
    options = parser.parse_args()
    lines = [HEADER]
    for jar in options.jars:
        if not Path(jar).is_file():
            package = JARS.get(jar, "the package that holds it")
            print(f"missing {jar}: apt-get install {package}", file=sys.stderr)
            continue
        result = summarise(jar, options.work / Path(jar).stem, options)
        lines.append(result.row())
        print(lines[-1], flush=True)
    text = "\n".join(lines) + "\n"
    print(text)
    if options.markdown:
        options.markdown.write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
