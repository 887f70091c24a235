"""Recursive programs (issue 14): YES with a ranking per call cycle, NO for infinite
recursion with a witness that the JVM confirms by a stack overflow whose depth grows with
``-Xss``, and never NO for deep but finite recursion.

Expected verdicts come from the programs' headers (tests/programs, ``Rec*``), which
tests/test_corpus.py checks on a real JVM."""

from __future__ import annotations

import pytest
from corpus import Verdict, all_programs, compile_program
from nonterm_testkit import prove as prove_nontermination

from jhalt.analyses.termination import prove_graph_terminates
from jhalt.findings import NON_TERMINATION
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.witness.inputs import args_inputs
from jhalt.witness.replay import Claim, replay

MAIN = "([Ljava/lang/String;)V"
RECURSIVE = [p for p in all_programs() if p.name.startswith("Rec")]
TERMINATING = [p.name for p in RECURSIVE if p.expectation.verdict is Verdict.TERMINATES]
INFINITE = [
    p.name
    for p in RECURSIVE
    if p.expectation.stackoverflow and not p.name.startswith("RecLoopDeepens")
]
"""Infinite recursions (the loops whose calls only get deeper: test_deepening_calls.py)."""

PROVED = [
    "RecFactorial", "RecFibonacci", "RecAckermann", "RecEvenOdd", "RecListReverse",
    "RecBinarySearch", "RecMergeSort", "RecVirtualDepth", "RecPower", "RecHanoi",
    "RecLoopInside", "RecSumDigits", "RecRightBase", "RecDeepFinite", "RecDeepBounce",
    "RecGcd", "RecListLength", "RecBuildSum", "RecCtorChain", "RecLengthsLoop",
    "RecCopyShrinks", "RecDropChunks", "RecNestShrinks", "RecKeepsOther", "RecPartitionSort",
    "RecResetCount", "RecCopyDiv", "RecMirrorBuilt", "RecWrapChildren", "RecGraftDrain",
    "RecSpineLength", "RecInsertSorted", "RecShuffleReverse", "RecGrowLeaves", "RecWalkLogs",
]  # fmt: skip
"""Terminating recursive programs jhalt proves today (a regression list)."""


def _outcome(name: str):
    compiled = compile_program(name)
    program = Program.from_spec(str(compiled.classes_dir))
    graph = build_graph(
        program,
        MethodId(compiled.main_class, "main", MAIN),
        default_registry(),
        limits=BuildLimits(timeout_s=20),
    )
    return graph, prove_graph_terminates(graph, program)


def test_the_corpus_has_enough_recursive_programs() -> None:
    assert len(RECURSIVE) >= 20
    assert len(INFINITE) >= 3
    assert set(PROVED) <= set(TERMINATING)


@pytest.mark.parametrize("name", PROVED)
def test_terminating_recursion_is_proved(name: str) -> None:
    graph, outcome = _outcome(name)
    assert graph.is_complete
    assert any(label.enters_call for _, label, _ in graph.eval_edges())
    assert outcome.proved, outcome.reason


@pytest.mark.parametrize("name", INFINITE)
def test_infinite_recursion_is_never_proved_terminating(name: str) -> None:
    _, outcome = _outcome(name)
    assert not outcome.proved


@pytest.mark.parametrize("name", INFINITE)
def test_infinite_recursion_is_no_and_the_jvm_overflows_deeper_with_a_larger_stack(
    name: str,
) -> None:
    compiled = compile_program(name)
    search = prove_nontermination(str(compiled.classes_dir), compiled.main_class)
    assert search.result is not None, search.reasons
    result = search.result
    assert result.loop.recursive
    assert result.witness.args is not None
    claim = Claim(NON_TERMINATION.name, result.loop.method, result.loop.lines, recursive=True)
    entry = MethodId(compiled.main_class, "main", MAIN)
    replayed = replay(str(compiled.classes_dir), entry, args_inputs(result.witness.args), claim)
    assert replayed.confirmed, replayed.detail
    assert "depth grows with the stack size" in replayed.detail


@pytest.mark.parametrize("name", ["RecDeepFinite", "RecDeepBounce", "RecRightBase"])
def test_deep_finite_recursion_never_gets_no(name: str) -> None:
    compiled = compile_program(name)
    search = prove_nontermination(str(compiled.classes_dir), compiled.main_class)
    assert search.result is None, search.result.explanation()


def test_a_finite_recursion_that_overflows_is_not_confirmed_as_infinite() -> None:
    """RecDeepFinite overflows a small stack, but its depth does not grow with -Xss beyond
    100000 frames: the judgement must not call it infinite."""
    compiled = compile_program("RecDeepFinite")
    entry = MethodId(compiled.main_class, "main", MAIN)
    claim = Claim(NON_TERMINATION.name, MethodId(compiled.main_class, "down", "(I)I"), None, True)
    replayed = replay(str(compiled.classes_dir), entry, args_inputs(()), claim)
    assert not replayed.confirmed


@pytest.mark.parametrize(
    ("name", "calls"),
    [
        ("RecForever", {"spin": 8}),  # spin(n) calls itself at line 8
        ("RecMutualForever", {"ping": 8, "pong": 12}),  # ping → pong at 8, pong → ping at 12
    ],
)
def test_an_infinite_recursion_names_the_call_by_which_it_recurses(
    name: str, calls: dict[str, int]
) -> None:
    # where the JVM's StackOverflowError trace points frame after frame, and where `check`
    # locates the finding
    compiled = compile_program(name)
    search = prove_nontermination(str(compiled.classes_dir), compiled.main_class)
    assert search.result is not None, search.reasons
    loop = search.result.loop
    assert loop.recursive and loop.call is not None
    assert loop.call[1] == calls[loop.method.name]
