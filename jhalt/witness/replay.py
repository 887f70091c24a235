"""Replaying witnesses on a real JVM, in a subprocess with a timeout (issues 4 and 5).

This is the only place where the analysed program runs, and it runs only in a contained child
process (`jhalt.witness.processes`: a fresh temporary working directory, ``-Xmx``, a CPU-time
limit, a minimal environment, its own process group, killed on every exit path, including
jhalt's signals and crashes; the scratch directory ``jhalt-replay-*`` removed). `replay`
starts the witness — for a ``main(String[])`` entry whose inputs are just a command line,
``java -cp CP Main args…`` directly (class path entries made absolute); otherwise the generated reproducer (`jhalt.witness.reproducer`), compiled with
``javac`` against the analysed class path in a temporary directory — and judges the outcome
against a `Claim`; with ``-ea`` when the witness says assertions run. A witness that is a whole
invocation (issue 33: `jhalt.witness.invocation`) runs the unmodified program with its standard
input, environment variables and ``-D`` properties (`jhalt.witness.containment.feeding`); the
environment values no invocation can feed (random sources, clocks, ``--inputs`` stubs) run on
rewritten classes that return them (`jhalt.witness.inject`), and such a run that shows the
claim is `Replay.REPRODUCED` ("reproduced with injected values"), never confirmed:

* exception: confirmed only if the JVM reports ``Exception in thread "main" <expected type>``
  (exactly that class), the process ended abnormally, and the first application frame of the
  trace is the reported method (class and name; line, when the claim has one). JDK frames
  above it (named modules: ``String.charAt``, ``System.arraycopy``) are skipped — an exception
  raised inside a library call that the reported method makes;
* infinite recursion (``Claim.recursive``, or a hang claim whose run ends in
  ``StackOverflowError``): judged by `jhalt.witness.overflow` — the overflow repeats a cycle
  through the claimed method and its depth grows with the stack size;
* a loop whose calls get deeper with every iteration (``Claim.calls``): judged by
  `jhalt.witness.deepening` — stack overflows in calls from the loop, deeper with a larger
  stack, and a run with a huge stack still in the loop after the wait;
* non-termination: an ``observe`` hook (the CLI's: `jhalt.dynamic.confirm`, the same command
  under the debugger) decides first when it can; else the process must still run after
  ``timeout_s`` and thread dumps (``jcmd``, ``jstack`` or SIGQUIT) must all show the main
  thread in the reported method (within the loop's lines, if given), as its first
  application frame in at least one. Still running is evidence, not a proof: a loop that only
  takes longer than the timeout is confirmed too (the proofs are in `analyses/`, `dynamic/`).

A replay ends by the ``deadline`` it is given (issue 19: the entry's ``--timeout``): the
compilation (`jhalt.witness.compiler`: the run's compile server, else ``javac``) and the run
are shortened to the time left, and a witness that does not fit is `Replay.NOT_RUN`
(`out_of_budget`: "not replayed: budget …"), not unconfirmed.

Never raises for an environment problem: no JDK gives `Replay.NOT_RUN` ("not replayed: no
JDK found"), as do a reproducer that does not compile, no sandbox for the JVM and a JVM that
refuses its options or the class (`jhalt.witness.startup`); an unconfirmed witness is never
reported as confirmed.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from jhalt.budget import NEVER, REPLAY_FLOOR_S, Deadline
from jhalt.findings import Finding, Replay
from jhalt.ids import MethodId
from jhalt.witness.claim import (
    Claim,
    Jdk,
    ReplayResult,
    find_jdk,
    not_replayed,
    skipped,
    with_injected,
)
from jhalt.witness.compiler import COMPILE_TIMEOUT_S, compile_sources
from jhalt.witness.containment import contained_command, cpu_limit_for, feeding
from jhalt.witness.deepening import LoopClaim, judge_deepening
from jhalt.witness.inject import inject_environment
from jhalt.witness.inputs import ConcreteInputs, EnvironmentValues, args_inputs, main_args
from jhalt.witness.judge import judge_exception, judge_hang, thread_dump
from jhalt.witness.output import BoundedOutput
from jhalt.witness.overflow import STACK_OVERFLOW, STACK_SIZES, judge_overflow
from jhalt.witness.processes import release, scratch_directory
from jhalt.witness.reproducer import generate_reproducer
from jhalt.witness.stacks import StackFrame, main_thread_frames
from jhalt.witness.startup import (
    LAUNCHER_REFUSED,
    NOT_STARTED,
    NotReplayed,
    start_replay_jvm,
)

__all__ = [
    "BUDGET_SPENT",
    "FAST_START",
    "Claim",
    "Jdk",
    "Observer",
    "ReplayResult",
    "find_jdk",
    "not_replayed",
    "out_of_budget",
    "replay",
    "replay_finding",
    "replay_source",
    "skipped",
]

DEFAULT_TIMEOUT_S = 10.0
_MAIN_DESCRIPTOR = "([Ljava/lang/String;)V"
_DUMP_ALLOWANCE_S = 35.0  # wall time of the thread dumps after the wait (jcmd 15 s, jstack 15 s)


def replay_finding(
    finding: Finding,
    classpath: str,
    loop_lines: tuple[int, int] | None = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    jdk: Jdk | None = None,
) -> ReplayResult:
    """Replay ``finding``'s witness (its ``inputs`` JSON, else its ``args``) on ``classpath``."""
    witness = finding.witness
    try:
        if witness.inputs:
            inputs = ConcreteInputs.from_json(witness.inputs)
        elif witness.args is not None:
            inputs = args_inputs(witness.args)
        else:
            return not_replayed("the witness has no inputs")
    except ValueError as error:
        return not_replayed(f"unreadable witness inputs ({error})")
    claim = Claim.of_finding(finding, loop_lines)
    return replay(classpath, finding.entry, inputs, claim, timeout_s=timeout_s, jdk=jdk)


