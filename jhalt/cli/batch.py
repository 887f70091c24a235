"""Running one analysis over many entries: isolation, time limits, parallelism, progress.

Each entry runs in its own forked worker process, so that one entry's crash, runaway
memory or timeout never stops the others; at most ``jobs`` run at once. Results come
back in the order of the entries, whatever ``jobs`` is, so output is deterministic.
A progress bar is drawn on stderr only when stderr is a terminal.
"""

from __future__ import annotations

import multiprocessing
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")

GRACE_S = 1.0


@dataclass(frozen=True)
class EntryOutcome(Generic[T, R]):
    """What became of one entry: a result, or the reason there is none."""

    entry: T
    result: R | None
    error: str | None = None  # "timeout after 60 s", "internal error: …"
    time_s: float = 0.0


def _child(connection: Connection, function: Callable[[T], R], entry: T) -> None:
    try:
        connection.send(("ok", function(entry)))
    except BaseException as exc:
        detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
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
    running: dict[Connection, tuple[int, multiprocessing.Process, float]] = {}
    progress = _Progress(len(entries)) if sys.stderr.isatty() else None
    try:
        while pending or running:
            while pending and len(running) < max(1, jobs):
                index = pending.pop(0)
                receiver, sender = context.Pipe(duplex=False)
                process = context.Process(
                    target=_child, args=(sender, function, entries[index]), daemon=True
                )
                process.start()
                sender.close()
                running[receiver] = (index, process, time.monotonic())
            ready = wait(list(running), timeout=0.2)
            now = time.monotonic()
            for connection in list(running):
                index, process, started = running[connection]
                outcome: EntryOutcome[T, R] | None = None
                if connection in ready:
                    try:
                        status, payload = connection.recv()
                        if status == "ok":
                            outcome = EntryOutcome(entries[index], payload, None, now - started)
                        else:
                            outcome = EntryOutcome(
                                entries[index], None, f"internal error: {payload}", now - started
                            )
                    except EOFError:
                        process.join(1)
                        outcome = EntryOutcome(
                            entries[index], None,
                            f"worker died (exit code {process.exitcode})", now - started,
                        )  # fmt: skip
                elif now - started > timeout_s + GRACE_S:
                    outcome = EntryOutcome(
                        entries[index], None, f"timeout after {timeout_s:g} s", now - started
                    )
                if outcome is not None:
                    if process.is_alive():
                        process.kill()
                    process.join()
                    connection.close()
                    del running[connection]
                    outcomes[index] = outcome
                    if progress:
                        progress.advance(describe(entries[index]))
    finally:
        for connection, (_, process, _) in running.items():
            process.kill()
            process.join()
            connection.close()
        if progress:
            progress.close()
    return [o for o in outcomes if o is not None]


class _Progress:
    """A one-line progress display on stderr (only used when stderr is a terminal)."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0

    def advance(self, label: str) -> None:
        self.done += 1
        width = 30
        filled = width * self.done // max(1, self.total)
        sys.stderr.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} {label[-50:]:50}"
        )
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\n")
        sys.stderr.flush()
