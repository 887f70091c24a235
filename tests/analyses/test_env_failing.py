"""Issue 21: every failing program of ``tests/env_corpus`` (first half; the second half is in
``test_env_failing_more.py``) is reported with a witness whose environment values (what
``Verifier.nondetInt()``, ``Random.nextInt`` or ``Scanner.nextInt`` return) the replay injects,
and the JVM confirms the exception."""

from __future__ import annotations

import pytest
from env_programs import check_failing, failing


@pytest.mark.parametrize("name", failing()[: len(failing()) // 2])
def test_failing_program_is_confirmed_with_environment_values(name: str) -> None:
    check_failing(name)
