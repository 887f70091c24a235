"""Attach-to-proof time of `jhalt attach` on the hanging test programs (seed 003 §6).

Usage: python benchmarks/dynamic_attach.py [--runs N]

For each program under tests/dynamic/programs that hangs, starts it with the JDWP agent
(as `jhalt watch` does), waits until it printed "ready" and half a second more, then
times `examine_at` — connect, suspend, find the loop, observe iterations, prove, resume,
detach. Prints a markdown table (per-program median over the runs, and the overall
median) for BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from jhalt.dynamic.observer import Limits
from jhalt.dynamic.session import (
    Address,
    examine_at,
    free_loopback_port,
    stop_process,
    watched_command,
)

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = ROOT / "tests" / "dynamic" / "programs"
HANGING = {
    "CircularList": "membership in a circular list (seed 003 Fig. 2, Rhino)",
    "RegexSearch": "zero-length java.util.regex match (jEdit)",
    "NullReader": "BufferedReader returning null forever (Ganymede)",
    "Fig1Loop": "seed 003 Fig. 1 (non-linear update, y++)",
}


def _one_run(classes: Path, main: str) -> tuple[float, bool, int, int]:
    port = free_loopback_port()
    command = watched_command(["java", "-cp", str(classes), main], port)
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        if process.stdout.readline().strip() != "ready":
            raise RuntimeError(f"{main} did not start")
        time.sleep(0.5)
        began = time.monotonic()
        examination = examine_at(Address("127.0.0.1", port), Limits(), process)
        seconds = time.monotonic() - began
        proved = examination.proved
        iterations = len(proved[0].records) if proved else 0
        bytecodes = sum(r.steps for r in proved[0].records) if proved else 0
        return seconds, bool(proved), iterations, bytecodes
    finally:
        stop_process(process)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        classes = Path(tmp)
        sources = [str(PROGRAMS / f"{name}.java") for name in HANGING]
        subprocess.run(["javac", "-g", "-d", str(classes), *sources], check=True)
        rows = []
        all_times = []
        for name, what in HANGING.items():
            times = []
            proved_all = True
            iterations = bytecodes = 0
            for _ in range(args.runs):
                seconds, proved, iterations, bytecodes = _one_run(classes, name)
                times.append(seconds)
                proved_all &= proved
            all_times.extend(times)
            rows.append(
                (
                    name,
                    what,
                    statistics.median(times),
                    max(times),
                    proved_all,
                    iterations,
                    bytecodes,
                )
            )
    print(
        f"| program | hang | median attach-to-proof (s) | max (s) | proved in all {args.runs} runs | iterations | bytecodes observed |"
    )
    print("| --- | --- | ---: | ---: | --- | ---: | ---: |")
    for name, what, median, worst, proved, iterations, bytecodes in rows:
        print(
            f"| {name} | {what} | {median:.2f} | {worst:.2f} | {'yes' if proved else 'NO'} | {iterations} | {bytecodes} |"
        )
    print(
        f"\nOverall median: {statistics.median(all_times):.2f} s over {len(all_times)} runs "
        f"(target: <= 2 s). Python {sys.version.split()[0]}."
    )
    return 0 if all(r[4] for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
