"""Issue 21: the second half of the correct programs of ``tests/env_corpus`` is never reported
(see ``test_env_correct.py``)."""

from __future__ import annotations

import pytest
from env_programs import analysed, correct


@pytest.mark.parametrize("name", correct()[len(correct()) // 2 :])
def test_correct_program_has_no_finding(name: str) -> None:
    report = analysed(name)
    assert report.findings == (), [f.kind for f in report.findings]
