"""Loops through deterministic JDK calls are proved by an exact repeat of their state
(issue 22); their finite look-alikes are never claimed.

Each program hangs with the argument "stuck" (its comment says why, from Java's meaning:
an empty match at the offset itself, an empty separator found where the scan starts, an
iterator that is never advanced) and ends with the other argument.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jhalt.cli.main import main
from jhalt.dynamic.observer import Examination, Limits
from jhalt.dynamic.session import examine_at

pytestmark = pytest.mark.jvm


def _examine(jvm, timeout: float = 4.0) -> Examination:  # type: ignore[no-untyped-def]
    return examine_at(jvm.address, Limits(timeout=timeout), jvm.process)


@pytest.mark.parametrize(
    ("main_class", "calls"),
    [
        ("RegexEmptyFind", {"java.util.regex.Matcher.find", "java.util.regex.Matcher.end"}),
        ("IteratorNoNext", {"java.util.Iterator.hasNext", "java.util.List.get"}),
    ],
)
def test_library_call_loops_repeat_exactly(start_jvm, main_class: str, calls: set[str]) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm(main_class, "stuck")
    examination = _examine(jvm)
    [verdict] = examination.proved
    repeat = verdict.repeat
    assert repeat is not None and repeat.repeat > repeat.first
    assert calls <= set(repeat.calls)
    assert "functions of the deep values" in repeat.assumption
    assert verdict.elapsed < 2.0


def test_the_counter_is_left_out_and_said_so(start_jvm, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm("RegexEmptyFind", "stuck")
    out = tmp_path / "report.json"
    assert main(["attach", str(jvm.address.port), "--format", "json", "--out", str(out)]) == 1
    [loop] = json.loads(out.read_text())["proved"]
    proof = loop["proof"]
    assert proof["kind"] == "exact repeat"
    assert proof["counters_not_compared"] == ["hits"]
    assert "offset = 0" in proof["state"]
    assert any("java.util.regex.Matcher.find" in a for a in proof["assumptions"])


@pytest.mark.parametrize(
    ("main_class", "argument"),
    [("RegexEmptyFind", "advance"), ("IndexOfScan", "scan"), ("IteratorNoNext", "next")],
)
def test_finite_look_alikes_are_never_claimed(start_jvm, main_class: str, argument: str) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm(main_class, argument)
    examination = _examine(jvm, timeout=3.0)
    assert not examination.stuck, [v.reason for v in examination.verdicts]
    assert examination.verdicts
    assert jvm.process.poll() is None  # resumed, still running towards its end
