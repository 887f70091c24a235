"""Confirming an infinite recursion on the JVM (issue 14).

A recursion that never ends does not hang a real JVM: it ends in ``StackOverflowError``. A deep
but finite recursion can end the same way, so the error alone is no evidence. The witness is
therefore run twice, contained (`jhalt.witness.processes`), with a small and a large thread
stack (``-Xss``, `STACK_SIZES`) and the whole stack trace printed
(``-XX:MaxJavaStackTraceDepth``). The claim is confirmed when

* both runs end with ``StackOverflowError`` uncaught in ``main``;
* below the JDK frames (and at most a few methods the recursion calls) at the top, the trace
  repeats one cycle of application methods (the shortest period of the methods of its
  frames) that contains the claimed method, over nearly all of the trace; and
* the recursion is deeper with the larger stack (by `GROWTH` at least): its depth is bounded
  by the stack, not by the input; and a third run with a huge stack (`HUGE_STACK`, room for about
  a million frames) overflows too — the evidence that it is not just a deep finite
  recursion (one deeper than that would be reported as infinite: stated in the result).

The depths and the cycle are stated in the result. Frames are compared by class and method name
(stack traces carry no descriptors).
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from jhalt.findings import Replay
from jhalt.ids import MethodId
from jhalt.witness.containment import cpu_limit_for
from jhalt.witness.output import BoundedOutput, exit_status
from jhalt.witness.processes import release
from jhalt.witness.sandbox import without_notice
from jhalt.witness.stacks import StackFrame, parse_frame
from jhalt.witness.startup import NotReplayed, refused_options, start_replay_jvm

T = TypeVar("T")

STACK_OVERFLOW = "java.lang.StackOverflowError"
STACK_SIZES = ("256k", "2m")
HUGE_STACK = "64m"
"""Room for about a million frames of a small method: a finite recursion that deep ends."""
GROWTH = 1.5
_KEPT_FRAMES = 4096
"""Frames kept from the top of a trace to find its cycle (the rest is only counted)."""
_TOP_CALLEES = 4
_HEADER = f'Exception in thread "main" {STACK_OVERFLOW}'
_HEAD_BYTES = 8192
"""What is read of a run's standard error to tell a JVM that refused its options."""


@dataclass(frozen=True)
class Overflow:
    """One run's stack overflow: its frame count and the top of its trace."""

    depth: int
    top: tuple[StackFrame, ...]


@dataclass(frozen=True)
class OverflowJudgement:
    """Confirmed or not, why, and the recursion's methods (dotted ``Class.method``)."""

    status: Replay
    detail: str
    cycle: tuple[str, ...] = ()


def judge_overflow(
    java: str, arguments: Sequence[str], work: Path, method: MethodId, timeout_s: float
) -> OverflowJudgement:
    """Run ``java ARGUMENTS`` with each of `STACK_SIZES` and judge the claim that it recurses
    forever through ``method`` (module docstring)."""
    overflows: list[Overflow] = []
    for size in STACK_SIZES:
        flags = [f"-Xss{size}", "-XX:MaxJavaStackTraceDepth=10000000"]
        seen = overflow_run(java, [*flags, *arguments], work, timeout_s, _last_overflow)
        if isinstance(seen, str):
            return OverflowJudgement(Replay.UNCONFIRMED, f"with -Xss{size}: {seen}")
        overflows.append(seen)
    flags = [f"-Xss{HUGE_STACK}", "-XX:MaxJavaStackTraceDepth=64"]
    huge = overflow_run(java, [*flags, *arguments], work, timeout_s, _last_overflow)
    if isinstance(huge, str):
        return OverflowJudgement(
            Replay.UNCONFIRMED, f"with -Xss{HUGE_STACK}: {huge} (a deep finite recursion?)"
        )
    cycle = _cycle(overflows[0].top)
    name = f"{method.dotted_class}.{method.name}"
    if not cycle or name not in cycle:
        shown = " → ".join(cycle) if cycle else "no repeating cycle"
        return OverflowJudgement(
            Replay.UNCONFIRMED, f"StackOverflowError, but its trace shows {shown}, not {name}"
        )
    small, large = overflows[0].depth, overflows[1].depth
    sizes = f"{small} frames with -Xss{STACK_SIZES[0]}, {large} with -Xss{STACK_SIZES[1]}"
    if large < small * GROWTH:
        return OverflowJudgement(
            Replay.UNCONFIRMED,
            f"StackOverflowError in {' → '.join(cycle)}, but the depth does not grow with the "
            f"stack size ({sizes}): possibly a deep finite recursion",
            cycle,
        )
    return OverflowJudgement(
        Replay.CONFIRMED,
        f"infinite recursion: StackOverflowError repeating {' → '.join(cycle)}; {sizes} — the "
        f"depth grows with the stack size — and again with -Xss{HUGE_STACK}",
        cycle,
    )


