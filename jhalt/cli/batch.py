"""Running one analysis over many entries: isolation, time limits, parallelism, progress.

Each entry runs in its own forked worker process, so that one entry's crash, runaway
memory or timeout never stops the others; at most ``jobs`` run at once. Results come
back in the order of the entries, whatever ``jobs`` is, so output is deterministic.
A progress bar (`jhalt.cli.progress`) is drawn on stderr only when stderr is a terminal.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.context
import multiprocessing.process
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Generic, TypeVar

from jhalt.cli.crashlog import log_exception
from jhalt.cli.progress import StderrProgress
from jhalt.errors import InputError

T = TypeVar("T")
R = TypeVar("R")

GRACE_S = 1.0

INPUT_ERROR = "input error"
"""How the error of an entry that reached corrupt input starts (the run then ends with 2)."""


@dataclass(frozen=True)
class EntryOutcome(Generic[T, R]):
    """What became of one entry: a result, or the reason there is none."""

    entry: T
    result: R | None
    error: str | None = None  # "timeout after 60 s", "internal error: …", "input error: …"
    time_s: float = 0.0


def _child(connection: Connection, function: Callable[[T], R], entry: T) -> None:
    """Run ``function(entry)`` and send ("ok", result), ("input", message) for an
    `InputError` (corrupt input reached by this entry), or ("error", text naming a log file
    with the traceback) for anything else."""
    try:
        connection.send(("ok", function(entry)))
    except InputError as exc:
        connection.send(("input", str(exc)))
    except BaseException as exc:
        detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        if isinstance(exc, Exception):  # not for an interrupt: no log is left behind
            detail = f"{detail} ({log_exception(exc)})"
        try:
            connection.send(("error", detail))
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
) -> list[EntryOutcome[T, R]]:
    """``function(entry)`` for every entry, each in its own process, at most ``jobs`` at once.

    An entry that runs longer than ``timeout_s`` (plus a short grace period) is killed
    and reported as a timeout; one that raises is reported with the exception's text."""
    context = multiprocessing.get_context("fork")
    outcomes: list[EntryOutcome[T, R] | None] = [None] * len(entries)
    pending = list(range(len(entries)))
    running: dict[Connection, _Worker] = {}
    with StderrProgress(len(entries), "entries") as progress:
        try:
            while pending or running:
                while pending and len(running) < max(1, jobs):
                    index = pending.pop(0)
                    connection, worker = _launch(context, function, entries[index], index)
                    running[connection] = worker
                ready = wait(list(running), timeout=0.2)
                now = time.monotonic()
                for connection in list(running):
                    worker = running[connection]
                    entry = entries[worker.index]
                    outcome: EntryOutcome[T, R] | None = _finished(
                        entry, worker, connection, ready, now, timeout_s
                    )
                    if outcome is not None:
                        worker.stop(connection)
                        del running[connection]
                        outcomes[worker.index] = outcome
                        progress.advance(describe(entry))
        finally:
            for connection, worker in running.items():
                worker.stop(connection)
    return [o for o in outcomes if o is not None]


@dataclass(frozen=True)
class _Worker:
    """A running entry: its index, its process and when it started (``time.monotonic``)."""

    index: int
    process: multiprocessing.process.BaseProcess
    started: float

    def stop(self, connection: Connection) -> None:
        """Kill the process if it still runs, reap it and close its pipe."""
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        connection.close()


def _launch(
    context: multiprocessing.context.ForkContext,
    function: Callable[[T], R],
    entry: T,
    index: int,
) -> tuple[Connection, _Worker]:
    """Start ``function(entry)`` in a forked process; the pipe's receiving end and the worker."""
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(sender, function, entry), daemon=True)
    process.start()
    sender.close()
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
        try:
            status, payload = connection.recv()
        except EOFError:
            worker.process.join(1)
            error = f"worker died (exit code {worker.process.exitcode})"
            return EntryOutcome(entry, None, error, elapsed)
        if status == "ok":
            return EntryOutcome(entry, payload, None, elapsed)
        if status == "input":
            return EntryOutcome(entry, None, f"{INPUT_ERROR}: {payload}", elapsed)
        return EntryOutcome(entry, None, f"internal error: {payload}", elapsed)
    if elapsed > timeout_s + GRACE_S:
        return EntryOutcome(entry, None, f"timeout after {timeout_s:g} s", elapsed)
    return None
