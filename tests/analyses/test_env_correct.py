"""Issue 21: the correct programs of ``tests/env_corpus`` are never reported, most of them are
proved free of uncaught exceptions, and no failing program is ever "proved" (a proof of one
would be unsound: the JVM throws on some input)."""

from __future__ import annotations

import pytest
from env_programs import analysed, correct, failing

from jhalt.analyses.absence import AbsenceProof


@pytest.mark.parametrize("name", correct())
def test_correct_program_has_no_finding(name: str) -> None:
    report = analysed(name)
    assert report.findings == (), [f.kind for f in report.findings]


def test_most_correct_programs_are_proved_safe() -> None:
    proved = [name for name in correct() if isinstance(analysed(name).absence, AbsenceProof)]
    assert len(correct()) >= 20
    assert len(proved) >= 0.7 * len(correct()), sorted(set(correct()) - set(proved))


@pytest.mark.parametrize("name", failing())
def test_failing_program_is_never_proved_safe(name: str) -> None:
    assert not isinstance(analysed(name).absence, AbsenceProof)
