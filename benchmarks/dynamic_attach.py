"""Attach-to-proof time of `jhalt attach` on hung programs and its silence on look-alikes
(seed 003 §6; issue 22).

Usage: python benchmarks/dynamic_attach.py [--runs N] [--only NAME,...]

Every program lives under tests/dynamic/programs (its first comment says why it hangs or
ends). Each run starts it with the JDWP agent (as `jhalt watch` does), waits until it
printed "ready" and half a second more, then times `examine_at` with the default limits —
connect, suspend, look for a deadlock, find the loops, observe, prove, resume, detach.
Hung programs must be proved (a loop, an exact repeat, a deadlock, or every thread
waiting); look-alikes, which end by themselves, must never be claimed. Prints a markdown
table (per program: how it was proved, median and max seconds) and the totals the issue's
done-when asks for: time to proof median and max over the hung programs, claims on
look-alikes, internal errors. Exit 0 when every hung program was proved in every run, no
look-alike was claimed and no internal error occurred.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from jhalt.dynamic.observer import Examination, Limits
from jhalt.dynamic.session import (
    Address,
    examine_at,
    free_loopback_port,
    stop_process,
    watched_command,
)

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = ROOT / "tests" / "dynamic" / "programs"


@dataclass(frozen=True)
class Program:
    main: str
    args: tuple[str, ...]
    hangs: bool
    what: str

    @property
    def label(self) -> str:
        return " ".join((self.main, *self.args))


HUNG = (
    Program("CircularList", (), True, "membership in a circular list (seed 003 Fig. 2, Rhino)"),
    Program("RegexSearch", (), True, "zero-length java.util.regex match (jEdit)"),
    Program("NullReader", (), True, "BufferedReader returning null forever (Ganymede)"),
    Program("Fig1Loop", (), True, "seed 003 Fig. 1 (non-linear update, y++)"),
    Program("Features", (), True, "state machine through calls, arrays, fields"),
    Program("StuckWithWorker", (), True, "circular list scan beside a sleeping thread"),
    Program("SpinWait", (), True, "spin-wait on a flag whose setter waits for ever"),
    Program("LongIteration", ("2000",), True, "iteration of ~12,000 bytecodes"),
    Program("RegexEmptyFind", ("stuck",), True, "Matcher.find(offset), empty match at offset"),
    Program("IndexOfScan", ("stuck",), True, "String.indexOf of the empty separator"),
    Program("IteratorNoNext", ("stuck",), True, "Iterator.hasNext, next() forgotten"),
    Program("StringConstantLoop", ("stuck",), True, "HashMap.get of a String constant"),
    Program("DeadlockMonitors", (), True, "synchronized blocks in opposite order"),
    Program("DeadlockLocks", (), True, "ReentrantLock lock-order inversion"),
    Program("ReadWriteInversion", (), True, "ReentrantReadWriteLock write-lock inversion"),
    Program("MixedDeadlock", (), True, "monitor and ReentrantLock in a cycle"),
    Program("DiningPhilosophers", (), True, "three synchronized methods in a cycle"),
    Program("LostNotify", ("lost",), True, "producer/consumer with a lost notify"),
)
LOOK_ALIKES = (
    Program("LongCounter", (), False, "long counter to 2^40"),
    Program("CollatzRun", (), False, "Collatz sequences"),
    Program("SpinFlag", ("60000",), False, "spin on a volatile flag another thread sets"),
    Program("TimedWork", ("30",), False, "work for 30 s"),
    Program("TimedLockBackoff", ("2000",), False, "lock-order inversion with tryLock timeouts"),
    Program("BriefContention", ("30",), False, "four threads contend on two locks, one order"),
    Program("SlowProducer", ("5",), False, "waiters of a sleeping producer"),
    Program("CleanerWakes", ("5",), False, "a waiter a cleaner action notifies later"),
    Program("RegexEmptyFind", ("advance",), False, "Matcher.find stepping past empty matches"),
    Program("IndexOfScan", ("scan",), False, "String.indexOf scan, rounds counted"),
    Program("IteratorNoNext", ("next",), False, "iterator advanced, many rounds"),
    Program("StringConstantLoop", ("count",), False, "the constant's map value counted up"),
)


@dataclass(frozen=True)
class Run:
    seconds: float
    proof: str | None  # how it was proved, None when not
    internal_errors: int


def _proof_kind(examination: Examination) -> str | None:
    for deadlock in examination.deadlocks:
        return "deadlock" if deadlock.cycle else "all threads wait"
    for verdict in examination.proved:
        return "exact repeat" if verdict.repeat is not None else "closure (Looper)"
    return None


def _one_run(classes: Path, program: Program) -> Run:
    port = free_loopback_port()
    command = watched_command(["java", "-cp", str(classes), program.main, *program.args], port)
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        if process.stdout.readline().strip() != "ready":
            raise RuntimeError(f"{program.label} did not start")
        time.sleep(0.5)
        began = time.monotonic()
        examination = examine_at(Address("127.0.0.1", port), Limits(), process)
        seconds = time.monotonic() - began
        errors = sum("internal error" in v.reason for v in examination.verdicts)
        return Run(seconds, _proof_kind(examination), errors)
    finally:
        stop_process(process)


def _table(results: list[tuple[Program, list[Run]]], runs: int) -> list[str]:
    lines = [
        f"| program | expected | what | result ({runs} run(s)) | median (s) | max (s) |",
        "| --- | --- | --- | --- | ---: | ---: |",
    ]
    for program, outcomes in results:
        times = [r.seconds for r in outcomes]
        kinds = sorted({r.proof or "not claimed" for r in outcomes})
        expected = "hangs" if program.hangs else "ends"
        lines.append(
            f"| {program.label} | {expected} | {program.what} | {', '.join(kinds)} | "
            f"{statistics.median(times):.2f} | {max(times):.2f} |"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--only", help="comma-separated main classes to run")
    args = parser.parse_args(argv)
    chosen = [p for p in (*HUNG, *LOOK_ALIKES) if not args.only or p.main in args.only.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        classes = Path(tmp)
        sources = sorted(str(path) for path in PROGRAMS.glob("*.java"))
        subprocess.run(["javac", "-g", "-d", str(classes), *sources], check=True)
        results = [(p, [_one_run(classes, p) for _ in range(args.runs)]) for p in chosen]
    print("\n".join(_table(results, args.runs)))
    hung = [r for p, runs in results if p.hangs for r in runs]
    proved = [r.seconds for r in hung if r.proof]
    claims = sum(1 for p, runs in results if not p.hangs for r in runs if r.proof)
    errors = sum(r.internal_errors for _, runs in results for r in runs)
    hung_programs = len([p for p, _ in results if p.hangs])
    lookalikes = len(results) - hung_programs
    timing = f"median {statistics.median(proved):.2f} s, max {max(proved):.2f} s" if proved else "-"
    print(
        f"\nHung programs: {hung_programs}, proved in {len(proved)} of {len(hung)} runs; "
        f"time to proof {timing} (targets: every one within 2 s, median <= 0.5 s). "
        f"Look-alikes: {lookalikes}, claims {claims}. Internal errors: {errors}. "
        f"Python {sys.version.split()[0]}."
    )
    return 0 if len(proved) == len(hung) and not claims and not errors else 1


if __name__ == "__main__":
    raise SystemExit(main())