Sampled = tuple[StackFrame, ...] | str

Observer = Callable[[str, Sequence[str], Path, float], ReplayResult | None]
"""Watches a hang claim's run and judges it by what it sees, or answers None to leave the
judgement to the fixed wait (`jhalt.dynamic.confirm`). Arguments: the ``java`` executable, the
arguments `_run_and_judge` would give it, the replay's scratch directory (the observed JVM runs
contained in a directory of its own below it, as `_run_and_judge` runs it) and the replay's
wait, which bounds how long it may watch. Its result carries the command it ran."""


def replay(
    classpath: str,
    entry: MethodId,
    inputs: ConcreteInputs,
    claim: Claim,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    jdk: Jdk | None = None,
    observe: Observer | None = None,
    deadline: Deadline = NEVER,
) -> ReplayResult:
    """Run the witness ``inputs`` of ``entry`` against ``classpath`` and judge ``claim``.

    ``timeout_s`` bounds an exception run and is the wait before a hang is examined. For a
    hang, ``observe`` (when given) is tried first on the same command line; its answer stands
    unless it is None. Everything (compilation, runs, thread dumps) ends by ``deadline``: a
    replay that does not fit is `out_of_budget` (`_wait_within`)."""
    jdk = jdk or find_jdk()
    if jdk is None:
        return not_replayed("no JDK found")
    classpath = absolute_classpath(classpath)
    injected = inputs.injected
    invocation = inputs.invocation
    with scratch_directory("jhalt-replay-") as work, feeding(invocation):
        try:
            classpath = inject_environment(classpath, injected, work)
        except ValueError as error:
            return not_replayed(str(error))
        flags = [*(invocation.java_options() if invocation else ()), *_assertions(inputs)]
        args = _command_line(entry, inputs)
        if args is not None:
            command = [*flags, "-cp", classpath, entry.dotted_class, *args]
            result = _within(command, work, claim, (timeout_s, deadline), jdk, observe)
            if not _launcher_refused(result):
                return with_injected(result, injected)
        prepared = _compile_reproducer(work, classpath, entry, inputs, claim, jdk, deadline)
        if isinstance(prepared, ReplayResult):
            return prepared
        result = _within([*flags, *prepared], work, claim, (timeout_s, deadline), jdk, observe)
        return with_injected(result, injected)


def _assertions(inputs: ConcreteInputs) -> tuple[str, ...]:
    return ("-ea",) if inputs.assertions else ()


BUDGET_SPENT = "budget (the entry's --timeout was spent)"
"""Why a witness was not replayed when its entry's time ran out (issue 19): the finding is
kept, marked ``not run``, instead of the whole entry being lost."""
HANG_EXAMINATION_S = 2.0
"""Kept back after a hang's wait for its thread dumps (``jcmd`` takes a few tenths of a second;
its own limit is longer, but a dump that is late only delays the entry)."""


def out_of_budget() -> ReplayResult:
    """The `Replay.NOT_RUN` result of a witness its entry had no time left for."""
    return not_replayed(BUDGET_SPENT)


