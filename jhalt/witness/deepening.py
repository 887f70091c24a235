"""Confirming on the JVM a loop whose calls get deeper with every iteration (issue 14:
TerminatorRec04, ``while (x > 0) { f(x); x++; }`` with a recursive ``f`` of depth ``x``).

Such a loop does not hang a real JVM: the stack is finite and the calls grow, so the run ends
in ``StackOverflowError`` inside the callee — neither the hang confirmation of
`jhalt.witness.replay` (the run must still be running) nor the one of an infinite recursion
(`jhalt.witness.overflow`: the trace repeats a cycle through the loop's method) applies. The
claim is the loop's method and lines and the recursive methods it calls (`Claim.calls`). The
witness is run three times, contained (`jhalt.witness.processes`), and confirmed when all of
this is observed:

* with each of `DEEPENING_STACKS` the run ends in an uncaught ``StackOverflowError`` whose
  trace (printed whole: ``-XX:MaxJavaStackTraceDepth``) is, from the top, platform frames,
  then only frames of the claimed callees, then the loop's method at a line within the loop's
  lines (the call made from the loop); the frames below it are its callers;
* the callee frames are more by `GROWTH` with the larger stack: the stack, not the input,
  bounds the depth the loop's calls reach;
* with `HUGE_STACK` the run is still running after the wait, and a thread dump of it shows the
  main thread in the same shape (the loop's method within its lines, below it nothing of the
  loop, above it only the callees).

What this shows, and says in the result: every stack size tried is used up by calls made from
the loop, a larger one lets it get further, and the run with the largest is still in the loop
when it is stopped. It is evidence, not a proof (a loop that stops only after more iterations
than the huge stack's run makes within the wait looks the same); the proof is the static one.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from jhalt.findings import Replay
from jhalt.ids import MethodId
from jhalt.witness.containment import cpu_limit_for
from jhalt.witness.output import BoundedOutput, exit_status
from jhalt.witness.overflow import (
    GROWTH,
    HUGE_STACK,
    OverflowJudgement,
    overflow_run,
)
from jhalt.witness.processes import release
from jhalt.witness.stacks import StackFrame
from jhalt.witness.startup import NotReplayed, refused_options, start_replay_jvm

DEEPENING_STACKS = ("256k", "512k")
"""Small stacks: the loop's calls use them up within about a second (the work to reach depth
``d`` grows like ``d²``)."""

Sampler = Callable[["subprocess.Popen[bytes]", BoundedOutput], "tuple[StackFrame, ...] | str"]
"""The main thread's frames (top first) of a running process, or why there are none (the
thread dump of `jhalt.witness.replay`)."""


@dataclass(frozen=True)
class LoopClaim:
    """The claimed loop: its method, its source lines (when known) and the called methods."""

    method: MethodId
    lines: tuple[int, int] | None
    calls: tuple[MethodId, ...]

    @property
    def names(self) -> str:
        return ", ".join(sorted({f"{m.dotted_class}.{m.name}" for m in self.calls}))


@dataclass(frozen=True)
class CallStack:
    """A main-thread stack in the claimed shape: ``depth`` callee frames above ``loop``."""

    depth: int
    loop: StackFrame


def scan(frames: Iterable[StackFrame], claim: LoopClaim) -> CallStack | str:
    """The stack's shape (module docstring), or why it is not the claimed one."""
    depth, application = 0, False
    for frame in frames:
        if frame.is_platform and not application:
            continue
        application = True
        if frame.is_in(claim.method):
            if claim.lines is not None:
                low, high = claim.lines
                if frame.line is None or not low <= frame.line <= high:
                    return f"the loop's method is at {frame}, not within lines {low}-{high}"
            return CallStack(depth, frame)
        if not any(frame.is_in(callee) for callee in claim.calls):
            return f"{frame} is neither {claim.names} nor the loop's method"
        depth += 1
    return f"no frame of {claim.method.dotted_class}.{claim.method.name}"


