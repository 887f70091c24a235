"""The progress line of long runs (issue 19, `jhalt.cli.progress`): entries done of the total,
findings so far and the time left, drawn only on a terminal and never with ``--quiet``."""

from __future__ import annotations

import io
import re
import sys

import pytest

from jhalt.cli.batch import run_entries
from jhalt.cli.progress import StderrProgress, fitted_label, progress_line


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


LONG_ENTRY = (
    "org/apache/commons/cli/HelpFormatter.renderWrappedTextBlock"
    "(Ljava/lang/StringBuffer;IILjava/lang/String;)Ljava/lang/StringBuffer;"
)


@pytest.mark.parametrize("width", [80, 60])
def test_the_line_fits_the_terminal_with_a_long_entry(width: int) -> None:
    # issue 34: at 80 columns the line collapsed to "entries ╸ … ETA  java/lang/String;)L…"
    line = progress_line(width, "entries", (120, 381), 3, 65.0, 143.0, LONG_ENTRY)
    assert len(line) <= width and "\n" not in line
    assert line.startswith("entries ━") and " 120/381 findings 3 " in line
    assert "ETA 0:02:23" in line  # 143 s left
    if width == 80:  # room for the entry, its descriptor shortened, its name kept
        assert line.endswith("WrappedTextBlock(…)") and " …" in line and "Ljava" not in line


def test_the_label_is_shortened_from_the_left() -> None:
    assert fitted_label("A.f()V", 10) == "A.f()V"  # fits: as it is
    assert fitted_label("p/A.f(II)V", 8) == "p/A.f(…)"  # the descriptor goes first
    assert fitted_label("pkg/Klass.method(II)V", 10) == "…method(…)"  # then the start
    for width in range(20, 200, 7):  # never longer than the terminal, whatever the width
        assert len(progress_line(width, "entries", (5, 9), 0, 1.0, None, LONG_ENTRY)) <= width


def test_the_drawn_line_is_no_wider_than_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setenv("COLUMNS", "80")
    with StderrProgress(381, "entries", counts_findings=True) as progress:
        progress.advance(LONG_ENTRY, 3)
    drawn = [line for line in plain(terminal.getvalue()).split("\r") if "entries" in line]
    assert drawn and all(len(line.rstrip("\n")) <= 80 for line in drawn)
    assert any("TextBlock(…)" in line for line in drawn)
