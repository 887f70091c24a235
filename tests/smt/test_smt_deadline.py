"""The wall-clock deadline of a solver call (`SmtConfig.deadline`, issue 20): z3 stops at it
and answers unknown, which the callers read as "no proof"; without a deadline the answers
are those of the deterministic resource limit."""

from __future__ import annotations

import time

import z3

from jhalt.budget import NEVER, Deadline
from jhalt.its import ge, gt, var
from jhalt.smt.encode import Domain
from jhalt.smt.entailment import Validity, check_entailment
from jhalt.smt.session import SatAnswer, SmtConfig, SmtSession

HUGE_RLIMIT = 10**12
"""So large that only the deadline can stop a hard check within the test's time."""


def _hard(session: SmtSession) -> None:
    a, b, c = z3.Ints("a b c")
    session.add(a * a * a + b * b * b + c * c * c == 33, a > 1000)  # open for z3 for minutes


def test_a_check_after_the_deadline_answers_unknown_without_running_z3() -> None:
    session = SmtSession(SmtConfig(deadline=Deadline(time.monotonic() - 1.0)))
    session.add(z3.Int("a") == 1)  # trivially satisfiable: only the deadline says unknown
    started = time.monotonic()
    assert session.check() is SatAnswer.UNKNOWN
    assert session.reason_unknown() == "timeout"
    assert time.monotonic() - started < 0.1


def test_a_hard_check_stops_at_an_almost_expired_deadline() -> None:
    session = SmtSession(SmtConfig(HUGE_RLIMIT, NEVER.within(0.3)))
    _hard(session)
    started = time.monotonic()
    assert session.check() is SatAnswer.UNKNOWN
    assert time.monotonic() - started < 2.0


def test_the_deadline_turns_a_valid_entailment_into_unknown_never_into_invalid() -> None:
    x = var("x")
    premises, goal = [gt(x, 3)], ge(x, 0)  # x > 3 => x >= 0 holds
    assert check_entailment(premises, goal, Domain.INTEGER).validity is Validity.VALID
    expired = SmtConfig(deadline=Deadline(time.monotonic()))
    result = check_entailment(premises, goal, Domain.INTEGER, expired)
    assert result.validity is Validity.UNKNOWN


def test_plenty_of_time_keeps_the_answer_of_the_resource_limit() -> None:
    a = z3.Int("a")
    for config in (SmtConfig(), SmtConfig(deadline=NEVER.within(3600.0))):
        session = SmtSession(config)
        session.add(a > 3, a < 5)
        assert session.check() is SatAnswer.SAT
        assert session.model().eval(a).as_long() == 4