def _wait_within(claim: Claim, timeout_s: float, deadline: Deadline) -> float | None:
    """The wait of a run that must end by ``deadline``: ``timeout_s``, shortened to the time
    left (after `HANG_EXAMINATION_S` for a hang; shared by the three runs of a recursion,
    `jhalt.witness.overflow`); None when a hang would be waited for less than
    `REPLAY_FLOOR_S` or nothing is left."""
    left = deadline.remaining()
    if claim.is_non_termination:
        left -= HANG_EXAMINATION_S
        if claim.recursive or claim.calls:
            left /= len(STACK_SIZES) + 1
    wait = min(timeout_s, left)
    if wait <= 0 or (claim.is_non_termination and wait < min(timeout_s, REPLAY_FLOOR_S)):
        return None
    return wait


def _within(
    arguments: list[str],
    work: Path,
    claim: Claim,
    limits: tuple[float, Deadline],
    jdk: Jdk,
    observe: Observer | None,
) -> ReplayResult:
    """`_observe_or_run` with the wait of `_wait_within` (``limits``: the timeout and the
    deadline). An exception run cut short by the deadline that was still running says so
    (`out_of_budget`), not "unconfirmed": more time might have confirmed it; so does a run
    that could not start (`NotReplayed`: no sandbox, the JVM refused its options)."""
    timeout_s, deadline = limits
    wait = _wait_within(claim, timeout_s, deadline)
    if wait is None:
        return out_of_budget()
    try:
        result = _observe_or_run(arguments, work, claim, wait, jdk, observe)
    except NotReplayed as refusal:
        return not_replayed(refusal.why)
    cut = wait < timeout_s and result.status is Replay.UNCONFIRMED
    if cut and not claim.is_non_termination and result.detail.startswith("still running"):
        return dataclasses.replace(out_of_budget(), command=result.command)
    return result


def _observe_or_run(
    arguments: list[str],
    work: Path,
    claim: Claim,
    timeout_s: float,
    jdk: Jdk,
    observe: Observer | None,
) -> ReplayResult:
    """A recursion judged by its stack overflow; a hang observed by ``observe`` if it can judge
    it, else `_run_and_judge` (and judged by its stack overflow if it ended in one)."""
    if claim.is_non_termination and claim.recursive:
        return _overflow(arguments, work, claim, timeout_s, jdk)
    if claim.is_non_termination and claim.calls:
        loop = LoopClaim(claim.method, claim.lines, claim.calls)

        def sample(process: subprocess.Popen[bytes], stdout: BoundedOutput) -> Sampled:
            dump, problem = thread_dump(process, jdk, stdout)
            frames = main_thread_frames(dump) if dump is not None else None
            return frames if frames is not None else problem or "the main thread has ended"

        judged = judge_deepening(jdk.java, arguments, work, loop, timeout_s, sample)
        return ReplayResult(
            judged.status, judged.detail, STACK_OVERFLOW, command=(jdk.java, *arguments)
        )
    if observe is not None and claim.is_non_termination:
        observed = observe(jdk.java, arguments, work, timeout_s)
        if observed is not None:
            return observed
    result = _run_and_judge(arguments, work, claim, timeout_s, jdk)
    if claim.is_non_termination and result.exception == STACK_OVERFLOW:
        return _overflow(arguments, work, claim, timeout_s, jdk)
    return result


def _overflow(
    arguments: list[str], work: Path, claim: Claim, timeout_s: float, jdk: Jdk
) -> ReplayResult:
    judged = judge_overflow(jdk.java, arguments, work, claim.method, timeout_s)
    command = (jdk.java, f"-Xss{STACK_SIZES[-1]}", *arguments)
    return ReplayResult(judged.status, judged.detail, STACK_OVERFLOW, command=command)


def absolute_classpath(classpath: str) -> str:
    """``classpath`` with every entry made absolute against jhalt's working directory: the
    replay runs in a scratch directory of its own. Empty entries are dropped (for ``java`` they
    would name that scratch directory, not what the user meant)."""
    entries = [entry for entry in classpath.split(os.pathsep) if entry]
    return os.pathsep.join(os.path.abspath(entry) for entry in entries)


def _command_line(entry: MethodId, inputs: ConcreteInputs) -> tuple[str, ...] | None:
    """The argv form of a main witness, when the launcher can pass it faithfully (ASCII, no NUL:
    the launcher decodes argv with the platform charset)."""
    if entry.name != "main" or entry.descriptor != _MAIN_DESCRIPTOR:
        return None
    args = main_args(inputs)
    if args is None or any(not arg.isascii() or "\0" in arg for arg in args):
        return None
    return args


def _launcher_refused(result: ReplayResult) -> bool:
    return result.detail.startswith(LAUNCHER_REFUSED)


