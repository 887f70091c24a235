"""`attach` leaves the target resumed and detached whatever happens (issue 20): an interrupt
in the middle of an examination, while every thread of the target is suspended, still ends in
Dispose. The target shows it: it finishes its timed work and reports its state consistent, and
a second debugger can attach (JDWP accepts one at a time)."""

from __future__ import annotations

import pytest

from jhalt.dynamic.observer import Limits
from jhalt.dynamic.session import examine_at

pytestmark = pytest.mark.jvm


def interrupt(message: str) -> None:
    raise KeyboardInterrupt  # as the CLI's SIGINT handler does, mid-examination


def test_an_interrupted_attach_resumes_and_detaches(start_jvm) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm("TimedWork", "1.5")
    with pytest.raises(KeyboardInterrupt):
        examine_at(jvm.address, Limits(timeout=5), progress=interrupt)
    second = examine_at(jvm.address, Limits(max_iterations=2, timeout=2))
    assert not second.proved
    assert jvm.wait_exit(30) == 0
    assert jvm.lines[-1] == "done consistent"
