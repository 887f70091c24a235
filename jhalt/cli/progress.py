"""Progress of a long run on stderr (`rich`), drawn only when stderr is a terminal.

Used by ``jhalt check --all`` (`jhalt.cli.batch`) and by the benchmark scripts. When stderr
is not a terminal nothing is drawn, so output captured by pipes, files and tests is the same
with or without it; `StderrProgress.log` then writes plain lines to stderr.
"""

from __future__ import annotations

import sys
from types import TracebackType

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)


class StderrProgress:
    """A context manager: a bar of ``total`` steps titled ``title``; `advance` after each step
    (with the label of what finished), `log` for a line printed above the bar."""

    def __init__(self, total: int, title: str) -> None:
        self._bar: Progress | None = None
        self._task: TaskID | None = None
        if sys.stderr.isatty():
            self._bar = Progress(
                TextColumn(title),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TextColumn("{task.fields[label]}"),
                console=Console(stderr=True),
                auto_refresh=False,  # no drawing thread: `jhalt.cli.batch` forks workers
            )
            self._task = self._bar.add_task(title, total=total, label="")

    @property
    def active(self) -> bool:
        """True when a bar is drawn (stderr is a terminal)."""
        return self._bar is not None

    def __enter__(self) -> StderrProgress:
        if self._bar is not None:
            self._bar.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._bar is not None:
            self._bar.stop()

    def advance(self, label: str) -> None:
        """One more step done; ``label`` (its last 50 characters) names it."""
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, advance=1, label=label[-50:], refresh=True)

    def log(self, line: str) -> None:
        """``line`` on stderr as it is (no markup), above the bar when one is drawn."""
        if self._bar is not None:
            self._bar.console.print(
                line, markup=False, highlight=False, emoji=False, soft_wrap=True
            )
        else:
            print(line, file=sys.stderr, flush=True)
