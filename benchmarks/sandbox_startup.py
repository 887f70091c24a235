#!/usr/bin/env python3
"""Start-up cost of the OS sandbox (issue 32): wall time of a contained JVM that runs a
hello-world class, started N times each way, on each JDK given.

Usage:
    PYTHONPATH=REPO python benchmarks/sandbox_startup.py [--runs 20] [--jdk HOME …]

Ways: ``bare`` (``java -cp DIR Hello``), ``before`` (the contained command as before the OS
sandbox: scratch directory, heap bound, the security manager where the JDK has one — run by
`subprocess` directly), ``after`` (`jhalt.witness.containment.contained_popen`: the same in the
OS sandbox jhalt chose here). Prints one line per JDK and way: median and p95 in ms."""

from __future__ import annotations

import argparse
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from jhalt.witness.containment import contained_command, contained_popen
from jhalt.witness.isolation import chosen
from jhalt.witness.processes import release

HELLO = "public class Hello { public static void main(String[] a) { System.out.println(1); } }"
JDKS = ("/usr/lib/jvm/java-17-openjdk-amd64", "/usr/lib/jvm/temurin-25-jdk-amd64")


def _time_once(way: str, java: str, classes: Path) -> float:
    with tempfile.TemporaryDirectory(prefix="jhalt-bench-") as scratch:
        arguments = ["-cp", str(classes), "Hello"]
        started = time.perf_counter()
        if way == "bare":
            subprocess.run([java, *arguments], check=True, capture_output=True)
        elif way == "before":
            command = contained_command(java, arguments, Path(scratch))
            subprocess.run(command, check=True, capture_output=True, cwd=scratch)
        else:
            process = contained_popen(java, arguments, Path(scratch), 60)
            process.communicate()
            release(process)
            if process.returncode != 0:
                raise RuntimeError(f"{way}: exit code {process.returncode}")
        return (time.perf_counter() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--jdk", action="append", default=None)
    options = parser.parse_args()
    print(f"sandbox layer: {chosen().value}")
    for home in options.jdk or JDKS:
        java = str(Path(home) / "bin" / "java")
        with tempfile.TemporaryDirectory(prefix="jhalt-bench-src-") as source:
            (Path(source) / "Hello.java").write_text(HELLO)
            subprocess.run([str(Path(home) / "bin" / "javac"), "-d", source,
                            str(Path(source) / "Hello.java")], check=True)  # fmt: skip
            Path(source).chmod(0o755)
            for way in ("bare", "before", "after"):
                _time_once(way, java, Path(source))  # warm the caches
                times = sorted(_time_once(way, java, Path(source)) for _ in range(options.runs))
                p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
                print(f"{home}  {way:<6}  median {statistics.median(times):6.0f} ms  "
                      f"p95 {p95:6.0f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
