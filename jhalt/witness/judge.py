"""Judging a running or ended replay JVM against a `Claim` (`jhalt.witness.replay` starts it).

An exception claim is confirmed only by an uncaught exception of exactly the claimed class whose
first application frame is the claimed method (and line range, when given); a hang claim only when
the process still runs after the wait and every thread dump (SIGQUIT, printed on its stdout) shows
the main thread in the claimed method, as its first application frame in at least one dump.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time

from jhalt.findings import Replay
from jhalt.witness.claim import Claim, Jdk, ReplayResult
from jhalt.witness.output import BoundedOutput, exit_status
from jhalt.witness.stacks import (
    StackFrame,
    first_application_frame,
    main_thread_frames,
    parse_uncaught_exception,
)
from jhalt.witness.startup import launch_refusal

DUMP_SAMPLES = 2
"""Thread dumps taken of a replay still running after its wait."""


def judge_exception(
    process: subprocess.Popen[bytes],
    claim: Claim,
    timeout_s: float,
    outputs: tuple[BoundedOutput, BoundedOutput],
) -> ReplayResult:
    code = exit_status(process, timeout_s)
    if code is None:
        return ReplayResult(
            Replay.UNCONFIRMED, f"still running after {timeout_s:g} s; no exception was thrown"
        )
    stdout, stderr = outputs
    stderr.join(5)
    stdout.join(1)
    text = stderr.text()
    refused = launch_refusal(code, text, stdout.text())
    if refused:
        return refused
    uncaught = parse_uncaught_exception(text)
    if uncaught is None or code == 0:
        return ReplayResult(
            Replay.UNCONFIRMED,
            f"exit code {code} without an uncaught exception in main; stderr ends: "
            f"{_excerpt(text)}",
        )
    top = first_application_frame(uncaught.frames)
    observed = f"{uncaught.type} at {top}" if top else uncaught.type
    if uncaught.type != claim.kind:
        return ReplayResult(
            Replay.UNCONFIRMED,
            f"expected {claim.kind}, the JVM threw {observed}",
            uncaught.type,
            top,
        )
    mismatch = _frame_mismatch(top, claim)
    if mismatch:
        return ReplayResult(
            Replay.UNCONFIRMED, f"{uncaught.type} thrown, but {mismatch}", uncaught.type, top
        )
    skipped_frames = uncaught.frames.index(top) if top else 0
    via = f" (below {skipped_frames} JDK frames)" if skipped_frames else ""
    return ReplayResult(Replay.CONFIRMED, f"the JVM threw {observed}{via}", uncaught.type, top)


def _frame_mismatch(frame: StackFrame | None, claim: Claim) -> str | None:
    """Why ``frame`` is not where the claim says, or None when it is."""
    if frame is None:
        return "the trace has no application frame"
    if not frame.is_in(claim.method):
        return f"at {frame}, not in {claim.method.dotted_class}.{claim.method.name}"
    if claim.lines is not None:
        low, high = claim.lines
        if frame.line is None or not low <= frame.line <= high:
            span = f"line {low}" if low == high else f"lines {low}-{high}"
            return f"at {frame}, not at {span}"
    return None


def judge_hang(
    process: subprocess.Popen[bytes],
    claim: Claim,
    wait_s: float,
    jdk: Jdk,
    stdout: BoundedOutput,
    stderr: BoundedOutput,
) -> ReplayResult:
    code = exit_status(process, wait_s)
    if code is not None:
        stderr.join(2)
        stdout.join(1)
        refused = launch_refusal(code, stderr.text(), stdout.text())
        if refused:
            return refused
        uncaught = parse_uncaught_exception(stderr.text())
        how = f" by throwing {uncaught.type}" if uncaught else ""
        return ReplayResult(
            Replay.UNCONFIRMED,
            f"terminated{how} (exit code {code}) within {wait_s:g} s",
            uncaught.type if uncaught else None,
        )
    samples: list[tuple[StackFrame, ...]] = []
    failures: list[str] = []
    for index in range(DUMP_SAMPLES):
        if index:
            time.sleep(0.1)
        dump, problem = thread_dump(process, jdk, stdout)
        if dump is None:
            failures.append(problem)
            break
        frames = main_thread_frames(dump)
        if frames is None:
            return ReplayResult(
                Replay.UNCONFIRMED,
                "still running, but the main thread has ended (another thread keeps the JVM alive)",
                thread_dump=dump[-4000:],
            )
        samples.append(frames)
    if not samples:
        return ReplayResult(
            Replay.UNCONFIRMED, f"still running after {wait_s:g} s, but no thread dump: {failures}"
        )
    return _judge_samples(samples, claim, wait_s)


def _judge_samples(
    samples: list[tuple[StackFrame, ...]], claim: Claim, wait_s: float
) -> ReplayResult:
    """Confirmed iff every sample has the method (in range) on the main stack and some sample
    has it as the first application frame."""
    last = samples[-1]
    excerpt = "\n".join(f"\tat {frame}" for frame in last[:12])
    on_top = False
    for frames in samples:
        if not any(_frame_mismatch(frame, claim) is None for frame in frames):
            top = first_application_frame(frames)
            return ReplayResult(
                Replay.UNCONFIRMED,
                f"still running after {wait_s:g} s, but the main thread is not in the reported "
                f"loop: {_frame_mismatch(top, claim)}",
                top_frame=top,
                thread_dump=excerpt,
            )
        if _frame_mismatch(first_application_frame(frames), claim) is None:
            on_top = True
    top = first_application_frame(last)
    if not on_top:
        return ReplayResult(
            Replay.UNCONFIRMED,
            f"still running after {wait_s:g} s inside a callee of the reported method: "
            f"main thread at {top}",
            top_frame=top,
            thread_dump=excerpt,
        )
    return ReplayResult(
        Replay.CONFIRMED,
        f"still running after {wait_s:g} s; {len(samples)} thread dumps show the main thread "
        f"in the reported method (at {top})",
        top_frame=top,
        thread_dump=excerpt,
    )


def thread_dump(
    process: subprocess.Popen[bytes], jdk: Jdk, stdout: BoundedOutput
) -> tuple[str | None, str]:
    """A thread dump of the running JVM: SIGQUIT to its process group (the JVM prints the dump
    on its stdout; the jail's own processes ignore the signal). A contained JVM has no attach
    listener (`jhalt.witness.containment.QUIET_JVM`), so ``jcmd`` and ``jstack`` cannot reach
    it. Returns (dump, "") or (None, why not)."""
    if exit_status(process, 0) is not None:
        return None, "the process ended while being examined"
    before = stdout.size()
    try:
        os.killpg(process.pid, signal.SIGQUIT)
    except ProcessLookupError:
        return None, "the process ended while being examined"
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline:
        time.sleep(0.05)
        text = stdout.text()
        marker = text.rfind("Full thread dump")
        if stdout.size() > before and marker >= 0 and "JNI global refs" in text[marker:]:
            return text[marker:], ""
    return None, "SIGQUIT: no thread dump on stdout"


def _excerpt(text: str, limit: int = 600) -> str:
    text = text.strip()
    return text if len(text) <= limit else "…" + text[-limit:]
