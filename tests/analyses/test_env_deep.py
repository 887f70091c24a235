"""Issue 21, item 4: programs whose failure is deep (many loop iterations or calls) or rare
(one input in 2^32, or only through int overflow) — ``tests/env_deep`` — are never proved free
of uncaught exceptions (their graphs, built with ``--inputs Verifier`` and assertions on)."""

from __future__ import annotations

import pytest
from env_programs import DEEP, classes_dir, expectations

from jhalt.analyses.absence import AbsenceProof, prove_absence
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import build_graph
from jhalt.seg.context import EvalOptions

OPTIONS = EvalOptions(input_classes=frozenset({"Verifier"}), assertions=True)


def test_there_are_deep_and_rare_programs() -> None:
    assert len(expectations(DEEP)) >= 5 and all(expectations(DEEP).values())


@pytest.mark.parametrize("name", sorted(expectations(DEEP)))
def test_deep_or_rare_failure_is_never_proved_absent(name: str) -> None:
    program = Program.from_spec(str(classes_dir(DEEP)))
    entry = MethodId(name, "main", "([Ljava/lang/String;)V")
    graph = build_graph(program, entry, default_registry(), options=OPTIONS)
    assert not isinstance(prove_absence(graph), AbsenceProof)
