"""Issue 21: the correct programs of ``tests/env_corpus`` are never reported (first half; the
second in ``test_env_correct_more.py``), most of them are proved free of uncaught exceptions, and
no failing program is ever "proved" (a proof of one would be unsound: the JVM throws on some
input)."""

from __future__ import annotations

import pytest
from env_programs import analysed, correct, failing, graph_absence

from jhalt.analyses.absence import AbsenceProof


@pytest.mark.parametrize("name", correct()[: len(correct()) // 2])
def test_correct_program_has_no_finding(name: str) -> None:
    report = analysed(name)
    assert report.findings == (), [f.kind for f in report.findings]


def test_most_correct_programs_are_proved_safe() -> None:
    proved = [name for name in correct() if isinstance(graph_absence(name), AbsenceProof)]
    assert len(correct()) >= 20
    assert len(proved) >= 0.7 * len(correct()), sorted(set(correct()) - set(proved))


@pytest.mark.parametrize("name", failing())
def test_failing_program_is_never_proved_safe(name: str) -> None:
    assert not isinstance(graph_absence(name), AbsenceProof)