def judge_deepening(
    java: str,
    arguments: Sequence[str],
    work: Path,
    claim: LoopClaim,
    timeout_s: float,
    sample: Sampler,
) -> OverflowJudgement:
    """Run the witness ``java ARGUMENTS`` three times and judge the claim (module docstring)."""
    depths: list[CallStack] = []
    for size in DEEPENING_STACKS:
        flags = [f"-Xss{size}", "-XX:MaxJavaStackTraceDepth=10000000"]
        seen = _overflow_run(java, [*flags, *arguments], work, timeout_s, claim)
        if isinstance(seen, str):
            return OverflowJudgement(Replay.UNCONFIRMED, f"with -Xss{size}: {seen}")
        depths.append(seen)
    small, large = depths[0].depth, depths[1].depth
    sizes = (
        f"{small} frames of {claim.names} above {depths[0].loop} with -Xss{DEEPENING_STACKS[0]}, "
        f"{large} with -Xss{DEEPENING_STACKS[1]}"
    )
    if large < small * GROWTH:
        return OverflowJudgement(
            Replay.UNCONFIRMED,
            f"StackOverflowError in calls from the loop, but their depth does not grow with the "
            f"stack size ({sizes})",
        )
    flags = [f"-Xss{HUGE_STACK}", "-XX:MaxJavaStackTraceDepth=10000000"]  # whole dumps too
    huge = _running(java, [*flags, *arguments], work, timeout_s, claim, sample)
    if isinstance(huge, str):
        return OverflowJudgement(Replay.UNCONFIRMED, f"{sizes}; but with -Xss{HUGE_STACK}: {huge}")
    return OverflowJudgement(
        Replay.CONFIRMED,
        f"calls deepening with every iteration: StackOverflowError in {claim.names} called from "
        f"the loop; {sizes} — the depth grows with the stack size; with -Xss{HUGE_STACK} still "
        f"running after {round(timeout_s, 1):g} s, a thread dump shows the main thread {huge.depth} frames "
        f"of {claim.names} deep above {huge.loop}",
    )


def _overflow_run(
    java: str, arguments: list[str], work: Path, timeout_s: float, claim: LoopClaim
) -> CallStack | str:
    """One contained run that must end in an uncaught ``StackOverflowError`` of the claimed
    shape; its shape, or what happened instead."""

    def last(reports: Iterator[Iterator[StackFrame]]) -> list[StackFrame] | None:
        found = None
        for frames in reports:
            found = list(frames)
        return found

    frames = overflow_run(java, arguments, work, timeout_s, last)
    if isinstance(frames, str):
        return frames
    shape = scan(frames, claim)
    return shape if isinstance(shape, CallStack) else f"StackOverflowError, but {shape}"


def _running(
    java: str,
    arguments: list[str],
    work: Path,
    timeout_s: float,
    claim: LoopClaim,
    sample: Sampler,
) -> CallStack | str:
    """One contained run that must still be running after ``timeout_s`` with the main thread
    in the claimed shape; its shape, or what happened instead. Raises `NotReplayed` when the
    JVM could not run it (no sandbox, its options refused)."""
    scratch = Path(tempfile.mkdtemp(prefix="deepening-", dir=work))
    try:
        process = start_replay_jvm(java, arguments, scratch, cpu_limit_for(timeout_s + 35.0))
    except NotReplayed:
        shutil.rmtree(scratch, ignore_errors=True)
        raise
    except OSError as error:
        shutil.rmtree(scratch, ignore_errors=True)
        return f"could not run java ({error})"
    stdout, stderr = BoundedOutput(process.stdout), BoundedOutput(process.stderr)
    try:
        code = exit_status(process, timeout_s)
        if code is not None:
            stderr.join(2)
            stdout.join(1)
            refused = refused_options(code, stderr.text(), stdout.text())
            if refused is not None:
                raise NotReplayed(refused)
            return f"ended (exit code {code}) within {timeout_s:g} s"
        frames = sample(process, stdout)
        if isinstance(frames, str):
            return f"still running after {timeout_s:g} s, but no thread dump: {frames}"
        shape = scan(frames, claim)
        return shape if isinstance(shape, CallStack) else f"still running, but {shape}"
    finally:
        release(process)
        for output, stream in ((stdout, process.stdout), (stderr, process.stderr)):
            output.join(5)
            if stream is not None:
                stream.close()
        shutil.rmtree(scratch, ignore_errors=True)
