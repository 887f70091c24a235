"""Progress of a long run on stderr (`rich`), drawn only when stderr is a terminal.

Used by ``jhalt check --all`` (`jhalt.cli.batch`, `jhalt.cli.check_run`) and by the benchmark
scripts. One line: the title, a bar, steps done of the total, findings so far (when the caller
counts them), the time elapsed and the estimated time left (rich's estimate from the recent
pace), and the label of the step that finished last — fitted to the terminal's width
(`progress_line`: never wrapped, the label shortened from the left). When stderr is not a terminal, or with
``quiet`` (``--quiet``), nothing is drawn, so output captured by pipes, files and tests is the
same with or without it; `StderrProgress.log` then writes plain lines to stderr (nothing under
``quiet``).
"""

from __future__ import annotations

import sys
import time
from types import TracebackType

from rich.console import Console
from rich.progress import Progress, ProgressColumn, Task, TaskID
from rich.text import Text

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
            console = Console(stderr=True)
            self._bar = Progress(
                _LineColumn(title, counts_findings, console),
                console=console,
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
        """One more step done; ``label`` names it (shortened to fit: `progress_line`),
        ``findings`` it found are added to the count."""
        self.findings += findings
        if self._bar is not None and self._task is not None:
            self._bar.update(
                self._task,
                advance=1,
                label=label,
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


BAR_MAX = 30
"""The bar's width at most; it shrinks to `BAR_MIN` on a narrow terminal."""
BAR_MIN = 8
LABEL_MIN = 12
"""A label with less room than this is left out (then the elapsed time first makes room)."""


def progress_line(
    width: int,
    title: str,
    done_total: tuple[int, int],
    findings: int | None,
    elapsed_s: float | None,
    remaining_s: float | None,
    label: str,
) -> str:
    """The progress line in at most ``width`` characters: ``title bar done/total [findings N]
    [elapsed] ETA left [label]``. What gives way on a narrow terminal, in order: the label
    (`fitted_label`), the elapsed time, the label altogether, the bar down to `BAR_MIN`;
    what still does not fit is cut at ``width``."""
    done, total = done_total
    counts = [f"{done}/{total}"] + ([f"findings {findings}"] if findings is not None else [])
    eta = f"ETA {_clock(remaining_s)}"
    room = 0
    for shown in ([*counts, _clock(elapsed_s), eta], [*counts, eta]):
        fixed = " ".join(shown)
        room = width - len(title) - len(fixed) - 2  # the spaces around the bar
        bar = max(BAR_MIN, min(BAR_MAX, room // 4 if label else room))
        left = room - bar - 1  # the label and the space before it
        if label and left >= LABEL_MIN:
            return f"{title} {_bar(bar, done, total)} {fixed} {fitted_label(label, left)}"
    line = f"{title} {_bar(max(BAR_MIN, min(BAR_MAX, room)), done, total)} {fixed}"
    return line[:width]


def fitted_label(label: str, room: int) -> str:
    """``label`` in ``room`` characters: as it is when it fits; else a method's descriptor
    (from its ``(``) becomes ``(…)``, and what is still too long keeps its end, after ``…``
    (an entry's class and method name come last)."""
    if len(label) <= room:
        return label
    if "(" in label:
        label = label[: label.index("(")] + "(…)"
    if len(label) <= room:
        return label
    return "…" + label[len(label) - room + 1 :]


def _bar(width: int, done: int, total: int) -> str:
    filled = width * done // total if total else width
    return "━" * filled + "─" * (width - filled)


def _clock(seconds: float | None) -> str:
    if seconds is None:
        return "-:--:--"
    whole = int(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


class _LineColumn(ProgressColumn):
    """The whole line as one column (`progress_line`), fitted to the console's width when it
    is drawn (a resized terminal is followed)."""

    def __init__(self, title: str, counts_findings: bool, console: Console) -> None:
        super().__init__()
        self._title = title
        self._counts_findings = counts_findings
        self._console = console

    def render(self, task: Task) -> Text:
        line = progress_line(
            self._console.width - 1,  # the last column: some terminals wrap when it is written
            self._title,
            (int(task.completed), int(task.total or 0)),
            task.fields.get("findings", 0) if self._counts_findings else None,
            task.elapsed,
            task.time_remaining,
            str(task.fields.get("label", "")),
        )
        return Text(line, no_wrap=True, overflow="crop")
