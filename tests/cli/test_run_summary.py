"""The summary at the end of `jhalt check` and the ``time:`` lines (issue 34 item 5): a long run
ends with what came of it — findings per level, entries analysed, proved safe and not analysed
with why, candidates not reported, analysis/replay/wall times — and `prove` says its times too.

The program ``Trio`` has three public entries whose outcomes follow from their code:
``ratio(total, parts)`` divides by its argument (``parts == 0`` throws ArithmeticException: one
finding, replayed on the JVM); ``half(x)`` is ``x >> 1``, which cannot throw (proved safe);
``stall(n)`` is analysed by a stand-in that never returns, as an entry that takes longer than
``--timeout`` does: its worker is killed and the entry is not analysed ("timeout").
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from javac import compile_java

import jhalt.cli.main as cli
from jhalt.analyses.check import check_and_replay
from jhalt.report.check_output import check_json, check_text
from jhalt.report.run_summary import CheckSummary, RunTimes
from jhalt.witness.replay import find_jdk

REPO = Path(__file__).resolve().parents[2]

TRIO = """
public class Trio {
    private Trio() {}
    public static int ratio(int total, int parts) { return total / parts; }
    public static int half(int x) { return x >> 1; }
    public static int stall(int n) { return n; }
}
"""


def _stalling_check(program, entry, **options):  # type: ignore[no-untyped-def]
    """The real check, except that ``stall`` never finishes (the worker is killed)."""
    if entry.name == "stall":
        time.sleep(3600)
    return check_and_replay(program, entry, **options)


def _summary(lines: list[str]) -> dict[str, str]:
    """The summary block, the last lines of the output: label → text."""
    start = lines.index("summary:")
    pairs = (line.strip().split(": ", 1) for line in lines[start + 1 :])
    return {label: text.strip() for label, text in pairs}


def _seconds(times: str) -> dict[str, float]:
    """``analysis 0.53s, replay 1.20s, wall 2.00s`` → {"analysis": 0.53, …}."""
    return {
        name: float(value.rstrip("s"))
        for name, value in (part.split() for part in times.split(", "))
    }


@pytest.mark.skipif(find_jdk() is None, reason="no JDK: the finding would not be replayed")
def test_check_ends_with_a_summary_of_its_entries(tmp_path: Path, monkeypatch, capsys) -> None:
    source = tmp_path / "Trio.java"
    source.write_text(TRIO)
    classes = compile_java(source)
    monkeypatch.setattr(cli, "check_and_replay", _stalling_check)
    code = cli.main(
        ["check", str(classes), "--all", "--no-cache", "--timeout", "8", "--jobs", "1",
         "--quiet", "--reproducers", str(tmp_path / "r")]
    )  # fmt: skip
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert code == 1, out  # ratio's division by zero
    levels = [line.split()[1] for line in lines if line.startswith("    level: ")]
    assert len(levels) == 1, out
    summary = _summary(lines)
    assert lines[-1].startswith("  time: ")  # the summary is the end of the output
    per_level = {lv: int(levels.count(lv)) for lv in ("error", "warning", "note")}
    assert summary["findings"] == "1 ({})".format(
        ", ".join(f"{lv} {n}" for lv, n in per_level.items())
    )
    assert summary["entries"] == "3 — analysed 2, proved safe 1, with findings 1"
    assert summary["not analysed"] == "1 (timeout 1)"  # stall's worker was killed
    assert "not reported" not in summary  # ratio's one candidate is the finding
    times = _seconds(summary["time"])
    assert set(times) == {"analysis", "replay", "wall"}
    assert times["replay"] > 0  # ratio's witness ran on the JVM
    # one job: one after another (each time rounded to 0.01 s in the text)
    assert times["wall"] >= times["analysis"] + times["replay"] - 0.011
    assert times["wall"] >= 8  # stall ran out its --timeout


def test_the_json_summary_has_the_same_numbers() -> None:
    summary = CheckSummary(
        entries=5, analysed=3, proved=1, with_findings=2,
        not_analysed={"timeout": 1, "error": 0, "max time": 1}, not_reported=4,
        internal_states=1, times=RunTimes(1.5, 0.25, 3.0),
    )  # fmt: skip
    data = json.loads(check_json([], [], summary=summary))["summary"]
    assert data == {
        "findings": {"error": 0, "warning": 0, "note": 0},
        "entries": 5, "analysed": 3, "proved": 1, "with_findings": 2,
        "not_analysed": {"timeout": 1, "error": 0, "max time": 1},
        "not_reported": 4, "internal_states": 1,
        "analysis_time_s": 1.5, "replay_time_s": 0.25, "wall_time_s": 3.0,
    }  # fmt: skip
    text = check_text([], ["a note"], summary=summary).splitlines()
    assert text[-6:] == [
        "summary:",
        "  findings:     0 (error 0, warning 0, note 0)",
        "  entries:      5 — analysed 3, proved safe 1, with findings 2",
        "  not analysed: 2 (timeout 1, max time 1)",
        "  not reported: 4 candidate(s) (the 'not reported' notes), 1 only from forged "
        "internal state",
        "  time:         analysis 1.50s, replay 0.25s, wall 3.00s",
    ]
    assert "summary" not in json.loads(check_json([], []))  # without one, as before


@pytest.mark.skipif(find_jdk() is None, reason="no JDK: the NO would not be replayed")
def test_prove_time_says_analysis_replay_and_wall(capsys) -> None:
    # seed 000's Loop: NO (args = {""} never advances), its witness replayed on the JVM
    loop = REPO / "examples" / "Loop.jar"
    assert cli.main(["prove", str(loop), "--main", "Loop", "--replay-wait", "2"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("time: analysis ")
    times = _seconds(last.removeprefix("time: "))
    # the text rounds each time to 0.01 s: the sum of two rounded times may pass the rounded
    # wall by up to one rounding step
    assert times["replay"] > 0 and times["wall"] >= times["analysis"] + times["replay"] - 0.011
    cli.main(["prove", str(loop), "--main", "Loop", "--format", "json", "--replay-wait", "2"])
    data = json.loads(capsys.readouterr().out)
    assert {"time_s", "replay_time_s", "wall_time_s"} <= set(data)  # time_s: as before
    assert data["wall_time_s"] >= data["time_s"] + data["replay_time_s"] - 0.0011  # to 0.001 s
