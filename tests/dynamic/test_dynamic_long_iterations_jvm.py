"""Iterations of thousands of bytecodes (issue 22): proved when within the budget, reported
as "iteration longer than N bytecodes" beyond it — never an internal error."""

from __future__ import annotations

import pytest

from jhalt.dynamic.observer import Limits
from jhalt.dynamic.session import examine_at

pytestmark = pytest.mark.jvm


def test_iteration_of_12000_bytecodes_is_proved(start_jvm) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm("LongIteration", "2000")
    examination = examine_at(jvm.address, Limits(timeout=8.0), jvm.process)
    proved = examination.proved
    assert proved, [v.reason for v in examination.verdicts]
    assert proved[0].site.method.name == "main"
    assert max(r.steps for r in proved[0].records) >= 12_000


def test_iteration_over_100000_bytecodes_ends_with_the_budget(start_jvm) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm("LongIteration", "20000")  # about 120,000 bytecodes per iteration
    limits = Limits(timeout=8.0, max_bytecodes=4_000)
    examination = examine_at(jvm.address, limits, jvm.process)
    assert not examination.proved
    reasons = [v.reason for v in examination.verdicts]
    assert "iteration longer than 4000 bytecodes" in " ".join(reasons), reasons
    assert not any("internal error" in r for r in reasons)
    assert jvm.process.poll() is None
