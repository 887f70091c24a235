"""The progress line of long runs (issue 19, `jhalt.cli.progress`): entries done of the total,
findings so far and the time left, drawn only on a terminal and never with ``--quiet``."""

from __future__ import annotations

import io
import re
import sys

import pytest

from jhalt.cli.batch import run_entries
from jhalt.cli.progress import StderrProgress


class Terminal(io.StringIO):
    """A stderr that says it is a terminal (rich then draws, with escape codes)."""

    def isatty(self) -> bool:
        return True


def plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)


def findings_of(n: int) -> int:
    return n % 3


def test_the_line_shows_entries_findings_and_time_left(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    with StderrProgress(5, "entries", done=1, counts_findings=True) as progress:
        progress.advance("A.f()V", 2)
        progress.advance("A.g()V", 1)
    shown = plain(terminal.getvalue())
    assert "3/5" in shown  # one from the cache, two analysed
    assert "findings 3" in shown
    assert "ETA" in shown and "A.g()V" in shown


def test_run_entries_counts_the_findings_of_each_result(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    with StderrProgress(4, "entries", counts_findings=True) as progress:
        run_entries([1, 2, 4, 5], findings_of, jobs=2, progress=progress, count=findings_of)
        assert progress.findings == 1 + 2 + 1 + 2
    assert "findings 6" in plain(terminal.getvalue())


@pytest.mark.parametrize("tty", [False, True])
def test_nothing_is_drawn_off_a_terminal_or_when_quiet(
    monkeypatch: pytest.MonkeyPatch, tty: bool
) -> None:
    stream = Terminal() if tty else io.StringIO()
    monkeypatch.setattr(sys, "stderr", stream)
    with StderrProgress(2, "entries", quiet=tty, counts_findings=True) as progress:
        progress.advance("A.f()V", 1)
        progress.log("a line")
        assert not progress.active
    assert stream.getvalue() == ("" if tty else "a line\n")
