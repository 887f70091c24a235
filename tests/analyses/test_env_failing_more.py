"""Issue 21: the second half of the failing programs of ``tests/env_corpus`` (see
``test_env_failing.py``)."""

from __future__ import annotations

import pytest
from env_programs import check_failing, failing


@pytest.mark.parametrize("name", failing()[len(failing()) // 2 :])
def test_failing_program_is_confirmed_with_environment_values(name: str) -> None:
    check_failing(name)
