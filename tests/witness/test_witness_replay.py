"""Replaying witnesses on a real JVM: positive cases and the negative cases that must not be
confirmed (issues 4 and 5). Every replay of this module runs once, in parallel threads; the
tests then inspect the results."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from witness_kit import (
    ARGS_FAULT,
    ARGS_LOOP,
    ARITH,
    CHECK,
    COMPUTE,
    EXACT,
    INNER,
    INNER_SPIN,
    LENGTH,
    NPE,
    OUTER,
    OUTER_LOOP,
    PICK,
    PROBE,
    RATIO,
    SPIN_MAIN,
    SWEEP,
    Prefetcher,
    exact_inputs,
    graph,
    hidden_inputs,
    line,
    links,
    needs_jdk,
    null_value_cell,
    pair_inputs,
    parametrized_order,
    program_classes,
    span,
    statics_inputs,
)

from jhalt.findings import NON_TERMINATION, Finding, Replay, SourceLocation, Witness
from jhalt.ids import MethodId
from jhalt.witness.inputs import ArrayInput, ConcreteInputs, IntInput, Ref, args_inputs
from jhalt.witness.replay import Claim, ReplayResult, find_jdk, replay, replay_finding

pytestmark = [needs_jdk, pytest.mark.jvm]

HANG_WAIT_S = 2.5
EXCEPTION_TIMEOUT_S = 30.0


def exception(kind: str, method: MethodId, file: str, marker: str | None) -> Claim:
    lines = None if marker is None else (line(file, marker),) * 2
    return Claim(kind, method, lines)


def hang(method: MethodId, lines: tuple[int, int] | None = None) -> Claim:
    return Claim(NON_TERMINATION.name, method, lines)


LENGTH_LOOP = ("CyclicList.java", "length-loop-start", "length-loop-end")
SPIN_LOOP = ("Spin.java", "spin-start", "spin-end")
ARGS_LOOP_LINES = ("ArgsLoop.java", "args-loop-start", "args-loop-end")

# name -> (entry, inputs, claim, timeout); built lazily so that a broken scenario fails one test
SCENARIOS: dict[str, Callable[[], tuple[MethodId, ConcreteInputs, Claim, float]]] = {
    "shared_npe": lambda: (
        PROBE,
        graph(shared=True),
        exception(NPE, PROBE, "SharedGraph.java", "probe-npe"),
        EXCEPTION_TIMEOUT_S,
    ),
    "unshared_graph": lambda: (
        PROBE,
        graph(shared=False),
        exception(NPE, PROBE, "SharedGraph.java", "probe-npe"),
        EXCEPTION_TIMEOUT_S,
    ),
    "wrong_type": lambda: (
        PROBE,
        graph(shared=True),
        exception(ARITH, PROBE, "SharedGraph.java", None),
        EXCEPTION_TIMEOUT_S,
    ),
    "wrong_line": lambda: (
        PROBE,
        graph(shared=True),
        Claim(NPE, PROBE, (line("SharedGraph.java", "probe-npe") - 1,) * 2),
        EXCEPTION_TIMEOUT_S,
    ),
    "thrown_in_callee_claimed_in_caller": lambda: (
        OUTER,
        null_value_cell(),
        exception(NPE, OUTER, "SharedGraph.java", "outer-call"),
        EXCEPTION_TIMEOUT_S,
    ),
    "thrown_in_callee_claimed_there": lambda: (
        OUTER,
        null_value_cell(),
        exception(NPE, INNER, "SharedGraph.java", "inner-npe"),
        EXCEPTION_TIMEOUT_S,
    ),
    "cyclic_sweep": lambda: (
        SWEEP,
        links(cyclic=True),
        exception("java.lang.IllegalStateException", SWEEP, "CyclicList.java", "sweep-throw"),
        EXCEPTION_TIMEOUT_S,
    ),
    "cyclic_length_hangs": lambda: (
        LENGTH,
        links(cyclic=True),
        hang(LENGTH, span(*LENGTH_LOOP)),
        HANG_WAIT_S,
    ),
    "acyclic_length_terminates": lambda: (
        LENGTH,
        links(cyclic=False),
        hang(LENGTH),
        HANG_WAIT_S,
    ),
    "aioobe": lambda: (
        PICK,
        ConcreteInputs(
            arguments=(Ref("d"), IntInput(1)),
            heap=(("d", ArrayInput("I", (IntInput(5), IntInput(6)))),),
        ),
        exception("java.lang.ArrayIndexOutOfBoundsException", PICK, "Arrays2.java", "pick"),
        EXCEPTION_TIMEOUT_S,
    ),
    "exact_values": lambda: (
        EXACT,
        exact_inputs(shared_rows=True),
        exception(ARITH, EXACT, "Arrays2.java", "exact"),
        EXCEPTION_TIMEOUT_S,
    ),
    "exact_values_rows_not_shared": lambda: (
        EXACT,
        exact_inputs(shared_rows=False),
        exception(ARITH, EXACT, "Arrays2.java", None),
        EXCEPTION_TIMEOUT_S,
    ),
    "private_constructor_final_fields": lambda: (
        RATIO,
        pair_inputs(),
        exception(ARITH, RATIO, "Pair.java", "ratio"),
        EXCEPTION_TIMEOUT_S,
    ),
    "packaged_private_method": lambda: (
        CHECK,
        hidden_inputs(),
        exception("java.lang.UnsupportedOperationException", CHECK, "Hidden.java", "check"),
        EXCEPTION_TIMEOUT_S,
    ),
    "static_preconditions": lambda: (
        COMPUTE,
        statics_inputs(zero_divisor=True),
        exception(ARITH, COMPUTE, "Statics.java", "compute"),
        EXCEPTION_TIMEOUT_S,
    ),
    "static_preconditions_missing": lambda: (
        COMPUTE,
        statics_inputs(zero_divisor=False),
        exception(ARITH, COMPUTE, "Statics.java", None),
        EXCEPTION_TIMEOUT_S,
    ),
    "args_hang": lambda: (
        ARGS_LOOP,
        args_inputs([""]),
        hang(ARGS_LOOP, span(*ARGS_LOOP_LINES)),
        HANG_WAIT_S,
    ),
    "args_terminate": lambda: (
        ARGS_LOOP,
        args_inputs(["a"]),
        hang(ARGS_LOOP),
        4.0,
    ),
    "args_hang_claimed_as_exception": lambda: (
        ARGS_LOOP,
        args_inputs([""]),
        exception(NPE, ARGS_LOOP, "ArgsLoop.java", None),
        HANG_WAIT_S,
    ),
    "args_fault_ascii": lambda: (
        ARGS_FAULT,
        args_inputs(["abc"]),
        exception("java.lang.IllegalStateException", ARGS_FAULT, "ArgsFault.java", "three"),
        EXCEPTION_TIMEOUT_S,
    ),
    "args_fault_unicode": lambda: (
        ARGS_FAULT,
        args_inputs(["\u00e9t\u00e9"]),
        exception("java.lang.IllegalArgumentException", ARGS_FAULT, "ArgsFault.java", "summer"),
        EXCEPTION_TIMEOUT_S,
    ),
    "hang_in_callee_claimed_in_caller": lambda: (
        SPIN_MAIN,
        args_inputs([]),
        hang(OUTER_LOOP),
        HANG_WAIT_S,
    ),
    "hang_claimed_where_it_is": lambda: (
        SPIN_MAIN,
        args_inputs([]),
        hang(INNER_SPIN, span(*SPIN_LOOP)),
        HANG_WAIT_S,
    ),
    "hang_outside_claimed_lines": lambda: (
        SPIN_MAIN,
        args_inputs([]),
        hang(INNER_SPIN, span("Spin.java", "outer-start", "outer-end")),
        HANG_WAIT_S,
    ),
    "constructor_entry": lambda: (
        GUARDED_INIT,
        ConcreteInputs(arguments=(IntInput(-1),)),
        exception(NEGATIVE_SIZE, GUARDED_INIT, "Guarded.java", "init"),
        EXCEPTION_TIMEOUT_S,
    ),
    "constructor_entry_fine": lambda: (
        GUARDED_INIT,
        ConcreteInputs(arguments=(IntInput(2),)),
        exception(NEGATIVE_SIZE, GUARDED_INIT, "Guarded.java", None),
        EXCEPTION_TIMEOUT_S,
    ),
    "static_initialiser_entry": lambda: (
        BOOT_CLINIT,
        ConcreteInputs(),
        exception(NEGATIVE_SIZE, BOOT_CLINIT, "Guarded.java", "clinit"),
        EXCEPTION_TIMEOUT_S,
    ),
}

NEGATIVE_SIZE = "java.lang.NegativeArraySizeException"
GUARDED_INIT = MethodId("Guarded", "<init>", "(I)V")
BOOT_CLINIT = MethodId("Boot", "<clinit>", "()V")


@pytest.fixture(scope="module")
def outcomes(request) -> Prefetcher:
    classpath = program_classes()

    def run(name: str) -> ReplayResult:
        entry, inputs, claim, timeout = SCENARIOS[name]()
        return replay(classpath, entry, inputs, claim, timeout_s=timeout)

    runner = Prefetcher(run, parametrized_order(request, list(SCENARIOS)))
    yield runner
    runner.close()


def outcome(outcomes: Prefetcher, name: str) -> ReplayResult:
    return outcomes.result(name)


CONFIRMED = [
    "shared_npe",
    "thrown_in_callee_claimed_there",
    "cyclic_sweep",
    "cyclic_length_hangs",
    "aioobe",
    "exact_values",
    "private_constructor_final_fields",
    "packaged_private_method",
    "static_preconditions",
    "args_hang",
    "args_fault_ascii",
    "args_fault_unicode",
    "hang_claimed_where_it_is",
    "constructor_entry",
    "static_initialiser_entry",
]
UNCONFIRMED = sorted(set(SCENARIOS) - set(CONFIRMED))


@pytest.mark.parametrize("name", CONFIRMED)
def test_witness_is_confirmed(outcomes, name: str) -> None:
    result = outcome(outcomes, name)
    assert result.status is Replay.CONFIRMED, result.detail


@pytest.mark.parametrize("name", UNCONFIRMED)
def test_witness_is_not_confirmed(outcomes, name: str) -> None:
    result = outcome(outcomes, name)
    assert result.status is Replay.UNCONFIRMED, result.detail


def test_confirmed_exception_reports_type_and_frame(outcomes) -> None:
    result = outcome(outcomes, "shared_npe")
    assert result.exception == NPE
    assert result.top_frame.class_name == "SharedGraph" and result.top_frame.method == "probe"
    assert result.top_frame.line == line("SharedGraph.java", "probe-npe")


def test_negative_results_say_what_was_seen(outcomes) -> None:
    assert outcome(outcomes, "wrong_type").exception == NPE
    callee = outcome(outcomes, "thrown_in_callee_claimed_in_caller")
    assert callee.exception == NPE and callee.top_frame.method == "inner"
    assert "exit code 0" in outcome(outcomes, "unshared_graph").detail
    assert "terminated" in outcome(outcomes, "args_terminate").detail
    assert "still running" in outcome(outcomes, "args_hang_claimed_as_exception").detail
    spinning = outcome(outcomes, "hang_in_callee_claimed_in_caller")
    assert spinning.top_frame.method == "innerSpin"


def test_main_args_run_without_a_reproducer(outcomes) -> None:
    direct = outcome(outcomes, "args_fault_ascii")
    assert direct.command[-2:] == ("ArgsFault", "abc")
    # non-ASCII arguments cannot pass through argv faithfully: the reproducer is compiled
    unicode = outcome(outcomes, "args_fault_unicode")
    assert unicode.command[-1].startswith("Reproduce_ArgsFault_main")


def test_hang_is_confirmed_by_a_thread_dump(outcomes) -> None:
    result = outcome(outcomes, "args_hang")
    assert "at ArgsLoop.main(ArgsLoop.java:" in result.thread_dump
    low, high = span(*ARGS_LOOP_LINES)
    assert low <= result.top_frame.line <= high


def test_replay_of_a_finding_updates_its_witness() -> None:
    location = SourceLocation(ARGS_LOOP, 0, "ArgsLoop.java", line(*ARGS_LOOP_LINES[:2]))
    finding = Finding(NON_TERMINATION.name, "loops", location, ARGS_LOOP, Witness(args=("x", "")))
    result = replay_finding(finding, program_classes(), timeout_s=HANG_WAIT_S)
    assert result.status is Replay.CONFIRMED, result.detail
    updated = result.applied_to(finding.witness)
    assert updated.replay is Replay.CONFIRMED and updated.to_json()["replay"] == "confirmed"
    with_inputs = Finding(
        NPE,
        "npe",
        SourceLocation(PROBE, 0, None, None),
        PROBE,
        Witness(inputs=graph(shared=True).to_json()),
    )
    assert replay_finding(with_inputs, program_classes()).status is Replay.CONFIRMED


def test_no_jdk_means_not_run(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("JAVA_HOME", raising=False)
    assert find_jdk() is None
    result = replay("unused", PROBE, graph(True), Claim(NPE, PROBE))
    assert result.status is Replay.NOT_RUN and "no JDK found" in result.detail


def test_inputs_that_do_not_fit_are_not_run() -> None:
    result = replay(program_classes(), PROBE, ConcreteInputs(), Claim(NPE, PROBE))
    assert result.status is Replay.NOT_RUN and "no reproducer" in result.detail
