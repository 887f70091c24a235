"""Real JVMs: the seed's hanging programs are proved stuck; long-running ones never are.

Seed 003 §6 case studies (circular list / Rhino, jEdit's zero-length regex search,
Ganymede's null reader) and Fig. 1; each must be proved within 5 s of attaching.
"""

from __future__ import annotations

import time

import pytest

from jhalt.dynamic.observer import Examination, Limits
from jhalt.dynamic.session import examine_at
from jhalt.dynamic.symbolic import LocalLoc

pytestmark = pytest.mark.jvm


def _examine(jvm, timeout: float = 8.0) -> tuple[Examination, float]:  # type: ignore[no-untyped-def]
    began = time.monotonic()
    examination = examine_at(jvm.address, Limits(max_iterations=20, timeout=timeout), jvm.process)
    return examination, time.monotonic() - began


def _the_proof(examination: Examination, method_name: str):  # type: ignore[no-untyped-def]
    proved = examination.proved
    assert proved, [(v.site.method.qualified_name, v.reason) for v in examination.verdicts]
    verdict = proved[0]
    assert verdict.site.method.name == method_name
    assert verdict.site.thread_name == "main"
    return verdict


def test_circular_list_membership_is_proved_stuck(start_jvm) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm("CircularList")
    examination, seconds = _examine(jvm)
    verdict = _the_proof(examination, "find")
    assert seconds < 5.0
    # Three nodes, three different pointers: the argument needs all three paths (§2.1).
    assert len(verdict.proof.iterations) == 3
    assert verdict.proof.machine_ints  # no integer in the argument can overflow
    assert jvm.process.poll() is None  # resumed, still running (it is stuck)


def test_zero_length_regex_search_is_proved_stuck(start_jvm) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm("RegexSearch")
    examination, seconds = _examine(jvm)
    verdict = _the_proof(examination, "main")
    assert seconds < 5.0
    entered = {m for r in verdict.records for m in r.methods}
    assert any(m.startswith("java.util.regex.Matcher.find") for m in entered)


def test_reader_returning_null_forever_is_proved_stuck(start_jvm) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm("NullReader")
    examination, seconds = _examine(jvm)
    verdict = _the_proof(examination, "getNextItem")
    assert verdict.site.method.class_name == "NullReader"
    assert seconds < 5.0
    entered = {m for r in verdict.records for m in r.methods}
    assert any(m.startswith("java.io.BufferedReader.readLine") for m in entered)


def test_fig1_loop_is_stuck_only_with_unbounded_integers(start_jvm) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm("Fig1Loop")
    examination, seconds = _examine(jvm)
    verdict = _the_proof(examination, "main")
    assert seconds < 5.0
    proof = verdict.proof
    assert not proof.machine_ints  # y++ overflows after at most 2^31 iterations
    names = verdict.site.method.local_names(verdict.site.header)
    overflowing = [
        names.get(o.location.slot) for o in proof.overflows if isinstance(o.location, LocalLoc)
    ]
    assert overflowing == ["y"]
    assert proof.overflows[0].step == 1
    assert proof.overflows[0].iterations_left <= 2**31


@pytest.mark.parametrize(
    ("main", "args"),
    [
        ("LongCounter", ()),
        ("CollatzRun", ()),
        ("SpinFlag", ("60000",)),
        ("TimedWork", ("30",)),
    ],
)
def test_long_running_programs_are_never_claimed_stuck(start_jvm, main: str, args: tuple) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm(main, *args)
    examination, _ = _examine(jvm, timeout=4.0)
    assert not examination.proved, [v.reason for v in examination.verdicts]
    assert examination.verdicts  # it did look at the running loop
    assert jvm.process.poll() is None  # and resumed it


def test_spin_on_volatile_flag_is_refused_while_the_writer_lives(start_jvm) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm("SpinFlag", "60000")
    examination, _ = _examine(jvm, timeout=4.0)
    reasons = [v.reason for v in examination.verdicts if v.site.method.name == "main"]
    assert any("volatile" in r for r in reasons), reasons


def test_unproved_examination_resumes_the_program_untouched(start_jvm) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm("TimedWork", "1")
    examination, _ = _examine(jvm, timeout=2.0)
    assert not examination.proved
    assert examination.verdicts[0].records  # iterations were single-stepped
    assert jvm.wait_exit(60) == 0
    assert jvm.lines[-1] == "done consistent"


def test_interpreter_features_in_a_stuck_state_machine(start_jvm) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm("Features")
    examination, seconds = _examine(jvm)
    verdict = _the_proof(examination, "main")
    assert seconds < 5.0
    # state cycles 0 -> 1 -> 2 -> 3 -> 0: four paths, total returns to its value
    assert len(verdict.proof.iterations) == 4
    entered = {m for r in verdict.records for m in r.methods}
    assert "Features$Ring.next(I)I" in entered


def test_unknown_native_in_the_loop_is_refused(start_jvm) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm("HashSpin")
    examination, _ = _examine(jvm, timeout=3.0)
    assert not examination.proved
    reasons = " ".join(v.reason for v in examination.verdicts)
    assert "java.lang.Object.hashCode()I: not known to be pure" in reasons


def test_vm_exiting_during_the_examination_is_a_clear_error(start_jvm) -> None:  # type: ignore[no-untyped-def]
    import threading

    from jhalt.errors import InputError

    jvm = start_jvm("CollatzRun")
    threading.Timer(1.0, jvm.process.kill).start()
    began = time.monotonic()
    with pytest.raises(InputError, match="exited"):
        examine_at(jvm.address, Limits(timeout=8.0), jvm.process)
    assert time.monotonic() - began < 6.0


def test_string_constants_are_the_interned_strings(start_jvm) -> None:  # type: ignore[no-untyped-def]
    """``ldc "retries"`` pushes the interned String: the map lookup through HashMap.get and
    the identity test ``key == "retries"`` are followed exactly (issue 22)."""
    jvm = start_jvm("StringConstantLoop", "stuck")
    examination, seconds = _examine(jvm)
    verdict = _the_proof(examination, "main")
    assert verdict.proof is not None and seconds < 5.0
    entered = {m for r in verdict.records for m in r.methods}
    assert any(m.startswith("java.util.HashMap.get") for m in entered)


def test_string_constant_loop_that_counts_is_not_claimed(start_jvm) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm("StringConstantLoop", "count")
    examination, _ = _examine(jvm, timeout=3.0)
    assert not examination.stuck, [v.reason for v in examination.verdicts]
    assert jvm.process.poll() is None
