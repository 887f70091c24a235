"""The time budget of one run (`jhalt.budget`): shares of the whole and of what is left."""

from __future__ import annotations

import time

import pytest

from jhalt import budget as budget_module
from jhalt.budget import NEVER, Budget, Deadline, OutOfTime


def test_shares_of_the_whole_and_of_what_is_left() -> None:
    budget = Budget(60.0)
    assert budget.share(0.5) == 30.0
    assert Budget(1.0).share(0.3) == 1.0  # never less than the one-second floor
    assert 29.0 < budget.share_left(0.5) <= 30.0
    assert budget.share_left(0.5, floor=2.0, cap=10.0) == 10.0
    assert budget.portion(0.4).seconds == 24.0 and budget.portion(0.4).started == budget.started
    assert not budget.expired()


def test_an_expired_budget_has_nothing_left_but_the_floor() -> None:
    budget = Budget(10.0, started=time.monotonic() - 20.0)
    assert budget.expired() and budget.remaining() == 0.0
    assert budget.share_left(0.5) == 1.0
    assert budget.share_left(0.5, floor=2.0, cap=10.0) == 2.0


def test_a_deadline_counts_down_and_raises_once_passed() -> None:
    assert NEVER.remaining_ms() is None and not NEVER.expired()
    NEVER.check()  # no limit: never raises
    soon = NEVER.within(100.0)
    assert 99_000 < (soon.remaining_ms() or 0) <= 100_000
    assert soon.within(1000.0) == soon  # the sooner one wins
    assert Budget(10.0, started=time.monotonic() - 20.0).deadline().expired()
    past = Deadline(time.monotonic() - 1.0)
    assert past.remaining() == 0.0 and past.remaining_ms() == 0
    with pytest.raises(OutOfTime):
        past.check()


def test_a_cap_in_cpu_seconds_stretches_with_the_load(monkeypatch: pytest.MonkeyPatch) -> None:
    """The recurrent-set engine's one second (check, prove) is a second of one core: on a
    machine whose run queue holds 20 processes for 2 cores it gets 10 s of wall time, on an
    idle one 1 s; the stretch is bounded; without a load average the cap is as given."""
    budget = budget_module
    monkeypatch.setattr(budget.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(budget.os, "getloadavg", lambda: (0.5, 0.5, 0.5))
    assert budget.cpu_seconds(1.0) == 1.0
    monkeypatch.setattr(budget.os, "getloadavg", lambda: (20.0, 20.0, 20.0))
    assert budget.cpu_seconds(1.0) == 10.0
    monkeypatch.setattr(budget.os, "getloadavg", lambda: (200.0, 200.0, 200.0))
    assert budget.cpu_seconds(1.0) == budget.MAX_LOAD_FACTOR

    def no_load() -> tuple[float, float, float]:
        raise OSError("no load average")

    monkeypatch.setattr(budget.os, "getloadavg", no_load)
    assert budget.cpu_seconds(1.0) == 1.0
