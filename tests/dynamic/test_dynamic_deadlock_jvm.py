"""Deadlocks proved from the waits-for graph (issue 22); look-alikes are never claimed.

Expected lines come from the programs' sources: DeadlockMonitors takes its first monitor
on line 11 and waits for the second on line 19; DeadlockLocks waits in lock() on line 20.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jdks import java_params

from jhalt.cli.main import main
from jhalt.dynamic.observer import Examination, Limits
from jhalt.dynamic.session import examine_at

pytestmark = pytest.mark.jvm


def _examine(jvm, timeout: float = 4.0) -> Examination:  # type: ignore[no-untyped-def]
    return examine_at(jvm.address, Limits(timeout=timeout), jvm.process)


def test_opposite_order_synchronized_blocks_are_a_deadlock(start_jvm) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm("DeadlockMonitors", settle=0.0)
    examination = _examine(jvm)
    assert examination.stuck and not examination.proved
    [deadlock] = examination.deadlocks
    assert {w.thread_name for w in deadlock.waits} == {"left", "right"}
    for wait, taken in zip(deadlock.waits, deadlock.taken_at):
        assert wait.kind == "monitor" and wait.lock_type == "java/lang/Object"
        assert wait.waits_at is not None and wait.waits_at.line == 19
        assert taken is not None and taken.line == 11
    first, second = deadlock.waits
    assert first.owner == second.thread and second.owner == first.thread
    assert deadlock.assumptions == ()


def test_reentrant_lock_order_inversion_is_a_deadlock(start_jvm, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm("DeadlockLocks", settle=0.0)
    out = tmp_path / "report.json"
    code = main(["attach", str(jvm.address.port), "--format", "json", "--out", str(out)])
    assert code == 1
    report = json.loads(out.read_text())
    assert report["stuck"] is True
    [deadlock] = report["deadlocks"]
    threads = {t["thread"]: t for t in deadlock["threads"]}
    assert set(threads) == {"transfer-1", "transfer-2"}
    assert threads["transfer-1"]["owner"] == "transfer-2"
    for entry in threads.values():
        assert entry["kind"] == "lock" and "ReentrantLock" in entry["waits_for"]
        assert entry["waits_at"]["line"] == 20
        assert entry["waits_at"]["source_file"] == "DeadlockLocks.java"
    assert jvm.process.poll() is None  # attach leaves the program (deadlocked) running


def test_timed_lock_waits_in_a_cycle_are_not_a_deadlock(start_jvm) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm("TimedLockBackoff", "2000", settle=0.0)
    examination = _examine(jvm, timeout=2.0)
    assert not examination.stuck
    assert jvm.wait_exit(30) == 0  # the timeouts break the cycle: it was no deadlock
    assert jvm.lines[-1] == "finished"


def test_brief_contention_in_one_order_is_not_a_deadlock(start_jvm) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm("BriefContention", "3")
    examination = _examine(jvm, timeout=2.0)
    assert not examination.stuck
    assert jvm.wait_exit(30) == 0
    assert jvm.lines[-1].startswith("done")


@pytest.mark.parametrize("java", java_params())
def test_lost_notify_leaves_every_thread_waiting(start_jvm, java: str) -> None:  # type: ignore[no-untyped-def]
    """Also on JDK 25: there ``Object.wait(long)`` is Java code calling the native ``wait0``,
    and JDWP's contended monitor no longer names the object waited on (JDK 23)."""
    jvm = start_jvm("LostNotify", "lost", settle=0.1, java=java)
    examination = _examine(jvm)
    [stuck] = examination.deadlocks
    assert not stuck.cycle
    kinds = {w.thread_name: w.kind for w in stuck.waits}
    assert kinds == {"main": "join", "consumer": "wait"}
    assert any("spurious wake-up" in a for a in stuck.assumptions)


def test_waiters_of_a_sleeping_producer_are_not_claimed(start_jvm) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm("SlowProducer", "2", settle=0.1)
    examination = _examine(jvm, timeout=2.0)
    assert not examination.stuck
    assert jvm.wait_exit(30) == 0
    assert jvm.lines[-1] == "done"


def test_a_waiter_a_cleaner_action_will_notify_is_not_claimed(start_jvm) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm("CleanerWakes", "3", settle=0.1)
    examination = _examine(jvm, timeout=2.0)
    assert not examination.stuck
    assert jvm.wait_exit(30) == 0
    assert jvm.lines[-1] == "done"
