"""YES on terminating corpus programs, never YES on a non-terminating one (issue 6, "Done when").

Expected verdicts come from the programs' headers (tests/programs/README.md), which
tests/test_corpus.py checks on a real JVM."""

from __future__ import annotations

import pytest
from corpus import all_programs, compile_program

from jhalt.analyses.termination import MATHEMATICAL_INTEGERS, prove_graph_terminates
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph

MAIN = "([Ljava/lang/String;)V"

PROVED = [
    "AbsDistance", "ArrayMax", "ArrayReverseCopy", "BreakOnEmpty", "BubbleSort", "ContinueAdvances",
    "ContinueSkip", "ConvergeMinMax", "CountDown", "CountDownByVariable", "CountUp", "CounterAdvances",
    "CyclicListBounded", "DoWhileDown", "DoublingBounded", "Halving", "LabeledBreak", "Lexicographic",
    "ListTraversal", "NestedCountDown", "NestedInnerFixed", "NestedLoops", "NonLoopBounded",
    "ParallelShrink", "SwapOnce", "GcdModulo", "LoopProgress",
    # need inductive invariants (a, b >= 1; x even and >= 0) or the split by predecessor (phases)
    "GcdPositive", "EvenReachesZero", "TwoPhase",
    # integer fields of unknown objects as ITS variables; sizes of new objects bounded above;
    # division by a divisor >= 2, products of bounded values; x + y invariants
    "FieldCountDown", "FieldBoundFromList", "GrowShrinkList", "LogDivision", "SquareUntilAbove",
    "OneOfTwoFlags",
    # a remainder by a literal as a = k*q + r with an integer quotient: no run of k steps
    "RemainderRound", "RemainderRoundDown",
    # an empty argument still moves the position by Math.max(len, 1) >= 1 (issue 35's twin)
    "BackwardCountsEmpty",
]  # fmt: skip


def outcome_of(name: str):
    compiled = compile_program(name)
    program = Program.from_spec(str(compiled.classes_dir))
    graph = build_graph(
        program,
        MethodId(compiled.main_class, "main", MAIN),
        default_registry(),
        limits=BuildLimits(timeout_s=20),
    )
    return prove_graph_terminates(graph, program)


@pytest.mark.parametrize("name", PROVED)
def test_terminating_program_is_proved_with_named_ranking_functions(name):
    outcome = outcome_of(name)
    assert outcome.proved, outcome.reason
    assert MATHEMATICAL_INTEGERS in outcome.assumptions
    for loop in outcome.loops:
        assert loop.method.startswith(name)
        for head in loop.heads:
            assert head.line is not None


def test_proof_names_source_variables():
    outcome = outcome_of("CountDown")
    assert outcome.proved
    (loop,) = outcome.loops
    (head,) = loop.heads
    assert head.ranking == ("n",)  # n decreases by one while positive
    assert outcome.to_json()["loops"][0]["heads"][0]["ranking"] == ["n"]


def test_list_traversal_is_ranked_by_the_size_of_the_list():
    outcome = outcome_of("ListTraversal")
    assert outcome.proved
    rankings = [r for loop in outcome.loops for head in loop.heads for r in head.ranking]
    assert "size(cur)" in rankings


def test_a_field_of_the_current_node_ranks_the_inner_phase():
    outcome = outcome_of("FieldCountDown")
    assert outcome.proved
    rankings = [r for loop in outcome.loops for head in loop.heads for r in head.ranking]
    assert "cur.val" in rankings and "size(cur)" in rankings


def test_invariants_are_reported_with_the_proof():
    outcome = outcome_of("GcdPositive")
    assert outcome.proved
    (loop,) = outcome.loops
    facts = [fact.split(": ", 1)[1] for fact in loop.invariants]
    # a and b are the ITS variables of locals 1 and 2 at the head; both stay >= 1
    head = loop.heads[0]
    a_ref = next(ref for ref, name in head.variables.items() if name == "a")
    b_ref = next(ref for ref, name in head.variables.items() if name == "b")
    assert f"1 <= {a_ref}" in facts and f"1 <= {b_ref}" in facts


def test_a_remainder_loop_is_proved_by_a_bounded_number_of_steps():
    outcome = outcome_of("RemainderRound")
    assert outcome.proved
    (loop,) = outcome.loops
    (head,) = loop.heads
    # x % 3 goes 1 -> 2 -> 0 at most: no three consecutive iterations exist
    assert head.ranking == ("bounded: at most 2 steps in a row",)
    kinds = [step["kind"] for step in loop.to_json()["proof"]["steps"]]
    assert kinds[-1] == "bounded-run"


NONTERMINATING = [p.name for p in all_programs() if p.expectation.verdict.name == "NONTERM"]


@pytest.mark.parametrize("name", NONTERMINATING)
def test_non_terminating_program_is_never_proved(name):
    outcome = outcome_of(name)
    assert not outcome.proved
