"""Issue 21, item 4: programs whose failure is deep (many loop iterations or calls) or rare
(one input in 2^32, or only through int overflow) — ``tests/env_deep`` — are never proved free
of uncaught exceptions (their graphs, built with ``--inputs Verifier`` and assertions on)."""

from __future__ import annotations

import pytest
from env_programs import DEEP, expectations, graph_absence

from jhalt.analyses.absence import AbsenceProof


def test_there_are_deep_and_rare_programs() -> None:
    assert len(expectations(DEEP)) >= 5 and all(expectations(DEEP).values())


@pytest.mark.parametrize("name", sorted(expectations(DEEP)))
def test_deep_or_rare_failure_is_never_proved_absent(name: str) -> None:
    assert not isinstance(graph_absence(name, DEEP), AbsenceProof)