def _compile_reproducer(
    work: Path,
    classpath: str,
    entry: MethodId,
    inputs: ConcreteInputs,
    claim: Claim,
    jdk: Jdk,
    deadline: Deadline = NEVER,
) -> list[str] | ReplayResult:
    """Write and compile the reproducer; the ``java`` arguments, or a NOT_RUN result. javac
    runs no annotation processor (``-proc:none``): those found on the analysed class path would
    be the target's code running outside the replay's containment."""
    if jdk.javac is None:
        return not_replayed("no javac found (a JRE only)")
    try:
        reproducer = generate_reproducer(entry, inputs, claim.kind, location=claim.method)
    except ValueError as error:
        return not_replayed(f"no reproducer for {entry}: {error}")
    source, _ = reproducer.write(work / "src")
    out = _javac(work, classpath, source, jdk.javac, deadline)
    if isinstance(out, ReplayResult):
        return out
    return ["-cp", os.pathsep.join([classpath, str(out)]), reproducer.class_name]


def replay_source(
    classpath: str,
    source: Path,
    class_name: str,
    claim: Claim,
    timeout_s: float,
    jdk: Jdk,
    deadline: Deadline = NEVER,
    assertions: bool = False,
    observe: Observer | None = None,
    injected: Sequence[EnvironmentValues] = (),
) -> ReplayResult:
    """Compile the Java file ``source`` (its class ``class_name`` in the default package, with
    a ``main``) against ``classpath`` and judge ``claim`` on its run, as `replay` judges a
    reproducer (the public-call reproducers of `jhalt.witness.api`), by ``deadline``; with
    ``-ea`` when ``assertions``; a hang observed by ``observe`` first; ``injected`` values
    returned by rewritten classes — then at best `Replay.REPRODUCED` — as `replay` does."""
    if jdk.javac is None:
        return not_replayed("no javac found (a JRE only)")
    classpath = absolute_classpath(classpath)
    with scratch_directory("jhalt-replay-") as work:
        out = _javac(work, classpath, source, jdk.javac, deadline)
        if isinstance(out, ReplayResult):
            return out
        try:
            classpath = inject_environment(classpath, injected, work)
        except ValueError as error:
            return not_replayed(str(error))
        flags = [*FAST_START, *(["-ea"] if assertions else [])]
        command = [*flags, "-cp", os.pathsep.join([classpath, str(out)]), class_name]
        result = _within(command, work, claim, (timeout_s, deadline), jdk, observe)
        return with_injected(result, injected)


FAST_START = ("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")
"""JVM flags of the short runs (search, public replays): client compiler only, serial GC."""


def _javac(
    work: Path, classpath: str, source: Path, javac_path: str, deadline: Deadline
) -> Path | ReplayResult:
    """Compile ``source`` into ``work``/classes by ``deadline``; the directory, or a NOT_RUN
    result (`out_of_budget` when no time is left)."""
    if deadline.expired():
        return out_of_budget()
    out = work / "classes"
    out.mkdir()
    limit = min(COMPILE_TIMEOUT_S, deadline.remaining())
    problem = compile_sources(javac_path, classpath, out, [source], work, limit)
    if problem is not None:
        if deadline.expired():
            return out_of_budget()
        return not_replayed(f"the reproducer {problem}")
    return out


# ---- running ----------------------------------------------------------------------------------


def _run_and_judge(
    arguments: list[str], work: Path, claim: Claim, timeout_s: float, jdk: Jdk
) -> ReplayResult:
    """Run ``java ARGUMENTS`` contained (`jhalt.witness.processes`: a fresh working directory
    inside ``work``, ``-Xmx``, a CPU-time limit, a minimal environment, its own process group),
    judge it, and always kill the group."""
    scratch = Path(tempfile.mkdtemp(prefix="run-", dir=work))
    cpu_s = cpu_limit_for(timeout_s + _DUMP_ALLOWANCE_S)
    try:
        process = start_replay_jvm(jdk.java, arguments, scratch, cpu_s)
    except (OSError, subprocess.SubprocessError) as error:
        shutil.rmtree(scratch, ignore_errors=True)
        return not_replayed(f"{NOT_STARTED} ({error})")
    except NotReplayed:
        shutil.rmtree(scratch, ignore_errors=True)
        raise
    stdout, stderr = BoundedOutput(process.stdout), BoundedOutput(process.stderr)
    try:
        if claim.is_non_termination:
            result = judge_hang(process, claim, timeout_s, jdk, stdout, stderr)
        else:
            result = judge_exception(process, claim, timeout_s, (stdout, stderr))
    finally:
        # The leader is alive or an unreaped zombie (`_exit_status` does not reap), so the
        # group id cannot have been reused: kill the group, then reap the leader.
        release(process)
        stdout.join(5)
        stderr.join(5)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()
    return dataclasses.replace(
        result, command=tuple(contained_command(jdk.java, arguments, scratch))
    )
