"""Running one analysis over many entries: isolation, time limits, parallelism, progress,
and tear-down: nothing a worker started outlives the run, and an interrupt keeps the results.

Each entry runs in its own forked worker process, so that one entry's crash, runaway
memory or timeout never stops the others; at most ``jobs`` run at once. Results come
back in the order of the entries, whatever ``jobs`` is, so output is deterministic.
A progress bar (`jhalt.cli.progress`) is drawn on stderr only when stderr is a terminal.

Containment (issue 20). A worker leads its own process group (a Ctrl-C in the terminal reaches
only the parent, which decides) and tells the parent over its result pipe of every replay JVM
group and scratch directory it registers or releases (`jhalt.witness.processes`); the parent
mirrors them, and the worker itself, in its own registry. A worker that runs out of time gets
SIGTERM — its handler kills its JVM groups, removes its directories and exits 143 — then, after
`TERM_GRACE_S`, SIGKILL of its group, and the parent kills the groups and removes the
directories it was told of. On SIGINT/SIGTERM/SIGHUP of jhalt the CLI's handler kills everything
registered (`jhalt.cli.signals`); `run_entries` then reaps the workers and raises
`BatchInterrupted` with the outcomes of the entries that had finished.

A run-wide `Deadline` (``--max-time``, issue 20) stops the whole run: no entry is started
after it, a worker still running ``GRACE_S`` after it is killed, and every entry without an
outcome is reported as `NOT_ANALYSED`. The function gets the deadline itself (it is its
job to give each entry no more than the time left; `jhalt.cli.main` does).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.context
import multiprocessing.process
import os
import shutil
import signal
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from types import FrameType
from typing import Any, Generic, TypeVar

from jhalt.budget import NEVER, Deadline
from jhalt.cli.crashlog import log_exception
from jhalt.cli.progress import StderrProgress
from jhalt.errors import InputError
from jhalt.witness import processes

T = TypeVar("T")
R = TypeVar("R")

GRACE_S = 1.0
TERM_GRACE_S = 1.0  # a stopped worker's time to kill its JVMs itself before SIGKILL
NOT_ANALYSED = "not analysed: max time reached"

WORKER_TIMEOUT = "timeout after"
"""How the error of an entry whose worker ran out of time starts ("timeout after 60 s")."""

INPUT_ERROR = "input error"
"""How the error of an entry that reached corrupt input starts (the run then ends with 2)."""


@dataclass(frozen=True)
class EntryOutcome(Generic[T, R]):
    """What became of one entry: a result, or the reason there is none."""

    entry: T
    result: R | None
    error: str | None = None  # "timeout after 60 s", "internal error: …", "input error: …"
    time_s: float = 0.0


class BatchInterrupted(KeyboardInterrupt):
    """`run_entries` stopped by a signal (``cause``): ``outcomes`` of the entries that had
    finished, in entry order, of ``total``."""

    def __init__(
        self, outcomes: list[EntryOutcome[Any, Any]], total: int, cause: KeyboardInterrupt
    ) -> None:
        super().__init__(f"interrupted: {len(outcomes)} of {total} entries analysed")
        self.outcomes = outcomes
        self.total = total
        self.cause = cause


def _on_term(signum: int, frame: FrameType | None) -> None:
    """A worker's SIGTERM: kill its JVM groups, remove its scratch directories, exit."""
    processes.kill_all()
    os._exit(128 + signum)


def _become_worker(connection: Connection) -> threading.Lock:
    """Set up a forked worker: its own process group, SIGINT and SIGHUP ignored (the parent
    decides), SIGTERM cleans up (also sent when the parent dies), and a registry of its own whose changes go to the parent. The
    lock serialises the pipe between the registry's messages and the result."""
    os.setpgid(0, 0)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _on_term)
    # a SIGKILLed parent cannot tear its workers down: each then ends itself and its JVMs
    processes.die_with_parent(signal.SIGTERM, os.getppid())
    processes.forget_all()
    lock = threading.Lock()

    def tell_parent(event: str, kind: str, value: int | str) -> None:
        with lock:
            connection.send((event, kind, value))

    processes.set_observer(tell_parent)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, processes.TEAR_DOWN_SIGNALS)  # see `_launch`
    return lock


