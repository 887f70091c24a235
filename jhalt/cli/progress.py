"""Progress of a long run on stderr (`rich`), drawn only when stderr is a terminal.

Used by ``jhalt check --all`` (`jhalt.cli.batch`, `jhalt.cli.check_run`) and by the benchmark
scripts. One line: the title, a bar, steps done of the total, findings so far (when the caller
counts them), the time elapsed and the estimated time left (rich's estimate from the recent
pace), and the label of the step that finished last. When stderr is not a terminal, or with
``quiet`` (``--quiet``), nothing is drawn, so output captured by pipes, files and tests is the
same with or without it; `StderrProgress.log` then writes plain lines to stderr (nothing under
``quiet``).
"""

from __future__ import annotations

import sys
import time
from types import TracebackType

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

TICK_S = 1.0
"""How often `StderrProgress.tick` redraws at most."""


class StderrProgress:
    """A context manager: a bar of ``total`` steps titled ``title``; `advance` after each step
    (with the label of what finished and the findings it added), `log` for a line printed above
    the bar. ``done`` steps count as finished from the start (entries taken from the results
    cache); ``counts_findings`` shows the findings column."""

    def __init__(
        self,
        total: int,
        title: str,
        *,
        quiet: bool = False,
        done: int = 0,
        counts_findings: bool = False,
    ) -> None:
        self._bar: Progress | None = None
        self._task: TaskID | None = None
        self._quiet = quiet
        self._drawn = 0.0
        self.findings = 0
        if sys.stderr.isatty() and not quiet:
            columns = [TextColumn(title), BarColumn(), MofNCompleteColumn()]
            if counts_findings:
                columns.append(TextColumn("findings {task.fields[findings]}"))
            self._bar = Progress(
                *columns,
                TimeElapsedColumn(),
                TextColumn("ETA"),
                TimeRemainingColumn(),
                TextColumn("{task.fields[label]}"),
                console=Console(stderr=True),
                auto_refresh=False,  # no drawing thread: `jhalt.cli.batch` forks workers
            )
            self._task = self._bar.add_task(
                title, total=total, completed=done, label="", findings=0
            )

    @property
    def active(self) -> bool:
        """True when a bar is drawn (stderr is a terminal and not ``quiet``)."""
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

    def advance(self, label: str, findings: int = 0) -> None:
        """One more step done; ``label`` (its last 50 characters) names it, ``findings`` it
        found are added to the count."""
        self.findings += findings
        if self._bar is not None and self._task is not None:
            self._bar.update(
                self._task,
                advance=1,
                label=label[-50:],
                findings=self.findings,
                refresh=True,
            )

    def tick(self) -> None:
        """Redraw the line (elapsed time, time left) if the last drawing is over
        `TICK_S` old: called by waiting loops, since no thread draws (the bar's comment)."""
        now = time.monotonic()
        if self._bar is not None and now - self._drawn >= TICK_S:
            self._drawn = now
            self._bar.refresh()

    def log(self, line: str) -> None:
        """``line`` on stderr as it is (no markup), above the bar when one is drawn; nothing
        under ``quiet``."""
        if self._bar is not None:
            self._bar.console.print(
                line, markup=False, highlight=False, emoji=False, soft_wrap=True
            )
        elif not self._quiet:
            print(line, file=sys.stderr, flush=True)
