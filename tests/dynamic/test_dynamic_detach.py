"""`attach` leaves the target resumed and detached whatever happens (issue 20): an interrupt
in the middle of an examination, while every thread of the target is suspended, still ends in
Dispose. The target shows it: it finishes its timed work and reports its state consistent, and
a second debugger can attach (JDWP accepts one at a time)."""

from __future__ import annotations

import time

import pytest

from jhalt.dynamic.observer import Examination, Limits
from jhalt.dynamic.session import Address, examine_at
from jhalt.errors import InputError

pytestmark = pytest.mark.jvm


def interrupt(message: str) -> None:
    raise KeyboardInterrupt  # as the CLI's SIGINT handler does, mid-examination


def attach_again(address: Address, within_s: float = 10.0) -> Examination:
    """A second attach; the agent opens its port again only a moment after a Dispose."""
    deadline = time.monotonic() + within_s
    while True:
        try:
            return examine_at(address, Limits(max_iterations=2, timeout=2))
        except InputError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def test_an_interrupted_attach_resumes_and_detaches(start_jvm) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm("TimedWork", "1.5")
    with pytest.raises(KeyboardInterrupt):
        examine_at(jvm.address, Limits(timeout=5), progress=interrupt)
    second = attach_again(jvm.address)
    assert not second.proved
    assert jvm.wait_exit(30) == 0
    assert jvm.lines[-1] == "done consistent"