def _child(connection: Connection, function: Callable[[T], R], entry: T) -> None:
    """Run ``function(entry)`` and send ("ok", result), ("input", message) for an
    `InputError` (corrupt input reached by this entry), or ("error", text naming a log file
    with the traceback) for anything else."""
    lock = _become_worker(connection)
    try:
        message: tuple[str, object] = ("ok", function(entry))
    except InputError as exc:
        message = ("input", str(exc))
    except BaseException as exc:
        detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        if isinstance(exc, Exception):  # not for an interrupt: no log is left behind
            detail = f"{detail} ({log_exception(exc)})"
        message = ("error", detail)
    finally:
        processes.kill_all()
    try:
        with lock:
            connection.send(message)
    except Exception:
        pass
    finally:
        connection.close()


def run_entries(
    entries: Sequence[T],
    function: Callable[[T], R],
    *,
    jobs: int = 1,
    timeout_s: float = 60.0,
    describe: Callable[[T], str] = str,
    deadline: Deadline = NEVER,
    progress: StderrProgress | None = None,
    count: Callable[[R], int] | None = None,
    finished: Callable[[EntryOutcome[T, R]], None] | None = None,
) -> list[EntryOutcome[T, R]]:
    """``function(entry)`` for every entry, each in its own process, at most ``jobs`` at once.

    An entry that runs longer than ``timeout_s`` (plus a short grace period) is killed
    and reported as a timeout; one that raises is reported with the exception's text.
    After ``deadline`` (module docstring) the rest are `NOT_ANALYSED`; the outcomes keep
    the entries' order either way. ``progress``: the caller's (entered) bar, else one of its
    own; ``count``: a result's findings, for the bar; ``finished`` hears of each outcome."""
    context = multiprocessing.get_context("fork")
    outcomes: list[EntryOutcome[T, R] | None] = [None] * len(entries)
    pending = list(range(len(entries)))
    running: dict[Connection, _Worker] = {}
    bar = progress if progress is not None else StderrProgress(len(entries), "entries")
    with bar if progress is None else contextlib.nullcontext(bar) as shown:
        tell = _Listeners(shown, describe, count, finished)
        try:
            while pending or running:
                if deadline.expired():
                    pending.clear()
                while pending and len(running) < max(1, jobs):
                    index = pending.pop(0)
                    with processes.signals_blocked():  # no worker unknown to the registry
                        connection, worker = _launch(context, function, entries[index], index)
                        running[connection] = worker
                ready = _wait(running, shown)
                now = time.monotonic()
                for connection in list(running):
                    worker = running[connection]
                    entry = entries[worker.index]
                    outcome: EntryOutcome[T, R] | None = _finished(
                        entry, worker, connection, ready, now, timeout_s
                    )
                    if outcome is None and now > deadline.at + GRACE_S:
                        outcome = EntryOutcome(entry, None, NOT_ANALYSED, now - worker.started)
                    if outcome is not None:
                        del running[connection]
                        worker.stop(connection)
                        outcomes[worker.index] = outcome
                        tell(outcome)
        except KeyboardInterrupt as interrupt:
            done = [o for o in outcomes if o is not None]
            raise BatchInterrupted(done, len(entries), interrupt) from interrupt
        finally:
            for connection, worker in running.items():
                worker.stop(connection)
    return [
        o if o is not None else EntryOutcome(entries[index], None, NOT_ANALYSED)
        for index, o in enumerate(outcomes)
    ]


@dataclass(frozen=True)
class _Listeners(Generic[T, R]):
    """Who hears of a finished entry: the progress bar (with the findings ``count`` says the
    result holds) and the caller's ``finished``."""

    progress: StderrProgress
    describe: Callable[[T], str]
    count: Callable[[R], int] | None
    finished: Callable[[EntryOutcome[T, R]], None] | None

    def __call__(self, outcome: EntryOutcome[T, R]) -> None:
        result = outcome.result
        found = self.count(result) if self.count is not None and result is not None else 0
        self.progress.advance(self.describe(outcome.entry), found)
        if self.finished is not None:
            self.finished(outcome)


