"""The time budget of one run (`jhalt.budget`): shares of the whole and of what is left."""

from __future__ import annotations

import time

from jhalt.budget import Budget


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
