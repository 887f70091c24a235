"""Loops that call a recursive method whose depth grows with every iteration (issue 14,
TerminatorRec04): NO when the callee never completes abruptly and changes nothing
(`nontermination/calls.py`), with the passed calls named in the proof and re-checked by
`verify`, and a JVM replay judged by `jhalt.witness.deepening`; look-alikes whose callee
throws, or whose loop variable shrinks, never get NO.

Expected verdicts come from the programs' headers (tests/programs, ``RecLoopDeep*``), which
tests/test_corpus.py checks on a real JVM."""

from __future__ import annotations

import dataclasses

import pytest
from corpus import Verdict, compile_program, load_program
from nonterm_testkit import TEST_CONFIG, prove, registry

from jhalt.analyses.check import nontermination_finding
from jhalt.analyses.nontermination.calls import passed_calls
from jhalt.findings import NON_TERMINATION
from jhalt.ids import MethodId
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.witness.deepening import LoopClaim, scan
from jhalt.witness.inputs import args_inputs
from jhalt.witness.replay import Claim, find_jdk, replay
from jhalt.witness.stacks import StackFrame
from jhalt.witness.validate import finding_claim

MAIN = "([Ljava/lang/String;)V"
DEEPENING = ["RecLoopDeepens", "RecLoopDeepensPair"]
LOOK_ALIKES = ["RecLoopDeepThrows", "RecLoopDeepGuard", "RecLoopDeepShrinks"]
QUICK = dataclasses.replace(TEST_CONFIG, timeout_s=2.0)


def test_the_programs_mean_what_the_tests_say() -> None:
    for name in DEEPENING:
        expectation = load_program(name).expectation
        assert expectation.verdict is Verdict.NONTERM and expectation.stackoverflow
    for name in LOOK_ALIKES:
        assert load_program(name).expectation.verdict is Verdict.TERMINATES


@pytest.mark.parametrize("name", DEEPENING)
def test_a_loop_with_deepening_calls_is_no_and_names_the_passed_call(name: str) -> None:
    compiled = compile_program(name)
    search = prove(str(compiled.classes_dir), name)
    assert search.result is not None, search.reasons
    result = search.result
    assert result.kind == "non-looping"
    assert not result.loop.recursive  # the loop is in main; the recursion is the callee's
    assert [m.name for m in result.loop.calls] == [result.passed_calls[0].callee.name]
    passed = result.evidence_data["passed_calls"]
    assert passed and "never completes abruptly" in passed[0]["why"]
    assert result.verify()
    assert any("unbounded stack" in a for a in result.assumed())
    assert result.overflow_note and "mathematical integers" in result.overflow_note


def test_a_check_finding_carries_the_calls_to_its_replay_claim() -> None:
    result = prove(str(compile_program("RecLoopDeepens").classes_dir), "RecLoopDeepens").result
    assert result is not None
    finding = nontermination_finding(MethodId("RecLoopDeepens", "main", MAIN), result)
    assert finding.calls == result.loop.calls
    assert finding.to_json()["calls"] == ["RecLoopDeepens.down(I)V"]
    assert finding_claim(finding).calls == result.loop.calls


def test_the_recheck_fails_on_a_graph_where_the_callee_may_throw() -> None:
    """The re-check reads the graph again: on the graph of a look-alike whose callee throws,
    the same call (by position) cannot be re-verified."""
    good = prove(str(compile_program("RecLoopDeepens").classes_dir), "RecLoopDeepens").result
    assert good is not None
    call = good.passed_calls[0]
    assert call.recheck()
    bad_graph = _graph("RecLoopDeepThrows")
    enter = next(t for s, label, t in bad_graph.edges if getattr(label, "enters_call", False))
    forged = dataclasses.replace(call, graph=bad_graph, enter=enter)
    assert not forged.recheck()


def _graph(name: str):
    compiled = compile_program(name)
    program = Program.from_spec(str(compiled.classes_dir))
    entry = MethodId(name, "main", MAIN)
    return build_graph(program, entry, registry(), BuildLimits(timeout_s=10))


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_look_alikes_never_get_no(name: str) -> None:
    compiled = compile_program(name)
    search = prove(str(compiled.classes_dir), name, config=QUICK)
    assert search.result is None, search.result.explanation()


def test_a_callee_that_may_throw_deep_down_is_not_passed() -> None:
    """The call is refused by the graph itself (not by the search's time): the throw at
    depth 1000 is an edge of the callee's runs."""
    graph = _graph("RecLoopDeepThrows")
    in_main = [  # main's states, the first (inlined) activation of down among them
        node
        for node, state in graph.states.items()
        if state.frames and state.frames[-1].position.method.name == "main"
    ]
    passed, refused = passed_calls(graph, in_main)
    assert not passed
    assert any("may complete abruptly" in reason for reason in refused), refused


def _frame(method: str, line: int) -> StackFrame:
    return StackFrame("P", method, "P.java", line, None)


def test_the_stack_shape_is_checked_frame_by_frame() -> None:
    claim = LoopClaim(MethodId("P", "main", MAIN), (4, 6), (MethodId("P", "f", "(I)V"),))
    shape = scan([_frame("f", 12)] * 3 + [_frame("main", 5)], claim)
    assert not isinstance(shape, str) and shape.depth == 3
    assert isinstance(scan([_frame("f", 12), _frame("main", 9)], claim), str)  # outside the loop
    assert isinstance(scan([_frame("g", 1), _frame("main", 5)], claim), str)  # another method
    assert isinstance(scan([_frame("f", 12)], claim), str)  # no loop frame


@pytest.mark.skipif(find_jdk() is None, reason="no JDK")
def test_the_jvm_confirms_the_deepening_calls() -> None:
    compiled = compile_program("RecLoopDeepens")
    result = prove(str(compiled.classes_dir), "RecLoopDeepens").result
    assert result is not None and result.witness.args is not None
    claim = Claim(
        NON_TERMINATION.name, result.loop.method, result.loop.lines, calls=result.loop.calls
    )
    entry = MethodId("RecLoopDeepens", "main", MAIN)
    replayed = replay(
        str(compiled.classes_dir), entry, args_inputs(result.witness.args), claim, timeout_s=4
    )
    assert replayed.confirmed, replayed.detail
    assert "the depth grows with the stack size" in replayed.detail
    assert "still running" in replayed.detail


@pytest.mark.skipif(find_jdk() is None, reason="no JDK")
def test_the_jvm_does_not_confirm_a_look_alike_that_ends() -> None:
    """RecLoopDeepThrows ends with IllegalStateException: claimed as a deepening loop, the
    replay must not confirm it."""
    compiled = compile_program("RecLoopDeepThrows")
    entry = MethodId("RecLoopDeepThrows", "main", MAIN)
    calls = (MethodId("RecLoopDeepThrows", "down", "(I)V"),)
    claim = Claim(NON_TERMINATION.name, entry, (15, 17), calls=calls)
    replayed = replay(str(compiled.classes_dir), entry, args_inputs(("a",)), claim, timeout_s=4)
    assert not replayed.confirmed, replayed.detail