@dataclass(frozen=True)
class _Worker:
    """A running entry: its index, its process, when it started (``time.monotonic``), whether
    it answered, and the JVM groups and scratch directories it reported live."""

    index: int
    process: multiprocessing.process.BaseProcess
    started: float
    groups: set[int] = field(default_factory=set)
    directories: set[str] = field(default_factory=set)
    answered: list[bool] = field(default_factory=list)

    def track(self, event: str, kind: str, value: int | str) -> None:
        """Mirror one registry message of the worker here and in the parent's registry."""
        if kind == "group" and isinstance(value, int):
            if event == "add":
                self.groups.add(value)
                processes.register_group(value, "replay of a batch worker")
            else:
                self.groups.discard(value)
                processes.forget_group(value)
        elif kind == "directory" and isinstance(value, str):
            if event == "add":
                self.directories.add(value)
                processes.register_directory(value)
            else:
                self.directories.discard(value)
                processes.forget_directory(value)

    def stop(self, connection: Connection) -> None:
        """End the worker (at once if it answered; else SIGTERM, then SIGKILL after
        `TERM_GRACE_S`), reap it, then kill the JVM groups and remove the directories it left,
        and close its pipe. The worker is reaped only after its group was killed: until then
        its pid, which is its group's id, cannot be reused."""
        pid = self.process.pid
        assert pid is not None
        if not self.answered:
            _signal_group(pid, signal.SIGTERM)
        deadline = time.monotonic() + TERM_GRACE_S
        while _unreaped_running(pid) and time.monotonic() < deadline:
            time.sleep(0.02)
        processes.kill_group(pid)
        self.process.join()
        processes.forget_group(pid)
        for group in self.groups:
            processes.kill_group(group)
            processes.forget_group(group)
        for directory in self.directories:
            shutil.rmtree(directory, ignore_errors=True)
            processes.forget_directory(directory)
        connection.close()


def _wait(running: dict[Connection, _Worker], progress: StderrProgress) -> list[Any]:
    """The pipes of ``running`` with something to read, after at most 0.2 s; the progress
    line is redrawn meanwhile (its clock)."""
    ready = wait(list(running), timeout=0.2)
    progress.tick()
    return ready


def _unreaped_running(pid: int) -> bool:
    """Whether our child ``pid`` still runs, without reaping it."""
    try:
        return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None
    except ChildProcessError:
        return False


def _signal_group(pgid: int, signum: int) -> None:
    try:
        os.killpg(pgid, signum)
    except (ProcessLookupError, PermissionError):
        pass


def _launch(
    context: multiprocessing.context.ForkContext,
    function: Callable[[T], R],
    entry: T,
    index: int,
) -> tuple[Connection, _Worker]:
    """Start ``function(entry)`` in a forked process; the pipe's receiving end and the worker.
    Called with the tear-down signals blocked: the worker starts with them blocked and unblocks
    them once its own handlers are set (`_become_worker`)."""
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(sender, function, entry), daemon=True)
    process.start()
    sender.close()
    assert process.pid is not None
    try:
        os.setpgid(process.pid, process.pid)  # as the worker does: whoever is first wins
    except OSError:
        pass  # the worker did it already, or has ended
    processes.register_group(process.pid, "batch worker")
    return receiver, _Worker(index, process, time.monotonic())


def _finished(
    entry: T,
    worker: _Worker,
    connection: Connection,
    ready: Sequence[object],
    now: float,
    timeout_s: float,
) -> EntryOutcome[T, R] | None:
    """The outcome of a worker that answered, died or ran out of time; None while it runs."""
    elapsed = now - worker.started
    if connection in ready:
        while True:
            try:
                message = connection.recv()
            except EOFError:
                worker.process.join(1)
                error = f"worker died (exit code {worker.process.exitcode})"
                return EntryOutcome(entry, None, error, elapsed)
            if len(message) == 3:
                worker.track(*message)
                if connection.poll():
                    continue
                break
            worker.answered.append(True)
            status, payload = message
            if status == "ok":
                return EntryOutcome(entry, payload, None, elapsed)
            if status == "input":
                return EntryOutcome(entry, None, f"{INPUT_ERROR}: {payload}", elapsed)
            return EntryOutcome(entry, None, f"internal error: {payload}", elapsed)
    if elapsed > timeout_s + GRACE_S:
        return EntryOutcome(entry, None, f"{WORKER_TIMEOUT} {timeout_s:g} s", elapsed)
    return None