def overflow_run(
    java: str,
    arguments: Sequence[str],
    work: Path,
    timeout_s: float,
    read: Callable[[Iterator[Iterator[StackFrame]]], T | None],
) -> T | str:
    """One contained run of ``java ARGUMENTS`` (scratch directory under ``work``, stderr into
    a file, stdout bounded) that must end in an uncaught ``StackOverflowError``: what ``read``
    makes of the reports of the trace (`overflow_reports`), or what happened instead. Raises
    `NotReplayed` when the JVM could not run it (no sandbox, its options refused)."""
    scratch = Path(tempfile.mkdtemp(prefix="overflow-", dir=work))
    trace = scratch / "stderr.txt"
    try:
        with trace.open("wb") as sink:
            process = start_replay_jvm(
                java, arguments, scratch, cpu_limit_for(timeout_s), stderr=sink
            )
            stdout = BoundedOutput(process.stdout)
            try:
                code = exit_status(process, timeout_s)
            finally:
                release(process)
                stdout.join(5)
                if process.stdout is not None:
                    process.stdout.close()
        if code is None:
            return f"still running after {timeout_s:g} s, no StackOverflowError"
        found = read(overflow_reports(trace))
        if found is not None:
            return found
        refused = refused_options(code, _head(trace), stdout.text())
        if refused is not None:
            raise NotReplayed(refused)
        return f"exit code {code} without a StackOverflowError"
    except OSError as error:
        return f"could not run java ({error})"
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _head(trace: Path) -> str:
    """The start of a run's standard error, without the JDK's security manager notice."""
    with trace.open("rb") as stream:
        return without_notice(stream.read(_HEAD_BYTES).decode("utf-8", "replace"))


def overflow_reports(trace: Path) -> Iterator[Iterator[StackFrame]]:
    """Per uncaught ``StackOverflowError`` report in the file, its frames; streamed line by
    line (a report's frames are read only while it is the current one)."""
    lines = _lines(trace)
    for line in lines:
        if line.startswith(_HEADER):
            yield _frames(lines)


def _frames(lines: Iterator[str]) -> Iterator[StackFrame]:
    for line in lines:
        frame = parse_frame(line)
        if frame is None:
            return
        yield frame


def _last_overflow(reports: Iterator[Iterator[StackFrame]]) -> Overflow | None:
    """The depth and the top frames of the last report."""
    found: Overflow | None = None
    for frames in reports:
        depth, top = 0, list[StackFrame]()
        for frame in frames:
            depth += 1
            if len(top) < _KEPT_FRAMES:
                top.append(frame)
        found = Overflow(depth, tuple(top))
    return found


def _lines(path: Path) -> Iterator[str]:
    with path.open("r", encoding="utf-8", errors="replace") as stream:
        for line in stream:
            yield line.rstrip("\n")


def _cycle(frames: tuple[StackFrame, ...]) -> tuple[str, ...]:
    """The shortest period of the methods of the frames, below the platform frames and at
    most `_TOP_CALLEES` other frames at the top (the overflow may hit a method the recursion
    calls, e.g. a constructor), when it repeats at least three times and over nine tenths of
    the rest (the bottom of a short trace holds the callers of the recursion); else ()."""
    first = next((i for i, f in enumerate(frames) if not f.is_platform), len(frames))
    names = [f"{f.class_name}.{f.method}" for f in frames[first:]]
    for start in range(min(_TOP_CALLEES, len(names)) + 1):
        found = _period(names[start:])
        if found:
            return found
    return ()


def _period(names: list[str]) -> tuple[str, ...]:
    for period in range(1, min(64, len(names) // 3) + 1):
        periodic = next(
            (i for i in range(len(names) - period) if names[i] != names[i + period]),
            len(names) - period,
        )
        if periodic + period >= 0.9 * len(names) and periodic >= 2 * period:
            return tuple(names[:period])
    return ()
