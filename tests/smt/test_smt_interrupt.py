"""Ctrl-C during a z3 check (`jhalt.smt.session.raise_if_interrupted`): z3 swallows the SIGINT
and answers unknown; the session turns that back into a KeyboardInterrupt, at once."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest
import z3

from jhalt.smt.session import SmtConfig, SmtSession

HUGE_RLIMIT = 10**12


def test_a_sigint_during_a_hard_check_raises_keyboard_interrupt_at_once() -> None:
    session = SmtSession(SmtConfig(HUGE_RLIMIT))  # no deadline: only the signal can stop it
    a, b, c = z3.Ints("a b c")
    session.add(a * a * a + b * b * b + c * c * c == 33, a > 1000)
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        session.check()
    assert time.monotonic() - started < 5.0
    timer.join()


def test_an_unknown_for_another_reason_is_no_interrupt() -> None:
    session = SmtSession(SmtConfig(rlimit=1))  # the resource limit stops the check
    x = z3.Int("x")
    session.add(x * x * x == 27)
    assert session.check().name in ("UNKNOWN", "SAT")  # no exception
